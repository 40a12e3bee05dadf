"""A playing card face (or back), drawn from plain data so any card game can use it.

Cards are narrow (eight or nine columns at 80×24), so names are fitted word by word: a word
that is too long is abbreviated with a full stop ("Battag."), small linking words go when lines
are short, and only then is the name cut with "…". A screen shows the full name elsewhere (a
detail line under the hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

# Words a name keeps its sense without, when two lines must hold three words.
CONNECTORS = frozenset(
    "a al alla alle and d' de del della di e el en for in la las le lo los o of or per "
    "the to un una with y".split()
)
MIN_ABBREVIATION = 4  # "Bat." at the shortest: three letters and the full stop
DROPPED_WORD = 3  # leaving out a linking word costs as much as three abbreviated letters
ROOMY_ROWS = 5  # a framed card this tall has room to name its kind at the bottom


@dataclass(frozen=True)
class CardFace:
    """What a card shows. ``kind`` picks the colour class; the letter in ``corner`` says the
    same for players without colour. ``short_hints`` stand in for ``hint`` on a narrow card,
    the first that fits on one line (e.g. "+10 Santa Anna", then "+10 Res.")."""

    title: str
    short_title: str = ""  # what tells it from its deck's other cards ("San Luis"), see ``body``
    corner: str = ""
    footer: str = ""
    hint: str = ""
    short_hints: tuple[str, ...] = ()
    kind: str = ""
    face_down: bool = False
    back_label: str = ""
    note: str = ""
    dim: bool = False
    selected: bool = False


def _lines(words: list[str], width: int) -> list[str] | None:
    """Greedy word wrap; None if a word is wider than the line."""
    lines: list[str] = []
    for word in words:
        if len(word) > width:
            return None
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _lettered(text: str) -> bool:
    """Letters only (an apostrophe inside a word counts: "d'Assedio")."""
    return bool(text) and text[0].isalpha() and text.replace("'", "").isalpha()


def _abbreviate(word: str, length: int) -> str:
    """``word`` in ``length`` characters, the last one a full stop (never below "Bat."); a word
    that would not keep letters only ("ex-US", "18") stays whole."""
    keep = max(MIN_ABBREVIATION, length) - 1
    if len(word) <= length or not _lettered(word[:keep]):
        return word
    return word[:keep] + "."


def _shorter(word: str) -> str:
    """One letter less of an abbreviation (or the first cut of a whole word)."""
    if word.endswith(".") and len(word) > MIN_ABBREVIATION and _lettered(word[:-1]):
        return word[:-2] + "."
    return _abbreviate(word, len(word) - 1)


def _shortened(words: list[str], width: int, rows: int) -> tuple[list[str], int] | None:
    """Abbreviate the longest words, a letter at a time, until the words fit ``rows`` lines;
    the lines and how many letters went."""
    short = [_abbreviate(w, width) for w in words]
    while True:
        lines = _lines(short, width)
        if lines is not None and len(lines) <= rows:
            lost = sum(len(w) - len(s) + 1 for w, s in zip(words, short, strict=True) if w != s)
            return lines, lost
        shortenable = [i for i, w in enumerate(short) if _shorter(w) != w]
        if not shortenable:
            return None
        longest = max(shortenable, key=lambda i: len(short[i]))
        short[longest] = _shorter(short[longest])


@lru_cache(maxsize=4096)
def squeeze(text: str, width: int, rows: int) -> tuple[str, ...]:
    """``text`` in at most ``rows`` lines of ``width``: whole if it fits; else with long words
    abbreviated ("Professionisti" → "Profes."), then without small linking words ("Piano di
    Battaglia" → "Piano" / "Battag."), and only as a last resort cut off with "…"."""
    words = text.split()
    if not words or width < 1 or rows < 1:
        return ("",)
    whole = _lines(words, width)
    if whole is not None and len(whole) <= rows:
        return tuple(whole)
    content = [w for w in words if w.lower() not in CONNECTORS] or words
    found = []
    for pool in (words, content):
        result = _shortened(pool, width, rows)
        if result is not None:
            lines, lost = result
            found.append((lost + DROPPED_WORD * (len(words) - len(pool)), lines))
    if found:
        return tuple(min(found, key=lambda f: f[0])[1])
    every = wrap(" ".join(_abbreviate(w, width) for w in words), width)
    if len(every) <= rows:
        return tuple(every)
    lines = every[:rows]
    last = lines[-1]
    lines[-1] = (last[: width - 1] if len(last) >= width else last) + "…"
    return tuple(lines)


def telling_part(name: str, names) -> str:
    """What tells ``name`` from the other ``names`` of its deck when its first word is shared
    ("Compañía San Luis" beside "Compañía ligera": "San Luis"), without the linking words
    after it; "" when the first word is the card's own."""
    first, _, rest = name.partition(" ")
    if not any(other != name and other.startswith(first + " ") for other in names):
        return ""
    words = rest.split()
    while words and words[0].lower() in CONNECTORS:
        words = words[1:]
    return " ".join(words)


def fitted(forms: list[str], width: int) -> str:
    """A detail line: "▸ " and the first of ``forms`` (longest first) that fits ``width``."""
    if not forms:
        return ""
    said = next((form for form in forms if len(form) + 2 <= width), forms[-1])
    return f"▸ {said}"


def wrap(text: str, width: int) -> list[str]:
    """Plain word wrap (no abbreviation); words longer than the line are split."""
    lines = _lines(text.split(), width)
    if lines is not None:
        return lines or [""]
    out: list[str] = []
    for word in text.split():
        while len(word) > width:
            out.append(word[:width])
            word = word[width:]
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        elif word:
            out.append(word)
    return out or [""]


def hint_lines(face: CardFace, width: int, rows: int) -> tuple[str, ...]:
    """The hint in ``rows`` shared with the name. The name is kept whole if a whole hint
    (printed, else short) leaves room for it; else the hint takes one line (a short form,
    abbreviated if it must be) and the name what is left; two lines only when one would cut
    it off."""
    if not face.hint or rows < 2:
        return ()
    shorts = face.short_hints or (face.hint,)
    name = _lines(face.title.split(), width)
    name_rows = len(name) if name is not None else rows
    forms = [_lines(text.split(), width) for text in (face.hint, *shorts)]
    whole = [tuple(f) for f in forms if f is not None and len(f) <= 2]
    for form in whole:
        if len(form) + name_rows <= rows:
            return form
    for form in whole:
        if len(form) == 1:
            return form
    one = squeeze(shorts[0], width, 1)
    return one if not one[-1].endswith("…") else squeeze(shorts[0], width, 2)


def body(
    face: CardFace, label: str, width: int, height: int, framed: bool
) -> tuple[tuple[str, str], ...]:
    """The rows of a face-up card, top to bottom, each with its style.

    A framed card has its number in the top border and its note in the bottom one; an open
    card (80×24: a coloured bar on the left, no frame) puts number, corner and note on its
    first row, or the note on the last row when the first is full. The name and the hint
    share the rows left (see ``hint_lines``), and a framed card with a row to spare names its
    kind at the bottom."""
    first = face.corner if framed else " ".join(p for p in (label, face.corner) if p)
    note_row = ""
    if not framed and face.note:
        if len(first) + 1 + len(face.note) <= width:
            first = first.ljust(width - len(face.note)) + face.note
        else:
            note_row = face.note.rjust(width)
    rows = height - 1 - (1 if note_row else 0)
    hint = hint_lines(face, width, rows)
    title = squeeze(face.title, width, max(1, rows - len(hint)))
    if title[-1].endswith("…") and face.short_title:  # "Compañ. San…" tells no Compañía apart
        title = squeeze(face.short_title, width, max(1, rows - len(hint)))
    left = rows - len(hint) - len(title)
    fits = framed and face.footer and height >= ROOMY_ROWS and left >= 1
    footer = list(squeeze(face.footer, width, 1)) if fits else []
    out = [(first[:width], "bold")]
    out += [(line, "") for line in title]
    out += [(line, "dim") for line in hint]
    out += [("", "")] * max(0, height - len(out) - len(footer) - (1 if note_row else 0))
    out += [(line, "italic") for line in footer]
    if note_row:
        out.append((note_row, "bold"))
    return tuple(out[:height])


class CardView(Widget):
    """One card. Clicking posts ``CardView.Clicked`` with its index in the hand."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, face: CardFace, index: int, label: str = "") -> None:
        super().__init__(classes="card")
        self.index = index
        self.label = label
        self.face = face
        self.apply_face(face)

    @property
    def framed(self) -> bool:
        """Whether the style draws a whole frame (else only a bar on the left)."""
        return self.styles.border_top[0] not in ("", "none", "hidden")

    def apply_face(self, face: CardFace) -> None:
        for cls in list(self.classes):
            if cls.startswith("kind-"):
                self.remove_class(cls)
        self.face = face
        self.add_class(f"kind-{face.kind or 'none'}")
        self.set_class(face.face_down, "face-down")
        self.set_class(face.dim, "dim")
        self.set_class(face.selected, "selected")
        self.border_title = self.label
        self.border_subtitle = face.note
        self.refresh()

    def render(self) -> Text:
        face = self.face
        width = max(1, self.content_size.width)
        height = max(1, self.content_size.height)
        if face.face_down:
            lines = ["▚" * width] * height
            if face.back_label and height >= 2:
                lines[height // 2] = face.back_label[:width].center(width, "▚")
            if not self.framed and self.label:
                lines[0] = self.label[:width].ljust(width, "▚")
            return Text("\n".join(lines), style="dim")
        text = Text(no_wrap=True, overflow="crop")
        for i, (line, style) in enumerate(body(face, self.label, width, height, self.framed)):
            text.append(("\n" if i else "") + line, style=style)
        return text

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))
