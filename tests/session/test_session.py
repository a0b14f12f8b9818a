"""The session: a whole game of each game driven through it alone, the moves it takes and
refuses, what each seat's log shows, undo by the policy, clocks, and the move log a crash
cannot lose."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import ludus
from ludus.session import RECORD_FORMAT, ClockRanOut, Session, TakeBack, decide, steps

TABLES = [
    ("caesar-cleopatra", {}, [None, None]),
    ("caesar-cleopatra", {"edition": "2024"}, [None, "heuristic"]),
    ("claim", {"players": 3}, [None, None, "heuristic"]),
    ("seize-rome", {"players": 3}, [None, "random", None]),
]


def _person_move(table: Session, rng: random.Random):
    """A person's move, given in turn as notation text, an action id and an action."""
    action = rng.choice(table.legal_actions())
    form = rng.randrange(3)
    return str(action) if form == 0 else table.game.action_id(action) if form == 1 else action


@pytest.mark.parametrize("game_id, options, seats", TABLES)
def test_a_whole_game_through_the_session_alone(game_id, options, seats, tmp_path):
    game = ludus.make(game_id, **options)
    table = Session(game, seats, seed=11, log=tmp_path / "game.jsonl")
    rng = random.Random(5)
    persons = [p for p, s in enumerate(seats) if s is None]
    decided = 0
    while True:
        table.advance()
        if table.over:
            break
        assert table.person_to_move() and table.to_move in persons
        table.play(table.to_move, _person_move(table, rng))
        decided += 1
    assert decided > 10 and table.to_move is None
    # the record replays to the very game; the log on disk resumes to it
    final = table.state
    assert ludus.replay(table.record()).observe(None) == final.observe(None)
    table.close()
    again = Session.resume(tmp_path / "game.jsonl")
    assert again.over and again.state.returns() == final.returns()
    # every seat's log holds every decision, each move whole only where that seat may see it
    moves = len(final.history)
    for viewer in [*range(game.num_players), None]:
        log = table.log(viewer)
        assert len(log) == moves
        for entry, action in zip(log, final.history, strict=True):
            if entry.move is not None:
                assert entry.move == str(action)
            if viewer is not None and entry.seat == viewer:
                assert entry.move == str(action), "a seat sees its own moves whole"


def _cc(**kw) -> Session:
    return Session(ludus.make("caesar-cleopatra", **kw.pop("options", {})), kw.pop("seats", [None, None]),
                   seed=kw.pop("seed", 3), **kw)


def test_moves_from_the_wrong_seat_or_for_an_agent_or_illegal_are_refused_and_change_nothing():
    table = _cc(seats=[None, "heuristic"])
    before = table.record()
    for seat, move, message in [
        (1, "arrange spy", "not caesar's turn"),
        (0, "down 3 senators", "not legal"),
        (0, "goblins 3", "cannot read .goblins 3.; moves look like"),
        (0, 10**6, "0..181"),
        (0, True, "notation text, one of the game.s actions or an action id"),
        (7, "arrange spy", "not a seat"),
    ]:
        with pytest.raises(ludus.IllegalAction, match=message):
            table.play(seat, move)
    assert table.record() == before
    while table.to_move == 0:
        table.play(0, table.legal_actions()[0])
    with pytest.raises(ludus.IllegalAction, match="played by heuristic"):
        table.play(1, table.legal_actions()[0])


def test_undo_allowed_for_a_quiet_own_decision_with_nobody_acting_since(tmp_path):
    table = _cc(log=tmp_path / "g.jsonl")
    view = table.observe(0)
    table.play(0, "arrange spy")               # Cleopatra's pile, unseen by Caesar; hers again
    assert table.undo_refusal(0) is None
    table.undo(0)
    assert table.observe(0) == view and table.observe(1) == _cc().observe(1)
    assert json.loads((tmp_path / "g.jsonl").read_text().splitlines()[-1]) == {"undo": 0}
    assert Session.resume(tmp_path / "g.jsonl").observe(0) == view
    assert table.takebacks == [TakeBack(0, 0)] and table.log(1) == []   # where the move was, for faces


def test_observations_kept_per_position_follow_every_move_and_undo():
    """The session keeps each position's observations for whoever asks next (a server's updates,
    the digest): after any move or undo they are the state's own, never the last position's."""
    table = _cc()
    rng = random.Random(3)
    viewers = [0, 1, None]
    for step in range(40):
        assert all(table.observe(v) == table.state.observe(v) for v in viewers)
        assert table.observe(1) is table.observe(1)         # worked out once for the position
        seat = table.to_move
        if step % 5 == 4 and table.undo_refusal(seat) is None:
            table.undo(seat)
        else:
            table.play(seat, rng.choice(table.legal_actions()))
    with pytest.raises(ludus.IllegalAction, match="a viewer is a seat"):
        table.observe(True)                                   # JSON true is not seat 1
    assert table.takebacks                                    # some position came back by an undo


