"""El Álamo: hands, the battle table with live totals, payments, and the solitaire's dice and
counters. Every click or key on a card becomes whatever the phase asks of that card."""

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
from engine.alamo.data import COUNTERS, HAND_LIMIT, KIND_NAMES, MEXICANS, SIDES, TEXANS, card
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
    AttackDeclined,
    AttackDrawn,
    Attacked,
    BattleResolved,
    Breached,
    CountersLost,
    DeckRebuilt,
    Defended,
    Discarded,
    Drew,
    Fired,
    GameEnded,
    HandLost,
    Paid,
    PaymentDue,
    Removed,
    Repelled,
    Returned,
    Revealed,
    Rolled,
    Shuffled,
    SurvivorsKept,
    TurnStarted,
)
from engine.core import HIDDEN
from tui.screens.game import STYLES, GameScreen
from tui.widgets.card import CardFace
from tui.widgets.counters import counters_text
from tui.widgets.dice import dice_text
from tui.widgets.hand import HandView
from tui.widgets.log import EventLog

LETTERS = {
    "leader": "L",
    "troop": "T",
    "artillery": "A",
    "equipment": "E",
    "tactic": "X",
    "morale": "M",
    "defence": "D",
}
CAUSES = {
    FOR_BOMBARDMENT: "the bombardment",
    FOR_BATTLE: "the lost battle",
    FOR_ARTILLERY: "the Mexican artillery",
    FOR_MUSKETS: "the Mexican muskets",
}
SELECTING = (ATTACK, DEFEND, SURVIVORS, REPEL)


def face(side: int, card_id: int, **extra) -> CardFace:
    if card_id == HIDDEN:
        return CardFace(title="", face_down=True, back_label=SIDES[side], kind="back")
    c = card(side, card_id)
    corner = f"{LETTERS[c.kind]} ×2" if c.double else f"{LETTERS[c.kind]} {c.strength}"
    footer = KIND_NAMES[c.kind] + (f" · {c.column}" if c.column and c.kind == "troop" else "")
    return CardFace(
        title=c.name, corner=corner, footer=footer, hint=c.note, kind=f"alamo-{c.kind}", **extra
    )


def names(side: int, cards) -> str:
    return ", ".join(card(side, c).name for c in cards if c != HIDDEN)


def tally_text(tally, label: str) -> Text:
    text = Text(f"{label}\n", style="bold")
    if tally is None:
        return text
    text.append(f"{tally.base}")
    if tally.bonus:
        text.append(f" +{tally.bonus}")
    if tally.doubles:
        text.append(" ×2" + (f" +{50 * (tally.doubles - 1)}" if tally.doubles > 1 else ""))
    text.append(f"\n= {tally.total}", style="bold")
    for problem in tally.problems:
        text.append(f"\n⚠ {problem}", style="bold red")
    return text


