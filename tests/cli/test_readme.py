"""The README's examples work on a fresh clone and leave the checkout clean: whatever they write
goes under a directory that .gitignore lists, made before the first example that needs it."""

from __future__ import annotations

import fnmatch
import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WRITES = ("--save", "--records", "--out")        # options that name a file or directory to write


def _commands() -> list[list[str]]:
    """The shell commands of the README's bash blocks, split into words (comments dropped)."""
    blocks = re.findall(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    commands = []
    for block in blocks:
        for line in block.splitlines():
            for command in line.split("&&"):
                words = shlex.split(command, comments=True)
                if words:
                    commands.append(words)
    return commands


def _ignored(path: str) -> bool:
    patterns = [p.strip() for p in (ROOT / ".gitignore").read_text().splitlines()
                if p.strip() and not p.startswith("#")]
    parts = Path(path).parts
    for pattern in patterns:
        anchored = pattern.strip("/")
        for depth in range(1, len(parts) + 1):
            if fnmatch.fnmatch("/".join(parts[:depth]), anchored):
                return True
    return False


def test_readme_examples_write_only_where_git_does_not_look():
    written = [words[i + 1] for words in _commands() for i, w in enumerate(words[:-1]) if w in WRITES]
    assert written, "the README shows saving a game, a simulation's records and a tournament's results"
    for path in written:
        assert path.startswith("/tmp/") or _ignored(path), f"{path} would land in the checkout"


def test_readme_examples_make_the_directories_they_save_into():
    made: set[str] = set()
    for words in _commands():
        if words[0] == "mkdir":
            made |= {w.rstrip("/") for w in words[1:] if not w.startswith("-")}
        for i, w in enumerate(words[:-1]):
            if w == "--save":               # a move log's directory must exist (records and --out make theirs)
                folder = str(Path(words[i + 1]).parent)
                assert folder in made | {"."} or folder.startswith("/tmp"), f"nothing made {folder} first"


def test_a_record_saved_on_ctrl_c_is_ignored_by_git():
    """A game stopped by Ctrl-C in the checkout (the README's first command) leaves its record
    under a name .gitignore lists."""
    assert _ignored("ludus-caesar-cleopatra-20260101-120000.json")
    assert _ignored("ludus-claim-20260101-120000-2.json")
