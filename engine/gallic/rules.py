"""La Guerra Gallica rules: pure functions from one frozen ``GallicState`` to the next.

Both players exchange in secret at the same time, so ``to_move`` lists both seats during the
discard phase; the reveal scores each hand with the best legal assignment of leaders, and the
victory check runs after every battle (three wins in a row ends the game at once).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

import attrs

from engine.core import (
    HIDDEN,
    Bot,
    BotTable,
    IllegalAction,
    Option,
    Outcome,
    Seat,
    check_seat,
    rules_text,
    visible_log,
)
from engine.gallic.actions import Continue, Discard
from engine.gallic.data import (
    DECK_SIZE,
    GAULS,
    HAND_SIZE,
    MAX_EXCHANGE,
    ROME,
    SIDES,
    card,
)
from engine.gallic.scoring import score
from engine.gallic.state import (
    DISCARD,
    OVER,
    REVEAL,
    Battle,
    BattleResolved,
    BattleStarted,
    Exchanged,
    GallicState,
    GameEnded,
    Reshuffled,
    Side,
)
from engine.i18n import N_, _, ngettext, number
from engine.rng import Rng

STREAK_TO_WIN = 3
DEFAULT_BATTLES = 8

# How a game ends, one sentence per winning side (Rome is one city, the Gauls are many). The
# state's log keeps the English sentence, the same in every language (a replay must rebuild
# the state byte for byte); ``outcome`` words it again in the current language.
_IN_A_ROW = (
    N_("Rome won {count} battles in a row."),
    N_("Gauls won {count} battles in a row."),
)
_LAST_BATTLE = (N_("Rome won the last battle."), N_("Gauls won the last battle."))
_MORE_BATTLES = (
    N_("The last battle was drawn; Rome won more battles ({won}–{lost})."),
    N_("The last battle was drawn; Gauls won more battles ({won}–{lost})."),
)
_DRAWN = N_("The last battle was drawn and both sides won {count}: the game is a draw.")
_NUMBER_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five")}

# --- victory -----------------------------------------------------------------------------------


def streaks(state: GallicState) -> tuple[int, int]:
    """Each side's current run of consecutive battle wins (a drawn battle ends both runs)."""
    return _streaks(state.battles)


def wins(state: GallicState) -> tuple[int, int]:
    """Battles won so far by Rome and by the Gauls."""
    return _wins(state.battles)


def _streaks(battles: Sequence[Battle]) -> tuple[int, int]:
    if not battles or battles[-1].winner is None:
        return (0, 0)
    who = battles[-1].winner
    run = 0
    for b in reversed(battles):
        if b.winner != who:
            break
        run += 1
    return (run, 0) if who == ROME else (0, run)


def _wins(battles: Sequence[Battle]) -> tuple[int, int]:
    rome = sum(1 for b in battles if b.winner == ROME)
    gauls = sum(1 for b in battles if b.winner == GAULS)
    return rome, gauls


def _as_written(message: str) -> str:
    """A msgid as the English record keeps it (``decide`` without ``shown``)."""
    return message


def decide(
    battles: Sequence[Battle], battles_to_play: int, streak_to_win: int, shown: bool = False
) -> Outcome | None:
    """The outcome after the battles fought so far, or None while the game goes on; its
    reason is the English record, or with ``shown`` the sentence in the current language."""
    say, count = (_, number) if shown else (_as_written, str)
    for seat, run in enumerate(_streaks(battles)):
        if run >= streak_to_win:
            word = _NUMBER_WORDS.get(streak_to_win)
            words = say(word) if word else count(streak_to_win)
            return Outcome((seat,), say(_IN_A_ROW[seat]).format(count=words))
    if len(battles) < battles_to_play:
        return None
    last = battles[-1].winner
    if last is not None:
        return Outcome((last,), say(_LAST_BATTLE[last]))
    rome, gauls = _wins(battles)
    if rome != gauls:
        seat = ROME if rome > gauls else GAULS
        hi, lo = max(rome, gauls), min(rome, gauls)
        return Outcome((seat,), say(_MORE_BATTLES[seat]).format(won=count(hi), lost=count(lo)))
    return Outcome((), say(_DRAWN).format(count=count(rome)))


# --- the game ----------------------------------------------------------------------------------


def draw_cards(
    side: Side, n: int, seat: Seat, rng: Rng
) -> tuple[Side, Rng, tuple[Reshuffled, ...]]:
    """Draw ``n`` cards; an empty deck is rebuilt from the discard pile and this battle's
    face-down exchanged cards, which are physically on that pile."""
    drawn = side.deck[:n]
    deck = side.deck[n:]
    events: tuple[Reshuffled, ...] = ()
    need = n - len(drawn)
    if need:
        pool = side.discard + side.exchanged
        fresh, rng = rng.shuffle(pool)
        events = (Reshuffled(seat=seat, cards=len(pool)),)
        drawn += fresh[:need]
        deck = fresh[need:]
        side = attrs.evolve(side, discard=(), exchanged=())
    return attrs.evolve(side, deck=deck, hand=side.hand + drawn), rng, events


