"""Seize Rome in the terminal: ``ludus play seize-rome`` for 2-4 seats (people, bots, hot-seat),
``simulate`` and ``replay`` of Seize Rome records, and the terminal module's words."""

from __future__ import annotations

import json
import random
import re

import pytest
from rich.text import Text

import ludus
from ludus.cli.common import narration, terminal_for
from ludus.games.seize_rome import events as ev
from ludus.games.seize_rome.cards import COLOURS, WILD, card_name

from .conftest import invoke, saved

TITLE = re.compile(r"Seize Rome \(card game\) · (?:round \d+|game over) · you are Seat (\d)")
CARDS = re.compile(rf"\b({'|'.join(COLOURS)})((?: [1-6])+)\b")
MARKUP = re.compile(r"\[[^\]]*\]")


def _named(text: str) -> set[str]:
    """Every coloured card named in ``text``: "red 5", and each of "red 2 5" (a hand's group)."""
    return {f"{m.group(1)} {v}" for m in CARDS.finditer(text) for v in m.group(2).split()}


def _plain(line: str) -> str:
    return MARKUP.sub("", line)


class Knower:
    """Replays a record with the true events and tracks the coloured cards each seat knows:
    its own cards (dealt, drawn, played) and every card revealed at a round's end (S18)."""

    def __init__(self, record: dict):
        self.state = ludus.make("seize-rome", **record["options"]).new_state(seed=record["seed"])
        self.known = [set(self.state.observe(q)["hand"]) for q in range(self.state.game.num_players)]
        self.revealed: set[str] = set()

    def apply(self, text: str) -> list:
        events = self.state.apply(self.state.game.parse_action(text))
        for e in events:
            if isinstance(e, (ev.CardDrawn, ev.CardPlayed)):
                self.known[e.player].add(e.card)
            elif isinstance(e, ev.RegionRevealed):
                self.revealed |= {c for cards in e.cards for c in cards}
        return events

    def knows(self, seat: int | None) -> set[str]:
        return self.revealed | (self.known[seat] if seat is not None else set())

    def hidden_from(self, seat: int) -> set[str]:
        """Coloured cards other seats hold or have face down that ``seat`` does not know."""
        s = self.state                                                 # the engine's truth
        out = {c for q in range(s.n) if q != seat for c in s.hands[q]}
        out |= {c for row in s.board for q, cards in enumerate(row) if q != seat for c in cards}
        return {card_name(c) for c in out if c != WILD} - self.knows(seat)

    def hand(self, seat: int) -> set[str]:
        return {card_name(c) for c in self.state.hands[seat]}


# -- whole games --------------------------------------------------------------------------


def _play(tmp_path_factory, name: str, *args: str):
    path = tmp_path_factory.mktemp("seize") / f"{name}.json"
    result = invoke("play", "seize-rome", *args, "--save", str(path), input="1\n" * 400)
    return result, saved(path)


SEED = 2     # a deal whose game lasts three rounds or more, as the test needs


@pytest.fixture(scope="module")
def two_player_game(tmp_path_factory):
    return _play(tmp_path_factory, "two", "--seed", str(SEED), "--seats", "human,random")


@pytest.fixture(scope="module")
def three_player_game(tmp_path_factory):
    return _play(tmp_path_factory, "three", "-o", "players=3", "--seed", "11",
                 "--seats", "human,random,heuristic")


def test_a_whole_two_player_game(two_player_game):
    result, record = two_player_game
    assert result.exit_code == 0, result.output
    out = result.output
    assert "you are seat 0 · vs seat 1: random" in out
    # the board as the person sees it
    for text in ("Seize Rome (card game) · round 1 · you are Seat 0", "Round 1 (started by ", "turns without a play: ",
                 "region", "control", "regions held", "need 4",
                 "hand ", "bonus drawn", "Your hand (5): ", "round 1 → winner", "revealed in earlier rounds"):
        assert text in out, text
    assert re.search(r"Pile: 2\d cards \(2\d never seen on top\)", out)
    assert re.search(r"^red +(—|you|seat 1) +(·|▪+ [1-6w])", out, re.M)     # a region row
    assert re.search(r"▪+ [1-6](?: [1-6])* =\d+", out) or "wild" in out       # your cards there
    # the decision in words, moves one row per region
    assert "▶ Play a card face down or draw (pile " in out
    assert re.search(r"^(red|blue|green|yellow|purple) +1 (\w+ [1-6]|wild)", out, re.M)
    assert re.search(r"\d+ draw \(the top card of the pile\)", out)
    # narration from seat 0's side
    for pattern in (r"Seat 1 played a card into (red|blue|green|yellow|purple)",
                    r"You played (\w+ [1-6]|a wild) into \w+", r"You drew (\w+ [1-6]|a wild)",
                    r"(Red|Blue|Green|Yellow|Purple): .+ — ", r"(You|Seat 1) drew a bonus card",
                    r"The \d+ played cards go under the pile, shuffled",
                    r"Round \d+ over — regions controlled: you \d, seat 1 \d",
                    r"Game over \(control of \d regions\): (you win|seat 1 wins)"):
        assert re.search(pattern, out), pattern
    # the end: who controls what, who wins and why
    assert "Seize Rome (card game) · the end" in out and "Final board" in out
    assert "controlled by" in out and "4 to win" in out
    assert re.search(r"(You win|Seat 1 wins): controlling \d of 5 regions \(4 needed\)", out)
    assert "The game is saved in" in out
    assert record["game"] == "seize-rome" and record["seed"] == SEED and record["options"]["players"] == 2
    state = ludus.replay(record)
    assert state.is_terminal and state.record()["actions"] == record["actions"]
    assert state.round >= 3


