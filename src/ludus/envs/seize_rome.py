"""Seize Rome's tensors. A card is a slot: ``colour * 6 + value - 1`` for the coloured cards of
the regions in play (the regions option: 6 per region), then one slot for the wild cards."""

from __future__ import annotations

from ..games.seize_rome.cards import COLOURS, card_name
from .encoding import Encoder, Layout, spread_pools


class SeizeRomeEncoder(Encoder):
    version = 2     # 2: next_layer is the nearest revealed layer (version 1 put the one beneath it there)

    def __init__(self, game):
        o = game.options
        self.regions = o.regions
        self.wild = 6 * o.regions
        self.slots = self.wild + 1
        self.slot = {card_name(c): c for c in range(self.wild)} | {"wild": self.wild}
        self.copies = [1] * self.wild + [max(o.wilds, 1)]   # a count's bound
        self.deck = self.wild + o.wilds
        self.colour = {COLOURS[r]: r for r in range(o.regions)}
        self.strongest = 21 + o.wilds * o.wild_value          # every card of a region and every wild
        self.rounds = o.max_rounds
        super().__init__(game)

    def _observation_fields(self, lay: Layout) -> None:
        n, t, r, cards, deck = self.n, self.slots, self.regions, self.copies, self.deck
        lay.add("hand", t, high=cards, doc="your hand, cards per slot")
        lay.add("controller", r, n + 1, doc="per region: the seat that controls it, or (last) nobody")
        lay.add("face_down", r, n, high=deck, doc="per region and seat: its face-down cards there")
        lay.add("yours_face_down", t, high=cards, doc="your face-down cards on the board")
        lay.add("your_wilds", r, high=cards[-1], doc="per region: your face-down wilds there")
        lay.add("regions_to_win", 1, high=r, doc="regions a seat must control to win")
        lay.add("controlled", n, high=r, doc="per seat: regions it controls")
        lay.add("round", 1, high=self.rounds, doc="the round number")
        lay.add("starter", n, doc="the seat that started this round")
        lay.add("turns_without_play", 1, high=n, doc="turns in a row without a play (n end the round)")
        lay.add("to_move", n, doc="the seat to move, one-hot (none once over)")
        lay.add("hand_sizes", n, high=deck, doc="per seat: cards in hand")
        lay.add("bonus_cards_drawn", n, high=self.long, doc="per seat: its bonus draws so far")
        lay.add("pile", 3, high=deck, doc="the pile: its size, cards never seen on top, revealed cards below")
        lay.add("next_layer", t, high=cards,
                doc="the revealed layer nearest the top, beneath the unseen cards, as laid (some may be drawn)")
        lay.add("deeper_layers", t, high=cards, doc="the revealed layers beneath it")
        lay.add("layers_beneath", 1, high=self.rounds, doc="how many revealed layers wait beneath")
        lay.add("discard", t, high=cards, doc="cards out of the game (played_cards=discard)")
        lay.add("last_strengths", r, n, high=self.strongest, doc="last round: per region, each seat's strength")
        lay.add("last_winners", r, n + 1, doc="last round: per region, its winner or (last) none")
        lay.add("last_cards", n, t, high=cards, doc="last round: per seat, the cards it had played")
        lay.add("expected_hand", n, t, high=cards,
                doc="per seat: the expected number of each card in its hand, from what you know")
        lay.add("expected_board", n, t, high=cards, doc="per seat: ... face down on the board")
        lay.add("expected_pile_top", t, high=cards, doc="... among the pile's never-seen cards")
        lay.add("expected_revealed_layer", t, high=cards, doc="... in the revealed layer now being drawn")
        lay.add("over", 1, doc="the game is over")

    def _encode(self, o: dict, seat: int, v: list) -> None:
        lay, slot, rel, n = self.observation_layout, self.slot, self.rel, self.n

        def count(name, names, *head):
            for card in names:
                v[lay[name].at(*head, slot[card])] += 1

        count("hand", o["hand"])
        for r, region in enumerate(o["regions"]):
            who = region["controller"]
            v[lay["controller"].at(r, n if who is None else rel(seat, who))] = 1
            for q, k in enumerate(region["face_down"]):
                v[lay["face_down"].at(r, rel(seat, q))] = k
            count("yours_face_down", region["yours"])
            v[lay["your_wilds"].at(r)] = region["yours"].count("wild")
        v[lay["regions_to_win"].at(0)] = o["regions_to_win"]
        v[lay["round"].at(0)] = o["round"]
        v[lay["starter"].at(rel(seat, o["starter"]))] = 1
        v[lay["turns_without_play"].at(0)] = o["turns_without_play"]
        if o["to_move"] is not None:
            v[lay["to_move"].at(rel(seat, o["to_move"]))] = 1
        for q in range(n):
            r = rel(seat, q)
            v[lay["controlled"].at(r)] = o["controlled"][q]
            v[lay["hand_sizes"].at(r)] = o["hand_sizes"][q]
            v[lay["bonus_cards_drawn"].at(r)] = o["bonus_cards_drawn"][q]
        pile = o["pile"]
        for i, key in enumerate(("size", "never_seen_on_top", "revealed_below")):
            v[lay["pile"].at(i)] = pile[key]
        if pile["next_layer"] is not None:   # how many of its cards are left: revealed_below less the deeper
            count("next_layer", pile["next_layer"]["cards"])
        for layer in pile["layers_beneath"]:
            count("deeper_layers", layer)
        v[lay["layers_beneath"].at(0)] = len(pile["layers_beneath"])
        count("discard", o["discard"])
        last = o["last_round"]
        if last is not None:
            for r in range(self.regions):
                for q in range(n):
                    v[lay["last_strengths"].at(r, rel(seat, q))] = last["strengths"][r][q]
                    count("last_cards", last["cards"][r][q], rel(seat, q))
                who = last["winners"][r]
                v[lay["last_winners"].at(r, n if who is None else rel(seat, who))] = 1

        def row(zone: str) -> int:
            if zone == "pile top":
                return lay["expected_pile_top"].start
            if zone == "revealed layer":
                return lay["expected_revealed_layer"].start
            q, place = zone.split()[1:3]    # "seat Q hand", "seat Q COLOUR" (", played before ...")
            return lay["expected_hand" if place == "hand" else "expected_board"].at(rel(seat, int(q)), 0)

        spread_pools(o["knowledge"], 1.0, row, slot, v)
        v[lay["over"].at(0)] = float(o["over"])

    def _recall_fields(self, lay: Layout) -> None:
        n, t, long = self.n, self.slots, self.long
        lay.add("plays", n, self.regions, high=long, doc="per seat and region: its face-down plays there")
        lay.add("draws", n, 2, high=long, doc="per seat: its draws, and of them bonus draws")
        lay.add("passes", n, high=long, doc="per seat: its passes")
        lay.add("your_draws", t, high=long, doc="the cards you drew")
        lay.add("revealed", n, t, high=long, doc="per seat: the cards it was seen to play, every round")
        lay.add("regions_won", n, high=long, doc="per seat: regions it won at a round's end")

    def _recall_event(self, recall, event, rel) -> None:
        kind = type(event).__name__
        if kind == "CardPlayed":
            recall.bump("plays", rel(event.player), self.colour[event.region])
        elif kind == "CardDrawn":
            recall.bump("draws", rel(event.player), 0)
            if event.bonus:
                recall.bump("draws", rel(event.player), 1)
            if event.card is not None:
                recall.bump("your_draws", self.slot[event.card])
        elif kind == "Passed":
            recall.bump("passes", rel(event.player))
        elif kind == "RegionRevealed":
            for q, cards in enumerate(event.cards):
                for card in cards:
                    recall.bump("revealed", rel(q), self.slot[card])
            if event.winner is not None:
                recall.bump("regions_won", rel(event.winner))
