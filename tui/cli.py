"""`batallas` command line: the menu by default, or straight into a game, a save or the rules.

Whatever the arguments, the answer is a result or one line saying what is wrong (status 2 for
arguments that cannot be used), never a traceback; names and paths from files or arguments are
printed with their control characters escaped (``saves.paths.visible``).

The language is chosen (``tui.language``) before the arguments are parsed, so that ``--help``
and argparse's own words (``usage:``, its errors) already speak it.

The one module whose imports sit inside functions: each subcommand imports what it needs
when it runs, so that `batallas --help` or `batallas saves` never loads Textual and the app
(``tests/engine/test_import_circles.py`` allows it here and in ``tui/tables_cli.py`` only).
That rule is also why the module is a little over 600 lines: a subcommand split into a
module of its own would need its own exception to it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rich.cells import cell_len

from engine import registry
from engine.i18n import N_, _, ngettext, number, pgettext
from saves.paths import folder_problem, own_folders, title_problem, visible
from tui import language
from tui.arguments import SEAT_HELP, app_parser, parse_seat, seed_number, typed_text, unknown_theme
from tui.deck_file import read_deck

DECK_REFUSED = N_("Cannot write the deck to {path}: {reason}.")
RECORD_REFUSED = N_("Cannot write the record to {path}: {reason}.")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, in the language installed now."""
    parser = app_parser()
    sub = parser.add_subparsers(dest="command")
    games = sorted(registry.GAMES)

    new = sub.add_parser("new", help=_("start a new game"))
    new.add_argument("game", choices=games)
    new.add_argument("--seat", action="append", type=parse_seat, default=None, help=_(SEAT_HELP))
    new.add_argument(
        "--seed", type=seed_number, default=None, help=_("seed for a reproducible game")
    )
    new.add_argument(
        "--title",
        type=typed_text(_("A title"), title_problem),
        default=None,
        help=_("name of the save"),
    )
    new.add_argument(
        "--deck",
        default=None,
        metavar=_("FILE"),
        help=_("Mates Hostiles: play with a deck file made by `batallas mates-deck`"),
    )

    learn = sub.add_parser("learn", help=_("play a game's first lesson, a guided first game"))
    learn.add_argument("game", metavar=_("GAME"))

    resume = sub.add_parser("resume", help=_("resume a saved game (the most recent by default)"))
    resume.add_argument("name", nargs="?", default=None, metavar=_("NAME"))

    sub.add_parser("saves", help=_("list saved games"))

    ratings = sub.add_parser("ratings", help=_("every player's rating, per game"))
    ratings.add_argument("game", nargs="?", default=None, choices=games, metavar=_("GAME"))

    replay = sub.add_parser(
        "replay", help=_("step through a saved game or a finished table from its first move")
    )
    replay.add_argument("name", metavar=_("NAME"))

    export = sub.add_parser(
        "export", help=_("a saved game or a finished table as a readable record (Markdown)")
    )
    export.add_argument("name", metavar=_("NAME"))
    export.add_argument(
        "-o",
        "--output",
        default=None,
        metavar=_("FILE"),
        help=_("write it to FILE, not to stdout"),
    )

    review = sub.add_parser(
        "review", help=_("the key moments of a finished game, as the expert judges them")
    )
    review.add_argument("name", metavar=_("NAME"))
    hint = sub.add_parser(
        "hint", help=_("the coach's move for the player to move in a saved game against bots")
    )
    hint.add_argument("name", metavar=_("NAME"))

    rules = sub.add_parser("rules", help=_("print a game's rules"))
    rules.add_argument("game", choices=games)

    deck = sub.add_parser("mates-deck", help=_("build a Mates Hostiles deck from a PGN file"))
    deck.add_argument("pgn", metavar=_("PGN_FILE"))
    deck.add_argument("-o", "--output", required=True, metavar=_("DECK_JSON"))

    from tui import tables_cli

    tables_cli.add_parser(sub)

    from tui import serve

    serve.add_parser(sub)
    return parser