def test_a_whole_three_player_game(three_player_game):
    result, record = three_player_game
    assert result.exit_code == 0, result.output
    out = result.output
    assert "vs seat 1: random, seat 2: heuristic" in out
    for text in ("need 3", "seat 1", "seat 2", "Round 1 over — regions controlled: you ", "3 to win"):
        assert text in out, text
    assert re.search(r"(You win|Seat [12] wins): controlling \d of 5 regions \(3 needed\)", out)
    assert record["options"]["players"] == 3
    state = ludus.replay(record)
    assert state.is_terminal and state.record()["actions"] == record["actions"]


def _screens(out: str) -> list[tuple[int, str]]:
    """(seat, text) of every decision screen, from its title to the next one (or the end)."""
    cut, _, _ = out.partition("Seize Rome (card game) · the end")
    starts = [(m.start(), int(m.group(1))) for m in TITLE.finditer(cut)]
    ends = [s for s, _ in starts[1:]] + [len(cut)]
    return [(seat, cut[s:e]) for (s, seat), e in zip(starts, ends, strict=True)]


def _check_privacy(out: str, record: dict, humans: set[int]) -> tuple[int, int]:
    """Every screen names only cards its seat knows; returns (hidden cards checked, own named)."""
    knower = Knower(record)
    screens = iter(_screens(out))
    checked = own = 0
    on_screen = None if len(humans) > 1 else min(humans)
    for action in record["actions"]:
        s = knower.state
        # a screen for every choice, and in hot-seat for a forced move off the screen too
        if s.current_player in humans and (len(s.legal_actions()) > 1 or on_screen != s.current_player):
            seat, text = next(screens)
            assert seat == s.current_player
            on_screen = seat
            named = _named(text)
            assert named <= knower.knows(seat), f"seat {seat} is shown {named - knower.knows(seat)}"
            hidden = knower.hidden_from(seat)
            assert not named & hidden
            checked += len(hidden)
            own += len(named & knower.hand(seat))
        knower.apply(action)
    assert next(screens, None) is None
    if len(humans) == 1:                       # the end screen, as the one person sees it
        (seat,) = humans
        end = out.partition("Seize Rome (card game) · the end")[2]
        assert _named(end) <= knower.knows(seat)
    return checked, own


@pytest.mark.parametrize("game", ["two_player_game", "three_player_game"])
def test_a_person_sees_only_what_their_seat_knows(game, request):
    result, record = request.getfixturevalue(game)
    checked, own = _check_privacy(result.output, record, {0})
    assert checked > 30 and own > 10        # the check finds cards: hidden ones exist, own ones show


def test_hot_seat_three_people_and_a_bot(tmp_path):
    path = tmp_path / "hot.json"
    result = invoke("play", "seize-rome", "-o", "players=4", "--seed", "1",
                    "--seats", "human,random,human,human", "--save", str(path), input="1\n" * 600)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "hot-seat: people at seat 0, seat 2, seat 3" in out and "Pass to seat 2 — press Enter" in out
    record = saved(path)
    checked, own = _check_privacy(out, record, {0, 2, 3})
    assert checked > 100 and own > 30, (checked, own)
    # the end screen of a hot-seat game is the spectator's: revealed cards only
    knower = Knower(record)
    for action in record["actions"]:
        knower.apply(action)
    assert _named(out.partition("Seize Rome (card game) · the end")[2]) <= knower.knows(None)


