"""The search core every expert shares: the best mean over common worlds, cheaply."""

from __future__ import annotations

import random

from engine import search


def noisy(means: dict[str, float], calls: list[tuple[str, int]]):
    """A value whose world ``w`` adds the same luck to every action (common random numbers)
    plus a little of the action's own."""

    def value(action: str, w: int) -> float:
        calls.append((action, w))
        luck = random.Random(w).uniform(-0.3, 0.3)
        own = random.Random(f"{action}:{w}").uniform(-0.05, 0.05)
        return means[action] + luck + own

    return value


def test_the_best_mean_wins_and_a_clear_choice_stops_after_one_round() -> None:
    calls: list[tuple[str, int]] = []
    means = {"a": 0.4, "b": 0.7, "c": 0.5, "d": 0.45}
    assert search.best_action(list(means), noisy(means, calls), 400) == "b"
    assert len(calls) == 400 // 2  # 4 actions: 2 rounds planned, the first one decides


def test_a_close_choice_spends_the_budget_on_the_leaders() -> None:
    calls: list[tuple[str, int]] = []
    means = {"a": 0.50, "b": 0.51, "c": 0.505, "d": 0.2}
    search.best_action(list(means), noisy(means, calls), 400)
    assert 300 <= len(calls) <= 400
    assert sum(a == "d" for a, _ in calls) < sum(a == "b" for a, _ in calls)


def test_one_action_costs_no_playout() -> None:
    calls: list[tuple[str, int]] = []
    assert search.best_action(["only"], noisy({"only": 0.5}, calls), 100) == "only"
    assert calls == []


def test_every_action_still_alive_is_scored_on_the_same_worlds() -> None:
    calls: list[tuple[str, int]] = []
    means = {"a": 0.5, "b": 0.52, "c": 0.51}
    search.best_action(list(means), noisy(means, calls), 60)
    worlds = {a: [w for b, w in calls if b == a] for a in means}
    shortest = min(worlds.values(), key=len)
    for ws in worlds.values():
        assert ws[: len(shortest)] == shortest


def test_a_head_start_keeps_the_default_unless_another_is_clearly_better() -> None:
    close = {"default": 0.50, "other": 0.53}
    far = {"default": 0.50, "other": 0.70}
    assert search.best_action(list(close), noisy(close, []), 80) == "other"
    assert search.best_action(list(close), noisy(close, []), 80, head_start=0.05) == "default"
    assert search.best_action(list(far), noisy(far, []), 80, head_start=0.05) == "other"


def test_ties_go_to_the_earlier_action() -> None:
    assert search.best_action(["y", "x", "z"], lambda a, w: 0.5, 30) == "y"


def test_world_seeds_come_from_the_bots_rng_alone() -> None:
    one, two = search.world_seeds(random.Random(5)), search.world_seeds(random.Random(5))
    other = search.world_seeds(random.Random(6))
    assert [one(i) for i in range(5)] == [two(i) for i in range(5)]
    assert one(0) != other(0)
    assert len({one(i) for i in range(100)}) == 100


def test_the_bench_can_double_the_budget_for_a_block() -> None:
    assert search.budget(40) == 40
    with search.scaled(2.0):
        assert search.budget(40) == 80
    assert search.budget(40) == 40


def test_a_probe_settles_a_clear_choice_in_a_few_worlds_and_agrees_with_the_full_search() -> None:
    clear = {"a": 0.4, "b": 0.7}
    calls: list[tuple[str, int]] = []
    assert search.best_action(list(clear), noisy(clear, calls), 40, probe=6) == "b"
    assert len(calls) == 2 * 6
    for seed in range(30):
        means = {k: random.Random(f"{seed}{k}").uniform(0.4, 0.6) for k in "abcd"}
        plain = search.best_action(list(means), noisy(means, []), 60, head_start=0.02)
        probed = search.best_action(list(means), noisy(means, []), 60, head_start=0.02, probe=6)
        assert probed == plain