def deck_output_problem(pgn: Path, output: Path, own) -> str | None:
    """Why the deck cannot be written to ``output``: the rule of every file a user names
    (``saves.safe_write``), and never over the PGN file itself, under any spelling or
    through a link. None when it can."""
    from saves.safe_write import refusal

    reason = refusal(output, own)
    if reason is None:
        try:
            same = output.resolve() == pgn.resolve() or (
                output.exists() and os.path.samefile(output, pgn)
            )
        except (OSError, RuntimeError):  # a link loop, a file that went away: not the same
            same = False
        if same:
            reason = _("it would overwrite the PGN file it is made from")
    if reason is None:
        return None
    return _(DECK_REFUSED).format(path=visible(str(output)), reason=reason)


def mates_deck(pgn: str, output: str, saves: str | None = None) -> int:
    """Keep the games that end in mate and carry Elo tags; say what was skipped and why."""
    from engine.mates.deck_builder import build_deck, deck_json, report

    path, out = Path(pgn), Path(output)
    own = own_folders(saves)
    problem = deck_output_problem(path, out, own)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    try:
        regular = path.is_file() or not path.exists()  # not a folder, a pipe, a device
        text = path.read_text(encoding="utf-8", errors="replace") if regular else None
    except OSError as err:
        print(
            _("Cannot read {path}: {reason}").format(path=visible(pgn), reason=err.strerror or err),
            file=sys.stderr,
        )
        return 2
    if text is None:
        print(
            _("Cannot read {path}: not a regular file").format(path=visible(pgn)), file=sys.stderr
        )
        return 2
    cards, skipped = build_deck(text, source=path.name)
    for line in report(cards, skipped).splitlines():
        print(visible(line), file=sys.stderr)
    if not cards:
        print(_("No deck written."), file=sys.stderr)
        return 2
    problem = write_named(output, deck_json(cards), own, _(DECK_REFUSED))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    wrote = ngettext("Wrote {n} card to {path}.", "Wrote {n} cards to {path}.", len(cards))
    print(wrote.format(n=number(len(cards)), path=visible(output)), file=sys.stderr)
    return 0


def hosted_asked(argv: list[str]) -> bool:
    """Whether ``--hosted`` is among the options (looked for before argparse runs)."""
    return "--hosted" in (argv[: argv.index("--")] if "--" in argv else argv)


