"""Mates Hostiles: every player's card on the table as a chess board, the announced piece
placed on the defenders' cards with what it attacks and its score; and the solo puzzles, where
the mating move is typed in SAN or picked as two squares."""

from __future__ import annotations

import chess
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Static

from engine.core import HIDDEN
from engine.mates import rules
from engine.mates.actions import EloAttack, GiveUp, Hint, NextPuzzle, PieceAttack, Solve
from engine.mates.data import BLACK, PIECE_NAMES, WHITE
from engine.mates.state import (
    CHOOSE,
    COUNTER,
    ELO,
    OVER,
    PIECE,
    PUZZLE,
    REVIEW,
    SOLO,
    TIE_ATTACK,
    TIE_DEFEND,
    CardsPaid,
    CardTurned,
    DuelDecided,
    DuelTied,
    EloAnnounced,
    EloWon,
    HintGiven,
    PieceAnnounced,
    PiecePlaced,
    PlayerOut,
    PuzzleAnswered,
    PuzzleShown,
    RoundBegan,
    StarterChosen,
)
from tui.screens.game import STYLES, GameScreen
from tui.widgets.chess_card import ChessCard, ChessFace
from tui.widgets.log import EventLog

PICKING = (CHOOSE, COUNTER, TIE_DEFEND, TIE_ATTACK)


def squares(names) -> frozenset[int]:
    return frozenset(chess.parse_square(s) for s in names)


def piece_text(piece) -> str:
    return f"{piece.color} {PIECE_NAMES.get(piece.piece, piece.piece).lower()} on {piece.square}"


