"""La Guerra Gallica: Rome vs the Gauls, card battles over at most 8 turns."""
