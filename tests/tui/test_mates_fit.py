"""Mates Hostiles at 80×24 (in every language) and 120×40, with 2 and 4 players whose names and
event are long: an Elo attack to choose, a piece attack landed on the human's card, and the solo
puzzles. Whatever the size, the screen shows whole what a player needs — every card's Elo
ratings beside its players' names (or a readable cut of them, with an ellipsis), every pile
count, the prompt, the words for the square under the cursor, the duels, and in the footer the
key of every action possible now (and of none other)."""

from __future__ import annotations

import re

import chess
import pytest

from engine.i18n import _, number, pgettext
from engine.mates import rules
from engine.mates.data import piece_words
from engine.mates.rules import MATES
from engine.mates.state import OVER, PUZZLE, REVIEW
from engine.mates.table import seat_short
from saves.record import SeatInfo, bot_name, level_name
from saves.session import Session
from tests.tui.conftest import settle
from tests.tui.fit import assert_footer_exactly, assert_on_screen, fits, speak
from tests.tui.test_mates_play import (
    LONG_EVENT,
    drive,
    elo_choice,
    keys_to,
    landed,
    long_deck,
    region_lines,
    solo_start,
    square_cell,
    table_start,
)
from tui.screens.game import ResultScreen
from tui.screens.mates import MatesScreen, board_piece
from tui.screens.registry import screen_for
from tui.widgets.mates_log import piece_text

ALWAYS = ("Rules", "Save as", "Menu")
# Every key of the game's own actions: the key as the footer writes it, and its description.
ELO = ("w b", "Elo")
ANNOUNCE = ("⏎", "Announce")
ANSWER = ("⏎", "Answer")
NEXT_PUZZLE = ("⏎", "Next puzzle")
RESULT = ("⏎", "Result")
MOVE = ("←→↑↓", "Move")
HINT = ("f2", "Hint")
GIVE_UP = ("f3", "Give up")
NEW_GAME = ("n", "New game")
GAME_KEYS = (ELO, ANNOUNCE, ANSWER, NEXT_PUZZLE, RESULT, MOVE, HINT, GIVE_UP, NEW_GAME)
READABLE = 5  # at least this many characters of a cut name before its ellipsis


def shown(key: tuple[str, str]) -> str:
    """A key as the footer shows it, its description in the current language."""
    display, description = key
    return f"{display} {_(description)}"


def assert_footer(app, *keys: tuple[str, str]) -> None:
    """Exactly these game keys are in the footer (with the keys every screen has)."""
    always = [_(word) for word in ALWAYS]
    assert_footer_exactly(app, always, {shown(k) for k in GAME_KEYS}, *map(shown, keys))


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
        line = region_lines(app, title)[0].rstrip().removeprefix("⚔ ").removeprefix("⚔")
        count = _("pile {n}").format(n=number(counts[seen.seat]))
        assert line.endswith(count), line
        label, short = labels[seen.seat], seat_short(seen.seat)
        name = screen.seat_name(seen.seat, with_label=False)
        brief = screen.brief_name(seen.seat)  # a bot named after its level: the level
        if brief and line == f"{short} {brief} {count}":
            pass
        elif line.startswith(label):
            assert line == f"{label} · {name} · {count}", line
        else:
            assert line.startswith(short + " "), line
            assert_name(line.removeprefix(short + " ").removesuffix(" " + count), name)
        if card.face.face_down:
            continue
        f = card.face
        lines = region_lines(app, card)
        white, black = pgettext("chess side letter", "W"), pgettext("chess side letter", "B")
        for text, side, name, elo in (
            (lines[0], white, f.white, f.white_elo),
            (lines[1], black, f.black, f.black_elo),
        ):
            assert text.startswith(f"{side} ") and text.rstrip().endswith(f" {elo}"), text
            assert_name(text[2:].rstrip().removesuffix(str(elo)).rstrip(), name)
        event = lines[11].rstrip()
        assert event.endswith(f" · {f.year}"), event
        assert LONG_EVENT in event or re.search(r"\w{4,}… · \d{4}$", event), event


def assert_duels(app, screen: MatesScreen) -> None:
    """Each duel's scores (and its winner, once decided) on one line."""
    for duel in screen.view.round.duels:
        a = "?" if duel.attack_score is None else number(duel.attack_score)
        c = "?" if duel.counter_score is None else number(duel.counter_score)
        scores = _("attack {attack} · counter {counter}").format(attack=a, counter=c)
        assert_on_screen(app, f": {scores}")


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
@fits
async def test_an_elo_attack_to_choose(make_app, size, language, players):
    speak(language)
    app = make_app(table_start(players, elo_choice))
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, app)
        assert elo_choice(screen.view)
        card = screen.view.cards[screen.view.round.card]
        assert_cards(app, screen)
        assert_prompt(app, screen)
        choice = _(
            "Your attack: w White Elo {white}, b Black Elo {black}, or a piece (arrows, Enter)."
        )
        elo = {"white": str(card.white_elo), "black": str(card.black_elo)}  # as on the card
        assert screen.prompt_text(screen.view) == choice.format(**elo)
        here = chess.Board(card.fen).piece_at(chess.E4)
        if here is None:
            words = _("Cursor: {square} — empty square")
        elif here.piece_type == chess.KING:
            words = _("Cursor: {square} — {piece} (a king cannot be announced)")
        else:
            words = _("Cursor: {square} — {piece}: Enter announces it")
        piece = board_piece(here, True) if here else None
        assert_on_screen(app, words.format(square="e4", piece=piece))
        assert_footer(app, ELO, ANNOUNCE, MOVE)


