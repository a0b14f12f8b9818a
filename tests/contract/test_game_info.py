"""``game.info`` says what a learning library asks before it plays, and the games keep to it:
the action space is the flat table, returns stay in [min_utility, max_utility], where a
game declares their sum (zero-sum) every game ends with that sum, and no game lasts more than
``max_game_length`` decisions — not a random game, not one of heuristic bots, not one of seats
that play to make it last — while that bound is no more than a few times the longest game
found (buffers and episode limits are sized by it).
"""

from __future__ import annotations

import functools
import random

import pytest
from tests.cli.toy_game import Toy

from ludus import agents

from .helpers import game_of

# Random games per option set (defaults, others); the defaults' are also the tightness check's.
RANDOM_GAMES = (300, 20)
# Heuristic games: every seat a heuristic bot for the defaults; one bot and random seats for the
# other option sets (a Seize Rome bot looks ahead in sampled worlds: ~40 ms a decision).
HEURISTIC_SEEDS = (2, 1)
# The search for long games: walkers per option set (defaults, others), and how often a walker
# plays a random move instead of its prolonging one (walker i: EXPLORE[i % 3]; which rate finds
# the longest games depends on the game).
WALKERS = (12, 2)
EXPLORE = (0.02, 0.1, 0.3)
# How much longer than the longest game found a bound may be.
LOOSENESS = 3


def bound_of(case) -> int:
    return game_of(case).info.max_game_length


