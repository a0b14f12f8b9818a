"""Claim in the terminal: ``ludus play claim`` for 2-4 seats (people, bots, hot-seat),
``simulate`` and ``replay`` of Claim records, and the terminal module's words."""

from __future__ import annotations

import json
import random
import re

import pytest

import ludus
from ludus.cli.common import narration, terminal_for
from ludus.games.claim import events as ev

from .conftest import invoke, saved

TITLE = re.compile(r"Claim · [^\n]*· you are Seat (\d)")
UNIQUE = ("dragons", "trolls", "seers", "undead", "dwarves", "doppelgangers")  # values 0-9, once each


def _named_values(text: str, faction: str) -> set[int]:
    """Every value written after ``faction`` in ``text``: "dragons 7", "dragons 2 5 7"."""
    values: set[int] = set()
    for m in re.finditer(rf"\b{faction}((?: \d)+)\b", text):
        values |= {int(v) for v in m.group(1).split()}
    return values


def _names(text: str, card: str) -> bool:
    faction, value = card.split()
    return int(value) in _named_values(text, faction)


# -- whole games --------------------------------------------------------------------------


SEED = 1     # a deal whose game shows every part of the screen the test looks for


@pytest.fixture(scope="module")
def two_player_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("claim") / "two.json"
    result = invoke("play", "claim", "--seed", str(SEED), "--seats", "human,random", "--save", str(path),
                    input="1\n" * 200)
    return result, path


@pytest.fixture(scope="module")
def four_player_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("claim") / "four.json"
    result = invoke("play", "claim", "-o", "players=4", "--seed", "7",
                    "--seats", "human,random,heuristic,random", "--save", str(path), input="1\n" * 200)
    return result, path


def test_a_whole_two_player_game(two_player_game):
    result, path = two_player_game
    assert result.exit_code == 0, result.output
    out = result.output
    assert "you are seat 0 · vs seat 1: random" in out
    # the table as the person sees it, in both phases
    for text in ("Claim · phase 1 · trick 1 of 13 · you are Seat 0", "Phase 1 — recruit followers",
                 "Prize: ", "deck 25 cards", "Your hand (13): ", "Your followers (", "seat 0 (you)",
                 "hand 13 · followers 0", "Phase 2 — win the factions", "Faction tally",
                 "unplayed", "Trolls waiting:", "Last trick: ", "Phase 2 begins"):
        assert text in out, text
    # decisions in words, moves numbered by faction
    assert "▶ Lead a card" in out
    assert re.search(r"▶ Follow (\w+) \(you must play \1\)|▶ Follow \w+ — you have no", out)
    assert "doppelganger" not in out                  # not in this deck, so never offered
    assert re.search(r" 1 (gnomes|giants|dragons|trolls|seers) \d", out)
    # narration from seat 0's side
    assert re.search(r"Seat 1 played \w+ \d", out) and re.search(r"You played \w+ \d", out)
    assert re.search(r"(You|Seat 1) won the trick\n", out) and "(ranking" not in out
    assert "Seat 1 took a card from the deck" in out or "Seat 1 took the prize" in out
    assert re.search(r"You took \w+ \d from the deck|You took the prize \w+ \d", out)
    # the end: factions, who won them, who wins
    assert "Claim · the end" in out and "Game over" in out
    assert "factions won" in out and "won by" in out
    assert re.search(r"(You win|Seat 1 wins) with \d factions|A draw", out)
    assert "The game is saved in" in out
    record = saved(path)
    assert record["game"] == "claim" and record["seed"] == SEED and record["options"]["players"] == 2
    state = ludus.replay(record)
    assert state.is_terminal and state.record()["actions"] == record["actions"]
    assert len(record["actions"]) >= 52


