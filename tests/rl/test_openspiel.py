"""Every game loads as an OpenSpiel game and passes OpenSpiel's own random simulation test; its
chance nodes deal every seed the engine can; its tensors are the environments' (recall fed from
the session log); its information state is alike in every world the seat cannot tell apart;
clones and pickles never copy the engine's internals; ISMCTS and MCCFR run on Claim."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import ludus  # noqa: E402
from contract.helpers import canon, deal_shuffles, transposed_deal  # noqa: E402
from ludus.core.errors import IllegalAction, LudusError, OptionError  # noqa: E402
from ludus.envs import openspiel as los  # noqa: E402

from .helpers import table  # noqa: E402

SETS = [
    ("caesar-cleopatra", {}),
    ("caesar-cleopatra", {"edition": 2024, "wrath": "face-up"}),
    ("claim", {}),
    ("claim", {"players": 3, "first_leader": 1}),
    ("claim", {"players": 4, "dragon": "last-dragon"}),
    ("claim", {"factions": "claim2"}),
    ("claim", {"factions": "knights,goblins,dragons,trolls,seers"}),
    ("seize-rome", {}),
    ("seize-rome", {"players": 3, "voluntary_pass": True, "regions_to_win": 3}),
    ("seize-rome", {"players": 4, "control": "per-round"}),
]
IDS = [f"{g}:{','.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, o in SETS]
DEFAULTS = ["caesar-cleopatra", "claim", "seize-rome"]


def load(game_id: str, **params):
    return pyspiel.load_game(los.game_name(game_id), params)


def dealt(game, seed: int):
    """The OpenSpiel state whose chance outcomes spell ``seed``."""
    state = game.new_initial_state()
    for outcome in los.outcomes_of(seed):
        state.apply_action(outcome)
    return state


def walk(state, seed: int, steps: int):
    """Play ``steps`` random legal moves (fewer if the game ends), yielding the state before each."""
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        state.apply_action(pick.choice(state.legal_actions()))


@pytest.mark.parametrize(("game_id", "params"), SETS, ids=IDS)
def test_openspiel_random_sim_test_passes(game_id, params):
    game = load(game_id, **params)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_are_the_games_options():
    game = load("claim", players=3, first_leader=1)
    assert game.ludus_game.options == ludus.make("claim", players=3, first_leader="1").options
    assert game.num_players() == 3
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM     # a shared win of two
    by_name = pyspiel.load_game("ludus_seize_rome(players=4,regions=8,voluntary_pass=true,first_player=-1)")
    options = by_name.ludus_game.options
    assert (options.players, options.regions, options.voluntary_pass, options.first_player) == (4, 8, "true", "random")
    assert load("caesar-cleopatra", edition=2024).ludus_game.options.edition == "2024"
    assert load("claim").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_bad_parameters_are_refused_with_what_is_accepted():
    with pytest.raises(OptionError, match="players takes one of: 2, 3, 4"):
        load("claim", players=5)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        load("claim", bogus=1)


def test_a_list_parameter_is_written_so_that_the_name_loads_again():
    """Commas part a name's parameters, so Claim's list of factions is kept and named with
    ``+`` between them; given either way, the game's name loads the same game, and a state
    serialised with it deserialises."""
    game = load("claim", factions="knights,goblins,dragons,trolls,seers")
    assert "factions=knights+goblins+dragons+trolls+seers," in str(game)
    again = pyspiel.load_game(str(game))
    assert again.ludus_game.options == game.ludus_game.options == ludus.make(
        "claim", factions="knights,goblins,dragons,trolls,seers").options
    state = dealt(game, 5)
    state.apply_action(state.legal_actions()[0])
    other_game, other = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(other_game) == str(game) and str(other) == str(state)
    assert other.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize(("name", "params", "spelling"), [
    ("ludus_caesar_cleopatra", {"edition": 1997}, "edition=-1 for classic"),
    ("ludus_claim", {"first_leader": 3}, "first_leader=-1 for random"),
    ("ludus_seize_rome", {"regions_to_win": 8}, "regions_to_win=-1 for auto"),
])
def test_a_refused_word_parameter_is_told_how_openspiel_spells_the_word(name, params, spelling):
    """ludus's message offers the word ("random"), which OpenSpiel refuses as text where the
    parameter is a whole number; the message says which number it is."""
    with pytest.raises(OptionError, match=spelling):
        pyspiel.load_game(name, params)


@pytest.mark.parametrize("seed", [0, 42, -1, -2**63, 2**63 - 1, 0x0123456789ABCDEF])
def test_eight_chance_nodes_spell_every_seed(seed):
    assert los.seed_of(los.outcomes_of(seed)) == seed
    game = load("claim")
    state = game.new_initial_state()
    for outcome in los.outcomes_of(seed):
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(o, 1 / 256) for o in range(256)]
        state.apply_action(outcome)
    assert not state.is_chance_node()
    truth = ludus.make("claim").new_state(seed=seed)
    assert state.ludus_state.seed == seed
    for p in range(2):
        assert canon(state.ludus_state.observe(p)) == canon(truth.observe(p))


def test_illegal_actions_are_refused_and_change_nothing():
    state = load("claim").new_initial_state()
    with pytest.raises(IllegalAction, match="0..255"):
        state.apply_action(256)
    assert state.history() == [] and state.is_chance_node()
    state = dealt(load("claim"), 8)
    before = (str(state), state.history(), state.information_state_string(0), state.information_state_string(1))
    illegal = next(a for a in range(205) if a not in state.legal_actions())
    for action in (illegal, 205):
        with pytest.raises(IllegalAction, match="not legal|action id is a whole number"):
            state.apply_action(action)
    assert (str(state), state.history(), state.information_state_string(0), state.information_state_string(1)) == before


@pytest.mark.parametrize(("game_id", "params"), [SETS[0], SETS[3], SETS[6]], ids=[IDS[0], IDS[3], IDS[6]])
def test_tensors_are_the_environments(game_id, params):
    """Each seat's observation and information state are the encoder's, with the recall a
    ludus table feeds from ``Session.log(seat)`` after the same moves."""
    game = load(game_id, **params)
    state = dealt(game, 11)
    t = table(game.ludus_game, 11)
    obs, info = make_observation(game), make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert list(obs.dict) == list(t.encoder.layout["observation"])
    assert list(info.dict) == list(t.encoder.layout["information_state"])
    pick = random.Random(11)
    while True:
        for p in range(game.num_players()):
            expected = t.tensor(p)
            where = f"seat {p} after {len(t.state.history)} decisions"
            assert np.array_equal(state.information_state_tensor(p), expected), where
            assert np.array_equal(state.observation_tensor(p), t.encoder.observation(t.state, p)), where
            info.set_from(state, p)
            assert np.array_equal(info.tensor, expected), where
            assert [(e.seat, e.move, e.events) for e in state.play.logs[p]] == _seen(t, p), where
        if state.is_terminal() or len(t.state.history) >= 300:
            break
        action = pick.choice(state.legal_actions())
        state.apply_action(action)
        t.play(t.to_move, action)


def test_chance_nodes_show_nothing():
    game = load("seize-rome")
    state = game.new_initial_state()
    state.apply_action(7)
    assert not np.any(state.information_state_tensor(0)) and not np.any(state.observation_tensor(1))
    assert state.information_state_string(0) == state.observation_string(1) == "dealing"


def test_only_a_seats_own_view_is_observed():
    with pytest.raises(ValueError, match="one seat's own view"):
        make_observation(load("claim"), pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))


@pytest.mark.parametrize("game_id", DEFAULTS)
def test_information_state_is_alike_in_every_world_the_seat_cannot_tell_apart(game_id):
    game = load(game_id)
    state = dealt(game, 5)
    for k, s in enumerate(walk(state, 5, 120)):
        if k % 15:
            continue
        for p in range(game.num_players()):
            world = s.resample(p, random.Random(k))
            assert world.information_state_string(p) == s.information_state_string(p)
            assert np.array_equal(world.information_state_tensor(p), s.information_state_tensor(p))
            assert world.observation_string(p) == s.observation_string(p)


def _seen(t, p: int) -> list:
    """Seat p's log at a ludus table: who decided, the move where p saw it whole, the events."""
    return [(e.seat, e.move, e.events) for e in t.session.log(p)]


