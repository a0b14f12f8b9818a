"""ISMCTS: it searches only what its Perspective allows, deterministically, and refuses bad specs."""

from __future__ import annotations

import random

import pytest

import ludus
from ludus.agents import make
from ludus.agents.ismcts import ADVISOR_SALT, ISMCTSAgent
from ludus.games.caesar_cleopatra import notation as cc_notation
from ludus.games.seize_rome import notation as sr_notation


def _midgame(game_id: str, steps: int, seed: int = 3, **options):
    game = ludus.make(game_id, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return game, state


@pytest.mark.parametrize("game_id,steps", [("caesar-cleopatra", 40), ("claim", 9), ("seize-rome", 6)])
def test_same_move_from_true_states_that_differ_only_in_hidden_cards(game_id, steps):
    """The perspective-only proof: a world the seat cannot tell from the truth is itself a true
    state; searching from both gives the same move, because nothing but the seat's view counts."""
    game, truth = _midgame(game_id, steps)
    seat = truth.current_player
    other = truth.resample(seat, random.Random(99))
    hidden_differs = any(other.observe(q) != truth.observe(q) for q in range(game.num_players) if q != seat)
    assert hidden_differs, "the two true states should differ in what the seat cannot see"
    assert other.observe(seat) == truth.observe(seat)
    agent = make("ismcts:iterations=60,seed=5", game)
    assert agent.act(truth.perspective(seat)) == agent.act(other.perspective(seat))


def _face_down_move(game_id):
    """The game's move type, and whether a move is one that other seats see only face down."""
    if game_id == "seize-rome":
        return sr_notation.Action, lambda move: move.kind == sr_notation.PLAY
    hidden = (cc_notation.ARRANGE, cc_notation.OPEN, cc_notation.DOWN, cc_notation.CASTLE)
    return cc_notation.Action, lambda move: move.kind in hidden


@pytest.mark.parametrize("game_id,steps", [("caesar-cleopatra", 40), ("seize-rome", 6)])
def test_no_seat_chooses_in_the_tree_by_a_card_it_saw_only_face_down(game_id, steps):
    """Games with face-down moves get one tree per seat: in seat p's tree another seat's move is
    an edge keyed by what p saw of it, so p's later choices cannot follow the card's value."""
    game, state = _midgame(game_id, steps)
    roots = make("ismcts:iterations=400,seed=5", game)._search(state.perspective(state.current_player))
    assert len({id(root) for root in roots}) == game.num_players
    move_type, face_down = _face_down_move(game_id)
    edges = {"own face-down": 0, "others' face-down": 0}

    def walk(node, owner):
        for key, child in node.children.items():
            if not isinstance(key, move_type):         # what the owner saw of another's move
                assert child.player != owner
                edges["others' face-down"] += 1
            elif face_down(key):
                assert child.player == owner, (
                    f"seat {owner}'s tree keys a face-down move of seat {child.player} by its card: {key}")
                edges["own face-down"] += 1
            walk(child, owner)

    for owner, root in enumerate(roots):
        walk(root, owner)
    assert all(edges.values()), f"the search should have met both kinds of face-down move: {edges}"


def test_games_with_public_moves_share_one_tree():
    game, state = _midgame("claim", 9)
    roots = make("ismcts:iterations=50,seed=5", game)._search(state.perspective(state.current_player))
    assert len({id(root) for root in roots}) == 1


def test_a_seeded_search_is_deterministic():
    game, state = _midgame("claim", 5)
    seat = state.current_player
    moves = {make("ismcts:iterations=80,seed=1", game).act(state.perspective(seat)) for _ in range(3)}
    assert len(moves) == 1


def test_the_chosen_move_is_legal_and_the_budget_is_kept():
    game, state = _midgame("caesar-cleopatra", 30)
    agent = make("ismcts:iterations=40,seed=2", game)
    move = agent.act(state.perspective(state.current_player))
    assert move in state.legal_actions()
    assert 16 <= agent.last_iterations <= 40


def test_stopping_early_changes_no_decision(monkeypatch):
    """The search stops once the most visited move cannot be overtaken: same moves, fewer iterations."""
    positions = [_midgame(g, steps, seed) for g, steps in (("claim", 9), ("seize-rome", 6)) for seed in range(4)]
    early = []
    for game, state in positions:
        agent = make("ismcts:iterations=300,seed=4", game)
        early.append((agent.act(state.perspective(state.current_player)), agent.last_iterations))
    monkeypatch.setattr(ISMCTSAgent, "_settled", lambda self, root, n, start, deadline: False)
    for (game, state), (move, spent) in zip(positions, early, strict=True):
        agent = make("ismcts:iterations=300,seed=4", game)
        assert agent.act(state.perspective(state.current_player)) == move
        assert agent.last_iterations == 300 >= spent
    assert any(spent < 300 for _, spent in early)


@pytest.mark.parametrize("game_id,steps", [("caesar-cleopatra", 40), ("claim", 9), ("seize-rome", 6)])
def test_the_analysis_ranks_every_legal_move_and_leads_with_the_move_played(game_id, steps):
    """``analyse`` (behind the play command's hint) is the search ``act`` runs, every move kept:
    the first estimate is the move played, visits rank the moves, values are mean results."""
    game, state = _midgame(game_id, steps)
    view = state.perspective(state.current_player)
    agent = make("ismcts:iterations=200,seed=3", game)
    estimates = agent.analyse(view)
    assert sorted(map(str, (e.action for e in estimates))) == sorted(map(str, state.legal_actions()))
    assert estimates[0].action == make("ismcts:iterations=200,seed=3", game).act(view)
    visits = [e.visits for e in estimates]
    assert visits == sorted(visits, reverse=True) and sum(visits) == agent.last_iterations
    assert all(-1 <= e.value <= 1 for e in estimates if e.visits)
    assert all(e.value is None for e in estimates if not e.visits)


@pytest.mark.parametrize("game_id,steps,iterations", [
    ("caesar-cleopatra", 40, 200), ("claim", 9, 200), ("seize-rome", 6, 200), ("claim", 9, None)])
def test_the_move_played_is_the_most_visited_then_the_best_total_then_the_first_legal(game_id, steps, iterations):
    """The rule ``act`` plays by, read off the search tree itself (``iterations=None``: one
    iteration per legal move, so every move is tried once and visits tie)."""
    game, state = _midgame(game_id, steps)
    view = state.perspective(state.current_player)
    legal = view.legal_actions()
    spec = f"ismcts:iterations={iterations or len(legal)},seed=3"
    children = make(spec, game)._search(view)[view.player].children
    if iterations is None:
        assert {children[a].visits for a in legal} == {1}
    rule = max(legal, key=lambda a: (children[a].visits, children[a].total) if a in children else (-1, 0.0))
    assert make(spec, game).act(view) == rule


def test_a_time_budget_stops():
    game, state = _midgame("claim", 3)
    agent = make("ismcts:time=0.05,seed=2", game)
    assert agent.act(state.perspective(state.current_player)) in state.legal_actions()
    assert agent.last_iterations >= 1


def test_levels_map_to_budgets():
    game = ludus.make("claim")
    assert make("ismcts:easy", game).iterations == 200
    assert make("ismcts:medium", game).iterations == 1000
    assert make("ismcts:hard", game).time_limit == 1.0
    assert isinstance(make("ismcts", game), ISMCTSAgent)


@pytest.mark.parametrize("spec", ["ismcts:iterations=0", "ismcts:ultra", "ismcts:foo=1", "ismcts:time=abc",
                                  "ismcts:time=-1", "ismcts:rollout=clever", "ismcts:c=-2",
                                  "ismcts:depth=-1", "ismcts:depth=deep", "ismcts:time=nan",
                                  "ismcts:time=inf", "ismcts:c=nan", "ismcts:c=inf", "ismcts:bias=-1",
                                  "ismcts:bias=strong", "ismcts:bias=inf", "ismcts:bias=nan", "ismcts:playouts=0",
                                  "ismcts:playouts=2.5"])
def test_bad_specs_are_refused_before_any_work(spec):
    with pytest.raises(ludus.OptionError):
        make(spec, ludus.make("claim"))


@pytest.mark.parametrize("game_id,steps", [("claim", 9), ("seize-rome", 6)])
def test_heuristic_rollouts_pick_legal_moves(game_id, steps):
    game, state = _midgame(game_id, steps)
    agent = make("ismcts:iterations=50,seed=1,rollout=heuristic,depth=full", game)
    assert agent.policy is not None and agent.depth is None
    assert agent.act(state.perspective(state.current_player)) in state.legal_actions()


def test_a_spec_overrides_the_games_search_defaults(monkeypatch):
    import dataclasses

    game = ludus.make("claim")
    hooks = dataclasses.replace(game.parts.search, defaults={"depth": 5, "rollout": "heuristic", "c": 1.5})
    monkeypatch.setattr(type(game), "parts", dataclasses.replace(game.parts, search=hooks))
    default = make("ismcts:iterations=10", game)
    assert (default.depth, default.rollout, default.c) == (5, "heuristic", 1.5)
    given = make("ismcts:iterations=10,depth=full,rollout=random,c=0.4", game)
    assert (given.depth, given.rollout, given.policy, given.c) == (None, "random", None, 0.4)
    assert make("ismcts:iterations=10,depth=3", game).depth == 3


# Positions where the unbiased search and the heuristic disagree.
@pytest.mark.parametrize("game_id,steps", [("caesar-cleopatra", 45), ("claim", 13), ("seize-rome", 4)])
def test_progressive_bias_leans_to_the_heuristics_move_and_zero_bias_changes_nothing(game_id, steps):
    game, state = _midgame(game_id, steps)
    view = state.perspective(state.current_player)
    plain = make("ismcts:iterations=60,seed=4", game).analyse(view)
    assert make("ismcts:iterations=60,seed=4,bias=0", game).analyse(view) == plain
    advisor = game.parts.heuristic(game)
    advisor.rng.seed(make("ismcts:iterations=60,seed=4", game)._search_seed(view) ^ ADVISOR_SALT)
    favoured = advisor.act(view)
    assert plain[0].action != favoured
    assert make("ismcts:iterations=60,seed=4,bias=1000", game).analyse(view)[0].action == favoured
    # Tried first: a search of one iteration has visited the heuristic's move and nothing else.
    first = make("ismcts:iterations=1,seed=4,bias=0.5", game).analyse(view)
    assert [(e.action, e.visits) for e in first if e.visits] == [(favoured, 1)]


def test_bias_needs_a_heuristic_to_lean_on(monkeypatch):
    import dataclasses

    game = ludus.make("claim")
    monkeypatch.setattr(type(game), "parts", dataclasses.replace(game.parts, heuristic=None))
    with pytest.raises(ludus.OptionError, match="no heuristic to bias"):
        make("ismcts:bias=2", game)


def test_caesar_cleopatra_has_no_rollout_policy_to_ask_for():
    with pytest.raises(ludus.OptionError, match="no heuristic rollout policy"):
        make("ismcts:rollout=heuristic", ludus.make("caesar-cleopatra"))


def test_caesar_cleopatra_arranges_its_action_pile_by_rule_not_by_a_blind_search():
    """The 26 arranging decisions lie beyond any rollout's reach (a leaf is read at the first
    turn's start, which no arrangement changes): searched, every order scores alike, and the
    move follows the noise. ISMCTS arranges as the heuristic does, Veto first, without spending
    its budget; the first placement is searched again."""
    game = ludus.make("caesar-cleopatra")
    state = game.new_state(seed=4)
    blind = make("ismcts:iterations=300,seed=1", game)
    blind.decide_without_search = None
    values = [e.value for e in blind.analyse(state.perspective(0))]
    assert len(values) == 6 and max(values) - min(values) < 0.1
    agent = make("ismcts:iterations=300,seed=1", game)
    order = []
    while state.legal_actions()[0].kind == cc_notation.ARRANGE:
        move = agent.act(state.perspective(state.current_player))
        assert agent.last_iterations == 0
        if state.current_player == 0:
            order.append(move)
        state.apply(move)
    assert [str(a) for a in order[:2]] == ["arrange veto", "arrange veto"]
    agent.act(state.perspective(state.current_player))
    assert agent.last_iterations > 0


@pytest.mark.parametrize("game_id,options", [
    ("caesar-cleopatra", {}), ("caesar-cleopatra", {"edition": "2024"}),
    ("caesar-cleopatra", {"wrath": "face-up", "philosopher": "difference"}),
    ("claim", {}), ("claim", {"players": 3}), ("claim", {"players": 4}), ("claim", {"factions": "claim2"}),
    ("seize-rome", {}), ("seize-rome", {"players": 4, "control": "per-round", "tie": "clear"}),
])
def test_whole_games_with_the_games_search_defaults(game_id, options):
    """Every seat a small search with its game's defaults (depth and leaf evaluation where set):
    each move is checked by the validating ``apply`` of ``play_game`` and the game ends."""
    from ludus.arena.match import play_game

    game = ludus.make(game_id, **options)
    agents = [make(f"ismcts:iterations=8,seed={p}", game) for p in range(game.num_players)]
    assert play_game(game, agents, seed=5).is_terminal


def test_a_move_seen_made_by_another_seat_is_untried_for_the_seat_that_now_chooses_it():
    # One seat's tree keeps the moves it saw others make, never visited there. Where it cannot
    # tell who moves next, such a child can be its own choice in a later world: it is untried
    # (a ZeroDivisionError in the UCB once stopped a 1-second Caesar & Cleopatra search).
    from ludus.agents.ismcts import _choose, _Node

    node = _Node(0)
    seen = node.children["done"] = _Node(1)          # the other seat's move, as seen
    mine = node.children["draw"] = _Node(0)
    mine.visits, mine.total = 3, 1.5
    action, new = _choose(node, ["draw", "done"], 1.0, random.Random(0))
    assert (action, new) == ("done", True) and seen.visits == 0


@pytest.mark.parametrize("game_id,steps", [("claim", 9), ("seize-rome", 6)])
def test_playouts_average_several_rollouts_of_each_new_leaf(game_id, steps, monkeypatch):
    """playouts=K reads each new leaf as the mean of K rollouts of copies of its world: K
    rollouts per iteration, the world of each untouched by the others."""
    game, state = _midgame(game_id, steps)
    agent = make("ismcts:iterations=30,seed=3,playouts=4", game)
    assert agent.playouts == 4 and make("ismcts:iterations=30", game).playouts == 1
    rolled, real = [], ISMCTSAgent._rollout
    monkeypatch.setattr(ISMCTSAgent, "_rollout",
                        lambda self, world, rng: rolled.append(world) or real(self, world, rng))
    assert agent.act(state.perspective(state.current_player)) in state.legal_actions()
    assert len(rolled) == 4 * agent.last_iterations
    assert len({id(w) for w in rolled}) == len(rolled)         # each rollout on a world of its own
