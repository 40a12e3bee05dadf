"""A campaign told in a line (its seats, its score and what comes next), for every screen
that lists campaigns and for a game's result. No Textual here: ``tui/match.py`` uses it too."""

from __future__ import annotations

from engine import registry
from engine.i18n import _
from saves.campaigns import KINDS, Status
from saves.record import level_name
from tui.language import when


def last_played_width() -> int:
    """The columns a "last played" time takes in the current language (``tui.language.when``
    writes day and month as digits: the 28th of December is as wide as any)."""
    return len(when("2025-12-28T22:58:00Z"))


def seat_text(status: Status) -> str:
    """ "Romans: Ana · Carthaginians: Strong bot (strong)"."""
    campaign = status.campaign
    kind = KINDS[campaign.kind]
    if kind.game_id is None:
        level = level_name(campaign.options["level"])
        return _("{name} against {level} bots").format(name=campaign.seats[0].name, level=level)
    labels = registry.get(kind.game_id).seat_labels(kind.players)
    return " · ".join(
        f"{label}: {seat.label()}" for label, seat in zip(labels, campaign.seats, strict=True)
    )


def score_text(status: Status) -> str:
    """The score and what comes next, or how it ended."""
    if status.standing.over:
        return status.standing.verdict
    return _("{score} · next: {next}").format(score=status.standing.score, next=status.next_text)
