"""Inference: the seat's recall, the games' rewinds, and worlds weighed by the others' past moves."""

from __future__ import annotations

import dataclasses
import math
import pathlib
import random
from collections import Counter

import pytest

import ludus
from ludus import agents
from ludus.agents.inference import evidence, fitted_noise, log_likelihood, tempered, weighted_worlds
from ludus.arena.match import choose
from ludus.arena.stats import derive_seed
from ludus.core.errors import OptionError
from ludus.core.perspective import Perspective
from ludus.games.caesar_cleopatra.notation import DRAW as CC_DRAW
from ludus.games.caesar_cleopatra.phases import CASTLING_PLACE, VETO_WINDOW
from ludus.games.claim.notation import PLAY
from ludus.games.claim.positions import position
from ludus.games.seize_rome.notation import DRAW


def _played(game_id: str, seed: int, decisions: int, until=None, **options):
    """A game of heuristics after ``decisions`` moves (counted from the first position where
    ``until`` holds, if given), and the states before each move."""
    game = ludus.make(game_id, **options)
    bot = agents.make("heuristic", game, seed=seed)
    state = game.new_state(seed)
    before = []
    start = None if until else 0
    while not state.is_terminal:
        if start is None and until(state):
            start = len(state.history)
        if start is not None and len(state.history) >= start + decisions:
            break
        before.append(state.clone())
        state.apply(choose(bot, state, state.current_player))
    return state, before


def test_recall_remembers_each_move_as_the_seat_saw_it():
    state, before = _played("caesar-cleopatra", 3, 40)
    for p in (0, 1):
        recall = state.perspective(p, recall=True).recall
        assert len(recall) == len(state.history)
        for past, memory, action in zip(before, recall, state.history, strict=True):
            assert memory.seat == past.current_player
            if memory.seat == p:
                assert memory.action == action and memory.world is None
            else:       # a card put face down is remembered as the seat saw it, not whole
                assert memory.action == past.action_seen_by(action, p)
                assert memory.world.observe(p) == past.observe(p)
    recall = state.perspective(0, recall=True).recall
    hidden = [i for i, m in enumerate(recall) if m.seat == 1 and m.action != state.history[i]]
    assert hidden, "no face-down move in 40 decisions of Caesar & Cleopatra: the test shows nothing"


def test_a_perspective_without_recall_remembers_nothing():
    state, _ = _played("claim", 1, 10)
    assert state.perspective(0).recall is None
    assert state.perspective(0, recall=True).recall
    bot = agents.make("ismcts:iterations=20,infer=10", state.game)
    with pytest.raises(ludus.LudusError, match="recall=True"):
        bot.act(state.perspective(state.current_player))


def test_no_past_is_made_up_for_a_position_without_one():
    """A resampled world, a clone and a position built by hand have no first position to
    replay from: their recall is empty, not a guess."""
    state, _ = _played("claim", 2, 12)
    world = state.perspective(0).world
    assert world.perspective(0, recall=True).recall == ()
    assert state.clone().perspective(1, recall=True).recall == ()
    built = position(hands={0: ["gnomes 5", "trolls 2"], 1: ["dragons 1", "seers 8"]}, prizes=["giants 9"],
                     deck=["seers 0", "trolls 4", "gnomes 3"], leader=0)
    assert built.perspective(1, recall=True).recall == ()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", [1, 2])
def test_claim_rewinds_the_truth_to_the_hand_held_then(players, phase):
    """Rewinding the true position to each card play of this phase gives the hand its player
    really held then, in a position that looks to that player as the real one did."""
    state, before = _played("claim", 7, 4 * players, until=lambda s: s.phase == phase, players=players)
    assert state.phase == phase and not state.is_terminal
    rewind = state.game.parts.search.rewind
    p = state.current_player
    recall = state.perspective(p, recall=True).recall
    checked = 0
    for i, memory in enumerate(recall):
        if memory.seat == p:
            continue
        past = rewind(state.clone(), recall, i, p)
        if before[i].phase != state.phase or memory.action.kind != PLAY:
            assert past is None
            continue
        o = memory.seat
        assert past.hands[o] == before[i].hands[o]
        assert past.legal_actions() == before[i].legal_actions()
        checked += 1
    assert checked, "no card play of this phase was rewound"


