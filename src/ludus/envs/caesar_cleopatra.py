"""Caesar & Cleopatra's tensors. Influence values are 6 slots (P, 1-5), action cards 6 (assassin,
spy, castling, scout, wrath, veto), a hand card one of 12 codes (the values, then the action
cards); groups are in board order (senators, praetors, quaestors, censors, aediles)."""

from __future__ import annotations

import math

from ..games.caesar_cleopatra.cards import (
    ACTION_DECK,
    ACTION_NAMES,
    BUST_NAMES,
    CARD_NAMES,
    GROUP_SIZES,
    GROUPS,
    INFLUENCE_DECK,
    MAX_SIDE,
    VALUE_NAMES,
    VOC_NAMES,
)
from ..games.caesar_cleopatra.phases import ACT_ZONE_NAMES, INF_ZONE_NAMES, PHASE_NAMES
from .encoding import Encoder, Layout, spread_pools

CODES = INFLUENCE_DECK + ACTION_DECK          # copies of each hand-card code a seat owns
SEAT_CARDS = sum(CODES)
MOST_POINTS = sum(GROUP_SIZES) + 2 * len(GROUPS) + 2     # every patrician, both group bonuses, a goal
HYPOTHESES = 4096                                         # the knowledge's limit (core/knowledge.py)


