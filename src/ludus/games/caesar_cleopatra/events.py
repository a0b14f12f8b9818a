"""What happens in Caesar & Cleopatra, as events that know who may see them.

Card fields use the names of cards.py ("3", "P", "spy"); a hidden field is None in the copy
other seats get.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.events import Event, PrivateEvent, redact


@dataclass(frozen=True)
class ActionCardArranged(PrivateEvent):
    card: str | None = None

    def public(self):
        return redact(self, card=None)

    def reveals(self):
        return False   # the order goes on the owner's own pile, unseen


@dataclass(frozen=True)
class OpeningCardPlaced(PrivateEvent):
    group: str = ""
    value: str | None = None

    def public(self):
        return redact(self, value=None)

    def reveals(self):
        return False   # face down


@dataclass(frozen=True)
class InfluencePlaced(PrivateEvent):
    group: str = ""
    value: str | None = None
    face_up: bool = False

    def public(self):
        return self if self.face_up else redact(self, value=None)

    def reveals(self):
        return self.face_up


@dataclass(frozen=True)
class CardDrawn(PrivateEvent):
    pile: str = ""
    card: str | None = None

    def public(self):
        return redact(self, card=None)


@dataclass(frozen=True)
class ActionCardPlayed(Event):
    player: int
    card: str
    target: str  # the target in words, e.g. "4 at praetors", "" for Spy


@dataclass(frozen=True)
class ActionAnswered(Event):
    player: int
    vetoed: bool

    def reveals(self):
        return self.vetoed   # the Veto comes from a hand


@dataclass(frozen=True)
class HandSpied(PrivateEvent):
    """The Spy's player (``player``) saw the opponent's (``owner``) hand."""

    owner: int = 0
    hand: tuple | None = None

    def seen_by(self, player):
        return self if player in (self.player, self.owner) else redact(self, hand=None)


@dataclass(frozen=True)
class CardDiscarded(Event):
    player: int
    card: str
    reason: str  # "passive", "spy"


@dataclass(frozen=True)
class CardsRevealed(Event):
    player: int
    group: str
    values: tuple
    reason: str  # "scout"


@dataclass(frozen=True)
class InfluenceRemoved(Event):
    player: int
    group: str
    values: tuple
    reason: str  # "assassin", "wrath", "exhausted"


@dataclass(frozen=True)
class CastlingTaken(Event):
    player: int
    groups: tuple
    count: int

    def reveals(self):
        return False   # the player's own cards, counted


@dataclass(frozen=True)
class CastlingPlaced(PrivateEvent):
    group: str = ""
    value: str | None = None

    def public(self):
        return redact(self, value=None)

    def reveals(self):
        return False   # face down


@dataclass(frozen=True)
class VoteHeld(Event):
    group: str
    cards: tuple  # per seat, the values at the group when revealed
    sums: tuple
    winner: int | None  # None on a tie
    philosopher: bool  # the result was reversed
    discarded: tuple  # per seat, the values discarded
    exceptional: bool


@dataclass(frozen=True)
class VoCFlipped(Event):
    card: str


@dataclass(frozen=True)
class VoCReshuffled(Event):
    deck_size: int


@dataclass(frozen=True)
class BustDrawn(Event):
    """2024 (N5): the active ``player`` drew ``bust`` from the bag (a colour, grey or black)."""

    player: int
    bust: str

    def reveals(self):
        return False   # a chance event, not a hidden card shown (the bag has no order)


@dataclass(frozen=True)
class BustsReturned(Event):
    """2024 (N5): the black bust sent every drawn bust back; the bag now holds ``bag_size``."""

    bag_size: int

    def reveals(self):
        return False


@dataclass(frozen=True)
class GroupExhausted(Event):
    group: str
    bust: str | None = None  # 2024 (N6): the group's bust, which leaves the game with it

    def to_dict(self) -> dict:
        d = super().to_dict()
        if d["bust"] is None:   # the classic edition has no bust: keep its records unchanged
            del d["bust"]
        return d


@dataclass(frozen=True)
class PassiveTurn(Event):
    player: int
    exchanged: int

    def reveals(self):
        return False


@dataclass(frozen=True)
class GameOver(Event):
    reason: str
    scores: tuple
    winner: int | None


@dataclass(frozen=True)
class VoteRevealed(Event):
    """C19: the cards at a group with 8 are revealed for an exceptional vote; the active
    player may play an action card before the count (then ``VoteHeld``)."""

    group: str
    cards: tuple  # per seat, the values at the group


@dataclass(frozen=True)
class NoPlacement(Event):
    """C14: the action card meant to make room was vetoed; ``player`` places nothing and the
    turn goes on."""

    player: int

    def reveals(self):
        return False