def _rewound_truth(state, before: list):
    """Each other seat's decision in the recall of the seat to move, rewound from the true
    position: (recall, its index, the rewound position, the true position then, the decider)."""
    p = state.current_player
    recall = state.perspective(p, recall=True).recall
    rewind = state.game.parts.search.rewind
    for i, memory in enumerate(recall):
        if memory.seat != p:
            yield recall, i, rewind(state.clone(), recall, i, p), before[i], memory.seat


def _model_at_the_rewound_truth(model, state, before: list, skip=None) -> list[bool]:
    """For each other seat's decision that the game rewinds from the true position (less those
    ``skip(state, recall, i)`` leaves out): whether ``model`` plays there as it did at the true
    past position ``before[i]``, its tie-breaks seeded alike."""
    p = state.current_player
    recall = state.perspective(p, recall=True).recall
    agreed = []
    for i, memory in enumerate(recall):
        if memory.world is None or (skip and skip(state, recall, i)):
            continue
        past = state.game.parts.search.rewind(state.clone(), recall, i, p)
        if past is None:
            continue
        model.rng.seed(i)
        rewound = model.act(Perspective.in_world(past, memory.seat))
        model.rng.seed(i)
        agreed.append(rewound == model.act(before[i].perspective(memory.seat)))
    return agreed


def _every_card(w) -> Counter:
    """Seize Rome: every card of a position, wherever it lies."""
    return Counter([*(c for hand in w.hands for c in hand), *w.pile, *w.discard, *w.table,
                    *(c for region in w.board for column in region for c in column)])


def _rewinds_of_sampled_worlds(game_id: str, seeds, decisions, **options):
    """For positions of heuristic games, three worlds the seat's sampler deals, each rewound to
    every earlier move of the others: (world, the rewind or None, the true state then, memory,
    seat). ``decisions(seed)`` is how far each game is played."""
    rewind = ludus.make(game_id, **options).parts.search.rewind
    for seed in seeds:
        state, before = _played(game_id, seed, decisions(seed), **options)
        if state.is_terminal:
            continue
        p = state.current_player
        view = state.perspective(p, recall=True)
        rng = random.Random(seed)
        for world in (view.sample(rng) for _ in range(3)):
            for i, memory in enumerate(view.recall):
                if memory.seat != p:
                    yield world, rewind(world.clone(), view.recall, i, p), before[i], memory, p


def _drew_since(state, recall, i: int) -> bool:
    """Seize Rome: whether the seat deciding ``recall[i]`` has drawn a card since, by a draw or
    as a bonus at a round's end."""
    o = recall[i].seat
    return (any(m.seat == o and not isinstance(m.action, int) and m.action.kind == DRAW for m in recall[i:])
            or recall[i].world.bonus_drawn[o] != state.bonus_drawn[o])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seize_rome_rewinds_the_truth(players):
    """Rewinding the true position to another seat's decision gives the face-down cards it had
    then, and its hand too when it has drawn nothing since; when it has, which cards it drew is a
    guess, but the hand is as large and holds only cards it has held since. Very rarely (about one
    rewind in a thousand, drawn since or not) the decider's cards cannot be swapped into the
    seat's world of then, and there is no position. A rewound position holds every card once."""
    exact = guessed = earlier = unplaced = 0
    for seed in range(20):
        state, before = _played("seize-rome", seed, 12 + 2 * seed, players=players)
        if state.is_terminal:
            continue
        for recall, i, past, then, o in _rewound_truth(state, before):
            if past is None:
                unplaced += 1
                continue
            earlier += then.round != state.round
            assert _every_card(past) == _every_card(then)
            assert len(past.hands[o]) == len(then.hands[o])
            assert [column[o] for column in past.board] == [column[o] for column in then.board]
            if _drew_since(state, recall, i):
                held_since = {c for s in (*before[i:], state) for c in s.hands[o]}
                assert set(past.hands[o]) <= held_since
                guessed += 1
            else:
                assert past.hands[o] == then.hands[o]
                assert past.legal_actions() == then.legal_actions()
                exact += 1
    assert exact >= 5 and guessed >= 5 and earlier >= 5, (exact, guessed, earlier)
    assert unplaced <= 0.01 * (exact + guessed + unplaced)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seize_rome_rewinds_every_world_to_a_position_that_could_be(players):
    """Rewinding the worlds a search weighs: the decider's hand and face-down cards have the
    sizes they had, every card is in the game once, every face-down card fits its region, and
    the seat's own cards are as they were — and hardly ever is there no position."""
    from ludus.games.seize_rome.state import REGION_FITS

    made = failed = 0
    for _, past, then, memory, p in _rewinds_of_sampled_worlds("seize-rome", range(12), lambda seed: 10 + 4 * seed,
                                                               players=players):
        if past is None:
            failed += 1
            continue
        made += 1
        o = memory.seat
        assert _every_card(past) == _every_card(then)
        assert len(past.hands[o]) == len(then.hands[o])
        assert [len(column[o]) for column in past.board] == [len(column[o]) for column in then.board]
        assert all(c in REGION_FITS[r] for r, region in enumerate(past.board) for column in region for c in column)
        assert past.hands[p] == then.hands[p] and [c[p] for c in past.board] == [c[p] for c in then.board]
    assert made >= 100 and failed <= 0.02 * (made + failed), (made, failed)


