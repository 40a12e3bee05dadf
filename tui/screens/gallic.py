"""La Guerra Gallica: two hands, the exchange, the reveal, the battle track and the log."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.core import HIDDEN
from engine.gallic import rules
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import MAX_EXCHANGE, ROME, SIDES, TYPE_NAMES, card
from engine.gallic.scoring import score
from engine.gallic.state import (
    DISCARD,
    OVER,
    REVEAL,
    BattleResolved,
    BattleStarted,
    Exchanged,
    GameEnded,
    Reshuffled,
)
from tui.screens.game import STYLES, GameScreen
from tui.widgets.card import CardFace
from tui.widgets.hand import HandView
from tui.widgets.log import EventLog


def subject(side: int, start: bool = True) -> str:
    if side == ROME:
        return "Rome"
    return "The Gauls" if start else "the Gauls"


def verb(side: int, word: str) -> str:
    """Rome is one city, the Gauls are many: "Rome wins", "the Gauls win"."""
    return (
        f"{word}es"
        if side == ROME and word.endswith("sh")
        else (f"{word}s" if side == ROME else word)
    )


def face(side: int, card_id: int, **extra) -> CardFace:
    if card_id == HIDDEN:
        return CardFace(title="", face_down=True, back_label=SIDES[side], kind="back")
    c = card(side, card_id)
    return CardFace(
        title=c.name,
        corner=f"{c.kind} {c.strength:+d}" if c.kind == "P" else f"{c.kind} {c.strength}",
        footer=TYPE_NAMES[c.kind],
        kind=c.kind,
        **extra,
    )


class GallicScreen(GameScreen):
    BINDINGS = [
        Binding("enter", "confirm", "Confirm"),
        Binding("x", "clear", "Clear marks"),
    ]
    CSS_PATH = STYLES / "gallic.tcss"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.selected: set[int] = set()  # card ids marked for exchange (UI only)

    def compose_board(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Static(id="opp-head", classes="side-head")
            yield HandView(id="opp-hand")
            with Horizontal(id="middle"):
                yield Static(id="track")
                yield Static(id="verdict")
            yield HandView(id="my-hand", numbered=True)
            yield Static(id="my-head", classes="side-head")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both, subclass first).
        self.query_one("#my-hand", HandView).focus()

    # --- reading the view -------------------------------------------------------------------
    @property
    def me(self) -> int:
        return self.viewer

    @property
    def them(self) -> int:
        return 1 - self.viewer

    def render_view(self, view) -> None:
        me, them = self.me, self.them
        mine, theirs = view.sides[me], view.sides[them]
        reveal = view.phase in (REVEAL, OVER) and view.battles
        battle = view.battles[-1] if reveal else None
        self.selected &= set(mine.hand)
        if view.phase != DISCARD or me in view.chosen:
            self.selected.clear()

        if battle is not None:
            my_cards = self.revealed_faces(me, battle)
            their_cards = self.revealed_faces(them, battle)
        else:
            my_cards = [
                face(me, c, selected=c in self.selected, note="swap" if c in self.selected else "")
                for c in mine.hand
            ]
            their_cards = [face(them, c) for c in theirs.hand]
        self.query_one("#my-hand", HandView).set_cards(my_cards)
        self.query_one("#opp-hand", HandView).set_cards(their_cards)
        self.query_one("#my-head", Static).update(self.side_head(view, me, battle))
        self.query_one("#opp-head", Static).update(self.side_head(view, them, battle))
        self.query_one("#track", Static).update(self.track_text(view))
        self.query_one("#verdict", Static).update(self.verdict_text(view, battle))
        log = self.query_one(EventLog)
        log.show([line for e in view.log if (line := self.describe(e)) is not None])

    def revealed_faces(self, side: int, battle) -> list[CardFace]:
        counted = {c.card: c.as_kind for c in battle.counted[side]}
        out = []
        for c in battle.hands[side]:
            kind = counted.get(c)
            original = card(side, c).kind
            if kind is None:
                out.append(face(side, c, dim=True, note="—"))
            elif kind != original:
                note = f"→{kind}" if self.has_class("compact") else f"as {kind}"
                out.append(face(side, c, note=note))
            else:
                out.append(face(side, c, note="✓"))
        return out

    def side_head(self, view, side: int, battle) -> Text:
        s = view.sides[side]
        text = Text()
        text.append(f" {SIDES[side].upper()} ", style="reverse bold")
        text.append(f" {self.seat_name(side, with_label=False)}")
        text.append("  │  ", style="dim")
        text.append(f"deck {len(s.deck)} · discard {len(s.discard)}", style="dim")
        if battle is not None:
            text.append("  │  ", style="dim")
            text.append(f"total {battle.totals[side]}", style="bold")
        elif view.phase == DISCARD and side in view.chosen:
            exchanged = len(s.exchanged)
            text.append("  │  ", style="dim")
            text.append(f"✔ exchanged {exchanged}", style="bold")
        elif view.phase == DISCARD and side == self.me and self.selected:
            total, _ = score(side, tuple(c for c in s.hand if c not in self.selected))
            text.append("  │  ", style="dim")
            text.append(f"marked {len(self.selected)}, the rest counts {total}", style="bold")
        if side == self.me and view.phase == DISCARD and side not in view.chosen:
            total, _ = score(side, s.hand)
            text.append("  │  ", style="dim")
            text.append(f"hand counts {total}")
        return text

    def track_text(self, view) -> Text:
        text = Text("Battles ", style="bold")
        compact = self.has_class("compact")
        for n in range(1, view.battles_to_play + 1):
            result = view.battles[n - 1] if n <= len(view.battles) else None
            if result is None:
                mark, style = ("▸" if n == view.number and view.phase == DISCARD else "·"), "dim"
                text.append(f"{n}{mark} " if compact else f" {n} {mark}  ", style=style)
                continue
            if result.winner is None:
                mark, style = "=", "yellow"
            else:
                mark = SIDES[result.winner][0]
                style = "bold green" if result.winner == self.me else "bold red"
            text.append(f"{n}{mark} " if compact else f" {n} {mark} ", style=style)
            if not compact:
                text.append(f"{result.totals[0]}:{result.totals[1]} ", style="dim")
        r, g = rules.streaks(view)
        wins = rules.wins(view)
        text.append(f"\nWins Rome {wins[0]} · Gauls {wins[1]}")
        if r or g:
            side = 0 if r else 1
            text.append("  │  ", style="dim")
            text.append(f"{SIDES[side]} streak {max(r, g)}/{view.streak_to_win}", style="bold")
        return text

    def verdict_text(self, view, battle) -> Text:
        if battle is None:
            return Text(f"Battle {view.number} of {view.battles_to_play}", style="bold")
        if battle.winner is None:
            return Text(f"Battle {battle.number}: drawn at {battle.totals[0]}", style="bold yellow")
        style = "bold green" if battle.winner == self.me else "bold red"
        loser = 1 - battle.winner
        return Text(
            f"Battle {battle.number}: {SIDES[battle.winner]} "
            f"{battle.totals[battle.winner]} beat {SIDES[loser]} {battle.totals[loser]}",
            style=style,
        )

    def prompt_text(self, view) -> str:
        if view.phase == OVER:
            outcome = self.game.outcome(self.session.state)
            return f"Game over — {outcome.reason}  (n: new game, escape: menu)"
        if view.phase == REVEAL:
            if any(self.is_human(s) for s in self.game.to_move(self.session.state)):
                return "Both hands revealed. Enter: next battle."
            return "Both hands revealed."
        if not self.my_turn:
            return "Waiting for the other side…" if self.is_human(self.me) else "Bots at war."
        n = len(self.selected)
        return (
            f"Mark up to {MAX_EXCHANGE} cards to exchange (1–8, ←→ space, or click), then "
            f"Enter. Marked: {n}."
            if n
            else f"Mark up to {MAX_EXCHANGE} cards to exchange (1–8, ←→ space, or click); "
            "Enter keeps this hand."
        )

    def describe(self, event) -> str | None:
        """One log line per event, in plain words ("the Gauls win" but "Rome wins")."""
        if isinstance(event, BattleStarted):
            return f"[b]— Battle {event.number} —[/b]"
        if isinstance(event, Reshuffled):
            return (
                f"{subject(event.seat)} {verb(event.seat, 'shuffle')} {event.cards} discards "
                "into a new deck."
            )
        if isinstance(event, Exchanged):
            if event.cards:
                names = ", ".join(card(event.seat, c).name for c in event.cards)
                return f"You exchange {event.count}: {names}."
            if event.seat == self.me and self.is_human(self.me):
                return "You keep your hand." if event.count == 0 else None
            if event.count == 0:
                return f"{subject(event.seat)} {verb(event.seat, 'keep')} the whole hand."
            plural = "s" if event.count != 1 else ""
            return (
                f"{subject(event.seat)} {verb(event.seat, 'exchange')} {event.count} card{plural}."
            )
        if isinstance(event, BattleResolved):
            r, g = event.totals
            if event.winner is None:
                return f"Battle {event.number}: Rome {r} – Gauls {g}, drawn."
            return (
                f"Battle {event.number}: Rome {r} – Gauls {g}, "
                f"{subject(event.winner, start=False)} {verb(event.winner, 'win')}."
            )
        if isinstance(event, GameEnded):
            return f"[b]{event.reason}[/b]"
        return None

    # --- input -------------------------------------------------------------------------------
    def on_hand_view_toggled(self, event: HandView.Toggled) -> None:
        if event.hand.id != "my-hand":
            return
        view = self.view
        if view is None or view.phase != DISCARD or not self.my_turn:
            return
        card_id = view.sides[self.me].hand[event.index]
        if card_id in self.selected:
            self.selected.discard(card_id)
        elif len(self.selected) >= MAX_EXCHANGE:
            self.notify(f"You may exchange at most {MAX_EXCHANGE} cards.", severity="warning")
            return
        else:
            self.selected.add(card_id)
        self.view = view

    def action_confirm(self) -> None:
        view = self.view
        if view is None:
            return
        if view.phase == REVEAL:
            self.act_for_local_humans(Continue())
        elif view.phase == DISCARD and self.my_turn:
            chosen = tuple(sorted(self.selected))
            self.selected.clear()
            self.act(Discard(chosen))
        elif view.phase == OVER:
            self.show_result(self.game.outcome(self.session.state))

    def action_clear(self) -> None:
        self.selected.clear()
        self.view = self.view

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        if view is None:
            return True
        if action == "clear":
            return view.phase == DISCARD and self.my_turn
        if action == "confirm":
            if view.phase == DISCARD:
                return self.my_turn
            return view.phase in (REVEAL, OVER)
        return True