@pytest.mark.parametrize("game_id, agents", [("seize-rome", ["random", "heuristic"]),
                                             ("claim", ["heuristic", "random"]),
                                             ("caesar-cleopatra", ["heuristic:blunder=0.45", "heuristic"]),
                                             ("seize-rome", ["heuristic:blunder=0.45", "casual"])])
def test_a_resumed_game_goes_on_as_it_would_have_without_the_stop(tmp_path, game_id, agents):
    """Agents' generators are seeded per move, not per process: stopping and resuming the log
    changes no move the agents play."""
    whole = Session(ludus.make(game_id), agents, seed=11)
    whole.advance()
    path = tmp_path / "g.jsonl"
    first = Session(ludus.make(game_id), agents, seed=11, log=path)
    for _ in range(9):
        first.step()
    first.close()
    resumed = Session.resume(path)
    resumed.advance()
    assert [str(a) for a in resumed.state.history] == [str(a) for a in whole.state.history]


def test_undo_refused_once_another_seat_has_acted():
    table = _cc()
    while table.to_move == 0:                  # Cleopatra arranges her 13 cards
        table.play(0, table.legal_actions()[0])
    table.play(1, table.legal_actions()[0])
    with pytest.raises(ludus.IllegalAction, match="cleopatra cannot take back the last move: caesar has played"):
        table.undo(0)


def test_undo_refused_after_a_card_was_shown():
    table = _cc(options={"action_deck": "shuffled"})
    while table.state.turn == 0:                 # the openings
        table.play(table.to_move, table.legal_actions()[0])
    up = next(a for a in table.legal_actions() if str(a).startswith("up"))
    table.play(0, up)                            # a face-up card leaves the hand
    assert table.undo_refusal(0) == "it showed a card that was hidden until then"
    with pytest.raises(ludus.IllegalAction, match="showed a card"):
        table.undo(0)


def test_undo_refused_after_a_chance_event():
    # 2024, seed 0: Caesar's first turn ends with a bust drawn at random (here no vote follows)
    table = _cc(options={"edition": "2024"}, seed=0)
    while not (table.state.turn == 2 and "done" in map(str, table.legal_actions())):
        legal = table.legal_actions()
        table.play(table.to_move, next((a for a in legal if str(a).startswith("down")), legal[0]))
    events = table.play(1, "done")
    assert [type(e).__name__ for e in events][0] == "BustDrawn"
    assert table.undo_refusal(1).startswith("chance has played since")


def test_undo_takes_back_the_forced_moves_played_after_the_decision():
    table = _cc(auto=True)
    for _ in range(12):                          # Cleopatra's first 12 cards; the 13th is forced
        table.play(0, table.legal_actions()[0])
    table.advance()
    assert [e.how for e in table.log(0)][-1] == "forced"
    assert table.undo_refusal(0) is None
    table.undo(0)
    assert len(table.state.history) == 11 and table.to_move == 0


def test_nothing_to_take_back():
    with pytest.raises(ludus.IllegalAction, match="no decision of yours"):
        _cc().undo(0)


def test_a_seat_whose_clock_ran_out_is_played_by_the_stated_agent():
    table = Session(ludus.make("seize-rome"), [None, None], seed=4, timeout_agent="random")
    seat = table.to_move
    table.clock_ran_out(seat)
    for viewer in (0, 1, None):
        entry = table.log(viewer)[-1]
        assert entry.how == "timeout" and type(entry.events[0]).__name__ == "ClockRanOut"
        assert entry.events[0].agent == "random"


def test_the_move_log_holds_every_move_the_moment_it_is_played(tmp_path):
    path = tmp_path / "g.jsonl"
    table = Session(ludus.make("claim"), [None, "random"], seed=2, log=path)
    table.advance()
    for _ in range(3):
        table.play(table.to_move, table.legal_actions()[0])
        table.advance()
        lines = [json.loads(t) for t in path.read_text().splitlines()]   # read while still open
        assert lines[0]["format"] == RECORD_FORMAT and lines[0]["seats"] == [None, "random"]
        assert [ln["move"] for ln in lines[1:]] == [str(a) for a in table.state.history]
    resumed = Session.resume(path)
    assert resumed.observe(None) == table.observe(None)
    with pytest.raises(ludus.OptionError, match="already holds a game"):
        Session(ludus.make("claim"), [None, None], log=path)