def main(argv: list[str] | None = None) -> int:
    from tui import hosting

    argv = sys.argv[1:] if argv is None else list(argv)
    # Hosted, the language remembered is the player's, known only once the arguments are
    # read; until then (--help, argparse's errors) only --lang and the player's LANG count.
    language.start(argv, remembers=not hosted_asked(argv))
    # Before anything imports Textual, which reads the variable once and fails on a bad value.
    dropped = hosting.drop_unknown_color_system(os.environ)
    if dropped is not None:
        print(
            _("Ignoring TEXTUAL_COLOR_SYSTEM={value}.").format(value=repr(visible(dropped))),
            file=sys.stderr,
        )
    args = build_parser().parse_args(argv)
    from saves.paths import saves_dir
    from saves.store import SaveStore

    player_saves = None
    if args.hosted or args.player is not None:
        player_saves, problem = hosting.prepare(args)
        if problem:
            print(problem, file=sys.stderr)
            return 2
        language.start(argv, player=player_saves.name)

    if args.command == "table":
        from tui import tables_cli

        return tables_cli.run(args, player_saves)
    if args.command == "rules":
        print(registry.get(args.game).rules_markdown())
        return 0
    if args.command == "mates-deck":
        return mates_deck(args.pgn, args.output, args.saves_dir)
    if args.command == "serve":
        from tui import serve

        try:  # each browser tab's app would fail on it, far from this terminal
            saves_dir(getattr(args, "saves_dir", None))
        except OSError as err:
            print(folder_problem(err), file=sys.stderr)
            return 2
        return serve.run(args)

    try:
        store = SaveStore(player_saves or saves_dir(args.saves_dir))
    except OSError as err:
        print(folder_problem(err), file=sys.stderr)
        return 2
    if args.command == "saves":
        return print_saves(store, shows_paths=not args.hosted)
    if args.command == "ratings":
        return print_ratings(store, args.game, args.hosted)
    if args.command == "export":
        return export_game(store, args.name, args.output)
    if args.command == "review":
        return review_game(store, args.name)
    if args.command == "hint":
        return print_hint(store, args.name)

    start = None
    if args.command == "new":
        start = _new_game_starter(args)
        if start is None:
            return 2
    elif args.command == "learn":
        start = _lesson_starter(args.game)
        if start is None:
            return 2
    elif args.command == "resume":
        name = args.name
        if name is None:
            recent = store.most_recent()
            if recent is None:
                print(_("No saved games yet."), file=sys.stderr)
                return 2
            name = recent.name
        start = _resume_starter(name)
    elif args.command == "replay":
        start = _replay_starter(store, args.name)
        if start is None:
            return 2

    from tui.app import BatallasApp

    tables = None
    if player_saves is not None:  # the menu lists the player's shared tables
        from saves.tables import TableStore, tables_dir

        try:
            tables = TableStore(tables_dir())
        except OSError as err:
            print(folder_problem(err, named=not args.hosted), file=sys.stderr)
            return 2
    theme = args.theme
    app = BatallasApp(
        store,
        theme=theme,
        start=start,
        letters=args.letters,
        hosted=args.hosted,
        player=player_saves.name if player_saves is not None else None,
        tables=tables,
    )
    if args.no_animations:
        app.animation_level = "none"
    if theme and theme not in app.available_themes:
        print(unknown_theme(theme, app.available_themes), file=sys.stderr)
        return 2
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def _new_game_starter(args):
    """The app's first screen for `batallas new`, or None once the reason is printed: every
    check the game itself makes runs here, before the app takes the terminal."""
    from saves.record import SeatInfo, level_name
    from saves.session import Session, full_config

    game = registry.get(args.game)
    seats = args.seat or [
        SeatInfo(kind="human", name=""),
        SeatInfo(kind="bot", name="", level="strong"),
    ]
    if not game.min_players <= len(seats) <= game.max_players:
        from tui.screens.menu import players_text

        got = ngettext(
            "{game} is for {players}; got {n} seat.",
            "{game} is for {players}; got {n} seats.",
            len(seats),
        )
        print(
            got.format(game=game.name, players=players_text(game), n=number(len(seats))),
            file=sys.stderr,
        )
        return None
    for seat in seats:
        if seat.kind == "bot" and seat.level not in game.bots:
            print(
                _("No bot level {level} for {game}; levels: {levels}.").format(
                    level=repr(visible(seat.level)),
                    game=game.name,
                    levels=", ".join(level_name(level) for level in game.bots),
                ),
                file=sys.stderr,
            )
            return None

    config = {}
    if args.deck:
        deck, problem = read_deck(game, args.deck)
        if problem:
            print(problem, file=sys.stderr)
            return None
        config["deck"] = deck
    try:  # e.g. a deck too small for the seats: say so now, not inside the app
        game.new(full_config(game, config), args.seed or 0, len(seats))
    except ValueError as err:
        print(
            _("Cannot start {game}: {reason}.").format(game=game.name, reason=visible(str(err))),
            file=sys.stderr,
        )
        return None

    def start(app):
        from tui.screens.registry import screen_for
        from tui.screens.setup import named_seats

        session = Session.new(
            game,
            app.store,
            named_seats(game, seats),
            config,
            seed=args.seed,
            title=args.title,
            players=len(seats),
        )
        return screen_for(session)

    return start


def _lesson_starter(game_id: str):
    """The lesson's first screen, or None once one sentence says there is no such lesson."""
    from tui.lessons import LESSONS

    if game_id not in LESSONS:
        print(
            _("No lesson for {game}; lessons: {games}.").format(
                game=repr(visible(game_id)), games=", ".join(LESSONS)
            ),
            file=sys.stderr,
        )
        return None

    def start(app):
        app.open_lesson(game_id)
        return None

    return start


def _resume_starter(name: str):
    def start(app):
        app.resume(name)
        return None

    return start


def _finished_tables():
    """The shared tables, where ``replay`` and ``export`` look for a finished game that no
    save is named after (``saves.replay.record_named``); nothing is created here."""
    from saves.paths import tables_path
    from saves.tables import TableStore

    return TableStore(tables_path())


def _replay_starter(store, name: str):
    """The replay's first screen, or None once the reason is printed: the save is read and
    replayed here, before the app takes the terminal."""
    from saves.record import SaveError
    from saves.replay import ReplaySession

    try:
        session = ReplaySession.load(store, name, tables=_finished_tables())
    except SaveError as err:
        print(
            _("Cannot replay {name}: {reason}.").format(
                name=visible(name), reason=visible(err.reason)
            ),
            file=sys.stderr,
        )
        return None

    def start(app):
        from tui.screens.replay import replay_screen

        return replay_screen(session)

    return start


