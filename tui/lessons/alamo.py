"""El Álamo's first lesson: the learner commands the Mexicans, pays a bombardment, builds an
attack around a Leader and his column, doubles it with a Brecha, and keeps the cards the win
allows.

Seed 272, against a strong Texan bot: the Texans open with a 20 gun; the hand then holds
General Castrillón with his Batallón Toluca (+10) and a Brecha, an attack of 160 that beats
the Texans' 110, and the learner keeps cards worth at most the 50 won by."""

from __future__ import annotations

from engine.alamo.data import LEADER, MEXICANS, TROOP, card
from engine.alamo.state import PAY, SURVIVORS, Attacked, BattleResolved, Paid, SurvivorsKept
from engine.i18n import N_, number
from engine.words import listing
from tui.lessons.lesson import Lesson, Step


def happened(kind):
    """An event of ``kind`` is in the learner's log."""
    return lambda view, seat: any(isinstance(e, kind) for e in view.log)


def paid(view, seat: int) -> bool:
    """The learner has paid something and owes nothing now."""
    owing = view.phase == PAY and view.active == seat
    return not owing and any(isinstance(e, Paid) and e.seat == seat for e in view.log)


def keeping(view, seat: int) -> bool:
    """The battle is over up to the winner's choice of the cards to keep (the learner's)."""
    choosing = view.phase == SURVIVORS and view.active == seat
    return choosing or happened(SurvivorsKept)(view, seat)


def column(view, seat: int) -> dict[str, str]:
    """The hand's Leader and the troops of his column."""
    hand = [card(seat, c) for c in view.sides[seat].hand]
    leaders = [c for c in hand if c.kind == LEADER]
    leader = leaders[0] if leaders else None
    troops = [c.name for c in hand if leader and c.kind == TROOP and c.column == leader.column]
    return {
        "leader": leader.name if leader else "",
        "troops": listing(troops),
        "last": number(len(hand)),
    }


def won_by(view, seat: int) -> dict[str, str]:
    results = [e for e in view.log if isinstance(e, BattleResolved)]
    return {"difference": number(results[-1].difference if results else 0)}


LESSON = Lesson(
    game_id="alamo",
    title=N_("Building an attack, and paying for every loss"),
    config={},
    seed=272,
    players=2,
    seat=MEXICANS,
    bot="strong",
    steps=(
        Step(
            N_(
                "You command Santa Anna's Mexicans; a bot holds the Alamo. Each turn you may "
                "attack with cards from your hand and the Texans defend: the higher total "
                "wins, and every loss is paid in cards."
            )
        ),
        Step(
            N_(
                "First the Texans fire a gun at you. You pay its value: with cards from your "
                "hand worth at least as much (1–9), or with the top card of your deck, "
                "whatever it is. Keep your hand for the attack: press t."
            ),
            until=paid,
        ),
        Step(
            N_(
                "Now the attack. It needs a Leader or a Reserve card: {leader}. A troop gets "
                "+10 with a Leader of its own column: {troops}. A Brecha doubles the whole "
                "total. At most 1 Leader, 1 Tactic, 1 Equipment, 1 Artillery."
            ),
            fill=column,
        ),
        Step(
            N_(
                "Press 1 to {last} to put every card in the attack: the table adds it up as "
                "you pick. Then Enter."
            ),
            until=happened(Attacked),
            fill=column,
        ),
        Step(
            N_(
                "The Texans defend with cards from their hand. The loser discards his cards "
                "and pays the difference, card by card: from his hand, or the top of his deck."
            ),
            until=keeping,
        ),
        Step(
            N_(
                "You won by {difference}, and the Texans paid it. Now keep played cards worth "
                "at most {difference} (a Brecha counts 50): they go back into your deck, the "
                "rest are discarded. Press 1, 2 and 3, then Enter."
            ),
            until=happened(SurvivorsKept),
            fill=won_by,
        ),
        Step(
            N_(
                "That is the siege: an attack built around a Leader and his column, doubled "
                "by a Brecha, and every loss paid in cards. Whoever must draw from an empty "
                "deck loses."
            )
        ),
    ),
)
