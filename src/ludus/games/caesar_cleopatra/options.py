"""Options of Caesar & Cleopatra, as docs/caesar-cleopatra.md lists them (defaults first)."""

from __future__ import annotations

import dataclasses

from ...core.options import choice


@dataclasses.dataclass(frozen=True)
class Options:
    edition: str = choice("classic", ("classic", "2024"),
                          "classic (1997) or 2024 (bust bag)")
    orgies: int = choice(3, (3, 2),
                         "Orgy cards in the Vote of Confidence deck (C4); 2 is the rule book's variant")
    action_deck: str = choice("arranged", ("arranged", "shuffled"),
                              "players order their action pile, or shuffle it (C8)")
    wrath: str = choice("all", ("all", "face-up"),
                        "Wrath of the Gods discards all cards, or face-up only (C27)")
    philosopher: str = choice("any", ("any", "difference"),
                              "any P reverses the vote, or only unequal P counts (C30.3)")
    majority: str = choice("rulebook", ("rulebook", "half"),
                           "group points: the rule book's wording (majority once a group is all "
                           "awarded), or more than half of the group at any time (C32)")
    stalemate_turns: int = choice(4, (4, 2, 6, 8),
                                 "pure passes in a row (passive turns exchanging no card) that end the game (C22)")
    discard_by: str = choice("outcome", ("outcome", "totals"),
                             "2024 vote discards by winner/loser or by sums (N8)")