@pytest.mark.parametrize("players", [2, 4])
@fits
async def test_a_piece_attack_landed_on_my_card(make_app, size, language, players):
    speak(language)
    app = make_app(table_start(players, landed))
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, app)
        view = screen.view
        assert_cards(app, screen)
        assert_duels(app, screen)
        assert_prompt(app, screen)
        assert_words(app, screen)
        assert_footer(app, ANNOUNCE, MOVE)
        piece = view.round.piece
        square = chess.parse_square(piece.square)
        mine = screen.card_widgets[0][1]
        assert "*" in square_cell(app, mine, square)
        await pilot.press(*keys_to(screen, square))
        attacker = MATES.seat_labels(players)[view.round.attacker]
        placed = piece_words(piece.color, piece.piece).capitalize()
        under = chess.Board(view.cards[screen.my_card(view)].fen).piece_at(square)
        if under is None:
            said = _("Cursor: {square} — {piece} placed by {player}'s attack, on an empty square")
        else:
            said = _("Cursor: {square} — {piece} placed by {player}'s attack, over your {mine}")
        mine = board_piece(under) if under else None
        fields = {"square": piece.square, "piece": placed, "player": attacker, "mine": mine}
        assert_on_screen(app, said.format(**fields))
        assert_words(app, screen)
        assert_cards(app, screen)
        assert_footer(app, ANNOUNCE, MOVE)


@fits
async def test_a_solo_puzzle_from_the_card_to_the_end(make_app, size, language):
    speak(language)
    app = make_app(solo_start(deck=long_deck()))
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, app)
        assert screen.view.phase == PUZZLE
        f = screen.card_widgets[0][1].face
        lines = region_lines(app, screen.card_widgets[0][1])
        assert lines[0].rstrip().endswith(f" {f.white_elo}")
        assert lines[1].rstrip().endswith(f" {f.black_elo}")
        assert_on_screen(app, _("Puzzle {n} of {total}").format(n=number(1), total=number(10)))
        assert_prompt(app, screen)
        assert_words(app, screen)
        assert_footer(app, ANSWER, MOVE, HINT, GIVE_UP)
        await pilot.press("f2")
        await pilot.pause()
        hint = piece_text(screen.view.solo.hint)
        assert_on_screen(app, _("Hint: the {piece} mates.").format(piece=hint))
        assert_footer(app, ANSWER, MOVE, GIVE_UP)
        await pilot.press("f3")
        await pilot.pause()
        assert screen.view.phase == REVIEW
        solution = screen.view.solo.history[-1].solution
        assert_on_screen(app, _("You gave up. The game went {solution}.").format(solution=solution))
        assert_words(app, screen)
        assert_prompt(app, screen)
        assert_footer(app, NEXT_PUZZLE)
        for _puzzle in range(9):
            await pilot.press("enter", "f3")
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.phase == OVER and isinstance(app.screen, ResultScreen)
        await pilot.press("b")
        await pilot.pause()
        assert_prompt(app, screen)
        assert_footer(app, RESULT, NEW_GAME)


def default_seats(players: int) -> tuple[SeatInfo, ...]:
    """A human and bots named as the setup names them ("Expert bot", "Bot experto")."""
    levels = ("expert", "strong", "easy")
    bots = tuple(SeatInfo(kind="bot", name=bot_name(lv), level=lv) for lv in levels)
    return (SeatInfo(kind="human", name="Ana"), *bots)[:players]


@fits
async def test_four_seats_are_told_apart_above_their_cards(make_app, size, language):
    speak(language)

    def start(app):
        session = Session.new(MATES, app.store, default_seats(4), {}, seed=11, players=4)
        drive(session, elo_choice)
        return screen_for(session)

    app = make_app(start)
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot, app)
        counts = rules.pile_counts(screen.view)
        for seen, (title, _card) in zip(screen.seen, screen.card_widgets, strict=True):
            line = region_lines(app, title)[0].rstrip()
            info, words = screen.seats[seen.seat], line.split()
            assert "…" not in line, line
            assert info.name in line or level_name(info.level) in words, line
            assert line.endswith(_("pile {n}").format(n=number(counts[seen.seat]))), line