def test_a_whole_four_player_game(four_player_game):
    result, path = four_player_game
    assert result.exit_code == 0, result.output
    out = result.output
    assert "vs seat 1: random, seat 2: heuristic, seat 3: random" in out
    for text in ("trick 1 of 9", "Teams: seats 0+2 against seats 1+3 (you play with seat 2)",
                 "seat 2 (partner)", "Prizes: ", "0+2 (yours)", "team 1+3", "Faction tally"):
        assert text in out, text
    assert re.search(r"Your team wins, \d to \d factions|Team 1\+3 wins, \d to \d factions|A draw", out)
    record = saved(path)
    assert record["options"]["players"] == 4
    state = ludus.replay(record)
    assert state.is_terminal and state.record()["actions"] == record["actions"]


def test_play_as_a_seat_by_number(run):
    result = run("play", "claim", "-o", "players=3", "--as", "2", "--vs", "heuristic", "--seed", "3",
                 input="quit\n\n")
    assert result.exit_code == 0, result.output
    assert "you are seat 2 · vs seat 0: heuristic, seat 1: heuristic" in result.output
    assert "seat 2 (you)" in result.output
    assert "Game abandoned" in result.output


def test_a_move_by_notation_and_a_refused_one(run, tmp_path):
    path = tmp_path / "typed.json"
    state = ludus.make("claim").new_state(seed=5)
    leader = state.current_player
    card = str(state.legal_actions()[-1])              # a card the leader may lead
    faction, value = card.split()
    result = run("play", "claim", "--seed", "5", "--as", str(leader), "--save", str(path),
                 input=f"goblins 3\nseers 99\n{faction[:4]} {value}\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Refused: goblins 3 is not legal" in out       # no goblins in a Claim 2 deck
    assert "cannot read 'seers 99'" in out
    assert saved(path)["actions"][0] == card


# -- hot-seat -----------------------------------------------------------------------------


def _screens(out: str) -> list[tuple[int, str]]:
    """(seat, text) of every decision screen, from its title to the next one (or the end)."""
    cut = out.split("Claim · the end")[0]
    starts = [(m.start(), int(m.group(1))) for m in TITLE.finditer(cut)]
    ends = [s for s, _ in starts[1:]] + [len(cut)]
    return [(seat, cut[s:e]) for (s, seat), e in zip(starts, ends, strict=True)]


@pytest.fixture(scope="module")
def hot_seat_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("claim") / "hot.json"
    result = invoke("play", "claim", "--seed", "5", "--seats", "human,human", "--no-auto",
                    "--save", str(path), input="1\n" * 300)
    return result, saved(path)


def test_hot_seat_passes_the_keyboard_between_people(hot_seat_game):
    result, record = hot_seat_game
    assert result.exit_code == 0, result.output
    out = result.output
    assert "hot-seat: people at seat 0, seat 1" in out
    # every screen comes after "Pass to seat N" for the same N, and no screen before the first
    segments = out.split("Pass to seat ")
    assert not TITLE.search(segments[0])
    assert len(segments) > 10
    for segment in segments[1:]:
        seat = int(segment[0])
        assert segment[1:].startswith(" — press Enter")
        assert {int(s) for s in TITLE.findall(segment.split("Claim · the end")[0])} <= {seat}
    # with --no-auto every decision is shown: one screen per action of the record
    screens = _screens(out)
    assert len(screens) == len(record["actions"])
    assert "Game over" in out and "factions won" in out


def test_hot_seat_never_shows_a_hand_to_the_other_person(hot_seat_game):
    result, record = hot_seat_game
    screens = _screens(result.output)
    state = ludus.make("claim").new_state(seed=record["seed"])
    checked = shown_own = 0
    for (seat, text), action in zip(screens, record["actions"], strict=True):
        assert state.current_player == seat
        other = 1 - seat
        truth = state.observe(other)["seats"][other]                   # the engine's truth
        true_hand = truth["hand"] + truth["follower_pile"]
        seen = state.observe(seat)["seats"][other]
        knows = set(seen["known_cards"]) | set(seen.get("seen_by_your_seer", []))
        for card in true_hand:
            if card.split()[0] in UNIQUE and card not in knows:
                assert not _names(text, card), f"screen of seat {seat} names seat {other}'s {card}"
                checked += 1
        # the check does find cards on screen: the person's own hand is there
        own = state.observe(seat)["seats"][seat]["hand"] + state.observe(seat)["seats"][seat]["follower_pile"]
        shown_own += sum(_names(text, c) for c in own if c.split()[0] in UNIQUE)
        state.apply(state.game.parse_action(action))
    assert checked > 100 and shown_own > 100


# -- simulate and replay --------------------------------------------------------------------


def test_simulate_three_players(run, tmp_path):
    out_dir = tmp_path / "recs"
    result = run("simulate", "claim", "-n", "4", "--seed", "1", "-o", "players=3",
                 "--agents", "heuristic,random,random", "--records", str(out_dir))
    assert result.exit_code == 0, result.output
    for text in ("seat 0: heuristic ", "seat 1: random ", "seat 2: random ", "4 games in"):
        assert text in result.output
    records = [json.loads(f.read_text()) for f in sorted(out_dir.iterdir())]
    assert len(records) == 4 and all(r["options"]["players"] == 3 for r in records)
    assert all(ludus.replay(r).is_terminal for r in records)
    swapped = run("simulate", "claim", "-n", "3", "--seed", "1", "-o", "players=4", "--agents", "random",
                  "--swap")
    assert swapped.exit_code == 0, swapped.output
    assert "   seat 3 " in swapped.output.split("Per agent")[1]


def test_simulate_with_the_wrong_number_of_agents(run):
    result = run("simulate", "claim", "-n", "2", "-o", "players=3", "--agents", "random,random")
    assert result.exit_code == 2
    assert "claim has 3 seats but --agents names 2 agents" in result.output


@pytest.mark.parametrize("command", [("play", "claim"), ("simulate", "claim", "-n", "1"),
                                     ("tournament", "claim", "--agents", "random,heuristic", "-n", "2")])
def test_K27_the_withdrawn_troll_pick_is_refused_on_the_command_line(run, command):
    result = run(*command, "-o", "troll_pick=oldest", "--seed", "1", input="quit\n")
    assert result.exit_code == 2, result.output
    assert "claim option troll_pick was withdrawn" in result.output and "always takes the highest" in result.output
    assert "Traceback" not in result.output


def test_K27_replaying_a_record_that_names_troll_pick_is_refused(run, tmp_path):
    record = ludus.make("claim").new_state(seed=1).record()
    path = tmp_path / "old.json"
    path.write_text(json.dumps({**record, "options": {**record["options"], "troll_pick": "oldest"}}))
    result = run("replay", str(path), "--all")
    assert result.exit_code == 2, result.output
    assert "claim option troll_pick was withdrawn" in result.output and "leave troll_pick out" in result.output


def _random_record(seed: int, players: int = 2):
    """A finished random game: its record and every event as it truly was."""
    state = ludus.make("claim", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    events = []
    while not state.is_terminal:
        events += state.apply(rng.choice(state.legal_actions()))
    return state.record(), events


def test_replay_for_a_seat_never_names_a_card_it_could_not_know(run, tmp_path):
    record, events = _random_record(3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    # a card seat 1 took from the deck in phase 1 without any Seer seeing it
    phase2 = next(i for i, e in enumerate(events) if isinstance(e, ev.PhaseTwoBegins))
    taken = [e.card for e in events[:phase2] if isinstance(e, ev.DeckCardTaken)
             and e.player == 1 and e.seen_by_seer is None and e.card.split()[0] in UNIQUE]
    assert taken, "the seed must give seat 1 an unseen deck card of a one-copy faction"
    seat0 = run("replay", str(path), "--all", "--seat", "0")
    seat1 = run("replay", str(path), "--all", "--seat", "1")
    spectator = run("replay", str(path), "--all")
    assert seat0.exit_code == seat1.exit_code == spectator.exit_code == 0
    assert "seen by Seat 0" in seat0.output and "Phase 1 · trick 1 of 13" in seat0.output
    assert "Seat 1 took a card from the deck" in seat0.output
    for card in taken:
        played = f"Seat 1 played {card}"
        assert played in seat0.output and played in spectator.output
        before = seat0.output.split(played)[0]
        assert "Phase 2 begins" in before
        assert not _names(before, card), f"seat 0's replay names {card} before it is played"
        assert not _names(spectator.output.split(played)[0], card)
        assert f"You took {card} from the deck" in seat1.output
    assert "Game over" in seat0.output and "factions won" in seat0.output


def test_replay_steps_are_tricks(run, tmp_path):
    record, _ = _random_record(4, players=4)
    path = tmp_path / "four.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--seat", "2", input="\n\nq\n")
    assert result.exit_code == 0
    assert "Phase 1 · trick 1 of 9" in result.output and "Phase 1 · trick 3 of 9" in result.output
    assert "Phase 1 · trick 4 of 9" not in result.output
    assert "seat 2 (you)" in result.output and "seat 0 (partner)" in result.output


# -- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["--seats", "human,random,random"], "claim has 2 seats but --seats names 3"),
    (["--seats", "human,random,random"], "-o players=3"),
    (["-o", "players=4", "--seats", "human,random"], "claim has 4 seats but --seats names 2"),
    (["--seats", "human,grandmaster"], "unknown agent 'grandmaster'"),
    (["--seats", "random,heuristic"], "names no human"),
    (["--seats", "human,random", "--as", "1"], "use it without --as and --vs"),
    (["--seats", "human,random", "--vs", "heuristic"], "use it without --as and --vs"),
    (["--as", "2"], "unknown seat '2'"),
    (["-o", "players=5"], "players"),
    (["-o", "players=2", "-o", "players=3"], "option 'players' is given twice ('2' and '3'); give each option once"),
    (["--vs", ""], "agent spec '' is empty"),
])
def test_errors_exit_2_with_a_message(run, args, message):
    result = run("play", "claim", "--seed", "1", *args, input="quit\n\n")
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


