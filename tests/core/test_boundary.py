"""Input from a person, a file or a network is checked where it enters: the right type (a bool
is not an int, nor is a whole float), range and size, refused with a LudusError that says what
would be right, quotes at most ~200 characters of the input, and changes nothing."""

from __future__ import annotations

import random

import pytest
from tests.games.common import fingerprint

import ludus
from ludus.agents import make as make_agent

HUGE = "x" * 5000


def midgame(game_id: str, steps: int = 5, seed: int = 1):
    state = ludus.make(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


# -- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [2.0, 3.0, True, False, "²", "٢", "2.5", "1_0", None, [2], {"n": 2}])
def test_a_count_option_takes_an_int_or_ascii_digits_only(value):
    with pytest.raises(ludus.OptionError, match=r"players takes a whole number .*one of: 2, 3, 4") as info:
        ludus.make("claim", players=value)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("text,players", [("3", 3), (" 4 ", 4), (2, 2)])
def test_a_count_option_still_reads_its_digits(text, players):
    assert ludus.make("claim", players=text).num_players == players


@pytest.mark.parametrize("value", [True, False, None, 1.5, {"v": "last-card"}, ["last-card"]])
def test_a_text_option_takes_text_not_bools_or_containers(value):
    with pytest.raises(ludus.OptionError, match="dragon takes text, one of: 'last-card', 'last-dragon'"):
        ludus.make("claim", dragon=value)


@pytest.mark.parametrize("value", [None, 1.5, ["gnomes", 3]])
def test_an_option_that_also_reads_names_says_so_when_refused(value):
    with pytest.raises(ludus.OptionError, match=r"one of: 'default', 'claim2', 'claim' or names \(a list of strings"):
        ludus.make("claim", factions=value)


@pytest.mark.parametrize("value,text", [(True, "true"), (False, "false"), ("true", "true")])
def test_a_yes_no_option_takes_a_bool_as_its_text(value, text):
    assert ludus.make("seize-rome", voluntary_pass=value).options.voluntary_pass == text


@pytest.mark.parametrize("value", [1, 0, 1.0, None])
def test_a_yes_no_option_takes_no_number(value):
    with pytest.raises(ludus.OptionError, match="voluntary_pass"):
        ludus.make("seize-rome", voluntary_pass=value)


def test_a_text_option_still_takes_an_int_where_its_values_are_numerals():
    assert ludus.make("seize-rome", first_player=1).options.first_player == "1"


def test_an_overlong_option_value_or_name_is_refused_in_a_short_message():
    for options in ({"factions": HUGE}, {"factions": [HUGE]}, {HUGE: 1}, {"first_leader": HUGE}):
        with pytest.raises(ludus.OptionError) as info:
            ludus.make("claim", **options)
        assert len(str(info.value)) < 600, str(info.value)[:300]


# -- seeds -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["7", HUGE, 7.0, 1.5, True, False, 2**63, -2**63 - 1, 10**100, [7]])
def test_a_seed_is_a_signed_64_bit_int(seed):
    game = ludus.make("seize-rome")
    with pytest.raises(ludus.OptionError, match=r"a seed must be an integer from -2\*\*63 to 2\*\*63 - 1") as info:
        game.new_state(seed=seed)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("seed", [0, -2**63, 2**63 - 1, None])
def test_every_signed_64_bit_seed_deals_and_records(seed):
    state = ludus.make("claim").new_state(seed=seed)
    assert ludus.replay(state.record()).record() == state.record()


# -- seats and action ids ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["caesar-cleopatra", "claim", "seize-rome"])
@pytest.mark.parametrize("kind", ["bool", "float", "text", "list"])
def test_apply_refuses_a_player_that_is_no_seat(game_id, kind):
    state = midgame(game_id)
    seat = state.current_player
    player = {"bool": bool(seat), "float": float(seat), "text": str(seat), "list": [seat]}[kind]
    if kind == "bool" and seat > 1:
        player = True
    before = fingerprint(state)
    with pytest.raises(ludus.IllegalAction, match=r"apply's player needs a seat, 0\.\.\d; got "):
        state.apply(state.legal_actions()[0], player=player)
    assert fingerprint(state) == before


@pytest.mark.parametrize("index", [True, False, 1.0, "1", None, [1]])
def test_action_from_id_takes_an_int_not_a_bool_or_float(index):
    game = ludus.make("claim")
    with pytest.raises(ludus.IllegalAction, match=rf"an action id is a whole number 0\.\.{game.num_actions - 1}"):
        game.action_from_id(index)


def test_a_move_after_the_end_is_refused_in_a_short_message():
    state = ludus.make("seize-rome").new_state(seed=3)
    state.playout(random.Random(3))
    with pytest.raises(ludus.IllegalAction, match="the game is over") as info:
        state.apply(HUGE)
    assert len(str(info.value)) < 300


# -- notation ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id,text", [
    ("claim", "goblins ²"), ("claim", "goblins ٣"), ("claim", "take knights ³"), ("claim", "smash ٣"),
    ("claim", "smash ²"), ("seize-rome", "play red ٣"), ("seize-rome", "red ²"),
    ("caesar-cleopatra", "down ٣ senators"), ("caesar-cleopatra", "open ²"),
])
def test_numbers_in_a_move_are_ascii_digits(game_id, text):
    with pytest.raises(ludus.IllegalAction, match="cannot read"):
        ludus.make(game_id).parse_action(text)