class MatesScreen(GameScreen):
    BINDINGS = [
        Binding("w", "elo('white')", "Elo: White"),
        Binding("b", "elo('black')", "Elo: Black"),
        Binding("enter", "pick", "Pick"),
        Binding("f2", "hint", "Hint"),
        Binding("f3", "give_up", "Give up"),
        Binding("f4", "next", "Next puzzle"),
        Binding("left", "cursor(-1, 0)", show=False),
        Binding("right", "cursor(1, 0)", show=False),
        Binding("up", "cursor(0, 1)", show=False),
        Binding("down", "cursor(0, -1)", show=False),
    ]
    CSS_PATH = STYLES / "mates.tcss"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.cursor = chess.E4
        self.first_square: int | None = None  # solo: the from-square picked on the board
        self.card_widgets: list[tuple[Static, ChessCard]] = []

    @property
    def solo(self) -> bool:
        return self.session.state.mode == SOLO

    @property
    def me(self) -> int:
        return self.viewer

    def compose_board(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Horizontal(id="cards")
            yield Static(id="round")
            if self.solo:
                yield Input(placeholder="your move, e.g. Qxf7# or d1f7, then Enter", id="answer")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both, subclass first).
        if self.solo:
            answer = self.query_one("#answer", Input)
            answer.cursor_blink = False  # a steady cursor: calmer, and snapshots stay stable
            answer.focus()
        else:
            self.set_focus(None)  # arrows and Enter belong to the card cursor

    # --- which card is mine right now, and what each card shows --------------------------------
    def my_card(self, view) -> int | None:
        """The card I act with: my attack card, or my card in the current duel."""
        r = view.round
        if view.mode == SOLO:
            return view.solo.current if view.solo else None
        if r is None:
            return None
        if r.attacker == self.me:
            if view.phase == TIE_ATTACK and r.duels:
                duel = r.duels[r.current]
                if duel.attack.active is not None:
                    return duel.attack.active
            return r.card
        for duel in r.duels:
            if duel.defender == self.me:
                return duel.defence.active
        return None

    def faces(self, view) -> list[tuple[str, ChessFace]]:
        """(title, face) for each card on the table, mine first."""
        if view.mode == SOLO:
            return [("", self.solo_face(view))]
        out = []
        counts = rules.pile_counts(view)
        r = view.round
        for seat in sorted(range(len(self.seats)), key=lambda s: s != self.me):
            if seat in view.out:
                continue
            title = f"{self.seat_name(seat)} · pile {counts[seat]}"
            card = None
            placement = None
            if r is not None and seat == r.attacker:
                title = "⚔ " + title
                card = r.card if (r.revealed or seat == self.me) else HIDDEN
                mine_duel = next((d for d in r.duels if d.defender == self.me), None)
                shown = mine_duel or (r.duels[r.current] if r.duels else None)
                if shown is not None:
                    placement = rules.counter_placement(view, shown)
                    if shown.attack.active is not None:
                        card = shown.attack.active
            elif r is not None:
                duel = next((d for d in r.duels if d.defender == seat), None)
                if duel is not None:
                    card = duel.defence.active
                    placement = rules.attack_placement(view, duel)
            out.append((title, self.card_face(view, card, placement, seat)))
        return out

    def card_face(self, view, card, placement, seat) -> ChessFace:
        if card is None or card == HIDDEN:
            return ChessFace(
                fen=chess.STARTING_FEN,
                face_down=True,
                caption="face down" if card == HIDDEN else "no card yet",
            )
        c = view.cards[card]
        caption = f"{c.mating_side.capitalize()} to mate"
        highlights: frozenset[int] = frozenset()
        placed = None
        if placement is not None:
            p = placement.piece
            placed = (
                chess.parse_square(p.square),
                p.piece.upper() if p.color == WHITE else p.piece.lower(),
            )
            highlights = squares(placement.targets)
            result = "" if placement.result == "scored" else f" ({placement.result})"
            caption = f"{p.color.capitalize()} {p.piece}{p.square} → {placement.score}{result}"
        cursor = (
            self.cursor
            if (seat == self.me and self.my_turn and view.phase in PICKING and view.mode != SOLO)
            else None
        )
        return ChessFace(
            fen=c.fen,
            white=c.white,
            black=c.black,
            white_elo=c.white_elo,
            black_elo=c.black_elo,
            event=c.event,
            year=c.date[:4],
            tier=c.tier,
            caption=caption,
            highlights=highlights,
            placed=placed,
            cursor=cursor,
        )

    def solo_face(self, view) -> ChessFace:
        solo = view.solo
        c = view.cards[solo.current]
        highlights = frozenset()
        if solo.hint is not None:
            highlights = squares([solo.hint.square])
        if self.first_square is not None:
            highlights |= {self.first_square}
        return ChessFace(
            fen=c.fen,
            white=c.white,
            black=c.black,
            white_elo=c.white_elo,
            black_elo=c.black_elo,
            event=c.event,
            year=c.date[:4],
            tier=c.tier,
            caption=f"{c.mating_side.capitalize()} to mate in one",
            highlights=highlights,
            cursor=self.cursor if view.phase == PUZZLE else None,
        )

    # --- drawing -------------------------------------------------------------------------------
    def render_view(self, view) -> None:
        row = self.query_one("#cards", Horizontal)
        faces = self.faces(view)
        if len(self.card_widgets) != len(faces):
            row.remove_children()
            letters = getattr(self.app, "letters", False)
            self.card_widgets = [
                (Static(classes="card-title"), ChessCard(face, letters=letters))
                for _, face in faces
            ]
            row.mount_all(
                Vertical(title, card, classes="card-box") for title, card in self.card_widgets
            )
        for (title_widget, card), (title, face) in zip(self.card_widgets, faces, strict=True):
            title_widget.update(title)
            card.show(face)
        self.query_one("#round", Static).update(self.round_text(view))
        log = self.query_one(EventLog)
        log.show([line for e in view.log if (line := self.describe(e, view)) is not None])

    def round_text(self, view) -> Text:
        text = Text()
        if view.mode == SOLO:
            s = view.solo
            text.append(
                f"Puzzle {len(s.history) + (view.phase == PUZZLE)} of {s.total}", style="bold"
            )
            text.append(
                f"   score {s.score} · streak {s.streak} (best {s.best_streak}) · "
                f"solved {s.solved}/{len(s.history)}"
            )
            if view.phase == REVIEW and s.history:
                last = s.history[-1]
                verdict = "✔ Mate!" if last.correct else "✘ Not mate."
                text.append(
                    f"\n{verdict} The game went {last.solution}.",
                    style="bold green" if last.correct else "bold red",
                )
            elif s.hint is not None:
                text.append(f"\nHint: the {piece_text(s.hint)} mates.", style="italic")
            return text
        r = view.round
        if r is None:
            return text
        text.append(f"Round {r.number}: {self.seat_name(r.attacker)} attacks", style="bold")
        if r.kind == ELO:
            text.append(" with Elo")
        elif r.kind == PIECE and r.piece is not None:
            text.append(f" with the {piece_text(r.piece)}")
        for duel in r.duels:
            text.append(f"\n  vs {self.seat_name(duel.defender)}: ")
            a = "?" if duel.attack_score is None else str(duel.attack_score)
            c = "?" if duel.counter_score is None else str(duel.counter_score)
            text.append(f"attack {a} · counter {c}")
            if duel.decided:
                who = "drawn" if duel.winner is None else f"{self.seat_name(duel.winner)} wins"
                text.append(f" — {who}", style="bold")
        return text

    def prompt_text(self, view) -> str:
        if view.phase == OVER:
            return f"Game over — {view.reason}  (n: new game, escape: menu)"
        if view.mode == SOLO:
            if view.phase == REVIEW:
                return "Enter (or F4): next puzzle."
            return (
                "Type the mate (Qxf7#, or two squares: d1f7) and Enter, or click two squares; "
                "F2: hint (half points), F3: give up."
            )
        if not self.my_turn:
            return f"Waiting for {self.seat_name(view.active)}…"
        if view.phase == CHOOSE:
            kinds = self.game.allowed_kinds(self.session.state)
            parts = []
            if ELO in kinds:
                parts.append("w / b: Elo attack with White / Black")
            if PIECE in kinds:
                parts.append("arrows + Enter: attack with a piece of your card")
            return "Your attack — " + "; ".join(parts) + "."
        return "Pick a piece of your card to announce (arrows + Enter; not a king)."

    def describe(self, e, view) -> str | None:
        name = self.seat_name
        if isinstance(e, StarterChosen):
            return f"{name(e.seat)} starts."
        if isinstance(e, RoundBegan):
            return f"[b]— Round {e.number}: {name(e.attacker)} attacks —[/b]"
        if isinstance(e, EloAnnounced):
            return f"{name(e.seat)} attacks with the {e.side} Elo."
        if isinstance(e, CardTurned):
            c = view.cards[e.card]
            return f"{name(e.seat)} turns {c.white} ({c.white_elo}) – {c.black} ({c.black_elo})."
        if isinstance(e, EloWon):
            return f"{name(e.seat)} wins with {e.side} {e.elo} and takes {e.cards} cards."
        if isinstance(e, PieceAnnounced):
            return f"{name(e.seat)} announces the {piece_text(e.piece)}."
        if isinstance(e, PiecePlaced):
            return (
                f"  on {name(e.owner)}'s card: {e.result}, scores {e.score}"
                + (f" (takes a {e.captured})" if e.captured else "")
                + "."
            )
        if isinstance(e, DuelTied):
            return f"Tie at {e.score}: {name(e.attacker)} and {name(e.defender)} turn new cards."
        if isinstance(e, DuelDecided):
            if e.winner is None:
                return f"{name(e.attacker)} – {name(e.defender)}: drawn ({e.how})."
            return f"{name(e.winner)} wins the duel ({e.how})."
        if isinstance(e, CardsPaid):
            return (
                f"{name(e.payer)} pays {e.count} card{'s' if e.count != 1 else ''} to "
                f"{name(e.payee)} ({e.why})."
            )
        if isinstance(e, PlayerOut):
            return f"[b]{name(e.seat)} is out of cards.[/b]"
        if isinstance(e, PuzzleShown):
            return f"[b]Puzzle {e.number}[/b]"
        if isinstance(e, HintGiven):
            return f"Hint: the piece on {e.square}."
        if isinstance(e, PuzzleAnswered):
            mark = "✔" if e.correct else "✘"
            return f"{mark} {e.answer or 'gave up'} — the game: {e.solution} (+{e.points})."
        return None

    # --- input -------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        file = min(7, max(0, chess.square_file(self.cursor) + dx))
        rank = min(7, max(0, chess.square_rank(self.cursor) + dy))
        self.cursor = chess.square(file, rank)
        self.view = self.view

    def action_pick(self) -> None:
        view = self.view
        if view is None:
            return
        if view.phase == OVER:
            self.show_result(self.game.outcome(self.session.state))
            return
        if not self.my_turn:
            return
        if view.mode == SOLO:
            if view.phase == REVIEW:
                self.action_next()
                return
            if self.first_square is None:
                self.first_square = self.cursor
                self.view = view
                return
            move = chess.square_name(self.first_square) + chess.square_name(self.cursor)
            self.first_square = None
            self.act(Solve(move))
            return
        card = self.my_card(view)
        if card is None or card == HIDDEN:
            return
        board = chess.Board(view.cards[card].fen)
        piece = board.piece_at(self.cursor)
        if piece is None:
            self.notify(
                "No piece on that square: move the cursor onto one of your card's pieces.",
                severity="warning",
            )
            return
        color = WHITE if piece.color == chess.WHITE else BLACK
        self.act(PieceAttack(color, piece.symbol().upper(), chess.square_name(self.cursor)))

    def on_chess_card_clicked(self, event: ChessCard.Clicked) -> None:
        """Solo: a click picks the from-square, a second click the to-square."""
        view = self.view
        if view is None or view.mode != SOLO or view.phase != PUZZLE:
            return
        self.cursor = event.square
        self.action_pick()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        view = self.view
        if view is None or view.mode != SOLO:
            return
        if view.phase == REVIEW:
            self.action_next()
        elif text:
            self.act(Solve(text))

    def action_elo(self, side: str) -> None:
        self.act(EloAttack(side))

    def action_hint(self) -> None:
        self.act(Hint())

    def action_give_up(self) -> None:
        self.act(GiveUp())

    def action_next(self) -> None:
        view = self.view
        if view is not None and view.phase == OVER:
            self.show_result(self.game.outcome(self.session.state))
            return
        self.act(NextPuzzle())

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        if view is None or action in ("rules", "save_as", "menu", "cursor"):
            return True
        if view.phase == OVER:
            return action in ("pick", "next")
        if not self.my_turn:
            return False
        if view.mode == SOLO:
            return {
                "hint": view.phase == PUZZLE and view.solo.hint is None,
                "give_up": view.phase == PUZZLE,
                "next": view.phase == REVIEW,
                "pick": True,
            }.get(action, False)
        if action == "elo":
            return view.phase == CHOOSE and ELO in self.game.allowed_kinds(self.session.state)
        return action == "pick" and view.phase in PICKING
