"""Options of Seize Rome (defaults first); docs/seize-rome.md tells what each one does."""

from __future__ import annotations

import dataclasses

from ...core.options import choice

_SEATS = ("random", "0", "1", "2", "3")
_TO_WIN = ("auto",) + tuple(str(i) for i in range(1, 9))


@dataclasses.dataclass(frozen=True)
class Options:
    players: int = choice(2, (2, 3, 4), "number of players (S3)")
    regions: int = choice(5, (5, 3, 4, 6, 7, 8), "regions in play, the first N colours (S1)")
    wilds: int = choice(6, (6,) + tuple(i for i in range(13) if i != 6), "wild cards in the deck (S2)")
    wild_value: int = choice(1, (1, 2, 3, 4, 5, 6), "what a wild card counts (S2)")
    first_player: str = choice("random", _SEATS, "who plays first: random (seeded) or a seat (S5)", seat=True)
    round_starter: str = choice("fixed", ("fixed", "rotate"), "the first player starts every round, or it rotates (S5)")
    voluntary_pass: str = choice("false", ("false", "true"), "may a player pass while the pile has cards (S6)")
    deck_out_ends_round: str = choice("true", ("true", "false"), "a draw of the last pile card ends the round (S8)")
    control: str = choice("persistent", ("persistent", "per-round"), "control lasts, or is won anew each round (S11)")
    tie: str = choice("clear", ("clear", "keep"), "a tie for the highest strength clears or keeps control (S11)")
    played_cards: str = choice("bottom", ("bottom", "discard"), "played cards go under the pile, or out (S13)")
    regions_to_win: str = choice("auto", _TO_WIN, "regions a player must control to win (S14)")
    exhaustion: str = choice("draw", ("draw", "most-regions"), "result when the pile runs out (S15)")
    max_rounds: int = choice(30, (30, 10, 20, 50, 100), "rounds before the game ends as when the pile runs out (S16)")
