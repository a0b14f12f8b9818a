"""A trained policy as an agent: ``policy:path=FILE``.

The file (``examples/train_claim.py`` writes one) is a NumPy ``.npz`` archive: the game it was
trained for, the layout of its tensor (observation size, action ids, encoder version), and the
network as plain arrays — a scale for each input, then ``w0, b0, w1, b1, ...`` with ``tanh``
between layers, the last layer giving one logit per action id. It is read without pickling, so
a file cannot run code, and playing needs only NumPy (the ``rl`` extra), not the library that
trained the network.

The agent sees what every agent sees, a Perspective: it encodes the seat's observation with the
game's encoder (``ludus.envs``) from the Perspective's world — a state the seat cannot tell from
the truth, whose observation is the seat's own — and plays the legal action id with the highest
logit. It is deterministic; the seed is accepted and unused.
"""

from __future__ import annotations

import json
import os

from ..core.errors import OptionError, echo
from .base import Agent

FORMAT = "ludus-policy"
FORMAT_VERSION = 1
KEYS = ("format", "format_version", "game", "options", "encoder_version", "observation_size", "num_actions",
        "scale", "layers")

# path -> ((mtime, size), Network): a tournament or a training run makes the same agent often.
_LOADED: dict = {}


class Network:
    """The layers of a policy file, applied to one observation."""

    def __init__(self, meta: dict, scale, weights: list):
        self.meta = meta
        self.scale = scale
        self.weights = weights

    def logits(self, observation):
        import numpy as np

        x = observation * self.scale
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(self.weights):
            x = w @ x + b
            if i < last:
                x = np.tanh(x)
        return x


def _read(path: str) -> Network:
    """Load and check a policy file; OptionError saying what is wrong with it."""
    try:
        import numpy as np
    except ImportError:
        raise OptionError("the policy agent needs NumPy: pip install -e '.[rl]'") from None
    if not os.path.isfile(path):
        raise OptionError(f"no policy file at {echo(path)}; expected a file that examples/train_claim.py "
                          "wrote")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except Exception:       # a truncated zip, not a zip at all, pickled objects
        raise OptionError(f"{echo(path)} is not a policy file: it does not read as a NumPy .npz archive of "
                          "plain arrays; expected the .npz that examples/train_claim.py writes") from None
    missing = [key for key in KEYS if key not in arrays]
    if missing or str(arrays["format"]) != FORMAT:
        raise OptionError(f"{echo(path)} is not a ludus policy file (it lacks {', '.join(missing) or 'format'} "
                          f"{FORMAT!r}); expected the .npz that examples/train_claim.py writes")
    try:
        meta = {key: arrays[key].item() for key in KEYS if key not in ("scale", "layers")}
        meta["options"] = json.loads(meta["options"])
        count = int(arrays["layers"])
        weights = [(arrays[f"w{i}"].astype(np.float32), arrays[f"b{i}"].astype(np.float32)) for i in range(count)]
        scale = arrays["scale"].astype(np.float32)
        size = scale.shape[0]
        for w, b in weights:
            if w.ndim != 2 or w.shape[1] != size or b.shape != (w.shape[0],):
                raise ValueError(f"a layer of shape {w.shape} after {size} inputs")
            size = w.shape[0]
        if scale.shape != (meta["observation_size"],) or size != meta["num_actions"]:
            raise ValueError(f"{scale.shape[0]} inputs and {size} outputs for a layout of "
                             f"{meta['observation_size']} and {meta['num_actions']}")
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise OptionError(f"{echo(path)} is a damaged policy file ({echo(str(exc), 120)}); train it again") from None
    if meta["format_version"] != FORMAT_VERSION:
        raise OptionError(f"{echo(path)} is a policy file of format {meta['format_version']}; this ludus reads "
                          f"format {FORMAT_VERSION}")
    return Network(meta, scale, weights)


def load(path: str) -> Network:
    """The network in ``path``, read once per version of the file."""
    try:
        stat = os.stat(path)
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = None
    cached = _LOADED.get(path)
    if cached is not None and stamp is not None and cached[0] == stamp:
        return cached[1]
    network = _read(path)
    _LOADED[path] = (stamp, network)
    return network


class PolicyAgent(Agent):
    name = "policy"

    def __init__(self, game, path: str, seed: int | None = None):
        super().__init__(game, seed)
        from .. import envs

        self.network = load(path)
        self.encoder = envs.encoder(game)
        meta = self.network.meta
        if meta["game"] != game.id:
            raise OptionError(f"{echo(path)} is a policy for {echo(meta['game'])}, not for {game.id}")
        wanted = (self.encoder.observation_shape[0], self.encoder.num_actions, self.encoder.version)
        got = (meta["observation_size"], meta["num_actions"], meta["encoder_version"])
        if got[:2] != wanted[:2] or not self.encoder.reads_policies_of(got[2], meta["options"]):
            raise OptionError(
                f"{echo(path)} was trained on {game.id} with options {echo(meta['options'])}: observations of "
                f"{got[0]} floats, {got[1]} action ids, encoder version {got[2]}; this game "
                f"({echo(game.options_dict())}) has "
                f"{wanted[0]}, {wanted[1]} and version {wanted[2]}")
        self.path = path

    def act(self, perspective):
        import numpy as np

        seat = perspective.player
        observation = self.encoder.observation(perspective.world, seat)
        legal = perspective.legal_actions()
        ids = np.fromiter((self.encoder.env_id(self.game.action_id(a), seat) for a in legal), dtype=np.int64,
                          count=len(legal))
        logits = self.network.logits(observation)
        return legal[int(np.argmax(logits[ids]))]


def from_params(game, params: dict, seed: int | None, spec: str) -> PolicyAgent:
    """Build from spec parameters: ``path`` (required)."""
    params = dict(params)
    path = params.pop("path", None)
    if params:
        raise OptionError(f"policy takes no parameter {echo(', '.join(sorted(params)), 60)} (in {echo(spec)}); "
                          "it takes path=FILE and seed")
    if not path:
        raise OptionError(f"policy needs the file of a trained network: policy:path=FILE, not {echo(spec)}")
    return PolicyAgent(game, path, seed=seed)
