"""The turn driver: what a game screen decides that is not drawing, with no Textual here.

``Match`` holds one game in play (a ``Session`` at this terminal, a ``TableSession`` at a
shared table, a ``TableWatch`` for a spectator, or a replay) and says, after any change,
whose view is shown, whose hand-over is due, which bots to start, whether the result is due;
it keeps the bots' bookkeeping (which position each thinks about, their retries), what each
seat has seen since its last move, and the campaign's next step. ``GameScreen``
(``tui/screens/game.py``) observes it and draws; ``tests/tui/test_match.py`` plays through it
without a screen.
"""

from __future__ import annotations

import attrs

from engine.coach import Choice, Hint, percent
from engine.core import Outcome
from engine.i18n import _, ngettext
from engine.words import listing
from saves.campaigns import campaigns_of
from saves.outcomes import outcome_of, to_move_of
from saves.paths import visible
from saves.record import level_name, says_level
from saves.session import Session
from saves.store import SaveError
from saves.tables import TableSession, TableWatch, bot_seed
from tui.campaign_words import score_text
from tui.crash import log_crash
from tui.sides import side_wins

MAX_BOT_RETRIES = 3


@attrs.frozen
class CampaignStep:
    """What a game's result says of the campaign the game belongs to."""

    name: str
    line: str  # its title, kind and score, as shown (control characters escaped)
    has_next: bool


def campaign_step(store, save: str) -> CampaignStep | None:
    """The campaign whose latest game is ``save``: its score and whether a next game waits."""
    campaigns = campaigns_of(store)
    try:
        campaign = campaigns.of_save(save)
        if campaign is None:
            return None
        status = campaigns.status(campaign)
    except Exception:  # the result opens whatever the campaign file holds
        log_crash("reading the campaign of a finished game")
        return None
    line = visible(f"{campaign.title} · {campaign.kind_name}: {score_text(status)}")
    return CampaignStep(campaign.name, line, status.ready)


@attrs.frozen
class Turn:
    """What to do after a change: show ``viewer``'s view (None: the public one), unless
    ``hand_over`` names the seat whose player must take the terminal first; then start the
    bots of ``bots`` and, when it is due for the first time, show ``result``."""

    hand_over: int | None = None
    human_due: bool = False  # the viewer is a player here who must act now
    bots: tuple[int, ...] = ()
    result: Outcome | None = None


@attrs.frozen
class BotJob:
    """A bot to run off the UI thread: it sees only ``view``; its answer is for ``serial``."""

    bot: object
    view: object
    seat: int
    serial: int
    seed: str
    epoch: int = 0  # the takebacks made here before it started: a later one forgets it


@attrs.frozen
class HintJob:
    """The coach of game ``game_id`` to run off the UI thread for ``seat``, from its ``view``
    only; the seed is the game's and the move count's, so the same position always gets the
    same hint."""

    game_id: str
    view: object
    seat: int
    serial: int
    seed: str
    epoch: int = 0


@attrs.frozen
class TakenBack:
    """A takeback made: the first ``keep`` moves stay."""

    keep: int


def choice_words(choice: Choice) -> str:
    """A move the coach weighs, as one line: "exchange Galli and Tribù · 64%"."""
    if choice.value is None:
        return choice.text
    return f"{choice.text} · {percent(choice.value)}"


def hint_lines(hint: Hint, seat: str) -> list[str]:
    """A hint as plain lines (``batallas hint``): for whom, the best move, why, the next."""
    lines = [_("Hint for {seat}:").format(seat=seat), "  " + choice_words(hint.best)]
    if hint.why:
        lines.append("  " + hint.why)
    if hint.others:
        lines.append(_("Next:"))
        lines += ["  " + choice_words(choice) for choice in hint.others]
    return lines


def hint_seed(seed: int, serial: int, seat: int) -> str:
    """The coach's seed for a position: the expert bot's seed for that seat and move count
    (``bot_seed``), so asking again, after a reload or a takeback, gives the same hint."""
    return bot_seed(seed, serial, seat) + ":hint"


