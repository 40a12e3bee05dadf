"""A Mates Hostiles card: the position on an 8×8 board with file and rank labels, who played
it (names, Elo, event, year), its tier, and whose mate it is. Squares can be highlighted
(attacked squares), one piece can be placed (an announced attack) and a cursor shown."""

from __future__ import annotations

from dataclasses import dataclass, field

import chess
from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from saves.paths import visible

LIGHT, DARK = "#c8b48c", "#8b6b4a"
HIGHLIGHT, CURSOR, PLACED = "#d9534f", "#4a90d9", "#5cb85c"


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
    caption: str = ""  # e.g. "Black to mate" or "score 5"
    face_down: bool = False
    highlights: frozenset[int] = field(default_factory=frozenset)  # python-chess squares
    placed: tuple[int, str] | None = None  # (square, piece symbol such as "q")
    cursor: int | None = None


def piece_glyph(symbol: str, letters: bool) -> str:
    if letters:
        return symbol  # K Q R B N P for White, k q r b n p for Black
    return chess.Piece.from_symbol(symbol).unicode_symbol(invert_color=False)


class ChessCard(Widget):
    """One card. ``letters=True`` draws pieces as letters for fonts without chess glyphs.
    A click on the board posts ``Clicked(square)``.

    Names, event and year come from a deck file anyone can write (PGN tags): drawn as plain
    text with control characters made visible."""

    class Clicked(Message):
        def __init__(self, square: int) -> None:
            super().__init__()
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

    def on_click(self, event: Click) -> None:
        cell = 3 if self.size.width >= 28 else 2
        file, row = (event.x - 1) // cell, event.y - 2  # two name lines above the board
        if event.x >= 1 and 0 <= file < 8 and 0 <= row < 8 and not self.face.face_down:
            self.post_message(self.Clicked(chess.square(file, 7 - row)))

    def render(self) -> Text:
        f = self.face
        wide = self.size.width >= 28
        cell = 3 if wide else 2
        text = Text(no_wrap=True, overflow="ellipsis")
        tier = {"gold": ("★ gold", "bold yellow"), "silver": ("☆ silver", "bold white")}.get(
            f.tier, ("", "")
        )
        if f.face_down:
            text.append(f"{tier[0]}\n", style=tier[1])
            for _ in range(8):
                text.append(" " + "▚" * (8 * cell) + "\n", style="dim")
            return text
        board = chess.Board(f.fen)
        white = visible(f"{f.white} {f.white_elo or ''}".strip())
        text.append(white[: self.size.width] + "\n", style="bold")
        text.append(visible(f"{f.black} {f.black_elo or ''}".strip())[: self.size.width] + "\n")
        for rank in range(7, -1, -1):
            text.append(str(rank + 1), style="dim")
            for file in range(8):
                square = chess.square(file, rank)
                bg = LIGHT if (file + rank) % 2 else DARK
                if square in f.highlights:
                    bg = HIGHLIGHT
                if f.placed and f.placed[0] == square:
                    bg = PLACED
                if f.cursor == square:
                    bg = CURSOR
                piece = board.piece_at(square)
                symbol = None
                if f.placed and f.placed[0] == square:
                    symbol = f.placed[1]
                elif piece:
                    symbol = piece.symbol()
                glyph = piece_glyph(symbol, self.letters) if symbol else " "
                color = "#ffffff" if symbol and symbol.isupper() else "#000000"
                body = glyph.center(cell) if cell == 3 else glyph + " "
                text.append(body, style=Style(bgcolor=bg, color=color, bold=True))
            text.append("\n")
        files = "".join(c.center(cell) if cell == 3 else c + " " for c in "abcdefgh")
        text.append(" " + files + "\n", style="dim")
        info = visible(" · ".join(x for x in (f.event, f.year) if x))
        text.append(info[: self.size.width] + "\n", style="italic")
        text.append(tier[0], style=tier[1])
        if f.caption:
            text.append("\n" + f.caption, style="bold")
        return text
