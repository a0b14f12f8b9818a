"""Claim's tensors. A card is a slot ``i * 10 + value`` where ``i`` is its faction's place among
the deck's factions (the factions option): 50 slots with 5 factions, 70 with 7."""

from __future__ import annotations

from ..games.claim.cards import DEAL, FACTIONS, card_name
from ..games.claim.notation import SMASH_OF
from ..games.claim.phases import STEP_NAMES
from .encoding import Encoder, Layout


class ClaimEncoder(Encoder):
    # 2: a smash's id names its target seat-relative (201 + the target as seen from the learner)
    version = 2

    def __init__(self, game):
        self.smash = game.action_id(SMASH_OF[0])     # "smash seat 0"; seat q's is smash + q
        self.factions = game.deck_factions
        self.slots = 10 * len(self.factions)
        self.slot = {card_name(f * 10 + v): i * 10 + v for i, f in enumerate(self.factions) for v in range(10)}
        self.faction_slot = {FACTIONS[f]: i for i, f in enumerate(self.factions)}
        copies = [0] * self.slots
        for card in game.deck_cards:
            copies[self.faction_slot[FACTIONS[card // 10]] * 10 + card % 10] += 1
        self.copies = [max(k, 1) for k in copies]     # a count's bound (1 where the deck has none)
        self.deck = len(game.deck_cards)
        super().__init__(game)

    def env_id(self, action_id: int, seat: int) -> int:
        target = action_id - self.smash
        return self.smash + self.rel(seat, target) if 0 <= target < self.n else action_id

    def engine_id(self, env_id: int, seat: int) -> int:
        k = env_id - self.smash
        return self.smash + (seat + k) % self.n if 0 <= k < self.n else env_id

    def reads_policies_of(self, version: int, options: dict) -> bool:
        """Version 1 numbered a smash's target absolutely; with two players a Giant has one
        opponent to smash (a forced move), so a 2-player policy of version 1 plays the same."""
        return version == self.version or (version == 1 and options.get("players", 2) == 2)

    def _observation_fields(self, lay: Layout) -> None:
        n, c, f, cards, deck = self.n, self.slots, len(self.factions), self.copies, self.deck
        lay.add("hand", c, high=cards, doc="your hand, cards per slot")
        lay.add("follower_pile", c, high=cards, doc="your follower pile (phase 1), cards per slot")
        lay.add("hand_size", n, high=deck, doc="per seat: cards in hand")
        lay.add("follower_pile_size", n, high=deck, doc="per seat: cards in the follower pile")
        lay.add("score_pile", n, c, high=cards, doc="per seat: its score pile")
        lay.add("gnome_area", n, c, high=cards, doc="per seat: its Gnome area")
        lay.add("known_cards", n, c, high=cards, doc="per seat: cards everyone knows it holds")
        lay.add("seen_by_your_seer", n, c, high=cards, doc="per seat: cards your Seer saw it take, still held")
        lay.add("lacks", n, f, doc="per seat: factions it showed it lacks this phase")
        lay.add("taken_under_a_seer", n, n, high=deck,
                doc="per seat: deck cards it took while each seat's Seer looked (by the Seer's seat)")
        lay.add("phase", 2, doc="phase 1 or 2, one-hot")
        lay.add("step", len(STEP_NAMES), doc="the decision due: " + ", ".join(STEP_NAMES))
        lay.add("to_move", n, doc="the seat to move, one-hot (none once over)")
        lay.add("leader", n, doc="the seat that led this trick")
        lay.add("trick", n, c, doc="per seat: the card it played to this trick")
        lay.add("led_faction", f, doc="the faction led, one-hot")
        lay.add("prizes", c, high=cards, doc="face-up prizes")
        lay.add("deck_size", 1, high=deck, doc="cards left in the deck")
        lay.add("tricks_done", 1, high=2 * DEAL[self.n], doc="tricks played so far, both phases")
        lay.add("trolls_waiting", c, high=cards, doc="Trolls set aside for the next trick")
        lay.add("discard", c, high=cards, doc="the discard pile")
        lay.add("removed", c, high=cards, doc="cards out of the game (smashed Gnomes)")
        lay.add("last_trick", n, c, doc="per seat: its card in the last trick")
        lay.add("last_ranking", n, n, doc="per seat: its place in the last trick, one-hot")
        lay.add("next_leader", n, doc="the seat that leads the next trick")
        lay.add("smash_values", 10, doc="the Gnome values a Giant may smash now")
        lay.add("seer_sees", c, doc="the deck card your Seer looks at")
        lay.add("over", 1, doc="the game is over")

    def _encode(self, o: dict, seat: int, v: list) -> None:
        lay, slot, rel = self.observation_layout, self.slot, self.rel

        def count(name, names, *head):
            for card in names:
                v[lay[name].at(*head, slot[card])] += 1

        count("hand", o["seats"][seat]["hand"])
        count("follower_pile", o["seats"][seat]["follower_pile"])
        for q, s in enumerate(o["seats"]):
            r = rel(seat, q)
            v[lay["hand_size"].at(r)] = s["hand_size"]
            v[lay["follower_pile_size"].at(r)] = s["follower_pile_size"]
            count("score_pile", s["score_pile"], r)
            count("gnome_area", s["gnome_area"], r)
            count("known_cards", s["known_cards"], r)
            count("seen_by_your_seer", s.get("seen_by_your_seer", ()), r)
            for name in s["lacks"]:
                if name in self.faction_slot:
                    v[lay["lacks"].at(r, self.faction_slot[name])] = 1
            for look in s.get("taken_under_a_seer", ()):
                v[lay["taken_under_a_seer"].at(r, rel(seat, look["seer"]))] = look["cards"]
        v[lay["phase"].at(o["phase"] - 1)] = 1
        v[lay["step"].at(STEP_NAMES.index(o["step"]))] = 1
        if o["to_move"] is not None:
            v[lay["to_move"].at(rel(seat, o["to_move"]))] = 1
        v[lay["leader"].at(rel(seat, o["leader"]))] = 1
        for play in o["trick"]:
            v[lay["trick"].at(rel(seat, play["seat"]), slot[play["card"]])] = 1
        if o["led_faction"] is not None:
            v[lay["led_faction"].at(self.faction_slot[o["led_faction"]])] = 1
        count("prizes", o["prizes"])
        v[lay["deck_size"].at(0)] = o["deck_size"]
        v[lay["tricks_done"].at(0)] = o["tricks_done"]
        count("trolls_waiting", o["trolls_waiting"])
        count("discard", o["discard"])
        count("removed", o["removed"])
        for play in o.get("last_trick", ()):
            v[lay["last_trick"].at(rel(seat, play["seat"]), slot[play["card"]])] = 1
        for place, q in enumerate(o.get("last_ranking", ())):
            v[lay["last_ranking"].at(rel(seat, q), place)] = 1
        if o.get("next_leader") is not None:
            v[lay["next_leader"].at(rel(seat, o["next_leader"]))] = 1
        for value in o.get("smash_values", ()):
            v[lay["smash_values"].at(value)] = 1
        if "seer_sees" in o:
            v[lay["seer_sees"].at(slot[o["seer_sees"]])] = 1
        v[lay["over"].at(0)] = float(o["over"])

    def _recall_fields(self, lay: Layout) -> None:
        n, c, cards = self.n, self.slots, self.copies
        lay.add("played", 2, n, c, high=cards, doc="per phase and seat: the cards it played to tricks")
        lay.add("went_to_followers", n, c, high=cards,
                doc="per seat: cards you saw go to its follower pile (prizes taken; deck cards you or your Seer saw)")

    def _recall_event(self, recall, event, rel) -> None:
        kind = type(event).__name__
        if kind == "CardPlayed":
            recall.bump("played", recall.memo.get("phase", 0), rel(event.player), self.slot[event.card])
        elif kind == "PhaseTwoBegins":
            recall.memo["phase"] = 1
        elif kind == "PrizeTaken" or (kind == "DeckCardTaken" and event.card is not None):
            recall.bump("went_to_followers", rel(event.player), self.slot[event.card])
