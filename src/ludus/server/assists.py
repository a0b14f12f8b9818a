"""Help at the table, each kind switched on or off when the table is made: a hint (a search's
moves for the seat to move, with its estimates), a card tracker (what the seat's own knowledge
says of the cards it cannot see) and, once the game is over, a replay of the game as a seat
saw it and a review of that seat's decisions.

Each is worked out from what its seat may know and nothing more. The hint and the tracker read
only ``state.perspective(seat)``, a world dealt afresh from the seat's knowledge, and the
tracker's own samples come from a generator with a fixed seed; the replay and the review
read the record, public once the game is over. ``hint`` and ``track`` are handed the seat's
perspective and nothing else (no record, no seed), ``review`` the finished game's record; all
three run in the bot processes, so a search never holds up the event loop.
"""

from __future__ import annotations

import random
from collections import Counter

from ludus.agents import make as make_agent
from ludus.arena.review import review_game
from ludus.core.errors import echo
from ludus.session import Hint, Session, steps

from . import protocol

# The switches a table is made with, each on unless the maker turns it off.
SWITCHES = {"hints": "a search's suggested move, for the seat to move",
            "tracker": "what the seat's own knowledge says of the cards it cannot see",
            "review": "after the game, a search's verdict on each of the seat's decisions"}
# A hint's search: bounded, so that a hint costs a fraction of a second of a bot process.
HINT_SPEC = "ismcts:iterations=400"
# The review's search, per decision of the seat (a whole game takes seconds).
REVIEW_SPEC = "ismcts:iterations=200,seed=1"
# Worlds the tracker deals from the seat's knowledge.
TRACKER_SAMPLES = 300
# What an observation already says of hidden cards, by key (of the observation or of one of
# its seats): a faction a seat showed void in, cards known to be in a hand, cards taken under a
# Seer. (Its ``knowledge``, the pools the engine reasons with, is what the tracker's deals are
# drawn from: the tables say it in chances, not in the engine's own form.)
FACT_KEYS = ("lacks", "known_cards", "hand_known", "taken_under_a_seer")


def check_assists(value) -> dict[str, bool]:
    """The switches of a new table from the request's ``assists`` (None: all on); FieldError
    naming each bad field."""
    if value is None:
        return dict.fromkeys(SWITCHES, True)
    if not isinstance(value, dict):
        raise protocol.FieldError([{"field": "assists", "message": "an object of switches, each true or false: "
                                    f"{', '.join(SWITCHES)}; not {echo(value, 60)}"}])
    errors = []
    for name, on in list(value.items())[:20]:
        if name not in SWITCHES:
            errors.append({"field": f"assists.{echo(name, 40) if not str(name).isidentifier() else name}",
                           "message": f"no such switch; switches: {', '.join(SWITCHES)}"})
        elif not isinstance(on, bool):
            errors.append({"field": f"assists.{name}", "message": f"true (allowed: {SWITCHES[name]}) or false, "
                                                                  f"not {echo(on, 40)}"})
    if errors:
        raise protocol.FieldError(errors)
    return {name: value.get(name, True) for name in SWITCHES}


def hint(view, seed: int) -> dict:
    """What ``Session.hint`` gives, worked out from the seat's perspective ``view`` (all the
    search is given) with the bounded ``HINT_SPEC`` seeded by ``seed``: every legal move, best
    first, with the search's estimate for the seat (-1 a sure loss, +1 a sure win; null for a
    move it did not try) and how often it tried it."""
    game = view.game
    search = make_agent(HINT_SPEC, game, seed=seed)
    found = Hint(search.analyse(view), search.last_iterations)
    return {"iterations": found.iterations,
            "moves": [{"id": game.action_id(e.action), "move": str(e.action), "visits": e.visits,
                       "value": e.value} for e in found.moves]}


