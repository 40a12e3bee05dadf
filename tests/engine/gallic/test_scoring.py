"""Scoring a revealed hand: two slots per base type, leaders as wildcards, penalties always."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.gallic.data import GAULS, ROME
from engine.gallic.scoring import hand_total, score
from engine.gallic.state import Counted

from .helpers import ids

CAESAR, LABIENUS = 0, 1


def kinds(counted: tuple[Counted, ...]) -> dict[int, str]:
    return {c.card: c.as_kind for c in counted}


def test_worked_example_scores_58() -> None:
    hand = ids(
        ROME,
        "Caesar",
        "Legioni",
        "Centurioni",
        "Soldati Professionisti",
        "Macchine d'Assedio",
        "Battaglia Decisiva",
        "Conquista",
        "Politica Romana",
    )
    total, counted = score(ROME, hand)
    assert total == 58
    as_kind = kinds(counted)
    legioni, centurioni, soldati = ids(ROME, "Legioni", "Centurioni", "Soldati Professionisti")
    assert as_kind[legioni] == as_kind[centurioni] == "R"
    assert soldati not in as_kind  # the R slots are full
    assert as_kind[CAESAR] in {"S", "T", "M"}
    assert as_kind[ids(ROME, "Politica Romana")[0]] == "P"
    assert len(counted) == 7
    # Deterministic tie-break: the first best assignment in S, T, R, M order.
    assert counted == (
        Counted(*ids(ROME, "Battaglia Decisiva"), "S"),
        Counted(CAESAR, "S"),
        Counted(*ids(ROME, "Macchine d'Assedio"), "T"),
        Counted(legioni, "R"),
        Counted(centurioni, "R"),
        Counted(*ids(ROME, "Conquista"), "M"),
        Counted(*ids(ROME, "Politica Romana"), "P"),
    )


def test_leader_fills_the_only_free_slot() -> None:
    hand = ids(GAULS, "Vercingetorix", "Galli", "Tribù", "Abilità", "Carica")
    hand += ids(GAULS, "Assalto", "Guerriglia", "Rivolta")
    total, counted = score(GAULS, hand)
    assert total == 10 + 9 + 10 + 9 + 10 + 9 + 10 + 10
    assert kinds(counted)[0] == "M"


def test_leader_replaces_a_weak_second_slot() -> None:
    # Nine cards (not a real hand size) to leave the leader no empty slot.
    hand = (CAESAR, 2, 9, 10, 11, 18, 19, 26, 27)  # R10 R3 T10 T9 S10 S9 M10 M9
    total, counted = score(ROME, hand)
    assert total == 10 + 10 + 10 + 9 + 10 + 9 + 10 + 9
    assert kinds(counted)[CAESAR] == "R"
    assert 9 not in kinds(counted)


def test_weak_leader_may_not_count() -> None:
    hand = (LABIENUS, 2, 3, 10, 11, 18, 19, 26, 27)  # every slot holds a 9 or 10
    total, counted = score(ROME, hand)
    assert total == 4 * (10 + 9)
    assert LABIENUS not in kinds(counted)


def test_two_leaders_in_one_type() -> None:
    hand = (CAESAR, LABIENUS, 2, 3, 10, 11, 18, 19)  # no Morale at all
    total, counted = score(ROME, hand)
    assert total == 4 * 10 + 3 * 9 + 5
    assert kinds(counted)[CAESAR] == kinds(counted)[LABIENUS] == "M"


def test_two_leaders_in_two_types() -> None:
    hand = (CAESAR, LABIENUS, 2, 10, 18, 19, 26, 27)  # R and T each have one free slot
    total, counted = score(ROME, hand)
    assert total == 10 * 4 + 9 + 9 + 10 + 5
    assert {kinds(counted)[CAESAR], kinds(counted)[LABIENUS]} == {"R", "T"}


def test_base_card_preferred_to_leader_of_equal_strength() -> None:
    # Caesar could stand in for Legioni; the base card takes the slot and Caesar goes elsewhere.
    hand = (CAESAR, 2, 3, 10, 11, 18, 19, 26)
    total, counted = score(ROME, hand)
    assert total == 10 + 9 + 10 + 9 + 10 + 9 + 10 + 10
    assert kinds(counted)[2] == "R" and kinds(counted)[CAESAR] == "M"


def test_penalties_always_count() -> None:
    assert score(ROME, (34, 35)) == (-3, (Counted(34, "P"), Counted(35, "P")))
    total, _ = score(GAULS, (2, 3, 4, 34))
    assert total == 10 + 9 - 2
    assert score(ROME, ()) == (0, ())


hands = st.lists(st.integers(min_value=0, max_value=35), max_size=12, unique=True)


@given(hands, st.randoms(use_true_random=False))
def test_fast_total_matches_full_search(hand: list[int], rnd) -> None:
    total, counted = score(ROME, hand)
    assert hand_total(ROME, hand) == total == hand_total(GAULS, hand)
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert score(ROME, shuffled) == (total, counted)
    assert score(GAULS, hand)[0] == total  # the two decks mirror each other


@given(hands)
def test_counted_respects_the_slots(hand: list[int]) -> None:
    total, counted = score(ROME, hand)
    assert {c.card for c in counted} <= set(hand)
    assert len({c.card for c in counted}) == len(counted)
    for t in "STRM":
        assert sum(1 for c in counted if c.as_kind == t) <= 2
    assert sum(1 for c in counted if c.as_kind == "P") == sum(1 for c in hand if c >= 34)
    strengths = {0: 10, 1: 5, 34: -2, 35: -1}
    assert total == sum(strengths.get(c.card, 10 - (c.card - 2) % 8) for c in counted)