def test_seize_rome_models_the_others_by_the_heuristics_one_step_rule():
    """The heuristic's look-ahead deals worlds of its own, too dear for every decision of every
    world weighed: inference models the others by its one-step rule, which plays at the rewound
    truth as at the true past when the seat has drawn nothing since."""
    from ludus.games.seize_rome.heuristic import OneStepAgent

    game = ludus.make("seize-rome", players=3)
    assert game.parts.search.model is OneStepAgent
    model = OneStepAgent(game, seed=1)
    same = total = 0
    for seed in range(8):
        state, before = _played("seize-rome", seed, 14 + 2 * seed, players=3)
        if state.is_terminal:
            continue
        agreed = _model_at_the_rewound_truth(model, state, before, skip=_drew_since)
        same, total = same + agreed.count(True), total + len(agreed)
    assert total >= 10 and same == total, f"{same} of {total}"


def _cc_draws_since(recall, i: int) -> int:
    """Caesar & Cleopatra: how many draws the seat deciding ``recall[i]`` has made since."""
    o = recall[i].seat
    return sum(1 for m in recall[i:] if m.seat == o and isinstance(m.action, tuple) and len(m.action) == 3
               and m.action.kind == CC_DRAW)


def _cc_cards(w) -> Counter:
    """Caesar & Cleopatra: every card of a position, wherever it lies."""
    return Counter(card for cards in w.zones().values() for card in cards)


def _cc_rewound_fits(past, then, memory, o: int, p: int) -> None:
    """What every rewound Caesar & Cleopatra position keeps: every card once, the decider's hand
    as large as it was, the seat's own cards as they were, and a legal move that looks like the
    move the seat saw."""
    assert _cc_cards(past) == _cc_cards(then)
    assert sum(past.hand_inf[o]) == sum(then.hand_inf[o]) and sum(past.hand_act[o]) == sum(then.hand_act[o])
    assert past.hand_inf[p] == then.hand_inf[p] and past.hand_act[p] == then.hand_act[p]
    assert past.down[p] == then.down[p]
    assert any(past.action_seen_by(a, p) == memory.action for a in past.legal_actions())


