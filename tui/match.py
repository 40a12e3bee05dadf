"""The turn driver: everything a game screen decides that is not drawing, without Textual.

(Filled in step by step; see ``Match``.)
"""

from __future__ import annotations

import attrs

from saves.campaigns import campaigns_of
from saves.paths import visible
from tui.campaign_words import score_text
from tui.crash import log_crash


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
