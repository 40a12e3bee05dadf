"""`batallas table new | join | watch | list`: shared tables, one seat per person, each at a
terminal, and anyone may watch.

Kept apart from ``tui/cli.py``, which only registers the subparser and hands ``table`` here.
Like it, each command imports what it needs inside its function (start-up time: `batallas
table list` never loads Textual and the app).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from engine import registry
from engine.i18n import N_, _
from saves.paths import folder_problem, same_person, title_problem, visible
from saves.record import level_key
from saves.table_clock import TAKEOVER, Clock, parse_clock
from tui.arguments import seed_number, typed_text

SEAT_HELP = N_("a person's name or bot:LEVEL (e.g. bot:strong); once per seat, in seat order")


def add_parser(subparsers) -> None:
    person = typed_text(_("A player name"))
    table = subparsers.add_parser("table", help=_("shared tables: one game, several terminals"))
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument(
        "--tables-dir",
        default=None,
        metavar=_("TABLES_DIR"),
        help=_(
            "the shared tables folder (default: $BATALLAS_TABLES, $BATALLAS_HOME/tables or "
            "the platform's user data folder)"
        ),
    )
    sub = table.add_subparsers(dest="table_command", required=True)

    new = sub.add_parser("new", parents=[where], help=_("create a table and print its name"))
    new.add_argument("game", choices=sorted(registry.GAMES))
    new.add_argument("--seat", action="append", type=person, required=True, help=_(SEAT_HELP))
    new.add_argument(
        "--name",
        type=typed_text(_("A table name"), title_problem),
        metavar=_("NAME"),
        help=_("the table's name (default: GAME-N)"),
    )
    new.add_argument(
        "--seed", type=seed_number, default=None, help=_("seed for a reproducible game")
    )
    new.add_argument(
        "--spectators-chat",
        action="store_true",
        help=_("spectators may write in the table's chat too (by default they only read it)"),
    )
    new.add_argument(
        "--clock",
        type=clock_spec,
        default=None,
        metavar=_("CLOCK"),
        help=_(
            "time per move (live: move:5m, in minutes) or per turn (correspondence: turn:12h, "
            "turn:2d); a seat whose time runs out is played by a bot (default: no clock)"
        ),
    )
    new.add_argument(
        "--takeover",
        type=level_key,
        default=TAKEOVER,
        metavar=_("LEVEL"),
        help=_(
            "the level of the bot that plays a seat whose clock ran out, or whose player "
            "resigned in a game of three or more (default: strong)"
        ),
    )

    join = sub.add_parser("join", parents=[where], help=_("play your seat at a table"))
    join.add_argument("name", metavar=_("NAME"))
    join.add_argument(
        "--as", dest="person", type=person, metavar=_("PERSON"), help=_("who you are at that table")
    )

    watch = sub.add_parser("watch", parents=[where], help=_("follow a table as a spectator"))
    watch.add_argument("name", metavar=_("NAME"))
    watch.add_argument(
        "--as",
        dest="person",
        type=person,
        metavar=_("PERSON"),
        help=_("who you are (the menu then lists your tables)"),
    )

    ls = sub.add_parser("list", parents=[where], help=_("list the tables (only yours with --as)"))
    ls.add_argument(
        "--as",
        dest="person",
        type=person,
        metavar=_("PERSON"),
        help=_("only the tables of this person"),
    )


def clock_spec(text: str) -> Clock:
    """``--clock``: argparse says the sentence of ``parse_clock`` when it is not a clock."""
    try:
        return parse_clock(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(visible(str(err))) from None


def _person(args) -> tuple[str | None, str | None]:
    """Who is asking, and None; or None and why not. Hosted, it is always the hosted player."""
    given = getattr(args, "person", None)
    if getattr(args, "hosted", False):
        from tui import hosting

        player, problem = hosting.player_name(getattr(args, "player", None), os.environ)
        if problem:
            return None, problem
        if given is not None and not same_person(given, player):
            return None, _("You are {player} here; you cannot sit down as {given}.").format(
                player=player, given=visible(given)
            )
        return player, None
    return (given.strip() if given else None), None


def run(args, saves_folder: Path | None = None) -> int:
    """Run one ``batallas table …`` command; ``saves_folder`` is the hosted player's saves."""
    from saves.record import SaveError
    from saves.tables import TableStore, tables_dir

    if getattr(args, "hosted", False) and args.tables_dir is not None:
        print(_("--tables-dir is not available with --hosted."), file=sys.stderr)
        return 2
    person, problem = _person(args)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    hosted = getattr(args, "hosted", False)
    try:
        tables = TableStore(tables_dir(args.tables_dir))
    except OSError as err:  # --tables-dir, $BATALLAS_TABLES or $BATALLAS_HOME is a file
        print(folder_problem(err, named=not hosted), file=sys.stderr)
        return 2
    try:
        if args.table_command == "new":
            return _new(tables, args)
        if args.table_command == "list":
            return _list(tables, person, shows_paths=not hosted)
        if args.table_command == "watch":
            return _watch(tables, args, person, saves_folder)
        if person is None:
            print(_("Say who you are: batallas table join NAME --as PERSON"), file=sys.stderr)
            return 2
        return _join(tables, args, person, saves_folder)
    except SaveError as err:
        print(f"batallas table: {visible(err.reason)}", file=sys.stderr)
        return 2


