"""Mates Hostiles: real tournament checkmates as cards, for 2–4 players or solved alone."""
