"""A campaign's file: its JSON form, and reading one back, checking every field (a file is
hostile until read) and the kind's setup, so a broken file is reported, never half-loaded."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.i18n import _
from saves.campaign_kinds import (
    CUSTOM,
    FORMAT,
    GALLIC_WARS,
    KINDS,
    LADDER,
    MAX_CUSTOM_GAMES,
    PUNIC,
    VERSION,
    Campaign,
    Played,
    Result,
)
from saves.campaign_score import registered_games
from saves.paths import fit_title, is_safe_name, unprintable_problem
from saves.record import BOT, HUMAN, SaveError, SeatInfo

# --- the file --------------------------------------------------------------------------------


def _seat_json(seat: SeatInfo) -> dict[str, Any]:
    return {"kind": seat.kind, "name": seat.name, "level": seat.level}


def _result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"winners": list(result.winners), "reason": result.reason, "solved": result.solved}


def encode(campaign: Campaign) -> bytes:
    raw = {
        "format": FORMAT,
        "version": VERSION,
        "title": campaign.title,
        "kind": campaign.kind,
        "seats": [_seat_json(s) for s in campaign.seats],
        "options": campaign.options,
        "seed": campaign.seed,
        "created": campaign.created,
        "updated": campaign.updated,
        "revision": campaign.revision,
        "played": [
            {
                "save": p.save,
                "game": p.game_id,
                "seed": p.seed,
                "created": p.created,
                "result": _result_json(p.result),
            }
            for p in campaign.played
        ],
    }
    text = json.dumps(raw, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8") + b"\n"


def _get(raw: Mapping[str, Any], key: str, type_: type, path: str) -> Any:
    if key not in raw:
        raise SaveError(f"field {path}: missing")
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, type_):
        raise SaveError(f"field {path}: expected {_type_name(type_)}")
    return value


def _type_name(type_: type) -> str:
    names = {str: "text", int: "a whole number", list: "a list", dict: "an object"}
    return names.get(type_, type_.__name__)


def _seat(raw: Any, path: str) -> SeatInfo:
    if not isinstance(raw, dict):
        raise SaveError(f"field {path}: expected an object")
    kind = _get(raw, "kind", str, f"{path}.kind")
    if kind not in (HUMAN, BOT):
        raise SaveError(f"field {path}.kind: expected 'human' or 'bot', not {kind!r}")
    level = raw.get("level")
    if level is not None and not isinstance(level, str):
        raise SaveError(f"field {path}.level: expected text")
    if kind == BOT and level is None:
        raise SaveError(f"field {path}.level: a bot needs a level")
    return SeatInfo(kind=kind, name=_get(raw, "name", str, f"{path}.name"), level=level)


def _result(raw: Any, path: str) -> Result | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise SaveError(f"field {path}: expected an object")
    winners = _get(raw, "winners", list, f"{path}.winners")
    if not all(type(w) is int and 0 <= w < 6 for w in winners):
        raise SaveError(f"field {path}.winners: expected seat numbers")
    got = raw.get("solved")
    if got is not None and (type(got) is not int or got < 0):
        raise SaveError(f"field {path}.solved: expected a whole number")
    return Result(tuple(winners), _get(raw, "reason", str, f"{path}.reason"), got)


def _played(raw: Any, path: str) -> Played:
    if not isinstance(raw, dict):
        raise SaveError(f"field {path}: expected an object")
    save = _get(raw, "save", str, f"{path}.save")
    if not is_safe_name(save):
        raise SaveError(f"field {path}.save: {save!r} is not a usable save name")
    game_id = _get(raw, "game", str, f"{path}.game")
    if game_id not in registered_games():
        raise SaveError(f"field {path}.game: unknown game {game_id!r}")
    return Played(
        save=save,
        game_id=game_id,
        seed=_get(raw, "seed", int, f"{path}.seed"),
        created=_get(raw, "created", str, f"{path}.created"),
        result=_result(raw.get("result"), f"{path}.result"),
    )


def check_setup(kind: str, seats: Sequence[SeatInfo], options: Mapping[str, Any]) -> None:
    """Refuse (``SaveError``) seats or options a campaign of ``kind`` cannot play."""
    if kind not in KINDS:
        raise SaveError(f"field kind: unknown kind {kind!r}")
    spec = KINDS[kind]
    if len(seats) != spec.players:
        raise SaveError(f"field seats: {spec.name} has {spec.players} seats, not {len(seats)}")
    for i, seat in enumerate(seats):
        problem = unprintable_problem(seat.name, _("Seat {number}'s name").format(number=i + 1))
        if problem:
            raise SaveError(problem)
    games = registered_games()
    if kind == CUSTOM:
        chosen = options.get("games")
        if not isinstance(chosen, list) or not 1 <= len(chosen) <= MAX_CUSTOM_GAMES:
            raise SaveError(f"field options.games: pick 1 to {MAX_CUSTOM_GAMES} games")
        unknown = [g for g in chosen if not isinstance(g, str) or g not in games]
        if unknown:
            raise SaveError(f"field options.games: unknown game {unknown[0]!r}")
        level = options.get("level")
        lacking = [games[g].name for g in chosen if level not in games[g].bots]
        if lacking:
            raise SaveError(f"field options.level: {lacking[0]} has no {level!r} bot")
        if seats[0].kind != HUMAN:
            raise SaveError("field seats: the player of a custom series is a human")
        return
    game = games[spec.game_id]
    for i, seat in enumerate(seats):
        if seat.kind == BOT and seat.level not in game.bots:
            raise SaveError(f"field seats[{i}].level: {game.name} has no {seat.level!r} bot")
    if kind == LADDER and seats[0].kind != HUMAN:
        raise SaveError("field seats: the ladder's solver is a human")
    wanted = {
        PUNIC: ("consul", "metauro"),
        GALLIC_WARS: ("battles", "gallic"),
        LADDER: ("deck", "mates"),
    }.get(kind)
    if wanted is not None:
        key, game_id = wanted
        option = next(o for o in games[game_id].options if o.key == key)
        allowed = [value for _, value in option.choices]
        if options.get(key) not in allowed or isinstance(options.get(key), bool):
            raise SaveError(f"field options.{key}: expected one of {allowed}")


def _not_json(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def decode(data: bytes, name: str) -> Campaign:
    """A campaign from its file; every problem is one ``SaveError`` with the reason."""
    try:
        raw = json.loads(data, parse_constant=_not_json)
    except (ValueError, RecursionError):
        raise SaveError(_("not valid JSON (truncated?)")) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(_("not a Batallas campaign"))
    version = raw.get("version")
    if type(version) is not int or version > VERSION:
        raise SaveError(
            _("saved by a newer version (campaign format {version})").format(version=repr(version))
        )
    kind = _get(raw, "kind", str, "kind")
    seats = tuple(_seat(s, f"seats[{i}]") for i, s in enumerate(_get(raw, "seats", list, "seats")))
    options = _get(raw, "options", dict, "options")
    check_setup(kind, seats, options)
    revision = _get(raw, "revision", int, "revision")
    if revision < 0:
        raise SaveError("field revision: expected a whole number")
    played = tuple(
        _played(p, f"played[{i}]") for i, p in enumerate(_get(raw, "played", list, "played"))
    )
    return Campaign(
        name=name,
        title=fit_title(_get(raw, "title", str, "title")),
        kind=kind,
        seats=seats,
        options=options,
        seed=_get(raw, "seed", int, "seed"),
        played=played,
        created=_get(raw, "created", str, "created"),
        updated=_get(raw, "updated", str, "updated"),
        revision=revision,
    )
