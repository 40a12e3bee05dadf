"""Batallas rules engine: pure functions over frozen attrs states. No I/O, no UI."""