@pytest.mark.parametrize("edition", ["classic", "2024"])
def test_caesar_cleopatra_rewinds_the_truth(edition):
    """Rewinding the true position to the opponent's decisions of its last few turns gives its
    bonus goal, and its hand exactly when it has drawn nothing since (as when the seat answers
    its action card) — unless a card it put face down was revealed since; before a draw, which
    card was drawn is a guess, but the move seen is one the rewound hand could make. Setup
    decisions, Castling's put-backs and decisions before the horizon are not rewound, and
    hardly any other."""
    from ludus.games.caesar_cleopatra.rewind import HORIZON

    exact = guessed = unused = 0
    for seed in range(8):
        n = 50 + 13 * seed
        answering = _played("caesar-cleopatra", seed, 0, edition=edition,
                            until=lambda s, n=n: len(s.history) > n and s.phase == VETO_WINDOW)
        for state, before in (_played("caesar-cleopatra", seed, n, edition=edition), answering):
            if state.is_terminal:
                continue
            p = state.current_player
            for recall, i, past, then, o in _rewound_truth(state, before):
                memory = recall[i]
                if (isinstance(memory.action, int) or then.phase == CASTLING_PLACE
                        or _cc_draws_since(recall, i) > HORIZON):
                    assert past is None
                    continue
                if past is None:
                    unused += 1
                    continue
                _cc_rewound_fits(past, then, memory, o, p)
                assert past.bonus == state.bonus
                if _cc_draws_since(recall, i) == 0:
                    same = past.hand_inf[o] == then.hand_inf[o] and past.hand_act[o] == then.hand_act[o]
                    assert same or any(m.seat == o and type(m.action) is tuple for m in recall[i:])
                    if same:
                        assert past.legal_actions() == then.legal_actions()
                        exact += 1
                else:
                    guessed += 1
    assert exact >= 5 and guessed >= 20, (exact, guessed)
    assert unused <= 0.02 * (exact + guessed + unused), (unused, exact, guessed)


def test_caesar_cleopatra_undoes_a_passive_draw_as_far_as_the_piles_went():
    """C21: a passive turn owed three cards with no influence pile left and two action cards
    drew those two only; undone, the hand gives back two action cards and nothing more."""
    from types import SimpleNamespace

    from ludus.games.caesar_cleopatra.phases import PASSIVE_DRAW
    from ludus.games.caesar_cleopatra.rewind import _Hand

    hand = _Hand([0, 1, 1, 0, 0, 0], [1, 1, 0, 0, 0, 0])
    before = SimpleNamespace(phase=PASSIVE_DRAW, owed=3, inf_pile=[(), ()], act_pile=[(), (2, 3)])
    hand.undraw(before, 1, 0, random.Random(1))         # asked for influence, which had run out
    assert hand.influence == [1, 2] and hand.actions == [] and hand.unknown == 0


@pytest.mark.parametrize("edition", ["classic", "2024"])
def test_caesar_cleopatra_rewinds_every_world_to_a_position_that_could_be(edition):
    """Rewinding the worlds a search weighs: every card in the game once, the hand as large as it
    was, the seat's own cards as they were, the world's bonus goal, and the move seen possible."""
    made = 0
    for world, past, then, memory, p in _rewinds_of_sampled_worlds("caesar-cleopatra", range(6),
                                                                   lambda seed: 60 + 15 * seed, edition=edition):
        if past is None:
            continue
        _cc_rewound_fits(past, then, memory, memory.seat, p)
        assert past.bonus[memory.seat] == world.bonus[memory.seat]
        made += 1
    assert made >= 100, made


def test_caesar_cleopatra_weighs_the_truth_above_the_worlds_dealt():
    """Against a heuristic opponent, the true deal (its face-down cards in no telling order, as
    a world keeps them) is likelier under the heuristic model than the average world the sampler
    deals."""
    game = ludus.make("caesar-cleopatra")
    model = agents.make("heuristic", game, seed=9)
    rewind = game.parts.search.rewind
    favoured = total = 0
    for seed in range(6):
        state, _ = _played("caesar-cleopatra", seed, 70 + 15 * seed)
        view = state.perspective(state.current_player, recall=True)
        rng = random.Random(seed)
        truth = state.clone()
        for side in truth.down:
            for cards in side:
                rng.shuffle(cards)
        others = [evidence(view.sample(rng), view, rewind, model) for _ in range(20)]
        noise = fitted_noise(others)
        mean = sum(log_likelihood(f, noise) for f in others) / len(others)
        favoured += log_likelihood(evidence(truth, view, rewind, model), noise) > mean
        total += 1
    assert favoured >= total - 1, f"the truth weighed above the average world at {favoured} of {total}"


