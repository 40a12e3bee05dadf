"""El Álamo's coach: the expert's plan, said in battle totals and the seat's chance to win.

The expert weighs whole plans (an attack or defence as a set of cards, a way to pay, a gun to
fire; in the solitaire, a way to finish the turn) and plays their first step. The coach reads
that search (``expert.decision``, run afresh so it is seen) and names each plan with its first
step, the one legal action that begins it. A player who is building a plan card by card is
judged by the plans that step begins; a step no weighed plan begins is scored as the plan it
makes (the selection after it, confirmed; any other move, with ``strong`` playing on) on the
worlds the expert's move was scored on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from engine import search
from engine.alamo.actions import (
    AddCard,
    Confirm,
    Decline,
    Discard,
    Fire,
    PayTopOfDeck,
    PayWith,
    RemoveCard,
    ReturnToDeck,
    Roll,
    StopFiring,
)
from engine.alamo.ai import builds_up, strong_selection, towards
from engine.alamo.data import DECKS, TEXANS
from engine.alamo.evaluation import solitaire_odds, texan_odds
from engine.alamo.expert import Decision, Valuer, decision
from engine.alamo.sampling import determinize
from engine.alamo.state import ATTACK, DEFEND, PAY, REPEL, SOLITAIRE, SURVIVORS, AlamoState
from engine.alamo.tally import battle_total
from engine.coach import Choice, Hint, Judgement, fitting, percent, ranked_choices
from engine.core import IllegalAction, Seat
from engine.i18n import _
from engine.words import listing, plural

STATIC_WORLDS = 12  # worlds sampled for a chance where the expert runs no search
SELECTING = (ATTACK, DEFEND, REPEL)  # phases whose plans are a set of cards built step by step


def hint(view: AlamoState, seat: Seat, rng: random.Random) -> Hint:
    """The expert's move, the plan it begins, the next two plans and why in the game's
    numbers (totals, what is owed, the chance to win)."""
    with search.watched() as found:
        chosen = decision(view, seat, rng)
    if not found:
        kept = strong_selection(view, seat) if view.phase == SURVIVORS else None
        then = _rest(view, kept, chosen.move) if kept is not None else ()
        return Hint(
            seat,
            Choice(chosen.move, _obvious_text(view, seat, chosen.move), then=then),
            why=_obvious(view, seat, chosen.move),
        )
    scored = found[-1]
    choices = ranked_choices(scored, lambda p: _first(view, p), lambda p: _plan_text(view, seat, p))
    begins: dict[Any, search.Scored] = {}
    for s in scored:
        begins.setdefault(_first(view, s.candidate), s)
    best = next(c for c in choices if c.action == chosen.move)
    worlds = begins[chosen.move].worlds
    others = tuple(
        sorted(
            (_on_worlds(chosen, c, begins[c.action], worlds) for c in choices[:3] if c is not best),
            key=lambda c: -(c.value or 0.0),
        )[:2]
    )
    plan = begins[chosen.move].candidate
    if view.phase in SELECTING:
        best = attrs.evolve(best, then=_rest(view, _target(view, plan), chosen.move))
    return Hint(seat, best, others, _why(view, seat, plan, best, others))


def judge(view: AlamoState, seat: Seat, played: Any, rng: random.Random) -> Judgement:
    """What ``played`` was worth against the expert's move, on the worlds that move was
    scored on (a step on the way to the expert's plan is the expert's move); where the
    expert runs no search (one legal move, the survivors kept by rule of thumb) the chance
    is the evaluation's on sampled worlds and a different move costs nothing measurable."""
    with search.watched() as found:
        chosen = decision(view, seat, rng)
    played_text = _plan_text(view, seat, _plan_of(view, seat, played))
    same = played == chosen.move
    if chosen.value is None or not found:
        chance = _static_chance(view, seat, rng)
        best_text = _obvious_text(view, seat, chosen.move)
        return Judgement(chance, 0.0, best_text if same else played_text, best_text, same)
    scored = found[-1]
    best = next(s for s in scored if _first(view, s.candidate) == chosen.move)
    best_text = _plan_text(view, seat, best.candidate)
    if same or _begins(view, best.candidate, played):
        return Judgement(best.mean, 0.0, best_text, best_text, True)
    plans = [s.candidate for s in scored if _begins(view, s.candidate, played)]
    worths = [
        (worth, plan)
        for plan in plans or [_plan_of(view, seat, played)]
        if (worth := _mean(chosen, plan, best.worlds)) is not None
    ]
    if not worths:
        return Judgement(best.mean, 0.0, played_text, best_text, False)
    worth, plan = max(worths, key=lambda w: w[0])
    cost = max(0.0, best.mean - worth)
    return Judgement(best.mean, cost, _plan_text(view, seat, plan), best_text, False)


# --- plans and their first steps ------------------------------------------------------------------


