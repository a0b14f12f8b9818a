"""The PettingZoo AEC environment passes PettingZoo's own checks (api_test, seed_test,
render_test) for every game and the option sets that change its seats or its rules most, deals
the game its reset seed names, and refuses bad settings with the engine's errors."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import ludus  # noqa: E402
from ludus import envs  # noqa: E402
from ludus.envs import pettingzoo as lpz  # noqa: E402

SETS = [
    ("caesar-cleopatra", {}),
    ("caesar-cleopatra", {"edition": "2024"}),
    ("claim", {}),
    ("claim", {"players": 3}),
    ("claim", {"players": 4}),
    ("seize-rome", {}),
    ("seize-rome", {"players": 3}),
    ("seize-rome", {"players": 4}),
]
IDS = [f"{g}:{','.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, o in SETS]


@pytest.fixture(autouse=True)
def _quiet():
    """PettingZoo warns of any Dict observation space (the card games it ships have the same)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        yield


@pytest.mark.parametrize(("game_id", "options"), SETS, ids=IDS)
def test_pettingzoo_checks_pass(game_id, options):
    api_test(lpz.env(game_id, **options), num_cycles=150)
    seed_test(lambda **kw: lpz.env(game_id, **options, **kw), num_cycles=40)
    render_test(lambda **kw: lpz.env(game_id, **options, **kw))


@pytest.mark.parametrize("game_id", ludus.game_ids())
def test_the_information_state_passes_the_api_test(game_id):
    api_test(lpz.env(game_id, tensor="information_state"), num_cycles=60)


@pytest.mark.parametrize(("game_id", "options"), SETS, ids=IDS)
def test_reset_seed_deals_that_game(game_id, options):
    """reset(seed=s) deals new_state(seed=s): the first observation is that game's."""
    env = lpz.env(game_id, **options)
    env.reset(seed=7)
    state = env.game.new_state(seed=7)
    enc = envs.encoder(env.game)
    for p, agent in enumerate(env.possible_agents):
        assert np.array_equal(env.observe(agent)["observation"], enc.observation(state, p))
    assert env.agent_selection == env.possible_agents[state.current_player]


def test_a_game_plays_to_its_returns():
    """Rewards are the game's returns, once, at the end; then every agent is stepped out."""
    env = lpz.env("claim", players=3)
    env.reset(seed=2)
    pick = np.random.default_rng(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(pick.choice(obs["action_mask"].nonzero()[0])))
    returns = env.table.state.returns()
    assert [totals[a] for a in env.possible_agents] == [float(r) for r in returns]
    assert env.agents == []


def test_the_seat_to_move_alone_has_moves():
    """The mask of the agent to act is never empty; every other agent's is all zeros."""
    env = lpz.env("seize-rome", players=4)
    env.reset(seed=5)
    pick = np.random.default_rng(5)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        assert not any(env.observe(other)["action_mask"].any() for other in env.agents if other != agent)
        env.step(int(pick.choice(obs["action_mask"].nonzero()[0])))


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = lpz.env("caesar-cleopatra")
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    for action in (illegal, 10_000, 2.5, "up 3 senators"):
        with pytest.raises(ludus.IllegalAction):
            env.step(action)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])


@pytest.mark.parametrize("kwargs", [{"players": 5}, {"colour": "red"}, {"render_mode": "rgb_array"},
                                    {"tensor": "state"}])
def test_bad_settings_are_refused(kwargs):
    with pytest.raises(ludus.OptionError):
        lpz.env("claim", **kwargs)


@pytest.mark.parametrize("seed", [-5, -2**63])
def test_a_negative_seed_deals_that_game(seed):
    """ludus deals every 64-bit seed; the generator is seeded from it all the same."""
    one, two = lpz.env("seize-rome"), lpz.env("seize-rome")
    one.reset(seed=seed)
    truth = one.game.new_state(seed=seed)
    assert np.array_equal(one.observe("player_0")["observation"], envs.encoder(one.game).observation(truth, 0))
    two.reset(seed=seed)
    one.reset()
    two.reset()
    assert np.array_equal(one.observe("player_0")["observation"], two.observe("player_0")["observation"])


@pytest.mark.parametrize("call", ["step", "observe", "render"])
def test_before_the_first_reset_the_error_says_to_reset(call):
    env = lpz.env("claim", render_mode="ansi")
    args = {"step": [0], "observe": ["player_0"], "render": []}[call]
    with pytest.raises(ludus.LudusError, match=r"call reset\(\) first"):
        getattr(env, call)(*args)


@pytest.mark.parametrize("read", ["last", "agents", "agent_selection", "agent_iter"])
def test_before_the_first_reset_what_reset_sets_says_to_reset(read):
    """As PettingZoo's order-enforcing wrapper has it: an AttributeError (so hasattr is False)
    that names reset(), not Python's bare one."""
    env = lpz.env("claim")
    calls = {"last": lambda: env.last(), "agents": lambda: env.agents,
             "agent_selection": lambda: env.agent_selection, "agent_iter": lambda: next(iter(env.agent_iter()))}
    with pytest.raises(AttributeError, match=r"before reset\(\): call env.reset\(\) first"):
        calls[read]()
    assert not hasattr(env, "agents")
    env.reset(seed=1)
    assert env.agents == ["player_0", "player_1"] and env.last()[0]["action_mask"].any()
    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        env.nonesuch  # noqa: B018


def test_human_mode_draws_every_new_position(capsys):
    """PettingZoo's "human" mode renders during reset and step, without render() being called."""
    env = lpz.env("claim", render_mode="human")
    env.reset(seed=1)
    assert "Your hand" in capsys.readouterr().out
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert "Your hand" in capsys.readouterr().out