class AlamoScreen(GameScreen):
    BINDINGS = [
        Binding("enter", "done", "Done"),
        Binding("d", "decline", "Decline attack"),
        Binding("t", "top_of_deck", "Pay top of deck"),
        Binding("a", "auto_pay", "Auto-pay"),
    ]
    CSS_PATH = STYLES / "alamo.tcss"

    def compose_board(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Static(id="opp-head", classes="side-head")
            with Horizontal(id="attack-row", classes="battle-row"):
                yield Static(id="attack-label", classes="row-label")
                yield HandView(id="attack")
            with Horizontal(id="defence-row", classes="battle-row"):
                yield Static(id="defence-label", classes="row-label")
                yield HandView(id="defence")
            yield Static(id="verdict")
            yield HandView(id="my-hand", numbered=True)
            yield Static(id="my-head", classes="side-head")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both, subclass first).
        self.query_one("#my-hand", HandView).focus()

    @property
    def solitaire(self) -> bool:
        return self.session.state.mode == SOLITAIRE

    @property
    def me(self) -> int:
        return self.viewer

    @property
    def them(self) -> int:
        return 1 - self.viewer

    # --- what my cards row holds, and what a touch on a card means ---------------------------
    def my_cards(self, view) -> tuple[int, ...]:
        """My hand, except while picking survivors: then my cards on the battle table."""
        side = view.sides[self.me]
        if view.phase == SURVIVORS and view.active == self.me:
            return side.table
        return side.hand

    def card_action(self, view, card_id: int):
        if view.phase in (BOMBARD, FIRE):
            return Fire(card_id)
        if view.phase == PAY:
            return PayWith(card_id)
        if view.phase == DISCARD:
            return Discard(card_id) if self.me == MEXICANS else ReturnToDeck(card_id)
        if view.phase in SELECTING:
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
        mine = []
        for c in self.my_cards(view):
            marked = c in chosen
            mine.append(
                face(
                    me,
                    c,
                    selected=marked,
                    note="✓" if marked else "",
                    dim=bool(playable) and c not in playable and not marked,
                )
            )
        self.query_one("#my-hand", HandView).set_cards(mine)
        self.render_battle(view)
        self.query_one("#opp-head", Static).update(self.head(view, them))
        self.query_one("#my-head", Static).update(self.head(view, me))
        self.query_one("#verdict", Static).update(self.verdict(view))
        log = self.query_one(EventLog)
        log.show([line for e in view.log if (line := self.describe(e)) is not None])

    def render_battle(self, view) -> None:
        attack: tuple[int, ...] = ()
        defence: tuple[int, ...] = ()
        attack_tally = defence_tally = None
        battle = view.battle
        composing = view.active == self.me and view.phase in (ATTACK, DEFEND, REPEL)
        if battle is not None:
            attack, defence = battle.attack, battle.defence
        elif view.sides[MEXICANS].table:
            attack = view.sides[MEXICANS].table
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
        attack_label = tally_text(attack_tally, "ATTACK")
        defence_label = tally_text(defence_tally, "DEFENCE")
        if attack_tally is None and battle is not None:
            attack_label.append(f"= {battle.attack_total}", style="bold")
        if defence_tally is None and battle is not None and battle.defence_total:
            defence_label.append(f"= {battle.defence_total}", style="bold")
        if self.solitaire and attack and not view.revealed and battle is None:
            attack_label.append(f"{len(attack)} face down", style="dim")
        self.query_one("#attack-label", Static).update(attack_label)
        self.query_one("#defence-label", Static).update(defence_label)
        self.query_one("#attack", HandView).set_cards([face(MEXICANS, c) for c in attack])
        self.query_one("#defence", HandView).set_cards([face(TEXANS, c) for c in defence])

    def head(self, view, side: int) -> Text:
        s = view.sides[side]
        text = Text()
        text.append(f" {SIDES[side].upper()} ", style="reverse bold")
        if side < len(self.seats):
            text.append(f" {self.seat_name(side, with_label=False)}")
        elif side == MEXICANS:
            text.append(" Santa Anna's army (the dice)")
        text.append("  │  ", style="dim")
        text.append(f"deck {len(s.deck)} · discard {len(s.discard)}", style="dim")
        if side != self.me or not self.is_human(self.me):
            if not (self.solitaire and side == MEXICANS):
                text.append("  │  ", style="dim")
                text.append(f"hand {len(s.hand)} " + "▚" * len(s.hand))
        if self.solitaire and side == TEXANS:
            text.append("  │  ")
            text.append_text(counters_text(view.counters, COUNTERS, "men"))
        if self.solitaire and side == MEXICANS and view.dice:
            text.append("  │  ")
            text.append_text(dice_text(view.dice, "dice"))
        return text

    def verdict(self, view) -> Text:
        for event in reversed(view.log):
            if isinstance(event, TurnStarted):
                break
            if isinstance(event, (BattleResolved, Repelled, Breached)):
                return Text(self.describe(event) or "", style="bold")
        return Text(f"Turn {view.turn}", style="bold")

    def prompt_text(self, view) -> str:
        if view.phase == OVER:
            return f"Game over — {view.reason}  (n: new game, escape: menu)"
        if not self.my_turn:
            who = SIDES[view.active]
            if self.is_human(self.me) or self.solitaire:
                return f"Waiting for the {who}…"
            return "Bots at war."
        phase = view.phase
        if phase == ROLL:
            return "Enter: roll for the next turn."
        if phase == BOMBARD:
            return "Bombardment: pick an Artillery card to fire, Enter when done."
        if phase == FIRE:
            return "More guns than targets: pick the ones that fire."
        if phase == PAY:
            p = view.payment
            top = (
                ", t: top of deck"
                if any(
                    isinstance(a, PayTopOfDeck)
                    for a in self.game.legal_actions(self.session.state, self.me)
                )
                else ""
            )
            return (
                f"Pay {p.due} more for {CAUSES.get(p.cause, p.cause)}: pick cards{top}, "
                "a: cheapest payment."
            )
        if phase == DISCARD:
            verb = "discard" if self.me == MEXICANS else "put back into your deck"
            extra = len(view.sides[self.me].hand) - HAND_LIMIT
            return f"Too many cards: {verb} {extra} more."
        if phase == ATTACK:
            return "Attack: pick the cards, Enter to attack, d to hold back this turn."
        if phase == DEFEND:
            return "Defend: pick the cards (or none), Enter to defend."
        if phase == SURVIVORS:
            return (
                f"You won by {view.battle.difference}: pick played cards worth up to that "
                "to keep; Enter."
            )
        if phase == REPEL:
            return "Repelled! Pick the cards you used to reach the attack; Enter."
        return ""

    # --- the log -----------------------------------------------------------------------------
    def describe(self, e) -> str | None:
        side = SIDES
        if isinstance(e, TurnStarted):
            return f"[b]— Turn {e.turn} —[/b]"
        if isinstance(e, Drew):
            if e.cards:
                return f"You draw {names(e.seat, e.cards)}."
            if e.seat == self.me and self.is_human(self.me):
                return None
            return f"The {side[e.seat]} draw {e.count}."
        if isinstance(e, DeckRebuilt):
            return f"The {side[e.seat]} shuffle {e.cards} discards into a new deck."
        if isinstance(e, Rolled):
            return f"Die for the {'draw' if e.purpose == 'draw' else 'attack'}: {e.value}."
        if isinstance(e, AttackDrawn):
            return f"{e.count} Mexican cards come face down."
        if isinstance(e, Fired):
            return f"The {side[e.seat]} fire {card(e.seat, e.card).name}."
        if isinstance(e, Removed):
            return f"It knocks out {card(MEXICANS, e.card).name}."
        if isinstance(e, Revealed):
            return f"The attack: {names(MEXICANS, e.cards) or 'nothing left'}."
        if isinstance(e, PaymentDue):
            return f"The {side[e.payer]} owe {e.amount} for {CAUSES.get(e.cause, e.cause)}."
        if isinstance(e, Paid):
            where = "the top of the deck: " if e.from_deck else ""
            return f"  paid with {where}{card(e.seat, e.card).name} ({e.value})."
        if isinstance(e, CountersLost):
            return (
                f"[b]{e.count} section{'s' if e.count != 1 else ''} of men lost[/b] "
                f"for {e.points} points ({e.left} left)."
            )
        if isinstance(e, HandLost):
            return f"The {side[e.seat]} lose the whole hand ({len(e.cards)} cards)."
        if isinstance(e, Discarded):
            return f"The {side[e.seat]} discard {card(e.seat, e.card).name}."
        if isinstance(e, Returned):
            if e.cards:
                return f"You put back {names(e.seat, e.cards)}."
            return f"The {side[e.seat]} put {e.count} cards back into the deck."
        if isinstance(e, Shuffled):
            return f"The {side[e.seat]} shuffle their deck."
        if isinstance(e, AttackDeclined):
            return "The Mexicans hold back this turn."
        if isinstance(e, Attacked):
            return f"[b]Attack[/b] ({e.total}): {names(MEXICANS, e.cards)}."
        if isinstance(e, Defended):
            return f"[b]Defence[/b] ({e.total}): {names(TEXANS, e.cards) or 'nothing'}."
        if isinstance(e, BattleResolved):
            if e.winner is None:
                return f"Attack {e.attack_total} against defence {e.defence_total}: a tie."
            return (
                f"Attack {e.attack_total} against defence {e.defence_total}: "
                f"the {side[e.winner]} win by {e.difference}."
            )
        if isinstance(e, SurvivorsKept):
            kept = names(e.seat, e.cards)
            return f"The {side[e.seat]} keep {kept or 'nothing'} and shuffle it into the deck."
        if isinstance(e, Repelled):
            return (
                f"[b]Repelled[/b]: defence {e.defence_total} against {e.attack_total}; "
                f"used {names(TEXANS, e.used) or 'only the walls'}."
            )
        if isinstance(e, Breached):
            return (
                f"[b]Breach[/b]: defence {e.defence_total} against {e.attack_total}, "
                f"{e.shortfall} short."
            )
        if isinstance(e, GameEnded):
            return f"[b]{e.reason}[/b]"
        return None

    # --- input -------------------------------------------------------------------------------
    def on_hand_view_toggled(self, event: HandView.Toggled) -> None:
        if event.hand.id != "my-hand" or self.view is None:
            return
        view = self.view
        cards = self.my_cards(view)
        if not self.my_turn or event.index >= len(cards):
            return
        action = self.card_action(view, cards[event.index])
        if action is None:
            self.notify("Nothing to do with a card just now.", severity="warning")
            return
        self.act(action)

    def action_done(self) -> None:
        view = self.view
        if view is None:
            return
        if view.phase == OVER:
            self.show_result(self.game.outcome(self.session.state))
        elif view.phase == ROLL:
            self.act(Roll())
        elif view.phase == BOMBARD:
            self.act(StopFiring())
        elif view.phase in SELECTING:
            self.act(Confirm())
        elif view.phase == PAY:
            self.notify("Pick the cards to pay with, t for the top of your deck, or a.")

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

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        if view is None or action not in ("done", "decline", "top_of_deck", "auto_pay"):
            return True
        if view.phase == OVER:
            return action == "done"
        if not self.my_turn:
            return False
        legal = self.game.legal_actions(self.session.state, self.me)
        if action == "decline":
            return any(isinstance(a, Decline) for a in legal)
        if action == "top_of_deck":
            return any(isinstance(a, PayTopOfDeck) for a in legal)
        if action == "auto_pay":
            return view.phase == PAY
        return view.phase in (ROLL, BOMBARD, *SELECTING)
