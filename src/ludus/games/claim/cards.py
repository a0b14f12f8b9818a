"""The factions and cards of Claim and Claim 2 (K1-K4).

A card *type* is ``faction * 10 + value`` (an int below 100): equal cards are interchangeable
(K1), so hands and piles are lists of types and actions name a type.
"""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.notation import named, prefix_matches

GOBLINS, KNIGHTS, UNDEAD, DWARVES, DOPPELGANGERS, GNOMES, GIANTS, DRAGONS, TROLLS, SEERS = range(10)
FACTIONS = ("goblins", "knights", "undead", "dwarves", "doppelgangers",
            "gnomes", "giants", "dragons", "trolls", "seers")

# K2, K3: the values of each faction's cards.
FACTION_VALUES = {
    GOBLINS: (0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    KNIGHTS: (2, 3, 4, 5, 6, 7, 8, 9),
    UNDEAD: tuple(range(10)),
    DWARVES: tuple(range(10)),
    DOPPELGANGERS: tuple(range(10)),
    GNOMES: (1, 1, 1, 3, 3, 3, 5, 5, 5, 7, 7, 7, 9),
    GIANTS: (1, 1, 3, 3, 5, 5, 7, 7, 9),
    DRAGONS: tuple(range(10)),
    TROLLS: tuple(range(10)),
    SEERS: tuple(range(10)),
}

PAIRS = ((KNIGHTS, GOBLINS), (GNOMES, GIANTS))                                        # K4
SINGLES = (UNDEAD, DWARVES, DOPPELGANGERS, DRAGONS, TROLLS, SEERS)
CLAIM = (GOBLINS, KNIGHTS, UNDEAD, DWARVES, DOPPELGANGERS)
CLAIM2 = (GNOMES, GIANTS, DRAGONS, TROLLS, SEERS)
DEFAULT_MANY = (GNOMES, GIANTS, DRAGONS, TROLLS, UNDEAD, DWARVES, DOPPELGANGERS)      # K5

DEAL = {2: 13, 3: 12, 4: 9}                                                          # K7
PRIZES = {2: 1, 3: 2, 4: 2}                                                          # K9
TEAMS = ((0, 2), (1, 3))           # K6: with 4 players, partners sit opposite


def faction(card: int) -> int:
    return card // 10


def value(card: int) -> int:
    return card % 10


# Every card's name, looked up rather than formatted: observations name hundreds of cards.
NAMES = tuple(f"{FACTIONS[c // 10]} {c % 10}" for c in range(100))


def card_name(card: int) -> str:
    return NAMES[card]


SINGULAR = tuple(name[:-3] + "f" if name.endswith("ves") else name.rstrip("s") for name in FACTIONS)


def faction_named(word: str) -> int | None:
    """The faction a word names (plural, singular or a unique prefix, any case); None if none."""
    hits = prefix_matches(word, FACTIONS, SINGULAR)
    return hits[0] if len(hits) == 1 else None


def faction_word(word: str, error=OptionError) -> int:
    """``faction_named``, refusing a word that names no faction or several with ``error``."""
    return named(word, FACTIONS, "faction", error=error, aliases=SINGULAR)


def normalize_factions(value) -> str:
    """Accept a list or a comma-separated string of faction names; canonical sorted string."""
    hint = ("factions takes default, claim2, claim or a list of factions such as "
            "knights,goblins,dragons,trolls,seers")
    if isinstance(value, str) and value.strip().lower() in ("default", "claim", "claim2"):
        return value.strip().lower()
    if isinstance(value, str):
        words = value.split(",")
    elif isinstance(value, (list, tuple)):
        words = list(value)
    else:
        words = []
    try:
        chosen = sorted({faction_word(str(w)) for w in words})
    except OptionError as e:
        raise OptionError(f"factions={value!r} is not accepted: {e}; {hint}") from None
    if not chosen or len(chosen) != len(words):
        raise OptionError(f"factions={value!r} is not accepted (empty, or a faction twice); {hint}")
    return ",".join(FACTIONS[f] for f in chosen)


def deck_factions(spec: str, players: int) -> tuple[int, ...]:
    """The factions of the deck for an option value (K5); any other combination is refused."""
    if spec == "default":
        chosen = CLAIM2 if players == 2 else DEFAULT_MANY
    elif spec == "claim":
        chosen = CLAIM
    elif spec == "claim2":
        chosen = CLAIM2
    else:
        chosen = tuple(faction_word(w) for w in spec.split(","))
    chosen = tuple(sorted(chosen))
    singles = 3 if players == 2 else 5
    pairs_in = [pair for pair in PAIRS if set(pair) <= set(chosen)]
    halves = [pair for pair in PAIRS if len(set(pair) & set(chosen)) == 1]
    n_singles = sum(1 for f in chosen if f in SINGLES)
    if len(pairs_in) != 1 or halves or n_singles != singles:
        raise OptionError(
            f"factions {','.join(FACTIONS[f] for f in chosen)} cannot make a {players}-player deck: "
            f"a deck is exactly one pair (knights+goblins or gnomes+giants) plus {singles} of the "
            f"singles undead, dwarves, doppelgangers, dragons, trolls, seers"
            + (" (claim and claim2 are 2-player decks; with 3-4 players use default or a 7-faction list)"
               if players > 2 and spec in ("claim", "claim2") else ""))
    return chosen


def build_deck(factions: tuple[int, ...]) -> list[int]:
    """Every card of the deck as types, in a fixed order."""
    return [f * 10 + v for f in factions for v in FACTION_VALUES[f]]
