"""Mates Hostiles: every player's card on the table as a chess board, the announced piece
placed on the defenders' cards with what it attacks and its score; and the solo puzzles, where
the mating move is typed in SAN or picked as two squares.

Laid out for 80×24 first: up to four cards in a row (names cut before any Elo or pile count),
one line that says in words what is on the square under the cursor, the round's duels, the
log. Larger terminals give the same lines more room."""

from __future__ import annotations

from dataclasses import dataclass

import chess
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Input, Static

from engine.core import HIDDEN
from engine.mates import rules
from engine.mates.actions import EloAttack, GiveUp, Hint, NextPuzzle, PieceAttack, Solve
from engine.mates.board import Placement
from engine.mates.data import BLACK, PIECE_NAMES, WHITE
from engine.mates.state import (
    BY_KING,
    BY_MATE,
    CHECK,
    CHOOSE,
    COUNTER,
    ELO,
    KING,
    MAIN_CARD,
    MATE,
    MATE_FINE,
    NO_CARDS,
    OVER,
    PIECE,
    PUZZLE,
    RETURNED,
    REVIEW,
    SOLO,
    STAKE,
    TIE_ATTACK,
    TIE_DEFEND,
    TOP_CARD,
    CardCovered,
    CardsPaid,
    CardTurned,
    Dealt,
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
    StartCardTurned,
    StarterChosen,
)
from engine.words import plural
from saves.paths import visible
from tui.screens.game import STYLES, GameScreen
from tui.widgets.chess_card import CardTitle, ChessCard, ChessFace, fit
from tui.widgets.log import EventLog, literal

ELO_KEYS = Binding.Group("Elo")
PICKING = (CHOOSE, COUNTER, TIE_DEFEND, TIE_ATTACK)
OWN_ACTIONS = ("elo", "pick", "answer", "next", "result", "new_game", "hint", "give_up", "cursor")
HOW = {BY_KING: " (a piece put on a king)", BY_MATE: " by mate", NO_CARDS: " (no card for the tie)"}


def squares(names) -> frozenset[int]:
    return frozenset(chess.parse_square(s) for s in names)


def piece_text(piece) -> str:
    return f"{piece.color} {PIECE_NAMES.get(piece.piece, piece.piece).lower()} on {piece.square}"


def board_piece(piece: chess.Piece, capital: bool = False) -> str:
    """``"white knight"`` (``"White knight"``) for a python-chess piece."""
    color = WHITE if piece.color == chess.WHITE else BLACK
    text = f"{color} {chess.piece_name(piece.piece_type)}"
    return text.capitalize() if capital else text


def same_move(a: str, b: str) -> bool:
    return a.rstrip("+#") == b.rstrip("+#")


@dataclass(frozen=True)
class Seen:
    """One card on the table as this screen shows it: whose, his pile, the face, and the piece
    someone placed on it (with who placed it)."""

    seat: int
    attacker: bool
    pile: int | None
    face: ChessFace
    placement: Placement | None = None
    placer: int | None = None


