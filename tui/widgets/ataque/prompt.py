"""The prompt in the status line: what to do now, in the fullest wording that fits (the
footer shows the keys too)."""

from __future__ import annotations

from engine.ataque import rules
from engine.ataque.data import CONTINENTS, TERRITORIES, colour_name, sets_in
from engine.ataque.state import ATTACK, EXCHANGE, MOVE_IN, OVER, PLACE, REGROUP
from engine.i18n import _, ngettext, number
from engine.words import listing
from tui.widgets.ataque.words import Turn, armies, fit


def prompt_text(turn: Turn) -> str:
    """What to do now, worded to fit the status line (keys are in the footer too)."""
    view, width = turn.view, turn.width
    if view.phase == OVER:
        return fit(
            width,
            _("Game over — {reason}  (Enter: the result)").format(reason=rules.end_reason(view)),
            _("Game over."),
        )
    if not turn.my_turn:
        who = turn.active_name
        width -= len(who) + 14  # the spinner beside it names the thinking bot too
        return fit(
            width,
            _("{player} is playing…  (. skips to your turn)").format(player=who),
            _("{player} is playing…").format(player=who),
            _("{player} is playing…").format(player=colour_name(view.active)),
        )
    if view.phase == EXCHANGE:
        sets = len(sets_in(view.players[turn.me].hand))
        if sets > 1:
            return fit(
                width,
                ngettext(
                    "You hold {count} possible set of cards: x chooses which to exchange.",
                    "You hold {count} possible sets of cards: x chooses which to exchange.",
                    sets,
                ).format(count=number(sets)),
                _("x: choose which set of cards to exchange."),
            )
        return fit(
            width,
            _("You hold a set of cards: x exchanges it for armies."),
            _("x: exchange"),
        )
    if view.phase == PLACE:
        return place_prompt(view, width)
    src = None if turn.source is None else TERRITORIES[turn.source]
    if view.phase == ATTACK:
        if src is None:
            return fit(
                width,
                _(
                    "Attack: Enter on one of your territories with 2+ armies, then on an "
                    "enemy neighbour; e ends the attacks."
                ),
                _("Attack: Enter on yours (2+ armies), then on an enemy neighbour; e: stop."),
                _("Attack: Enter on yours, then on an enemy; e: stop."),
            )
        n = number(turn.stop_at)
        return fit(
            width,
            _(
                "From {territory}: Enter rolls · b attacks until taken or down to {n} · "
                "1 2 3 dice · [ ] change N"
            ).format(territory=src, n=n),
            _(
                "From {territory}: Enter rolls · b until taken or down to {n} · 1 2 3 dice · [ ] N"
            ).format(territory=src, n=n),
            _("{territory}: Enter rolls · b until taken or down to {n}").format(territory=src, n=n),
            _("Enter rolls · b until taken or down to {n}").format(n=n),
        )
    if view.phase == MOVE_IN and view.pending is not None:
        counts = {"count": number(turn.count), "most": number(view.pending.most)}
        target = TERRITORIES[view.pending.target]
        return fit(
            width,
            _(
                "{territory} taken! Move in {count} more (0–{most}): + − or a digit to "
                "change, Enter moves them, a all."
            ).format(territory=target, **counts),
            _(
                "{territory} taken! Move in {count} more (0–{most}): + − or a digit, then Enter."
            ).format(territory=target, **counts),
            _("Move in {count} more (0–{most}): + − or a digit, then Enter.").format(**counts),
        )
    if view.phase == REGROUP:
        if src is None:
            return fit(
                width,
                _(
                    "Regroup: Enter on a territory of yours, then on a neighbour of yours; "
                    "e ends your turn."
                ),
                _("Regroup: Enter on yours, then on a neighbour of yours; e ends the turn."),
                _("Regroup: Enter on yours, then a neighbour; e: end."),
            )
        moving = armies(turn.count)
        return fit(
            width,
            _(
                "From {territory}: Enter on a neighbour of yours moves {armies} (+ − or a "
                "digit to change), a all; Enter on {territory} cancels."
            ).format(territory=src, armies=moving),
            _(
                "From {territory}: Enter on a neighbour moves {armies} (+ − or a digit), a all."
            ).format(territory=src, armies=moving),
            _("Enter moves {armies} (+ − or a digit), a all.").format(armies=moving),
        )
    return ""


def place_prompt(view, width: int) -> str:
    """How many to place, and which of them are a continent bonus that must go inside
    its continent (the engine refuses them elsewhere)."""
    left = armies(rules.armies_to_place(view))
    bonus = [(CONTINENTS[c].name, n) for c, n in enumerate(view.bonus_left) if n]
    if not bonus:
        return fit(
            width,
            _("Place {armies}: Enter +1, f +5, a all on the territory under the cursor.").format(
                armies=left
            ),
            _("Place {armies}: Enter +1, f +5, a all.").format(armies=left),
        )
    where = listing(
        _("{count} in {continent}").format(count=number(n), continent=name) for name, n in bonus
    )
    short_form = _("Place {armies}: {where} (bonus).").format(armies=left, where=where)
    if view.to_place == 0:
        inside = listing(name for name, _n in bonus)
        if len(bonus) == 1:
            full = _(
                "Place {armies}, all inside {continents}: its continent bonus. Enter +1, "
                "f +5, a all."
            )
            brief = _("Place {armies}, all inside {continents} (its continent bonus).")
        else:
            full = _(
                "Place {armies}, all inside {continents}: continent bonuses. Enter +1, f +5, a all."
            )
            brief = _("Place {armies}, all inside {continents} (continent bonuses).")
        return fit(
            width,
            full.format(armies=left, continents=inside),
            brief.format(armies=left, continents=inside),
            short_form,
        )
    (first, n), *more = bonus
    must = listing(
        [
            _("{count} of them must go into {continent}").format(count=number(n), continent=first),
            *(
                _("{count} into {continent}").format(count=number(k), continent=name)
                for name, k in more
            ),
        ]
    )
    return fit(
        width,
        _("Place {armies}; {must} (continent bonus). Enter +1, f +5, a all.").format(
            armies=left, must=must
        ),
        _("Place {armies}; {must} (continent bonus).").format(armies=left, must=must),
        _("Place {armies}; {must}.").format(armies=left, must=must),
        short_form,
    )