def test_weights_favour_the_truth_when_the_others_play_as_modelled():
    """Against heuristic players, the true deal is more likely under the heuristic model than
    the average world the sampler deals, at most decisions of phase 1."""
    game = ludus.make("claim")
    model = agents.make("heuristic", game, seed=9)
    rewind = game.parts.search.rewind
    favoured = total = 0
    for seed in range(4):
        for decisions in (12, 18, 22):
            state, _ = _played("claim", seed, decisions)
            view = state.perspective(state.current_player, recall=True)
            rng = random.Random(seed)
            truth = log_likelihood(evidence(state.clone(), view, rewind, model), 0.2)
            assert truth > -math.inf
            others = [log_likelihood(evidence(view.sample(rng), view, rewind, model), 0.2) for _ in range(20)]
            favoured += truth >= sum(others) / len(others)
            total += 1
    assert favoured >= 0.8 * total, f"the truth weighed above the average world at {favoured} of {total}"


@pytest.mark.parametrize("others, low, high", [("heuristic", 0.0, 0.3), ("random", 0.6, 1.0)])
def test_the_noise_is_fitted_to_how_the_others_play(others, low, high):
    """Against players the heuristic predicts, inference trusts it; against random ones, hardly."""
    game = ludus.make("claim")
    model = agents.make("heuristic", game, seed=9)
    bots = [agents.make("heuristic", game, seed=1), agents.make(others, game, seed=2)]
    fits = []
    for seed in range(3):
        state = game.new_state(seed)
        while len(state.history) < 22:
            p = state.current_player
            state.apply(choose(bots[p], state, p))
        view = state.perspective(0, recall=True)
        rng = random.Random(seed)
        fits.append(fitted_noise([evidence(view.sample(rng), view, game.parts.search.rewind, model)
                                  for _ in range(30)]))
    assert all(low <= f <= high for f in fits), fits


def test_inference_stands_aside_against_players_the_model_does_not_explain():
    """Against random players the noise fitted on the first worlds is high: nothing is weighed
    and the search keeps its time; against heuristic players the worlds are weighed."""
    game = ludus.make("claim")
    model = agents.make("heuristic", game, seed=9)
    for others, weighed in (("random", False), ("heuristic", True)):
        bots = [agents.make("heuristic", game, seed=1), agents.make(others, game, seed=2)]
        state = game.new_state(1)
        while len(state.history) < 22:
            p = state.current_player
            state.apply(choose(bots[p], state, p))
        view = state.perspective(0, recall=True)
        pool = weighted_worlds(view, game.parts.search.rewind, model, 40, random.Random(3))
        assert (pool is not None) == weighed, others


def test_weights_are_tempered_to_rest_on_enough_worlds():
    def spread(weights):
        return sum(weights) ** 2 / sum(w * w for w in weights)

    gentle = [0.0, -0.1, -0.2, -0.3]
    assert tempered(gentle, 2.0) == [math.exp(x) for x in gentle]          # already spread: as it is
    sharp = [0.0, -9.0, -12.0, -15.0, -math.inf, -20.0, -11.0, -10.0]
    weights = tempered(sharp, 2.0)
    assert spread(weights) >= 2.0 and weights[4] == 0.0
    assert all(weights[i] >= weights[j] for i in range(8) for j in range(8) if sharp[i] > sharp[j])
    assert spread([math.exp(x) for x in sharp if x > -math.inf]) < 2.0


def test_weighed_worlds_are_worlds_the_seat_cannot_tell_from_the_truth():
    state, _ = _played("claim", 5, 20)
    p = state.current_player
    view = state.perspective(p, recall=True)
    game = state.game
    worlds = weighted_worlds(view, game.parts.search.rewind, agents.make("heuristic", game, seed=1), 30,
                             random.Random(4), noise=0.2)
    assert len(worlds) == 30
    assert all(w.observe(p) == state.observe(p) for w in worlds)
    assert len({id(w) for w in worlds}) < 30, "weights this uneven should keep some worlds more than once"