def test_a_move_log_that_is_not_one_is_refused(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps({"format": 9, "game": "claim"}) + "\n")
    with pytest.raises(ludus.RecordError, match="format 1"):
        Session.resume(path)
    path.write_text(json.dumps({"format": 1, "game": "claim", "options": {}, "seed": 1, "seats": [None, None]})
                    + "\n" + json.dumps({"seat": 0, "move": "goblins 99"}) + "\n")
    with pytest.raises(ludus.RecordError, match="line 2 cannot be replayed"):
        Session.resume(path)


def test_records_carry_their_format_and_code_and_unknown_formats_are_refused():
    table = _cc()
    table.play(0, "arrange veto")
    record = table.record()
    assert record["format"] == 2 and isinstance(record["code"], str) and len(record["digest"]) == 32
    assert ludus.replay(record).history == table.state.history
    old = {k: record[k] for k in ("game", "options", "seed", "actions")}   # format 0
    assert ludus.replay(old).history == table.state.history
    assert ludus.replay({**old, "format": 1, "code": "0123abc"}).history == table.state.history
    with pytest.raises(ludus.RecordError, match="format 3 is unknown; this version reads formats 0, 1, 2"):
        ludus.replay({**record, "format": 3})
    with pytest.raises(ludus.RecordError, match="lacks digest"):
        ludus.replay({k: v for k, v in record.items() if k != "digest"})


@pytest.mark.parametrize("game_id", ["caesar-cleopatra", "claim", "seize-rome"])
def test_a_record_edited_to_another_legal_game_is_caught_by_its_digest(game_id):
    """Replace one move by another legal one: the record still replays move by move, to
    another game — which the digest of the position it ends in refuses."""
    table = Session(ludus.make(game_id), ["random", "random"], seed=4)
    table.advance()
    record = table.record()
    state, edited = ludus.make(game_id).new_state(seed=record["seed"]), None
    for i, text in enumerate(record["actions"]):
        others = [a for a in state.legal_actions() if str(a) != text]
        if others and edited is None and i > 5:
            edited, moves = i, [*record["actions"][:i], str(others[0])]
            probe = state.clone()
            probe.apply(others[0])
            while not probe.is_terminal:                     # finish the edited game legally
                a = probe.legal_actions()[0]
                moves.append(str(a))
                probe.apply(a)
            break
        state.apply(state.game.parse_action(text))
    assert edited is not None
    forged = {**record, "actions": moves}
    with pytest.raises(ludus.RecordError, match="replays to another game than the one it was written from"
                                                r".*it was edited \(it was written by this very version"):
        ludus.replay(forged)
    with pytest.raises(ludus.RecordError, match="edited, or written by a version of ludus whose rules differ "
                                                r"\(it names 'abc1234', this is"):
        ludus.replay({**forged, "code": "abc1234"})
    assert ludus.replay({k: v for k, v in forged.items() if k not in ("format", "code", "digest")}).is_terminal


def test_an_edited_move_log_is_caught_at_the_next_move(tmp_path):
    path = tmp_path / "g.jsonl"
    table = Session(ludus.make("seize-rome"), [None, None], seed=6, log=path)
    for _ in range(6):
        table.play(table.to_move, table.legal_actions()[0])
    table.close()
    lines = path.read_text().splitlines()
    moved = json.loads(lines[3])                              # the third move
    state = table.game.new_state(seed=6)
    for line in lines[1:3]:
        state.apply(state.game.parse_action(json.loads(line)["move"]))
    other = next(str(a) for a in state.legal_actions() if str(a) != moved["move"])
    lines[3] = json.dumps({**moved, "move": other})          # another legal move in its place
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ludus.RecordError, match="line 5 was chosen in another position.*: it was edited "
                                                r"\(it was written by this very version"):
        Session.load(path)


def test_steps_replay_a_record_as_one_seat_saw_it():
    table = Session(ludus.make("seize-rome"), ["random", "random"], seed=8)
    table.advance()
    record = table.record()
    seen = list(steps(record, 0))
    assert len(seen) == len(record["actions"])
    theirs = [entry for _, entry in seen if entry.seat == 1]
    hidden = [e for e in theirs if e.move is None]
    assert hidden, "seat 1's cards played face down are not shown to seat 0 whole"
    assert all(e.move.startswith(("draw", "pass")) for e in theirs if e.move is not None)