def _card_name(seat: Seat, card_id: Any) -> str:
    if isinstance(card_id, int) and 0 <= card_id < DECK_SIZE:
        return card(seat, card_id).name
    return _("Card {value}").format(value=repr(card_id))


class GallicGame:
    """The Game protocol for La Guerra Gallica; stateless, so one shared instance suffices."""

    id = "gallic"
    name = "La Guerra Gallica"
    description = N_(
        "Rome against the Gauls in eight card battles; three wins in a row end the war."
    )
    min_players = 2
    max_players = 2
    hidden_information = True
    options = (
        Option(
            "battles",
            N_("Length"),
            ((N_("8 battles (standard)"), 8), (N_("5 battles (quick)"), 5)),
        ),
    )
    bots: Mapping[str, Bot] = BotTable(
        "engine.gallic.ai",
        ("easy", "strong", "expert"),
        elsewhere={"expert": "engine.gallic.expert"},
    )
    state_type = GallicState
    action_types = (Discard, Continue)
    event_types = (BattleStarted, Reshuffled, Exchanged, BattleResolved, GameEnded)
    rules_version = 1

    def seat_labels(self, players: int = 2) -> tuple[str, ...]:
        """The sides in the current language: shown, never stored (saves keep seat numbers)."""
        return tuple(_(side) for side in SIDES)

    def new(self, config: Mapping[str, Any], seed: int, players: int = 2) -> GallicState:
        battles = config.get("battles", DEFAULT_BATTLES)
        if isinstance(battles, bool) or not isinstance(battles, int) or battles < 1:
            raise ValueError(f"battles must be a positive whole number, not {battles!r}")
        if players != 2:
            raise ValueError("La Guerra Gallica is for exactly 2 players")
        rng = Rng.from_seed(seed)
        sides = []
        for _seat in (ROME, GAULS):
            deck, rng = rng.shuffle(range(DECK_SIZE))
            sides.append(Side(deck=deck[HAND_SIZE:], hand=deck[:HAND_SIZE]))
        return GallicState(
            battles_to_play=battles,
            streak_to_win=STREAK_TO_WIN,
            rng=rng,
            phase=DISCARD,
            number=1,
            sides=(sides[0], sides[1]),
            log=(BattleStarted(number=1),),
        )

    def to_move(self, state: GallicState) -> tuple[Seat, ...]:
        if state.phase == DISCARD:
            return tuple(s for s in (ROME, GAULS) if s not in state.chosen)
        if state.phase == REVEAL:
            return tuple(s for s in (ROME, GAULS) if s not in state.ready)
        return ()

    def legal_actions(self, state: GallicState, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.to_move(state):
            return ()
        if state.phase == REVEAL:
            return (Continue(),)
        hand = sorted(state.sides[seat].hand)
        return tuple(
            Discard(combo) for k in range(MAX_EXCHANGE + 1) for combo in combinations(hand, k)
        )

    def apply(self, state: GallicState, seat: Seat, action: Any) -> GallicState:
        if state.phase == DISCARD and seat in state.chosen:
            raise IllegalAction(_("You have already chosen your exchange for this battle."))
        if state.phase == REVEAL and seat in state.ready:
            raise IllegalAction(_("You are done with this battle; waiting for the other player."))
        check_seat(self, state, seat)
        if isinstance(action, Discard):
            if state.phase != DISCARD:
                raise IllegalAction(_("The hands are revealed: continue to the next battle."))
            return self._discard(state, seat, action)
        if isinstance(action, Continue):
            if state.phase != REVEAL:
                raise IllegalAction(_("Choose the cards to exchange (or none) before the reveal."))
            return self._continue(state, seat)
        raise IllegalAction(_("That is not a move in La Guerra Gallica."))

    def _discard(self, state: GallicState, seat: Seat, action: Discard) -> GallicState:
        cards = tuple(action.cards)
        if len(cards) > MAX_EXCHANGE:
            raise IllegalAction(
                _("You may exchange at most {count} cards.").format(count=number(MAX_EXCHANGE))
            )
        side = state.sides[seat]
        seen: set[Any] = set()
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int):
                raise IllegalAction(_("{value} is not a card.").format(value=repr(c)))
            if c in seen:
                raise IllegalAction(_("You chose {card} twice.").format(card=_card_name(seat, c)))
            seen.add(c)
            if c not in side.hand:
                raise IllegalAction(
                    _("{card} is not in your hand.").format(card=_card_name(seat, c))
                )
        cards = tuple(sorted(cards))
        other = 1 - seat
        side = attrs.evolve(
            side,
            hand=tuple(c for c in side.hand if c not in seen),
            exchanged=side.exchanged + cards,
        )
        log = state.log + (
            Exchanged(seat=seat, count=len(cards), cards=cards, visible_to=frozenset({seat})),
            Exchanged(seat=seat, count=len(cards), visible_to=frozenset({other})),
        )
        side, rng, reshuffles = draw_cards(side, len(cards), seat, state.rng)
        sides = (side, state.sides[1]) if seat == ROME else (state.sides[0], side)
        state = attrs.evolve(
            state, rng=rng, sides=sides, chosen=state.chosen | {seat}, log=log + reshuffles
        )
        if len(state.chosen) < 2:
            return state
        return self._reveal(state)

    def _reveal(self, state: GallicState) -> GallicState:
        hands = (state.sides[ROME].hand, state.sides[GAULS].hand)
        (t0, c0), (t1, c1) = score(ROME, hands[0]), score(GAULS, hands[1])
        winner = ROME if t0 > t1 else GAULS if t1 > t0 else None
        battle = Battle(
            number=state.number, hands=hands, counted=(c0, c1), totals=(t0, t1), winner=winner
        )
        battles = state.battles + (battle,)
        log = state.log + (BattleResolved(number=state.number, totals=(t0, t1), winner=winner),)
        result = decide(battles, state.battles_to_play, state.streak_to_win)
        if result is None:
            return attrs.evolve(state, phase=REVEAL, ready=frozenset(), battles=battles, log=log)
        log += (GameEnded(winners=result.winners, reason=result.reason),)
        return attrs.evolve(state, phase=OVER, ready=frozenset(), battles=battles, log=log)

    def _continue(self, state: GallicState, seat: Seat) -> GallicState:
        ready = state.ready | {seat}
        if len(ready) < 2:
            return attrs.evolve(state, ready=ready)
        number = state.number + 1
        rng = state.rng
        log = state.log + (BattleStarted(number=number),)
        sides = []
        for s, side in enumerate(state.sides):
            cleared = Side(
                deck=side.deck, hand=(), discard=side.discard + side.hand + side.exchanged
            )
            cleared, rng, reshuffles = draw_cards(cleared, HAND_SIZE, s, rng)
            sides.append(cleared)
            log += reshuffles
        return attrs.evolve(
            state,
            rng=rng,
            phase=DISCARD,
            number=number,
            sides=(sides[0], sides[1]),
            chosen=frozenset(),
            ready=frozenset(),
            log=log,
        )

    def view(self, state: GallicState, seat: Seat | None) -> GallicState:
        """Deck order, the RNG and, before the reveal, the other side's cards are hidden; a
        spectator (``seat`` None) sees neither side's cards until the reveal shows both, and
        of each exchange only how many cards (its redacted twin, ``Event.visible``)."""
        revealed = state.phase in (REVEAL, OVER)
        sides = []
        for s, side in enumerate(state.sides):
            open_ = s == seat or revealed
            sides.append(
                Side(
                    deck=(HIDDEN,) * len(side.deck),
                    hand=side.hand if open_ else (HIDDEN,) * len(side.hand),
                    discard=side.discard,
                    exchanged=side.exchanged if open_ else (HIDDEN,) * len(side.exchanged),
                )
            )
        log = visible_log(state.log, seat)
        return attrs.evolve(state, rng=None, sides=(sides[0], sides[1]), log=log)

    def outcome(self, state: GallicState) -> Outcome | None:
        """The reason in the current language, not the English one the log keeps."""
        if state.phase != OVER:
            return None
        return decide(state.battles, state.battles_to_play, state.streak_to_win, shown=True)

    def progress(self, state: GallicState) -> str:
        rome, gauls = wins(state)
        result = self.outcome(state)
        if result is None:
            return _("Battle {number}/{battles} · Rome {rome}, Gauls {gauls}").format(
                number=number(state.number),
                battles=number(state.battles_to_play),
                rome=number(rome),
                gauls=number(gauls),
            )
        fought = len(state.battles)
        if result.is_draw:
            said = ngettext(
                "Draw after {count} battle, Rome {rome}, Gauls {gauls}",
                "Draw after {count} battles, Rome {rome}, Gauls {gauls}",
                fought,
            )
        elif result.winners[0] == ROME:
            said = ngettext(
                "Rome won after {count} battle, Rome {rome}, Gauls {gauls}",
                "Rome won after {count} battles, Rome {rome}, Gauls {gauls}",
                fought,
            )
        else:
            said = ngettext(
                "Gauls won after {count} battle, Rome {rome}, Gauls {gauls}",
                "Gauls won after {count} battles, Rome {rome}, Gauls {gauls}",
                fought,
            )
        return said.format(count=number(fought), rome=number(rome), gauls=number(gauls))

    def chapter(self, state: GallicState) -> str:
        """A replay steps a battle at a time: the exchange, the reveal and the next deal."""
        return _("Battle {number}").format(number=number(state.number))

    def rules_markdown(self) -> str:
        return rules_text("engine.gallic")


GALLIC = GallicGame()
