"""Golden save files: a file written by each schema version must keep loading forever.

``gallic_vN.json`` was written once by ``python -m tests.saves.test_golden`` (schema N). Never
regenerate an existing golden file: when the format changes, add ``gallic_v2.json`` and a
migration, and keep this one.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from engine.core import replay
from engine.registry import GAMES
from saves import migrations
from saves.record import SaveRecord, SeatInfo
from saves.store import SaveStore, encode
from tests.saves.support import random_play

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def _golden_record(schema: int) -> SaveRecord:
    """Gallic, seed 20250101, random legal moves, stopped mid-battle with Rome's exchange in."""
    game = GAMES["gallic"]
    actions = []
    state = None
    for state, seat, action in random_play(game, 20250101, random.Random(1), {"battles": 8}):
        if seat is not None:
            actions.append((seat, action))
        if len(state.battles) >= 3 and state.chosen == frozenset({0}):
            break
    return SaveRecord(
        name=f"gallic_v{schema}",
        title="Golden — Città di Alesia",
        game_id="gallic",
        players=2,
        seats=(SeatInfo("human", "Ana"), SeatInfo("bot", "Bot", "strong")),
        config={"battles": 8},
        seed=20250101,
        actions=tuple(actions),
        state=state,
        created="2025-01-01T10:00:00.000Z",
        updated="2025-01-01T10:42:00.000Z",
        rules_version=game.rules_version,
        app_version="0.1.0",
        revision=7 if schema >= 2 else 0,
    )


def test_there_is_a_golden_file_for_the_current_schema():
    versions = {json.loads(p.read_bytes())["schema_version"] for p in FILES}
    assert migrations.SCHEMA_VERSION in versions


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_file_loads(path, tmp_path):
    shutil.copy(path, tmp_path / path.name)
    store = SaveStore(tmp_path)
    record = store.load(path.stem)
    game = GAMES[record.game_id]
    assert (record.game_id, record.title, record.seed) == (
        "gallic",
        "Golden — Città di Alesia",
        20250101,
    )
    assert record.seats[1].label() == "Bot (strong)"
    assert game.outcome(record.state) is None
    assert record.state.chosen == frozenset({0})
    assert [row.name for row in store.list()] == [path.stem]
    assert record.revision == (7 if path.stem != "gallic_v1" else 0)
    if record.rules_version == game.rules_version:
        assert replay(game, record.config, record.seed, 2, list(record.actions)) == record.state


def test_golden_file_of_the_current_schema_reencodes_byte_for_byte(tmp_path):
    path = GOLDEN / f"gallic_v{migrations.SCHEMA_VERSION}.json"
    record = SaveStore(GOLDEN).load(path.stem)
    assert encode(record, GAMES["gallic"]) == path.read_bytes()


if __name__ == "__main__":
    target = GOLDEN / f"gallic_v{migrations.SCHEMA_VERSION}.json"
    if target.exists():
        raise SystemExit(f"{target} exists; golden files are written once, never regenerated")
    target.write_bytes(encode(_golden_record(migrations.SCHEMA_VERSION), GAMES["gallic"]))
    print(f"wrote {target}")