def test_a_hint_searches_from_the_seats_own_perspective():
    table = Session(ludus.make("seize-rome"), [None, None], seed=6)
    hint = table.hint(table.to_move, "ismcts:iterations=60,seed=1")
    assert {e.action for e in hint.moves} == set(table.legal_actions()) and hint.iterations == 60
    with pytest.raises(ludus.IllegalAction, match="not"):
        table.hint(1 - table.to_move)
    with pytest.raises(ludus.OptionError, match="no estimates"):
        table.hint(table.to_move, "heuristic")


def test_only_its_own_seat_learns_that_a_move_was_forced():
    # "forced" can say what a hand holds (no Veto to answer with, no card of the led faction)
    for game_id in ("caesar-cleopatra", "claim"):
        table = Session(ludus.make(game_id), [None, None], seed=1)
        rng = random.Random(1)
        while not table.over:
            table.advance()
            if not table.over:
                table.play(table.to_move, rng.choice(table.legal_actions()))
        forced = [e for e in table.log(0) if e.how == "forced" and e.seat == 0]
        assert forced, game_id
        others = {e.index: e.how for e in table.log(1)}
        assert all(others[e.index] == "person" for e in forced)
        assert all(e.how != "forced" for e in table.log(None))


@pytest.mark.parametrize("game_id", ["caesar-cleopatra", "claim", "seize-rome"])
def test_a_plain_tuple_equal_to_a_legal_move_is_refused(game_id, tmp_path):
    """A move is text, an id or the game's own action: an equal tuple of no game is refused,
    and neither the game nor its move log changes."""
    table = Session(ludus.make(game_id), [None, None], seed=2, log=tmp_path / "g.jsonl")
    action = table.legal_actions()[0]
    before = (tmp_path / "g.jsonl").read_text()
    for move in (tuple(action), (99, 99, 99)):
        with pytest.raises(ludus.IllegalAction, match="a move is notation text"):
            table.play(table.to_move, move)
    assert (tmp_path / "g.jsonl").read_text() == before and not table.state.history
    table.play(table.to_move, action)
    assert json.loads((tmp_path / "g.jsonl").read_text().splitlines()[-1])["move"] == str(action)


def test_a_move_log_cut_short_by_a_crash_resumes_from_its_whole_lines(tmp_path):
    path = tmp_path / "g.jsonl"
    table = Session(ludus.make("claim"), [None, None], seed=2, log=path)
    for _ in range(4):
        table.play(table.to_move, table.legal_actions()[0])
    table.close()
    path.write_bytes(path.read_bytes()[:-9])           # the last line torn mid-write
    resumed = Session.resume(path)
    assert len(resumed.state.history) == 3
    resumed.play(resumed.to_move, resumed.legal_actions()[0])
    resumed.close()
    assert len(Session.resume(path).state.history) == 4, "the file is whole again"


def test_a_resume_that_changes_who_plays_is_written_down(tmp_path):
    path = tmp_path / "g.jsonl"
    Session(ludus.make("seize-rome"), [None, None], seed=3, log=path).close()
    Session.resume(path, seats=[None, "random"]).close()
    assert Session.load(path).seats[1].agent == "random"


def test_a_timeout_survives_a_resume_and_negative_seeds_are_seeds(tmp_path):
    path = tmp_path / "g.jsonl"
    table = Session(ludus.make("seize-rome"), [None, None], seed=-4, log=path, timeout_agent="random")
    table.clock_ran_out(table.to_move)
    table.close()
    entry = Session.load(path).log(None)[-1]
    assert entry.how == "timeout" and entry.events[0].agent == "random"
    assert len(list(steps(table.record(), 0))) == 1


class Store:
    """A sink that keeps lines, or fails as a full disk would while ``full`` is set."""

    def __init__(self):
        self.lines, self.full = [], False

    def __call__(self, line: dict) -> None:
        if self.full:
            raise OSError("disk full")
        self.lines.append(line)


def test_a_sink_receives_every_line_first_and_a_failing_sink_refuses_the_move():
    """A server's database is the sink: a move it could not store is not played."""
    store = Store()
    table = Session(ludus.make("claim"), [None, None], seed=3, sink=store)
    assert store.lines[0]["game"] == "claim" and store.lines[0]["format"] == RECORD_FORMAT
    table.play(table.to_move, table.legal_actions()[0])
    assert store.lines[-1]["move"] == str(table.state.history[-1]) and "at" in store.lines[-1]
    store.full = True
    before = table.record()
    with pytest.raises(OSError):
        table.play(table.to_move, table.legal_actions()[0])
    assert table.record() == before
    assert Session.from_lines(store.lines, source="the database").record() == before