def test_a_move_by_notation_and_a_refused_one(run, tmp_path):
    path = tmp_path / "typed.json"
    state = ludus.make("seize-rome").new_state(seed=5)
    seat = state.current_player
    hand = state.observe(seat)["hand"]
    card = next(c for c in hand if c != "wild")
    missing = next(f"{c} {v}" for c in COLOURS[:5] for v in range(1, 7) if f"{c} {v}" not in hand)
    colour, value = card.split()
    result = run("play", "seize-rome", "--seed", "5", "--as", str(seat), "--save", str(path),
                 input=f"play {missing}\nred 9\nhelp\n{colour[:3]} {value}\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert f"Refused: play {missing} is not legal: you hold no {missing}" in out   # said to that seat
    assert "cannot read 'red 9'" in out
    assert f"{card} or play {card}" in out           # the help text, with a card of the hand
    assert saved(path)["actions"][0] == f"play {card}"


# -- simulate and replay --------------------------------------------------------------------


def test_simulate_three_agents(run, tmp_path):
    out_dir = tmp_path / "recs"
    result = run("simulate", "seize-rome", "-n", "4", "--seed", "1", "-o", "players=3",
                 "--agents", "heuristic,random,random", "--records", str(out_dir))
    assert result.exit_code == 0, result.output
    for text in ("Seize Rome (card game) · 4 games", "seat 0: heuristic ", "seat 1: random ",
                 "seat 2: random ", "4 games in"):
        assert text in result.output, text
    records = [json.loads(f.read_text()) for f in sorted(out_dir.iterdir())]
    assert len(records) == 4 and all(r["options"]["players"] == 3 for r in records)
    assert all(ludus.replay(r).is_terminal for r in records)


def _random_record(seed: int, players: int = 2, **options) -> dict:
    state = ludus.make("seize-rome", players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


STEP = re.compile(r"─ (Round \d+|Game over) ─")


def _steps(out: str) -> list[tuple[str, str]]:
    parts = STEP.split(out)
    return list(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("seat", ["1", None])
def test_replay_all_for_a_seat(run, tmp_path, seat):
    record = _random_record(5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--all", *(["--seat", seat] if seat else []))
    assert result.exit_code == 0, result.output
    out = result.output
    viewer = int(seat) if seat else None
    assert ("seen by Seat 1" if seat else "seen by a spectator") in out
    steps = _steps(out)
    rounds = ludus.replay(record).round
    assert [t for t, _ in steps] == [f"Round {r}" for r in range(1, rounds + 1)]
    assert "Seat 0 played a card into" in out and "Seat 0 drew a card" in out
    if seat:
        assert re.search(r"You played (\w+ [1-6]|a wild) into", out) and "Your hand (" in out
    else:
        assert "You " not in out and "Your hand" not in out
    # step by step (a step is a round), only cards the viewer knows by the round's end
    knower = Knower(record)
    actions = iter(record["actions"])
    for title, text in steps:
        number = int(title.split()[1])
        for action in actions:
            knower.apply(action)
            if knower.state.is_terminal or knower.state.round > number:
                break
        assert _named(text) <= knower.knows(viewer), title
        if viewer is not None:
            assert not _named(text) & knower.hidden_from(viewer)
    assert "Game over" in out and "controlled by" in out


def test_replay_steps_are_rounds(run, tmp_path):
    record = _random_record(2, players=4)   # four rounds
    path = tmp_path / "four.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--seat", "2", input="\nq\n")
    assert result.exit_code == 0
    out = result.output
    assert "─ Round 1 ─" in out and "─ Round 2 ─" in out and "─ Round 3 ─" not in out
    assert "▶ you" in out or "you " in out


# -- the terminal module's words --------------------------------------------------------------


TERM = terminal_for(ludus.make("seize-rome"))


def _find(want, seeds=range(60), **options):
    """The first state (over random games) where ``want(state)`` holds, with the events so far."""
    for seed in seeds:
        state = ludus.make("seize-rome", **options).new_state(seed=seed)
        rng = random.Random(seed)
        events = []
        while not state.is_terminal:
            if want(state):
                return state, events
            events += state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such state in the seeds tried")


def _say(event, viewer) -> str:
    seen = event.seen_by(viewer)
    line = None if seen is None else TERM.narrate(seen, viewer)
    return "" if line is None else line.text


def test_narration_from_each_seat():
    played = ev.CardPlayed(1, "red", "red 5")
    assert _say(played, 1) == "You played red 5 into red"
    assert _say(played, 0) == _say(played, None) == "Seat 1 played a card into red"
    wild = ev.CardPlayed(0, "blue", "wild")
    assert _say(wild, 0) == "You played a wild into blue"
    assert _say(wild, 1) == "Seat 0 played a card into blue"
    drawn = ev.CardDrawn(0, "blue 3")
    assert _say(drawn, 0) == "You drew blue 3" and _say(drawn, 1) == "Seat 0 drew a card"
    bonus = ev.CardDrawn(1, "green 2", True)
    assert _say(bonus, 1) == "You drew a bonus card: green 2"
    assert _say(bonus, 0) == "Seat 1 drew a bonus card (for a region won)"
    assert _say(ev.Passed(2), 2) == "You passed" and _say(ev.Passed(2), 0) == "Seat 2 passed"
    won = ev.RegionRevealed("red", (("red 4", "red 5", "red 6"), ("red 1", "wild", "red 3")), (15, 5), 0, 0)
    assert _say(won, None) == "Red: seat 0 15 (4 5 6), seat 1 5 (1 3 wild) — seat 0 wins and controls red"
    assert _say(won, 0) == "Red: you 15 (4 5 6), seat 1 5 (1 3 wild) — you win and control red"
    tie = ev.RegionRevealed("blue", (("blue 6",), ("blue 2", "blue 4"), ()), (6, 6, 0), None, 2)
    assert _say(tie, 2) == "Blue: seat 0 6, seat 1 6 (2 4) — a tie, no winner; you keep control"
    empty = ev.RegionRevealed("green", ((), ()), (0, 0), None, None)
    assert _say(empty, 0) == "Green: nobody played — nobody controls it"
    assert _say(ev.CardsReturned(12, "bottom"), 0) == "The 12 played cards go under the pile, shuffled"
    assert _say(ev.CardsReturned(3, "discard"), 0) == "The 3 played cards are discarded"
    assert _say(ev.CardsReturned(1, "bottom"), 0) == "The played card goes under the pile"
    assert _say(ev.CardsReturned(1, "discard"), 0) == "The played card is discarded"
    assert _say(ev.RoundEnded(2, (1, 3)), 1) == "Round 2 over — regions controlled: seat 0 1, you 3"
    assert _say(ev.GameOver("control of 4 regions", (1.0, -1.0)), 0) == \
        "Game over (control of 4 regions): you win"
    assert _say(ev.GameOver("control of 4 regions", (1.0, -1.0)), 1) == \
        "Game over (control of 4 regions): seat 0 wins"
    assert _say(ev.GameOver("the pile ran out", (0.0, 0.0)), None) == "Game over (the pile ran out): a draw"
    assert "share the lead" in _say(ev.GameOver("the pile ran out", (0.0, -1.0, 0.0)), 1)


def test_narration_of_a_real_round_hides_the_others_cards():
    state, events = _find(lambda s: s.round == 3, players=3)
    for viewer in (0, 1, 2, None):
        text = "\n".join(_plain(x) for x in narration(TERM, events, viewer))
        assert "Round 1 over" in text and "Round 2 over" in text
        for e in events:
            if isinstance(e, ev.CardPlayed | ev.CardDrawn):
                line = " ".join(narration(TERM, [e], viewer))
                if e.player == viewer:
                    assert e.card in _plain(line)
                else:
                    assert "wild" not in line and not _named(line)


def test_the_board():
    state, _ = _find(lambda s: s.round == 2 and any(s.board[r][0] for r in range(5)) and s.current_player == 1)
    o = state.observe(0)
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(TERM.render(o))
    text = console.export_text()
    assert re.search(r"Round 2 \(started by (you|seat 1)\) · seat 1 to move", text) and "▶ seat 1" in text
    for region in o["regions"]:
        row = next(line for line in text.splitlines() if line.startswith(region["colour"] + " "))
        assert row.count("▪") == sum(region["face_down"])
        assert _named(row) == set()                         # values only: "▪▪ 2 5 =7"
    hand = next(line for line in text.splitlines() if line.startswith("Your hand"))
    assert _named(hand) == {c for c in o["hand"] if c != "wild"}
    assert f"need {o['regions_to_win']}" in text and "round 1 → winner" in text
    spectator = Console(width=100, record=True)
    spectator.print(TERM.render(state.observe(None)))
    assert "Your hand" not in spectator.export_text() and not _named(spectator.export_text())


def test_decision_prompts_and_moves():
    state, _ = _find(lambda s: s.quiet == 1 and any(a.kind == 0 for a in s.legal_actions()))
    ask = TERM.decision(state.observe(state.current_player), state.legal_actions())
    assert ask.startswith("Play a card face down or draw") and "if you do not play, the round ends" in ask
    state, _ = _find(lambda s: len(s.legal_actions()) > 3, voluntary_pass="true")
    ask = _plain(TERM.decision(state.observe(state.current_player), state.legal_actions()))
    assert re.match(r"Play a card face down, draw \(pile \d+\), or pass", ask)
    state, _ = _find(lambda s: s.quiet == 1 and len(s.legal_actions()) > 1, players=3)
    seat = state.current_player
    ask = _plain(TERM.decision(state.observe(seat), state.legal_actions()))
    assert ask.endswith(f"— if you do not play, seat {(seat + 1) % 3} can end the round by not playing")
    game = ludus.make("seize-rome")
    actions = [game.parse_action(t) for t in ("draw", "play wild red", "play blue 3", "play red 5",
                                              "play wild blue", "play red 2")]
    ordered, _ = TERM.moves(actions)
    assert [str(a) for a in ordered] == ["play red 2", "play red 5", "play wild red", "play blue 3",
                                         "play wild blue", "draw"]
    draw = game.parse_action("draw")
    assert "hand is empty" in TERM.auto_note({"hand": []}, draw)
    assert "pile are empty" in TERM.auto_note({"hand": []}, game.parse_action("pass"))
    assert TERM.turn_label(state.observe(None)) == f"round {state.round}"


def test_result_of_a_draw(run, tmp_path):
    record = _random_record(0, regions_to_win=5, max_rounds=10)
    state = ludus.replay(record)
    assert state.returns() == [0.0, 0.0]
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(record))
    out = run("replay", str(path), "--all", "--seat", "0").output
    assert "Game over: 10 rounds were played" in out
    assert "A draw: 10 rounds were played before anyone controlled 5 regions (held: you " in out


def test_result_of_a_draw_between_winners():
    """S14: both seats reach the regions needed with the same count and total strength."""
    from ludus.games.seize_rome.positions import position

    state = position(hands={0: ["red 1"], 1: ["blue 1"]}, regions_to_win=2, to_move=0,
                     board={"red": {0: ["red 5"]}, "blue": {0: ["blue 5"]},
                            "green": {1: ["green 5"]}, "yellow": {1: ["yellow 5"]}})
    state.apply(state.game.parse_action("draw"))
    state.apply(state.game.parse_action("draw"))
    assert state.is_terminal and state.returns() == [0.0, 0.0]
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(TERM.result(state.observe(0)))
    text = console.export_text()
    assert "A draw: everyone reached 2 regions, with as many regions and the same total strength" in text
    assert "before anyone controlled" not in text


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("voluntary", [False, True])
def test_help_lines_are_under_80_characters_with_the_longest_examples(colour, voluntary):
    text = TERM.help_text({"hand": [f"{colour} 6", "wild"], "pile": {"size": 5}},
                          [ludus.make("seize-rome").parse_action("pass")] if voluntary else [])
    assert f"play wild {colour}" in text
    assert max(Text.from_markup(line).cell_len for line in text.splitlines()) < 80


@pytest.mark.parametrize("voluntary_pass", ["false", "true"])
def test_S6_help_says_when_a_pass_is_allowed_at_this_table(voluntary_pass):
    game = ludus.make("seize-rome", voluntary_pass=voluntary_pass)
    state = game.new_state(seed=2)
    text = terminal_for(game).help_text(state.observe(state.current_player), state.legal_actions())
    row = next(line for line in text.splitlines() if "[cyan]pass[/cyan]" in line)
    assert row.endswith("do nothing (any time: voluntary_pass=true)" if voluntary_pass == "true"
                        else "do nothing (when the pile is empty)")


@pytest.mark.parametrize("options", [{}, {"wilds": 0}, {"regions": 3, "players": 3}])
def test_help_examples_are_cards_of_the_hand(options):
    """The examples of plays name a card the seat holds, read as moves, and show a wild card only
    to a seat holding one (a deck may have none)."""
    game = ludus.make("seize-rome", **options)
    help_text = terminal_for(game).help_text
    state, rng = game.new_state(seed=2), random.Random(2)
    for _ in range(60):
        if state.is_terminal:
            break
        obs = state.observe(state.current_player)
        text = help_text(obs, state.legal_actions())
        examples = re.findall(r"\[cyan\]([^[]+)\[/cyan\]", text)
        for example in examples:
            game.parse_action(example)
        coloured = [c for c in obs["hand"] if c != "wild"]
        if coloured:
            assert examples[0] == coloured[0]
        assert any(e.startswith("wild") for e in examples) == ("wild" in obs["hand"])
        if "wild" in obs["hand"]:       # both forms, as for a coloured card
            assert any(e.startswith("play wild") for e in examples)
        state.apply(rng.choice(state.legal_actions()))