class CaesarCleopatraEncoder(Encoder):
    version = 1

    def __init__(self, game):
        o = game.options
        self.ed2024 = o.edition == "2024"
        if self.ed2024:
            self.chance_names, self.chance_copies = BUST_NAMES, (1,) * len(BUST_NAMES)
        else:
            self.chance_names = VOC_NAMES
            self.chance_copies = (1,) * len(GROUPS) + (o.orgies - 1, 1)
        self.chance_slot = {name: i for i, name in enumerate(self.chance_names)}
        self.code = {name: i for i, name in enumerate(CARD_NAMES)}
        self.group = {name: i for i, name in enumerate(GROUPS)}
        self.value = {name: i for i, name in enumerate(VALUE_NAMES)}
        self.stalemate = o.stalemate_turns
        super().__init__(game)

    def _observation_fields(self, lay: Layout) -> None:
        g, codes, inf, act = len(GROUPS), CODES, INFLUENCE_DECK, ACTION_DECK
        chance = "bust" if self.ed2024 else "voc"
        lay.add("patricians_left", g, high=GROUP_SIZES, doc="per group: patricians not yet won")
        lay.add("won", g, 2, high=max(GROUP_SIZES), doc="per group and seat: patricians it won")
        lay.add("face_up", g, 2, 6, high=MAX_SIDE, doc="per group and seat: face-up influence by value")
        lay.add("face_down", g, 2, high=MAX_SIDE, doc="per group and seat: face-down cards")
        lay.add("your_face_down", g, 6, high=MAX_SIDE, doc="per group: your face-down values")
        lay.add("hand_size", 2, high=SEAT_CARDS, doc="per seat: cards in hand")
        lay.add("hand_action_cards", 2, high=sum(act), doc="per seat: action cards in hand")
        lay.add("piles", 2, 2, high=(sum(inf), sum(act)), doc="per seat: its influence and action piles' sizes")
        lay.add("discard", 2, 12, high=codes, doc="per seat: its discard by card code")
        lay.add("patricians", 2, high=sum(GROUP_SIZES), doc="per seat: patricians won")
        lay.add("points_public", 2, high=MOST_POINTS, doc="per seat: points without the secret bonus goals")
        lay.add("to_arrange", 2, high=sum(act), doc="per seat: action cards it has yet to arrange")
        lay.add("hand", 12, high=codes, doc="your hand by card code")
        lay.add("bonus_goal", 2, g, doc="per seat: its bonus goal, one-hot (the opponent's only at the end)")
        lay.add("points", 2, high=MOST_POINTS, doc="per seat: points with the bonus goal (the opponent's at the end)")
        lay.add("action_pile_order", sum(act), 6, doc="your arranged action pile, top first, one-hot per card")
        lay.add("unarranged", 6, high=act, doc="your action cards not yet arranged")
        lay.add("opponent_hand_known", 12, high=codes, doc="cards you know the opponent holds")
        lay.add("expected_influence", len(INF_ZONE_NAMES), 6, high=inf,
                doc="expected opponent influence cards per zone (" + ", ".join(INF_ZONE_NAMES) + ") and value")
        lay.add("expected_action", len(ACT_ZONE_NAMES), 6, high=act,
                doc="expected opponent action cards per zone (" + ", ".join(ACT_ZONE_NAMES) + ") and kind")
        lay.add("hypotheses", 1, doc=f"log2 of the ways the opponent's cards may lie, over log2 {HYPOTHESES}")
        lay.add("turn", 1, high=self.long, doc="the turn number")
        lay.add("active", 2, doc="the active seat, one-hot")
        lay.add("to_move", 2, doc="the seat to move, one-hot (none once over)")
        lay.add("phase", len(PHASE_NAMES), doc="the decision due: " + ", ".join(PHASE_NAMES))
        lay.add("action_card_used", 1, doc="the active seat has played its action card this turn")
        lay.add("pure_passes", 1, high=self.stalemate, doc="pure passes in a row so far")
        lay.add(f"{chance}_in_deck", len(self.chance_names), high=self.chance_copies,
                doc="what is left to draw: " + ", ".join(self.chance_names))
        lay.add(f"{chance}_drawn", len(self.chance_names), high=self.chance_copies, doc="drawn so far")
        lay.add(f"{chance}_last_drawn", len(self.chance_names), doc="the last drawn, one-hot")
        lay.add(f"{chance}_out", len(self.chance_names), high=self.chance_copies, doc="out of the game")
        lay.add("no_draw_this_turn", 1, doc="2024: the start player's first turn draws no bust")
        lay.add("pending_seat", 2, doc="an action card awaiting its answer: who played it")
        lay.add("pending_card", 6, doc="... the card, one-hot")
        lay.add("pending_value", 6, doc="... the value it targets (Assassin)")
        lay.add("pending_groups", g, doc="... the groups it targets")
        lay.add("voting", g, doc="the group whose vote is revealed")
        lay.add("castling_groups", g, doc="a Castling under way: its two groups")
        lay.add("castling_left", 1, high=2 * MAX_SIDE, doc="... the cards it has yet to put back")
        lay.add("castling_cards", 6, high=2 * MAX_SIDE, doc="the values your Castling has to put back")
        lay.add("over", 1, doc="the game is over")

    def _encode(self, o: dict, seat: int, v: list) -> None:
        lay, rel, code, value = self.observation_layout, self.rel, self.code, self.value
        for gi, group in enumerate(o["groups"]):
            v[lay["patricians_left"].at(gi)] = group["patricians_left"]
            for q, side in enumerate(group["sides"]):
                r = rel(seat, q)
                v[lay["won"].at(gi, r)] = group["won"][q]
                for name in side["face_up"]:
                    v[lay["face_up"].at(gi, r, value[name])] += 1
                v[lay["face_down"].at(gi, r)] = side["face_down"]
                for name in side.get("face_down_values", ()):
                    v[lay["your_face_down"].at(gi, value[name])] += 1
        for q, s in enumerate(o["seats"]):
            r = rel(seat, q)
            v[lay["hand_size"].at(r)] = s["hand_size"]
            v[lay["hand_action_cards"].at(r)] = s["hand_action_cards"]
            v[lay["piles"].at(r, 0)] = s["influence_pile"]
            v[lay["piles"].at(r, 1)] = s["action_pile"]
            for name, k in s["discard"].items():
                v[lay["discard"].at(r, code[name])] = k
            v[lay["patricians"].at(r)] = s["patricians"]
            v[lay["points_public"].at(r)] = s["points_public"]
            v[lay["to_arrange"].at(r)] = s.get("action_cards_to_arrange", 0)
            if "bonus_goal" in s:
                v[lay["bonus_goal"].at(r, self.group[s["bonus_goal"]])] = 1
                v[lay["points"].at(r)] = s["points"]
            for name in s.get("hand", ()):
                v[lay["hand"].at(code[name])] += 1
            for i, name in enumerate(s.get("action_pile_order", ())):
                v[lay["action_pile_order"].at(i, ACTION_NAMES.index(name))] = 1
            for name, k in s.get("unarranged", {}).items():
                v[lay["unarranged"].at(ACTION_NAMES.index(name))] = k
            for name in s.get("hand_known", ()):
                v[lay["opponent_hand_known"].at(code[name])] += 1
            if "knowledge" in s:
                self._knowledge(s["knowledge"], v)
        v[lay["turn"].at(0)] = o["turn"]
        v[lay["active"].at(rel(seat, o["active"]))] = 1
        if o["to_move"] is not None:
            v[lay["to_move"].at(rel(seat, o["to_move"]))] = 1
        v[lay["phase"].at(PHASE_NAMES.index(o["phase"]))] = 1
        v[lay["action_card_used"].at(0)] = float(o["action_card_used"])
        v[lay["pure_passes"].at(0)] = o["pure_passes"]
        self._chance_cards(o, v)
        pending = o.get("pending_action")
        if pending is not None:
            v[lay["pending_seat"].at(rel(seat, pending["player"]))] = 1
            v[lay["pending_card"].at(ACTION_NAMES.index(pending["card"]))] = 1
            for word in pending["target"].split():
                if word in value:
                    v[lay["pending_value"].at(value[word])] = 1
                elif word in self.group:
                    v[lay["pending_groups"].at(self.group[word])] = 1
        if "voting" in o:
            v[lay["voting"].at(self.group[o["voting"]])] = 1
        castling = o.get("castling")
        if castling is not None:
            for name in castling["groups"]:
                v[lay["castling_groups"].at(self.group[name])] = 1
            v[lay["castling_left"].at(0)] = castling["cards_left"]
            for name in castling.get("cards", ()):
                v[lay["castling_cards"].at(value[name])] += 1
        v[lay["over"].at(0)] = float(o["over"])

    def _knowledge(self, known: dict, v: list) -> None:
        """The opponent's hidden cards as expected counts per zone, over the likeliest
        hypotheses the observation lists (their chances renormalised)."""
        lay = self.observation_layout
        kinds = (("influence", INF_ZONE_NAMES, VALUE_NAMES), ("action", ACT_ZONE_NAMES, ACTION_NAMES))
        for kind, zones, names in kinds:
            field = lay[f"expected_{kind}"]
            rows = {z: field.at(i, 0) for i, z in enumerate(zones)}
            column = {c: i for i, c in enumerate(names)}
            shown = known[kind]["likeliest"]
            total = sum(h["chance"] for h in shown)
            for h in shown:
                spread_pools(h["pools"], h["chance"] / total, rows.__getitem__, column, v)
        count = known["influence"]["hypotheses"]
        v[lay["hypotheses"].at(0)] = min(math.log2(count) / math.log2(HYPOTHESES), 1.0)

    def _chance_cards(self, o: dict, v: list) -> None:
        """The VoC deck (classic) or the bust bag (2024): all public."""
        lay, slot = self.observation_layout, self.chance_slot
        if self.ed2024:
            bag = o["bust_bag"]
            deck, drawn, out = bag["in_bag"], bag["drawn"], bag["out"]
            v[lay["no_draw_this_turn"].at(0)] = float(bag["no_draw_this_turn"])
            prefix = "bust"
        else:
            deck, drawn, out = o["voc"]["deck"], o["voc"]["discard"], o["voc"]["out"]
            prefix = "voc"
        for name, cards in (("in_deck", deck), ("drawn", drawn), ("out", out)):
            for card in cards:
                v[lay[f"{prefix}_{name}"].at(slot[card])] += 1
        if drawn:
            v[lay[f"{prefix}_last_drawn"].at(slot[drawn[-1]])] = 1

    def _recall_fields(self, lay: Layout) -> None:
        long = self.long
        lay.add("placed_down", 2, len(GROUPS), high=long, doc="per seat and group: its face-down placements")
        lay.add("placed_up", 2, 6, high=long, doc="per seat: its face-up placements by value")
        lay.add("draws", 2, 2, high=long, doc="per seat: its draws from the influence and action piles")
        lay.add("your_draws", 12, high=long, doc="the cards you drew, by code")
        lay.add("shown", 2, 6, high=long,
                doc="per seat: its influence values you saw revealed (votes, Scouts, removals, discards)")
        lay.add("vetoes", 2, high=long, doc="per seat: the Vetoes it played")
        lay.add("spied", 2, 12, high=CODES,
                doc="per seat: the hand its last Spy saw (yours: the opponent's hand; the opponent's: yours)")

    def _recall_event(self, recall, event, rel) -> None:
        kind = type(event).__name__
        value, code = self.value, self.code
        if kind == "InfluencePlaced":
            if event.face_up:
                recall.bump("placed_up", rel(event.player), value[event.value])
            else:
                recall.bump("placed_down", rel(event.player), self.group[event.group])
        elif kind == "CardDrawn":
            recall.bump("draws", rel(event.player), 0 if event.pile == "influence" else 1)
            if event.card is not None:
                recall.bump("your_draws", code[event.card])
        elif kind == "ActionAnswered" and event.vetoed:
            recall.bump("vetoes", rel(event.player))
        elif kind == "HandSpied" and event.hand is not None:
            spy = rel(event.player)
            for c in range(12):
                recall.set("spied", spy, c, to=0.0)
            for name in event.hand:
                recall.bump("spied", spy, code[name])
        elif kind == "CardDiscarded" and event.card in value:
            recall.bump("shown", rel(event.player), value[event.card])
        elif kind in ("CardsRevealed", "InfluenceRemoved"):
            for name in event.values:
                recall.bump("shown", rel(event.player), value[name])
        elif kind == "VoteHeld":
            for q, names in enumerate(event.cards):
                for name in names:
                    recall.bump("shown", rel(q), value[name])
