"""Every test starts in English with no remembered language: a developer's ``LANG`` or a
language chosen in their own config never changes what a test sees."""

from __future__ import annotations

import gettext
import os

import pytest

from engine import i18n


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
