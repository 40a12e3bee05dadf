"""The Textual app: thin screens and widgets that render engine views."""

from engine import __version__

__all__ = ["__version__"]
