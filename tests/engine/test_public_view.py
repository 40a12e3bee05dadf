"""A spectator's view (``view(state, None)``), replay steps and chapters, for every game.

A spectator of a shared table, or of a replay, sees the public view: nothing any seat's view
hides, and only the public events of the log (and how many cards each Gallic side exchanged,
which the other side learns too). Random legal games of every game and mode are
checked state by state against every seat's view.

What the public view shows once a game is over follows each game's rules:
- La Guerra Gallica: the last battle's hands were revealed at its reveal, so they stay open;
  the decks stay hidden.
- El Álamo (both modes): hands are never shown, not even at the end.
- Mates Hostiles: the piles (and the solo's cards to come) stay face down.
- Ataque: the objectives are shown at the end (the game reveals them); the cards in hand and
  the draw pile never are.
- Metauro: nothing is secret; the public view is the state without its RNG.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from engine.alamo.state import Drew as AlamoDrew
from engine.ataque.data import COLOUR_NAMES
from engine.core import HIDDEN, Game, IllegalAction, replay, steps
from engine.gallic.state import OVER, REVEAL
from engine.registry import get
from tests.engine.alamo.helpers import random_game as alamo_game
from tests.engine.ataque.helpers import random_game as ataque_game
from tests.engine.gallic.helpers import random_game as gallic_game
from tests.engine.mates.helpers import random_game as mates_game
from tests.engine.metauro.helpers import random_game as metauro_game

Played = tuple[Any, list[tuple[int, Any]], list[Any]]


@attrs.frozen
class Case:
    """One game and mode, the config its random driver plays, and that driver."""

    name: str
    game_id: str
    players: int
    config: dict[str, Any]
    play: Callable[[int, random.Random], Played]

    @property
    def game(self) -> Game:
        return get(self.game_id)


def bot_game(game_id: str, players: int, config: dict[str, Any], level: str) -> Callable:
    """A driver playing ``level`` bots in every seat, each on its own view and seeded RNG."""

    def play(seed: int, _: random.Random) -> Played:
        game = get(game_id)
        state = game.new(config, seed, players)
        actions: list[tuple[int, Any]] = []
        states = [state]
        while game.outcome(state) is None:
            seat = game.to_move(state)[0]
            rng = random.Random(f"{seed}:{len(actions)}:{seat}")
            action = game.bots[level](game.view(state, seat), seat, rng)
            state = game.apply(state, seat, action)
            actions.append((seat, action))
            states.append(state)
        return state, actions, states

    return play


ZAMA = {"scenario": "zama"}
CASES = (
    Case("gallic", "gallic", 2, {"battles": 8}, lambda s, r: gallic_game(s, r)),
    Case("alamo", "alamo", 2, {}, lambda s, r: alamo_game(2, s, r)),
    Case("alamo-solitaire", "alamo", 1, {}, lambda s, r: alamo_game(1, s, r)),
    Case("mates-2", "mates", 2, {}, lambda s, r: mates_game(2, s, r)),
    Case("mates-4", "mates", 4, {}, lambda s, r: mates_game(4, s, r)),
    Case("mates-solo", "mates", 1, {}, lambda s, r: mates_game(1, s, r)),
    Case("ataque-3", "ataque", 3, {"round_limit": 8}, lambda s, r: ataque_game(3, s, r)),
    Case("ataque-6", "ataque", 6, {"round_limit": 8}, lambda s, r: ataque_game(6, s, r)),
    Case("metauro", "metauro", 2, {}, lambda s, r: metauro_game(s, r)),
    Case("zama", "metauro", 2, ZAMA, lambda s, r: metauro_game(s, r, ZAMA)),
    # Bots play the games out to real wins (eliminations, objectives met, mates solved).
    Case("gallic-bots", "gallic", 2, {}, bot_game("gallic", 2, {}, "strong")),
    Case("alamo-bots", "alamo", 2, {}, bot_game("alamo", 2, {}, "strong")),
    Case("mates-bots", "mates", 3, {}, bot_game("mates", 3, {}, "strong")),
    Case("mates-solo-bots", "mates", 1, {}, bot_game("mates", 1, {}, "strong")),
    Case("ataque-bots", "ataque", 4, {}, bot_game("ataque", 4, {}, "strong")),
    Case("metauro-bots", "metauro", 2, {}, bot_game("metauro", 2, {}, "strong")),
)  # fmt: skip
SEEDS = (3, 11)

_played: dict[tuple[str, int], Played] = {}


def played(case: Case, seed: int) -> Played:
    """The case's random game from ``seed`` (played once, shared by the tests below)."""
    key = (case.name, seed)
    if key not in _played:
        _played[key] = case.play(seed, random.Random(f"{case.name}:{seed}"))
        assert case.game.outcome(_played[key][0]) is not None, "the random game did not end"
    return _played[key]


