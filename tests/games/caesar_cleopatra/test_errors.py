"""Refused input: illegal moves, the wrong seat, unknown options — each a clear error that changes nothing."""

from __future__ import annotations

import pytest

import ludus

from .helpers import cc, fingerprint, legal, play, position


def _refused(state, move, match, player=None):
    """Apply ``move`` expecting IllegalAction matching ``match``; the state must not change."""
    before = fingerprint(state)
    action = state.game.parse_action(move)
    with pytest.raises(ludus.IllegalAction, match=match) as info:
        state.apply(action, player=player)
    assert fingerprint(state) == before, f"{move!r} was refused but changed the state"
    return str(info.value)


def _table():
    board = {"senators": ("2", "up 4"), "aediles": ("", "1")}
    return position(hands=("1 3 5 castling assassin", "2 2"), board=board,
                    won={"censors": (2, 1)}, voc_deck="orgy")


def test_illegal_move_says_what_is_wrong_and_what_is_right():
    s = _table()
    msg = _refused(s, "down 4 senators", "cleopatra holds no 4")
    assert "Legal now:" in msg and "down 1 senators" in msg
    _refused(s, "down 1 censors", "censors has no patricians left")
    _refused(s, "assassin 1 aediles", "needs a target")
    _refused(s, "scout senators", "holds no scout")
    _refused(s, "draw influence", "no draw is due")
    _refused(s, "allow", "not a move of the current step")


def test_castling_onto_an_exhausted_group_names_it():
    s = _table()
    msg = _refused(s, "castling senators censors", "censors is exhausted")
    assert "C25" in msg


def test_second_action_card_and_wrong_step_refused():
    s = _table()
    play(s, "assassin 4 senators", "allow")
    _refused(s, "castling senators praetors", "only one action card per turn")
    play(s, "up 1 praetors")
    _refused(s, "down 3 praetors", "face up too")
    _refused(s, "passive", "not legal")


def test_a_move_of_another_step_is_refused_for_what_is_wrong_now():
    """In the refill of her own active turn, Cleopatra's action card is refused for the step
    (C16), a card she lacks for that, a passive turn's discard and a Spy's take as moves of other
    steps; in those steps, a card that is not there is named."""
    s = _table()
    play(s, "down 1 aediles", "done")
    assert s.current_player == 0 and s.legal_actions() and str(s.legal_actions()[0]) == "draw influence"
    _refused(s, "castling senators praetors", r"no action card in this step \(refill\); they are played "
                                               r"before or after a placement, after the refill, or in an "
                                               r"exceptional vote's window \(C16\)")
    _refused(s, "spy", "cleopatra holds no spy")
    _refused(s, "discard 5", r"it is not a move of the current step \(refill\)")
    _refused(s, "take 5", r"it is not a move of the current step \(refill\)")
    spy = position(hands=("1 2 3 spy", "2 4 4 P veto"), voc_deck="orgy")
    play(spy, "spy", "allow")
    _refused(spy, "take 5", "caesar's hand holds no 5")
    passive = position(hands=("1 3", "2 2"))
    play(passive, "passive")
    _refused(passive, "discard 5", "cleopatra holds no 5")


def test_move_by_the_wrong_seat_is_refused_and_changes_nothing():
    s = _table()
    assert s.current_player == 0
    msg = _refused(s, "down 1 senators", "not seat 1's turn", player=1)
    assert "seat 0 is to move" in msg
    play(s, "assassin 4 senators")
    assert s.current_player == 1
    _refused(s, "allow", "not seat 0's turn", player=0)
    s.apply(s.game.parse_action("allow"), player=1)   # the right seat may


def test_moves_after_the_end_are_refused():
    s = position(pure_passes=3, hands=("1", "1"))
    play(s, "passive", "done")
    assert s.is_terminal
    _refused(s, "passive", "game is over")


def test_unreadable_moves():
    game = cc()
    for text, match in [("fly away", "cannot read"), ("down 3 nowhere", "not a group"),
                        ("down 7 senators", "not an influence value"), ("", "empty action"),
                        ("take dragon", "not a card")]:
        with pytest.raises(ludus.IllegalAction, match=match):
            game.parse_action(text)
    with pytest.raises(ludus.IllegalAction):
        game.action_from_id(game.num_actions)
    assert str(game.parse_action("castling cen sen")) == "castling senators censors"


@pytest.mark.parametrize("options, match", [
    ({"colour": "red"}, "no option colour"),
    ({"orgies": 4}, "orgies"),
    ({"action_deck": "random"}, "action_deck"),
    ({"wrath": "none"}, "wrath"),
    ({"philosopher": "all"}, "philosopher"),
    ({"majority": "most"}, "majority"),
    ({"stalemate_turns": 5}, "stalemate_turns"),
    ({"stalemate_turns": "five"}, "stalemate_turns"),
    ({"discard_by": "totals"}, "discard_by"),
])
def test_unknown_option_or_value_is_an_option_error(options, match):
    with pytest.raises(ludus.OptionError, match=match):
        cc(**options)


def test_every_option_value_of_the_rules_is_accepted():
    accepted = {"orgies": (3, 2), "action_deck": ("arranged", "shuffled"), "wrath": ("all", "face-up"),
                "philosopher": ("any", "difference"), "majority": ("rulebook", "half"),
                "stalemate_turns": (4, 2, 6, 8)}
    for name, values in accepted.items():
        assert cc().options_dict()[name] == values[0], f"{name} defaults to {values[0]}"
        for value in values:
            game = cc(**{name: value})
            assert game.options_dict()[name] == value
            assert legal(game.new_state(seed=0))
    assert cc(stalemate_turns="6").options.stalemate_turns == 6, "command-line strings are read"


def test_C8_arranging_a_card_already_all_on_the_pile_says_what_is_left():
    s = cc().new_state(2)                       # classic: the action piles are arranged (C8)
    play(s, "arrange wrath")                    # the only Wrath
    msg = _refused(s, "arrange wrath", "cleopatra has arranged every wrath already")
    assert "still to arrange: assassin ×4, spy ×2, castling ×2, scout ×2, veto ×2 (C8)" in msg