def export_game(store, name: str, output: str | None) -> int:
    """Print the game's record, or write it to ``output`` (a regular file outside the data
    folders only: ``saves.safe_write``)."""
    from saves.record import SaveError
    from saves.replay import record_named
    from saves.reviews import stored_review
    from saves.safe_write import refusal
    from saves.table_chat import read_chat
    from tui.export import export_markdown

    own = own_folders(store.root)
    problem = refusal(Path(output), own) if output is not None else None
    if problem:  # said before the game is read and replayed
        print(_(RECORD_REFUSED).format(path=visible(output), reason=problem), file=sys.stderr)
        return 2
    try:
        tables = _finished_tables()
        record = record_named(store, name, tables)
        # A finished table's chat goes with it (a save of that name comes first, and has none).
        chat = read_chat(tables.root, name) if store.stamp(name) is None else ()
        review = stored_review(store, record)
        text = export_markdown(store.games[record.game_id], record, review, chat)
    except SaveError as err:
        print(
            _("Cannot export {name}: {reason}.").format(
                name=visible(name), reason=visible(err.reason)
            ),
            file=sys.stderr,
        )
        return 2
    if output is None:
        try:
            sys.stdout.write("".join(visible(line) + "\n" for line in text.splitlines()))
            sys.stdout.flush()
        except BrokenPipeError:  # `| head`: the reader had enough
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    problem = write_named(output, text, own, _(RECORD_REFUSED))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    print(
        _("Wrote the record of {name} to {path}.").format(name=visible(name), path=visible(output)),
        file=sys.stderr,
    )
    return 0


