"""A Mates Hostiles card: the position on an 8×8 board with file and rank labels, who played
it (names and Elo), the event and year, its tier, and whose mate it is. Squares can be
highlighted (attacked squares), one piece can be placed (an announced attack) and a cursor
shown; and ``CardTitle``, the line above a card: whose card it is and how big his pile is.

Everything is laid out for the width the card gets: names and the event are cut with an
ellipsis, never the Elo ratings, the year or the pile count, which players compare. The placed
piece and the cursor carry a mark in the text as well as a colour, so they read the same with
``NO_COLOR`` and in the letters mode."""

from __future__ import annotations

from dataclasses import dataclass, field

import chess
from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from engine.i18n import _, number, pgettext
from saves.paths import visible

LIGHT, DARK = "#c8b48c", "#8b6b4a"
HIGHLIGHT, CURSOR, PLACED = "#d9534f", "#4a90d9", "#5cb85c"
WIDE = 25  # from this width a square is three columns wide (rank digit + 8 × 3)
LINES = 13  # two players, eight ranks, the files, the event, the caption
# The marks beside a glyph: two-column squares have one slot (after the glyph), three-column
# squares one on each side.
PLACED_MARK = ("*", "*")
CURSOR_MARK = ("[", "]")
NARROW_CURSOR = "<"


@dataclass(frozen=True)
class ChessFace:
    fen: str
    white: str = ""
    black: str = ""
    white_elo: int = 0
    black_elo: int = 0
    event: str = ""
    year: str = ""
    tier: str = ""  # "gold" or "silver"
    caption: str = ""  # e.g. "Black to mate" or "White Qd6 → 15"
    face_down: bool = False
    highlights: frozenset[int] = field(default_factory=frozenset)  # python-chess squares
    placed: tuple[int, str] | None = None  # (square, piece symbol such as "q")
    cursor: int | None = None


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal cells, its last cell an ellipsis when cut."""
    if cell_len(text) <= width:
        return text
    if width <= 0:
        return ""
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out.rstrip() + "…"


def player_line(side: str, name: str, elo: int, width: int) -> str:
    """``"W Rapport, Richard    2740"``: the side's letter (in the player's language), the
    name (cut if need be) and the Elo whole at the right edge."""
    rating = str(elo) if elo else ""
    head = f"{side} "
    room = width - cell_len(head) - (len(rating) + 1 if rating else 0)
    name = fit(visible(name), max(room, 1))
    gap = width - cell_len(head + name) - len(rating)
    return head + name + " " * max(gap, 1 if rating else 0) + rating


def event_line(tier: str, event: str, year: str, width: int) -> str:
    """``"★ gold · World Blitz 2022 · 2022"``; narrower: the tier's star, the event cut, the
    year whole. ``tier`` is the deck's key (``gold``, ``silver``), named in the player's
    language."""
    star = {"gold": "★", "silver": "☆"}.get(tier, "")
    named = {"gold": pgettext("card tier", "gold"), "silver": pgettext("card tier", "silver")}
    event, tail = visible(event), (f" · {visible(year)}" if year else "")
    shown = f"{star} {named.get(tier, tier)}" if star else ""
    full = " · ".join(x for x in (shown, event) if x) + tail
    if cell_len(full) <= width:
        return full
    head = f"{star} " if star else ""
    return head + fit(event, width - cell_len(head) - cell_len(tail)) + tail


def title_line(
    mark: str, label: str, short: str, name: str, pile: int | None, width: int, brief: str = ""
) -> str:
    """``"⚔ Player 2 · Ana · pile 12"``; where that does not fit ``"⚔ P2 Ana pile 12"``, then
    ``"⚔P2 expert pile 12"`` with the ``brief`` name (a bot's level: its name says "bot"
    anyway), and only then the name cut (``"⚔ P2 Ana… pile 12"``). The pile count is always
    whole."""
    name = visible(name)
    count = "" if pile is None else _("pile {n}").format(n=number(pile))
    full = " · ".join(x for x in (f"{mark}{label}", name, count) if x)
    if cell_len(full) <= width:
        return full
    tail = f" {count}" if count else ""
    for head, said in ((f"{mark}{short} ", name), (f"{mark.strip()}{short} ", visible(brief))):
        if said and cell_len(head + said + tail) <= width:
            return head + said + tail
    head = f"{mark}{short} "
    return head + fit(name, max(width - cell_len(head + tail), 1)) + tail


def piece_glyph(symbol: str, letters: bool) -> str:
    if letters:
        return symbol  # K Q R B N P for White, k q r b n p for Black
    return chess.Piece.from_symbol(symbol).unicode_symbol(invert_color=False)


class CardTitle(Widget):
    """The line above a card: an attacker's mark, the seat and player, the pile count."""

    DEFAULT_CSS = "CardTitle { height: 1; text-style: bold; }"

    def __init__(self) -> None:
        super().__init__()
        self.parts: tuple[str, str, str, str, int | None, str] = ("", "", "", "", None, "")

    def show(
        self, mark: str, label: str, short: str, name: str, pile: int | None, brief: str = ""
    ) -> None:
        self.parts = (mark, label, short, name, pile, brief)
        self.refresh()

    def render(self) -> Text:
        mark, label, short, name, pile, brief = self.parts
        width = max(self.size.width, 1)
        return Text(title_line(mark, label, short, name, pile, width, brief), no_wrap=True)


