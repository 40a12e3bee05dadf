"""La Guerra Gallica: two hands, the exchange, the reveal, the battle track and the log.

At 80×24 eight cards share a row, seven columns each: names are abbreviated there, and the
line under your hand spells out the card under the cursor (Tab reaches the other hand once it
is revealed)."""

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
from engine.i18n import N_, _, ngettext, number
from engine.words import listing
from tui.screens.game import STYLES, GameScreen
from tui.widgets.card import CardFace
from tui.widgets.hand import CardDetailLine, HandView
from tui.widgets.log import EventLog


def side_name(side: int) -> str:
    """ "Rome", "Gauls" in the current language."""
    return _(SIDES[side])


def bold(line: str) -> str:
    return f"[b]{line}[/b]"


def strength(c) -> str:
    return f"{c.strength:+d}" if c.kind == "P" else f"{c.strength}"


def face(side: int, card_id: int, **extra) -> CardFace:
    if card_id == HIDDEN:
        return CardFace(title="", face_down=True, back_label=side_name(side), kind="back")
    c = card(side, card_id)
    return CardFace(
        title=c.name,
        corner=f"{c.kind} {strength(c)}",
        footer=_(TYPE_NAMES[c.kind]),
        kind=c.kind,
        **extra,
    )


def spelled(side: int, card_id: int, position: int, status: str = "") -> list[str]:
    """The detail line, longest first: "Rome 3: Soldati Professionisti · Resource 8 ·
    counted", then without the status (the first that fits is shown)."""
    if card_id == HIDDEN:
        return [_("{side}: cards face down until the reveal.").format(side=side_name(side))]
    c = card(side, card_id)
    said = f"{side_name(side)} {position}: {c.name} · {_(TYPE_NAMES[c.kind])} {strength(c)}"
    return [f"{said} · {status}", said] if status else [said]


# The game's keys, first in the footer; one key may mean different things by phase (the first
# binding whose action applies now runs, and the footer shows that one).
GAME_KEYS = [
    Binding("enter", "confirm('exchange')", N_("Exchange")),
    Binding("enter", "confirm('keep')", N_("Keep hand")),
    Binding("enter", "confirm('next')", N_("Next battle")),
    Binding("enter", "confirm('result')", N_("Result")),
    Binding("1", "mark(0)", N_("Mark"), key_display="1-8", priority=True),
    *(Binding(str(n), f"mark({n - 1})", show=False, priority=True) for n in range(2, 9)),
    Binding("x", "clear", N_("Clear marks")),
    Binding("tab", "other_hand('opp-hand')", N_("Their cards")),
    Binding("tab", "other_hand('my-hand')", N_("Your cards")),
    Binding("n", "new_game", N_("New game")),
]
GAME_ACTIONS = {"confirm", "mark", "clear", "other_hand", "new_game"}


