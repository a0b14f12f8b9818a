"""Train a policy for 2-player Claim with masked PPO on the CPU, and write it for ``policy:path=FILE``.

    pip install -e '.[rl,train]'
    nice -n 10 python examples/train_claim.py --minutes 10 --out runs/claim-ppo.npz \\
        --log runs/claim-ppo.jsonl --plot runs/claim-training.png
    ludus play claim --vs policy:path=runs/claim-ppo.npz

It writes under ``runs/`` by default, so that a run never overwrites the policy that ships in
``examples/models/claim-ppo.npz``; missing folders are made.

The learner plays one seat of ``ludus.envs.gymnasium.env("claim", ...)`` — its observation tensor,
the mask of legal action ids, the game's return at the end — against a mix of opponents drawn per
game: ``random``, ``heuristic``, and earlier copies of itself (a few snapshots, refreshed as it
learns, played through the same ``policy`` agent that ``ludus play`` uses). Its seat alternates.

PPO (Schulman et al. 2017) with the illegal actions' logits masked out: a small tanh network
with a policy head and a value head, advantages by GAE. The run stops after ``--minutes`` of
this process's CPU time (one thread) or ``--updates`` updates. The file written holds the policy
head's layers as NumPy arrays (see ``ludus.agents.policy``); the value head is only for training.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

import ludus
from ludus import envs
from ludus.agents import policy
from ludus.envs import gymnasium as ludus_gym

GAME = "claim"
SNAPSHOTS = 4          # earlier copies of the learner kept as opponents


class ActorCritic(nn.Module):
    def __init__(self, inputs: int, actions: int, hidden=(256, 128)):
        super().__init__()
        layers, size = [], inputs
        for h in hidden:
            layers += [nn.Linear(size, h), nn.Tanh()]
            size = h
        self.trunk = nn.Sequential(*layers)
        self.pi = nn.Linear(size, actions)
        self.v = nn.Linear(size, 1)
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.orthogonal_(m.weight, 2 ** 0.5)
                nn.init.zeros_(m.bias)
        nn.init.orthogonal_(self.pi.weight, 0.01)
        nn.init.orthogonal_(self.v.weight, 1.0)

    def forward(self, x, mask):
        h = self.trunk(x)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


def export(model: ActorCritic, scale: np.ndarray, game, encoder, path: str, training: dict) -> None:
    """Write the policy as ``ludus.agents.policy`` reads it (atomically: opponents read it too)."""
    linears = [m for m in model.trunk if isinstance(m, nn.Linear)] + [model.pi]
    arrays = {f"{kind}{i}": getattr(m, name).detach().numpy().astype(np.float32)
              for i, m in enumerate(linears) for kind, name in (("w", "weight"), ("b", "bias"))}
    tmp = f"{path}.tmp.npz"
    np.savez_compressed(
        tmp, format=policy.FORMAT, format_version=policy.FORMAT_VERSION, game=game.id,
        options=json.dumps(dataclasses.asdict(game.options)), encoder_version=encoder.version,
        observation_size=encoder.observation_shape[0], num_actions=encoder.num_actions,
        scale=scale, layers=len(linears), training=json.dumps(training), **arrays)
    os.replace(tmp, path)


def advantages(rewards, values, dones, gamma=1.0, lam=0.95):
    """GAE over a batch of whole episodes (``dones`` marks each episode's last step; the batch
    ends with one). The only reward is the return at the end, so ``gamma`` is 1."""
    adv = np.zeros_like(values)
    running = 0.0
    for t in reversed(range(len(values))):
        next_value = 0.0 if dones[t] else values[t + 1]
        delta = rewards[t] + gamma * next_value - values[t]
        running = delta + (0.0 if dones[t] else gamma * lam * running)
        adv[t] = running
    return adv, adv + values


def parse_mix(text: str) -> dict[str, float]:
    mix = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if name not in ("random", "heuristic", "self"):
            raise SystemExit(f"--mix names random, heuristic and self, not {name!r}")
        mix[name] = float(weight)
    return mix


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="runs/claim-ppo.npz", help="the policy file to write (default runs/claim-ppo.npz)")
    ap.add_argument("--minutes", type=float, default=10.0, help="CPU minutes to train (default 10)")
    ap.add_argument("--updates", type=int, default=None, help="stop after this many updates instead")
    ap.add_argument("--steps", type=int, default=4096, help="learner decisions per update (default 4096)")
    ap.add_argument("--mix", default="random=0.25,heuristic=0.45,self=0.3",
                    help="opponents' shares, e.g. random=0.25,heuristic=0.45,self=0.3")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--log", default=None, help="a JSON-lines file with one line per update")
    ap.add_argument("--plot", default=None, help="a PNG of the learning curve (needs matplotlib)")
    args = ap.parse_args(argv)
    mix = parse_mix(args.mix)

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    game = ludus.make(GAME)
    encoder = envs.encoder(game)
    high = encoder.observation_high
    scale = np.where(high > 0, 1.0 / np.maximum(high, 1.0), 1.0).astype(np.float32)
    model = ActorCritic(encoder.observation_shape[0], encoder.num_actions)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr, eps=1e-5)
    scale_t = torch.from_numpy(scale)

    work = tempfile.mkdtemp(prefix="claim-ppo-")
    slots = [os.path.join(work, f"self-{k}.npz") for k in range(SNAPSHOTS)]
    for slot in slots:
        export(model, scale, game, encoder, slot, {})
    opponents = {"random": ["random"], "heuristic": ["heuristic"],
                 "self": [f"policy:path={slot}" for slot in slots]}
    tables = {(kind, spec, seat): ludus_gym.env(GAME, opponents=[spec], seat=seat)
              for kind, specs in opponents.items() if mix.get(kind, 0) > 0 for spec in specs for seat in (0, 1)}

    start, wall = time.process_time(), time.monotonic()
    curve, update, total_steps, episodes, next_slot = [], 0, 0, 0, 0
    if args.log:
        Path(args.log).parent.mkdir(parents=True, exist_ok=True)
    with open(args.log, "w") if args.log else contextlib.nullcontext() as log:
        while True:
            spent = time.process_time() - start
            done_fraction = update / args.updates if args.updates else spent / (args.minutes * 60)
            if done_fraction >= 1:
                break
            batch, results, episodes = collect(model, tables, opponents, mix, rng, args.steps, scale_t, episodes)
            for group in optimiser.param_groups:
                group["lr"] = args.lr * max(1.0 - done_fraction, 0.05)
            stats = ppo_update(model, optimiser, batch)
            update += 1
            total_steps += len(batch[0])
            if update % 2 == 0:      # refresh the oldest copy of itself
                export(model, scale, game, encoder, slots[next_slot], {})
                next_slot = (next_slot + 1) % SNAPSHOTS
            row = {"update": update, "cpu_minutes": round((time.process_time() - start) / 60, 3),
                   "wall_minutes": round((time.monotonic() - wall) / 60, 3), "steps": total_steps,
                   "episodes": episodes, **stats,
                   **{f"score_{k}": (sum((r + 1) / 2 for r in v) / len(v) if v else None) for k, v in results.items()},
                   **{f"games_{k}": len(v) for k, v in results.items()}}
            curve.append(row)
            print(json.dumps(row), flush=True)
            if log:
                log.write(json.dumps(row) + "\n")
                log.flush()
    cpu = time.process_time() - start
    training = {"cpu_seconds": round(cpu, 1), "wall_seconds": round(time.monotonic() - wall, 1), "updates": update,
                "steps": total_steps, "episodes": episodes, "torch": torch.__version__,
                "settings": {key: getattr(args, key) for key in ("minutes", "updates", "steps", "mix", "seed", "lr")}}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    export(model, scale, game, encoder, args.out, training)
    shutil.rmtree(work)
    if args.plot and curve:
        plot(curve, [k for k in mix if mix[k] > 0], args.plot)
    print(f"wrote {args.out}: {update} updates, {total_steps} decisions, {episodes} games, "
          f"{cpu / 60:.1f} CPU minutes", flush=True)
    return training


def collect(model, tables, opponents, mix, rng, steps, scale_t, episodes):
    """Whole games until the learner has made ``steps`` decisions, each against an opponent
    drawn from ``mix``, the learner's seat alternating: the batch PPO learns from, each
    opponent kind's returns, and the count of games so far."""
    kinds = [k for k in mix if mix[k] > 0]
    obs_b, mask_b, act_b, logp_b, val_b, rew_b, done_b = [], [], [], [], [], [], []
    results: dict[str, list[float]] = {k: [] for k in kinds}
    while len(obs_b) < steps:
        kind = rng.choices(kinds, weights=[mix[k] for k in kinds])[0]
        spec = rng.choice(opponents[kind])
        env = tables[(kind, spec, episodes % 2)]
        obs, _ = env.reset(seed=rng.getrandbits(63))
        episodes += 1
        done = False
        while not done:
            x = torch.from_numpy(obs) * scale_t
            mask = torch.from_numpy(env.action_masks())
            with torch.no_grad():
                logits, value = model(x, mask)
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
            obs_b.append(x)
            mask_b.append(mask)
            act_b.append(action)
            logp_b.append(dist.log_prob(action))
            val_b.append(float(value))
            obs, reward, done, _, _ = env.step(int(action))
            rew_b.append(reward)
            done_b.append(done)
        results[kind].append(reward)
    adv, ret = advantages(np.asarray(rew_b, dtype=np.float32), np.asarray(val_b, dtype=np.float32), done_b)
    batch = (torch.stack(obs_b), torch.stack(mask_b), torch.stack(act_b), torch.stack(logp_b),
             torch.from_numpy(adv), torch.from_numpy(ret))
    return batch, results, episodes


