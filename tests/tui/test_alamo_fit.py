"""El Álamo at 80×24 (in every language) and 120×40: in the two-player game (bombardment, an attack
being built, the Texan defence, a payment) and the solitaire (the artillery payment, a repelled
assault, a breach) the screen shows whole what a player needs — every card's value and bonus
line, its name (whole, or abbreviated with the detail line spelling it out under the cursor),
each battle row's breakdown, total and outcome, the prompt, and in the footer the key of every
action possible now."""

from __future__ import annotations

from engine.alamo import rules
from engine.alamo.data import ARTILLERY, DECKS, DICKINSON, KIND_NAMES, LEADER
from engine.alamo.rules import ALAMO
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    FOR_ARTILLERY,
    FOR_BATTLE,
    PAY,
    REPEL,
    ROLL,
)
from engine.i18n import _
from tests.tui.conftest import settle
from tests.tui.fit import (
    assert_footer_has_every_working_key,
    assert_on_screen,
    fits,
    footer,
    speak,
)
from tests.tui.test_alamo_play import (
    ALONE,
    MEXICAN_VS_BOT,
    TEXAN_VS_BOT,
    card_text,
    defending,
    opened,
    solitaire_artillery_after_a_battle,
    solitaire_roll_after_a_breach,
)
from tests.tui.test_gallic_play import readable
from tui.screens.alamo import AlamoScreen
from tui.textual_i18n import key_display
from tui.widgets.alamo_cards import COLUMN_SHORT
from tui.widgets.card import CardView, body
from tui.widgets.hand import HandView


def key(display: str, description: str) -> str:
    """A key as the footer shows it, its description in the current language."""
    return f"{key_display(display)} {_(description)}"


def won_and_lost(difference: int) -> tuple[str, str]:
    return (
        _("✔ won by {difference}").format(difference=difference),
        _("✘ lost by {difference}").format(difference=difference),
    )


def bonus_marks(face) -> list[tuple[str, ...]]:
    """What a card's bonus line must show in the current language, whole or abbreviated (any
    of each group): "+10" and a word of the leader's name (or, for a Mexican troop, its
    column), DOUBLE, Capitán Dickinson's Artillery, the column of a Mexican leader."""
    c = next(c for deck in DECKS for c in deck if (c.name, c.note) == (face.title, face.hint))
    column = tuple(w[:3] for w in face.footer.split(" · ")[1:])
    if c.double:
        return [(_("DOUBLE"), c.note.split(":")[0])]
    if c.leaders:
        return [("+10",), tuple(w[:3] for leader in c.leaders for w in leader.split()) + column]
    if c.name == DICKINSON:
        return [("+10",), (_(KIND_NAMES[ARTILLERY])[:3],)]
    if c.kind == LEADER and c.column:
        return [(_(COLUMN_SHORT[c.column]).rstrip(".")[:3],)]
    return []


def assert_footer(app, screen: AlamoScreen, *keys: str) -> None:
    """These keys are in the footer whole, and so is every game key that works now."""
    assert_footer_has_every_working_key(app, screen, screen.GAME_ACTIONS, *keys)


async def assert_rows(pilot, app, screen: AlamoScreen) -> None:
    """Every card of every row on show: value on its first line, bonus line, a readable name,
    and the full name on the detail line with the cursor on it."""
    for row in ("my-hand", "attack", "defence"):
        hand = screen.query_one(f"#{row}", HandView)
        if not hand.faces or not hand.display or not hand.parent.display:
            continue
        hand.focus()
        hand.cursor = 0
        await pilot.pause()
        for i, view in enumerate(hand.query(CardView)):
            face = view.face
            if face.face_down:
                continue
            text = card_text(app, view)
            first, *body = text.split("\n")
            assert face.corner in first, (first, face.corner)
            for marks in bonus_marks(face):
                assert any(m in text for m in marks), f"{marks} not on {face.title}:\n{text}"
            words = " ".join(body).split()
            hint = f"{face.hint} {' '.join(face.short_hints)} {face.footer} {face.note}"
            for token in words:
                assert readable(token, face.title) or readable(token, hint), (token, face.title)
            assert hand.cursor == i
            for _tries in range(20):  # the detail follows the cursor a refresh later
                detail = str(screen.query_one("#detail").render()).strip()
                if face.title in detail:
                    break
                await pilot.pause(0.05)
            assert face.title in detail
            assert_on_screen(app, detail)
            await pilot.press("right")
            await pilot.pause()
    screen.query_one("#my-hand", HandView).focus()
    await pilot.pause()


def assert_labels(app, screen: AlamoScreen, *musts: str) -> None:
    """Each battle row's label whole, line by line (breakdown, total, outcome)."""
    for row in ("attack", "defence"):
        if screen.query_one(f"#{row}-row").display:
            label = screen.query_one(f"#{row}-label").render()
            assert_on_screen(app, *[line for line in str(label).split("\n") if line])
    assert_on_screen(app, screen.prompt_text(screen.view), *musts)


async def check(pilot, app, *keys: str, musts: tuple[str, ...] = ()) -> AlamoScreen:
    await settle(pilot, app)
    screen = app.screen
    assert isinstance(screen, AlamoScreen)
    assert_labels(app, screen, *musts)
    assert_footer(app, screen, *keys)
    await assert_rows(pilot, app, screen)
    return screen


def bombarding(state) -> bool:
    return state.phase == BOMBARD and state.active == 0 and len(state.sides[0].hand) >= 6


def paying_for_a_battle(state) -> bool:
    return state.phase == PAY and state.payment.cause == FOR_BATTLE and state.active == 0


