"""Caesar & Cleopatra in the terminal: the help, refusals, prompts, narration and result say
what is true of the edition and options in play."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import ludus
from ludus.games.caesar_cleopatra import terminal
from ludus.games.caesar_cleopatra.positions import play, position

MARKUP = re.compile(r"\[/?[a-z =-]+\]")


def _asked(s, seat: int = 0) -> str:
    """The decision ``seat`` is asked now, without its markup."""
    return MARKUP.sub("", terminal.decision(s.observe(seat), s.legal_actions()))


def _help(**options) -> str:
    s = ludus.make("caesar-cleopatra", **options).new_state(seed=1)
    text = terminal.help_text(s.observe(0), s.legal_actions())
    assert all(len(line) < 80 for line in MARKUP.sub("", text).splitlines())
    return " ".join(MARKUP.sub("", text).split())


def test_C30_N8_C22_help_tells_the_vote_and_the_end_as_the_options_have_them():
    classic = _help()
    assert "a Philosopher there makes the lower sum win" in classic
    assert "the higher sum discards one of its highest cards there, the lower one of its lowest" in classic
    assert "after 4 passive turns in a row that exchange no card" in classic
    assert "if the sides hold different numbers of them, make the lower sum win" in _help(philosopher="difference")
    assert "the winner discards one of its highest cards there, the loser one of its lowest" in _help(edition="2024")
    assert "the higher sum discards" in _help(edition="2024", discard_by="totals")
    assert "after 6 passive turns in a row" in _help(stalemate_turns=6)


def test_help_describes_the_moves_of_the_edition_and_options_in_play():
    classic = _help()
    assert "arrange spy" in classic and "up 3 senators one of two face-up cards" in classic
    assert "wrath aediles discard every influence card at a group" in classic
    assert "majority of a group once all of it is awarded" in classic and "majority=half" not in classic
    assert "arrange spy" not in _help(action_deck="shuffled")
    new = _help(edition="2024")
    assert "arrange spy" not in new and "one of two face-up cards" not in new
    assert "up 3 senators one card face up" in new
    assert "wrath aediles discard every face-up influence card at a group" in _help(wrath="face-up")
    half = _help(majority="half")
    assert "more than half of a group's patricians" in half and "once all of it is awarded" not in half


def test_refusals_say_what_is_wrong_and_what_would_be_right(run):
    out = " ".join(run("play", "caesar-cleopatra", "--seed", "5",
                       input="castle 3 senators\nfoo\narrange 3\nquit\n\n").output.split())
    assert "Castling puts cards back only at its two groups" not in out
    assert "castle 3 senators is not legal: no Castling is under way" in out
    assert "cannot read 'foo'; moves look like 'arrange spy', 'open 3'," in out
    assert "cannot read 'arrange 3'; write it like 'arrange spy'" in out


def test_castle_in_a_castling_names_what_is_wrong():
    s = position(hands=("1 castling", "1"), board={"senators": ("up 3", ""), "censors": ("2", "")})
    play(s, "castling senators censors", "allow")
    with pytest.raises(ludus.IllegalAction, match="only at the senators or the censors"):
        play(s, "castle 3 praetors")
    with pytest.raises(ludus.IllegalAction, match="cleopatra has no 4 to put back"):
        play(s, "castle 4 senators")


def test_a_passive_turn_with_both_piles_empty_draws_nothing_and_says_so():
    s = position(hands=("1 2 3", "1"), piles=({"influence": "", "action": ""}, None))
    play(s, "passive")
    assert "nothing is drawn" in _asked(s)
    events = play(s, "discard 1", "done")
    told = terminal.narrate(events[-1].seen_by(0), 0).text
    assert told == "You took a passive turn and discarded 1 card."


def test_the_2024_first_turn_is_not_told_of_a_bust():
    s = position({"edition": "2024"}, hands=("1 2 3 4 5 veto", "1 veto"), turn=1)
    play(s, "down 1 senators")
    asked = _asked(s)
    assert "bust" not in asked.replace("no bust on the first turn", "") and "vote" not in asked
    assert "no bust on the first turn" in asked
    later = position({"edition": "2024"}, hands=("1 2 3 4 5 veto", "1 veto"))
    play(later, "down 1 senators")
    assert "the vote and the bust" in _asked(later)


def test_the_veto_prompt_names_the_target_as_the_narration_does_and_no_answer_is_told_twice():
    s = position(hands=("1 assassin", "2"), board={"praetors": ("", "up 4")})
    play(s, "assassin 4 praetors")
    assert "Answer Cleopatra's Assassin on your 4 at the Praetors" in _asked(s, 1)
    note = terminal.auto_note(s.observe(1), s.legal_actions()[0])
    told = terminal.narrate(play(s, "allow")[0].seen_by(1), 1).text
    assert told == "You allowed it." and "allow" not in note


def _stalemate_won_on_patricians():
    """Equal points, 4 each: Cleopatra 3 Senators (+1 all so far), Caesar a Praetor and a
    Quaestor (+1 each); the fourth pure pass ends the game."""
    s = position(hands=("1", "2"), won={"senators": (3, 0), "praetors": (0, 1), "quaestors": (0, 1)},
                 bonus=("praetors", "senators"), pure_passes=3)
    events = play(s, "passive", "done")
    assert s.is_terminal and s.scores() == [4, 4]
    return s, events[-1]


def test_the_result_quotes_the_figure_that_decided_the_game():
    s, over = _stalemate_won_on_patricians()
    console = Console(width=120, record=True)
    console.print(terminal.result(s.observe(0)))
    text = " ".join(console.export_text().split())
    assert "You win on patricians, 3 to 2 (4 points each)." in text
    told = terminal.narrate(over.seen_by(0), 0).text
    assert "((" not in told and "))" not in told
    assert told == ("Game over: 4 pure passes in a row (stalemate). Cleopatra 4, Caesar 4 — "
                    "Cleopatra wins on patricians.")
