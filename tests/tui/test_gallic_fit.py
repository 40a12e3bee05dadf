"""La Guerra Gallica at 80×24 (in every language) and 120×40: at the exchange, the reveal and
after a battle, the screen shows whole what a player needs — every card's value, its name
(whole, or abbreviated with the detail line spelling it out when the cursor is on it), the
battle track on one line, the totals, the prompt, and in the footer the key of every action
possible now."""

from __future__ import annotations

from engine.gallic.data import card
from engine.gallic.scoring import score
from engine.gallic.state import DISCARD, OVER, REVEAL
from engine.i18n import _
from tests.tui.conftest import settle
from tests.tui.fit import (
    ROOMY,
    assert_footer_has_every_working_key,
    assert_on_screen,
    fits,
    footer,
    screen_lines,
    speak,
)
from tests.tui.test_gallic_play import card_lines, readable, starting
from tui.screens.gallic import GAME_ACTIONS, GallicScreen, side_name
from tui.screens.game import ResultScreen
from tui.textual_i18n import key_display
from tui.widgets.card import CardView
from tui.widgets.hand import HandView


def key(display: str, description: str) -> str:
    """A key as the footer shows it, its description in the current language."""
    return f"{key_display(display)} {_(description)}"


def assert_footer(app, screen: GallicScreen, *keys: str) -> None:
    """These keys are in the footer whole, and so is every game key that works now."""
    assert_footer_has_every_working_key(app, screen, GAME_ACTIONS, *keys)


async def assert_cards(pilot, app, screen: GallicScreen, row: str) -> None:
    """Each face-up card of a row: its number and value on its first line, its name whole or
    readably abbreviated, and spelled out in full when the cursor is on it."""
    hand = screen.query_one(f"#{row}", HandView)
    if not hand.faces or hand.faces[0].face_down:
        return
    hand.focus()
    hand.cursor = 0
    await pilot.pause()
    for i, view in enumerate(hand.query(CardView)):
        name = view.face.title
        first, *body = card_lines(app, view)
        assert view.face.corner in first, (first, view.face.corner)
        if row == "my-hand":
            assert first.startswith(str(i + 1)) or view.framed
        for token in " ".join(body).split():
            assert readable(token, name) or token in (view.face.footer, view.face.note), token
        assert hand.cursor == i
        detail = screen.query_one("#detail").render()
        assert name in str(detail), (name, str(detail))
        assert_on_screen(app, str(detail).strip())
        await pilot.press("right")
        await pilot.pause()
    screen.query_one("#my-hand", HandView).focus()
    await pilot.pause()


def assert_board(app, screen: GallicScreen) -> None:
    view = screen.view
    lines = screen_lines(app)
    track = [line for line in lines if _("Battles") in line]
    assert len(track) == 1
    for n in range(1, view.battles_to_play + 1):
        assert str(n) in track[0]
    battle = view.battles[-1] if view.phase in (REVEAL, OVER) and view.battles else None
    assert_on_screen(
        app,
        screen.prompt_text(view),
        screen.score_text(view).plain,
        screen.verdict_text(view, battle).plain,
        screen.side_head(view, screen.me, battle).plain.strip(),
        screen.side_head(view, screen.them, battle).plain.strip(),
    )
    if battle is not None:
        totals = [_("total {total}").format(total=total) for total in battle.totals]
        assert_on_screen(app, *totals)


@fits
async def test_the_exchange(make_app, size, language):
    speak(language)
    app = make_app(starting(seed=1))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == DISCARD
        assert_board(app, screen)
        assert_footer(app, screen, key("1-8", "Mark"), key("⏎", "Keep hand"))
        assert _("Clear marks") not in footer(app)
        await assert_cards(pilot, app, screen, "my-hand")
        await pilot.press("2", "5")
        await pilot.pause()
        assert_board(app, screen)
        hand = screen.view.sides[screen.me].hand
        rest, _counted = score(screen.me, hand[:1] + hand[2:4] + hand[5:])
        assert_on_screen(
            app, _("{count} marked: the rest counts {total}").format(count=2, total=rest)
        )
        assert_footer(
            app, screen, key("1-8", "Mark"), key("⏎", "Exchange"), key("x", "Clear marks")
        )
        assert _("Keep hand") not in footer(app)
        await assert_cards(pilot, app, screen, "my-hand")
        screen.query_one("#my-hand", HandView).cursor = 1
        await pilot.pause()
        assert_on_screen(app, f"{card(screen.me, hand[1]).name} · ")
        assert _("marked to exchange") in str(screen.query_one("#detail").render())


@fits
async def test_the_reveal(make_app, size, language):
    speak(language)
    app = make_app(starting(seed=4, battles=3, reveal=True))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert screen.view.phase == REVEAL
        assert_board(app, screen)
        assert_footer(app, screen, key("⏎", "Next battle"), key("tab", "Their cards"))
        assert key("1-8", "Mark") not in footer(app)
        await assert_cards(pilot, app, screen, "my-hand")
        await assert_cards(pilot, app, screen, "opp-hand")
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused.id == "opp-hand"
        assert_footer(app, screen, key("⏎", "Next battle"), key("tab", "Your cards"))
        detail = str(screen.query_one("#detail").render())
        assert detail.startswith(f"▸ {side_name(1)} "), detail
        statuses = (_("counted"), _("not counted"), _("counted as {type}").split("{")[0])
        assert any(status in detail for status in statuses), detail


@fits
async def test_after_battles_with_a_draw(make_app, size, language):
    speak(language)
    # Seed 4: the Gauls, Rome, the Gauls, Rome, a draw, Rome, then the seventh battle.
    app = make_app(starting(seed=4, battles=6))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        view = screen.view
        assert view.phase == DISCARD and any(b.winner is None for b in view.battles)
        assert_board(app, screen)
        track = next(line for line in screen_lines(app) if _("Battles") in line)
        compact = "".join(track.split())
        rome, gauls = side_name(0)[0], side_name(1)[0]
        for mark in (f"1{gauls}", f"2{rome}", "5=", "7▸", "8·"):
            assert mark in compact, (mark, track)
        if size == ROOMY:
            for b in view.battles:
                assert f"{b.totals[0]}:{b.totals[1]}" in track
        assert_footer(app, screen, key("1-8", "Mark"), key("⏎", "Keep hand"))


@fits
async def test_the_board_after_the_end(make_app, size, language):
    speak(language)
    app = make_app(starting(seed=4, battles=8, reveal=True))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GallicScreen) and screen.view.phase == OVER
        assert_board(app, screen)
        assert_footer(app, screen, key("⏎", "Result"), key("n", "New game"))
        await assert_cards(pilot, app, screen, "opp-hand")
