"""`batallas export`: a saved game (or a finished shared table) as a Markdown record to share.

The setup (game, seats, options, seed), then the game chapter by chapter (a battle, a turn,
a round) in the game screens' own log sentences, then the result. It is rebuilt from the seed
and the action log like a replay (``saves.replay``), and it tells no more than a replay shows:
while the game is unfinished, only what its first human seat saw; once it is over, every
seat's private information too (the cards each drew or exchanged, every objective), each
told once, by the seat's name.

The sentences come from the game's screen, made (never mounted) on a ``ReplaySession``: its
``describe`` words each event exactly as the log under the board does.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from rich.errors import MarkupError
from rich.text import Text
from textual.content import Content

from engine.core import Game
from engine.i18n import _, number
from engine.review import Review
from engine.words import listing
from saves.paths import visible
from saves.record import SaveRecord, coach_counts, coach_marks
from saves.replay import ReplaySession
from saves.table_chat import ChatLine
from tui.language import when
from tui.review_words import key_moments
from tui.screens.replay import replay_screen

_MARKDOWN = re.compile(r"([\\`*_\[\]<>|#~])")


def md(text: str) -> str:
    """Plain text inside Markdown: shown as written (``*``, ``_``, ``[`` stay characters),
    control characters made visible."""
    return _MARKDOWN.sub(r"\\\1", visible(text))


def plain(line: str | Content) -> str:
    """A log or result line (markup whose typed names are already literal) as plain text."""
    if isinstance(line, Content):
        return line.plain
    try:
        return Text.from_markup(line, emoji=False).plain
    except MarkupError:
        return line


def option_lines(game: Game, config: dict) -> list[str]:
    """ "Length: 5 battles (quick)" for each option of the game, as the setup names it (the
    game's labels are msgids, translated here)."""
    lines = []
    for option in game.options:
        value = config.get(option.key, option.default)
        said = next((_(label) for label, v in option.choices if v == value), None)
        if said is None:
            simple = isinstance(value, (str, int, float, bool))
            said = str(value) if simple else _("custom")
        lines.append(_("{option}: {value}").format(option=_(option.label), value=said))
    return lines


def utc_time(iso: str) -> str:
    """A stored time as the current language writes dates, left in UTC: a record is shared,
    and its reader's clock is not the writer's."""
    try:
        moment = dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso[:16].replace("T", " ")
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC).replace(tzinfo=None)  # naive: `when` keeps it as is
    return when(moment)


def is_heading(text: str) -> bool:
    """Every game's log opens a battle, turn or round with a line "— Turn 3 —"."""
    text = text.strip()
    return text.startswith("— ") and text.endswith(" —")


def bullet(text: str) -> str:
    """A log line as a list item; an indented one (a payment under its debt) nested."""
    nested = text.startswith(" ")
    return f"{'  ' if nested else ''}- {md(text.strip())}"


class Chapters:
    """The log's lines cut into chapters. A heading line of the log ("— Turn 3 —") opens a
    chapter named by its words, so one move that plays several quiet turns gives each its
    own; a new replay chapter with no heading line opens one under the replay's name. A
    heading is never also a bullet, and a chapter with no line is left out."""

    def __init__(self) -> None:
        self.done: list[tuple[str, list[str]]] = []
        self.name: str | None = None  # the replay's chapter of the last move
        self.waiting: list[str] = []  # the game's first lines, before its first heading

    def open(self, title: str) -> None:
        if self.done and not self.done[-1][1]:
            self.done.pop()  # renamed rather than left empty
        self.done.append((title, self.waiting))
        self.waiting = []

    def step(self, name: str, said: list[str]) -> None:
        """The lines one move added, the replay now in chapter ``name``. Lines before the
        move's first heading still end the chapter before it (the last payment of a turn,
        then the new turn)."""
        if name != self.name and not any(is_heading(text) for text in said):
            self.open(name)
        self.name = name
        for text in said:
            if is_heading(text):
                self.open(text.strip()[2:-2])
            else:
                (self.done[-1][1] if self.done else self.waiting).append(bullet(text))

    def markdown(self) -> list[str]:
        if self.waiting:  # a game whose log has no heading at all
            self.open(self.name or "")
        out: list[str] = []
        for title, lines in self.done:
            if lines:
                out.extend(["", f"## {md(title)}", "", *lines])
        return out


def export_markdown(
    game: Game,
    record: SaveRecord,
    review: Review | None = None,
    chat: Sequence[ChatLine] = (),
) -> str:
    """The record of ``record`` (a game of ``game``) as Markdown text; with its stored
    ``review``, the key moments after the result; with a table's ``chat``, its lines last."""
    session = ReplaySession(game, record)
    screen = replay_screen(session)
    seat = session.seat
    finished = session.finished
    session.reveal(finished)
    label = game.seat_labels(record.players)[seat]
    me = screen.seat_name(seat)

    def field(name: str, value: str) -> str:
        return "- " + _("**{field}:** {value}").format(field=name, value=value)

    out = [f"# {md(record.title)}", ""]
    out.append(field(_("Game"), md(game.name)))
    seats = "; ".join(md(screen.seat_name(s)) for s in range(record.players))
    out.append(field(_("Seats"), seats))
    options = option_lines(game, record.config)
    if options:
        out.append(field(_("Options"), md("; ".join(options))))
    out.append(field(_("Seed"), str(record.seed)))
    out.append(field(_("Moves"), number(session.count)))
    played = _("{start} to {end} (UTC)").format(
        start=utc_time(record.created), end=utc_time(record.updated)
    )
    out.append(field(_("Played"), md(played)))
    coached = coach_marks(record.hints, record.takebacks)
    if coached:  # such a game was not played alone: issue 30's ratings leave it out
        helped = coach_counts(record.hints, record.takebacks)
        out.append(field(_("Coach"), md(f"{coached} ({helped})")))
    if not game.hidden_information:
        told = _("everything: nothing in {game} is secret. “You” is {you}.").format(
            game=md(game.name), you=md(me)
        )
    elif finished:
        told = _(
            "everything, since the game is over: every seat's private cards and objectives "
            "too, told by name. “You” is {you}."
        ).format(you=md(me))
    else:
        told = _(
            "only what {player} saw: the game is not over, so the other seats' secrets stay "
            "hidden. “You” is {you}."
        ).format(player=md(me), you=md(label))
    out.append(field(_("Shown"), told))

    chapters = Chapters()
    seen = 0
    for index in range(session.count + 1):
        session.go(index)
        view = session.view(seat)
        events, seen = view.log[seen:], len(view.log)
        said = [plain(line) for e in events if (line := screen.log_line(e, view)) is not None]
        chapters.step(session.chapter, said)
    out.extend(chapters.markdown())

    outcome = session.outcome()
    if outcome is not None:
        headline, details = screen.result_text(outcome)
        out.extend(["", "## " + _("Result"), "", f"**{md(plain(headline))}**"])
        for detail in plain(details).splitlines():
            if detail.strip():
                out.extend(["", md(detail)])
        if review is not None:
            out.extend(["", "## " + _("Key moments"), ""])
            out.extend(bullet(line) for line in key_moments(game, record, review))
    else:
        out.extend(["", "## " + _("Not over yet"), "", md(session.progress())])
        waiting = game.to_move(session.state)
        if waiting:
            names = listing(screen.seat_name(s) for s in waiting)
            out.extend(["", _("Next to play: {names}.").format(names=md(names))])
    if chat:
        out.extend(["", "## " + _("Table chat"), ""])
        out.extend(f"- {md(line.words(date=True))}" for line in chat)
    return "\n".join(out) + "\n"
