"""Mates Hostiles at 80×24 and 120×40, with 2 and 4 players whose names and event are long: an
Elo attack to choose, a piece attack landed on the human's card, and the solo puzzles. Whatever
the size, the screen shows whole what a player needs — every card's Elo ratings beside its
players' names (or a readable cut of them, with an ellipsis), every pile count, the prompt,
the words for the square under the cursor, the duels, and in the footer the key of every
action possible now (and of none other)."""

from __future__ import annotations

import re

import chess
import pytest

from engine.mates import rules
from engine.mates.rules import MATES
from engine.mates.state import OVER, PUZZLE, REVIEW
from tests.tui.conftest import settle
from tests.tui.fit import SIZES, assert_footer_exactly, assert_on_screen
from tests.tui.test_mates_play import (
    LONG_EVENT,
    elo_choice,
    keys_to,
    landed,
    long_deck,
    piece_words,
    region_lines,
    solo_start,
    square_cell,
    table_start,
)
from tui.screens.game import ResultScreen
from tui.screens.mates import MatesScreen

ALWAYS = ("Rules", "Save as", "Menu")
# Every key of the game's own actions, as the footer writes it.
GAME_KEYS = {
    "w b Elo",
    "⏎ Announce",
    "⏎ Answer",
    "⏎ Next puzzle",
    "⏎ Result",
    "←→↑↓ Move",
    "f2 Hint",
    "f3 Give up",
    "n New game",
}
READABLE = 5  # at least this many characters of a cut name before its ellipsis


def assert_footer(app, *keys: str) -> None:
    """Exactly these game keys are in the footer (with the keys every screen has)."""
    assert_footer_exactly(app, ALWAYS, GAME_KEYS, *keys)


def assert_name(shown: str, name: str) -> None:
    """The name in full, or its beginning (long enough to read) and an ellipsis."""
    if shown == name:
        return
    assert shown.endswith("…") and name.startswith(shown[:-1]), (shown, name)
    assert len(shown) > READABLE, (shown, name)


def assert_cards(app, screen: MatesScreen) -> None:
    """Above every card its seat, player and pile count (whole); on every face-up card both
    Elo ratings whole at the end of their lines, the names, the event cut before its year."""
    counts = rules.pile_counts(screen.view)
    labels = MATES.seat_labels(len(screen.seats))
    for seen, (title, card) in zip(screen.seen, screen.card_widgets, strict=True):
        line = region_lines(app, title)[0].rstrip().removeprefix("⚔ ")
        count = f"pile {counts[seen.seat]}"
        assert line.endswith(count), line
        label, short = labels[seen.seat], f"P{seen.seat + 1}"
        name = screen.seat_name(seen.seat, with_label=False)
        if line.startswith(label):
            assert line == f"{label} · {name} · {count}", line
        else:
            assert line.startswith(short + " "), line
            assert_name(line.removeprefix(short + " ").removesuffix(" " + count), name)
        if card.face.face_down:
            continue
        f = card.face
        lines = region_lines(app, card)
        for text, side, name, elo in (
            (lines[0], "W", f.white, f.white_elo),
            (lines[1], "B", f.black, f.black_elo),
        ):
            assert text.startswith(f"{side} ") and text.rstrip().endswith(f" {elo}"), text
            assert_name(text[2:].rstrip().removesuffix(str(elo)).rstrip(), name)
        event = lines[11].rstrip()
        assert event.endswith(f" · {f.year}"), event
        assert LONG_EVENT in event or re.search(r"\w{4,}… · \d{4}$", event), event


def assert_duels(app, screen: MatesScreen) -> None:
    """Each duel's scores (and its winner, once decided) on one line."""
    for duel in screen.view.round.duels:
        a = "?" if duel.attack_score is None else duel.attack_score
        c = "?" if duel.counter_score is None else duel.counter_score
        assert_on_screen(app, f": attack {a} · counter {c}")


