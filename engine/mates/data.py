"""The chess-mate cards: the shipped decks, piece values and deck-file validation.

``cards.json`` (beside this module, provenance in ``SOURCES.md``) holds 106 real over-the-board
mates; all of them make the "extended" deck. The default 48-card deck is the 24 most recent
gold and the 24 most recent silver cards (newest first; cards of the same date keep the file's
order). A deck can also come from a file the player built with the deck builder: ``load_deck``
checks it and ``cards_from_dicts`` turns its entries into ``Card`` values.

A card's position is the moment just before the mate: the side to move mates in one.
"""

from __future__ import annotations

import importlib.resources
import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

import attrs
import chess

from engine.i18n import N_, _, number, pgettext

GOLD, SILVER = "gold", "silver"
TIERS = (GOLD, SILVER)
TIER_ELO = 2500  # silver: one player rated above this; gold: both

WHITE, BLACK = "white", "black"
COLORS = (WHITE, BLACK)

# Piece letters as announced ("Q", "R", "B", "N", "P"); kings have no value and never attack.
PIECE_VALUES: Mapping[str, int] = {"Q": 10, "R": 5, "B": 3, "N": 3, "P": 1, "K": 0}
ATTACKERS = ("Q", "R", "B", "N", "P")
# English piece names (msgids): players read ``piece_name`` and ``piece_words``. Chess words
# are translated; the letters of the notation ("Qxf7#") stay English in every language.
PIECE_NAMES: Mapping[str, str] = {
    "Q": N_("queen"),
    "R": N_("rook"),
    "B": N_("bishop"),
    "N": N_("knight"),
    "P": N_("pawn"),
    "K": N_("king"),
}
# A piece with its colour, one msgid each: the adjective agrees with the piece in Spanish and
# Italian ("dama blanca", "caballo blanco").
_PIECE_WORDS: Mapping[tuple[str, str], str] = {
    (WHITE, "Q"): N_("white queen"),
    (WHITE, "R"): N_("white rook"),
    (WHITE, "B"): N_("white bishop"),
    (WHITE, "N"): N_("white knight"),
    (WHITE, "P"): N_("white pawn"),
    (WHITE, "K"): N_("white king"),
    (BLACK, "Q"): N_("black queen"),
    (BLACK, "R"): N_("black rook"),
    (BLACK, "B"): N_("black bishop"),
    (BLACK, "N"): N_("black knight"),
    (BLACK, "P"): N_("black pawn"),
    (BLACK, "K"): N_("black king"),
}


def piece_name(letter: str) -> str:
    """``"knight"`` for ``"N"``, in the current language (an unknown letter as it is)."""
    name = PIECE_NAMES.get(letter.upper())
    return _(name) if name else letter


def piece_words(color: str, letter: str) -> str:
    """``"white knight"`` for (``"white"``, ``"N"``), in the current language."""
    words = _PIECE_WORDS.get((color, letter.upper()))
    return _(words) if words else f"{color} {letter}"


def side_name(color: str) -> str:
    """``"White"`` or ``"Black"``, the side of a chess game, in the current language."""
    return pgettext("chess side", "White") if color == WHITE else pgettext("chess side", "Black")


DECK_DEFAULT, DECK_EXTENDED = "default", "extended"
DEFAULT_SIZE = 48
DEAL: Mapping[int, int] = {2: 24, 3: 16, 4: 12}  # cards per player
MATE_PENALTY = 3  # cards a mated player pays on top of his stake

FIELDS = (
    "fen",
    "mate_san",
    "white",
    "black",
    "white_elo",
    "black_elo",
    "event",
    "site",
    "date",
    "tier",
    "source",
)
REQUIRED = ("fen", "mate_san", "white", "black", "white_elo", "black_elo")


@attrs.frozen
class Card:
    """One printed card: the position one ply before the mate and who played it.

    ``mate_san`` is the move played in the game (in a view it is blanked: see
    ``rules.redacted_cards``); other mating moves may exist.
    """

    fen: str
    mate_san: str
    white: str
    black: str
    white_elo: int
    black_elo: int
    event: str = ""
    site: str = ""
    date: str = ""
    tier: str = SILVER
    source: str = ""

    @property
    def mating_side(self) -> str:
        return WHITE if self.fen.split()[1] == "w" else BLACK

    @property
    def year(self) -> str:
        return self.date[:4] if self.date[:4].isdigit() else ""

    def elo(self, side: str) -> int:
        return self.white_elo if side == WHITE else self.black_elo

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}


class DeckError(ValueError):
    """A deck file or config that cannot be played; the message names the card and the field."""


def tier_for(white_elo: int, black_elo: int) -> str | None:
    """Gold when both players are above 2500, silver when one is, None otherwise."""
    above = (white_elo > TIER_ELO) + (black_elo > TIER_ELO)
    return GOLD if above == 2 else SILVER if above == 1 else None


def mating_moves(fen: str) -> tuple[str, ...]:
    """Every move that mates in the position, in SAN, sorted."""
    board = chess.Board(fen)
    out = []
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            out.append(board.san(move))
    return tuple(sorted(out))