class MatesScreen(GameScreen):
    # Enter and the arrows are priority keys: in the solo puzzles the answer box has the focus,
    # and they still move and pick on the board (the arrows edit a typed answer).
    BINDINGS = [
        Binding("w", "elo('white')", "White Elo", group=ELO_KEYS),
        Binding("b", "elo('black')", "Black Elo", group=ELO_KEYS),
        Binding("enter", "pick", "Announce", priority=True),
        Binding("enter", "answer", "Answer", priority=True),
        Binding("enter,f4", "next", "Next puzzle", priority=True),
        Binding("enter", "result", "Result", priority=True),
        Binding("n", "new_game", "New game"),
        Binding("f2", "hint", "Hint"),
        Binding("f3", "give_up", "Give up"),
        Binding("left", "cursor(-1, 0)", "Move", key_display="←→↑↓", priority=True),
        Binding("right", "cursor(1, 0)", show=False, priority=True),
        Binding("up", "cursor(0, 1)", show=False, priority=True),
        Binding("down", "cursor(0, -1)", show=False, priority=True),
    ]
    CSS_PATH = STYLES / "mates.tcss"
    WATCH_ACTIONS = frozenset({"result"})

    def __init__(self, session) -> None:
        super().__init__(session)
        self.cursor = chess.E4
        self.first_square: int | None = None  # solo: the from-square picked on the board
        self.card_widgets: list[tuple[CardTitle, ChessCard]] = []
        self.seen: list[Seen] = []

    @property
    def solo(self) -> bool:
        return self.session.state.mode == SOLO

    @property
    def me(self) -> int:
        return self.viewer

    def compose_board(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Horizontal(id="cards")
            yield Static(id="square")
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

    def on_resize(self) -> None:
        """Names, the event and the duel lines are cut to the width: draw them again. At 80
        columns the footer's keys sit closer and the palette's key (ctrl+p still works) gives
        its room to the game's."""
        super().on_resize()
        self.call_after_refresh(self.relayout)

    def relayout(self) -> None:
        """Draw everything again for the new width; the log's lines are wrapped anew."""
        log = self.query_one(EventLog)
        log.clear()
        log.shown = []
        if self.view is not None:
            self.view = self.view

    @property
    def line_width(self) -> int:
        """Room on a line under the cards (one column of padding a side)."""
        return max(self.app.size.width - 2, 20)

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

    def can_pick(self, view) -> bool:
        """A piece of my card is asked for now (the board cursor is mine)."""
        if view.mode == SOLO or not self.my_turn or view.phase not in PICKING:
            return False
        if view.phase == CHOOSE:
            return PIECE in self.game.allowed_kinds(self.session.state)
        return True

    def table(self, view) -> list[Seen]:
        """Every card on the table, mine first."""
        out = []
        counts = rules.pile_counts(view)
        r = view.round
        for seat in sorted(range(len(self.seats)), key=lambda s: s != self.me):
            if seat in view.out:
                continue
            card = placement = placer = None
            attacker = r is not None and seat == r.attacker
            if r is not None and attacker:
                card = r.card if (r.revealed or seat == self.me) else HIDDEN
                mine_duel = next((d for d in r.duels if d.defender == self.me), None)
                shown = mine_duel or (r.duels[r.current] if r.duels else None)
                if shown is not None:
                    placement = rules.counter_placement(view, shown)
                    placer = shown.defender
                    if shown.attack.active is not None:
                        card = shown.attack.active
            elif r is not None:
                duel = next((d for d in r.duels if d.defender == seat), None)
                if duel is not None:
                    card = duel.defence.active
                    placement = rules.attack_placement(view, duel)
                    placer = r.attacker
            if placement is None:
                placer = None
            face = self.card_face(view, card, placement, seat)
            out.append(Seen(seat, attacker, counts[seat], face, placement, placer))
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
            result = {CHECK: ": check", MATE: ": mate!", KING: ": on a king"}.get(
                placement.result, f" scores {placement.score}"
            )
            caption = f"{p.color.capitalize()} {p.piece}{p.square}{result}"
        cursor = self.cursor if seat == self.me and self.can_pick(view) else None
        return self.face_of(c, caption, highlights, placed, cursor)

    @staticmethod
    def face_of(c, caption, highlights, placed=None, cursor=None) -> ChessFace:
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
        highlights: frozenset[int] = frozenset()
        if view.phase == REVIEW and solo.history:  # the answer, on the board
            move = chess.Board(c.fen).parse_san(solo.history[-1].solution)
            highlights = frozenset((move.from_square, move.to_square))
        elif solo.hint is not None:
            highlights = squares([solo.hint.square])
        if self.first_square is not None:
            highlights |= {self.first_square}
        return self.face_of(
            c,
            f"{c.mating_side.capitalize()} to mate in one",
            highlights,
            cursor=self.cursor if view.phase == PUZZLE else None,
        )

    # --- drawing -------------------------------------------------------------------------------
    def render_view(self, view) -> None:
        if view.mode == SOLO:
            done = len(view.solo.history) + (view.phase == PUZZLE)
            label = f"Puzzle {min(done, view.solo.total)} of {view.solo.total}"
            titles = [("", label, label, "", None)]
            faces = [self.solo_face(view)]
            self.seen = []
            # The answer box takes keys only while there is a card to answer: afterwards the
            # letters are the screen's again (n: a new game).
            box = self.query_one("#answer", Input)
            box.disabled = view.phase != PUZZLE or self.watching
            if not box.disabled and self.focused is None:
                box.focus()
        else:
            self.seen = self.table(view)
            labels = self.game.seat_labels(len(self.seats))
            titles = [
                (
                    "⚔ " if s.attacker else "",
                    labels[s.seat],
                    f"P{s.seat + 1}",
                    self.seat_name(s.seat, with_label=False),
                    s.pile,
                )
                for s in self.seen
            ]
            faces = [s.face for s in self.seen]
        row = self.query_one("#cards", Horizontal)
        if len(self.card_widgets) != len(faces):
            row.remove_children()
            letters = getattr(self.app, "letters", False)
            self.card_widgets = [(CardTitle(), ChessCard(face, letters=letters)) for face in faces]
            row.mount_all(
                Vertical(title, card, classes="card-box") for title, card in self.card_widgets
            )
        for (title_widget, card), title, face in zip(self.card_widgets, titles, faces, strict=True):
            title_widget.show(*title)
            card.show(face)
        words = self.square_text(view)
        square = self.query_one("#square", Static)
        square.display = bool(words)
        square.update(Content(fit(words, self.line_width)))
        self.query_one("#round", Static).update(self.round_text(view))
        log = self.query_one(EventLog)
        log.show([line for e in view.log if (line := self.describe(e, view)) is not None])

    def square_text(self, view) -> str:
        """The board in words: what is on the cursor's square (and, in the solo puzzles, the
        square picked to move from, or the answer)."""
        if view.mode == SOLO:
            return self.solo_square_text(view)
        if not self.can_pick(view) or not self.seen or self.seen[0].seat != self.me:
            return ""
        card = self.my_card(view)
        if card is None or card == HIDDEN:
            return ""
        seen = self.seen[0]
        name = chess.square_name(self.cursor)
        mine = chess.Board(view.cards[card].fen).piece_at(self.cursor)
        placement = seen.placement
        if placement is not None and placement.piece.square == name and seen.placer is not None:
            p = placement.piece
            placed = f"{p.color.capitalize()} {PIECE_NAMES.get(p.piece, p.piece).lower()}"
            who = self.game.seat_labels(len(self.seats))[seen.placer]
            attack = "counter-attack" if seen.attacker else "attack"
            under = f"over your {board_piece(mine)}" if mine else "on an empty square"
            return f"Cursor: {name} — {placed} placed by {who}'s {attack}, {under}"
        if mine is None:
            return f"Cursor: {name} — empty square"
        if mine.piece_type == chess.KING:
            return f"Cursor: {name} — {board_piece(mine, True)} (a king cannot be announced)"
        return f"Cursor: {name} — {board_piece(mine, True)}: Enter announces it"

    def solo_square_text(self, view) -> str:
        solo = view.solo
        c = view.cards[solo.current]
        board = chess.Board(c.fen)
        if view.phase == REVIEW and solo.history:
            last = solo.history[-1]
            move = board.parse_san(last.solution)
            piece = board.piece_at(move.from_square)
            mover = board_piece(piece) if piece else "piece"
            return (
                f"The mate: {last.solution}, the {mover} from "
                f"{chess.square_name(move.from_square)} to {chess.square_name(move.to_square)}."
            )
        if view.phase != PUZZLE:
            return ""
        name = chess.square_name(self.cursor)
        here = board.piece_at(self.cursor)
        what = board_piece(here) if here else "empty square"
        if self.first_square is None:
            text = f"Cursor: {name} — {what[0].upper()}{what[1:]}"
            if here is not None and here.color == board.turn:
                text += ": Enter picks it to move"
            return text
        moving = board.piece_at(self.first_square)
        mover = board_piece(moving) if moving else "piece"
        if self.first_square == self.cursor:
            return f"Cursor: {name} — the {mover} to move: Enter here again lets it go"
        start = chess.square_name(self.first_square)
        return f"Cursor: {name} ({what}) — Enter moves the {mover} from {start} here"

    def round_text(self, view) -> Text:
        width = self.line_width
        text = Text(no_wrap=True, overflow="ellipsis")
        if view.mode == SOLO:
            s = view.solo
            text.append(
                f"Score {s.score} · streak {s.streak} (best {s.best_streak}) · "
                f"solved {s.solved} of {len(s.history)}"
            )
            if view.phase == REVIEW and s.history:
                last = s.history[-1]
                if not last.answer:
                    verdict = f"You gave up. The game went {last.solution}."
                elif not last.correct:
                    verdict = f"✘ {last.answer} does not mate. The game went {last.solution}."
                elif same_move(last.answer, last.solution):
                    verdict = f"✔ Mate! {last.answer}, as in the game (+{last.points})."
                else:
                    verdict = (
                        f"✔ Mate! {last.answer} (+{last.points}); the game went {last.solution}."
                    )
                text.append("\n")
                text.append(
                    fit(visible(verdict), width), style="bold green" if last.correct else "bold red"
                )
            elif s.hint is not None:
                text.append(f"\nHint: the {piece_text(s.hint)} mates.", style="italic")
            return text
        r = view.round
        if r is None:
            return text
        how = ""
        if r.kind == ELO:
            how = " with Elo"
        elif r.kind == PIECE and r.piece is not None:
            how = f" with the {piece_text(r.piece)}"
        head = f"Round {r.number}: "
        tail = f" attacks{how}"
        text.append(head + fit(self.seat_name(r.attacker), width - len(head + tail)) + tail)
        text.stylize("bold")
        labels = self.game.seat_labels(len(self.seats))
        for duel in r.duels:
            a = "?" if duel.attack_score is None else str(duel.attack_score)
            c = "?" if duel.counter_score is None else str(duel.counter_score)
            tail = f": attack {a} · counter {c}"
            if duel.ties:
                tail += f" · {plural(duel.ties, 'tie')}"
            if duel.decided:
                if duel.winner is None:
                    tail += " — drawn"
                else:
                    tail += f" — {labels[duel.winner]} wins{HOW.get(duel.how, '')}"
            name = fit(self.seat_name(duel.defender), width - 5 - len(tail))
            text.append(f"\n  vs {name}{tail}")
        return text

    def prompt_text(self, view) -> str:
        width = self.line_width
        if view.phase == OVER:
            return f"Game over: {view.reason}"
        if view.mode == SOLO:
            if view.phase == REVIEW:
                return "Enter or F4: the next puzzle."
            return "Type the mate (Qxf7# or d1f7) and Enter, or pick 2 squares (arrows, Enter)."
        if not self.my_turn:
            return f"Waiting for {fit(self.seat_name(view.active), width - 13)}…"
        if view.phase == CHOOSE:
            kinds = self.game.allowed_kinds(self.session.state)
            card = view.cards[view.round.card]
            elo = f"w White Elo {card.white_elo}, b Black Elo {card.black_elo}"
            if PIECE not in kinds:
                return f"Your attack must be an Elo attack: {elo.replace(',', ' or')}."
            if ELO not in kinds:
                return "Your attack must be a piece attack: pick a piece (arrows, Enter)."
            return f"Your attack: {elo}, or a piece (arrows, Enter)."
        if view.phase == COUNTER:
            return "Counter-attack: pick a piece of your card (arrows, Enter; not a king)."
        if view.phase == TIE_DEFEND:
            return "Tied duel: pick a piece of your new card (arrows, Enter; not a king)."
        return "Tied duel: pick a piece of your card for it (arrows, Enter; not a king)."

    def describe(self, e, view) -> str | None:
        def name(seat: int) -> str:  # names, PGN tags and answers are text, not markup
            return literal(self.seat_name(seat))

        def cards(count: int) -> str:
            return plural(count, "card")

        if isinstance(e, Dealt):
            extra = f"; {cards(e.unused)} stay in the box" if e.unused else ""
            return f"Each player gets {cards(e.each)}{extra}."
        if isinstance(e, StartCardTurned):
            return f"{name(e.seat)} shows White Elo {e.elo} (who starts)."
        if isinstance(e, StarterChosen):
            return f"{name(e.seat)} starts."
        if isinstance(e, RoundBegan):
            return f"[b]— Round {e.number}: {name(e.attacker)} attacks —[/b]"
        if isinstance(e, EloAnnounced):
            return f"{name(e.seat)} makes an Elo attack on {e.side.capitalize()}."
        if isinstance(e, CardTurned):
            c = view.cards[e.card]
            white, black = literal(c.white), literal(c.black)
            return f"{name(e.seat)} turns up {white} ({c.white_elo}) – {black} ({c.black_elo})."
        if isinstance(e, CardCovered):
            return f"{name(e.seat)} covers the card with a face-down card."
        if isinstance(e, EloWon):
            return (
                f"{name(e.seat)} has the highest {e.side.capitalize()} Elo, {e.elo}, "
                f"and takes {cards(e.cards)}."
            )
        if isinstance(e, PieceAnnounced):
            verb = {"attack": "attacks", "counter": "counter-attacks"}.get(e.role, "plays")
            return f"{name(e.seat)} {verb} with the {piece_text(e.piece)}."
        if isinstance(e, PiecePlaced):
            result = {
                CHECK: "check — the card is covered and another turned up",
                MATE: f"mate ({plural(e.score, 'point')}): {name(e.owner)} loses the duel",
                KING: f"on a king: {name(e.seat)} loses the duel",
            }.get(e.result, plural(e.score, "point"))
            took = ""
            if e.captured:
                took = f", taking a {PIECE_NAMES.get(e.captured, e.captured)}"
            elif e.replaced:
                took = f", replacing a {PIECE_NAMES.get(e.replaced, e.replaced)}"
            return f"  On {name(e.owner)}'s card: {result}{took}."
        if isinstance(e, DuelTied):
            return (
                f"Tie at {e.score}: {name(e.attacker)} and {name(e.defender)} "
                "cover their cards and turn up new ones."
            )
        if isinstance(e, DuelDecided):
            if e.winner is None:
                return f"{name(e.attacker)} – {name(e.defender)}: drawn, cards go back."
            loser = e.defender if e.winner == e.attacker else e.attacker
            return f"{name(e.winner)} wins the duel against {name(loser)}{HOW.get(e.how, '')}."
        if isinstance(e, CardsPaid):
            payer, payee = name(e.payer), name(e.payee)
            if e.why == MAIN_CARD:
                return f"{payer} gives {payee} the attack card."
            if e.why == TOP_CARD:
                return f"{payer} gives {payee} the top card of the pile."
            if e.why == MATE_FINE:
                return f"{payer} pays {payee} {cards(e.count)} for the mate."
            if e.why == RETURNED:
                return f"{payer} takes back {cards(e.count)}."
            if e.why == STAKE:
                return f"{payer} gives {payee} {cards(e.count)} from the table."
            return f"{payer} gives {payee} {cards(e.count)}."
        if isinstance(e, PlayerOut):
            return f"[b]{name(e.seat)} is out of cards.[/b]"
        if isinstance(e, PuzzleShown):
            return f"[b]Puzzle {e.number}[/b]"
        if isinstance(e, HintGiven):
            piece = PIECE_NAMES.get(e.piece, e.piece)
            return f"Hint: the {piece} on {e.square} mates (half points)."
        if isinstance(e, PuzzleAnswered):
            solution = literal(e.solution)
            if not e.answer:
                return f"Gave up — the game went {solution}."
            if not e.correct:
                return f"✘ {literal(e.answer)} does not mate — the game went {solution}."
            return f"✔ {literal(e.answer)} mates (+{plural(e.points, 'point')})."
        return None

    # --- input -------------------------------------------------------------------------------
    def answer_box(self) -> Input | None:
        boxes = self.query("#answer")
        return boxes.first(Input) if boxes else None

    def action_cursor(self, dx: int, dy: int) -> None:
        box = self.answer_box()
        if box is not None and box.has_focus and box.value and dy == 0:
            box.action_cursor_left() if dx < 0 else box.action_cursor_right()
            return
        file = min(7, max(0, chess.square_file(self.cursor) + dx))
        rank = min(7, max(0, chess.square_rank(self.cursor) + dy))
        self.cursor = chess.square(file, rank)
        self.view = self.view

    def action_pick(self) -> None:
        """Announce the piece under the cursor."""
        view = self.view
        if view is None or not self.can_pick(view):
            return
        card = self.my_card(view)
        if card is None or card == HIDDEN:
            return
        piece = chess.Board(view.cards[card].fen).piece_at(self.cursor)
        if piece is None:
            self.notify(
                "No piece of yours on that square: move the cursor onto one of your card's pieces.",
                severity="warning",
            )
            return
        color = WHITE if piece.color == chess.WHITE else BLACK
        self.act(PieceAttack(color, piece.symbol().upper(), chess.square_name(self.cursor)))

    def action_answer(self) -> None:
        """Solo: the typed answer if there is one, else the square under the cursor (the
        first one picked is the piece to move, the second where it goes)."""
        box = self.answer_box()
        text = box.value.strip() if box is not None else ""
        if text:
            self.first_square = None
            if self.act(Solve(text)) and box is not None:
                box.value = ""
            return
        view = self.view
        if view is None or view.mode != SOLO or view.phase != PUZZLE:
            return
        if self.first_square is None:
            board = chess.Board(view.cards[view.solo.current].fen)
            piece = board.piece_at(self.cursor)
            if piece is None or piece.color != board.turn:
                side = WHITE if board.turn == chess.WHITE else BLACK
                self.notify(
                    f"Pick a {side} piece to move ({side} mates), or type the move.",
                    severity="warning",
                )
                return
            self.first_square = self.cursor
        elif self.first_square == self.cursor:
            self.first_square = None
        else:
            move = chess.square_name(self.first_square) + chess.square_name(self.cursor)
            self.first_square = None
            self.act(Solve(move))
            return
        self.view = self.view

    def on_chess_card_clicked(self, event: ChessCard.Clicked) -> None:
        """Solo: a click picks the from-square, a second click the to-square. At the table a
        click on my card moves the cursor there, a second click announces that piece."""
        view = self.view
        if view is None:
            return
        if view.mode == SOLO:
            if view.phase == PUZZLE:
                self.cursor = event.square
                self.action_answer()
            return
        if not self.can_pick(view) or not self.card_widgets:
            return
        if event.card is not self.card_widgets[0][1]:  # my card is the first
            return
        if event.square == self.cursor:
            self.action_pick()
        else:
            self.cursor = event.square
            self.view = view

    def action_elo(self, side: str) -> None:
        self.act(EloAttack(side))

    def action_hint(self) -> None:
        self.act(Hint())

    def action_give_up(self) -> None:
        self.first_square = None
        self.act(GiveUp())

    def action_next(self) -> None:
        self.first_square = None
        self.act(NextPuzzle())

    def action_result(self) -> None:
        self.show_result(self.game.outcome(self.session.state))

    def action_new_game(self) -> None:
        self.new_game_same_setup()

    def check_game_action(self, action: str, parameters) -> bool | None:
        view = self.view
        if view is None or action not in OWN_ACTIONS:
            return True  # the keys every game screen has
        if view.phase == OVER:
            return action in ("result", "new_game")
        if not self.my_turn:
            return False
        if view.mode == SOLO:
            return {
                "hint": view.phase == PUZZLE and view.solo.hint is None,
                "give_up": view.phase == PUZZLE,
                "answer": view.phase == PUZZLE,
                "cursor": view.phase == PUZZLE,
                "next": view.phase == REVIEW,
            }.get(action, False)
        if action == "elo":
            return view.phase == CHOOSE and ELO in self.game.allowed_kinds(self.session.state)
        if action in ("pick", "cursor"):
            return self.can_pick(view)
        return False