MIXED_CLAIM = {"factions": "knights,goblins,dwarves,doppelgangers,dragons"}


@pytest.mark.parametrize("game_id,options,text,said", [
    ("claim", {}, "g 3", "'g' is ambiguous: gnomes or giants"),
    ("claim", MIXED_CLAIM, "take d 3", "'d' is ambiguous: dwarves, doppelgangers or dragons"),
    ("seize-rome", {}, "play bl 3", "'bl' is ambiguous: blue or black"),
    ("seize-rome", {}, "play wild bl", "'bl' is ambiguous: blue or black"),
    ("caesar-cleopatra", {}, "down 3 c", None),
    ("caesar-cleopatra", {}, "take s", "'s' is ambiguous: spy or scout"),
])
def test_a_shortened_name_of_several_is_called_ambiguous(game_id, options, text, said):
    game = ludus.make(game_id, **options)
    if said is None:        # a prefix of one name only reads as that name
        assert game.parse_action(text) == game.parse_action("down 3 censors")
        return
    with pytest.raises(ludus.IllegalAction, match=f"cannot read '{text}': {said}; write more of the name"):
        game.parse_action(text)


def test_a_claim_prefix_is_read_among_the_deck_factions_only():
    """'d' names the Dragons in the default deck, which has no Dwarves nor Doppelgangers."""
    assert ludus.make("claim").parse_action("take d 3") == ludus.make("claim").parse_action("take dragons 3")


@pytest.mark.parametrize("game_id,text,said", [
    ("claim", "elves 3", "'elves' is not a faction; factions are gnomes, giants, dragons, trolls, seers"),
    ("seize-rome", "play pink 3", "'pink' is not a colour; colours are red, blue"),
    ("caesar-cleopatra", "down 3 x", "'x' is not a group; groups are senators"),
])
def test_a_name_of_none_says_the_names(game_id, text, said):
    with pytest.raises(ludus.IllegalAction, match=said):
        ludus.make(game_id).parse_action(text)


@pytest.mark.parametrize("text", ["play red 9", "play red 0", "blue 7"])
def test_a_seize_rome_card_value_outside_1_to_6_says_the_values(text):
    with pytest.raises(ludus.IllegalAction, match="is not a card value; values are 1-6"):
        ludus.make("seize-rome").parse_action(text)


@pytest.mark.parametrize("text", ["draw 2", "draw red", "pass 1"])
def test_seize_rome_draw_and_pass_take_nothing(text):
    word = text.split()[0]
    with pytest.raises(ludus.IllegalAction, match=f"{word} takes nothing; write '{word}'"):
        ludus.make("seize-rome").parse_action(text)


