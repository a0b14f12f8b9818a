"""Options of Claim, spelled as in rules/claim.md (defaults first)."""

from __future__ import annotations

import dataclasses

from ...core.errors import OptionError
from ...core.options import choice
from .cards import normalize_factions


def _seat(value) -> str:
    text = str(value).strip().lower()
    if text in ("0", "1", "2", "3", "random"):
        return text
    raise OptionError(f"first_leader={value!r} is not accepted; first_leader takes random, 0, 1, 2 or 3")


@dataclasses.dataclass(frozen=True)
class Options:
    players: int = choice(2, (2, 3, 4), "number of players; 4 play in two teams, partners opposite (K6)")
    factions: str = choice("default", ("default", "claim2", "claim"),
                           "deck: default, claim2, claim, or a list such as knights,goblins,dragons,"
                           "trolls,seers (one pair + 3 singles, or + 5 with 3-4 players) (K5)",
                           accept=normalize_factions)
    first_leader: str = choice("random", ("random", "0", "1", "2", "3"),
                               "who leads the first trick: random (seeded) or a seat (K8)", accept=_seat)
    troll_pick: str = choice("highest", ("highest", "oldest"),
                             "which waiting or played Troll the trick winner takes (K27)")
    dragon: str = choice("last-card", ("last-card", "last-dragon"),
                         "a Dragon as the trick's last card leads next, or the last Dragon played (K21)")
