"""How far a fair Gallic bot can get above ``strong``: where the oracle's edge comes from.

    python bench/gallic_ceiling.py war
    python bench/gallic_ceiling.py games --bot BOT --against BOT --first-seed N --games M
    python bench/gallic_ceiling.py battle --first-seed N --games M [--samples S]

``war`` is the arithmetic of the war: the chance of winning it when every battle is won with
probability p (lost with 0.96 - p), how much the battles of a war can change it in all, and
how often a war between equals ends on a streak. ``games`` plays seeded games like
``bench/strength.py`` and counts battles as well as wars; BOT is a bot level, ``oracle``, or a
partial oracle: ``oracle-draws`` knows its own deck order and the RNG (its next draws) but
deals the other hand as the expert does, ``oracle-hand`` knows the other side's cards (hand,
and exchange once made) but not its own draws. ``battle`` takes the decision positions of
strong-against-strong games and measures, near-exactly, each battle on its own: the chance of
winning it (a draw half) with strong's exchange, with the exchange that maximises that chance
against the other side's totals modelled exactly from its known deck and strong's play (the
best a fair bot can do in that battle), and with knowledge of the other side's total or of
its own draws; and the choice of ``expert``. Then what the number of cards drawn does
through the deck: each count's chance in this battle and the next two, weighed by the war,
the count chosen on half the deals and measured on the other half against strong's count.

Analysis only: it prints one JSON line, and is no test.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.strength import wilson  # noqa: E402
from engine.gallic import expert as ex  # noqa: E402
from engine.gallic.ai import strong  # noqa: E402
from engine.gallic.data import DECK_SIZE, HAND_SIZE, ROME  # noqa: E402
from engine.gallic.rules import GALLIC, decide, draw_cards  # noqa: E402
from engine.gallic.scoring import hand_total  # noqa: E402
from engine.gallic.state import DISCARD, Side  # noqa: E402
from engine.rng import Rng  # noqa: E402

DRAW = 0.04  # share of drawn battles between strong bots (measured by ``games``)


# --- the war ----------------------------------------------------------------------------------


@functools.cache
def war_odds(winners: tuple, p: float, q: float, battles: int = 8) -> float:
    """Rome's chance in the war (a draw half) when Rome wins each battle with p, loses with q."""
    result = decide(ex._battles(winners), battles, 3)
    if result is not None:
        return 0.5 if not result.winners else float(result.winners == (ROME,))
    d = 1 - p - q
    return sum(
        pr * war_odds(winners + (w,), p, q, battles) for pr, w in ((p, 0), (q, 1), (d, None))
    )


@functools.cache
def stakes(winners: tuple) -> float:
    """The expected sum, over the battles still to come, of what each one moves the war
    (won minus lost) when every battle is a coin toss."""
    if decide(ex._battles(winners), 8, 3) is not None:
        return 0.0
    even = (1 - DRAW) / 2
    here = war_odds(winners + (0,), even, even) - war_odds(winners + (1,), even, even)
    return here + sum(pr * stakes(winners + (w,)) for pr, w in ((even, 0), (even, 1), (DRAW, None)))


@functools.cache
def on_a_streak(winners: tuple) -> float:
    """The chance that a war between equals ends on three in a row."""
    result = decide(ex._battles(winners), 8, 3)
    if result is not None:
        run = winners[-3:]
        return float(len(run) == 3 and run[0] is not None and len(set(run)) == 1)
    even = (1 - DRAW) / 2
    return sum(pr * on_a_streak(winners + (w,)) for pr, w in ((even, 0), (even, 1), (DRAW, None)))


def war_report() -> dict:
    table = {}
    for p in (0.48, 0.49, 0.5, 0.51, 0.52, 0.53, 0.54, 0.56, 0.58, 0.6):
        q = 1 - DRAW - p
        table[f"p={p:.2f} edge={p - q:+.2f}"] = round(war_odds((), p, q), 4)
    return {
        "war_win_rate_by_battle_odds": table,
        "sum_of_stakes": round(stakes(()), 3),
        "ends_on_a_streak": round(on_a_streak(()), 3),
    }


