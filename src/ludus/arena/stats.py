"""Small statistics shared by ``simulate`` and tournaments: seeds and the Wilson interval."""

from __future__ import annotations

import math
import random
from typing import Any

Z95 = 1.959964


def derive_seed(base: int, *labels: Any) -> int:
    """A seed derived deterministically from ``base`` and labels (stable across runs and machines).

    >>> derive_seed(3, "agent", 0) == derive_seed(3, "agent", 0) != derive_seed(3, "agent", 1)
    True
    """
    return random.Random(":".join(map(str, (base, *labels)))).getrandbits(32)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default z).

    >>> lo, hi = wilson(5, 10)
    >>> round(lo, 3), round(hi, 3)
    (0.237, 0.763)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins == 0 else max(0.0, center - half)
    hi = 1.0 if wins == n else min(1.0, center + half)
    return lo, hi
