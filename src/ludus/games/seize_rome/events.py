"""What happens in Seize Rome, as events that know who may see them."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.events import Event, PrivateEvent, redact


@dataclass(frozen=True)
class CardPlayed(PrivateEvent):
    region: str = ""
    card: str | None = None

    def public(self):
        return redact(self, card=None)

    def reveals(self):
        return False   # face down


@dataclass(frozen=True)
class CardDrawn(PrivateEvent):
    card: str | None = None
    bonus: bool = False

    def public(self):
        return redact(self, card=None)


@dataclass(frozen=True)
class Passed(Event):
    player: int

    def reveals(self):
        return False


@dataclass(frozen=True)
class RegionRevealed(Event):
    region: str
    cards: tuple       # per seat, the card names played there this round
    strengths: tuple   # per seat
    winner: int | None
    controller: int | None


@dataclass(frozen=True)
class CardsReturned(Event):
    count: int
    where: str   # "bottom" of the pile or "discard"


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int
    controlled: tuple  # regions controlled per seat


@dataclass(frozen=True)
class GameOver(Event):
    reason: str
    returns: tuple
