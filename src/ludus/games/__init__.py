"""One package per game: cards, rules (state), notation, views and the game's heuristic bot."""
