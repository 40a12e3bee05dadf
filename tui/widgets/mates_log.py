"""Mates Hostiles' log: one sentence per event, worded from the event's data in the current
language."""

from __future__ import annotations

from engine.i18n import N_, _, ngettext, number
from engine.mates.data import piece_name, piece_words, side_name
from engine.mates.state import (
    BY_KING,
    BY_MATE,
    BY_SCORE,
    CHECK,
    KING,
    MAIN_CARD,
    MATE,
    MATE_FINE,
    NO_CARDS,
    RETURNED,
    STAKE,
    TOP_CARD,
    CardCovered,
    CardsPaid,
    CardTurned,
    Dealt,
    DuelDecided,
    DuelTied,
    EloAnnounced,
    EloWon,
    HintGiven,
    PieceAnnounced,
    PiecePlaced,
    PlayerOut,
    PuzzleAnswered,
    PuzzleShown,
    RoundBegan,
    StartCardTurned,
    StarterChosen,
)
from engine.words import plural
from tui.widgets.log import literal

# A decided duel, by how it was decided: one whole sentence each (English msgids).
DUEL_WON = {
    BY_SCORE: N_("{winner} wins the duel against {loser}."),
    BY_KING: N_("{winner} wins the duel against {loser} (a piece put on a king)."),
    BY_MATE: N_("{winner} wins the duel against {loser} by mate."),
    NO_CARDS: N_("{winner} wins the duel against {loser} (no card for the tie)."),
}


def piece_text(piece) -> str:
    """``"white rook on f5"``: an announced piece, in the current language."""
    return _("{piece} on {square}").format(
        piece=piece_words(piece.color, piece.piece), square=piece.square
    )


def describe(e, view, seat_name) -> str | None:
    """The log's line for an event, worded now from the event's data (a save reads in
    whatever language is spoken): markup, every typed name literal. ``seat_name(seat)`` says
    who sits where."""

    def name(seat: int) -> str:  # names, PGN tags and answers are text, not markup
        return literal(seat_name(seat))

    def cards(count: int) -> str:
        return plural(count, "card", "cards")

    if isinstance(e, Dealt):
        if not e.unused:
            return _("Each player gets {cards}.").format(cards=cards(e.each))
        return ngettext(
            "Each player gets {cards}; {unused} card stays in the box.",
            "Each player gets {cards}; {unused} cards stay in the box.",
            e.unused,
        ).format(cards=cards(e.each), unused=number(e.unused))
    if isinstance(e, StartCardTurned):
        return _("{player} shows White Elo {elo} (who starts).").format(
            player=name(e.seat), elo=str(e.elo)
        )
    if isinstance(e, StarterChosen):
        return _("{player} starts.").format(player=name(e.seat))
    if isinstance(e, RoundBegan):
        said = _("— Round {round}: {player} attacks —").format(
            round=number(e.number), player=name(e.attacker)
        )
        return f"[b]{said}[/b]"
    if isinstance(e, EloAnnounced):
        return _("{player} makes an Elo attack on {side}.").format(
            player=name(e.seat), side=side_name(e.side)
        )
    if isinstance(e, CardTurned):
        c = view.cards[e.card]
        return _("{player} turns up {white} ({white_elo}) – {black} ({black_elo}).").format(
            player=name(e.seat),
            white=literal(c.white),
            white_elo=str(c.white_elo),
            black=literal(c.black),
            black_elo=str(c.black_elo),
        )
    if isinstance(e, CardCovered):
        return _("{player} covers the card with a face-down card.").format(player=name(e.seat))
    if isinstance(e, EloWon):
        return _("{player} has the highest {side} Elo, {elo}, and takes {cards}.").format(
            player=name(e.seat), side=side_name(e.side), elo=str(e.elo), cards=cards(e.cards)
        )
    if isinstance(e, PieceAnnounced):
        said = {
            "attack": _("{player} attacks with the {piece}."),
            "counter": _("{player} counter-attacks with the {piece}."),
        }.get(e.role, _("{player} plays with the {piece}."))
        return said.format(player=name(e.seat), piece=piece_text(e.piece))
    if isinstance(e, PiecePlaced):
        points = plural(e.score, "point", "points")
        result = {
            CHECK: _("check — the card is covered and another turned up"),
            MATE: _("mate ({points}): {player} loses the duel").format(
                points=points, player=name(e.owner)
            ),
            KING: _("on a king: {player} loses the duel").format(player=name(e.seat)),
        }.get(e.result, points)
        if e.captured:
            result = _("{result}, taking a {piece}").format(
                result=result, piece=piece_name(e.captured)
            )
        elif e.replaced:
            result = _("{result}, replacing a {piece}").format(
                result=result, piece=piece_name(e.replaced)
            )
        said = _("On {player}'s card: {result}.").format(player=name(e.owner), result=result)
        return f"  {said}"
    if isinstance(e, DuelTied):
        return _(
            "Tie at {score}: {attacker} and {defender} cover their cards and turn up new ones."
        ).format(score=number(e.score), attacker=name(e.attacker), defender=name(e.defender))
    if isinstance(e, DuelDecided):
        if e.winner is None:
            return _("{attacker} – {defender}: drawn, cards go back.").format(
                attacker=name(e.attacker), defender=name(e.defender)
            )
        loser = e.defender if e.winner == e.attacker else e.attacker
        said = _(DUEL_WON.get(e.how, DUEL_WON[BY_SCORE]))
        return said.format(winner=name(e.winner), loser=name(loser))
    if isinstance(e, CardsPaid):
        said = {
            MAIN_CARD: _("{payer} gives {payee} the attack card."),
            TOP_CARD: _("{payer} gives {payee} the top card of the pile."),
            MATE_FINE: _("{payer} pays {payee} {cards} for the mate."),
            RETURNED: _("{payer} takes back {cards}."),
            STAKE: _("{payer} gives {payee} {cards} from the table."),
        }.get(e.why, _("{payer} gives {payee} {cards}."))
        return said.format(payer=name(e.payer), payee=name(e.payee), cards=cards(e.count))
    if isinstance(e, PlayerOut):
        said = _("{player} is out of cards.").format(player=name(e.seat))
        return f"[b]{said}[/b]"
    if isinstance(e, PuzzleShown):
        said = _("Puzzle {n}").format(n=number(e.number))
        return f"[b]{said}[/b]"
    if isinstance(e, HintGiven):
        return _("Hint: the {piece} on {square} mates (half points).").format(
            piece=piece_name(e.piece), square=e.square
        )
    if isinstance(e, PuzzleAnswered):
        solution = literal(e.solution)
        if not e.answer:
            return _("Gave up — the game went {solution}.").format(solution=solution)
        if not e.correct:
            return _("✘ {answer} does not mate — the game went {solution}.").format(
                answer=literal(e.answer), solution=solution
            )
        return _("✔ {answer} mates (+{points}).").format(
            answer=literal(e.answer), points=plural(e.points, "point", "points")
        )
    return None
