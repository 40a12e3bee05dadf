"""`batallas` command line: the menu by default, or straight into a game, a save or the rules."""

from __future__ import annotations

import argparse
import sys

from engine import registry
from tui import __version__

SEAT_HELP = "human, human:NAME, or bot:LEVEL (e.g. bot:strong); once per seat, in seat order"


def parse_seat(text: str):
    """Turn `human`, `human:Ana` or `bot:strong` into a SeatInfo."""
    from saves.record import SeatInfo

    kind, _, rest = text.partition(":")
    if kind == "human":
        return SeatInfo(kind="human", name=rest or "")
    if kind == "bot":
        return SeatInfo(kind="bot", name="", level=rest or "strong")
    raise argparse.ArgumentTypeError(f"seat must be {SEAT_HELP}, not {text!r}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="batallas",
        description="Five historical war games from old print-and-play rule sheets.",
    )
    parser.add_argument("--version", action="version", version=f"batallas {__version__}")
    parser.add_argument(
        "--saves-dir",
        help="where saves live (default: $BATALLAS_HOME/saves or the platform's user data folder)",
    )
    parser.add_argument("--theme", help="Textual theme, e.g. textual-dark, ansi-dark, nord")
    parser.add_argument("--no-mouse", action="store_true", help="do not capture the mouse")
    parser.add_argument(
        "--no-animations", action="store_true", help="no animations (for slow links)"
    )
    parser.add_argument(
        "--hosted",
        action="store_true",
        help="for an SSH ForceCommand: per-player saves, no file options (docs/hosting.md)",
    )
    parser.add_argument(
        "--player",
        help="with --hosted: the player's name (default: $BATALLAS_PLAYER, else the login name)",
    )
    parser.add_argument(
        "--letters",
        action="store_true",
        help="draw chess pieces as letters (for fonts without chess glyphs)",
    )
    sub = parser.add_subparsers(dest="command")

    new = sub.add_parser("new", help="start a new game")
    new.add_argument("game", choices=sorted(registry.GAMES))
    new.add_argument("--seat", action="append", type=parse_seat, default=None, help=SEAT_HELP)
    new.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    new.add_argument("--title", default=None, help="name of the save")
    new.add_argument(
        "--deck",
        default=None,
        metavar="FILE",
        help="Mates Hostiles: play with a deck file made by `batallas mates-deck`",
    )

    resume = sub.add_parser("resume", help="resume a saved game (the most recent by default)")
    resume.add_argument("name", nargs="?", default=None)

    sub.add_parser("saves", help="list saved games")

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", choices=sorted(registry.GAMES))

    deck = sub.add_parser("mates-deck", help="build a Mates Hostiles deck from a PGN file")
    deck.add_argument("pgn", metavar="PGN_FILE")
    deck.add_argument("-o", "--output", required=True, metavar="DECK_JSON")

    from tui import tables_cli

    tables_cli.add_parser(sub)

    from tui import serve

    serve.add_parser(sub)
    return parser


def mates_deck(pgn: str, output: str) -> int:
    """Keep the games that end in mate and carry Elo tags; say what was skipped and why."""
    from pathlib import Path

    from engine.mates.deck_builder import build_deck, deck_json, report

    path = Path(pgn)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as err:
        print(f"Cannot read {pgn}: {err.strerror or err}", file=sys.stderr)
        return 1
    cards, skipped = build_deck(text, source=path.name)
    print(report(cards, skipped), file=sys.stderr)
    if not cards:
        print("No deck written.", file=sys.stderr)
        return 1
    Path(output).write_text(deck_json(cards), encoding="utf-8")
    print(f"Wrote {len(cards)} card{'s' if len(cards) != 1 else ''} to {output}.", file=sys.stderr)
    return 0


def read_deck(game, filename: str):
    """A deck file as config, or a sentence saying why it cannot be used."""
    from pathlib import Path

    if not hasattr(game, "load_deck"):
        return None, f"{game.name} does not use a deck file."
    try:
        return game.load_deck(Path(filename).read_text(encoding="utf-8")), None
    except OSError as err:
        return None, f"Cannot read {filename}: {err.strerror or err}"
    except ValueError as err:
        return None, f"{filename} is not a usable deck: {err}"


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from saves.paths import saves_dir
    from saves.store import SaveStore

    player_saves = None
    if args.hosted or args.player is not None:
        from tui import hosting

        player_saves, problem = hosting.prepare(args)
        if problem:
            print(problem, file=sys.stderr)
            return 2

    if args.command == "table":
        from tui import tables_cli

        return tables_cli.run(args, player_saves)
    if args.command == "rules":
        print(registry.get(args.game).rules_markdown())
        return 0
    if args.command == "mates-deck":
        return mates_deck(args.pgn, args.output)
    if args.command == "serve":
        from tui import serve

        return serve.run(args)

    store = SaveStore(player_saves or saves_dir(args.saves_dir))
    if args.command == "saves":
        return print_saves(store)

    start = None
    if args.command == "new":
        start = _new_game_starter(args)
        if start is None:
            return 2
    elif args.command == "resume":
        name = args.name
        if name is None:
            recent = store.most_recent()
            if recent is None:
                print("No saved games yet.", file=sys.stderr)
                return 1
            name = recent.name
        start = _resume_starter(name)

    from tui.app import BatallasApp

    theme = args.theme
    app = BatallasApp(
        store,
        theme=theme,
        start=start,
        letters=args.letters,
        hosted=args.hosted,
        player=player_saves.name if player_saves is not None else None,
    )
    if args.no_animations:
        app.animation_level = "none"
    if theme and theme not in app.available_themes:
        print(
            f"Unknown theme {theme!r}; try one of: {', '.join(sorted(app.available_themes))}",
            file=sys.stderr,
        )
        return 2
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def _new_game_starter(args):
    from saves.record import SeatInfo
    from saves.session import Session

    game = registry.get(args.game)
    seats = args.seat or [
        SeatInfo(kind="human", name=""),
        SeatInfo(kind="bot", name="", level="strong"),
    ]
    if not game.min_players <= len(seats) <= game.max_players:
        from tui.screens.menu import players_text

        print(f"{game.name} is for {players_text(game)}; got {len(seats)} seats.", file=sys.stderr)
        return None
    for seat in seats:
        if seat.kind == "bot" and seat.level not in game.bots:
            print(
                f"No bot level {seat.level!r} for {game.name}; levels: {', '.join(game.bots)}.",
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

    def start(app):
        from tui.screens.game import screen_for
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


def _resume_starter(name: str):
    def start(app):
        app.resume(name)
        return None

    return start


def print_saves(store) -> int:
    from saves.record import BrokenSave

    entries = store.list()
    if not entries:
        print(f"No saved games in {store.root}.")
        return 0
    print(f"Saves in {store.root}:")
    for entry in entries:
        if isinstance(entry, BrokenSave):
            print(f"  {entry.name:<28} UNREADABLE: {entry.reason}")
        else:
            seats = ", ".join(entry.seats)
            print(
                f"  {entry.name:<28} {entry.game_name:<18} {entry.progress:<26} "
                f"{seats}  ({entry.updated[:16].replace('T', ' ')})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
