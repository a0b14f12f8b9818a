"""A tournament's finished games, appended to a JSON-lines file as they end, so that a run
stopped after hours (a crash, Ctrl-C, a machine going down) resumes where it was.

The first line is the run's header: the inputs that decide its games (``Tournament.header``),
and a resumed run must have the same. Each further line is one :class:`GameResult` as a JSON
object, with the code that played it (``code``: see ``code_version``), possibly other extra
fields, and ``check`` (``core.digest.line_check`` of the rest): a line edited since it was
written is refused on resume instead of trusted (lines written before journals carried a check
are read as they are). Games are keyed by their unit index, so the order of the lines does not matter. A last
line without its newline was cut short by the stop: it is ignored, and cut off before anything
is appended.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from ..core.digest import line_check
from ..core.errors import OptionError
from .match import GameResult

try:
    import fcntl
except ImportError:      # Windows: appends are not locked against another process
    fcntl = None


class Journal:
    """The games file of one run: ``header`` (a JSON-able dict) names the run; ``elsewhere``
    says, in a refusal, where the games of a different run should go instead; ``same_games``,
    whether a file's header that differs from ``header`` plans the very same games all the same
    (a tournament's seating plan said two ways)."""

    def __init__(self, path: str | Path, header: dict, elsewhere: str = "another file",
                 same_games: Callable[[dict], bool] | None = None):
        self.path = Path(path)
        self.header = json.loads(json.dumps(header))        # as it reads back from the file
        self.elsewhere = elsewhere
        self.same_games = same_games
        self.code = code_version()       # now: the code this process loaded, whenever it appends

    def _of_this_run(self, head) -> bool:
        """Whether a file's header (parsed) is this run's."""
        return head == self.header or (isinstance(head, dict) and self.same_games is not None
                                       and self.same_games(head))

    def load(self, repair: bool = True) -> dict[int, dict]:
        """Games already in the file, by unit index ({} when there is no file, or not even a
        whole header line: a stop while it was being written).

        Raises OptionError when the file is not a journal or belongs to another run. With
        ``repair`` a last line cut short is cut from the file (its game will be played again).
        """
        if not self.path.exists():
            return {}
        head, games, complete = read_journal(self.path)
        if head is not None and not self._of_this_run(head):
            stale = _refused_options(head)
            if stale:
                raise OptionError(f"{self.path} holds games this version cannot resume: {stale}; "
                                  f"{self.elsewhere}")
            theirs, ours = _kind(head), _kind(self.header)
            if theirs != ours:
                raise OptionError(f"{self.path} holds the games of {theirs}, and this is {ours}; give {self.elsewhere}")
            raise OptionError(f"{self.path} holds the games of another run ({differences(head, self.header)}); "
                              f"give the same arguments to resume it, or {self.elsewhere}")
        if repair and complete < self.path.stat().st_size:
            with self.path.open("r+b") as f:
                f.truncate(complete)
        return {game["index"]: game for game in games}

    def codes(self) -> Counter:
        """How many games of the file each version of the code played ("not recorded": lines
        written before journals recorded it)."""
        return Counter(game.get("code", "not recorded") for game in self.load(repair=False).values())

    def append(self, results: list[GameResult], **extra) -> list[dict]:
        """Write finished games, each with the ``code`` that played it and the ``extra`` fields;
        returns the lines written.

        The file is opened anew each time: a run lasts hours, and a file replaced meanwhile must
        receive the next games, not a deleted file that an open handle would keep writing to.
        Its header is read again first, so that a run started beside another on the same file
        (both found it empty) stops with an OptionError instead of mixing its games in.
        """
        lines = [{**result.to_dict(), "code": self.code, **extra} for result in results]
        for line in lines:
            line["check"] = line_check(line)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a+") as f:
            if fcntl is not None:
                fcntl.flock(f, fcntl.LOCK_EX)     # one appender at a time; released on close
            f.seek(0)
            head = f.readline()
            if not head.endswith("\n"):      # a new file, or a header cut short by a stop
                f.truncate(0)
                f.write(json.dumps(self.header) + "\n")
            elif not self._of_this_run(_parsed(head)):
                theirs = _parsed(head)
                why = differences(theirs, self.header) if isinstance(theirs, dict) else "no header"
                raise OptionError(f"{self.path} now holds the games of another run, started beside this one "
                                  f"({why}); this run stops: use {self.elsewhere}")
            f.writelines(json.dumps(line) + "\n" for line in lines)
        return lines


def _parsed(line: str):
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return None


@functools.cache
def code_version() -> str:
    """The code playing: in a source checkout its git commit ("2d564c2"; "2d564c2+changes.1a2b3c"
    when the package's files differ from it, the suffix a hash of the differences, so that two
    different edits do not pass for one), else the installed version ("ludus 0.1.0"). Long runs
    and resumed ones record it per game, so that results of mixed versions are seen as such."""
    from .. import __version__

    package = Path(__file__).resolve().parent.parent

    def git(*args: str) -> bytes:
        return subprocess.run(["git", *args], cwd=package, capture_output=True, check=True, timeout=20).stdout

    try:
        if not git("ls-files", "--", "__init__.py").strip():       # installed, not this checkout's files
            return f"ludus {__version__}"
        commit = git("rev-parse", "--short", "HEAD").decode().strip()
        if not git("status", "--porcelain", "--", ".").strip():
            return commit
        edits = hashlib.sha1(git("diff", "--no-ext-diff", "--no-textconv", "--no-color", "HEAD", "--", "."))
        for name in git("ls-files", "-z", "--others", "--exclude-standard", "--", ".").split(b"\0"):   # untracked
            path = package / os.fsdecode(name)
            if name and path.is_file():
                edits.update(name + b"\0" + path.read_bytes() + b"\0")
        return f"{commit}+changes.{edits.hexdigest()[:6]}"
    except (OSError, subprocess.SubprocessError, ValueError):
        return f"ludus {__version__}"


def read_journal(path: str | Path) -> tuple[dict | None, list[dict], int]:
    """A journal file's header (None if not even its first line is whole), its games (as dicts
    with an ``index``) and the length of its complete lines; OptionError if it is no journal."""
    try:
        data = Path(path).read_bytes()
        complete = data[:data.rfind(b"\n") + 1]
        lines = complete.decode().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise OptionError(f"cannot read {path} as a games journal: {e}") from None
    if not lines:
        return None, [], len(complete)
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict):
        raise OptionError(f"{path} is not a games journal: its first line is not a run's header")
    games = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            game = json.loads(line)
        except json.JSONDecodeError:
            game = None
        if not isinstance(game, dict) or not isinstance(game.get("index"), int):
            raise OptionError(f"{path}: line {number} is not a game of the journal; fix or remove that line")
        if "check" in game and game["check"] != line_check(game):
            raise OptionError(f"{path}: line {number} was changed after it was written (its check does not "
                              "match); remove that line to have its game played again")
        games.append(game)
    return head, games, len(complete)


