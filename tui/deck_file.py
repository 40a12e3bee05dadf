"""A deck file someone names (the setup form's field, ``batallas new --deck``), read with care:
every way it can fail is one sentence, never a traceback."""

from __future__ import annotations

from pathlib import Path

from engine.i18n import _, number
from saves.paths import visible

MAX_DECK_BYTES = 16 * 1024 * 1024  # the 106 shipped cards take 40 kB


def read_deck(game, filename: str):
    """A deck file as config, or a sentence saying why it cannot be used.

    Only a regular file of bounded size is read (not a pipe or a device that never ends).
    """
    if not hasattr(game, "load_deck"):
        return None, _("{game} does not use a deck file.").format(game=game.name)
    shown = visible(filename)
    try:
        path = Path(filename)
        if not path.is_file():
            if path.is_dir():
                return None, _("Cannot read {path}: it is a folder.").format(path=shown)
            if path.exists():
                return None, _("Cannot read {path}: not a regular file.").format(path=shown)
            return None, _("Cannot read {path}: no such file.").format(path=shown)
        with path.open("rb") as f:
            data = f.read(MAX_DECK_BYTES + 1)
    except OSError as err:
        return None, _("Cannot read {path}: {reason}.").format(
            path=shown, reason=err.strerror or err
        )
    if len(data) > MAX_DECK_BYTES:
        return None, _("{path} is not a usable deck: larger than {size} MB.").format(
            path=shown, size=number(MAX_DECK_BYTES >> 20)
        )
    try:
        return game.load_deck(data.decode("utf-8")), None
    except UnicodeDecodeError:
        return None, _("{path} is not a usable deck: not UTF-8 text.").format(path=shown)
    except RecursionError:
        return None, _("{path} is not a usable deck: its lists are nested too deeply.").format(
            path=shown
        )
    except ValueError as err:
        return None, _("{path} is not a usable deck: {reason}").format(
            path=shown, reason=visible(str(err))
        )