# --- bots for ``games`` -------------------------------------------------------------------------


def oracle_draws(state, seat, rng):
    """The expert's search in worlds that keep this side's real deck order and the RNG."""

    def world(r: random.Random):
        fair = ex.determinize(GALLIC.view(state, seat), seat, r)
        sides = list(fair.sides)
        sides[seat] = state.sides[seat]
        return attrs.evolve(fair, sides=tuple(sides), rng=state.rng)

    return ex._search(state, seat, rng, world)


def oracle_hand(state, seat, rng):
    """The expert's search in worlds that keep the other side's real cards in hand (and put
    down), its deck and this side's in a random order."""

    def world(r: random.Random):
        fair = ex.determinize(GALLIC.view(state, seat), seat, r)
        real = state.sides[1 - seat]
        rest = list(real.deck)
        r.shuffle(rest)
        sides = list(fair.sides)
        sides[1 - seat] = attrs.evolve(real, deck=tuple(rest))
        return attrs.evolve(fair, sides=tuple(sides))

    return ex._search(state, seat, rng, world)


BOTS = {
    "easy": GALLIC.bots["easy"],
    "strong": GALLIC.bots["strong"],
    "expert": GALLIC.bots["expert"],
    "oracle": ex.oracle,
    "oracle-draws": oracle_draws,
    "oracle-hand": oracle_hand,
}
SEES_ALL = {"oracle", "oracle-draws", "oracle-hand"}


def play(seed: int, levels: tuple[str, str], on_decision=None):
    """One seeded game (the bench's seeds and bot RNGs); ``on_decision(state, seat, action)``
    is told every exchange."""
    state = GALLIC.new({}, seed)
    rngs = [random.Random(seed * 31 + s) for s in range(2)]
    while GALLIC.outcome(state) is None:
        for seat in GALLIC.to_move(state):
            shown = state if levels[seat] in SEES_ALL else GALLIC.view(state, seat)
            action = BOTS[levels[seat]](shown, seat, rngs[seat])
            if on_decision and state.phase == DISCARD:
                on_decision(state, seat, action)
            state = GALLIC.apply(state, seat, action)
            if GALLIC.outcome(state) is not None:
                break
    return state


