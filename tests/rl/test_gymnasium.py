"""The Gymnasium environment: one seat against ludus agents. It passes Gymnasium's own
check_env (with on_illegal="lose", since the checker samples without the mask), gives the mask
both ways MaskablePPO and others read it, ends with the seat's return, replays an episode from
its seed (any 64-bit one), treats an illegal action as told (raise, changing nothing; or lose),
and is registered for gymnasium.make and make_vec."""

from __future__ import annotations

import json
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import ludus  # noqa: E402
from ludus import envs  # noqa: E402
from ludus.envs import gymnasium as lg  # noqa: E402

SETS = [("caesar-cleopatra", {}), ("caesar-cleopatra", {"edition": "2024"}), ("claim", {}),
        ("claim", {"players": 4}), ("seize-rome", {}), ("seize-rome", {"players": 3})]
IDS = [f"{g}:{','.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, o in SETS]


def episode(env, seed: int) -> tuple[list, float]:
    """A whole episode of uniformly random legal actions (drawn from ``seed``): the actions, the
    reward summed."""
    obs, info = env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    actions, total, done = [], 0.0, False
    while not done:
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        action = int(pick.choice(np.flatnonzero(env.action_masks())))
        obs, reward, done, truncated, info = env.step(action)
        assert env.observation_space.contains(obs) and not truncated
        actions.append(action)
        total += reward
    return actions, total


@pytest.mark.parametrize(("game_id", "options"), SETS, ids=IDS)
def test_gymnasium_check_env_passes(game_id, options):
    """Made directly, the env carries its spec as gymnasium.make's would, so the checker also
    remakes it in every render mode (no "not having a spec" warning)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*not having a spec")
        check_env(lg.env(game_id, opponents=["heuristic"], on_illegal="lose", render_mode="ansi", **options))


@pytest.mark.parametrize(("game_id", "options"), SETS, ids=IDS)
def test_an_episode_ends_with_the_seats_return(game_id, options):
    seat = ludus.make(game_id, **options).num_players - 1
    env = lg.env(game_id, opponents="random", seat=seat, tensor="information_state", **options)
    _, total = episode(env, 3)
    assert total == env.table.state.returns()[seat]
    assert not env.action_masks().any()


def test_an_episode_replays_from_its_seed():
    one, two = (lg.env("claim", opponents=["heuristic", "random"], players=3) for _ in range(2))
    assert episode(one, 11) == episode(two, 11)
    assert one.table.state.record() == two.table.state.record()


def test_an_illegal_action_raises_and_changes_nothing():
    env = lg.env("seize-rome", opponents=["heuristic"], on_illegal="raise")
    obs, info = env.reset(seed=4)
    played = list(env.table.state.history)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for action in (illegal, -1, 1.0):
        with pytest.raises(ludus.IllegalAction):
            env.step(action)
    assert np.array_equal(env.table.tensor(0), obs) and env.table.state.history == played


def test_an_illegal_action_loses_when_asked():
    env = lg.env("seize-rome", opponents=["heuristic"], on_illegal="lose")
    _, info = env.reset(seed=4)
    _, reward, terminated, _, _ = env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, terminated) == (-1.0, True)
    with pytest.raises(ludus.LudusError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("kwargs", [{"opponents": ["random", "random"]}, {"opponents": ["nobody"]},
                                    {"opponents": 3}, {"seat": 2}, {"seat": True}, {"on_illegal": "ignore"}])
def test_bad_settings_are_refused(kwargs):
    with pytest.raises(ludus.OptionError):
        lg.env("claim", **kwargs)


def test_the_mask_is_empty_once_an_illegal_action_has_lost():
    """The episode is over, so nothing is legal, though the game beneath goes on."""
    env = lg.env("claim", on_illegal="lose")
    _, info = env.reset(seed=4)
    _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert terminated and not info["action_mask"].any() and not env.action_masks().any()


@pytest.mark.parametrize("seed", [-5, -2**63])
def test_a_negative_seed_deals_that_game(seed):
    """ludus deals every 64-bit seed (half of OpenSpiel's chance outcomes spell a negative one);
    the generator is seeded from it all the same, so resets after it repeat."""
    one, two = lg.env("claim"), lg.env("claim")
    obs, _ = one.reset(seed=seed)
    assert np.array_equal(obs, envs.encoder(one.game).observation(one.game.new_state(seed=seed), 0))
    two.reset(seed=seed)
    assert np.array_equal(one.reset()[0], two.reset()[0])


@pytest.mark.parametrize("call", ["step", "action_masks", "render"])
def test_before_the_first_reset_the_error_says_to_reset(call):
    env = lg.env("claim", render_mode="ansi")
    with pytest.raises(ludus.LudusError, match=r"call reset\(\) first"):
        getattr(env, call)(*([0] if call == "step" else []))


def test_human_mode_draws_every_new_position(capsys):
    """Gymnasium's "human" mode renders during reset and step, without render() being called."""
    env = lg.env("claim", render_mode="human")
    _, info = env.reset(seed=1)
    assert "Your hand" in capsys.readouterr().out
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert "Your hand" in capsys.readouterr().out
    lost = lg.env("claim", render_mode="human", on_illegal="lose")      # the losing step is drawn too
    _, info = lost.reset(seed=1)
    capsys.readouterr()
    assert lost.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))[1:3] == (-1.0, True)
    assert "Your hand" in capsys.readouterr().out


def test_gymnasium_make_and_make_vec_know_every_game():
    """Each game is registered under its tensors' version, with the game's options as keywords."""
    import gymnasium

    for game_id in ludus.game_ids():
        version = envs.encoder(ludus.make(game_id)).version
        assert f"ludus/{game_id}-v{version}" in gymnasium.registry
    env = gymnasium.make("ludus/claim-v2", opponents=["heuristic"], players=3)
    assert env.unwrapped.game.num_players == 3 and env.spec.id == "ludus/claim-v2"
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no "not having a spec" any more
        check_env(gymnasium.make("ludus/claim-v2", on_illegal="lose").unwrapped, skip_render_check=True)
    vec = gymnasium.make_vec("ludus/seize-rome-v2", num_envs=2, vectorization_mode="sync")
    obs, info = vec.reset(seed=0)
    assert obs.shape == (2, 476) and info["action_mask"].shape == (2, 58)


def test_a_spec_serialises_and_makes_the_env_again():
    """The registration names its entry point as text, so that ``EnvSpec.to_json`` (which
    refuses a class) works, for the registered spec and for an env's own."""
    import gymnasium
    from gymnasium.envs.registration import EnvSpec

    registered = gymnasium.spec("ludus/claim-v2").to_json()
    assert json.loads(registered)["entry_point"] == "ludus.envs.gymnasium:LudusGymEnv"
    assert gymnasium.make(EnvSpec.from_json(registered)).unwrapped.game.num_players == 2
    made = lg.env("claim", opponents=["heuristic"], players=3)
    again = gymnasium.make(EnvSpec.from_json(made.spec.to_json())).unwrapped
    assert again.game.num_players == 3 and again.seats == made.seats
