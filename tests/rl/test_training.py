"""examples/train_claim.py trains and writes a file that ``policy:path=FILE`` plays; the agent
refuses, with a reason, a file it cannot play."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import ludus  # noqa: E402
from ludus import agents, envs  # noqa: E402
from ludus.agents import policy  # noqa: E402
from ludus.arena import play_game  # noqa: E402
from ludus.session import Session  # noqa: E402

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_claim.py"


def trainer():
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location("train_claim", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_policy(path, game_id="claim", seed=0, **changes):
    """A policy file written by hand (random weights), as the trainer lays it out."""
    game = ludus.make(game_id)
    enc = envs.encoder(game)
    rng = np.random.default_rng(seed)
    size, actions = enc.observation_shape[0], enc.num_actions
    fields = dict(format=policy.FORMAT, format_version=policy.FORMAT_VERSION, game=game.id, options=json.dumps({}),
                  encoder_version=enc.version, observation_size=size, num_actions=actions,
                  scale=np.ones(size, np.float32), layers=2,
                  w0=rng.normal(size=(16, size)).astype(np.float32), b0=np.zeros(16, np.float32),
                  w1=rng.normal(size=(actions, 16)).astype(np.float32), b1=np.zeros(actions, np.float32))
    fields.update(changes)
    np.savez(path, **fields)
    return str(path)


def test_a_few_training_steps_give_a_policy_that_plays_claim(tmp_path):
    out = tmp_path / "claim.npz"
    log = tmp_path / "runs" / "log.jsonl"      # a folder not made yet: the script makes it
    training = trainer().main(["--updates", "1", "--steps", "64", "--out", str(out), "--log", str(log)])
    assert training["updates"] == 1 and training["steps"] >= 64
    assert json.loads(log.read_text().splitlines()[0])["update"] == 1
    game = ludus.make("claim")
    final = play_game(game, [agents.make(f"policy:path={out}", game), agents.make("heuristic", game, seed=1)], seed=7)
    assert final.is_terminal
    table = Session(game, [f"policy:path={out}", "random"], seed=3)     # as ludus play and the server seat it
    table.advance()
    assert table.over


def test_the_file_holds_the_trained_networks_policy(tmp_path):
    """The arrays exported give the logits the torch network gives, legal moves or not."""
    module = trainer()
    import torch

    game = ludus.make("claim")
    enc = envs.encoder(game)
    torch.manual_seed(5)
    model = module.ActorCritic(enc.observation_shape[0], enc.num_actions)
    for p in model.parameters():       # weights far from the small initial policy head
        torch.nn.init.normal_(p, std=0.1)
    scale = np.full(enc.observation_shape, 0.5, np.float32)
    out = tmp_path / "p.npz"
    module.export(model, scale, game, enc, str(out), {})
    state = game.new_state(seed=11)
    x = enc.observation(state, state.current_player)
    with torch.no_grad():
        logits, _ = model(torch.from_numpy(x * scale), torch.ones(enc.num_actions, dtype=torch.bool))
    np.testing.assert_allclose(policy.load(str(out)).logits(x), logits.numpy(), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("spec, words", [
    ("policy", "policy:path=FILE"),
    ("policy:path={dir}/none.npz", "no policy file"),
    ("policy:path={dir}/junk.npz", "not a policy file"),
    ("policy:path={dir}/other.npz", "not a ludus policy file"),
    ("policy:path={dir}/cut.npz", "damaged policy file"),
    ("policy:path={dir}/seize.npz", "a policy for 'seize-rome', not for claim"),
    ("policy:path={dir}/good.npz,depth=3", "takes no parameter 'depth'"),
])
def test_a_policy_file_it_cannot_play_is_refused(tmp_path, spec, words):
    (tmp_path / "junk.npz").write_bytes(b"PK\x03\x04 not really a zip")
    np.savez(tmp_path / "other.npz", weights=np.zeros(3))
    write_policy(tmp_path / "cut.npz", w1=np.zeros((205, 15), np.float32))
    write_policy(tmp_path / "seize.npz", game_id="seize-rome")
    write_policy(tmp_path / "good.npz")
    with pytest.raises(ludus.OptionError, match=words):
        agents.make(spec.format(dir=tmp_path), ludus.make("claim"))


def test_a_policy_for_two_players_is_refused_at_a_table_of_three(tmp_path):
    path = write_policy(tmp_path / "p.npz")
    with pytest.raises(ludus.OptionError, match="observations of 1003 floats") as refused:
        agents.make(f"policy:path={path}", ludus.make("claim", players=3))
    assert "'players': 3" in str(refused.value), "the table's options, as a user writes them"


def test_a_two_player_claim_policy_of_tensor_version_1_still_plays(tmp_path):
    """Version 2 only renumbered a smash's target seat-relative; with two players a Giant has one
    opponent to smash, so a 2-player version-1 policy plays the same. Other version-1 files, and
    files of unknown versions, are refused."""
    game = ludus.make("claim")
    old = write_policy(tmp_path / "v1.npz", encoder_version=1, options=json.dumps({"players": 2}))
    agents.make(f"policy:path={old}", game)
    for version in (0, 3):
        other = write_policy(tmp_path / f"v{version}.npz", encoder_version=version)
        with pytest.raises(ludus.OptionError, match=f"encoder version {version}; this game .* version 2"):
            agents.make(f"policy:path={other}", game)
    enc = envs.encoder(ludus.make("claim", players=3))
    assert not enc.reads_policies_of(1, {"players": 3}) and enc.reads_policies_of(2, {"players": 3})
