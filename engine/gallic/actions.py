"""The two things a Gallic player ever does."""

from __future__ import annotations

import attrs


@attrs.frozen
class Discard:
    """Put these hand cards (ids, at most 4, possibly none) face down and draw as many."""

    cards: tuple[int, ...] = ()


@attrs.frozen
class Continue:
    """Done looking at the reveal: clear the table and start the next battle."""


GallicAction = Discard | Continue
