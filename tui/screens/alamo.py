"""El Álamo: hands, the battle table with live totals, payments, and the solitaire's dice and
counters. Every click or key on a card becomes whatever the phase asks of that card.

The battle rows show only when they hold cards, each with its breakdown (printed strength,
bonuses, DOUBLE) and, once fought, who won by how much. At 80×24 cards are narrow: names are
abbreviated, the bonus line shortened ("+10 Bowie"), and the line under your hand spells out
the card under the cursor (Tab moves the cursor to the battle rows)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.alamo import rules
from engine.alamo.actions import (
    AddCard,
    Confirm,
    Decline,
    Discard,
    Fire,
    PayTopOfDeck,
    PayWith,
    RemoveCard,
    ReturnToDeck,
    Roll,
    StopFiring,
)
from engine.alamo.data import (
    COUNTERS,
    HAND_LIMIT,
    MEXICANS,
    TEXANS,
    card,
)
from engine.alamo.state import (
    ATTACK,
    BOMBARD,
    DEFEND,
    DISCARD,
    FIRE,
    FOR_ARTILLERY,
    FOR_BATTLE,
    FOR_BOMBARDMENT,
    FOR_MUSKETS,
    OVER,
    PAY,
    REPEL,
    ROLL,
    SOLITAIRE,
    SURVIVORS,
    Breached,
    Repelled,
    TurnStarted,
)
from engine.i18n import N_, _, ngettext, number, pgettext
from tui.screens.game import STYLES, GameScreen
from tui.widgets.alamo_battle import results, tally_text
from tui.widgets.alamo_cards import by_side, face, side_name, spelled
from tui.widgets.alamo_log import describe
from tui.widgets.counters import counters_text
from tui.widgets.dice import dice_text
from tui.widgets.hand import CardDetailLine, HandView
from tui.widgets.log import EventLog

PAY_MORE = {
    FOR_BOMBARDMENT: N_("Pay {due} more for the bombardment: pick cards to pay with."),
    FOR_BATTLE: N_("Pay {due} more for the lost battle: pick cards to pay with."),
    FOR_ARTILLERY: N_("Pay {due} more for the Mexican artillery: pick cards to pay with."),
    FOR_MUSKETS: N_("Pay {due} more for the Mexican muskets: pick cards to pay with."),
}
# The same prompts before anything is paid: nothing is "more" yet.
PAY_FIRST = {
    FOR_BOMBARDMENT: N_("Pay {due} for the bombardment: pick cards to pay with."),
    FOR_BATTLE: N_("Pay {due} for the lost battle: pick cards to pay with."),
    FOR_ARTILLERY: N_("Pay {due} for the Mexican artillery: pick cards to pay with."),
    FOR_MUSKETS: N_("Pay {due} for the Mexican muskets: pick cards to pay with."),
}
SELECTING = (ATTACK, DEFEND, SURVIVORS, REPEL)
ROWS = ("my-hand", "attack", "defence")  # the card rows, in the order Tab visits them


def row_name(row: str) -> str:
    """The battle row a card lies in ("Attack 3: …"), a noun."""
    if row == "attack":
        return pgettext("battle row", "Attack")
    return pgettext("battle row", "Defence")


class AlamoScreen(CardDetailLine, GameScreen, inherit_bindings=False):
    # The game's keys first in the footer. One key may do different things by phase: the
    # first binding whose action applies now runs, and the footer shows only that one.
    GAME_KEYS = [
        *(
            Binding("enter", f"done('{what}')", label)
            for what, label in (
                ("roll", N_("Roll")),
                ("stop", N_("Stop firing")),
                ("attack", N_("Attack")),
                ("defend", N_("Defend")),
                ("keep", N_("Keep")),
                ("repel", N_("Confirm")),
                ("result", N_("Result")),
            )
        ),
        *(
            binding
            for verb, label in (
                ("fire", N_("Fire")),
                ("pay", N_("Pay")),
                ("pick", N_("Pick")),
                ("discard", N_("Discard")),
                ("put_back", N_("Put back")),
            )
            for binding in (
                Binding("1", f"card('{verb}', 0)", label, key_display="1-9", priority=True),
                *(
                    Binding(str(n), f"card('{verb}', {n - 1})", show=False, priority=True)
                    for n in range(2, 10)
                ),
            )
        ),
        Binding("t", "top_of_deck", N_("Top of deck")),
        Binding("a", "auto_pay", N_("Auto-pay")),
        Binding("d", "decline", N_("Hold back")),
        Binding("tab", "next_row", N_("Next row")),
        Binding("n", "new_game", N_("New game")),
    ]
    GAME_ACTIONS = {"done", "card", "top_of_deck", "auto_pay", "decline", "next_row", "new_game"}
    BINDINGS = [*GAME_KEYS, *GameScreen.BINDINGS]
    CSS_PATH = STYLES / "alamo.tcss"
    WATCH_ACTIONS = frozenset({"next_row", ("done", ("result",))})

    def __init__(self, session) -> None:
        super().__init__(session)
        self.details: dict[str, list[list[str]]] = {row: [] for row in ROWS}

    def compose_board(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Static(id="opp-head", classes="side-head")
            with Horizontal(id="attack-row", classes="battle-row"):
                yield Static(id="attack-label", classes="row-label")
                yield HandView(id="attack")
            with Horizontal(id="defence-row", classes="battle-row"):
                yield Static(id="defence-label", classes="row-label")
                yield HandView(id="defence")
            yield HandView(id="my-hand", numbered=True)
            yield Static(id="detail")
            yield Static(id="my-head", classes="side-head")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both, subclass first).
        self.query_one("#my-hand", HandView).focus()

    def on_resize(self) -> None:
        """The cards and labels change form with the size (the base class redraws them)."""
        super().on_resize()

    @property
    def solitaire(self) -> bool:
        return self.session.state.mode == SOLITAIRE

    @property
    def me(self) -> int:
        """The side at the bottom: the viewer's, or the Texans' for a spectator (whose row then
        shows their cards face down: no hand is the spectator's own)."""
        return TEXANS if self.viewer is None else self.viewer

    @property
    def them(self) -> int:
        return 1 - self.me

    # --- what my cards row holds, and what a touch on a card means ---------------------------
    def my_cards(self, view) -> tuple[int, ...]:
        """My hand, except while picking survivors: then my cards on the battle table."""
        side = view.sides[self.me]
        if view.phase == SURVIVORS and view.active == self.me:
            return side.table
        return side.hand

    def card_verb(self, view) -> str | None:
        """What a touch on one of my cards does now (None: nothing)."""
        if not self.my_turn:
            return None
        if view.phase in (BOMBARD, FIRE):
            return "fire"
        if view.phase == PAY:
            return "pay"
        if view.phase == DISCARD:
            return "discard" if self.me == MEXICANS else "put_back"
        if view.phase in SELECTING:
            return "pick"
        return None

    def card_action(self, view, card_id: int):
        verb = self.card_verb(view)
        if verb == "fire":
            return Fire(card_id)
        if verb == "pay":
            return PayWith(card_id)
        if verb == "discard":
            return Discard(card_id)
        if verb == "put_back":
            return ReturnToDeck(card_id)
        if verb == "pick":
            return RemoveCard(card_id) if card_id in view.selection else AddCard(card_id)
        return None

    def playable(self, view) -> set[int]:
        if not self.my_turn:
            return set()
        legal = self.game.legal_actions(self.session.state, self.me)
        return {a.card for a in legal if hasattr(a, "card")}

    # --- drawing -------------------------------------------------------------------------------
    def render_view(self, view) -> None:
        me, them = self.me, self.them
        playable = self.playable(view)
        chosen = set(view.selection)
        mine, details = [], []
        for i, c in enumerate(self.my_cards(view)):
            marked = c in chosen
            idle = bool(playable) and c not in playable and not marked
            mine.append(face(me, c, selected=marked, note="✓" if marked else "", dim=idle))
            status = _("chosen") if marked else (_("cannot be played now") if idle else "")
            details.append(spelled(me, c, i + 1, side_name(me), status))
        self.details["my-hand"] = details
        self.query_one("#my-hand", HandView).set_cards(mine)
        self.render_battle(view)
        self.query_one("#opp-head", Static).update(self.head(view, them))
        self.query_one("#my-head", Static).update(self.head(view, me))
        self.show_detail()
        log = self.query_one(EventLog)
        log.show(self.logged(view))

    def shown_battle(self, view):
        """The battle to show and whether it is last turn's. The solitaire keeps its last
        assault in the state until the next one: this turn's is shown, last turn's until the
        roll (labelled), an older one (a turn whose attack was all shot away came between)
        never."""
        battle = view.battle
        if battle is None or not self.solitaire or view.phase == REPEL:
            return battle, False
        turns_back = 0
        for event in reversed(view.log):
            if isinstance(event, (Repelled, Breached)):
                break
            if isinstance(event, TurnStarted):
                turns_back += 1
        if turns_back == 0:
            return battle, False
        if turns_back == 1 and view.phase in (ROLL, OVER):
            return battle, True
        return None, False

    def render_battle(self, view) -> None:
        attack: tuple[int, ...] = ()
        defence: tuple[int, ...] = ()
        attack_tally = defence_tally = None
        battle, past = self.shown_battle(view)
        composing = view.active == self.viewer and view.phase in (ATTACK, DEFEND, REPEL)
        count = rules.solitaire_tally if self.solitaire else None
        if battle is not None:
            attack = battle.attack
            attack_tally = count(MEXICANS, attack) if count else rules.attack_tally(attack)
            if battle.defence or battle.resolved:
                defence = battle.defence
                defence_tally = count(TEXANS, defence) if count else rules.defence_tally(defence)
        elif view.sides[MEXICANS].table:  # the solitaire's attack, before the assault
            attack = view.sides[MEXICANS].table
            if view.revealed:
                attack_tally = rules.solitaire_tally(MEXICANS, attack)
        if composing and view.phase == ATTACK:
            attack = view.selection
            attack_tally = rules.selection_tally(view)
        elif composing and view.phase == DEFEND:
            defence = view.selection
            defence_tally = rules.selection_tally(view)
        elif composing and view.phase == REPEL:
            hand = view.sides[TEXANS].hand
            defence = tuple(c for c in hand if card(TEXANS, c).kind == "defence") + view.selection
            defence_tally = rules.selection_tally(view)
        outcome = results(battle)
        if past:  # last turn's assault, until the roll
            turn = number(view.turn - 1)
            titles = (
                _("TURN {turn} ATTACK").format(turn=turn),
                _("TURN {turn} DEFENCE").format(turn=turn),
            )
        else:
            titles = (_("ATTACK"), _("DEFENCE"))
        hidden = ""
        if self.solitaire and attack and not view.revealed and battle is None:
            hidden = _("{count} face down").format(count=number(len(attack)))
        attack_label = tally_text(titles[0], attack_tally, outcome[0], hidden)
        defence_label = tally_text(titles[1], defence_tally, outcome[1])
        show_attack = bool(attack) or (composing and view.phase == ATTACK)
        show_defence = bool(defence) or defence_tally is not None
        self.query_one("#attack-row").display = show_attack
        self.query_one("#defence-row").display = show_defence
        self.query_one("#attack-label", Static).update(attack_label)
        self.query_one("#defence-label", Static).update(defence_label)
        self.query_one("#attack", HandView).set_cards([face(MEXICANS, c) for c in attack])
        self.query_one("#defence", HandView).set_cards([face(TEXANS, c) for c in defence])
        self.details["attack"] = [
            spelled(MEXICANS, c, i + 1, row_name("attack")) for i, c in enumerate(attack)
        ]
        self.details["defence"] = [
            spelled(TEXANS, c, i + 1, row_name("defence")) for i, c in enumerate(defence)
        ]
        for row in ("attack", "defence"):
            hand = self.query_one(f"#{row}", HandView)
            hand.can_focus = bool(self.details[row])
            if not hand.can_focus and hand.has_focus:
                self.query_one("#my-hand", HandView).focus()

    def on_hand_view_highlighted(self, event: HandView.Highlighted) -> None:
        self.show_detail()

    def head(self, view, side: int) -> Text:
        s = view.sides[side]
        bar = " │ " if self.has_class("compact") else "  │  "
        text = Text()
        text.append(f" {side_name(side).upper()} ", style="reverse bold")
        if side < len(self.seats):
            text.append(f" {self.seat_name(side, with_label=False)}")
        elif side == MEXICANS:
            text.append(" " + _("Santa Anna's army (the dice)"))
        text.append(bar, style="dim")
        piles = _("deck {deck} · discard {discard}")
        text.append(piles.format(deck=len(s.deck), discard=len(s.discard)), style="dim")
        if side != self.viewer or not self.is_human(self.viewer):
            if not (self.solitaire and side == MEXICANS):
                text.append(bar, style="dim")
                hand = _("hand {count}").format(count=len(s.hand))
                text.append(f"{hand} " + "▚" * len(s.hand))
        if self.solitaire and side == TEXANS:
            text.append(bar, style="dim")
            text.append_text(counters_text(view.counters, COUNTERS, _("men")))
        if self.solitaire and side == MEXICANS and view.dice:
            text.append(bar, style="dim")
            text.append_text(dice_text(view.dice, _("dice")))
        return text

    def fits(self, text: str) -> bool:
        """Whether a prompt is whole on the status line (one column of padding a side)."""
        return len(text) <= self.app.size.width - 2

    def prompt_text(self, view) -> str:
        if view.phase == OVER:
            said = _("Game over — {reason}").format(reason=rules.end_reason(view))
            return said if self.fits(said) else _("Game over (see the log).")
        if not self.my_turn:
            if self.is_human(self.me) or self.solitaire:
                return by_side(
                    view.active, N_("Waiting for the Texans…"), N_("Waiting for the Mexicans…")
                )
            return _("Bots at war.")
        phase = view.phase
        tally = rules.selection_tally(view)
        if tally is not None and tally.problems and view.selection:
            return f"⚠ {_(tally.problems[0])}"
        if phase == ROLL:
            return _("Enter: roll the dice for the next turn.")
        if phase == BOMBARD:
            return by_side(
                self.them,
                N_("Bombardment: fire Artillery cards at the Texans; Enter to stop."),
                N_("Bombardment: fire Artillery cards at the Mexicans; Enter to stop."),
            )
        if phase == FIRE:
            return _("More guns than targets: pick the ones that fire.")
        if phase == PAY:
            p = view.payment
            if p.paid:
                asked = PAY_MORE.get(p.cause, N_("Pay {due} more: pick cards to pay with."))
            else:
                asked = PAY_FIRST.get(p.cause, N_("Pay {due}: pick cards to pay with."))
            return _(asked).format(due=p.due)
        if phase == DISCARD:
            extra = len(view.sides[self.me].hand) - HAND_LIMIT
            if self.me == MEXICANS:
                said = ngettext(
                    "Too many cards: discard {count} more card.",
                    "Too many cards: discard {count} more cards.",
                    extra,
                )
            else:
                said = ngettext(
                    "Too many cards: put {count} more card back into your deck.",
                    "Too many cards: put {count} more cards back into your deck.",
                    extra,
                )
            return said.format(count=number(extra))
        if phase == ATTACK:
            return _("Attack: pick the cards, then Enter; d holds back this turn.")
        if phase == DEFEND:
            return _("Defend: pick the cards (or none), then Enter.")
        if phase == SURVIVORS:
            d = view.battle.difference
            return _(
                "You won by {difference}: pick played cards worth up to {difference} to keep, "
                "then Enter."
            ).format(difference=d)
        if phase == REPEL:
            return _("Repelled! Pick the cards you used to reach the attack, then Enter.")
        return ""

    # --- the log -----------------------------------------------------------------------------
    def describe(self, e, view=None) -> str | None:
        """The log's sentence for an event (``tui.widgets.alamo_log``), as this seat reads it."""
        human = self.viewer is not None and self.is_human(self.viewer)
        return describe(e, view, self.viewer, human)

    # --- input -------------------------------------------------------------------------------
    def on_hand_view_toggled(self, event: HandView.Toggled) -> None:
        if event.hand.id != "my-hand" or self.view is None:
            return
        self.touch(event.index)

    def touch(self, index: int) -> None:
        """A key or click on my card ``index``: whatever the phase asks of it."""
        view = self.view
        cards = self.my_cards(view)
        if not self.my_turn or index >= len(cards):
            return
        self.query_one("#my-hand", HandView).cursor = index
        action = self.card_action(view, cards[index])
        if action is None:
            self.notify(_("Nothing to do with a card just now."), severity="warning")
            return
        self.act(action)

    def action_card(self, verb: str, index: int) -> None:
        if self.view is not None and self.card_verb(self.view) == verb:
            self.touch(index)

    def action_done(self, what: str) -> None:
        view = self.view
        if view is None:
            return
        if view.phase == OVER:
            self.show_result(self.match.outcome())
        elif view.phase == ROLL:
            self.act(Roll())
        elif view.phase == BOMBARD:
            self.act(StopFiring())
        elif view.phase in SELECTING:
            self.act(Confirm())

    def action_decline(self) -> None:
        self.act(Decline())

    def action_top_of_deck(self) -> None:
        self.act(PayTopOfDeck())

    def action_auto_pay(self) -> None:
        """Pay the whole debt the cheapest legal way, one engine step at a time."""
        payer = self.me
        while self.my_turn and self.view.phase == PAY:
            step = rules.auto_payment(self.session.view(payer))
            if step is None or not self._apply(payer, step, advance=False):
                break
        self.advance()

    def rows_with_cards(self) -> list[HandView]:
        rows = [self.query_one(f"#{row}", HandView) for row in ROWS]
        return [row for row in rows if row.faces and row.can_focus and row.display]

    def action_next_row(self) -> None:
        rows = self.rows_with_cards()
        if len(rows) < 2:
            return
        at = rows.index(self.focused) if self.focused in rows else -1
        rows[(at + 1) % len(rows)].focus()

    def action_new_game(self) -> None:
        self.new_game_same_setup()

    def enter_means(self, view) -> str | None:
        if view.phase == OVER:
            return "result"
        if not self.my_turn:
            return None
        return {
            ROLL: "roll",
            BOMBARD: "stop",
            ATTACK: "attack",
            DEFEND: "defend",
            SURVIVORS: "keep",
            REPEL: "repel",
        }.get(view.phase)

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        if view is None or action not in self.GAME_ACTIONS:
            return True
        if action == "done":
            if self.enter_means(view) != parameters[0]:
                return False
            if view.phase in SELECTING:  # an attack that breaks a limit cannot be confirmed
                legal = self.game.legal_actions(self.session.state, self.me)
                return any(isinstance(a, Confirm) for a in legal)
            return True
        if action == "next_row":
            return len(self.rows_with_cards()) > 1
        if action == "new_game":
            return view.phase == OVER and not self.at_table
        if view.phase == OVER or not self.my_turn:
            return False
        if action == "card":
            return self.card_verb(view) == parameters[0]
        legal = self.game.legal_actions(self.session.state, self.me)
        if action == "decline":
            return any(isinstance(a, Decline) for a in legal)
        if action == "top_of_deck":
            return any(isinstance(a, PayTopOfDeck) for a in legal)
        if action == "auto_pay":
            return view.phase == PAY
        return True
