"""What happens in Claim, as events that know who may see them. Cards are named "goblins 3"."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.events import Event, PrivateEvent, redact


@dataclass(frozen=True)
class PrizesRevealed(Event):
    cards: tuple


@dataclass(frozen=True)
class CardPlayed(Event):
    player: int
    card: str
    followed: bool  # False: the player showed they hold none of the led faction


@dataclass(frozen=True)
class TrickWon(Event):
    winner: int
    ranking: tuple  # seats, best first
    phase: int


@dataclass(frozen=True)
class PrizeTaken(Event):
    player: int
    card: str


@dataclass(frozen=True)
class DeckCardTaken(PrivateEvent):
    """``player`` took the top deck card; only they (and a Seer who looked at it) see which."""

    card: str | None = None
    seen_by_seer: int | None = None

    def seen_by(self, player):
        if player == self.player or (player is not None and player == self.seen_by_seer):
            return self
        return redact(self, card=None)


@dataclass(frozen=True)
class SeerLooked(PrivateEvent):
    card: str | None = None

    def public(self):
        return redact(self, card=None)


@dataclass(frozen=True)
class CardsCollected(Event):
    player: int
    cards: tuple
    where: str  # "score", or "gnomes" (the Gnome area, K25)


@dataclass(frozen=True)
class TrollsWaiting(Event):
    cards: tuple


@dataclass(frozen=True)
class TrollsDiscarded(Event):
    """Trolls still waiting when the game ends: they score for nobody (K27)."""
    cards: tuple


@dataclass(frozen=True)
class GnomeSmashed(Event):
    player: int
    victim: int
    value: int


@dataclass(frozen=True)
class PhaseTwoBegins(Event):
    leader: int


@dataclass(frozen=True)
class GameOver(Event):
    factions_won: tuple
    returns: tuple
