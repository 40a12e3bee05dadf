"""Ataque: world conquest for 3–6 players with secret objectives, dice battles and cards."""