def test_nothing_is_weighed_before_another_seat_has_moved():
    game = ludus.make("claim", first_leader="0")
    view = game.new_state(3).perspective(0, recall=True)
    model = agents.make("heuristic", game, seed=1)
    assert weighted_worlds(view, game.parts.search.rewind, model, 10, random.Random(1)) is None


def test_an_inferring_search_is_deterministic_and_reads_the_recall():
    state, _ = _played("claim", 6, 16)
    p = state.current_player
    bot = agents.make("ismcts:iterations=60,infer=20,seed=3", state.game)
    assert bot.uses_recall
    moves = {str(choose(agents.make("ismcts:iterations=60,infer=20,seed=3", state.game), state, p))
             for _ in range(3)}
    assert len(moves) == 1
    assert not agents.make("ismcts:iterations=60,seed=3", state.game).uses_recall


@pytest.mark.parametrize("spec, words", [
    ("ismcts:infer=-1", "infer"), ("ismcts:infer=many", "infer"), ("ismcts:infer=2.5", "infer"),
    ("ismcts:infer=10,noise=0", "noise"), ("ismcts:infer=10,noise=1.5", "noise"),
    ("ismcts:infer=10,noise=nan", "noise"), ("ismcts:infer=10,noise=5e-324", "0.001 to 1"),
    ("ismcts:noise=0.5", "with infer above 0"),
])
def test_bad_inference_parameters_are_refused(spec, words):
    with pytest.raises(OptionError, match=words):
        agents.make(spec, ludus.make("claim"))


def test_a_game_without_a_rewind_hook_refuses_inference(monkeypatch):
    game = ludus.make("seize-rome")
    assert agents.make("ismcts:infer=10", game).uses_recall
    hooks = dataclasses.replace(game.parts.search, rewind=None)
    monkeypatch.setattr(type(game), "parts", dataclasses.replace(game.parts, search=hooks))
    with pytest.raises(OptionError, match="cannot rewind"):
        agents.make("ismcts:infer=10", game)


def test_weighing_stops_at_its_deadline():
    """Inference weighs worlds until its deadline (a search's time budget gives it a quarter of
    the budget) and plays in as many; when the pace of the first shows that fewer than 10 would
    be weighed, it stands aside at once and leaves the search the time."""
    state, _ = _played("claim", 5, 20)
    view = state.perspective(state.current_player, recall=True)
    game = state.game
    model = agents.make("heuristic", game, seed=1)
    ticks = []

    def weigh(deadline):
        ticks.clear()

        def clock():                                  # the clock moves 0.1 a world
            ticks.append(len(ticks) / 10)
            return ticks[-1]
        return weighted_worlds(view, game.parts.search.rewind, model, 50, random.Random(2), 0.2,
                               deadline=deadline, clock=clock)

    assert len(weigh(1.45)) == 15 and ticks[-1] == 1.5
    assert weigh(0.75) is None and len(ticks) == 2     # the start, and one world's pace
    assert len(weigh(100.0)) == 50


def test_the_model_predicts_the_rewound_truth_as_it_did_the_true_past():
    """Rewinding the truth, the heuristic model plays as it did at the true past position
    (its tie-breaks seeded alike), but for rare decisions where its guess of its own phase-1
    deck cards changes what it counts as unseen."""
    game = ludus.make("claim")
    model = agents.make("heuristic", game, seed=1)
    same = total = 0
    for seed in range(4):
        state, before = _played("claim", seed, 22)
        agreed = _model_at_the_rewound_truth(model, state, before)
        same, total = same + agreed.count(True), total + len(agreed)
    assert total > 20 and same >= 0.95 * total, f"{same} of {total}"


def test_a_table_decides_from_its_record_as_the_game_itself_would():
    """The server rebuilds a game from its record for every bot move: the recall, and so the
    inferring bot's move, must come out the same there."""
    from ludus.session import AgentTask, decide

    state, _ = _played("claim", 8, 18)
    p = state.current_player
    spec = "ismcts:iterations=40,infer=16"
    task = AgentTask(state.record(), p, spec, 77, "agent")
    here = agents.make(spec, state.game, seed=77)
    here.rng.seed(derive_seed(77, len(state.history)))
    assert decide(task) == str(choose(here, state, p))
    rebuilt = ludus.replay(state.record()).perspective(p, recall=True).recall
    assert len(rebuilt) == len(state.history)
    remembered = state.perspective(p, recall=True).recall
    assert [(m.seat, m.action) for m in rebuilt] == [(m.seat, m.action) for m in remembered]