def ppo_update(model, optimiser, batch, epochs=4, minibatch=512, clip=0.2, ent_coef=0.01, vf_coef=0.5):
    """PPO's clipped objective over the batch, a few epochs of minibatches; the mean losses."""
    obs, mask, act, old_logp, adv, ret = batch
    n = len(obs)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    totals = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0}
    count = 0
    for _ in range(epochs):
        for idx in torch.randperm(n).split(minibatch):
            logits, value = model(obs[idx], mask[idx])
            dist = torch.distributions.Categorical(logits=logits)
            logp = dist.log_prob(act[idx])
            ratio = (logp - old_logp[idx]).exp()
            a = adv[idx]
            policy_loss = -torch.min(ratio * a, ratio.clamp(1 - clip, 1 + clip) * a).mean()
            value_loss = (value - ret[idx]).pow(2).mean()
            # the entropy over legal actions only (masked logits carry no probability)
            p = dist.probs
            entropy = -(p * torch.log(p.clamp_min(1e-12))).sum(-1).mean()
            loss = policy_loss + vf_coef * value_loss - ent_coef * entropy
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 0.5)
            optimiser.step()
            totals["policy_loss"] += policy_loss.item()
            totals["value_loss"] += value_loss.item()
            totals["entropy"] += entropy.item()
            count += 1
    return {k: round(v / count, 4) for k, v in totals.items()}


def plot(curve: list[dict], kinds: list[str], path: str) -> None:
    """Score against each opponent in the training games (sampled moves), by CPU minute."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib: no plot", file=sys.stderr)
        return
    fig, ax = plt.subplots(figsize=(7, 4), dpi=120)
    x = [r["cpu_minutes"] for r in curve]
    labels = {"random": "vs random", "heuristic": "vs heuristic", "self": "vs earlier copies of itself"}
    for kind in kinds:
        ys = [r[f"score_{kind}"] for r in curve]
        window = 5
        smooth = [np.mean([y for y in ys[max(0, i - window + 1):i + 1] if y is not None] or [np.nan])
                  for i in range(len(ys))]
        ax.plot(x, smooth, label=labels[kind])
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("CPU minutes of training (one thread)")
    ax.set_ylabel("score in training games (win = 1, draw = ½)")
    ax.set_ylim(0, 1)
    ax.set_title("Claim, 2 players: masked PPO, moves sampled from the policy")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    main()
