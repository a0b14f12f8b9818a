"""The heuristic agent uses the action cards the rules give it (C14, C19, C21): tested on the
positions where a player at the table would reach for them."""

from __future__ import annotations

import ludus.agents

from .helpers import play, position


def _choice(state, seed: int = 0) -> str:
    agent = ludus.agents.make("heuristic", state.game, seed=seed)
    return str(agent.act(state.perspective(state.current_player)))


def test_C14_the_heuristic_breaks_a_full_tied_board_with_an_assassin():
    board = {"senators": ("up 2 2 2 2", "up 2 2 2 2"), "praetors": ("up 3 3 3 3", "up 3 3 3 3")}
    won = {"quaestors": (3, 2), "censors": (2, 1), "aediles": (1, 2)}
    for seed in range(3):
        s = position(seed=seed, hands=("5 assassin", "1"), board=board, won=won, voc_deck="orgy")
        assert _choice(s, seed).startswith("assassin"), "passing would leave the board frozen"


def test_C19_the_heuristic_turns_a_lost_exceptional_vote_with_an_assassin():
    # Senators at 8 after Cleopatra's 2: her 1 1 1 2 (5) against Caesar's 2 5 1 1 (9), revealed.
    s = position(hands=("2 3 4 5 assassin", "1"), board={"senators": ("1 1 1", "2 5 1 1")},
                 voc_deck="orgy")
    play(s, "down 2 senators", "done", "draw influence", "done")
    assert s.observe(None)["phase"] == "vote-action"
    assert _choice(s) == "assassin 5 senators"


def test_C19_the_heuristic_lets_a_won_vote_be_counted():
    s = position(hands=("5 3 4 5 assassin", "1"), board={"senators": ("4 4 4", "1 1 1 1")},
                 voc_deck="orgy")
    play(s, "down 5 senators", "done", "draw influence", "done")
    assert s.observe(None)["phase"] == "vote-action"
    assert _choice(s) == "done", "17 against 4: nothing to gain from spending the Assassin on a 1"


def test_C19_the_heuristic_weighs_the_window_within_its_own_turn():
    # A Spy cannot change the vote; weighing ``done`` through the opponent's next turn (where
    # the opponent's Spy strikes) once made the Spy look better than letting the vote count.
    for seed in range(3):
        s = position(seed=seed, hands=("5 3 4 5 spy", "1 2 3 spy"), board={"senators": ("4 4 4", "1 1 1 1")},
                     voc_deck="orgy")
        play(s, "down 5 senators", "done", "draw influence", "done")
        assert _choice(s, seed) == "done"


def test_C21_a_blocked_heuristic_exchanges_for_the_action_pile():
    # No room for Cleopatra anywhere and no Assassin or Wrath: she exchanges her Spy (and spare
    # influence) and draws every replacement from the action pile, where the openers are.
    board = {"senators": ("1 1 1 1 1", ""), "praetors": ("2 2 2 2 2", ""),
             "quaestors": ("3 3 3 3 3", ""), "aediles": ("4 4 4 4 4", "")}
    s = position(hands=("5 4 spy", "1"), board=board, won={"censors": (2, 1)}, voc_deck="orgy",
                 piles=({"influence": "2 3", "action": "assassin wrath"}, None))
    moves = []
    while s.current_player == 0:
        moves.append(_choice(s))
        play(s, moves[-1])
    assert moves[0] == "passive" and "discard spy" in moves and moves[-1] == "draw action"


def test_the_search_leaf_counts_the_searchers_own_cards_alike_face_down_or_up():
    """The leaf judges both sides as the searching seat knows them: its own face-down cards at
    their values (in the other side's half too), the other's at their expected value."""
    from ludus.games.caesar_cleopatra.heuristic import leaf_values

    up = position(board={"senators": ("up 1 4", "up 2"), "praetors": ("up 3", "up 5 1")})
    hers_down = position(board={"senators": ("up 4 down 1", "up 2"), "praetors": ("up 3", "up 5 1")})
    his_down = position(board={"senators": ("up 1 4", "up 2"), "praetors": ("up 3", "up 5 down 1")})
    assert leaf_values(hers_down, 0) == leaf_values(up, 0)      # Cleopatra knows her 1 (seat 0)
    assert leaf_values(hers_down, 1) != leaf_values(up, 1)      # to Caesar it may be any card
    assert leaf_values(his_down, 1) == leaf_values(up, 1)
    assert leaf_values(his_down, 0) != leaf_values(up, 0)


def test_the_search_reads_its_leaves_at_the_start_of_a_turn():
    """A rollout cut at ``depth`` plays on to the start of a turn before the leaf is read: halfway
    through one, the side to move has placed without drawing back and would look poorer."""
    from ludus.games.caesar_cleopatra.heuristic import at_turn_start, leaf_values

    for edition in ("classic", "2024"):
        s = play_heuristic_game(edition, 40)
        bot = ludus.agents.make("ismcts:iterations=60,seed=3", s.game)
        read = []
        bot.leaf_values = lambda w, seat, read=read: (read.append(w.is_terminal or at_turn_start(w))
                                                      or leaf_values(w, seat))
        bot.act(s.perspective(s.current_player))
        assert read and all(read), (edition, read.count(False), len(read))


def play_heuristic_game(edition: str, decisions: int):
    """A heuristic game played that far, then on to a decision with a choice to search."""
    game = ludus.make("caesar-cleopatra", edition=edition)
    s = game.new_state(seed=8)
    bots = [ludus.agents.make("heuristic", game, seed=p) for p in range(2)]
    while decisions > 0 or len(s.legal_actions()) < 2:
        s.apply(bots[s.current_player].act(s.perspective(s.current_player)))
        decisions -= 1
    return s
