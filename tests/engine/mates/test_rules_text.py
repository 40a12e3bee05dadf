"""The in-app rules (``MATES.rules_markdown()``, shown by Help) tell our decisions apart from the
sheet's: every [D] of the project's rules file is a "House rule", and the numbered rules that
are our reading say so where they stand."""

from __future__ import annotations

import re

import pytest

from engine.mates.rules import MATES

TEXT = MATES.rules_markdown()


def numbered_rule(number: int) -> str:
    """The text of numbered rule ``number`` (up to the next numbered rule or heading)."""
    match = re.search(rf"^{number}\. (.*?)(?=^\d+\. |^#)", TEXT, re.M | re.S)
    assert match, f"rule {number} is missing"
    return match.group(1)


def house_rules() -> list[str]:
    """The bullets of the House rules section, each as one line of text."""
    section = TEXT.split("## House rules", 1)[1]
    bullets = re.split(r"^- ", section, flags=re.M)[1:]
    return [" ".join(b.split()) for b in bullets]


@pytest.mark.parametrize("number", [8, 9])
def test_tie_and_settling_rules_are_labelled_house_rules(number: int) -> None:
    assert "house rule" in numbered_rule(number).lower()


def test_the_mate_penalty_reading_is_labelled() -> None:
    mate = numbered_rule(6).split("**e. Mate**", 1)[1]
    assert "House rule" in mate and "on top of what the lost duel" in " ".join(mate.split())


@pytest.mark.parametrize(
    "decision",
    [
        # Each [D] of the rules file, by words its house-rule bullet must contain.
        ("24 most recent gold", "extended deck"),
        ("3 players all 48 cards",),
        ("any mating move",),
        ("Elo attack the attacker's own card",),
        ("3 cards of rule 6e", "on top of", "lost duel"),
        ("python-chess", "set to move", "then mate (e), then check (a)"),
        ("apply to counter-attacks",),
        ("tied duel (rule 8)", "defender announces", "then the attacker", "until someone wins"),
        ("settling (rule 9)", "first winner in turn order", "top card of his pile", "bottom"),
    ],
)
def test_every_decision_is_a_house_rule(decision: tuple[str, ...]) -> None:
    assert any(
        b.startswith("**House rule:**") and all(words in b for words in decision)
        for b in house_rules()
    ), decision


def test_the_decks_years_differ_from_the_sheets_by_decision() -> None:
    """The sheet's cards are 2026 games, ours 2020–2025: said as a house rule."""
    assert any("2026" in r and "2020–2025" in r for r in house_rules() if "House rule" in r)
