"""Mates Hostiles: every player's card on the table as a chess board, the announced piece
placed on the defenders' cards with what it attacks and its score; and the solo puzzles, where
the mating move is typed in SAN or picked as two squares.

Laid out for 80×24 first: up to four cards in a row (names cut before any Elo or pile count),
one line that says in words what is on the square under the cursor, the round's duels, the
log. Larger terminals give the same lines more room.

Just over 600 lines because the screen holds two modes of one game, the table and the solo
puzzles, which share the cards, the cursor and the log; what they draw is in the widgets
``chess_card``, ``mates_round`` and ``mates_log``.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import chess
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Input, Static

from engine.core import HIDDEN
from engine.i18n import N_, _, number
from engine.mates import rules
from engine.mates.actions import EloAttack, GiveUp, Hint, NextPuzzle, PieceAttack, Solve
from engine.mates.board import Placement
from engine.mates.data import BLACK, WHITE, piece_words, side_name
from engine.mates.state import (
    CHECK,
    CHOOSE,
    COUNTER,
    ELO,
    KING,
    MATE,
    OVER,
    PIECE,
    PUZZLE,
    REVIEW,
    SOLO,
    TIE_ATTACK,
    TIE_DEFEND,
)
from engine.mates.table import seat_short
from saves.record import level_name, says_level
from tui.screens.game import STYLES, GameScreen
from tui.widgets.chess_card import CardTitle, ChessCard, ChessFace, fit
from tui.widgets.log import EventLog
from tui.widgets.mates_log import describe
from tui.widgets.mates_round import fill, round_text

# Key descriptions are English msgids: the footer shows them translated.
ELO_KEYS = Binding.Group(N_("Elo"))
PICKING = (CHOOSE, COUNTER, TIE_DEFEND, TIE_ATTACK)
OWN_ACTIONS = ("elo", "pick", "answer", "next", "result", "new_game", "hint", "give_up", "cursor")
ANSWER_HINT = N_("your move, e.g. Qxf7# or d1f7, then Enter")  # the answer box's placeholder


def squares(names) -> frozenset[int]:
    return frozenset(chess.parse_square(s) for s in names)


def board_piece(piece: chess.Piece, capital: bool = False) -> str:
    """``"white knight"`` (``"White knight"``) for a python-chess piece."""
    color = WHITE if piece.color == chess.WHITE else BLACK
    text = piece_words(color, piece.symbol().upper())
    return text.capitalize() if capital else text


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
        Binding("w", "elo('white')", N_("White Elo"), group=ELO_KEYS),
        Binding("b", "elo('black')", N_("Black Elo"), group=ELO_KEYS),
        Binding("enter", "pick", N_("Announce"), priority=True),
        Binding("enter", "answer", N_("Answer"), priority=True),
        Binding("enter,f4", "next", N_("Next puzzle"), priority=True),
        Binding("enter", "result", N_("Result"), priority=True),
        Binding("n", "new_game", N_("New game")),
        Binding("f2", "hint", N_("Hint")),
        Binding("f3", "give_up", N_("Give up")),
        Binding("left", "cursor(-1, 0)", N_("Move"), key_display="←→↑↓", priority=True),
        Binding("right", "cursor(1, 0)", show=False, priority=True),
        Binding("up", "cursor(0, 1)", show=False, priority=True),
        Binding("down", "cursor(0, -1)", show=False, priority=True),
    ]
    CSS_PATH = STYLES / "mates.tcss"
    WATCH_ACTIONS = frozenset({"result"})
    SEAT_UI = ("cursor", "first_square")

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
                yield Input(placeholder=_(ANSWER_HINT), id="answer")
            yield EventLog(id="log")

    async def language_changed(self) -> None:
        """The table in the language just chosen, as it stands (cursor, a typed answer): the
        answer box's hint, and every line drawn from the view (cards, duels, the log)."""
        inherited = getattr(super(), "language_changed", None)
        if inherited is not None:
            result = inherited()
            if inspect.isawaitable(result):
                await result
        box = self.answer_box()
        if box is not None:
            box.placeholder = _(ANSWER_HINT)
        if self.view is not None:
            self.view = self.view

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

    def brief_name(self, seat: int) -> str:
        """A bot named after its level ("Expert bot"): the level alone ("expert") above a
        narrow card, where the whole name does not fit. Another name is kept (cut)."""
        info = self.seats[seat]
        level = info.level or ""
        return level_name(level) if info.kind != "human" and says_level(info.name, level) else ""

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
                caption=_("face down") if card == HIDDEN else _("no card yet"),
            )
        c = view.cards[card]
        caption = _("{side} to mate").format(side=side_name(c.mating_side))
        highlights: frozenset[int] = frozenset()
        placed = None
        if placement is not None:
            p = placement.piece
            placed = (
                chess.parse_square(p.square),
                p.piece.upper() if p.color == WHITE else p.piece.lower(),
            )
            highlights = squares(placement.targets)
            caption = {
                CHECK: _("{side} {piece}: check"),
                MATE: _("{side} {piece}: mate!"),
                KING: _("{side} {piece}: on a king"),
            }.get(placement.result, _("{side} {piece} scores {score}"))
            caption = caption.format(
                side=side_name(p.color), piece=f"{p.piece}{p.square}", score=placement.score
            )
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
            _("{side} to mate in one").format(side=side_name(c.mating_side)),
            highlights,
            cursor=self.cursor if view.phase == PUZZLE else None,
        )

    # --- drawing -------------------------------------------------------------------------------
    def render_view(self, view) -> None:
        if view.mode == SOLO:
            done = len(view.solo.history) + (view.phase == PUZZLE)
            label = _("Puzzle {n} of {total}").format(
                n=number(min(done, view.solo.total)), total=number(view.solo.total)
            )
            titles = [("", label, label, "", None, "")]
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
                    seat_short(s.seat),
                    self.seat_name(s.seat, with_label=False),
                    s.pile,
                    self.brief_name(s.seat),
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
        log.show(self.logged(view))

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
            fields = {
                "square": name,
                "piece": piece_words(p.color, p.piece).capitalize(),
                "player": self.game.seat_labels(len(self.seats))[seen.placer],
            }
            if seen.attacker:  # a defender's piece on my attack card
                if mine:
                    said = _(
                        "Cursor: {square} — {piece} placed by {player}'s counter-attack, "
                        "over your {mine}"
                    )
                    return said.format(mine=board_piece(mine), **fields)
                said = _(
                    "Cursor: {square} — {piece} placed by {player}'s counter-attack, "
                    "on an empty square"
                )
                return said.format(**fields)
            if mine:
                said = _("Cursor: {square} — {piece} placed by {player}'s attack, over your {mine}")
                return said.format(mine=board_piece(mine), **fields)
            said = _("Cursor: {square} — {piece} placed by {player}'s attack, on an empty square")
            return said.format(**fields)
        if mine is None:
            return _("Cursor: {square} — empty square").format(square=name)
        if mine.piece_type == chess.KING:
            return _("Cursor: {square} — {piece} (a king cannot be announced)").format(
                square=name, piece=board_piece(mine, True)
            )
        return _("Cursor: {square} — {piece}: Enter announces it").format(
            square=name, piece=board_piece(mine, True)
        )

    def solo_square_text(self, view) -> str:
        solo = view.solo
        c = view.cards[solo.current]
        board = chess.Board(c.fen)
        if view.phase == REVIEW and solo.history:
            last = solo.history[-1]
            move = board.parse_san(last.solution)
            piece = board.piece_at(move.from_square)
            return _("The mate: {move}, the {piece} from {start} to {end}.").format(
                move=last.solution,
                piece=board_piece(piece) if piece else _("piece"),
                start=chess.square_name(move.from_square),
                end=chess.square_name(move.to_square),
            )
        if view.phase != PUZZLE:
            return ""
        name = chess.square_name(self.cursor)
        here = board.piece_at(self.cursor)
        what = board_piece(here) if here else _("empty square")
        if self.first_square is None:
            if here is not None and here.color == board.turn:
                return _("Cursor: {square} — {piece}: Enter picks it to move").format(
                    square=name, piece=what.capitalize()
                )
            return _("Cursor: {square} — {what}").format(square=name, what=what.capitalize())
        moving = board.piece_at(self.first_square)
        mover = board_piece(moving) if moving else _("piece")
        if self.first_square == self.cursor:
            return _("Cursor: {square} — the {piece} to move: Enter here again lets it go").format(
                square=name, piece=mover
            )
        return _("Cursor: {square} ({what}) — Enter moves the {piece} from {start} here").format(
            square=name, what=what, piece=mover, start=chess.square_name(self.first_square)
        )

    def round_text(self, view) -> Text:
        labels = self.game.seat_labels(len(self.seats))
        return round_text(view, self.line_width, self.seat_name, labels)

    def prompt_text(self, view) -> str:
        width = self.line_width
        if view.phase == OVER:
            return _("Game over: {reason}").format(reason=rules.end_reason(view))
        if view.mode == SOLO:
            if view.phase == REVIEW:
                return _("Enter or F4: the next puzzle.")
            return _("Type the mate (Qxf7# or d1f7) and Enter, or pick 2 squares (arrows, Enter).")
        if not self.my_turn:
            return fill(_("Waiting for {player}…"), width, self.seat_name(view.active))
        if view.phase == CHOOSE:
            kinds = self.game.allowed_kinds(self.session.state)
            card = view.cards[view.round.card]
            # An Elo rating is written as on the card in every language (2773), never grouped.
            elo = {"white": str(card.white_elo), "black": str(card.black_elo)}
            if PIECE not in kinds:
                return _(
                    "Your attack must be an Elo attack: w White Elo {white} or b Black Elo {black}."
                ).format(**elo)
            if ELO not in kinds:
                return _("Your attack must be a piece attack: pick a piece (arrows, Enter).")
            return _(
                "Your attack: w White Elo {white}, b Black Elo {black}, or a piece (arrows, Enter)."
            ).format(**elo)
        if view.phase == COUNTER:
            return _("Counter-attack: pick a piece of your card (arrows, Enter; not a king).")
        if view.phase == TIE_DEFEND:
            return _("Tied duel: pick a piece of your new card (arrows, Enter; not a king).")
        return _("Tied duel: pick a piece of your card for it (arrows, Enter; not a king).")

    def describe(self, e, view) -> str | None:
        """The log's sentence for an event (``tui.widgets.mates_log``)."""
        return describe(e, view, self.seat_name)

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
                _(
                    "No piece of yours on that square: move the cursor onto one of your card's "
                    "pieces."
                ),
                severity="warning",
            )
            return
        color = WHITE if piece.color == chess.WHITE else BLACK
        self.act(PieceAttack(color, piece.symbol().upper(), chess.square_name(self.cursor)))

    def action_answer(self) -> None:
        """Solo: Enter answers once the answer box has taken every key typed before it: with
        fast typing or a paste the letters may still wait in the box's queue when Enter (a
        priority key) arrives."""
        box = self.answer_box()
        if box is not None and box.has_focus:
            box.call_later(self.answer)
        else:
            self.answer()

    def answer(self) -> None:
        """The typed answer if there is one, else the square under the cursor (the first one
        picked is the piece to move, the second where it goes)."""
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
                said = (
                    _("Pick a white piece to move (white mates), or type the move.")
                    if board.turn == chess.WHITE
                    else _("Pick a black piece to move (black mates), or type the move.")
                )
                self.notify(said, severity="warning")
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
                self.answer()
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
        self.show_result(self.match.outcome())

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
