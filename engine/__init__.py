"""Batallas rules engine: pure functions over frozen attrs states. No I/O, no UI."""

__version__ = "0.1.0"
