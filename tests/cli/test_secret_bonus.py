"""Caesar & Cleopatra's bonus goals are secret until the end (C32): no face shows a seat the
other's goal, nor a score counted with it, before the game is over — and ``scores()``, which
any face may show, is public information in every game at every point."""

from __future__ import annotations

import random
import re

import pytest

import ludus

from .conftest import invoke, saved

SEED = 5


@pytest.mark.parametrize("game_id, options", [
    ("caesar-cleopatra", {}), ("caesar-cleopatra", {"edition": "2024"}), ("caesar-cleopatra", {"majority": "half"}),
    ("claim", {}), ("claim", {"players": 4}), ("seize-rome", {"players": 3}),
])
def test_scores_before_the_end_are_the_same_in_every_world_a_seat_cannot_tell_apart(game_id, options):
    """What a seat cannot tell from the truth cannot change ``scores()``: it shows nothing hidden."""
    game = ludus.make(game_id, **options)
    for seed in range(3):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_terminal:
            if len(state.history) % 7 == 0:
                for seat in range(game.num_players):
                    for _ in range(3):
                        assert state.resample(seat, rng).scores() == state.scores(), (seed, len(state.history))
            state.apply(rng.choice(state.legal_actions()))


def _goals(text: str) -> set[str]:
    """The groups named as a bonus goal in ``text`` ("Bonus goal: Praetors (…)", "bonus goal Senators")."""
    return set(re.findall(r"[Bb]onus goal:? (\w+)", text))


@pytest.fixture(scope="module")
def cleopatras_game(tmp_path_factory):
    """A whole game as Cleopatra (seat 0), and the two bonus goals, known once it is over."""
    path = tmp_path_factory.mktemp("bonus") / "game.jsonl"
    result = invoke("play", "caesar-cleopatra", "--seed", str(SEED), "--vs", "random", "--save", str(path),
                    input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    seats = ludus.replay(saved(path)).observe(None)["seats"]
    return result.output, path, seats[0]["bonus_goal"].capitalize(), seats[1]["bonus_goal"].capitalize()


def test_the_terminal_never_shows_the_opponents_bonus_goal_before_the_end(cleopatras_game):
    out, _, mine, theirs = cleopatras_game
    before, after = out.split("Caesar & Cleopatra · the end")
    assert _goals(before) == {mine}
    assert theirs in _goals(after), "at the end both goals are shown"
    points = re.findall(r"Points: .*", before)
    assert points and all(re.search(r"Caesar \d+ \+ secret bonus", line) for line in points)


def test_a_replay_for_one_seat_never_shows_the_opponents_bonus_goal_before_the_end(run, cleopatras_game):
    _, path, mine, theirs = cleopatras_game
    for seat, own in (("cleopatra", mine), ("caesar", theirs), ("spectator", None)):
        result = run("replay", str(path), "--seat", seat, "--all")
        assert result.exit_code == 0, result.output
        before, after = result.output.split("Game over", 1)
        assert _goals(before) == ({own} if own else set()), seat
        points = re.findall(r"Points: .*", before)
        assert points and all("secret bonus" in line for line in points), seat