def assert_prompt(app, screen: MatesScreen) -> None:
    prompt = screen.prompt_text(screen.view)
    assert prompt
    assert_on_screen(app, prompt)


def assert_words(app, screen: MatesScreen) -> None:
    words = screen.square_text(screen.view)
    assert words
    assert_on_screen(app, words)


async def started(pilot, app) -> MatesScreen:
    await settle(pilot, app)
    screen = app.screen
    assert isinstance(screen, MatesScreen)
    return screen


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES)
async def test_an_elo_attack_to_choose(make_app, size, players):
    app = make_app(table_start(players, elo_choice))
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, app)
        assert elo_choice(screen.view)
        card = screen.view.cards[screen.view.round.card]
        assert_cards(app, screen)
        assert_prompt(app, screen)
        prompt = screen.prompt_text(screen.view)
        assert f"w White Elo {card.white_elo}, b Black Elo {card.black_elo}" in prompt
        here = chess.Board(card.fen).piece_at(chess.E4)
        words = (
            "empty square"
            if here is None
            else piece_words("white" if here.color else "black", here.symbol().upper()).capitalize()
        )
        assert_on_screen(app, f"Cursor: e4 — {words}")
        assert_footer(app, "w b Elo", "⏎ Announce", "←→↑↓ Move")


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES)
async def test_a_piece_attack_landed_on_my_card(make_app, size, players):
    app = make_app(table_start(players, landed))
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, app)
        view = screen.view
        assert_cards(app, screen)
        assert_duels(app, screen)
        assert_prompt(app, screen)
        assert_words(app, screen)
        assert_footer(app, "⏎ Announce", "←→↑↓ Move")
        piece = view.round.piece
        square = chess.parse_square(piece.square)
        mine = screen.card_widgets[0][1]
        assert "*" in square_cell(app, mine, square)
        await pilot.press(*keys_to(screen, square))
        attacker = MATES.seat_labels(players)[view.round.attacker]
        placed = piece_words(piece.color, piece.piece).capitalize()
        assert_on_screen(app, f"Cursor: {piece.square} — {placed} placed by {attacker}'s attack")
        assert_words(app, screen)
        assert_cards(app, screen)
        assert_footer(app, "⏎ Announce", "←→↑↓ Move")


@pytest.mark.parametrize("size", SIZES)
async def test_a_solo_puzzle_from_the_card_to_the_end(make_app, size):
    app = make_app(solo_start(deck=long_deck()))
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, app)
        assert screen.view.phase == PUZZLE
        f = screen.card_widgets[0][1].face
        lines = region_lines(app, screen.card_widgets[0][1])
        assert lines[0].rstrip().endswith(f" {f.white_elo}")
        assert lines[1].rstrip().endswith(f" {f.black_elo}")
        assert_on_screen(app, "Puzzle 1 of 10")
        assert_prompt(app, screen)
        assert_words(app, screen)
        assert_footer(app, "⏎ Answer", "←→↑↓ Move", "f2 Hint", "f3 Give up")
        await pilot.press("f2")
        await pilot.pause()
        assert_on_screen(app, f"Hint: the {rules_hint(screen)} mates.")
        assert_footer(app, "⏎ Answer", "←→↑↓ Move", "f3 Give up")
        await pilot.press("f3")
        await pilot.pause()
        assert screen.view.phase == REVIEW
        solution = screen.view.solo.history[-1].solution
        assert_on_screen(app, f"You gave up. The game went {solution}.")
        assert_words(app, screen)
        assert_prompt(app, screen)
        assert_footer(app, "⏎ Next puzzle")
        for _ in range(9):
            await pilot.press("enter", "f3")
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.phase == OVER and isinstance(app.screen, ResultScreen)
        await pilot.press("b")
        await pilot.pause()
        assert_prompt(app, screen)
        assert_footer(app, "⏎ Result", "n New game")


def rules_hint(screen: MatesScreen) -> str:
    hint = screen.view.solo.hint
    return f"{piece_words(hint.color, hint.piece)} on {hint.square}"