def _first(view: AlamoState, plan: Any) -> Any:
    """The legal action that begins ``plan`` from the view (its selection in progress)."""
    if view.mode == SOLITAIRE:
        step = plan[0]
        return towards(view, step[1]) if isinstance(step, tuple) else step
    kind = plan[0]
    if view.phase in SELECTING:
        return towards(view, _target(view, plan))
    if kind == "pay":
        return PayWith(plan[1][0]) if plan[1] else PayTopOfDeck()
    return plan[1]


def _target(view: AlamoState, plan: Any) -> tuple[int, ...] | None:
    """The set of cards ``plan`` builds in a phase that builds one (None: it declines)."""
    if view.mode == SOLITAIRE:
        step = plan[0]
        return step[1] if isinstance(step, tuple) else None
    return plan[1] if plan[0] == "select" else None


def _rest(view: AlamoState, target: tuple[int, ...] | None, first: Any) -> tuple[Any, ...]:
    """The steps after ``first`` that turn the selection into ``target``: the other toggles,
    then Confirm (or Decline, with no target); none where ``first`` is not a toggle."""
    steps: list[Any] = []
    step = first
    while isinstance(step, (AddCard, RemoveCard)):  # each toggle brings the set one card nearer
        view = attrs.evolve(view, selection=_toggled(view.selection, step))
        step = towards(view, target)
        steps.append(step)
    return tuple(steps)


def _toggled(selection: tuple[int, ...], step: Any) -> tuple[int, ...]:
    """The selection after ``step``: a card added or taken out (any other step leaves it)."""
    if isinstance(step, AddCard):
        return (*selection, step.card)
    if isinstance(step, RemoveCard):
        return tuple(c for c in selection if c != step.card)
    return tuple(selection)


def _begins(view: AlamoState, plan: Any, step: Any) -> bool:
    """Whether ``step`` is on the way to ``plan``: its first step or, while a set of cards is
    being built, any card of it added, any other card taken out, or the set confirmed."""
    if view.phase not in SELECTING:
        return _first(view, plan) == step
    target = _target(view, plan)
    if isinstance(step, AddCard):
        return target is not None and step.card in target
    if isinstance(step, RemoveCard):
        return target is None or step.card not in target
    if isinstance(step, Confirm):
        return target is not None and sorted(view.selection) == sorted(target)
    return isinstance(step, Decline) and target is None


def _plan_of(view: AlamoState, seat: Seat, move: Any) -> Any:
    """The plan a single move makes: the selection after the step, confirmed; or the move,
    with the game played on from there."""
    if view.phase in (*SELECTING, SURVIVORS) and isinstance(move, (AddCard, RemoveCard, Confirm)):
        cards = tuple(sorted(_toggled(view.selection, move)))
        return (("repel", cards),) if view.mode == SOLITAIRE else ("select", cards)
    if isinstance(move, Decline):
        return ("decline",)
    return (move,) if view.mode == SOLITAIRE else ("act", move)


def _on_worlds(chosen: Decision, choice: Choice, scored: search.Scored, worlds: int) -> Choice:
    """``choice`` valued on the worlds the expert's move was scored on (a plan dropped early
    was scored on fewer), so that the values shown compare."""
    if scored.worlds >= worlds:
        return choice
    value = _mean(chosen, scored.candidate, worlds)
    return choice if value is None else attrs.evolve(choice, value=value)


def _mean(chosen: Decision, plan: Any, worlds: int) -> float | None:
    """``plan``'s mean value on the search's first ``worlds`` worlds (None if it cannot be
    played whole: cards that are not yet a legal attack, whose worth the finished attack
    will tell)."""
    value: Valuer = chosen.value  # type: ignore[assignment]
    try:
        return sum(value(plan, w) for w in range(worlds)) / worlds
    except IllegalAction:
        return None


def _static_chance(view: AlamoState, seat: Seat, rng: random.Random) -> float:
    """The evaluation's chance for the seat, averaged over worlds sampled from its view."""
    worlds = [determinize(view, seat, rng) for _ in range(search.budget(STATIC_WORLDS))]
    if view.mode == SOLITAIRE:
        return sum(solitaire_odds(w) for w in worlds) / len(worlds)
    odds = sum(texan_odds(w, seat) for w in worlds) / len(worlds)
    return odds if seat == TEXANS else 1.0 - odds


# --- words ---------------------------------------------------------------------------------------


def _names(seat: Seat, cards: Sequence[int], names: bool = True) -> str:
    if not names:
        return plural(len(cards), "card", "cards")
    return listing(DECKS[seat][c].name for c in cards)