# -- the terminal module's words --------------------------------------------------------------


SEER_DECK = "gnomes,giants,dragons,trolls,seers,undead,dwarves"   # 3-4 players, with Seers


def _find(players: int, want, seeds=range(60), **options):
    """The first state (over random games) where ``want(state)`` holds, with the events so far."""
    for seed in seeds:
        state = ludus.make("claim", players=players, **options).new_state(seed=seed)
        rng = random.Random(seed)
        events = []
        while not state.is_terminal:
            if want(state):
                return state, events
            events += state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such state in the seeds tried")


def test_decision_prompts():
    term = terminal_for(ludus.make("claim"))

    def ask(state):
        return term.decision(state.observe(state.current_player), state.legal_actions())

    def step(name):
        return lambda s: not s.is_terminal and s.observe(None)["step"] == name

    state, _ = _find(2, lambda s: step("choose-prize")(s))          # only a Seer makes a 2p choice
    assert ask(state).startswith("Your Seer: take the deck card or a prize (the deck card is ")
    assert any(str(a) == "take deck" for a in term.moves(state.legal_actions())[0])
    state, _ = _find(3, lambda s: step("choose-prize")(s) and "seer_sees" not in s.observe(s.current_player))
    assert re.match(r"Choose your prize \(the other goes to seat \d\)", ask(state))
    state, _ = _find(3, step("second-prize"), factions=SEER_DECK)
    assert ask(state).startswith("Choose your prize")
    state, _ = _find(4, step("choose-smash"), seeds=range(400))
    assert ask(state).startswith("Choose whose Gnome your Giant removes (gnomes ")
    assert all(str(a).startswith("smash ") for a in term.moves(state.legal_actions())[0])
    state, _ = _find(2, lambda s: step("play")(s) and not s.observe(None)["trick"])
    assert ask(state).startswith("Lead a card")