cases = pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
seeds = pytest.mark.parametrize("seed", SEEDS)


# --- the public view never shows what a seat's view hides ---------------------------------------


def redacted_alike(full: Any, seen: Any, public: Any, path: str) -> None:
    """Wherever ``seen`` (a seat's view) differs from ``full`` (the state), ``public`` must
    show exactly what ``seen`` shows: the seat's redaction, never the secret."""
    if full is seen or full == seen:
        return
    if attrs.has(type(full)) and type(seen) is type(full) and type(public) is type(full):
        for f in attrs.fields(type(full)):
            redacted_alike(
                getattr(full, f.name), getattr(seen, f.name), getattr(public, f.name),
                f"{path}.{f.name}",
            )  # fmt: skip
        return
    if (
        isinstance(full, tuple)
        and isinstance(seen, tuple)
        and isinstance(public, tuple)
        and len(full) == len(seen) == len(public)
    ):
        for i, (a, b, c) in enumerate(zip(full, seen, public, strict=True)):
            redacted_alike(a, b, c, f"{path}[{i}]")
        return
    assert public == seen, f"{path}: public view shows {public!r}, a seat's view {seen!r}"


def hands(game_id: str, state: Any) -> list[tuple[int, ...]]:
    """The cards in hand a spectator may not see, even those of a player alone at the table
    (the solitaire's Texan): a Gallic hand until its reveal, Mates piles, Ataque hands."""
    if game_id == "gallic":
        return [] if state.phase in (REVEAL, OVER) else [s.hand for s in state.sides]
    if game_id == "alamo":
        return [s.hand for s in state.sides]
    if game_id == "mates":
        return list(state.piles)
    if game_id == "ataque":
        return [p.hand for p in state.players]
    return []


def told_to_all(event: Any) -> bool:
    """The events a spectator reads: the public ones, and each private event as the other
    seats learn it (a Gallic exchange's or an Alamo draw's count, that an Ataque card was
    drawn): never which cards."""
    if event.visible_to is None:
        return True
    held = [getattr(event, name) for name in ("card", "objective") if hasattr(event, name)]
    secret = [c for c in (*getattr(event, "cards", ()), *held) if c != HIDDEN]
    return event.seat not in event.visible_to and not secret


def spectators_see(event: Any) -> Any:
    """A public event as a spectator gets it: the solitaire logs the Texan's draws for all (he
    is alone at the table), but which cards he drew is his hand's secret."""
    return attrs.evolve(event, cards=()) if isinstance(event, AlamoDrew) else event


def check_public_view(game: Game, state: Any, seats: int) -> Any:
    public = game.view(state, None)
    for held, shown in zip(hands(game.id, state), hands(game.id, public), strict=True):
        assert set(shown) <= {HIDDEN} and len(shown) == len(held), "a hand is shown"
    assert type(public) is type(state)
    assert public.rng is None
    assert public.log == tuple(spectators_see(e) for e in state.log if told_to_all(e))
    bare = attrs.evolve(state, log=())
    bare_public = attrs.evolve(public, log=())
    for seat in range(seats):
        seen = attrs.evolve(game.view(state, seat), log=())
        redacted_alike(bare, seen, bare_public, f"seat {seat}: state")
    return public