def test_an_undo_the_sink_cannot_store_is_not_taken():
    store = Store()
    table = _cc(sink=store)
    table.play(0, "arrange spy")
    store.full = True
    with pytest.raises(OSError):
        table.undo(0)
    assert [str(a) for a in table.state.history] == ["arrange spy"] and table.takebacks == []


@pytest.mark.parametrize("game_id, agents", [("caesar-cleopatra", ["heuristic", "ismcts:iterations=20"]),
                                             ("claim", ["random", "heuristic"]),
                                             ("seize-rome", ["ismcts:iterations=20", "random"]),
                                             ("seize-rome", ["heuristic:blunder=0.45", "heuristic"]),
                                             ("caesar-cleopatra", ["beginner", "casual"])])
def test_agent_decisions_worked_out_as_tasks_are_the_sessions_own(game_id, agents):
    """A server decides agents' moves in worker processes: ``decide(agent_task())`` must give
    the very move ``step`` would, so a game is the same whichever way its bots are run."""
    here = Session(ludus.make(game_id), agents, seed=21)
    here.advance()
    away = Session(ludus.make(game_id), agents, seed=21)
    while (task := away.agent_task()) is not None:
        away.play_task(task, decide(pickle.loads(pickle.dumps(task))))   # as a worker receives it
    assert away.state.history == here.state.history and away.over


def test_a_task_answered_after_the_game_moved_on_is_refused():
    table = _cc(seats=[None, None])
    late = table.timeout_task(0)
    table.play(0, "arrange spy")
    with pytest.raises(ludus.IllegalAction, match="moved on since this decision"):
        table.play_task(late, decide(late))
    assert [str(a) for a in table.state.history] == ["arrange spy"]
    task = table.timeout_task(0)
    table.play_task(task, decide(task))
    assert table.log(0)[-1].how == "timeout" and isinstance(table.log(0)[-1].events[0], ClockRanOut)


@pytest.mark.parametrize("line", [{"undo": "x"}, {"undo": 7}, {"seat": 0}, ["seat", 0], 5, {"seat": "0", "move": "x"}])
def test_a_move_log_line_that_is_no_move_says_what_a_line_is(tmp_path, line):
    path = tmp_path / "g.jsonl"
    Session(ludus.make("claim"), [None, None], seed=2, log=path).close()
    path.write_text(path.read_text() + json.dumps(line) + "\n")
    with pytest.raises(ludus.RecordError, match=r"line 2 (is not a move or an undo|cannot be replayed)") as info:
        Session.load(path)
    assert "tuple indices" not in str(info.value) and "object is not" not in str(info.value)


def test_a_move_the_log_file_cannot_take_is_not_played(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    table = Session(ludus.make("seize-rome"), [None, None], seed=2, log=path)
    table.play(table.to_move, table.legal_actions()[0])
    before, size = table.record(), path.stat().st_size

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full)
    with pytest.raises(ludus.RecordError, match="cannot write to the move log .*No space left.*not played"):
        table.play(table.to_move, table.legal_actions()[0])
    assert table.record() == before and path.stat().st_size == size
    monkeypatch.undo()
    table.play(table.to_move, table.legal_actions()[0])
    table.close()
    table.close()                                            # twice: harmless
    assert Session.load(path).record() == table.record()


def test_a_session_follows_the_lines_another_writer_stored_and_refuses_a_forged_one():
    """Two server processes at one table: each session plays the lines the other stored (moves
    and undos), checked against their digests, without storing them again."""
    store = Store()
    writer = _cc(sink=store)
    kept: list[dict] = []
    reader = Session.from_lines(store.lines, sink=kept.append)
    writer.play(0, "arrange spy")
    writer.undo(0)
    rng = random.Random(2)
    for _ in range(8):
        writer.play(writer.to_move, rng.choice(writer.legal_actions()))
    reader.follow(store.lines[1:])
    assert reader.record() == writer.record() and reader.takebacks == writer.takebacks and kept == []
    assert reader.observe(1) == writer.observe(1)
    reader.play(reader.to_move, reader.legal_actions()[0])          # and it writes on from there
    assert kept == [{**kept[0], "seat": writer.to_move}] and len(kept) == 1

    behind = Session.from_lines(store.lines[:-1])
    before = behind.record()
    with pytest.raises(ludus.RecordError, match="another position"):
        behind.follow([{**store.lines[-1], "at": "0" * 16}])
    with pytest.raises(ludus.RecordError, match="the line .* cannot be replayed"):
        behind.follow([{**store.lines[-1], "at": store.lines[-1]["at"], "seat": 1 - store.lines[-1]["seat"]}])
    with pytest.raises(ludus.RecordError, match="changed who plays"):
        behind.follow([{"seats": ["random", None]}])
    assert behind.record() == before
