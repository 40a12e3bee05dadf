"""The translation hook the engine and the app share: ``_``, ``ngettext``, ``pgettext``, ``N_``.

The engine never reads a catalog (it does no I/O): until the app installs one
(``tui.language``), every message is its English msgid. Strings are looked up when they are
shown, never stored translated: log events are data, and a save made in one language reads
fully in another. ``N_`` only marks a string for extraction where it must be translated later
(option labels, a table of names), and ``number`` formats a count for the current locale.
"""

from __future__ import annotations

import datetime as dt
import gettext
from collections.abc import Callable

_catalog: gettext.NullTranslations = gettext.NullTranslations()
_number: Callable[[int | float], str] = str


def _iso_minute(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


_moment: Callable[[dt.datetime], str] = _iso_minute
_code = "en"
_installs = 0


def install(
    catalog: gettext.NullTranslations,
    code: str,
    number: Callable[[int | float], str] = str,
    moment: Callable[[dt.datetime], str] = _iso_minute,
) -> None:
    """Make ``catalog`` the current language (the app calls this at start and on a switch)."""
    global _catalog, _number, _moment, _code, _installs
    _catalog, _number, _moment, _code = catalog, number, moment, code
    _installs += 1


def generation() -> int:
    """A number that changes with every ``install``: a key for caches of translated text."""
    return _installs


def language() -> str:
    """The current language code: ``en``, ``es`` or ``it``."""
    return _code


def _(message: str) -> str:
    """``message`` in the current language."""
    return _catalog.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; ``_`` translates it where it is shown."""
    return message


def ngettext(one: str, many: str, count: int) -> str:
    """The singular or plural form for ``count``, by the current language's plural rule."""
    return _catalog.ngettext(one, many, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English word elsewhere."""
    return _catalog.pgettext(context, message)


def number(value: int | float) -> str:
    """A number as the current locale writes it ("1,500" / "1.500")."""
    return _number(value)


def moment(value: dt.datetime) -> str:
    """A date and time as the current language writes them everywhere on screen
    ("2025-12-31 18:05" / "31/12/2025 18:05"), so a save's title and its list agree."""
    return _moment(value)
