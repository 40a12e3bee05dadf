"""A campaign's series and score: which game it plays at each position (with its seats and
options, and its seed from the campaign's), the result of a saved game, and the running score
with the verdict once the series is over."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from engine.i18n import _, ngettext, number
from saves.campaign_kinds import (
    ALAMO,
    CUSTOM,
    GALLIC_GAMES,
    GALLIC_WARS,
    GALLIC_WINS,
    LADDER,
    PUNIC,
    PUNIC_BATTLES,
    Campaign,
    Planned,
    Result,
    Standing,
)
from saves.record import BOT, SaveRecord, SeatInfo, bot_name

# --- the games of each kind -----------------------------------------------------------------


def registered_games():
    from engine.registry import GAMES

    return GAMES


def setup_players(game) -> int:
    """The player count a game is set up with by default (as the new-game screen does)."""
    return min(game.max_players, max(2, game.min_players))


def game_seed(seed: int, index: int) -> int:
    """Game ``index``'s seed, from the campaign's: replaying a campaign deals the same."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def mating_elo(card) -> int:
    return card.elo(card.mating_side)


def ladder_cards(deck: str) -> tuple[Any, ...]:
    """The rungs of a Mates ladder: the deck's cards by the mating player's Elo, lowest first
    (then by the other player's Elo, then the deck's order)."""
    from engine.mates.data import BLACK, WHITE, deck_from_config

    cards = deck_from_config(deck)

    def key(item):
        i, card = item
        other = BLACK if card.mating_side == WHITE else WHITE
        return (mating_elo(card), card.elo(other), i)

    return tuple(card for _, card in sorted(enumerate(cards), key=key))


def plan_length(campaign: Campaign) -> int:
    """The most games the campaign can have."""
    if campaign.kind == PUNIC:
        return len(PUNIC_BATTLES)
    if campaign.kind == GALLIC_WARS:
        return GALLIC_GAMES
    if campaign.kind == LADDER:
        return len(ladder_cards(campaign.options["deck"]))
    if campaign.kind == CUSTOM:
        return len(campaign.options["games"])
    return 10**9  # the Alamo is defended until it falls


def planned(campaign: Campaign, index: int) -> Planned | None:
    """Game ``index`` (from 0) of the campaign, or None past the end of its series."""
    if not 0 <= index < plan_length(campaign):
        return None
    kind, options, seats = campaign.kind, campaign.options, campaign.seats
    if kind == PUNIC:
        scenario, label = PUNIC_BATTLES[index]
        config = {"scenario": scenario, "consul": options["consul"]}
        return Planned("metauro", _(label), 2, seats, config)
    if kind == GALLIC_WARS:
        label = _("game {number} of {total}").format(
            number=number(index + 1), total=number(GALLIC_GAMES)
        )
        return Planned("gallic", label, 2, seats, {"battles": options["battles"]})
    if kind == ALAMO:
        return Planned("alamo", _("siege {number}").format(number=number(index + 1)), 1, seats, {})
    if kind == LADDER:
        cards = ladder_cards(options["deck"])
        card = cards[index]
        label = _("rung {number} of {total} · Elo {elo}").format(
            number=number(index + 1), total=number(len(cards)), elo=mating_elo(card)
        )
        return Planned("mates", label, 1, seats, {"deck": [card.to_dict()], "puzzles": 0})
    game_id = options["games"][index]
    game = registered_games()[game_id]
    level = options["level"]
    bots = tuple(
        SeatInfo(kind=BOT, name=bot_name(level), level=level)
        for _seat in range(setup_players(game) - 1)
    )
    label = f"{number(index + 1)}/{number(len(options['games']))} {game.name}"
    return Planned(game_id, label, setup_players(game), (seats[0], *bots), {})


def result_of(game, record: SaveRecord) -> Result | None:
    """The result of a saved game, or None while it is being played."""
    outcome = game.outcome(record.state)
    if outcome is None:
        return None
    solo = getattr(record.state, "solo", None)
    solved = solo.solved if record.game_id == "mates" and solo is not None else None
    return Result(winners=tuple(outcome.winners), reason=outcome.reason, solved=solved)


def _wins(results: Sequence[Result]) -> tuple[int, int]:
    return (
        sum(1 for r in results if r.winners == (0,)),
        sum(1 for r in results if r.winners == (1,)),
    )


def _leading(results: Sequence[Result], good) -> tuple[int, bool]:
    """How many results from the first are good, and whether a bad one ended the run."""
    count = 0
    for r in results:
        if not good(r):
            return count, True
        count += 1
    return count, False


def held(result: Result) -> bool:
    return 0 in result.winners


def solved(result: Result) -> bool:
    return bool(result.solved)


def standing(campaign: Campaign, results: Sequence[Result]) -> Standing:
    """The score after ``results`` (the finished games, in order) and whether it is over."""
    kind = campaign.kind
    if kind in (PUNIC, GALLIC_WARS):
        first, second = _wins(results)
        if kind == PUNIC:
            score = _("Romans {romans}, Carthaginians {carthaginians}").format(
                romans=number(first), carthaginians=number(second)
            )
            over = len(results) >= len(PUNIC_BATTLES)
        else:
            score = _("Rome {rome}, Gauls {gauls}").format(rome=number(first), gauls=number(second))
            over = max(first, second) >= GALLIC_WINS or len(results) >= GALLIC_GAMES
        if not over:
            return Standing(score, False)
        tally = f"{number(max(first, second))}–{number(min(first, second))}"
        if first == second:
            verdict = _("The war is drawn, {tally}.")
        elif kind == PUNIC:
            verdict = (
                _("Romans win the war, {tally}.")
                if first > second
                else _("Carthaginians win the war, {tally}.")
            )
        else:
            verdict = (
                _("Rome wins the war, {tally}.")
                if first > second
                else _("Gauls wins the war, {tally}.")
            )
        return Standing(score, True, verdict.format(tally=tally))
    if kind == ALAMO:
        count, fell = _leading(results, held)
        score = ngettext("{n} siege held", "{n} sieges held", count).format(n=number(count))
        verdict = ""
        if fell:
            verdict = ngettext(
                "The Alamo fell in siege {siege}: {n} siege held in a row.",
                "The Alamo fell in siege {siege}: {n} sieges held in a row.",
                count,
            ).format(siege=number(count + 1), n=number(count))
        return Standing(score, fell, verdict)
    if kind == LADDER:
        count, missed = _leading(results, solved)
        top = plan_length(campaign)
        score = _("streak {n}").format(n=number(count))
        if missed:
            verdict = _("Missed rung {rung}: a streak of {n}.")
            return Standing(score, True, verdict.format(rung=number(count + 1), n=number(count)))
        if count >= top:
            verdict = _("The whole ladder climbed: {n} in a row.").format(n=number(count))
            return Standing(score, True, verdict)
        return Standing(score, False)
    won = sum(1 for r in results if r.winners and 0 in r.winners)
    drawn = sum(1 for r in results if not r.winners)
    lost = len(results) - won - drawn
    counts = {"won": number(won), "lost": number(lost), "drawn": number(drawn)}
    over = len(results) >= plan_length(campaign)
    if drawn:
        score = _("won {won}, lost {lost}, drawn {drawn}").format(**counts)
        verdict = _("Series over: won {won}, lost {lost}, drawn {drawn} of {games}.")
    else:
        score = _("won {won}, lost {lost}").format(**counts)
        verdict = _("Series over: won {won}, lost {lost} of {games}.")
    verdict = verdict.format(games=number(len(results)), **counts) if over else ""
    return Standing(score, over, verdict)
