"""El Álamo's cards as a player reads them: the face a card shows (corner, name, bonus
line, kind) and the detail line that spells it out in full, in the longest form that fits."""

from __future__ import annotations

from functools import lru_cache

from engine.alamo.data import (
    DECKS,
    DICKINSON,
    KIND_NAMES,
    SIDES,
    TEXANS,
    card,
)
from engine.core import HIDDEN
from engine.i18n import N_, _, pgettext
from engine.words import listing
from tui.widgets.card import CardFace, telling_part

LETTERS = {
    "leader": "L",
    "troop": "T",
    "artillery": "A",
    "equipment": "E",
    "tactic": "X",
    "morale": "M",
    "defence": "D",
}
# A Mexican card's column (the data's keys) as the card's footer, the detail line and a
# narrow leader card say it.
COLUMN_SHORT = {
    "1st": N_("1st"),
    "2nd": N_("2nd"),
    "3rd": N_("3rd"),
    "4th": N_("4th"),
    "Reserve": N_("Res."),
}
COLUMN_FULL = {
    "1st": N_("1st column"),
    "2nd": N_("2nd column"),
    "3rd": N_("3rd column"),
    "4th": N_("4th column"),
    "Reserve": N_("Reserve column"),
}
COLUMN_LEADER = {
    "1st": N_("1st col."),
    "2nd": N_("2nd col."),
    "3rd": N_("3rd col."),
    "4th": N_("4th col."),
    "Reserve": N_("Reserve"),
}

# A Mexican troop's leader on a narrow card (the detail line says it in full), then its column.
SHORT_LEADERS = {("Duque", "Castrillón"): "Duque/C", ("Santa Anna",): "S. Anna"}


def side_name(side: int) -> str:
    """ "Texans", "Mexicans" in the current language."""
    return _(SIDES[side])


def by_side(side: int, texans: str, mexicans: str) -> str:
    """The sentence for ``side``, translated: each side has its own msgid, so that every
    language agrees its words with the side in its own way."""
    return _(texans if side == TEXANS else mexicans)


def short_hints(c) -> tuple[str, ...]:
    """The bonus line for narrow cards, longest first: "+10 Bowie", "DOUBLE ×2", "1st col."."""
    if c.double:
        return (_("DOUBLE ×2"),)
    if c.leaders:
        leader = SHORT_LEADERS.get(c.leaders, "/".join(c.leaders))
        column = _(COLUMN_SHORT[c.column]) if c.column else ""
        return (f"+10 {leader}",) + ((f"+10 {column}",) if column else ())
    if c.name == DICKINSON:
        return (_("+10 per Artillery"),)
    if c.kind == "leader" and c.column:
        return (_(COLUMN_LEADER[c.column]),)
    return ()


@lru_cache(maxsize=256)
def short_title(side: int, name: str) -> str:
    """A narrow card's name when the whole one would be cut: the words that tell it from the
    side's other cards ("San Luis" among the Compañías)."""
    return telling_part(name, {c.name for c in DECKS[side]})


def face(side: int, card_id: int, **extra) -> CardFace:
    if card_id == HIDDEN:
        return CardFace(title="", face_down=True, back_label=side_name(side), kind="back")
    c = card(side, card_id)
    corner = f"{LETTERS[c.kind]} ×2" if c.double else f"{LETTERS[c.kind]} {c.strength}"
    if c.kind == "defence":  # "Standing Defence" is too wide for a card
        kind = pgettext("card kind", "Defence")
    else:
        kind = _(KIND_NAMES[c.kind])
    column = _(COLUMN_SHORT[c.column]) if c.column else ""
    footer = kind + (f" · {column}" if column and c.kind == "troop" else "")
    return CardFace(
        title=c.name,
        short_title=short_title(side, c.name),
        corner=corner,
        footer=footer,
        hint=c.note,
        short_hints=short_hints(c),
        kind=f"alamo-{c.kind}",
        **extra,
    )


def spelled(side: int, card_id: int, position: int, where: str, status: str = "") -> list[str]:
    """The detail line, longest first: "Texans 3: Caballería tejana · Troop 30 · +10 with
    Travis · chosen", then without the status, the column, and the row's name (the first that
    fits is shown)."""
    if card_id == HIDDEN:
        said = by_side(
            side,
            N_("{where} {number}: a Texan card, face down."),
            N_("{where} {number}: a Mexican card, face down."),
        )
        return [said.format(where=where, number=position)]
    c = card(side, card_id)
    strength = _("DOUBLE") if c.double else str(c.strength)
    value = f"{_(KIND_NAMES[c.kind])} {strength}"
    column = _(COLUMN_FULL[c.column]) if c.column else ""
    out = []
    for prefix in (f"{where} {position}:", f"{position}."):
        for extra in ((column, status), (column,), ()):
            parts = [f"{prefix} {c.name}", value, c.note, *extra]
            out.append(" · ".join(p for p in parts if p))
    return out


def names(side: int, cards) -> str:
    return listing(card(side, c).name for c in cards if c != HIDDEN)


def stop(sentence: str) -> str:
    """End a sentence with one full stop, also after a name that has its own ("18 pdr.")."""
    return sentence if sentence.endswith(".") else sentence + "."