def result_from_line(line: dict) -> GameResult:
    """The GameResult a journal line holds (extra fields are dropped)."""
    return GameResult(index=line["index"], table=line["table"], deal=line["deal"], rotation=line["rotation"],
                      deal_seed=line["deal_seed"], seats=tuple(line["seats"]), returns=tuple(line["returns"]),
                      scores=tuple(line["scores"]), length=line["length"], end=line.get("end", ""))


def _refused_options(head: dict) -> str | None:
    """Why the game of a journal's header refuses the header's options now (an option withdrawn
    since the run was played), or None. Asking for the same arguments would not help then."""
    from ..core.registry import make

    try:
        make(head["game"], **head["options"])
    except OptionError as e:
        return str(e)
    except (KeyError, TypeError):     # not a header with a game and options: differences() says it
        return None
    return None


def _kind(header: dict) -> str:
    """What kind of run a journal's header is of, in words (a lab's names what it varies)."""
    return "a lab" if "lab" in header else "a tournament" if "partners" in header else "another kind of run"


def differences(theirs: dict, ours: dict, prefix: str = "") -> str:
    """Where two headers differ, as "seed 5 there, 7 here" (options one by one)."""
    def show(header, key):
        value = header.get(key, "not given")
        return ",".join(map(str, value)) if isinstance(value, list) else value

    if not prefix and theirs.get("game") != ours.get("game"):      # other options would follow: the game says it
        return f"game {show(theirs, 'game')} there, {show(ours, 'game')} here"
    missing = object()
    out = []
    for key in dict.fromkeys([*theirs, *ours]):
        a, b = theirs.get(key, missing), ours.get(key, missing)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            out.append(differences(a, b, prefix="option "))
        else:
            out.append(f"{prefix}{key} {show(theirs, key)} there, {show(ours, key)} here")
    return "; ".join(out)
