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

GOLD, SILVER = "gold", "silver"
TIERS = (GOLD, SILVER)
TIER_ELO = 2500  # silver: one player rated above this; gold: both

WHITE, BLACK = "white", "black"
COLORS = (WHITE, BLACK)

# Piece letters as announced ("Q", "R", "B", "N", "P"); kings have no value and never attack.
PIECE_VALUES: Mapping[str, int] = {"Q": 10, "R": 5, "B": 3, "N": 3, "P": 1, "K": 0}
ATTACKERS = ("Q", "R", "B", "N", "P")
PIECE_NAMES: Mapping[str, str] = {
    "Q": "queen",
    "R": "rook",
    "B": "bishop",
    "N": "knight",
    "P": "pawn",
    "K": "king",
}

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
    """Check one card object; ``where`` names it in the error ("card 3")."""
    if not isinstance(raw, Mapping):
        raise DeckError(f"{where}: expected an object with the card's fields")
    missing = [f for f in REQUIRED if f not in raw]
    if missing:
        raise DeckError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise DeckError(f"{where}: unknown field {', '.join(unknown)}")
    for name in FIELDS:
        if name not in raw:
            continue
        value = raw[name]
        if name.endswith("_elo"):
            if type(value) is not int or not 0 < value < 4000:
                raise DeckError(f"{where}: {name} must be a whole number between 1 and 3999")
        elif not isinstance(value, str):
            raise DeckError(f"{where}: {name} must be text")
    fen = raw["fen"]
    try:
        board = chess.Board(fen)
    except ValueError as exc:
        raise DeckError(f"{where}: fen {fen!r} is not a chess position ({exc})") from None
    if not board.is_valid():
        raise DeckError(f"{where}: fen {fen!r} is not a legal position")
    try:
        move = board.parse_san(raw["mate_san"])
    except ValueError:
        raise DeckError(
            f"{where}: mate_san {raw['mate_san']!r} is not a legal move in the position"
        ) from None
    board.push(move)
    if not board.is_checkmate():
        raise DeckError(f"{where}: mate_san {raw['mate_san']!r} does not mate")
    tier = tier_for(raw["white_elo"], raw["black_elo"])
    if tier is None:
        raise DeckError(f"{where}: neither player is rated above {TIER_ELO}")
    if "tier" in raw and raw["tier"] != tier:
        raise DeckError(f"{where}: tier {raw['tier']!r} does not fit the ratings (it is {tier!r})")
    fields = {name: raw[name] for name in FIELDS if name in raw}
    fields["tier"] = tier
    return Card(**fields)


def cards_from_dicts(items: Any) -> tuple[Card, ...]:
    """Check a list of card objects (from a deck file or a config) and return the cards.

    Raises ``DeckError`` naming the first bad card (counted from 1) and what is wrong with it.
    """
    if isinstance(items, Mapping) and "cards" in items:
        items = items["cards"]
    if not isinstance(items, Sequence) or isinstance(items, str):
        raise DeckError("a deck is a list of cards")
    if not items:
        raise DeckError("the deck has no cards")
    cards = tuple(check_card(raw, f"card {i}") for i, raw in enumerate(items, 1))
    seen: dict[tuple[str, str], int] = {}
    for i, c in enumerate(cards, 1):
        key = (" ".join(c.fen.split()[:4]), c.mate_san)
        if key in seen:
            raise DeckError(f"card {i}: the same position as card {seen[key]}")
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
        where = f"line {exc.lineno}, column {exc.colno}: {exc.msg}"
        raise DeckError(f"not a JSON file ({where})") from None
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
            f"unknown deck {value!r}: use 'default', 'extended' or the cards of a deck file"
        )
    return cards_from_dicts(value)
