"""The environments' action ids: the engine's, except that an action naming a seat (Claim's
smash) names it from the learner's seat, as every per-seat axis does, so that one id means the
same opponent to every seat."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

import ludus  # noqa: E402
from ludus import envs  # noqa: E402
from ludus.games.claim.notation import SMASH, SMASH_OF  # noqa: E402

from .helpers import table  # noqa: E402


@pytest.mark.parametrize("game_id, options", [("caesar-cleopatra", {}), ("seize-rome", {"players": 4}),
                                              ("claim", {}), ("claim", {"players": 3}), ("claim", {"players": 4})])
def test_every_seat_has_every_id_once_and_back(game_id, options):
    enc = envs.encoder(ludus.make(game_id, **options))
    for seat in range(enc.n):
        ids = [enc.env_id(i, seat) for i in range(enc.num_actions)]
        assert sorted(ids) == list(range(enc.num_actions))
        assert [enc.engine_id(k, seat) for k in ids] == list(range(enc.num_actions))


@pytest.mark.parametrize("players", [3, 4])
def test_a_smash_names_its_target_from_the_learners_seat(players):
    """At every smash decision met in random games, the mask's smash ids are the targets counted
    from the seat to move (202: the next seat), and playing one smashes that seat's Gnome."""
    game = ludus.make("claim", players=players)
    smash0 = game.action_id(SMASH_OF[0])           # the engine's "smash seat 0", 201
    met = set()
    for seed in range(400):
        t, pick = table(game, seed), random.Random(seed)
        while not t.over:
            seat, mask = t.to_move, t.mask(t.to_move)
            legal = t.state.legal_actions()
            if legal[0].kind == SMASH:
                targets = sorted(a.a for a in legal)
                ids = sorted(int(k) for k in np.flatnonzero(mask))
                assert ids == sorted(smash0 + (q - seat) % players for q in targets), (seed, seat, targets, ids)
                met.add(seat)
                chosen = pick.choice(ids)
                t.play(seat, chosen)
                assert t.state.history[-1].kind == SMASH and t.state.history[-1].a == (seat + chosen - smash0) % players
                continue
            t.play(seat, int(pick.choice(np.flatnonzero(mask))))
        if len(met) == players:
            break
    assert len(met) >= 2, f"smash decisions met by seats {sorted(met)} only"


def test_openspiel_speaks_the_same_ids():
    """OpenSpiel's legal actions, action strings and moves use the seat-relative smash ids."""
    pyspiel = pytest.importorskip("pyspiel")
    from ludus.envs import openspiel as los

    os_game = pyspiel.load_game(los.game_name("claim"), {"players": 3})
    smash0 = ludus.make("claim").action_id(SMASH_OF[0])
    met = 0
    for seed in range(400):
        state, pick = os_game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(pick.randrange(256))
                continue
            seat, ids = state.current_player(), state.legal_actions()
            if ids[0] >= smash0:
                truth = state.ludus_state
                targets = sorted(a.a for a in truth.legal_actions())
                assert ids == sorted(smash0 + (q - seat) % 3 for q in targets)
                assert [state.action_to_string(seat, k) for k in ids] == [
                    f"smash {(seat + k - smash0) % 3}" for k in ids]
                met += 1
            state.apply_action(pick.choice(ids))
        if met >= 3:
            break
    assert met, "no smash decision met"
