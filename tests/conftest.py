"""Every test starts in English with no remembered language: a developer's ``LANG`` or a
language chosen in their own config never changes what a test sees."""

from __future__ import annotations

import gettext
import os

import pytest
import textual._wait

from engine import i18n

# Pilot's key presses and pauses wait until the app looks idle, judged in windows of
# Textual's ``SLEEP_GRANULARITY`` (20 ms: at least two windows a key). Half of that judges
# as well here (every test also waits for the screen's messages and its bots' workers, see
# ``tests/tui/conftest.settle``) and halves the time the suite spends asleep.
textual._wait.SLEEP_GRANULARITY = 0.01
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


@pytest.fixture(autouse=True)
def english(monkeypatch, tmp_path_factory):
    monkeypatch.setenv("LANGUAGE", "en")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    if "BATALLAS_HOME" not in os.environ:
        monkeypatch.setenv("BATALLAS_HOME", str(tmp_path_factory.mktemp("home")))
    i18n.install(gettext.NullTranslations(), "en")
    yield
    i18n.install(gettext.NullTranslations(), "en")


@pytest.fixture(autouse=True)
def answers_at_once(monkeypatch):
    """Dialogs in Pilot tests (tui, tables, hosting) take an answer at once: the tests of the
    pause before a dialog answers set it themselves."""
    monkeypatch.setattr("tui.screens.dialogs.ANSWER_DELAY", 0.0)
