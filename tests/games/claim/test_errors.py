"""Refused input: illegal plays, wrong seats, bad text, unknown options. Nothing changes."""

from __future__ import annotations

import pytest

import ludus

from .helpers import claim, fingerprint, legal, play, position

KG_3P = "knights,goblins,undead,dwarves,doppelgangers,dragons,trolls"


def refused(state, move, match: str, player=None):
    """Apply ``move`` (text or Action), expect IllegalAction matching ``match``, nothing changed."""
    before = fingerprint(state)
    action = state.game.parse_action(move) if isinstance(move, str) else move
    with pytest.raises(ludus.IllegalAction, match=match) as err:
        state.apply(action, player=player)
    assert fingerprint(state) == before, f"refusing {move!r} changed the state"
    return str(err.value)


def test_not_following_is_refused_saying_what_would_be_right():
    s = position(factions="claim", hands={0: ["goblins 3", "undead 1", "undead 2"],
                                          1: ["goblins 5", "doppelgangers 2", "knights 9"]})
    play(s, "goblins 3")
    message = refused(s, "knights 9", r"goblins were led and seat 1 holds goblins: play goblins or a "
                                      r"doppelganger \(K11\)")
    assert "Legal now: goblins 5, doppelgangers 2" in message
    assert s.current_player == 1
    play(s, "doppelgangers 2")


def test_a_card_not_in_hand_is_refused():
    s = position(hands={0: ["trolls 3", "seers 1"], 1: ["trolls 5", "seers 2"]})
    refused(s, "trolls 5", "seat 0 holds no trolls 5")


def test_a_card_of_a_faction_not_in_the_deck_is_refused_by_its_faction():
    s = position(hands={0: ["trolls 3", "seers 1"], 1: ["trolls 5", "seers 2"]})
    assert "goblins" not in s.observe(None)["factions"]
    refused(s, "goblins 2", "this game's deck has no goblins")


def test_K26_a_giant_refused_a_partner_says_whose_gnome_it_may_remove():
    s = position(4, phase=2, hands={0: ["giants 5", "trolls 1"], 1: ["undead 1", "trolls 2"],
                                    2: ["undead 0", "trolls 3"], 3: ["undead 2", "trolls 4"]},
                 gnomes={1: ["gnomes 5"], 2: ["gnomes 5"], 3: ["gnomes 5"]})
    play(s, "giants 5", "undead 1", "undead 0", "undead 2")
    assert legal(s) == {"smash 1", "smash 3"}
    refused(s, "smash 2", r"seat 2 is seat 0's partner; the Giant removes the gnomes 5 of seat 1 or "
                          r"seat 3 \(K26\)")


@pytest.mark.parametrize("moment", ["lead", "follow", "choose-prize", "choose-smash"])
def test_the_wrong_seat_is_refused(moment):
    if moment in ("lead", "follow"):
        s = position(hands={0: ["trolls 3", "seers 1"], 1: ["trolls 5", "seers 2"]})
        if moment == "follow":
            play(s, "trolls 3")
    elif moment == "choose-prize":
        s = position(3, hands={0: ["trolls 3", "undead 1"], 1: ["trolls 5", "undead 2"], 2: ["trolls 1", "undead 3"]},
                     prizes=["giants 9", "dragons 0"])
        play(s, "trolls 3", "trolls 5", "trolls 1")
    else:
        s = position(3, phase=2, hands={0: ["giants 5", "trolls 1"], 1: ["undead 1", "trolls 2"],
                                        2: ["undead 0", "trolls 3"]}, gnomes={1: ["gnomes 5"], 2: ["gnomes 5"]})
        play(s, "giants 5", "undead 1", "undead 0")
    to_move = s.current_player
    assert s.observe(None)["step"] == {"lead": "play", "follow": "play"}.get(moment, moment)
    action = s.legal_actions()[0]
    for wrong in range(s.game.num_players):
        if wrong != to_move:
            refused(s, action, f"it is not seat {wrong}'s turn; seat {to_move} is to move", player=wrong)
    s.apply(action, player=to_move)


def test_moves_of_another_step_are_refused():
    s = position(hands={0: ["trolls 3", "seers 1"], 1: ["trolls 5", "seers 2"]}, prizes=["giants 9"])
    refused(s, "take giants 9", r"not a move of this step \(play\)")
    refused(s, "take deck", r"only a trick won with a Seer may take the top deck card \(K28\)")
    refused(s, "smash 1", "not a move of this step")
    s = position(3, hands={0: ["trolls 3", "undead 1"], 1: ["trolls 5", "undead 2"], 2: ["trolls 1", "undead 3"]},
                 prizes=["giants 9", "dragons 0"])
    play(s, "trolls 3", "trolls 5", "trolls 1")
    refused(s, "undead 2", "not a move of this step")
    refused(s, "take giants 1", "giants 1 is not a face-up prize")
    refused(s, "take deck", "only a trick won with a Seer")
    assert legal(s) == {"take giants 9", "take dragons 0"}


