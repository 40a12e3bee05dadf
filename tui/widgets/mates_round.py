"""Mates Hostiles: the lines under the cards — the solo's score and verdict, or the round's
head and its duels — and the sentences that fit a name into them."""

from __future__ import annotations

from rich.text import Text

from engine.i18n import N_, _, number
from engine.mates.state import (
    BY_KING,
    BY_MATE,
    BY_SCORE,
    ELO,
    NO_CARDS,
    PIECE,
    REVIEW,
    SOLO,
)
from engine.words import plural
from saves.paths import visible
from tui.widgets.chess_card import fit
from tui.widgets.mates_log import piece_text

WINS = {  # the same, on the round's duel line
    BY_SCORE: N_("{player} wins"),
    BY_KING: N_("{player} wins (a piece put on a king)"),
    BY_MATE: N_("{player} wins by mate"),
    NO_CARDS: N_("{player} wins (no card for the tie)"),
}


def fill(template: str, width: int, name: str, **fields) -> str:
    """``template`` (a translated sentence with a ``{player}`` field) with ``name`` cut so the
    whole sentence fits ``width``: the other fields always whole."""
    room = width - len(template.format(player="", **fields))
    return template.format(player=fit(name, room), **fields)


def same_move(a: str, b: str) -> bool:
    return a.rstrip("+#") == b.rstrip("+#")


def round_text(view, width: int, seat_name, labels) -> Text:
    """The lines under the cards: in the solo the score and the last verdict (or the hint),
    at the table the round's head and each duel's scores, names cut to ``width``
    (``seat_name(seat)`` says who sits where, ``labels`` the seats)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if view.mode == SOLO:
        s = view.solo
        text.append(
            _(
                "Score {score} · streak {streak} (best {best}) · solved {solved} of {answered}"
            ).format(
                score=number(s.score),
                streak=number(s.streak),
                best=number(s.best_streak),
                solved=number(s.solved),
                answered=number(len(s.history)),
            )
        )
        if view.phase == REVIEW and s.history:
            last = s.history[-1]
            fields = {
                "answer": last.answer,
                "solution": last.solution,
                "points": number(last.points),
            }
            if not last.answer:
                verdict = _("You gave up. The game went {solution}.")
            elif not last.correct:
                verdict = _("✘ {answer} does not mate. The game went {solution}.")
            elif same_move(last.answer, last.solution):
                verdict = _("✔ Mate! {answer}, as in the game (+{points}).")
            else:
                verdict = _("✔ Mate! {answer} (+{points}); the game went {solution}.")
            text.append("\n")
            text.append(
                fit(visible(verdict.format(**fields)), width),
                style="bold green" if last.correct else "bold red",
            )
        elif s.hint is not None:
            hint = _("Hint: the {piece} mates.").format(piece=piece_text(s.hint))
            text.append(f"\n{hint}", style="italic")
        return text
    r = view.round
    if r is None:
        return text
    fields = {"round": number(r.number)}
    if r.kind == ELO:
        head = _("Round {round}: {player} attacks with Elo")
    elif r.kind == PIECE and r.piece is not None:
        head = _("Round {round}: {player} attacks with the {piece}")
        fields["piece"] = piece_text(r.piece)
    else:
        head = _("Round {round}: {player} attacks")
    text.append(fill(head, width, seat_name(r.attacker), **fields))
    text.stylize("bold")
    for duel in r.duels:
        scores = _("attack {attack} · counter {counter}").format(
            attack="?" if duel.attack_score is None else number(duel.attack_score),
            counter="?" if duel.counter_score is None else number(duel.counter_score),
        )
        if duel.ties:
            scores += " · " + plural(duel.ties, "tie", "ties")
        if duel.decided:
            if duel.winner is None:
                scores += " — " + _("drawn")
            else:
                won = _(WINS.get(duel.how, WINS[BY_SCORE]))
                scores += " — " + won.format(player=labels[duel.winner])
        line = fill(_("vs {player}: {duel}"), width - 2, seat_name(duel.defender), duel=scores)
        text.append(f"\n  {line}")
    return text
