"""Every test starts in English with no remembered language: a developer's ``LANG`` or a
language chosen in their own config never changes what a test sees. The collector runs seldom:
a worker's heap holds every test module, which a full collection would walk again and again."""

from __future__ import annotations

import gc
import gettext
import os
import time

import pytest

from engine import i18n

# Pilot tests allocate heavily (every redraw builds strips and segments): with the default
# thresholds the collector ran thousands of times per test, a third of a spectator test's CPU.
# It now runs rarely during a test, and in full between tests once a second of CPU has passed
# since the last full run, which frees the finished tests' apps without walking the heap after
# every quick engine test.
GC_THRESHOLDS = (100_000, 50, 1_000)
FULL_COLLECTION_EVERY = 1.0  # seconds of CPU
_last_full = [0.0]


def pytest_configure(config):
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session):
    """What collection loaded (every test module) stays: no collection walks it again."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    yield
    if time.process_time() - _last_full[0] > FULL_COLLECTION_EVERY:
        gc.collect()
        _last_full[0] = time.process_time()


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
