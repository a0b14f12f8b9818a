"""Options of Claim (defaults first); the rule ids are those of docs/claim.md."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...core.options import choice
from .cards import normalize_factions


@dataclasses.dataclass(frozen=True)
class Options:
    players: int = choice(2, (2, 3, 4), "number of players; 4 play in two teams, partners opposite (K6)")
    factions: str = choice("default", ("default", "claim2", "claim"),
                           "deck: default, claim2, claim, or a list such as knights,goblins,dragons,"
                           "trolls,seers (one pair + 3 singles, or + 5 with 3-4 players) (K5)",
                           accept=normalize_factions)
    first_leader: str = choice("random", ("random", "0", "1", "2", "3"),
                               "who leads the first trick: random (seeded) or a seat (K8)", seat=True)
    dragon: str = choice("last-card", ("last-card", "last-dragon"),
                         "a Dragon as the trick's last card leads next, or the last Dragon played (K21)")

    WITHDRAWN: ClassVar[dict[str, str]] = {
        "troll_pick": "its value oldest contradicted the rule book's own Troll example (Tommy leads "
                      "Troll 1, Willy follows with Troll 3 and wins: Willy collects Troll 3, Troll 1 "
                      "waits); the trick's winner always takes the highest of the trick's Trolls and "
                      "the waiting ones (K27)",
    }