@pytest.mark.seeds(3, 1)
def test_returns_keep_to_the_declared_range_and_sum(case, seed):
    game = game_of(case)
    info = game.info
    assert info.num_players == game.num_players and info.num_distinct_actions == game.num_actions
    state, rng = game.new_state(seed=seed), random.Random(seed)
    while not state.is_terminal:
        state.apply_trusted(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert all(info.min_utility <= r <= info.max_utility for r in returns)
    if info.utility_sum is not None:
        assert sum(returns) == pytest.approx(info.utility_sum), returns


def test_every_game_declares_its_length_bound(case):
    bound = bound_of(case)
    assert type(bound) is int and bound > 0, f"{case}: max_game_length is {bound!r}, not a count of decisions"


def test_a_game_that_declares_no_bound_reports_none():
    assert Toy().info.max_game_length is None


# -- random games ------------------------------------------------------------------------------


@functools.cache
def random_lengths(case) -> tuple[int, ...]:
    """The length of each random game of ``case`` (seeds 0..), each stopped one decision past the
    bound if it gets there."""
    game, bound = game_of(case), bound_of(case)
    lengths = []
    for seed in range(RANDOM_GAMES[1] if case.options else RANDOM_GAMES[0]):
        state = game.new_state(seed=seed)
        state.playout(random.Random(seed), max_steps=bound + 1)
        lengths.append(len(state.history) if state.is_terminal else bound + 1)
    return tuple(lengths)


def test_random_games_end_within_max_game_length(case):
    lengths = random_lengths(case)
    longest = max(lengths)
    assert longest <= bound_of(case), (
        f"{case}: random game {lengths.index(longest)} lasts over {bound_of(case)} decisions")


# -- heuristic games ---------------------------------------------------------------------------


@pytest.mark.seeds(*HEURISTIC_SEEDS)
def test_heuristic_games_end_within_max_game_length(case, seed):
    game, bound = game_of(case), bound_of(case)
    bot_seats = range(game.num_players) if not case.options else [seed % game.num_players]
    bots = {p: agents.make("heuristic" if p in bot_seats else "random", game, seed=seed * 10 + p)
            for p in range(game.num_players)}
    state = game.new_state(seed=seed)
    while not state.is_terminal and len(state.history) <= bound:
        p = state.current_player
        state.apply_trusted(bots[p].act(state.perspective(p)))
    assert state.is_terminal and len(state.history) <= bound, (
        f"{case} seed {seed}: the heuristic game lasts over {bound} decisions")


# -- games played to last ----------------------------------------------------------------------


def _word(action) -> str:
    return str(action).split()[0]


def _cc_stall(state, legal, rng):
    """Caesar & Cleopatra: pure passes while the stalemate guard allows one more (C22), else
    the least progress there is: a passive turn that exchanges one card (C21)."""
    obs = state.observe(None)
    passes, limit = obs["pure_passes"], state.game.options.stalemate_turns
    other_holds = obs["seats"][1 - obs["to_move"]]["hand_size"] > 0
    may_pass = passes < limit - 2 or (passes == limit - 2 and other_holds)
    if obs["phase"] == "passive-discard":
        exchanged = _word(state.history[-1]) == "discard"
        discards = [a for a in legal if _word(a) == "discard"]
        if discards and not exchanged and not may_pass:
            return rng.choice(discards)
    for word in ("passive", "done", "allow"):
        for a in legal:
            if _word(a) == word:
                return a
    return rng.choice(legal)


def _claim_stall(state, legal, rng):
    """Claim: the only decisions beyond the card plays are choices, more of them when a Seer
    wins a trick and takes the deck card (K28): play Seers, take the deck."""
    seers = [a for a in legal if _word(a) == "seers" or str(a) == "take deck"]
    return max(seers, key=str) if seers else rng.choice(legal)


def _seize_rome_stall(state, legal, rng):
    """Seize Rome: keep each round going (S8) — after a play, draw (or pass) if the next seat
    holds a card to play, else play — until the pile is down to a card a seat, then end the
    round by drawing, so that it does not run out (S15). Play where no seat would come nearer
    to winning if the round ended now (S14)."""
    obs = state.observe(None)
    n, pile = obs["players"], obs["pile"]["size"]
    plays = [a for a in legal if _word(a) not in ("draw", "pass")]
    waits = sorted((a for a in legal if _word(a) in ("draw", "pass")),
                   key=lambda a: _word(a) != "draw" or pile <= 1)
    next_holds = obs["hand_sizes"][(obs["to_move"] + 1) % n] > 0
    ending = pile <= n
    if waits and (ending or (obs["turns_without_play"] == 0 and next_holds)) and (
            pile > 1 or _word(waits[0]) == "pass"):
        return waits[0]
    if not plays:
        return rng.choice(waits)

    def risk(action):
        world = state.clone()
        world.stop_tracking()
        world.apply_trusted(action)
        controllers = world.round_result()[2]
        held = [controllers.count(q) for q in range(n)]
        return sum(h >= obs["regions_to_win"] for h in held), max(held), rng.random()

    return min(plays, key=risk)


# Seats that try to make a game last, by game id (other games: random moves).
STALLERS = {"caesar-cleopatra": _cc_stall, "claim": _claim_stall, "seize-rome": _seize_rome_stall}


def _ends(state, action) -> bool:
    world = state.clone()
    world.stop_tracking()
    world.apply_trusted(action)
    return world.is_terminal


@functools.cache
def search_longest(case, seed: int = 0) -> int:
    """The longest game a go-with-the-winners search finds. Each walker plays the moves of
    ``STALLERS`` (now and then, at its own rate, a random one), never a move that ends the game
    while another does not; a walker whose game ends is replaced by a copy of one still playing
    (rate and all), so the search follows the games that last. Returns the longest ended game
    (or, if one outlasts the bound, its length then)."""
    game, bound = game_of(case), bound_of(case)
    stall = STALLERS.get(case.game_id)
    rng = random.Random(seed)
    count = WALKERS[1] if case.options else WALKERS[0]
    walkers = [(EXPLORE[i % len(EXPLORE)], game.new_state(seed=seed * 1000 + i)) for i in range(count)]

    def choose(explore, state, legal):
        if stall is None or rng.random() < explore:
            return rng.choice(legal)
        return stall(state, legal, rng)

    longest = 0
    while walkers:
        alive = []
        for explore, state in walkers:
            legal = state.legal_actions()
            action = choose(explore, state, legal)
            if len(legal) > 1 and _ends(state, action):
                lasting = [a for a in legal if not _ends(state, a)]
                action = choose(explore, state, lasting) if lasting else action
            state.apply_trusted(action)
            if state.is_terminal:
                longest = max(longest, len(state.history))
            elif len(state.history) > bound:
                return len(state.history)
            else:
                alive.append((explore, state))
        while alive and len(alive) < count:
            explore, state = rng.choice(alive)
            alive.append((explore, state.clone()))
        walkers = alive
    return longest


def test_games_played_to_last_end_within_max_game_length(case):
    longest = search_longest(case)
    assert longest <= bound_of(case), f"{case}: a game played to last lasts {longest} decisions"


def test_max_game_length_is_not_absurdly_loose(default_case):
    """The longest game found — random, or played to last — is at least a third of the bound.
    Random games alone would not do: they seldom pass or keep a round going, which is what long
    games are made of."""
    found = max(max(random_lengths(default_case)), search_longest(default_case))
    assert bound_of(default_case) <= LOOSENESS * found, (
        f"{default_case}: max_game_length {bound_of(default_case)} is over {LOOSENESS} times the "
        f"longest game found ({found})")