@pytest.mark.parametrize("game_id", DEFAULTS)
def test_twin_deals_give_the_seat_the_same_information_state(game_id):
    """Two deals alike but for two cards, played alike: while a seat's observation and session
    log are the same in both, so is its information state string; once either differs, so does
    the string."""
    game = load(game_id)
    seed, rng = 3, random.Random(3)
    shuffles = deal_shuffles(game.ludus_game, seed)
    alike = apart = 0
    for _ in range(20):
        at, i, j = rng.randrange(shuffles), rng.randrange(40), rng.randrange(40)
        one, t1 = dealt(game, seed), table(game.ludus_game, seed)
        with transposed_deal(at, i, j):         # counts the shuffles of one deal
            two = dealt(game, seed)
        with transposed_deal(at, i, j):
            t2 = table(game.ludus_game, seed)
        if canon(t1.state.zones()) == canon(t2.state.zones()):
            continue
        pick = random.Random(at)
        for _ in range(60):
            for p in range(game.num_players()):
                seen_alike = (canon(t1.state.observe(p)) == canon(t2.state.observe(p))
                              and _seen(t1, p) == _seen(t2, p))
                same = one.information_state_string(p) == two.information_state_string(p)
                assert same == seen_alike, f"seat {p} after {len(t1.state.history)} decisions"
                alike, apart = alike + seen_alike, apart + (not seen_alike)
            if one.is_terminal() or one.legal_actions() != two.legal_actions():
                break
            action = pick.choice(one.legal_actions())
            for s, t in ((one, t1), (two, t2)):
                s.apply_action(action)
                t.play(t.to_move, action)
    assert alike > 10 and apart > 0