def test_moves_are_grouped_by_faction():
    term = terminal_for(ludus.make("claim"))
    game = ludus.make("claim")
    actions = [game.parse_action(t) for t in ("seers 4", "dragons 7", "dragons 2", "gnomes 5")]
    ordered, _ = term.moves(actions)
    assert [str(a) for a in ordered] == ["gnomes 5", "dragons 2", "dragons 7", "seers 4"]


def test_narration_from_each_seat():
    term = terminal_for(ludus.make("claim"))
    state, events = _find(2, lambda s: s.observe(None)["phase"] == 2 and s.observe(None)["tricks_done"] > 20)
    seer = next((e for e in events if isinstance(e, ev.SeerLooked)), None)
    plain = re.compile(r"\[[^\]]*\]")
    for viewer in (0, 1, None):
        lines = [plain.sub("", x) for x in narration(term, events, viewer)]
        assert "Phase 2 begins: follower piles become hands" in " ".join(lines)
        assert any(re.fullmatch(r"(You|Seat \d) won the trick", x) for x in lines)
    if seer is not None:
        mine = " ".join(narration(term, [seer], seer.player))
        theirs = " ".join(narration(term, [seer], 1 - seer.player))
        assert f"Your Seer saw {seer.card}" in plain.sub("", mine)
        assert seer.card not in theirs and "Seer looked at the top deck card" in theirs
    taken = next(e for e in events if isinstance(e, ev.DeckCardTaken) and e.seen_by_seer is None)
    mine = plain.sub("", " ".join(narration(term, [taken], taken.player)))
    assert mine == f"You took {taken.card} from the deck"
    assert plain.sub("", " ".join(narration(term, [taken], 1 - taken.player))) == \
        f"Seat {taken.player} took a card from the deck"
    smash = ev.GnomeSmashed(0, 1, 5)
    assert term.narrate(smash, 1).text == "Seat 0's Giant smashed your gnomes 5"
    assert term.narrate(smash, 0).text == "Your Giant smashed seat 1's gnomes 5"
    assert term.narrate(ev.TrollsWaiting(("trolls 2",)), 0).text == "Trolls left waiting: trolls 2"
    assert "discarded, scoring for nobody: trolls 4" in term.narrate(ev.TrollsDiscarded(("trolls 4",)), 0).text


