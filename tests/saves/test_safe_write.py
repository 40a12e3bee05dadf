"""A file a person names is written only as a regular file outside Batallas's own folders,
even when something is put at that path while the text is being written."""

from __future__ import annotations

import os

import pytest

from saves import safe_write
from saves.safe_write import WriteRefused, write_named_file


@pytest.mark.parametrize("planted", ["fifo", "link"])
@pytest.mark.parametrize("existed", [False, True])
def test_a_fifo_or_link_swapped_in_while_writing_is_never_replaced(
    planted, existed, tmp_path, monkeypatch
):
    target, victim = tmp_path / "record.md", tmp_path / "victim"
    victim.write_text("precious")
    if existed:
        target.write_text("an older record")
    write = safe_write.write_durably

    def write_then_swap(tmp, data):
        write(tmp, data)
        target.unlink(missing_ok=True)  # the check is done: now the path changes
        if planted == "fifo":
            os.mkfifo(target)
        else:
            target.symlink_to(victim)

    monkeypatch.setattr(safe_write, "write_durably", write_then_swap)
    with pytest.raises(WriteRefused):
        write_named_file(target, b"# Record\n", ())
    assert target.is_symlink() if planted == "link" else target.is_fifo()
    assert victim.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.md", "victim"]


def test_a_new_file_and_a_regular_file_are_written_whole(tmp_path):
    old, new = tmp_path / "old.md", tmp_path / "new.md"
    old.write_text("an older record")
    for path in (old, new):
        write_named_file(path, b"# Record\n", (tmp_path / "saves",))
        assert path.read_bytes() == b"# Record\n" and not path.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.md", "old.md"]