class GallicScreen(CardDetailLine, GameScreen, inherit_bindings=False):
    BINDINGS = [*GAME_KEYS, *GameScreen.BINDINGS]
    CSS_PATH = STYLES / "gallic.tcss"
    WATCH_ACTIONS = frozenset({"other_hand", ("confirm", ("result",))})
    SEAT_UI = ("selected",)

    def __init__(self, session) -> None:
        super().__init__(session)
        self.selected: set[int] = set()  # card ids marked for exchange (UI only)
        self.details: dict[str, list[list[str]]] = {"my-hand": [], "opp-hand": []}

    def compose_board(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Static(id="opp-head", classes="side-head")
            yield HandView(id="opp-hand")
            yield Static(id="track")
            with Horizontal(id="middle"):
                yield Static(id="score")
                yield Static(id="verdict")
            yield HandView(id="my-hand", numbered=True)
            yield Static(id="detail")
            yield Static(id="my-head", classes="side-head")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both, subclass first).
        self.query_one("#my-hand", HandView).focus()

    def on_resize(self) -> None:
        """The track and the cards change form with the size (the base class redraws them)."""
        super().on_resize()

    # --- reading the view -------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The side at the bottom: the viewer's, or Rome's for a spectator (no hand of theirs)."""
        return ROME if self.viewer is None else self.viewer

    @property
    def them(self) -> int:
        return 1 - self.me

    def render_view(self, view) -> None:
        me, them = self.me, self.them
        mine, theirs = view.sides[me], view.sides[them]
        reveal = view.phase in (REVEAL, OVER) and view.battles
        battle = view.battles[-1] if reveal else None
        self.selected &= set(mine.hand)
        if view.phase != DISCARD or me in view.chosen:
            self.selected.clear()

        if battle is not None:
            my_cards, my_details = self.revealed(me, battle)
            their_cards, their_details = self.revealed(them, battle)
        else:
            swap = _("swap")
            my_cards = [
                face(me, c, selected=c in self.selected, note=swap if c in self.selected else "")
                for c in mine.hand
            ]
            marked = _("marked to exchange")
            my_details = [
                spelled(me, c, i + 1, marked if c in self.selected else "")
                for i, c in enumerate(mine.hand)
            ]
            their_cards = [face(them, c) for c in theirs.hand]
            their_details = [spelled(them, c, i + 1) for i, c in enumerate(theirs.hand)]
        self.details = {"my-hand": my_details, "opp-hand": their_details}
        opponent = self.query_one("#opp-hand", HandView)
        opponent.can_focus = battle is not None
        if battle is None and opponent.has_focus:
            self.query_one("#my-hand", HandView).focus()
        self.query_one("#my-hand", HandView).set_cards(my_cards)
        opponent.set_cards(their_cards)
        self.query_one("#my-head", Static).update(self.side_head(view, me, battle))
        self.query_one("#opp-head", Static).update(self.side_head(view, them, battle))
        self.query_one("#track", Static).update(self.track_text(view))
        self.query_one("#score", Static).update(self.score_text(view))
        self.query_one("#verdict", Static).update(self.verdict_text(view, battle))
        self.show_detail()
        log = self.query_one(EventLog)
        log.show(self.logged(view))

    def revealed(self, side: int, battle) -> tuple[list[CardFace], list[str]]:
        """The faces of a revealed hand, each marked counted (✓), counted as another type, or
        not counted (—); and their detail lines."""
        counted = {c.card: c.as_kind for c in battle.counted[side]}
        faces, details = [], []
        for i, c in enumerate(battle.hands[side]):
            kind = counted.get(c)
            original = card(side, c).kind
            if kind is None:
                faces.append(face(side, c, dim=True, note="—"))
                status = _("not counted")
            elif kind != original:
                compact = self.has_class("compact")
                note = f"→{kind}" if compact else _("as {kind}").format(kind=kind)
                faces.append(face(side, c, note=note))
                status = _("counted as {type}").format(type=_(TYPE_NAMES[kind]))
            else:
                faces.append(face(side, c, note="✓"))
                status = _("counted")
            details.append(spelled(side, c, i + 1, status))
        return faces, details

    def on_hand_view_highlighted(self, event: HandView.Highlighted) -> None:
        self.show_detail()
        self.refresh_bindings()

    def side_head(self, view, side: int, battle) -> Text:
        s = view.sides[side]
        bar = " │ " if self.has_class("compact") else "  │  "
        text = Text()
        text.append(f" {side_name(side).upper()} ", style="reverse bold")
        text.append(f" {self.seat_name(side, with_label=False)}")
        text.append(bar, style="dim")
        piles = _("deck {deck} · discard {discard}")
        text.append(piles.format(deck=len(s.deck), discard=s.discard_count), style="dim")
        if battle is not None:
            text.append(bar, style="dim")
            text.append(_("total {total}").format(total=battle.totals[side]), style="bold")
        elif view.phase == DISCARD and side in view.chosen:
            text.append(bar, style="dim")
            exchanged = _("✔ exchanged {count}").format(count=len(s.exchanged))
            text.append(exchanged, style="bold")
        elif view.phase == DISCARD and side == self.me and self.selected:
            total, _counted = score(side, tuple(c for c in s.hand if c not in self.selected))
            text.append(bar, style="dim")
            marked = _("{count} marked: the rest counts {total}")
            text.append(marked.format(count=len(self.selected), total=total), style="bold")
        elif side == self.viewer and view.phase == DISCARD:
            total, _counted = score(side, s.hand)
            text.append(bar, style="dim")
            text.append(_("hand counts {total}").format(total=total))
        return text

    def track_text(self, view) -> Text:
        """All the battles on one line: won by R(ome) or G(auls), drawn (=), now (▸), to come
        (·); with the totals when there is room."""
        compact = self.has_class("compact")
        title = _("Battles")
        text = Text(title if compact else f"{title} │", style="bold")
        for n in range(1, view.battles_to_play + 1):
            result = view.battles[n - 1] if n <= len(view.battles) else None
            if result is None:
                now = n == len(view.battles) + 1 and view.phase == DISCARD
                mark, style, totals = ("▸", "bold", "") if now else ("·", "dim", "")
            else:
                if result.winner is None:
                    mark, style = "=", "yellow"
                else:
                    mark = side_name(result.winner)[:1]
                    style = "bold green" if result.winner == self.me else "bold red"
                totals = f" {result.totals[0]}:{result.totals[1]}"
            if compact:
                text.append(f" {n}{mark}", style=style)
            else:
                text.append(f" {n} {mark}", style=style)
                text.append(f"{totals} ", style="dim")
                text.append("│", style="dim")
        return text

    def score_text(self, view) -> Text:
        r, g = rules.streaks(view)
        wins = rules.wins(view)
        text = Text(_("Wins Rome {rome} · Gauls {gauls}").format(rome=wins[0], gauls=wins[1]))
        if r or g:
            side = 0 if r else 1
            text.append("  │  ", style="dim")
            streak = _("{side} streak {run}/{needed}").format(
                side=side_name(side), run=max(r, g), needed=view.streak_to_win
            )
            text.append(streak, style="bold")
        return text

    def verdict_text(self, view, battle) -> Text:
        if battle is None:
            now = _("Battle {number} of {battles}").format(
                number=number(view.number), battles=number(view.battles_to_play)
            )
            return Text(now, style="bold")
        if battle.winner is None:
            drawn = _("Battle {number}: drawn at {total}").format(
                number=number(battle.number), total=battle.totals[0]
            )
            return Text(drawn, style="bold yellow")
        style = "bold green" if battle.winner == self.me else "bold red"
        loser = 1 - battle.winner
        won = _("Battle {number}: {winner} {won} beat {loser} {lost}").format(
            number=number(battle.number),
            winner=side_name(battle.winner),
            won=battle.totals[battle.winner],
            loser=side_name(loser),
            lost=battle.totals[loser],
        )
        return Text(won, style=style)

    def prompt_text(self, view) -> str:
        if view.phase == OVER:
            reason = self.game.outcome(self.session.state).reason
            said = _("Game over — {reason}").format(reason=reason)
            return said if len(said) <= self.app.size.width - 2 else _("Game over (see the log).")
        if view.phase == REVEAL:
            if any(self.is_human(s) for s in self.game.to_move(self.session.state)):
                return _("Both hands revealed: Enter for the next battle.")
            return _("Both hands revealed.")
        if not self.my_turn:
            return _("Waiting for the other side…") if self.is_human(self.me) else _("Bots at war.")
        n = len(self.selected)
        if n:
            return ngettext(
                "{count} card marked (at most {most}): Enter exchanges them.",
                "{count} cards marked (at most {most}): Enter exchanges them.",
                n,
            ).format(count=number(n), most=number(MAX_EXCHANGE))
        return _(
            "Mark up to {most} cards to exchange (1–8, or ←→ and space); Enter keeps all."
        ).format(most=number(MAX_EXCHANGE))

    def describe(self, event, view=None) -> str | None:
        """One log line per event, one whole sentence for each side ("Rome wins", "the Gauls
        win"). The end of the game is worded from ``view`` (the final position) in the current
        language; the event keeps the English record."""
        if isinstance(event, BattleStarted):
            return bold(_("— Battle {number} —").format(number=number(event.number)))
        if isinstance(event, Reshuffled):
            if event.seat == ROME:
                said = ngettext(
                    "Rome shuffles {count} discard into a new deck.",
                    "Rome shuffles {count} discards into a new deck.",
                    event.cards,
                )
            else:
                said = ngettext(
                    "The Gauls shuffle {count} discard into a new deck.",
                    "The Gauls shuffle {count} discards into a new deck.",
                    event.cards,
                )
            return said.format(count=number(event.cards))
        if isinstance(event, Exchanged):
            return self.describe_exchange(event)
        if isinstance(event, BattleResolved):
            r, g = event.totals
            if event.winner is None:
                said = _("Battle {number}: Rome {rome} – Gauls {gauls}, drawn.")
            elif event.winner == ROME:
                said = _("Battle {number}: Rome {rome} – Gauls {gauls}, Rome wins.")
            else:
                said = _("Battle {number}: Rome {rome} – Gauls {gauls}, the Gauls win.")
            return said.format(number=number(event.number), rome=r, gauls=g)
        if isinstance(event, GameEnded):
            outcome = self.game.outcome(view) if view is not None else None
            return bold(outcome.reason if outcome is not None else _(event.reason))
        return None

    def describe_exchange(self, event: Exchanged) -> str | None:
        count = number(event.count)
        if event.cards:
            names = listing(card(event.seat, c).name for c in event.cards)
            if event.seat == self.viewer:
                said = ngettext(
                    "You exchange {count} card: {cards}.",
                    "You exchange {count} cards: {cards}.",
                    event.count,
                )
            elif event.seat == ROME:  # a replay with everything shown
                said = ngettext(
                    "Rome exchanges {count} card: {cards}.",
                    "Rome exchanges {count} cards: {cards}.",
                    event.count,
                )
            else:
                said = ngettext(
                    "The Gauls exchange {count} card: {cards}.",
                    "The Gauls exchange {count} cards: {cards}.",
                    event.count,
                )
            return said.format(count=count, cards=names)
        if event.seat == self.viewer and self.is_human(self.viewer):
            return _("You keep your hand.") if event.count == 0 else None
        if event.count == 0:
            if event.seat == ROME:
                return _("Rome keeps the whole hand.")
            return _("The Gauls keep the whole hand.")
        if event.seat == ROME:
            said = ngettext(
                "Rome exchanges {count} card.", "Rome exchanges {count} cards.", event.count
            )
        else:
            said = ngettext(
                "The Gauls exchange {count} card.", "The Gauls exchange {count} cards.", event.count
            )
        return said.format(count=count)

    # --- input -------------------------------------------------------------------------------
    def on_hand_view_toggled(self, event: HandView.Toggled) -> None:
        if event.hand.id == "my-hand":
            self.action_mark(event.index)

    def action_mark(self, index: int) -> None:
        view = self.view
        if view is None or view.phase != DISCARD or not self.my_turn:
            return
        hand = view.sides[self.me].hand
        if index >= len(hand):
            return
        self.query_one("#my-hand", HandView).cursor = index
        card_id = hand[index]
        if card_id in self.selected:
            self.selected.discard(card_id)
        elif len(self.selected) >= MAX_EXCHANGE:
            most = _("You may exchange at most {count} cards.").format(count=number(MAX_EXCHANGE))
            self.notify(most, severity="warning")
            return
        else:
            self.selected.add(card_id)
        self.view = view
        self.refresh_bindings()

    def action_confirm(self, what: str) -> None:
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
            self.show_result(self.match.outcome())

    def action_clear(self) -> None:
        self.selected.clear()
        self.view = self.view
        self.refresh_bindings()

    def action_other_hand(self, hand: str) -> None:
        self.query_one(f"#{hand}", HandView).focus()

    def action_new_game(self) -> None:
        self.new_game_same_setup()

    def enter_means(self, view) -> str | None:
        """What Enter does now: exchange the marked cards, keep the hand, next battle, result."""
        if view.phase == OVER:
            return "result"
        if view.phase == REVEAL:
            local = [s for s in self.game.to_move(self.session.state) if self.is_local(s)]
            return "next" if local else None
        if view.phase == DISCARD and self.my_turn:
            return "exchange" if self.selected else "keep"
        return None

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        if view is None or action not in GAME_ACTIONS:
            return True
        discarding = view.phase == DISCARD and self.my_turn
        if action == "confirm":
            return self.enter_means(view) == parameters[0]
        if action == "mark":
            return discarding
        if action == "clear":
            return discarding and bool(self.selected)
        if action == "other_hand":
            focused = self.focused.id if self.focused is not None else None
            revealed = view.phase in (REVEAL, OVER) and bool(view.battles)
            return revealed and focused != parameters[0]
        if action == "new_game":
            return view.phase == OVER and not self.at_table
        return True
