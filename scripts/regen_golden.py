#!/usr/bin/env python3
"""Write the golden playthroughs in tests/golden/ (``ludus.golden`` says what they hold).

    python scripts/regen_golden.py            # rewrite every file (after an intended change)
    python scripts/regen_golden.py --check    # exit 1 if a file is missing or differs
    python scripts/regen_golden.py --prune    # also delete files no case produces

tests/golden/test_golden.py regenerates each case in memory and diffs it with the file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ludus.golden import cases, render, stale_files

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare only; exit 1 on any difference")
    ap.add_argument("--prune", action="store_true", help="delete golden files that no case produces")
    args = ap.parse_args(argv)
    bad = 0
    total = 0
    for case in cases():
        text = render(case)
        total += len(text.encode())
        path = GOLDEN_DIR / case.file_name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if args.check:
            status = "ok" if old == text else ("missing" if old is None else "DIFFERS")
            bad += status != "ok"
        else:
            status = "unchanged" if old == text else ("new" if old is None else "rewritten")
            if old != text:
                path.write_text(text, encoding="utf-8")
        rel = path.relative_to(GOLDEN_DIR.parent.parent)
        print(f"{status:>9}  {rel}  ({len(text.encode()):,} bytes)")
    for stale in stale_files(GOLDEN_DIR):
        if args.prune and not args.check:
            stale.unlink()
            print(f"{'deleted':>9}  {stale.name} (no case produces it)")
        else:
            print(f"{'stale':>9}  {stale.name} (no case produces it; --prune deletes it)")
    print(f"total {total:,} bytes")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