def test_anything_after_the_end_is_refused():
    s = position(phase=2, hands={0: ["trolls 3"], 1: ["trolls 5"]})
    play(s, "trolls 3", "trolls 5")
    assert s.is_terminal and s.current_player is None and s.legal_actions() == []
    refused(s, "trolls 3", "the game is over")


def test_things_that_are_not_actions_are_refused():
    s = position(hands={0: ["trolls 3", "seers 1"], 1: ["trolls 5", "seers 2"]})
    refused(s, ("trolls", 3), "not a Claim action")
    before = fingerprint(s)
    with pytest.raises(ludus.IllegalAction, match="not a Claim action"):
        s.apply("trolls 3")
    assert fingerprint(s) == before


@pytest.mark.parametrize("text, match", [
    ("elves 3", "'elves' is not a faction"),
    ("trolls 10", "a card is a faction and a value 0-9"),
    ("trolls", "a card is a faction and a value 0-9"),
    ("", "empty action"),
    ("smash seat x", "write 'smash N'"),
    ("take", "a card is a faction and a value"),
    ("g 3", "'g' is ambiguous: gnomes or giants"),              # the default deck has no Goblins
    ("knight 3", "this game's deck has no knights; its factions are gnomes, giants, dragons, trolls, seers"),
    ("gob 3", "this game's deck has no goblins; its factions are"),  # a prefix of the other box's faction
    ("take dw 3", "this game's deck has no dwarves"),
    ("foo", "e.g. 'gnomes 3'"),                                 # an example from this game's deck
])
def test_unreadable_text_is_refused_with_a_hint(text, match):
    with pytest.raises(ludus.IllegalAction, match=match):
        claim().parse_action(text)


@pytest.mark.parametrize("factions, text, card", [
    ("default", "d 4", "dragons 4"),            # only Dragons begin with d in this deck
    ("default", "gi 3", "giants 3"),
    ("claim", "g 3", "goblins 3"),
    ("claim", "dw 3", "dwarves 3"),
])
def test_a_faction_prefix_is_read_among_the_factions_of_the_deck(factions, text, card):
    assert str(claim(factions=factions).parse_action(text)) == card
    assert str(claim(factions=factions).parse_action("take " + text)) == "take " + card


def test_a_prefix_shared_within_the_deck_stays_ambiguous():
    with pytest.raises(ludus.IllegalAction, match="'d' is ambiguous: dwarves or doppelgangers"):
        claim(factions="claim").parse_action("d 4")


def test_unknown_options_are_refused():
    with pytest.raises(ludus.OptionError, match="claim has no option colour; its options are: players"):
        claim(colour="red")


@pytest.mark.parametrize("name, value, match", [
    ("players", 5, "players takes one of: 2, 3, 4"),
    ("dragon", "first-dragon", "dragon takes one of: 'last-card', 'last-dragon'"),
    ("first_leader", "youngest", "first_leader takes one of: 'random', '0', '1', '2', '3'"),
    ("factions", "claim3", "factions takes default, claim2, claim or a list"),
])
def test_unknown_option_values_are_refused(name, value, match):
    with pytest.raises(ludus.OptionError, match=match):
        claim(**{name: value})


# the option that let the winner take the longest-waiting Troll contradicted the rule book (K27)
TROLL_PICK_WITHDRAWN = (r"claim option troll_pick was withdrawn: its value oldest contradicted the rule book's "
                        r"own Troll example .* always takes the highest .*; leave troll_pick out")


@pytest.mark.parametrize("value", ["oldest", "highest", "lowest"])
def test_K27_troll_pick_is_withdrawn_whatever_its_value(value):
    with pytest.raises(ludus.OptionError, match=TROLL_PICK_WITHDRAWN):
        claim(troll_pick=value)


def test_K27_a_record_naming_troll_pick_is_refused_saying_why():
    s = claim().new_state(seed=4)
    for _ in range(6):
        play(s, s.legal_actions()[-1])
    record = s.record()
    assert "troll_pick" not in record["options"]
    with pytest.raises(ludus.RecordError, match="record names a game or options ludus cannot make: "
                                                + TROLL_PICK_WITHDRAWN):
        ludus.replay({**record, "options": {**record["options"], "troll_pick": "highest"}})
    assert ludus.replay(record).observe(0) == s.observe(0)


@pytest.mark.parametrize("options", [
    {"dragon": "last-dragon"}, {"first_leader": "1"}, {"factions": "claim"},
    {"players": 3, "factions": KG_3P}, {"players": 4, "first_leader": 3},
])
def test_every_option_value_is_accepted_and_recorded(options):
    game = claim(**options)
    s = game.new_state(seed=2)
    play(s, s.legal_actions()[0])
    record = s.record()
    assert all(str(record["options"][k]) == str(getattr(game.options, k)) for k in options)
    assert ludus.replay(record).observe(0) == s.observe(0)