def check_card(raw: Any, where: str) -> Card:
    """Check one card object; ``where`` names it in the error ("card 3", in the current
    language). Field names (``fen``, ``mate_san``...) are the file's keys: never translated."""
    if not isinstance(raw, Mapping):
        raise DeckError(_("{where}: expected an object with the card's fields").format(where=where))
    missing = [f for f in REQUIRED if f not in raw]
    if missing:
        raise DeckError(
            _("{where}: missing {fields}").format(where=where, fields=", ".join(missing))
        )
    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise DeckError(
            _("{where}: unknown field {fields}").format(where=where, fields=", ".join(unknown))
        )
    for name in FIELDS:
        if name not in raw:
            continue
        value = raw[name]
        if name.endswith("_elo"):
            if type(value) is not int or not 0 < value < 4000:
                raise DeckError(
                    _("{where}: {field} must be a whole number between 1 and 3999").format(
                        where=where, field=name
                    )
                )
        elif not isinstance(value, str):
            raise DeckError(_("{where}: {field} must be text").format(where=where, field=name))
    fen = raw["fen"]
    try:
        board = chess.Board(fen)
    except ValueError as exc:
        raise DeckError(
            _("{where}: fen {fen} is not a chess position ({reason})").format(
                where=where, fen=repr(fen), reason=exc
            )
        ) from None
    if not board.is_valid():
        raise DeckError(
            _("{where}: fen {fen} is not a legal position").format(where=where, fen=repr(fen))
        )
    san = repr(raw["mate_san"])
    try:
        move = board.parse_san(raw["mate_san"])
    except ValueError:
        raise DeckError(
            _("{where}: mate_san {move} is not a legal move in the position").format(
                where=where, move=san
            )
        ) from None
    board.push(move)
    if not board.is_checkmate():
        raise DeckError(_("{where}: mate_san {move} does not mate").format(where=where, move=san))
    tier = tier_for(raw["white_elo"], raw["black_elo"])
    if tier is None:
        raise DeckError(
            _("{where}: neither player is rated above {elo}").format(where=where, elo=TIER_ELO)
        )
    if "tier" in raw and raw["tier"] != tier:
        raise DeckError(
            _("{where}: tier {given} does not fit the ratings (it is {tier})").format(
                where=where, given=repr(raw["tier"]), tier=repr(tier)
            )
        )
    fields = {name: raw[name] for name in FIELDS if name in raw}
    fields["tier"] = tier
    return Card(**fields)


def card_where(index: int) -> str:
    """``"card 3"``: where a deck's error is, counted from 1, in the current language."""
    return _("card {n}").format(n=index)


def cards_from_dicts(items: Any) -> tuple[Card, ...]:
    """Check a list of card objects (from a deck file or a config) and return the cards.

    Raises ``DeckError`` naming the first bad card (counted from 1) and what is wrong with it.
    """
    if isinstance(items, Mapping) and "cards" in items:
        items = items["cards"]
    if not isinstance(items, Sequence) or isinstance(items, str):
        raise DeckError(_("a deck is a list of cards"))
    if not items:
        raise DeckError(_("the deck has no cards"))
    cards = tuple(check_card(raw, card_where(i)) for i, raw in enumerate(items, 1))
    seen: dict[tuple[str, str], int] = {}
    for i, c in enumerate(cards, 1):
        key = (" ".join(c.fen.split()[:4]), c.mate_san)
        if key in seen:
            raise DeckError(
                _("{where}: the same position as card {other}").format(
                    where=card_where(i), other=number(seen[key])
                )
            )
        seen[key] = i
    return cards


def load_deck(json_text: str) -> list[dict[str, Any]]:
    """Read a deck file (a JSON list of cards, or ``{"cards": [...]}``) and check every card.

    Returns the cards as plain dicts, ready to go into a game's config as ``config["deck"]``.
    Raises ``DeckError`` with a message a player can act on.
    """
    try:
        data = json.loads(json_text)
    except json.JSONDecodeError as exc:
        where = _("line {line}, column {column}: {problem}").format(
            line=exc.lineno, column=exc.colno, problem=exc.msg
        )
        raise DeckError(_("not a JSON file ({where})").format(where=where)) from None
    return [c.to_dict() for c in cards_from_dicts(data)]


@cache
def extended_deck() -> tuple[Card, ...]:
    """All 106 shipped cards, in the file's order."""
    text = importlib.resources.files("engine.mates").joinpath("cards.json").read_text("utf-8")
    return cards_from_dicts(json.loads(text))


def newest(cards: Iterable[Card], tier: str, count: int) -> tuple[Card, ...]:
    """The ``count`` most recent cards of a tier: newest first, same date in the given order."""
    of_tier = [c for c in cards if c.tier == tier]
    # sorted() is stable, so cards of one date keep their order.
    return tuple(sorted(of_tier, key=lambda c: c.date, reverse=True)[:count])


@cache
def default_deck() -> tuple[Card, ...]:
    """The 48-card deck: the 24 most recent gold cards, then the 24 most recent silver."""
    half = DEFAULT_SIZE // 2
    cards = extended_deck()
    return newest(cards, GOLD, half) + newest(cards, SILVER, half)


DECK_CHOICES = (DECK_DEFAULT, DECK_EXTENDED)


def deck_from_config(value: Any) -> tuple[Card, ...]:
    """``config["deck"]``: "default", "extended", or a list of card objects (a deck file)."""
    if value is None or value == DECK_DEFAULT:
        return default_deck()
    if value == DECK_EXTENDED:
        return extended_deck()
    if isinstance(value, str):
        raise DeckError(
            _("unknown deck {deck}: use 'default', 'extended' or the cards of a deck file").format(
                deck=repr(value)
            )
        )
    return cards_from_dicts(value)
