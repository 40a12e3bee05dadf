"""Widgets shared by the game screens: cards, hands, piles, logs, the status bar."""