class Match:
    """One game in play, as this terminal takes part in it."""

    def __init__(self, session) -> None:
        self.session = session
        self.game = session.game
        self.seats = self.seats_now()
        self.at_table = isinstance(session, (TableSession, TableWatch))
        self.watching = isinstance(session, TableWatch)  # no seat: the public view, no moves
        humans = self.human_seats
        self.viewer = session.seat if self.at_table else humans[0] if humans else 0
        # The seat whose view is on screen; None until the first one, and after a moment every
        # player at this terminal watched together (a reveal), so the next view is handed over.
        self.shown_seat: int | None = None
        self.thinking: dict[int, int] = {}  # seat -> the move count its bot thinks about
        self.retries = 0
        self.result_shown = False
        self.skipping = False  # bots play without pauses until a human must act
        # seat -> (actions, log lines) just after that seat's last move, for "since then"
        self.last_move: dict[int, tuple[int, int]] = {}
        self.summarized = -1  # the action count whose summary was shown
        self.poll_error: str | None = None  # the last table read problem, said once
        self.epoch = 0  # takebacks made here: bots and hints started before one are dropped
        self.hinting: tuple[int, int] | None = None  # (epoch, move count) the coach thinks about

    # --- seats --------------------------------------------------------------------------------
    def seats_now(self) -> tuple:
        """The seats as the session holds them (at a table a bot may take one over, and its
        player claim it back); names as shown: a file may carry control characters in them."""
        return tuple(attrs.evolve(s, name=visible(s.name)) for s in self.session.record.seats)

    def outcome(self) -> Outcome | None:
        """The game's outcome, a resignation included (``saves.outcomes``)."""
        return outcome_of(self.game, self.session.record)

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def hot_seat(self) -> bool:
        """Several people share this terminal and each has secrets: views need hand-overs."""
        return not self.at_table and self.game.hidden_information and len(self.human_seats) > 1

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].kind == "human"

    def is_local(self, seat: int) -> bool:
        """A human playing at this terminal: at a table, only our own seat."""
        return self.is_human(seat) and (not self.at_table or seat == self.session.seat)

    def seat_label(self, seat: int) -> str:
        return self.game.seat_labels(len(self.seats))[seat]

    def seat_name(self, seat: int, with_label: bool = True) -> str:
        """ "Rome · Ana", "Gauls · Strong bot", "Gauls · Brennus (strong bot)"."""
        info = self.seats[seat]
        who = info.name
        if info.kind != "human":
            if not says_level(info.name, info.level or ""):
                level = level_name(info.level or "")
                who = _("{name} ({level} bot)").format(name=info.name, level=level)
        if not with_label:
            return who
        return f"{self.seat_label(seat)} · {who}"

    @property
    def read_only(self) -> bool:
        """A replay (``saves.replay.ReplaySession``): nothing is played, handed over or polled."""
        return getattr(self.session, "read_only", False)

    @property
    def my_turn(self) -> bool:
        if self.read_only:
            return False
        pending = to_move_of(self.game, self.session.record)
        return self.is_human(self.viewer) and self.viewer in pending

    def local_due(self) -> list[int]:
        """The players at this terminal who must act now."""
        return [s for s in to_move_of(self.game, self.session.record) if self.is_local(s)]

    def waiting_for(self) -> list[str]:
        """At a table, when only people at other terminals can move: their names."""
        if not self.at_table or self.my_turn:
            return []
        pending = to_move_of(self.game, self.session.record)
        return [self.seats[s].name for s in pending if self.is_human(s) and not self.is_local(s)]

    # --- the loop: after any change, decide who acts next -------------------------------------
    def watched_together(self, state, local: list[int]) -> bool:
        """Whether everyone at this terminal may be looking: no human here is due (the game
        is over, or bots play), or every human due gives the same single answer (Gallic's
        "next battle" after the reveal). Such a moment shows nobody's own view."""
        if len(local) < 2:
            return not local
        answers = {self.game.legal_actions(state, seat) for seat in local}
        return len(answers) == 1 and len(next(iter(answers))) == 1

    def advance(self, handing_over: bool = False) -> Turn | None:
        """Who acts next; None while a hand-over covers the table (the player's "ready"
        asks again)."""
        state = self.session.state
        if self.at_table:
            self.seats = self.seats_now()
        pending = to_move_of(self.game, self.session.record)
        human_pending = [s for s in pending if self.is_local(s)]
        if human_pending:
            self.skipping = False
        if self.hinting != (self.epoch, len(self.session.record.actions)):
            self.hinting = None  # the position moved on: the hint being worked out is dropped
        if handing_over:
            return None
        if self.hot_seat and self.watched_together(state, human_pending):
            self.viewer = None  # nobody's own view: the public one, said in the third person
        elif human_pending and self.viewer not in human_pending:
            self.viewer = human_pending[0]
        if self.hot_seat and self.viewer is not None and self.shown_seat != self.viewer:
            self.shown_seat = self.viewer  # drawn beneath the cover at once
            return Turn(hand_over=self.viewer)
        self.shown_seat = self.viewer
        # Bots are the players' clients' work, and stop once another session took the game.
        stopped = self.watching or self.session.conflict is not None
        bots = tuple(
            seat
            for seat in (() if stopped else pending)
            if not self.is_human(seat) and seat not in self.thinking
        )
        result = self.outcome()
        if result is not None and not self.result_shown:
            self.result_shown = True
        else:
            result = None
        return Turn(human_due=self.viewer in human_pending, bots=bots, result=result)

    # --- bots ---------------------------------------------------------------------------------
    def bot_job(self, seat: int) -> BotJob:
        """The bot of ``seat`` to run now, on the position as it stands."""
        serial = len(self.session.record.actions)
        self.thinking[seat] = serial
        bot = self.game.bots[self.seats[seat].level]
        seed = bot_seed(self.session.record.seed, serial, seat, self.retries)
        return BotJob(bot, self.session.view(seat), seat, serial, seed, self.epoch)

    def bot_answer_due(self, seat: int, serial: int, epoch: int | None = None) -> bool | None:
        """A bot answered for position ``serial``: True to play it, False to look again who
        acts (the seat is no longer due), None to drop it (stale, taken back, or the game is
        over)."""
        if self.thinking.get(seat) != serial or epoch not in (None, self.epoch):
            return None
        del self.thinking[seat]
        if self.outcome() is not None:
            return None
        return seat in to_move_of(self.game, self.session.record)

    def bot_refused(self) -> bool:
        """A bot's move was illegal (the position moved on while it thought): True to think
        again, False once it has tried too often."""
        self.retries += 1
        return self.retries <= MAX_BOT_RETRIES

    def forget_stale_bots(self) -> None:
        """Someone elsewhere moved: bots thinking about an older position are forgotten."""
        version = len(self.session.record.actions)
        self.thinking = {s: v for s, v in self.thinking.items() if v == version}

    def table_news(self) -> tuple[bool, str | None]:
        """At a shared table: whether someone elsewhere (or their client's bot) moved, and a
        problem reading the table when it is new (each is said once, not at every look)."""
        try:
            moved = self.session.refresh()
        except SaveError as err:
            new = err.reason if err.reason != self.poll_error else None
            self.poll_error = err.reason
            return False, new
        self.poll_error = None
        return moved, None

    # --- moves made -----------------------------------------------------------------------
    def moved(self, seat: int, bot: bool, log_length: int) -> None:
        """A move was made: a bot's retries start again; a player's "since your last move"
        starts here (``log_length`` lines of the log were shown)."""
        if bot:
            self.retries = 0
        else:
            self.last_move[seat] = (len(self.session.record.actions), log_length)

    def since_last_move(self, seat: int | None, log_length: int) -> int | None:
        """Where the log lines after ``seat``'s last move begin, if others moved since."""
        moved = self.last_move.get(seat)
        if moved is None:
            return None
        actions, lines = moved
        others = [s for s, _action in self.session.record.actions[actions:] if s != seat]
        return lines if others and lines <= log_length else None

    def summary_from(self, seat: int, log_length: int) -> int | None:
        """When a turn comes back after several moves by others: where the lines to sum up
        begin (said once per position), else None."""
        now = len(self.session.record.actions)
        moved = self.last_move.get(seat)
        if moved is None or self.summarized == now or now - moved[0] < 2:
            return None
        start = self.since_last_move(seat, log_length)
        if start is not None:
            self.summarized = now
        return start

    # --- the coach: hints and takebacks -------------------------------------------------------
    def solo_against_bots(self) -> str | None:
        """Why the coach may not help here (one sentence), or None: it helps one person
        playing bots or a solitaire at this terminal, never someone against other people."""
        if self.watching:
            return _("You are watching: the coach helps only the players of a game.")
        if self.at_table:
            return _("Not at a shared table: the coach would help one player against the others.")
        if self.read_only:
            return _("This is a replay: nothing can be played here.")
        if len(self.human_seats) > 1:
            return _("Not in hot seat: the coach would help one player against another.")
        if not self.human_seats:
            return _("Only bots play this game: there is nobody to help.")
        return None

    def hint_refusal(self) -> str | None:
        """Why no hint can be given now, or None."""
        refusal = self.solo_against_bots()
        if refusal is not None:
            return refusal
        if self.game.outcome(self.session.state) is not None:
            return _("The game is over: there is no move to hint.")
        if not self.my_turn:
            return _("Wait: it is not your turn.")
        return None

    def hint_job(self) -> HintJob:
        """The coach to run now for the player due, from their view only."""
        serial = len(self.session.record.actions)
        self.hinting = (self.epoch, serial)
        seed = hint_seed(self.session.record.seed, serial, self.viewer)
        view = self.session.view(self.viewer)
        return HintJob(self.game.id, view, self.viewer, serial, seed, self.epoch)

    def hint_due(self, job: HintJob) -> bool:
        """The coach answered: show it only if the position is still the one it was asked
        about (a move or a takeback since drops it)."""
        asked = (job.epoch, job.serial)
        if self.hinting != asked:
            return False
        self.hinting = None
        return asked == (self.epoch, len(self.session.record.actions)) and self.my_turn

    def previous_decision(self) -> int | None:
        """The move count just before the player's last decision (None: they made none)."""
        (player,) = self.human_seats
        actions = self.session.record.actions
        return next((i for i in reversed(range(len(actions))) if actions[i][0] == player), None)

    def take_back(self) -> TakenBack | str:
        """Back to just before the player's previous decision, the bots' replies after it
        gone too; or why not (one sentence). Allowed after the end as well: the result goes
        and play resumes. Bots thinking and a hint being worked out are forgotten. The save is
        written at once; ``SaveError`` (a conflict included) comes from the session."""
        refusal = self.solo_against_bots()
        if refusal is not None:
            return refusal
        keep = self.previous_decision()
        if keep is None:
            return _("This is your first decision: there is nothing to take back.")
        self.epoch += 1
        self.thinking = {}
        self.hinting = None
        self.retries = 0
        self.skipping = False
        self.result_shown = False
        self.last_move = {s: m for s, m in self.last_move.items() if m[0] <= keep}
        self.summarized = -1
        self.session.take_back(keep)
        return TakenBack(keep)

    # --- the end ------------------------------------------------------------------------------
    def result_words(self, outcome: Outcome) -> tuple[str, str]:
        """Headline and details of the result, as plain text (names as typed)."""
        reason = outcome.reason
        if outcome.is_draw:
            return _("A draw."), reason
        if not outcome.winners:
            return _("Defeat."), reason  # a lost solitaire: nobody won, its player lost
        if len(outcome.winners) == 1:
            (seat,) = outcome.winners
            agreeing = side_wins(self.seat_label(seat), self.seat_name(seat, with_label=False))
            if agreeing:
                return agreeing, reason
        names = listing(self.seat_name(s) for s in outcome.winners)
        # English says "wins" of a winning side however many seats it has; other languages
        # may agree the verb with the number of winners.
        won = ngettext("{names} wins!", "{names} wins!", len(outcome.winners))
        return won.format(names=names), reason

    def campaign_step(self, store) -> CampaignStep | None:
        """The campaign whose latest game this is, if any (only a save can be one)."""
        if not isinstance(self.session, Session):
            return None
        return campaign_step(store, self.session.name)
