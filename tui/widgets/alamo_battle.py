"""El Álamo's battle rows: each row's label (the breakdown, the total, the outcome)."""

from __future__ import annotations

from rich.text import Text

from engine.alamo.data import MEXICANS
from engine.i18n import _


def breakdown(tally) -> str:
    """ "100 +20 ×2 +50": printed strength, bonuses, the DOUBLE, further DOUBLEs."""
    text = f"{tally.base}"
    if tally.bonus:
        text += f" +{tally.bonus}"
    if tally.doubles:
        text += " ×2" + (f" +{50 * (tally.doubles - 1)}" if tally.doubles > 1 else "")
    return text


def tally_text(label: str, tally, result: str = "", extra: str = "") -> Text:
    """A battle row's label: its name, the breakdown, the total, then the outcome."""
    text = Text(label, style="bold")
    if tally is not None:
        text.append(f"\n{breakdown(tally)}")
        text.append(f"\n= {tally.total}", style="bold")
    if extra:
        text.append(f"\n{extra}", style="dim")
    if result:
        text.append(f"\n{result}", style="bold")
    return text


def results(battle) -> tuple[str, str]:
    """What each battle row's label says of the outcome, once there is one."""
    if battle is None or not battle.resolved:
        return "", ""
    if battle.winner is None:
        return _("= tied"), _("= tied")
    if battle.difference == 0:  # an exact repel: the tie goes to the defender
        won, lost = _("✔ won on the tie"), _("✘ lost on the tie")
    else:
        won = _("✔ won by {difference}").format(difference=battle.difference)
        lost = _("✘ lost by {difference}").format(difference=battle.difference)
    return (won, lost) if battle.winner == MEXICANS else (lost, won)