def _new(tables, args) -> int:
    try:
        table = tables.create(
            args.game,
            args.seat,
            name=args.name,
            seed=args.seed,
            spectators_chat=args.spectators_chat,
            clock=args.clock,
            takeover=args.takeover,
        )
    except ValueError as err:  # the game itself refuses this setup
        print(f"batallas table: {visible(str(err))}", file=sys.stderr)
        return 2
    name = visible(table.name)
    print(name)
    for person in map(visible, table.people()):
        print(f"  {person}: batallas table join {name} --as {person}", file=sys.stderr)
    return 0


def _list(tables, person: str | None, shows_paths: bool = True) -> int:
    """The tables, one a line; their folder only when the reader may see it (not hosted)."""
    from saves.record import BrokenSave
    from saves.table_deadline import time_left
    from saves.tables import turn_text

    rows = tables.list()
    if person is not None:
        rows = [r for r in rows if not isinstance(r, BrokenSave) and r.place_of(person) is not None]
    root = visible(str(tables.root))
    if not rows:
        if not shows_paths:
            print(_("No tables for {person} yet.").format(person=visible(person or "")))
        elif person:
            print(
                _("No tables for {person} in {folder}.").format(person=visible(person), folder=root)
            )
        else:
            print(_("No tables in {folder}.").format(folder=root))
        return 0
    print(_("Tables in {folder}:").format(folder=root) if shows_paths else _("Your tables:"))
    for row in rows:  # every name here comes from a file anyone at the table may edit
        name = visible(row.name)
        if isinstance(row, BrokenSave):
            unreadable = _("UNREADABLE: {reason}").format(reason=visible(row.reason))
            print(f"  {name:<20} {unreadable}")
            continue
        game = tables.game(row)
        owners, turn = visible(", ".join(row.owners)), visible(turn_text(game, row, person))
        left = time_left(game, row, person, tables.now())
        turn = f"{turn} · {left}" if left else turn
        print(f"  {name:<20} {game.name:<18} {owners:<32} {turn:<24} v{row.version}")
    return 0


def _watch(tables, args, person: str | None, saves_folder: Path | None) -> int:
    """Open a table as a spectator: its public view, following every move; no seat needed."""
    from saves.tables import TableWatch
    from tui.screens.registry import screen_for

    watch = TableWatch.open(tables, args.name)  # refuses before any screen opens
    return _run_app(args, saves_folder, lambda app: screen_for(watch), person, tables)


def _join(tables, args, person: str, saves_folder: Path | None) -> int:
    from saves.tables import TableSession
    from tui.screens.registry import screen_for

    session = TableSession.join(tables, args.name, person)  # refuses before any screen opens
    return _run_app(args, saves_folder, lambda app: screen_for(session), session.player, tables)


def _run_app(args, saves_folder: Path | None, start, player: str | None, tables) -> int:
    """The full-screen app, opening on ``start``'s screen; the menu behind it knows
    ``player`` (their tables, the live ones to watch) when there is one."""
    from saves.paths import saves_dir
    from saves.store import SaveStore
    from tui.app import BatallasApp

    try:
        store = SaveStore(saves_folder or saves_dir(args.saves_dir))
    except OSError as err:
        print(folder_problem(err), file=sys.stderr)
        return 2
    app = BatallasApp(
        store,
        theme=args.theme,
        start=start,
        letters=args.letters,
        hosted=getattr(args, "hosted", False),
        player=player,
        tables=tables,
    )
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0
