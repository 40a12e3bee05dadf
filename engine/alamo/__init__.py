"""El Álamo: the 1836 siege as a two-player card duel, or the Texan solitaire against the dice."""
