"""The Textual app: thin screens and widgets that render engine views."""

__version__ = "0.1.0"