def games_report(bot: str, against: str, first_seed: int, games: int) -> dict:
    won = lost = drawn = wars = war_draws = streak_ends = 0
    by_number: dict[int, list[int]] = {}
    exchanged: list[int] = []
    # After a side's deck ran out in the middle of its exchange (its kept cards left out of
    # the new deck): how that side did in the next three battles, for the bot and its opponent.
    after = {"bot": [0, 0, 0], "against": [0, 0, 0]}
    short_decks = 0
    for k in range(games):
        me = k % 2
        levels = (bot, against) if me == 0 else (against, bot)
        short: dict[int, set[int]] = {0: set(), 1: set()}

        def told(state, seat, action, me=me, short=short):
            if seat == me:
                exchanged.append(len(action.cards))
            if len(action.cards) > len(state.sides[seat].deck):
                short[seat].add(state.number)

        state = play(first_seed + k, levels, told)
        short_decks += len(short[0]) + len(short[1])
        for b in state.battles:
            row = by_number.setdefault(b.number, [0, 0, 0])
            for seat in (0, 1):
                if any(b.number - d in short[seat] for d in (1, 2, 3)):
                    tally = after["bot" if seat == me else "against"]
                    tally[0 if b.winner == seat else 2 if b.winner is None else 1] += 1
            if b.winner == me:
                won += 1
                row[0] += 1
            elif b.winner is None:
                drawn += 1
                row[2] += 1
            else:
                lost += 1
                row[1] += 1
        outcome = GALLIC.outcome(state)
        wars += outcome.winners == (me,)
        war_draws += not outcome.winners
        last = [b.winner for b in state.battles[-3:]]
        streak_ends += len(state.battles) < 8 or (len(set(last)) == 1 and last[0] is not None)
    fought = won + lost + drawn
    p, q = won / fought, lost / fought
    return {
        "bot": bot,
        "against": against,
        "first_seed": first_seed,
        "games": games,
        "war_win_rate": round((wars + war_draws / 2) / games, 3),
        "war_ci95": wilson(wars + war_draws // 2, games),
        "war_draws": war_draws,
        "battles": fought,
        "battle_won": round(p, 4),
        "battle_lost": round(q, 4),
        "battle_drawn": round(drawn / fought, 4),
        "battle_edge": round(p - q, 4),
        "battle_edge_se": round(((p + q - (p - q) ** 2) / fought) ** 0.5, 4),
        "war_rate_iid_at_that_edge": round(war_odds((), p, q), 3),
        "ends_on_a_streak": round(streak_ends / games, 3),
        "battles_per_war": round(fought / games, 2),
        "mean_exchanged": round(statistics.mean(exchanged), 2),
        "by_battle_won_lost_drawn": {n: v for n, v in sorted(by_number.items())},
        "mid_exchange_reshuffles_per_war": round(short_decks / games, 3),
        "next_3_battles_after_a_mid_exchange_reshuffle_won_lost_drawn": after,
    }


# --- one battle, near-exactly -------------------------------------------------------------------


def their_totals(state, seat: int, samples: int, rng: random.Random) -> list[int] | None:
    """The other side's battle totals as this seat's view allows: its hand dealt from the
    cards it has not shown, strong's exchange, strong's draws; if it has already exchanged,
    only deals in which strong exchanges as many cards. None after its mid-exchange reshuffle
    (too rare to model)."""
    other = 1 - seat
    real = state.sides[other]
    count, reshuffled = ex._this_battle(state.log, other)
    if reshuffled:
        return None
    unseen = [c for c in range(DECK_SIZE) if c not in set(real.discard)]
    out: list[int] = []
    for _ in range(samples * 40):
        rng.shuffle(unseen)
        side = Side(
            deck=tuple(unseen[HAND_SIZE:]), hand=tuple(unseen[:HAND_SIZE]), discard=real.discard
        )
        sides = [None, None]
        sides[other], sides[seat] = side, state.sides[seat]
        pick = strong(attrs.evolve(state, sides=tuple(sides), chosen=frozenset()), other, rng)
        if count is not None and len(pick.cards) != count:
            continue
        done = ex.exchange(side, other, pick.cards, Rng.from_seed(rng.getrandbits(64)))
        out.append(hand_total(other, done.hand))
        if len(out) == samples:
            break
    return out


def my_totals(side: Side, seat: int, options, deals: int, rng: random.Random) -> list[list[int]]:
    """Each exchange's totals on the same ``deals`` shuffles of this side's deck (a deck shorter
    than the exchange is topped up from the pile and the cards put down, as the rules do)."""
    deck = ex.unseen_deck(side)
    pile = list(side.discard) + list(side.exchanged)
    kept = [tuple(c for c in side.hand if c not in o) for o in options]
    rows = [[0] * deals for _ in options]
    for d in range(deals):
        order = deck[:]
        rng.shuffle(order)
        keys = {c: rng.random() for c in range(DECK_SIZE)}
        for i, o in enumerate(options):
            drawn = order[: len(o)]
            if len(o) > len(order):
                drawn += sorted(pile + list(o), key=keys.__getitem__)[: len(o) - len(order)]
            rows[i][d] = hand_total(seat, kept[i] + tuple(drawn))
    return rows


def beats(theirs: list[int]):
    """A total's chance (a draw half) against these totals."""
    n = len(theirs)
    hist: dict[int, int] = {}
    for t in theirs:
        hist[t] = hist.get(t, 0) + 1

    @functools.cache
    def f(total: int) -> float:
        return (
            sum(c * (1.0 if t < total else 0.5 if t == total else 0.0) for t, c in hist.items()) / n
        )

    return f


def one_battle(state, seat: int, action, samples: int, deals: int, rng: random.Random):
    """One decision of a strong bot, measured: see the module's docstring."""
    theirs = their_totals(state, seat, samples, rng)
    if not theirs:
        return None
    side = state.sides[seat]
    options = ex.discards(side.hand, seat)
    searched = ex.expert(GALLIC.view(state, seat), seat, random.Random(rng.getrandbits(64)))
    for extra in (action.cards, searched.cards):
        if extra not in options:
            options.append(extra)
    rows = my_totals(side, seat, options, deals, rng)
    f = beats(theirs)
    chance = [[f(t) for t in row] for row in rows]
    half = deals // 2
    mean = [sum(c) / deals for c in chance]
    strong_i = options.index(action.cards)
    picked = max(range(len(options)), key=lambda i: sum(chance[i][:half]))  # chosen on half
    held_out = [sum(c[half:]) / (deals - half) for c in chance]
    best_total = max(range(len(options)), key=lambda i: sum(rows[i]))
    # Knowing the other total: the best exchange against each total the other side may hold.
    against = [beats(row) for row in rows]  # a total's chance against each exchange's totals
    hands = sum(max(1 - g(t) for g in against) for t in theirs) / len(theirs)
    # Knowing its own draws: the best total of each deal.
    draws = sum(f(max(row[d] for row in rows)) for d in range(deals)) / deals
    one = ex.war_table(state, seat, 1)
    stake = one[0][0] - one[1][0]
    sums = [sum(r) for r in rows]
    count = counts(state, seat, len(action.cards), options, sums, f, deals // 4, rng)
    return {
        "stake": stake,
        "strong": mean[strong_i],
        "fair_best": max(mean),  # in-sample: a little above what a fair bot can reach
        "fair_held_out": held_out[picked],
        "strong_held_out": held_out[strong_i],
        "max_total": mean[best_total],
        "knows_their_total": hands,
        "knows_own_draws": draws,
        "differs": int(mean.index(max(mean)) != strong_i),
        "gain_fair": held_out[picked] - held_out[strong_i],
        "gain_expert": mean[options.index(searched.cards)] - mean[strong_i],
        "gain_their_total": hands - mean[strong_i],
        "gain_own_draws": draws - mean[strong_i],
        "war_gain_fair": stake * (held_out[picked] - held_out[strong_i]),
        "war_gain_expert": stake * (mean[options.index(searched.cards)] - mean[strong_i]),
        "war_gain_their_total": stake * (hands - mean[strong_i]),
        "war_gain_own_draws": stake * (draws - mean[strong_i]),
        **count,
    }


AHEAD = 3  # battles the count's effect on the deck is followed for (this one included)


def counts(state, seat: int, mine: int, options, sums, f, deals: int, rng) -> dict:
    """What the number of cards drawn does through the deck: for each count (the best
    exchange of that size), this battle and the next two are played for this side alone
    (their hands dealt by the rules from what the draws leave, a quick exchange) and measured
    against the other side's totals of this battle, then weighed by the war. A count chosen
    on half the deals is measured on the other half against strong's count ``mine``."""
    best: dict[int, int] = {}
    for i, o in enumerate(options):
        if len(o) not in best or sums[i] > sums[best[len(o)]]:
            best[len(o)] = i
    side = state.sides[seat]
    deck = ex.unseen_deck(side)
    past = tuple(b.winner for b in state.battles)
    rules = (state.battles_to_play, state.streak_to_win)
    base = rng.getrandbits(32)
    halves = []
    for half in range(2):
        chances = {}
        for k, i in best.items():
            won = [0.0] * AHEAD
            for d in range(half * deals, (half + 1) * deals):
                r = random.Random(base + d)  # the same deals for every count
                order = deck[:]
                r.shuffle(order)
                shuffles = Rng.from_seed(base + d)
                now = ex.exchange(attrs.evolve(side, deck=tuple(order)), seat, options[i], shuffles)
                won[0] += f(hand_total(seat, now.hand))
                for b in range(1, AHEAD):
                    now, shuffles = battle_alone(now, seat, shuffles)
                    won[b] += f(hand_total(seat, now.hand))
            chances[k] = [w / deals for w in won]
        halves.append(chances)
    value = {k: war_value(past, seat, c, rules) for k, c in halves[0].items()}
    chosen = max(value, key=value.get)
    tried = halves[1]
    return {
        "count_differs": int(chosen != mine),
        "war_gain_count": war_value(past, seat, tried[chosen], rules)
        - war_value(past, seat, tried[mine], rules),
        **{f"gain_count_battle_{b}": tried[chosen][b] - tried[mine][b] for b in range(AHEAD)},
    }


def battle_alone(side: Side, seat: int, shuffles: Rng) -> tuple[Side, Rng]:
    """This side's next battle by the rules' own deal and draw, ``greedy`` exchanging."""
    pile = side.discard + side.hand + side.exchanged
    dealt, shuffles, _ = draw_cards(
        Side(deck=side.deck, hand=(), discard=pile), HAND_SIZE, seat, shuffles
    )
    out = ex.greedy(dealt.hand, seat)
    if not out:
        return dealt, shuffles
    dealt = attrs.evolve(dealt, hand=tuple(c for c in dealt.hand if c not in out), exchanged=out)
    dealt, shuffles, _ = draw_cards(dealt, len(out), seat, shuffles)
    return dealt, shuffles


def war_value(past: tuple, seat: int, chances: list[float], rules: tuple[int, int]) -> float:
    """``seat``'s chance in the war if it wins the next battles with these chances (a draw
    split) and the rest are coin tosses."""
    settled = ex.settled(past, *rules)
    if settled < 0 and not chances:
        settled = ex.even_odds(past, *rules)
    if settled >= 0:
        return settled if seat == ROME else 1 - settled
    c, rest = chances[0], chances[1:]
    return c * war_value(past + (seat,), seat, rest, rules) + (1 - c) * war_value(
        past + (1 - seat,), seat, rest, rules
    )


def battle_report(first_seed: int, games: int, samples: int, deals: int) -> dict:
    rows = []
    by_number: dict[int, list[dict]] = {}
    for k in range(games):
        found: list[tuple] = []
        play(first_seed + k, ("strong", "strong"), lambda *told, found=found: found.append(told))
        rng = random.Random(first_seed + k)
        for state, seat, action in found:
            row = one_battle(state, seat, action, samples, deals, rng)
            if row is not None:
                rows.append((seat, row))
                by_number.setdefault(state.number, []).append(row)

    def summary(rs: list[dict]) -> dict:
        out = {}
        for key in rs[0]:
            values = [r[key] for r in rs]
            out[key] = round(statistics.mean(values), 4)
            if key.startswith(("gain", "war_gain")):
                out[key + "_se"] = round(statistics.stdev(values) / len(values) ** 0.5, 4)
        return out

    return {
        "first_seed": first_seed,
        "games": games,
        "positions": len(rows),
        "samples": samples,
        "deals": deals,
        "per_decision": summary([r for _s, r in rows]),
        "by_seat": {
            name: summary([r for s, r in rows if s == seat])
            for seat, name in enumerate(("Rome", "Gauls"))
        },
        "war_gains_by_battle": {
            n: {"positions": len(rs)}
            | {k: round(statistics.mean(r[k] for r in rs), 4) for k in rs[0] if "war_gain" in k}
            for n, rs in sorted(by_number.items())
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("war", "games", "battle"))
    parser.add_argument("--bot", default="expert", choices=sorted(BOTS))
    parser.add_argument("--against", default="strong", choices=sorted(BOTS))
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--deals", type=int, default=600)
    args = parser.parse_args()
    if args.what == "war":
        report = war_report()
    elif args.what == "games":
        report = games_report(args.bot, args.against, args.first_seed, args.games)
    else:
        report = battle_report(args.first_seed, args.games, args.samples, args.deals)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