def attacking(state) -> bool:
    return state.phase == ATTACK and len(state.sides[1].hand) >= 7


def repelling(state) -> bool:
    return state.phase == REPEL and len(state.sides[0].hand) >= 3


@fits
async def test_the_texan_bombardment(make_app, size, language):
    speak(language)
    app = make_app(opened(TEXAN_VS_BOT, 1, bombarding))
    async with app.run_test(size=size) as pilot:
        screen = await check(pilot, app, key("1-9", "Fire"), key("⏎", "Stop firing"))
        assert not screen.query_one("#attack-row").display  # nothing on the battle table


@fits
async def test_the_texan_defence(make_app, size, language):
    speak(language)
    app = make_app(opened(TEXAN_VS_BOT, 4, defending))
    async with app.run_test(size=size) as pilot:
        screen = await check(
            pilot, app, key("1-9", "Pick"), key("⏎", "Defend"), key("tab", "Next row")
        )
        attack = rules.attack_tally(screen.view.battle.attack)
        assert_on_screen(app, f"{attack.base} +{attack.bonus}", f"= {attack.total}")
        await pilot.press("1", "2")
        screen = await check(pilot, app, key("1-9", "Pick"), key("⏎", "Defend"))
        tally = rules.selection_tally(screen.view)
        assert_on_screen(app, f"= {tally.total}")


@fits
async def test_paying_for_a_lost_battle(make_app, size, language):
    speak(language)
    app = make_app(opened(TEXAN_VS_BOT, 1, paying_for_a_battle))
    async with app.run_test(size=size) as pilot:
        battle = app.screen.session.state.battle
        musts = won_and_lost(battle.difference)
        await check(pilot, app, key("1-9", "Pay"), key("a", "Auto-pay"), musts=musts)


@fits
async def test_building_a_mexican_attack(make_app, size, language):
    speak(language)
    app = make_app(opened(MEXICAN_VS_BOT, 1, attacking))
    async with app.run_test(size=size) as pilot:
        screen = await check(pilot, app, key("1-9", "Pick"), key("d", "Hold back"))
        assert key("⏎", "Attack") not in footer(app)  # nothing chosen yet: Enter cannot attack
        legal = {a.card for a in ALAMO.legal_actions(screen.session.state, 1) if hasattr(a, "card")}
        hand = screen.view.sides[1].hand
        for i, c in enumerate(hand):
            if c in legal and len(screen.view.selection) < 4:
                await pilot.press(str(i + 1))
                await pilot.pause()
        assert len(screen.view.selection) >= 2
        tally = rules.selection_tally(screen.view)
        keys = (key("1-9", "Pick"), key("⏎", "Attack"))[: 2 if tally.legal else 1]
        screen = await check(pilot, app, *keys)
        assert_on_screen(app, f"= {tally.total}")
        if not tally.legal:
            assert_on_screen(app, f"⚠ {_(tally.problems[0])}")


@fits
async def test_the_solitaire_artillery_payment(make_app, size, language):
    speak(language)
    app = make_app(opened(ALONE, 1, solitaire_artillery_after_a_battle))
    async with app.run_test(size=size) as pilot:
        screen = await check(pilot, app, key("1-9", "Pay"), key("a", "Auto-pay"))
        table = screen.view.sides[1].table
        assert_on_screen(app, f"= {rules.solitaire_tally(1, table).total}")
        assert screen.view.payment.cause == FOR_ARTILLERY


@fits
async def test_the_solitaire_assault_repelled(make_app, size, language):
    speak(language)
    app = make_app(opened(ALONE, 1, repelling))
    async with app.run_test(size=size) as pilot:
        screen = await check(pilot, app, key("1-9", "Pick"))
        assert key("⏎", "Confirm") not in footer(
            app
        )  # nothing chosen: the attack is not reached yet
        hand = screen.view.sides[0].hand
        for c in rules.repel_choices(hand, screen.view.battle.attack_total)[0]:
            await pilot.press(str(hand.index(c) + 1))
        screen = await check(pilot, app, key("1-9", "Pick"), key("⏎", "Confirm"))
        assert_on_screen(app, f"= {rules.selection_tally(screen.view).total}")


@fits
async def test_the_solitaire_after_a_breach(make_app, size, language):
    speak(language)
    app = make_app(opened(ALONE, 1, solitaire_roll_after_a_breach))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        state = app.screen.session.state
        assert state.phase == ROLL
        await check(pilot, app, key("⏎", "Roll"), musts=won_and_lost(state.battle.difference))


def seven_card_defence(state) -> bool:
    """Seed 1: the Texans face seven cards, three Compañías and two Batallones among them."""
    return state.phase == DEFEND and len(state.battle.attack) >= 7


@fits
async def test_a_seven_card_attack_names_each_card_apart(make_app, size, language):
    speak(language)
    app = make_app(opened(TEXAN_VS_BOT, 1, seven_card_defence))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        views = list(app.screen.query_one("#attack", HandView).query(CardView))
        assert len(views) == 7
        told: dict[str, set[str]] = {}
        for view in views:
            width, height = view.content_size
            rows = body(view.face, view.label, width, height, view.framed)
            lines = card_text(app, view).split("\n")
            name = " ".join(
                lines[i].strip() for i, (_, style) in enumerate(rows) if i and not style
            )
            assert name.strip() and "…" not in name, (view.face.title, name)
            told.setdefault(name.strip(), set()).add(view.face.title)
        assert all(len(titles) == 1 for titles in told.values()), told