POLICY = pathlib.Path(__file__).resolve().parents[2] / "examples" / "models" / "claim-ppo.npz"


def test_a_trained_policy_can_be_the_model_and_fits_its_own_play_best():
    """``model=FILE``: inference models the others by a trained policy. Against a seat that
    plays that policy the fit trusts it and hardly trusts the heuristic."""
    pytest.importorskip("numpy")
    game = ludus.make("claim")
    bots = [agents.make("heuristic", game, seed=1), agents.make(f"policy:path={POLICY}", game)]
    state = game.new_state(3)
    while len(state.history) < 20:
        p = state.current_player
        state.apply(choose(bots[p], state, p))
    search = agents.make(f"ismcts:iterations=40,infer=20,model={POLICY},seed=2", game)
    assert choose(search, state, state.current_player) in state.legal_actions()
    view = state.perspective(0, recall=True)
    fits = {}
    for name, model in (("policy", search._model), ("heuristic", agents.make("heuristic", game, seed=1))):
        rng = random.Random(1)
        fits[name] = fitted_noise([evidence(view.sample(rng), view, game.parts.search.rewind, model)
                                   for _ in range(30)])
    assert fits["policy"] <= 0.2 and fits["heuristic"] >= 0.6, fits


def test_a_policy_model_is_checked_like_a_policy_agent():
    pytest.importorskip("numpy")
    with pytest.raises(OptionError, match="with infer above 0"):
        agents.make(f"ismcts:model={POLICY}", ludus.make("claim"))
    with pytest.raises(OptionError, match="not for seize-rome"):
        agents.make(f"ismcts:infer=10,model={POLICY}", ludus.make("seize-rome"))
    with pytest.raises(OptionError, match="no policy file"):
        agents.make("ismcts:infer=10,model=nowhere.npz", ludus.make("claim"))


def test_caesar_cleopatra_informed_leaf_reads_the_opponents_face_down_values():
    """The leaf of weighed worlds counts the opponent's face-down cards at the world's values; the
    plain leaf (and the heuristic's own evaluation) at their expected value, whatever they are."""
    from ludus.games.caesar_cleopatra.heuristic import evaluate

    state, _ = _played("caesar-cleopatra", 4, 50)
    p = state.current_player
    q = 1 - p
    g = next(g for g in range(5) if state.down[q][g] and state.left[g])   # there are three
    low, high = state.clone(), state.clone()
    low.down[q][g] = [1] * len(state.down[q][g])
    high.down[q][g] = [5] * len(state.down[q][g])
    assert evaluate(low, p) == evaluate(high, p)
    assert evaluate(low, p, informed=True) > evaluate(high, p, informed=True)


@pytest.mark.parametrize("weighed", [True, False])
def test_a_search_scores_weighed_worlds_with_the_informed_leaf_only(monkeypatch, weighed):
    """Worlds drawn alike say nothing of hidden cards: where inference stands aside the search
    keeps the plain leaf."""
    from ludus.agents import ismcts

    state, _ = _played("caesar-cleopatra", 4, 90)
    p = state.current_player
    view = state.perspective(p, recall=True)
    bot = agents.make("ismcts:iterations=20,infer=5,seed=1", state.game)
    used = Counter()
    plain, informed = bot.leaf_values, bot._informed_leaf_values
    monkeypatch.setattr(bot, "leaf_values", lambda w, seat: used.update(["plain"]) or plain(w, seat))
    monkeypatch.setattr(bot, "_informed_leaf_values", lambda w, seat: used.update(["informed"]) or informed(w, seat))
    monkeypatch.setattr(ismcts, "weighted_worlds",
                        lambda view, *args: [view.sample(random.Random(k)) for k in range(5)] if weighed else None)
    bot.act(view)
    assert set(used) == ({"informed"} if weighed else {"plain"}), used