def check_end(case: Case, final: Any, public: Any) -> None:
    """What the public view still hides (or shows, by the rules) once the game is over."""
    if case.game_id == "gallic":
        for side, open_ in zip(final.sides, public.sides, strict=True):
            assert open_.hand == side.hand and open_.exchanged == side.exchanged
            assert set(open_.deck) <= {HIDDEN} and len(open_.deck) == len(side.deck)
        assert public.battles == final.battles
    elif case.game_id == "alamo":
        for side, seen in zip(final.sides, public.sides, strict=True):
            assert set(seen.hand) <= {HIDDEN} and len(seen.hand) == len(side.hand)
            assert set(seen.deck) <= {HIDDEN} and len(seen.deck) == len(side.deck)
    elif case.game_id == "mates":
        assert all(set(p) <= {HIDDEN} for p in public.piles)
        assert [len(p) for p in public.piles] == [len(p) for p in final.piles]
        assert all(not c.mate_san for c in public.cards)
        if final.solo is not None:
            assert set(public.solo.order) <= {HIDDEN}
    elif case.game_id == "ataque":
        assert [p.objective for p in public.players] == [p.objective for p in final.players]
        for player, seen in zip(final.players, public.players, strict=True):
            assert set(seen.hand) <= {HIDDEN} and len(seen.hand) == len(player.hand)
        assert set(public.deck) <= {HIDDEN}
    else:
        assert public == attrs.evolve(final, rng=None)


@cases
@seeds
def test_the_public_view_hides_whatever_any_seat_cannot_see(case: Case, seed: int) -> None:
    final, _, states = played(case, seed)
    for state in states:
        public = check_public_view(case.game, state, case.players)
    check_end(case, final, public)


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.players > 1 and c.game.hidden_information], ids=lambda c: c.name
)
def test_a_seat_view_passed_off_as_public_is_caught(case: Case) -> None:
    """The check above can fail: seat 0's view shows its own secrets, which seat 1 may not
    see."""
    _, _, states = played(case, SEEDS[0])
    game = case.game
    with pytest.raises(AssertionError, match="public view shows"):
        for state in states:
            leaky = attrs.evolve(game.view(state, 0), log=())
            seen = attrs.evolve(game.view(state, 1), log=())
            redacted_alike(attrs.evolve(state, log=()), seen, leaky, "state")


# --- replays: every state, and chapters ---------------------------------------------------------


@cases
def test_steps_give_every_state_of_the_game(case: Case) -> None:
    final, actions, states = played(case, SEEDS[0])
    got = steps(case.game, case.config, SEEDS[0], case.players, actions)
    assert got == states
    assert got[-1] == replay(case.game, case.config, SEEDS[0], case.players, actions) == final


def test_steps_refuse_a_log_that_is_not_legal() -> None:
    case = CASES[0]
    _, actions, _ = played(case, SEEDS[0])
    seat, action = actions[0]
    with pytest.raises(IllegalAction):
        steps(case.game, case.config, SEEDS[0], case.players, [(seat, action), (seat, action)])


def expected_chapters(case: Case, final: Any) -> list[str] | None:
    """The chapters a replay of ``final``'s game steps through, where every one of them has
    states of its own (an Álamo turn may pass inside one action: no state of its own)."""
    if case.game_id == "gallic":
        return [f"Battle {n}" for n in range(1, len(final.battles) + 1)]
    if case.game_id == "metauro":
        return ["Deployment"] + [f"Turn {n}" for n in range(1, final.turn + 1)]
    if case.game_id == "mates" and case.players == 1:
        return [f"Card {n}" for n in range(1, final.solo.total + 1)]
    if case.game_id == "mates":
        return [f"Round {n}" for n in range(1, final.rounds + 1)]
    return None


@cases
@seeds
def test_chapters_follow_the_game_in_order(case: Case, seed: int) -> None:
    final, _, states = played(case, seed)
    chapters = [case.game.chapter(s) for s in states]
    runs = [c for i, c in enumerate(chapters) if i == 0 or chapters[i - 1] != c]
    assert len(runs) == len(set(runs)), f"a chapter came back: {runs}"
    assert len(runs) > 1
    numbers = [int(re.search(r"\d+", c).group()) if re.search(r"\d", c) else 0 for c in runs]
    assert numbers == sorted(numbers), runs
    expected = expected_chapters(case, final)
    if expected is not None:
        assert runs == expected
    else:
        # Álamo: a turn may pass inside one action (no state of its own); Ataque: every
        # player's turn has states of its own.
        started = [e for e in final.log if type(e).__name__ == "TurnStarted"]
        if case.game_id == "alamo":
            named = [f"Turn {e.turn}" for e in started]
            assert runs[0] == named[0] and runs[-1] == named[-1]
            assert set(runs) <= set(named)
        else:
            assert runs == [f"Round {e.round} · {COLOUR_NAMES[e.seat]}" for e in started]
