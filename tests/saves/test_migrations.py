"""Schema upgrades run on plain dicts before structuring; newer files are refused."""

from __future__ import annotations

import json

import pytest

from saves import migrations
from saves.record import SaveError
from saves.store import encode
from tests.saves.support import played_record

NOW = migrations.SCHEMA_VERSION
NEXT = NOW + 1


def test_current_version_passes_through_untouched(gallic):
    raw = json.loads(encode(played_record(gallic, steps=2), gallic))
    assert migrations.migrate(raw) is raw


@pytest.mark.parametrize("version", [None, "1", 0, -3, True, 1.0])
def test_missing_or_odd_version_is_not_a_save(version):
    with pytest.raises(SaveError, match="not a Batallas save"):
        migrations.migrate({"format": "batallas-save", "schema_version": version})


def test_future_version_is_refused():
    with pytest.raises(SaveError) as info:
        migrations.migrate({"schema_version": 7})
    assert info.value.reason == (
        f"saved by a newer version of Batallas (schema 7; this one reads up to {NOW})"
    )


@pytest.fixture
def schema_next(monkeypatch):
    """Pretend today's schema called the title "label" and the next one (this app) "title"."""
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", NEXT)

    def rename(raw: dict) -> dict:
        raw["title"] = raw.pop("label")
        return raw

    monkeypatch.setitem(migrations.MIGRATIONS, NOW, rename)


def test_migration_steps_run_in_order(schema_next, monkeypatch):
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", NEXT + 1)
    monkeypatch.setitem(migrations.MIGRATIONS, NEXT, lambda raw: {**raw, "seen": raw["title"]})
    original = {"schema_version": NOW, "label": "Old", "nested": {"x": [1]}}
    raw = migrations.migrate(original)
    assert raw == {
        "schema_version": NEXT + 1,
        "title": "Old",
        "seen": "Old",
        "nested": {"x": [1]},
    }
    assert original == {"schema_version": NOW, "label": "Old", "nested": {"x": [1]}}


def test_old_file_loads_through_a_migration_and_is_saved_new(schema_next, store, gallic):
    record = played_record(gallic, steps=3, title="Vecchia")
    old = json.loads(encode(record, gallic))
    old["schema_version"] = NOW
    old["label"] = old.pop("title")
    store.root.mkdir(parents=True)
    store.path("game").write_text(json.dumps(old), encoding="utf-8")

    assert store.load("game") == record
    store.save(record)
    assert json.loads(store.path("game").read_bytes())["schema_version"] == NEXT
    assert json.loads((store.root / "game.json.bak").read_bytes()) == old


def test_a_version_1_save_starts_at_revision_0(gallic):
    raw = json.loads(encode(played_record(gallic, steps=2), gallic))
    raw["schema_version"] = 1
    del raw["revision"]
    assert migrations.migrate(raw)["revision"] == 0


def test_a_missing_step_or_failing_step_is_reported(monkeypatch):
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", NEXT)
    with pytest.raises(
        SaveError, match=f"cannot upgrade a save from schema {NOW} \\(no migration\\)"
    ):
        migrations.migrate({"schema_version": NOW})

    def broken_step(raw):
        return raw["absent"]

    monkeypatch.setitem(migrations.MIGRATIONS, NOW, broken_step)
    with pytest.raises(SaveError, match=f"cannot upgrade a save from schema {NOW}: 'absent'"):
        migrations.migrate({"schema_version": NOW})