class ChessCard(Widget):
    """One card. ``letters=True`` draws pieces as letters for fonts without chess glyphs.
    A click on the board posts ``Clicked(square)``.

    Names, event and year come from a deck file anyone can write (PGN tags): drawn as plain
    text with control characters made visible."""

    class Clicked(Message):
        def __init__(self, card: ChessCard, square: int) -> None:
            super().__init__()
            self.card = card
            self.square = square

    def __init__(
        self,
        face: ChessFace,
        *,
        letters: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.face = face
        self.letters = letters

    def show(self, face: ChessFace) -> None:
        self.face = face
        self.refresh()

    @property
    def cell(self) -> int:
        return 3 if self.size.width >= WIDE else 2

    def on_click(self, event: Click) -> None:
        at = event.get_content_offset(self)  # inside the border and padding, if any
        if at is None or self.face.face_down:
            return
        file, row = (at.x - 1) // self.cell, at.y - 2  # a rank digit, two name lines
        if at.x >= 1 and 0 <= file < 8 and 0 <= row < 8:
            self.post_message(self.Clicked(self, chess.square(file, 7 - row)))

    def square_text(self, square: int, symbol: str | None) -> str:
        """A square's columns: the glyph with the placed piece's or the cursor's marks."""
        f = self.face
        glyph = piece_glyph(symbol, self.letters) if symbol else " "
        left = right = " "
        if f.placed and f.placed[0] == square:
            left, right = PLACED_MARK
        if f.cursor == square:
            left, right = CURSOR_MARK if self.cell == 3 else (" ", NARROW_CURSOR)
        return left + glyph + right if self.cell == 3 else glyph + right

    def render(self) -> Text:
        f = self.face
        width = max(self.size.width, 1)
        cell = self.cell
        text = Text(no_wrap=True, overflow="ellipsis")
        if f.face_down:
            text.append("\n\n")  # no names: the board starts where the others' do
            for _rank in range(8):
                text.append(" " + "▚" * (8 * cell) + "\n", style="dim")
            text.append("\n\n")
            text.append(fit(f.caption, width), style="bold")
            return text
        board = chess.Board(f.fen)
        white, black = pgettext("chess side letter", "W"), pgettext("chess side letter", "B")
        text.append(player_line(white, f.white, f.white_elo, width) + "\n", style="bold")
        text.append(player_line(black, f.black, f.black_elo, width) + "\n")
        for rank in range(7, -1, -1):
            text.append(str(rank + 1), style="dim")
            for file in range(8):
                square = chess.square(file, rank)
                bg = LIGHT if (file + rank) % 2 else DARK
                if square in f.highlights:
                    bg = HIGHLIGHT
                symbol = None
                if f.placed and f.placed[0] == square:
                    bg, symbol = PLACED, f.placed[1]
                elif piece := board.piece_at(square):
                    symbol = piece.symbol()
                if f.cursor == square:
                    bg = CURSOR
                color = "#ffffff" if symbol and symbol.isupper() else "#000000"
                style = Style(bgcolor=bg, color=color, bold=True, underline=square in f.highlights)
                text.append(self.square_text(square, symbol), style=style)
            text.append("\n")
        files = "".join(c.center(cell) if cell == 3 else c + " " for c in "abcdefgh")
        text.append(" " + files + "\n", style="dim")
        text.append(event_line(f.tier, f.event, f.year, width) + "\n", style="italic")
        text.append(fit(f.caption, width), style="bold")
        return text