@pytest.mark.parametrize("game_id", ["caesar-cleopatra", "claim", "seize-rome"])
@pytest.mark.parametrize("text", [HUGE, "goblins " + HUGE], ids=["long", "long-value"])
def test_unreadable_move_text_is_quoted_short(game_id, text):
    with pytest.raises(ludus.IllegalAction) as info:
        ludus.make(game_id).parse_action(text)
    assert len(str(info.value)) < 600, str(info.value)[:300]


# -- agent specs ------------------------------------------------------------------------------


@pytest.mark.parametrize("spec,says", [
    ("ismcts:iterations=abc", "is not a whole number of searches, e.g. iterations=2000"),
    ("ismcts:iterations=٣", "is not a whole number of searches"),
    ("ismcts:iterations=1.5", "is not a whole number of searches"),
    ("ismcts:time=soon", "is not a number of seconds, e.g. time=1.5"),
    ("ismcts:c=½", "is not a number, 0 or more, e.g. c=0.7"),
    ("ismcts:depth=deep", "is not a whole number or full .*, e.g. depth=8"),
])
def test_an_agent_spec_number_says_what_it_takes(spec, says):
    with pytest.raises(ludus.OptionError, match=says) as info:
        make_agent(spec, ludus.make("claim"))
    assert " a int" not in str(info.value) and " a float" not in str(info.value)


@pytest.mark.parametrize("seed", ["x", "٣", "1.5", "9" * 25, "-" + "9" * 25])
def test_an_agent_spec_seed_is_a_seed(seed):
    with pytest.raises(ludus.OptionError, match=r"agent spec .*: seed must be an integer from -2\*\*63"):
        make_agent(f"random:seed={seed}", ludus.make("claim"))


@pytest.mark.parametrize("spec", [5, None, ["random"], "ismcts:" + HUGE, HUGE + ":hard", "ismcts:iterations=" + HUGE],
                         ids=["int", "none", "list", "long-level", "long-name", "long-value"])
def test_a_bad_agent_spec_is_refused_in_a_short_message(spec):
    with pytest.raises(ludus.OptionError) as info:
        make_agent(spec, ludus.make("claim"))
    assert len(str(info.value)) < 600, str(info.value)[:300]


# -- games and records ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [["claim"], {"id": "claim"}, None, 3, HUGE],
                         ids=["list", "dict", "none", "int", "long"])
def test_make_refuses_a_game_id_that_is_not_a_game_s_name(game_id):
    with pytest.raises(ludus.OptionError, match="known games: caesar-cleopatra, claim, seize-rome") as info:
        ludus.make(game_id)
    assert len(str(info.value)) < 300


def _record():
    return ludus.make("claim").new_state(seed=4).record()


@pytest.mark.parametrize("change,says", [
    ({"format": []}, "record format"), ({"format": {"v": 1}}, "record format"),
    ({"options": {1: 2}}, "record options must be a dict of option names"),
    ({"seed": 2**63}, "record seed must be an integer from -2"), ({"seed": -2**63 - 1}, "record seed"),
    ({"seed": HUGE}, "record seed"), ({1: 2, HUGE: 3}, "unknown field"),
    ({"game": ["claim"]}, "unknown game"), ({"options": {"players": 2.0}}, "players takes a whole number"),
    ({"actions": [HUGE]}, "no move is longer than 100 characters"),
], ids=["format-list", "format-dict", "option-int-name", "seed-2**63", "seed-below", "seed-text", "odd-fields",
        "game-list", "players-float", "action-long"])
def test_replay_refuses_a_malformed_field_with_a_record_error(change, says):
    with pytest.raises(ludus.RecordError, match=says) as info:
        ludus.replay({**_record(), **change})
    assert len(str(info.value)) < 600, str(info.value)[:300]


def test_echo_quotes_any_value_short_even_one_that_cannot_be_shown():
    from ludus.core.errors import echo
    from ludus.games.caesar_cleopatra.notation import Action

    assert len(echo(10**5000)) <= 200                     # repr refuses ints of over 4,300 digits
    assert echo(Action(4, None, 2)) == "<Action that cannot be shown>"   # built by hand around junk
    assert echo("x" * 5000) == "'" + "x" * 198 + "…"