def review_game(store, name: str) -> int:
    """Print a finished game's key moments, from its stored review or a new one (computed
    here, with a progress line on stderr when it is a terminal, then kept)."""
    from saves.record import SaveError
    from saves.replay import record_named
    from saves.reviews import review_of
    from tui.review_words import key_moments

    def progress(done: int, total: int) -> None:
        said = _("Reviewing: decision {done} of {total}").format(
            done=number(done), total=number(total)
        )
        sys.stderr.write(f"\r{said}\x1b[K" if done < total else "\r\x1b[K")
        sys.stderr.flush()

    shows = sys.stderr.isatty()
    try:
        record = record_named(store, name, _finished_tables())
        review, problem = review_of(store, record, progress if shows else None)
    except SaveError as err:
        print(
            _("Cannot review {name}: {reason}.").format(
                name=visible(name), reason=visible(err.reason)
            ),
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:  # ctrl+c while it thinks: nothing is kept
        print(file=sys.stderr)
        return 130
    except Exception:  # never a traceback: one sentence, the details in the log
        from tui.crash import log_crash

        _path, stamp = log_crash("reviewing a game")
        reason = _("it could not be made (logged at {stamp})").format(stamp=stamp)
        print(
            _("Cannot review {name}: {reason}.").format(name=visible(name), reason=reason),
            file=sys.stderr,
        )
        return 2
    if problem:
        print(visible(problem), file=sys.stderr)
    game = store.games[record.game_id]
    title = _("Review of {title} ({game})").format(title=record.title, game=game.name)
    try:
        for line in [title, *key_moments(game, record, review)]:
            sys.stdout.write(visible(line) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # `| head`: the reader had enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def print_hint(store, name: str) -> int:
    """The coach's hint for the human seat to move, as plain lines: the same the app shows
    for that position (the same seed). Refused, status 2, in one sentence: no such save, a
    shared table, a game of several players, a finished game."""
    import random

    from engine.coach import coach_of
    from saves.record import SaveError
    from saves.session import Session
    from tui.crash import log_crash
    from tui.match import Match, hint_lines

    def refuse(reason: str) -> int:
        said = _("No hint for {name}: {reason}").format(name=visible(name), reason=reason)
        print(visible(said), file=sys.stderr)
        return 2

    try:
        record = store.load(name)
    except SaveError as err:
        if store.stamp(name) is None and _finished_tables().stamp(name) is not None:
            return refuse(_("it is a shared table, and the coach never helps at one."))
        return refuse(err.reason + ".")
    match = Match(Session(store.games[record.game_id], store, record))
    refusal = match.hint_refusal()
    if refusal is not None:
        return refuse(refusal)
    job = match.hint_job()
    try:
        hint = coach_of(job.game_id).hint(job.view, job.seat, random.Random(job.seed))
    except Exception:  # never a traceback: the crash log has it
        _path, stamp = log_crash("working out a hint")
        return refuse(_("the coach failed (logged at {stamp}).").format(stamp=stamp))
    seat = match.seat_name(job.seat)
    print("\n".join(visible(line) for line in hint_lines(hint, seat)))
    return 0


def write_named(output: str, text: str, own, said: str) -> str | None:
    """Write ``text`` at a path the user named (``saves.safe_write``); None, or ``said``
    ("Cannot write the … to {path}: {reason}.") filled in when it cannot be done."""
    from saves.safe_write import WriteRefused, write_named_file

    try:
        write_named_file(Path(output), text.encode("utf-8"), own)
    except WriteRefused as err:
        reason = err.reason
    except OSError as err:
        reason = err.strerror or str(err)
    else:
        return None
    return said.format(path=visible(output), reason=reason)


def print_saves(store, shows_paths: bool = True) -> int:
    """One line per save. Every field was read from a file someone may have edited: printed
    with control characters escaped, so a title cannot retitle or script the terminal.
    The folder is named only to its owner (not ``shows_paths``: hosted, a remote player)."""
    from saves.record import BrokenSave

    entries = store.list()
    root = visible(str(store.root))
    if not entries:
        print(
            _("No saved games in {folder}.").format(folder=root)
            if shows_paths
            else _("No saved games yet.")
        )
        return 0
    print(_("Saves in {folder}:").format(folder=root) if shows_paths else _("Your saves:"))
    rows = []
    for entry in entries:
        name = visible(entry.name)
        if isinstance(entry, BrokenSave):
            unreadable = _("UNREADABLE: {reason}").format(reason=visible(entry.reason))
            rows.append((name, unreadable))
        else:
            seats = visible(", ".join(entry.seats))
            updated = visible(language.when(entry.updated))
            progress = visible(entry.progress)
            rows.append((name, entry.game_name, progress, f"{seats}  ({updated})"))
    for line in columns(rows):
        print(f"  {line}")
    return 0


def print_ratings(store, game_id: str | None, hosted: bool) -> int:
    """Each game's ratings, best first, in columns; the whole club's when hosted (every
    player's saves folder and the finished tables). Names are printed escaped."""
    from saves import ratings
    from saves.paths import tables_path

    club = ratings.club_saves(store.root, hosted)
    result = ratings.compute(club, tables_path(), store.games)
    wanted = [game_id] if game_id else list(registry.GAMES)
    shown = [g for g in wanted if result.standings.get(g)]
    if not shown:
        print(_("No rated game yet."))
        return 0
    print(_(ratings.ORDINAL))
    header = (
        "#",
        _("Player"),
        pgettext("ratings column", "Rating"),
        pgettext("ratings column", "Games"),
        _("Last played"),
    )
    for game in shown:
        rows = [header]
        for i, s in enumerate(result.standings[game], start=1):
            name = visible(ratings.label(s.player, s.name))
            points = ratings.points(s.rating.ordinal)
            when = visible(language.when(s.last))
            rows.append((number(i), name, points, number(s.games), when))
        print()
        print(registry.get(game).name)
        for line in columns(right_aligned(rows, (0, 2, 3))):
            print(f"  {line}")
    return 0


def right_aligned(rows: list[tuple[str, ...]], which: tuple[int, ...]) -> list[tuple[str, ...]]:
    """The cells of the columns ``which`` padded on the left to their column's width."""
    widths = {i: max(cell_len(row[i]) for row in rows) for i in which}
    return [
        tuple(
            " " * (widths[i] - cell_len(cell)) + cell if i in widths else cell
            for i, cell in enumerate(row)
        )
        for row in rows
    ]


def columns(rows: list[tuple[str, ...]]) -> list[str]:
    """Rows of cells, each column as wide as its widest cell in terminal cells (a Japanese
    title takes two a character), so that every column starts at the same place."""
    widths: dict[int, int] = {}
    for row in rows:
        for i, cell in enumerate(row[:-1]):
            widths[i] = max(widths.get(i, 0), cell_len(cell))
    return [
        " ".join(
            [
                *(cell + " " * (widths[i] - cell_len(cell)) for i, cell in enumerate(row[:-1])),
                row[-1],
            ]
        )
        for row in rows
    ]


if __name__ == "__main__":
    sys.exit(main())