def _plan_text(view: AlamoState, seat: Seat, plan: Any, names: bool = True) -> str:
    """A plan in words: "defend with Davy Crockett and Hospital (70)", "fire Cañones"."""
    if view.mode == SOLITAIRE:
        return _path_text(seat, plan, names)
    kind = plan[0]
    if kind == "decline":
        return _("do not attack")
    if kind == "select":
        return _selection_text(view, seat, plan[1], names)
    if kind == "pay":
        _kind, cards, deck = plan
        if not cards:
            return _("pay from the top of your deck")
        if deck:
            return _("pay with {cards}, the rest from your deck").format(
                cards=_names(seat, cards, names)
            )
        return _("pay with {cards}").format(cards=_names(seat, cards, names))
    return _action_text(seat, plan[1], names)


def _selection_text(view: AlamoState, seat: Seat, cards: Sequence[int], names: bool) -> str:
    total = battle_total(seat, cards)
    if view.phase == ATTACK:
        text = _("attack with {cards} ({total})")
    elif view.phase == SURVIVORS:
        return (
            _("keep {cards}").format(cards=_names(seat, cards, names))
            if cards
            else _("keep none of the cards played")
        )
    elif not cards:
        return _("do not defend")
    else:
        text = _("defend with {cards} ({total})")
    return text.format(cards=_names(seat, cards, names), total=total)


def _path_text(seat: Seat, path: Sequence[Any], names: bool) -> str:
    """A way to finish a solitaire turn: what it pays with, then what repels the assault."""
    paid = [s.card for s in path if isinstance(s, PayWith)]
    repel = [s[1] for s in path if isinstance(s, tuple)]
    parts = [_action_text(seat, s, names) for s in path if isinstance(s, Fire)]
    if paid:
        parts.append(_("pay with {cards}").format(cards=_names(seat, paid, names)))
    if repel:
        parts.append(_repel_text(seat, repel[0], names))
    return ", ".join(parts) if parts else _("pay as the rules ask")


def _repel_text(seat: Seat, cards: Sequence[int], names: bool) -> str:
    if not cards:
        return _("repel with your Standing Defence alone")
    return _("repel with {cards}").format(cards=_names(seat, cards, names))


def _action_text(seat: Seat, action: Any, names: bool = True) -> str:
    def name() -> str:
        return _names(seat, (action.card,), names)

    if isinstance(action, Fire):
        return _("fire {card}").format(card=name())
    if isinstance(action, StopFiring):
        return _("stop firing")
    if isinstance(action, PayWith):
        return _("pay with {cards}").format(cards=name())
    if isinstance(action, PayTopOfDeck):
        return _("pay from the top of your deck")
    if isinstance(action, Discard):
        return _("discard {card}").format(card=name())
    if isinstance(action, ReturnToDeck):
        return _("put {card} back into your deck").format(card=name())
    if isinstance(action, Roll):
        return _("roll for the next turn")
    if isinstance(action, Decline):
        return _("do not attack")
    return _("confirm")


def _why(view: AlamoState, seat: Seat, plan: Any, best: Choice, others: Sequence[Choice]) -> str:
    """One line: the plan, the totals or the debt it answers, the chance to win it leaves."""
    chance = percent(best.value or 0.0)
    other = percent(others[0].value or 0.0) if others else ""
    battle, payment = view.battle, view.payment
    if view.phase == DEFEND and battle is not None:
        if plan[1]:
            line = _("{move}: the attack is {attack}; {chance} to win")
        else:
            line = _("{move} against {attack}: keep your cards; {chance} to win")
    elif view.phase == ATTACK and plan[0] == "decline":
        line = _("{move}: {chance} to win; {other} with the best attack")
    elif view.phase == PAY and payment is not None:
        line = _("{move}: {due} to pay; {chance} to win")
    elif others:
        line = _("{move}: {chance} to win; the next best, {other}")
    else:
        line = _("{move}: {chance} to win")
    attack = battle.attack_total if battle is not None else 0
    due = payment.due if payment is not None else 0
    return fitting(
        line.format(
            move=_plan_text(view, seat, plan, names),
            attack=attack,
            chance=chance,
            other=other,
            due=due,
        )
        for names in (True, False)
    )


def _obvious_text(view: AlamoState, seat: Seat, move: Any, names: bool = True) -> str:
    """A move the expert makes without a search: the survivors it keeps, or the only move."""
    if view.phase == SURVIVORS:
        return _selection_text(view, seat, strong_selection(view, seat), names)
    return _plan_text(view, seat, _plan_of(view, seat, move), names)


def _obvious(view: AlamoState, seat: Seat, move: Any) -> str:
    """Why a move needs no search: the only one, the survivors kept by their worth, or the
    Mexican's waiting for a full hand (``ai.builds_up``)."""
    if view.phase == SURVIVORS:
        line = _("{move}: the cards worth most to keep")
    elif view.phase == ATTACK and builds_up(view):
        line = _("{move}: wait for a full hand, one big attack beats several small ones")
    else:
        line = _("{move}: the only move here")
    return fitting(
        line.format(move=_obvious_text(view, seat, move, names)) for names in (True, False)
    )
