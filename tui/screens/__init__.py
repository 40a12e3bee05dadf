"""One screen per game, plus the menu, setup, campaigns, rules and small dialogs."""
