"""The shipped decks: every card is a legal position whose stored move mates; deck files."""

from __future__ import annotations

import json
from importlib.resources import files

import chess
import pytest

from engine.mates.data import (
    DeckError,
    cards_from_dicts,
    deck_from_config,
    default_deck,
    extended_deck,
    load_deck,
    mating_moves,
)


def test_default_deck_is_the_24_newest_gold_and_24_newest_silver() -> None:
    deck = default_deck()
    assert len(deck) == 48
    gold = [c for c in deck if c.tier == "gold"]
    silver = [c for c in deck if c.tier == "silver"]
    assert len(gold) == len(silver) == 24
    for tier, chosen in (("gold", gold), ("silver", silver)):
        left_out = [c for c in extended_deck() if c.tier == tier and c not in chosen]
        assert min(c.date for c in chosen) >= max(c.date for c in left_out)


def test_extended_deck_is_the_whole_shipped_file() -> None:
    raw = json.loads(files("engine.mates").joinpath("cards.json").read_text("utf-8"))
    deck = extended_deck()
    assert len(deck) == len(raw) == 106
    assert [c.to_dict() for c in deck] == raw
    assert sum(c.tier == "gold" for c in deck) == 43


@pytest.mark.parametrize("index", range(48))
def test_every_default_card_is_legal_and_its_move_mates(index: int) -> None:
    c = default_deck()[index]
    board = chess.Board(c.fen)
    assert board.status() == chess.STATUS_VALID
    assert not board.is_game_over()
    board.push_san(c.mate_san)
    assert board.is_checkmate()
    assert (c.tier == "gold") == (c.white_elo > 2500 and c.black_elo > 2500)
    assert c.white_elo > 2500 or c.black_elo > 2500


def test_extended_cards_all_mate_and_some_have_several_mates() -> None:
    several = 0
    for c in extended_deck():
        moves = mating_moves(c.fen)
        board = chess.Board(c.fen)
        assert board.san(board.parse_san(c.mate_san)) in moves
        several += len(moves) > 1
    assert several == 11  # as SOURCES.md says


def test_deck_config_choices() -> None:
    assert deck_from_config("default") == default_deck()
    assert deck_from_config(None) == default_deck()
    assert deck_from_config("extended") == extended_deck()
    custom = [c.to_dict() for c in extended_deck()[:5]]
    assert deck_from_config(custom) == extended_deck()[:5]
    with pytest.raises(DeckError, match="unknown deck 'huge'"):
        deck_from_config("huge")


def test_load_deck_round_trips_and_accepts_an_object_with_cards() -> None:
    cards = [c.to_dict() for c in default_deck()[:3]]
    assert load_deck(json.dumps(cards)) == cards
    assert load_deck(json.dumps({"cards": cards})) == cards
    # Optional fields may be left out; the tier is worked out from the ratings.
    bare = {k: cards[0][k] for k in ("fen", "mate_san", "white", "black", "white_elo", "black_elo")}
    assert load_deck(json.dumps([bare]))[0]["tier"] == cards[0]["tier"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"fen": "not a fen"}, r"card 1: fen 'not a fen' is not a chess position"),
        ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "card 1: fen .* is not a legal position"),
        ({"mate_san": "Kh9"}, "card 1: mate_san 'Kh9' is not a legal move"),
        ({"white_elo": "2600"}, "card 1: white_elo must be a whole number"),
        ({"white_elo": 2400, "black_elo": 2300}, "card 1: neither player is rated above 2500"),
        ({"tier": "gold", "white_elo": 2400, "black_elo": 2600}, "card 1: tier 'gold' does not"),
        ({"colour": "red"}, "card 1: unknown field colour"),
        ({"event": 7}, "card 1: event must be text"),
    ],
)
def test_load_deck_names_the_bad_card_and_field(change: dict, message: str) -> None:
    raw = default_deck()[0].to_dict() | change
    with pytest.raises(DeckError, match=message):
        load_deck(json.dumps([raw]))


def test_load_deck_other_errors() -> None:
    with pytest.raises(DeckError, match=r"not a JSON file \(line 1"):
        load_deck("{oops")
    with pytest.raises(DeckError, match="a deck is a list of cards"):
        load_deck('"cards"')
    with pytest.raises(DeckError, match="the deck has no cards"):
        load_deck("[]")
    first = default_deck()[0].to_dict()
    with pytest.raises(DeckError, match="card 2: missing fen, mate_san"):
        load_deck(json.dumps([first, {"white": "x"}]))
    with pytest.raises(DeckError, match="card 2: the same position as card 1"):
        cards_from_dicts([first, first])
    # A legal move that does not mate.
    other = first | {"mate_san": next(iter(_non_mating(first["fen"])))}
    with pytest.raises(DeckError, match="does not mate"):
        load_deck(json.dumps([other]))


def _non_mating(fen: str) -> list[str]:
    board = chess.Board(fen)
    mates = set(mating_moves(fen))
    return [board.san(m) for m in board.legal_moves if board.san(m) not in mates]