@pytest.mark.parametrize("game_id", DEFAULTS)
def test_clone_and_pickle_never_copy_the_engine(game_id):
    """Seize Rome's states cannot be deep-copied or pickled field by field; the OpenSpiel state
    can, through the record."""
    game = load(game_id)
    state = dealt(game, 9)
    for _ in walk(state, 9, 12):
        pass
    assert not state.is_terminal()
    copies = [state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
              pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]]
    action = state.legal_actions()[-1]
    state.apply_action(action)
    for other in copies:
        assert other.history() == state.history()[:-1]
        other.apply_action(action)
        assert str(other) == str(state)
        for p in range(game.num_players()):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
    halfway = game.new_initial_state()
    halfway.apply_action(3)
    assert str(pickle.loads(pickle.dumps(halfway))) == str(halfway)


@pytest.mark.parametrize("name", ["ludus_caesar_cleopatra(edition=2024)", "ludus_seize_rome(players=3)",
                                  "ludus_claim(factions=knights+goblins+undead+dwarves+doppelgangers+dragons+trolls,"
                                  "players=3)"])
def test_a_game_pickles_by_its_name(name):
    """A game object itself pickles (Ray and multiprocessing send it to workers), as the same game."""
    game = pyspiel.load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_players() == game.num_players()
    assert again.new_initial_state().legal_actions() == game.new_initial_state().legal_actions()


def test_a_resampled_world_is_not_serialised():
    game = load("claim")
    world = dealt(game, 2).resample(0, random.Random(0))
    with pytest.raises(LudusError, match="a resampled world has no record"):
        pickle.dumps(world)
    world.clone().apply_action(world.legal_actions()[0])      # but it clones and plays on


def test_ismcts_plays_claim_to_the_end():
    """Both seats are OpenSpiel's Python IS-MCTS with ludus's resampler; the bot asserts that
    every world it samples gives the seat the information state it has in the truth."""
    game = load("claim")
    bots = []
    for seat in range(2):
        rs = np.random.RandomState(seat)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=5,
                               random_state=rs)
        bot.set_resampler(los.resampler(seed=seat))
        bots.append(bot)
    state = dealt(game, 21)
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_outcome_sampling_mccfr_gives_a_policy_on_claim():
    game = load("claim")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(15):
        solver.iteration()
    policy = solver.average_policy()
    state = dealt(game, 4)
    for s in walk(state, 4, 30):
        probs = policy.action_probabilities(s)
        assert sorted(probs) == s.legal_actions()
        assert sum(probs.values()) == pytest.approx(1.0)
    learned = solver._infostates
    assert learned and all("\nrecall " in key for key in learned)
