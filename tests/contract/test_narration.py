"""Every event of every game narrates: a face (the terminal, a browser) has words for whatever
happens, as each seat sees it — plain words with a style tag (``ludus.core.narration.Line``).
The events come from random games of several option sets, and a game's rarer events (a vetoed
opener that leaves no room) are built by hand."""

from __future__ import annotations

import importlib
import inspect
import random

import ludus
from ludus.core.events import Event
from ludus.core.narration import Line
from ludus.games.caesar_cleopatra.events import NoPlacement

OPTION_SETS = {
    "caesar-cleopatra": [{}, {"edition": "2024"}, {"wrath": "face-up"}],
    "claim": [{}, {"players": 3}, {"players": 4}],
    "seize-rome": [{}, {"players": 3, "voluntary_pass": "true"}, {"played_cards": "discard"}],
}
RARE = {"caesar-cleopatra": [NoPlacement(0)]}


def _event_classes(game_id: str) -> set[type]:
    module = importlib.import_module("ludus.games." + game_id.replace("-", "_") + ".events")
    return {c for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, Event) and c.__module__ == module.__name__}


def test_every_event_of_every_game_narrates(game_id):
    assert set(OPTION_SETS) == set(ludus.game_ids()), "a new game needs its option sets here"
    met: dict[type, list] = {}
    for options in OPTION_SETS[game_id]:
        game = ludus.make(game_id, **options)
        for seed in range(12):
            state, rng = game.new_state(seed=seed), random.Random(seed)
            while not state.is_terminal:
                for event in state.apply(rng.choice(state.legal_actions())):
                    met.setdefault(type(event), []).append((game, event))
    for event in RARE.get(game_id, []):
        met.setdefault(type(event), []).append((ludus.make(game_id), event))
    missing = _event_classes(game_id) - set(met)
    assert not missing, f"never met, add them to RARE: {sorted(c.__name__ for c in missing)}"
    for cls, instances in met.items():
        for game, event in instances[:50]:
            viewers = [*range(game.num_players), None]
            words = [game.parts.terminal.narrate(seen, v) for v in viewers if (seen := event.seen_by(v)) is not None]
            assert any(words), f"{cls.__name__} has no words for any seat: {event}"
            for line in filter(None, words):   # data, the same words for every face: no markup
                assert isinstance(line, Line) and line.text and "[/" not in line.text, line
