"""What the games' property tests share."""

from __future__ import annotations

import json

from saves.convert import converter_for


def json_round_trip(game, value, type_):
    """``value`` as a save file would bring it back: unstructured, through JSON text, and
    structured again with the game's converter."""
    conv = converter_for(game)
    plain = conv.unstructure(value, type_)
    return conv.structure(json.loads(json.dumps(plain, ensure_ascii=False)), type_)
