"""What a screen asks the app for when the player goes somewhere else.

Screens never import the app, the CLI or another screen's module to navigate (the import test
in ``tests/engine/test_import_circles.py`` says so): they post one of these messages, which
bubble up to ``BatallasApp``, and the app opens what was asked for. Each is named after what
the player asked for.
"""

from __future__ import annotations

from textual.message import Message


class OpenGame(Message):
    """Play ``session`` (a new game, a campaign's game): it replaces any game on screen."""

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session


class ResumeGame(Message):
    """Open the save ``name``; ``takeover``: from another session that holds it."""

    def __init__(self, name: str, takeover: bool = False) -> None:
        super().__init__()
        self.name = name
        self.takeover = takeover


class OpenTable(Message):
    """Sit down at the shared table ``name``."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class OpenReplay(Message):
    """Step through a finished game (a ``saves.replay.ReplaySession``)."""

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session


class OpenReview(Message):
    """The review of a finished game (``record``, a ``saves.record.SaveRecord``)."""

    def __init__(self, record) -> None:
        super().__init__()
        self.record = record


class NextCampaignGame(Message):
    """Go on with the campaign ``name``: its unfinished game, else its next one."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class OpenCampaignHistory(Message):
    """The games of the campaign ``name``, played and to come."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class NewCampaign(Message):
    """Set up a new campaign."""


class OpenCampaigns(Message):
    """The campaigns and every saved game."""


class OpenRecords(Message):
    """Games won and lost."""


class OpenRatings(Message):
    """Each player's rating per game."""


class OpenWatch(Message):
    """The live tables to watch."""


class NewGame(Message):
    """Set up a new game of ``game``, or of a game the player picks first (``game`` None)."""

    def __init__(self, game=None) -> None:
        super().__init__()
        self.game = game


class OpenRules(Message):
    """The rules of ``game``, or of a game the player picks first (``game`` None)."""

    def __init__(self, game=None) -> None:
        super().__init__()
        self.game = game


class OpenLessons(Message):
    """The first lessons: the player picks the game to learn."""


class OpenLesson(Message):
    """Play the first lesson of the game ``game_id``."""

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
