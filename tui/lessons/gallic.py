"""La Guerra Gallica's first lesson: what counts in a hand, and why to exchange Penalties.

Seed 17 deals Rome four Tactics (only two count) and both Penalties: exchanging those four
cards takes the hand from 26 to 49 and wins the first battle. Every number the steps quote is
read from the learner's view, so the words stay true whatever the learner exchanges."""

from __future__ import annotations

from engine.gallic.data import ROME, card
from engine.gallic.scoring import score
from engine.gallic.state import DISCARD
from engine.i18n import N_, number
from engine.words import listing
from tui.lessons.lesson import Lesson, Step


def hand_counts(view, seat: int) -> dict[str, str]:
    hand = view.sides[seat].hand
    return {"total": number(score(seat, hand)[0]), "number": number(view.number)}


def dead_cards(view, seat: int) -> list[int]:
    """The hand's cards that count for nothing (beyond two of a type) or against it."""
    hand = view.sides[seat].hand
    counted = {c.card for c in score(seat, hand)[1] if c.as_kind != "P"}
    return [c for c in hand if c not in counted]


def dead(view, seat: int) -> dict[str, str]:
    cards = [card(seat, c) for c in dead_cards(view, seat)]
    return {
        "idle": listing(c.name for c in cards if c.kind != "P"),
        "penalties": listing(f"{c.name} {c.strength:+d}" for c in cards if c.kind == "P"),
    }


def marks(view, seat: int) -> dict[str, str]:
    hand = view.sides[seat].hand
    keys = [number(hand.index(c) + 1) for c in dead_cards(view, seat)]
    worth = sum(card(seat, c).strength for c in dead_cards(view, seat) if card(seat, c).kind == "P")
    return {"keys": listing(keys), "worth": f"{worth:+d}"}


def totals(view, seat: int) -> dict[str, str]:
    battle = view.battles[-1]
    return {"mine": number(battle.totals[seat]), "theirs": number(battle.totals[1 - seat])}


def revealed(battles: int):
    """The reveal of battle ``battles`` is on the table."""
    return lambda view, seat: len(view.battles) >= battles


def started(battle: int):
    """Battle ``battle``'s exchange has begun."""
    return lambda view, seat: view.number >= battle and view.phase == DISCARD


LESSON = Lesson(
    game_id="gallic",
    title=N_("What counts in a hand, and why to exchange Penalties"),
    config={},
    seed=17,
    players=2,
    seat=ROME,
    bot="easy",
    steps=(
        Step(
            N_(
                "You lead Rome; a bot leads the Gauls. In each battle both sides hold 8 cards, "
                "and the higher total wins. Win 3 battles in a row, or the last of the 8, and "
                "you win the game."
            )
        ),
        Step(
            N_(
                "What counts: at most 2 cards of each type, Strategy S, Tactics T, Resource R "
                "and Morale M. A Leader L fills a free place of any type. Each card shows its "
                "type and value; under your hand: it counts {total} now."
            ),
            fill=hand_counts,
        ),
        Step(
            N_(
                "You hold 4 Tactics: only the best 2 count, so {idle} count for nothing. And a "
                "Penalty P always counts against you: {penalties}."
            ),
            fill=dead,
        ),
        Step(
            N_(
                "Exchange those 4 cards: press {keys} to mark them, then Enter. They are worth "
                "{worth} to you: any 4 new cards can only do better."
            ),
            until=revealed(1),
            fill=marks,
        ),
        Step(
            N_(
                "The hands are shown: ✓ marks a card that counted, — one that did not. Rome "
                "{mine}, Gauls {theirs}. Press Enter for the next battle."
            ),
            until=started(2),
            fill=totals,
        ),
        Step(
            N_(
                "Battle {number}: a new hand, counting {total}. A Leader counts as the type you "
                "lack. Mark the cards that add nothing (a 3rd of a type, a Penalty) and press "
                "Enter; Enter alone keeps the hand."
            ),
            until=revealed(2),
            fill=hand_counts,
        ),
        Step(
            N_(
                "Rome {mine}, Gauls {theirs}. That is the heart of the game: 2 cards of each "
                "type count, a Leader fills a gap, a Penalty always costs. Exchange what does "
                "not count."
            ),
            fill=totals,
        ),
    ),
)
