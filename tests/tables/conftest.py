"""A fresh tables folder per test."""

from __future__ import annotations

import pytest

from saves.tables import TableStore


@pytest.fixture
def tables(tmp_path):
    return TableStore(tmp_path / "tables")
