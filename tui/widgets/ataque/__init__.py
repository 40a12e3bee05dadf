"""Ataque's drawing, a module for each thing the screen shows: the map is
``tui.widgets.world_map``; here the territory table, the continents, the side panel under the
map, the prompt, the log and the choice dialogs, and the words they share."""
