"""Build a Mates Hostiles deck from PGN text: the games that end in mate and carry Elo tags.

``build_deck(pgn_text)`` keeps every game whose main line ends in a position python-chess calls
checkmate, whose WhiteElo and BlackElo are numbers and where at least one player is rated above
2500 (gold: both; silver: one). A card stores the position one ply before the mate, the mating
move (SAN), both players, their Elo, the event, the site and the date. It returns the cards as
plain dicts (the deck file's format, which ``data.load_deck`` reads back) and how many games were
skipped for each reason. ``report`` words the result for the command line; ``deck_json`` gives
the file's text. Pure: no files are read or written here.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import chess
import chess.pgn

from engine.i18n import N_, _, number
from engine.mates.data import DeckError, check_card, tier_for
from engine.words import plural

# Why a game was skipped: the keys of the count, English msgids that ``report`` translates.
UNREADABLE = N_("unreadable moves")
NO_MOVES = N_("no moves")
NOT_MATE = N_("not a mate")
MISSING_ELO = N_("missing Elo")
LOW_ELO = N_("no player above 2500")
WRONG_RESULT = N_("result contradicts the mate")
ILLEGAL = N_("illegal position")
VARIANT = N_("not standard chess")
DUPLICATE = N_("duplicate")
REASONS = (
    UNREADABLE,
    NO_MOVES,
    NOT_MATE,
    MISSING_ELO,
    LOW_ELO,
    WRONG_RESULT,
    ILLEGAL,
    VARIANT,
    DUPLICATE,
)

_STANDARD = {"", "standard", "chess", "normal"}
_BLANK_RUNS = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)+")


class _Collector(chess.pgn.GameBuilder):
    """python-chess's game builder, keeping parse errors in ``game.errors`` without logging."""

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)


def _elo(value: str | None) -> int | None:
    text = (value or "").strip()
    return int(text) if text.isdigit() and 0 < int(text) < 4000 else None


def _header(game: chess.pgn.Game, name: str) -> str:
    value = game.headers.get(name, "").strip()
    return "" if value == "?" and name in ("Site", "Event") else value


def _card(game: chess.pgn.Game, source: str) -> tuple[dict[str, Any] | None, str]:
    """The card of one game, or None and the reason it is skipped."""
    if game.headers.get("Variant", "").strip().lower() not in _STANDARD:
        return None, VARIANT
    if game.errors:
        return None, UNREADABLE
    moves = list(game.mainline_moves())
    if not moves:
        return None, NO_MOVES
    board = game.board()
    for move in moves[:-1]:
        board.push(move)
    before = board.copy(stack=False)
    last = moves[-1]
    board.push(last)
    if not board.is_checkmate():
        return None, NOT_MATE
    white_elo = _elo(game.headers.get("WhiteElo"))
    black_elo = _elo(game.headers.get("BlackElo"))
    if white_elo is None or black_elo is None:
        return None, MISSING_ELO
    tier = tier_for(white_elo, black_elo)
    if tier is None:
        return None, LOW_ELO
    winner = "1-0" if before.turn == chess.WHITE else "0-1"
    if game.headers.get("Result", "*").strip() not in (winner, "*", "", "?"):
        return None, WRONG_RESULT
    if not before.is_valid():
        return None, ILLEGAL
    card = {
        "fen": before.fen(),
        "mate_san": before.san(last),
        "white": _header(game, "White") or "?",
        "black": _header(game, "Black") or "?",
        "white_elo": white_elo,
        "black_elo": black_elo,
        "event": _header(game, "Event"),
        "site": _header(game, "Site") or "?",
        "date": _header(game, "Date"),
        "tier": tier,
        "source": source,
    }
    try:
        check_card(card, "game")
    except DeckError:
        return None, ILLEGAL
    return card, ""


def build_deck(pgn_text: str, source: str = "") -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Every game of ``pgn_text`` that makes a card, and the count of skipped games by reason.

    ``source`` is written into each card's ``source`` field (e.g. the PGN file's name). Runs of
    blank lines are collapsed first (some exporters put two between the tags and the moves,
    which would split a game in two). Duplicates (same position, same mating move) are kept once.
    """
    text = _BLANK_RUNS.sub("\n\n", pgn_text.replace("\r\n", "\n").replace("\r", "\n"))
    stream = io.StringIO(text)
    cards: list[dict[str, Any]] = []
    skipped: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    while True:
        try:
            game = chess.pgn.read_game(stream, Visitor=_Collector)
        except (ValueError, IndexError, KeyError):
            skipped[UNREADABLE] = skipped.get(UNREADABLE, 0) + 1
            continue
        if game is None:
            break
        card, reason = _card(game, source)
        if card is not None:
            key = (" ".join(card["fen"].split()[:4]), card["mate_san"])
            if key in seen:
                card, reason = None, DUPLICATE
            else:
                seen.add(key)
                cards.append(card)
        if card is None:
            skipped[reason] = skipped.get(reason, 0) + 1
    return cards, skipped


def report(cards: list[dict[str, Any]], skipped: dict[str, int]) -> str:
    """One or two lines for the command line: what was kept and what was skipped, and why."""
    gold = sum(c["tier"] == "gold" for c in cards)
    read = len(cards) + sum(skipped.values())
    if read == 0:
        return _("No games found: is this a PGN file?")
    kept = _("Kept {cards} ({gold} gold, {silver} silver) from {games}.").format(
        cards=plural(len(cards), "card", "cards"),
        gold=number(gold),
        silver=number(len(cards) - gold),
        games=plural(read, "game", "games"),
    )
    if not skipped:
        return kept
    counted = [(r, skipped[r]) for r in REASONS if skipped.get(r)]
    counted += [(r, n) for r, n in sorted(skipped.items()) if r not in REASONS]
    parts = ", ".join(f"{number(n)} {_(r)}" for r, n in counted)
    total = number(sum(skipped.values()))
    return kept + "\n" + _("Skipped {count}: {reasons}.").format(count=total, reasons=parts)


def deck_json(cards: list[dict[str, Any]]) -> str:
    """The deck file's text (a JSON list of cards, as ``cards.json``)."""
    return json.dumps(cards, ensure_ascii=False, indent=1) + "\n"
