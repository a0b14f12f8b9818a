"""Golden playthroughs: each case of ludus.golden, regenerated in memory, must equal
its checked-in file in tests/golden/. A difference means the engine's behaviour changed
(rules, chance, notation, events, observations or records); if that was intended, rewrite the
files with ``python scripts/regen_golden.py`` and review the diff in the commit.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from ludus import golden

ROOT = Path(__file__).resolve().parents[2]
HINT = "run python scripts/regen_golden.py if the change is intended"
MAX_DIFF_LINES = 40
MAX_LINE = 240


GOLDEN_DIR = Path(__file__).resolve().parent


def _clip(line: str, around: int | None = None) -> str:
    """A long line shortened to MAX_LINE characters, around column ``around`` if given."""
    if len(line) <= MAX_LINE:
        return line
    start = 0 if around is None else max(0, around - MAX_LINE // 3)
    head = "…" if start else ""
    end = start + MAX_LINE
    tail = f"… (+{len(line) - end} chars)" if end < len(line) else ""
    return head + line[start:end] + tail


def _first_col(a: str, b: str) -> int:
    return next((j for j, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def _clip_diff(diff: list[str]) -> list[str]:
    """Clip diff lines; a run of '-' lines followed by as many '+' lines is clipped pairwise
    around the column where each pair first differs, so the change stays in view."""
    out: list[str] = []
    i = 0
    while i < len(diff):
        j = i
        while j < len(diff) and diff[j].startswith("-") and not diff[j].startswith("---"):
            j += 1
        k = j
        while k < len(diff) and diff[k].startswith("+") and not diff[k].startswith("+++"):
            k += 1
        if j > i and k - j == j - i:
            cols = [_first_col(diff[i + n][1:], diff[j + n][1:]) for n in range(j - i)]
            out += ["-" + _clip(diff[i + n][1:], cols[n]) for n in range(j - i)]
            out += ["+" + _clip(diff[j + n][1:], cols[n]) for n in range(j - i)]
            i = k
        else:
            out.append(_clip(diff[i]))
            i += 1
    return out


def explain(expected: str, actual: str, name: str) -> str:
    """First difference (line, column, both lines around it) and a short unified diff."""
    old, new = expected.splitlines(), actual.splitlines()
    out = []
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            col = _first_col(a, b)
            out += [f"first difference at line {i + 1}, column {col + 1}:",
                    f"  golden:      {_clip(a, col)}", f"  regenerated: {_clip(b, col)}", ""]
            break
    else:
        out += [f"the golden file has {len(old)} lines, the regenerated text {len(new)}", ""]
    diff = list(difflib.unified_diff(old, new, fromfile=f"tests/golden/{name}", tofile="regenerated",
                                     lineterm="", n=2))
    out += _clip_diff(diff[:MAX_DIFF_LINES])
    if len(diff) > MAX_DIFF_LINES:
        out.append(f"... ({len(diff) - MAX_DIFF_LINES} more diff lines)")
    return "\n".join(out)


@pytest.mark.parametrize("golden_case", golden.cases(), ids=str)
def test_golden(golden_case):
    path = GOLDEN_DIR / golden_case.file_name
    if not path.exists():
        pytest.fail(f"{path.relative_to(ROOT)} is missing; {HINT}", pytrace=False)
    expected = path.read_text(encoding="utf-8")
    actual = golden.render(golden_case)
    if actual != expected:
        pytest.fail(f"{golden_case} differs from {path.relative_to(ROOT)}:\n\n"
                    f"{explain(expected, actual, path.name)}\n\n{HINT}", pytrace=False)


def test_no_stale_golden_files():
    stale = [p.name for p in golden.stale_files(GOLDEN_DIR)]
    assert not stale, (f"golden files no case produces: {', '.join(stale)}; "
                       "run python scripts/regen_golden.py --prune if they are obsolete")


def test_every_game_has_a_case():
    import ludus

    covered = {c.game for c in golden.cases()}
    assert covered == set(ludus.game_ids())
