"""How a tournament's games are cut into batches for workers: one game at a time while games are
slow or not yet timed, up to 32 when they are cheap, every unit handed out once and in order."""

from __future__ import annotations

import pytest

from ludus.arena import backends
from ludus.arena.backends import _Batcher


def _take_all(batcher: _Batcher, finish_each: bool = True) -> list[list[int]]:
    out = []
    while (batch := batcher.take()) is not None:
        out.append(batch)
        if finish_each:
            batcher.finished_games(len(batch))
    return out


def test_every_unit_once_in_order_and_one_at_a_time_before_any_game_is_timed():
    batcher = _Batcher(list(range(50)), workers=2)
    batches = _take_all(batcher, finish_each=False)
    assert [u for b in batches for u in b] == list(range(50))
    assert all(len(b) == 1 for b in batches)


def test_slow_games_stay_one_per_batch(monkeypatch):
    clock = iter(range(0, 10_000, 60))                      # a game finishes every minute
    monkeypatch.setattr(backends.time, "perf_counter", lambda: next(clock))
    batches = _take_all(_Batcher(list(range(40)), workers=2))
    assert all(len(b) == 1 for b in batches)


def test_cheap_games_go_in_batches_of_at_most_32_and_the_end_is_spread(monkeypatch):
    ticks = iter(i * 1e-4 for i in range(100_000))         # games take a tenth of a millisecond
    monkeypatch.setattr(backends.time, "perf_counter", lambda: next(ticks))
    units = list(range(2000))
    batches = _take_all(_Batcher(units, workers=2))
    assert [u for b in batches for u in b] == units
    assert max(len(b) for b in batches) == 32
    assert len(batches[-1]) < 32                            # the tail is cut small for both workers


def test_an_error_cancels_only_the_batches_still_running():
    """Cancelling a task that has already ended can crash Ray 2.60's core worker ("Tried to
    complete task that was not pending"): the failed batch, finished, must not be cancelled."""
    submitted, cancelled = [], []

    def submit(batch):
        submitted.append(batch)
        return len(submitted) - 1                      # a handle: the batch's number

    def fetch(handle):
        if handle == 0:
            raise ValueError("an agent's error")
        return []

    with pytest.raises(ValueError):
        backends._keep_busy(_Batcher(list(range(10)), workers=1), 3, submit=submit,
                            wait_any=lambda pending: (pending[:1], pending[1:]), fetch=fetch, on_done=None,
                            cancel=cancelled.extend)
    assert cancelled == [1, 2]