def test_the_table_says_a_seer_saw_a_card_go_to_a_seat_but_not_which():
    """K16, K28: seat 1's Seer saw the deck card seat 0 took; seat 2 sees only that it did."""
    from rich.console import Console

    from ludus.games.claim.positions import position

    s = position(3, factions=SEER_DECK, leader=1, prizes=["giants 9", "giants 1"],
                 hands={0: ["dragons 5", "trolls 0"], 1: ["seers 7", "trolls 1"], 2: ["dragons 9", "trolls 2"]},
                 deck=["undead 0", "undead 1", "gnomes 3", "gnomes 5"])
    for move in ("seers 7", "dragons 9", "dragons 5", "take giants 9"):
        s.apply(ludus.make("claim").parse_action(move))
    term = terminal_for(s.game)
    screens = {}
    for viewer in (0, 1, 2):
        console = Console(width=120, record=True)
        console.print(term.render(s.observe(viewer)))
        screens[viewer] = console.export_text()
    assert "your Seer saw them take: gnomes 5" in screens[1]
    assert "seat 1's Seer saw 1 card they took" in screens[2] and "gnomes 5" not in screens[2]
    assert "Seer saw" not in screens[0]   # seat 0 took the card: no line about its own pile


def test_a_whole_game_against_the_search_bot(run, tmp_path):
    """``--vs ismcts:LEVEL`` (or any ismcts spec) plays a whole game; its moves are legal."""
    path = tmp_path / "vs-ismcts.json"
    result = run("play", "claim", "--seed", "8", "--vs", "ismcts:iterations=40,seed=2", "--save", str(path),
                 input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "vs seat 1: ismcts:iterations=40,seed=2" in result.output
    assert "Game over" in result.output
    assert ludus.replay(saved(path)).is_terminal


@pytest.mark.parametrize("spec, message", [("ismcts:ultra", "unknown ismcts level 'ultra'"),
                                           ("ismcts:iterations=0", "at least 1"),
                                           ("ismcts:depth=deep", "not a whole number or full")])
def test_a_bad_search_bot_spec_is_refused(run, spec, message):
    result = run("play", "claim", "--vs", spec, input="quit\n\n")
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_a_trick_is_told_by_who_won_and_with_more_players_who_came_next():
    from ludus.core.narration import Line
    from ludus.games.claim import terminal as claim_terminal
    from ludus.games.claim.events import TrickWon

    assert claim_terminal.narrate(TrickWon(1, (1, 0), 1), 0) == Line("Seat 1 won the trick", "strong")
    three = claim_terminal.narrate(TrickWon(2, (2, 0, 1), 1), 0)
    assert three.text == "Seat 2 won the trick (then you, seat 1)"


# -- help -----------------------------------------------------------------------------------


def _factions_named(text: str) -> set[str]:
    """The factions ``text`` names, in any form: "Dragons", "dragon", "Dwarf"."""
    from ludus.games.claim.cards import FACTIONS, SINGULAR

    words = set(re.findall(r"[a-z]+", text.lower()))
    return {f for f, one in zip(FACTIONS, SINGULAR, strict=True) if f in words or one in words}


@pytest.mark.parametrize("options", [{}, {"factions": "claim"}, {"factions": "claim2"}, {"players": 3},
                                     {"players": 4, "factions": "knights,goblins,dragons,trolls,seers,undead,dwarves"}])
def test_help_gives_examples_and_rules_of_the_games_own_deck(options):
    """Every example is a move of this game's notation with a card of its deck, and the rules in
    brief speak of no faction the deck lacks — at every decision of a whole game."""
    game = ludus.make("claim", **options)
    term = terminal_for(game)
    deck = set(game.new_state(seed=1).observe(None)["factions"])
    state, rng = game.new_state(seed=1), random.Random(1)
    while not state.is_terminal:
        text = term.help_text(state.observe(state.current_player), state.legal_actions())
        assert _factions_named(text) <= deck, (_factions_named(text) - deck, text)
        for example in re.findall(r"\[cyan\]([^[]+)\[/cyan\]", text):
            game.parse_action(example)             # reads as a move
        state.apply(rng.choice(state.legal_actions()))


def test_help_in_a_game_of_the_first_claim_names_only_its_factions(run):
    result = run("play", "claim", "-o", "factions=claim", "--seed", "3", input="help\nquit\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    shown = out[out.index("Moves:"):out.index("Commands:")]
    assert _factions_named(shown) <= {"goblins", "knights", "undead", "dwarves", "doppelgangers"}, shown
    assert "knights beat goblins" in shown


def _help_rows(players: int) -> dict[str, str]:
    """The help's example rows at the first decision of a game with the default deck, by example
    (2 players: with Seers and Giants; 3: with Giants)."""
    game = ludus.make("claim", players=players)
    state = game.new_state(seed=1)
    text = terminal_for(game).help_text(state.observe(state.current_player), state.legal_actions())
    return {line.split("[/cyan]")[0].split("[cyan]")[1]: line for line in text.splitlines() if "[cyan]" in line}


def test_help_names_the_phase_of_moves_that_belong_to_one():
    """A Seer's 'take deck' is a phase-1 move and a Giant's 'smash' a phase-2 one: the help says so
    whichever phase the game is in."""
    assert "(phase 1, your Seer won)" in _help_rows(2)["take deck"]
    smash = next(row for example, row in _help_rows(3).items() if example.startswith("smash "))
    assert "(phase 2, you won a Giant)" in smash


def test_K26_help_offers_no_smash_with_one_opponent():
    """With two players a Giant's target is never a choice, so there is no `smash` to type."""
    assert not any(example.startswith("smash") for example in _help_rows(2))


def test_a_long_faction_of_moves_wraps_on_a_narrow_screen_and_names_every_card_whole():
    from rich.console import Console

    game = ludus.make("claim")
    cards = [f"dragons {v}" for v in (0, 2, 3, 5, 6, 7, 8)] + ["trolls 1", "trolls 3", "seers 5"]
    ordered, shown = terminal_for(game).moves([game.parse_action(c) for c in cards])
    for width in (40, 80):
        console = Console(width=width, record=True, color_system=None)
        console.print(shown)
        text = console.export_text()
        assert "…" not in text and max(len(line) for line in text.splitlines()) <= width
        for n, action in enumerate(ordered, start=1):
            assert re.search(rf"(^|\s){n} {action}(\s|$)", text, re.M), (n, action, text)


def test_help_offers_no_undo_in_claim_and_refusals_speak_to_the_player(run):
    """Every move of Claim shows hidden cards, so it can never be taken back: the help does not
    offer it, and an undo typed anyway is refused in the second person."""
    out = run("play", "claim", "--seed", "3", "--vs", "random", input="help\n1\nundo\nquit\n\n").output
    commands = " ".join(out[out.index("Commands:"):].split())
    assert "no undo (in Claim every move shows cards that were hidden" in commands
    assert "take back your last move" not in commands
    assert "There is no undo: in Claim every move shows cards that were hidden" in out
    assert "cannot take back" not in out


def test_a_forced_move_s_note_says_why_it_is_the_only_one():
    """K11: two alike cards and none of the led faction are not "following"; K13: two alike
    prizes are not "one prize left"."""
    from ludus.games.claim.positions import play, position

    term = terminal_for(ludus.make("claim"))
    s = position(phase=2, hands={0: ["trolls 4", "trolls 5"], 1: ["gnomes 1", "gnomes 1"]}, leader=0)
    play(s, "0: trolls 4")
    assert term.auto_note(s.observe(1), s.legal_actions()[0]) == "Your cards are all alike."
    s = position(phase=2, hands={0: ["trolls 4", "gnomes 5"], 1: ["trolls 1", "gnomes 1"]}, leader=0)
    play(s, "0: trolls 4")
    note = term.auto_note(s.observe(1), s.legal_actions()[0])
    assert note == "You must follow trolls, and only your trolls 1 can."
    s = position(players=3, factions="default", hands={0: ["dragons 9"], 1: ["dragons 1"], 2: ["dragons 2"]},
                 prizes=["gnomes 1", "gnomes 1"], leader=0)
    play(s, "0: dragons 9", "1: dragons 1", "2: dragons 2")
    assert term.auto_note(s.observe(0), s.legal_actions()[0]) == "The prizes are the same card."


@pytest.mark.parametrize("rule", ["last-card", "last-dragon"])
def test_K21_the_help_and_the_observation_tell_the_tables_dragon_rule(rule):
    """K21: who leads after a Dragon is a table option; the help (and every seat's observation)
    says which one this table plays, and a deck without Dragons says nothing of them."""
    game = ludus.make("claim", dragon=rule)
    state = game.new_state(seed=1)
    assert state.observe(None)["dragon"] == rule == state.observe(1)["dragon"]
    text = terminal_for(game).help_text(state.observe(state.current_player), state.legal_actions())
    assert ("even if other cards followed it" in text) == (rule == "last-dragon")
    assert ("as the trick's last card" in text) == (rule == "last-card")
    without = ludus.make("claim", factions="claim", dragon=rule)
    state = without.new_state(seed=1)
    assert "dragon" not in state.observe(0)
    assert "dragon" not in terminal_for(without).help_text(state.observe(0), state.legal_actions()).lower()