def track(view, samples: int = TRACKER_SAMPLES) -> dict:
    """What the seat whose perspective is ``view`` may infer of the hidden cards: ``samples``
    worlds dealt from its knowledge, tallied per zone (the game's ``zones()``) whose cards
    differ between them, with what its observation already says (``facts``).

    Per hidden zone: its ``size`` and, per card, ``share`` (the chance that one card of the
    zone, any one, is this card: they sum to 1 over the zone), ``chance`` (that the zone holds
    at least one) and ``expected`` (how many it holds on average)."""
    rng = random.Random(0)                  # the samples depend on what the seat knows and nothing else
    worlds = [{name: Counter(_label(c) for c in cards) for name, cards in view.sample(rng).zones().items()}
              for _ in range(samples)]
    names = list(dict.fromkeys(name for world in worlds for name in world))
    zones = []
    for name in names:
        held = [world.get(name, Counter()) for world in worlds]
        if all(h == held[0] for h in held):
            continue                                # the same in every world: the seat knows it
        total, present = Counter(), Counter()
        for h in held:
            total.update(h)
            present.update(h.keys())
        cards = sum(total.values())
        zones.append({"zone": name, "size": round(cards / samples, 2),
                      "cards": [{"card": card, "share": n / cards, "chance": round(present[card] / samples, 4),
                                 "expected": round(n / samples, 2)}
                                for card, n in sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))]})
    return {"samples": samples, "zones": zones, "facts": facts(view.observation)}


def facts(observation: dict) -> dict:
    """What the observation itself says of hidden cards (``FACT_KEYS``), per seat and whole."""
    out = {key: observation[key] for key in FACT_KEYS if observation.get(key)}
    seats = observation.get("seats")
    if isinstance(seats, list):
        known = [{key: s[key] for key in FACT_KEYS if isinstance(s, dict) and s.get(key)} for s in seats]
        if any(known):
            out["seats"] = known
    return out


def _label(card) -> str:
    """A card as the zones name it: text, or a tuple such as (owner, card) joined by spaces."""
    return card if isinstance(card, str) else " ".join(str(part) for part in card)


def replay_steps(lines: list[dict], viewer: int | None) -> dict:
    """A finished table's game as ``viewer`` saw it (None: a spectator), step by step: step 0
    the deal, then one step per decision, each with the observation after it and the entry of
    the move (its narration). Rebuilt from the table's move log, every digest checked."""
    session = Session.from_lines(lines, source="the table's move log", auto=False)
    game = session.game
    record = session.record()
    log = session.log(viewer)
    out = [{"step": 0, "entry": None, **_position(game.new_state(seed=record["seed"]), viewer)}]
    for (state, _), item in zip(steps(record, viewer), log, strict=True):
        out.append({"step": len(out), "entry": protocol.entry(game, item, viewer), **_position(state, viewer)})
    return {"seat": viewer, "steps": out}


def _position(state, viewer: int | None) -> dict:
    out = {"observation": state.observe(viewer), "to_move": None if state.is_terminal else state.current_player,
           "over": state.is_terminal, "scores": list(state.scores())}
    if state.is_terminal:
        out["returns"] = list(state.returns())
    return out


def review(record: dict, seat: int) -> dict:
    """``review_game`` for ``seat`` with ``REVIEW_SPEC``: each of its decisions with a choice,
    the move played and the search's, with their estimates and how often each was tried.
    ``decision`` is the decision's index in the game: the replay's step of the same number is
    the position it was made in.

    A decision the game's search makes by a rule (``searched`` false, ``iterations`` 0: Caesar
    & Cleopatra's opening arrangement) has no verdict: its ``agrees`` is null (``best`` is the
    rule's move) and it counts neither as agreed nor as differed. ``summary`` counts them all:
    ``decisions``, ``searched``, ``agreed`` and ``differed`` (of the searched) and ``by_rule``."""
    reviews = list(review_game(record, seat, REVIEW_SPEC))
    searched = [r for r in reviews if r.searched]
    agreed = sum(r.agrees for r in searched)
    return {"seat": seat, "spec": REVIEW_SPEC,
            "summary": {"decisions": len(reviews), "searched": len(searched), "agreed": agreed,
                        "differed": len(searched) - agreed, "by_rule": len(reviews) - len(searched)},
            "decisions": [{"decision": r.decision, "choices": r.choices, "iterations": r.iterations,
                           "searched": r.searched,
                           "played": str(r.played), "played_value": r.played_value, "played_visits": r.played_visits,
                           "best": str(r.best), "best_value": r.best_value, "best_visits": r.best_visits,
                           "agrees": r.agrees if r.searched else None, "far_behind": r.far_behind}
                          for r in reviews]}
