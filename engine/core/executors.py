"""Where a batch's games run on this machine: in this process, or in a pool of worker processes
that each get the batch once (forked: the content's pages are shared, not copied).
`engine.core.dask_executor` runs them on a cluster instead.
"""

from __future__ import annotations

import gc
import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from itertools import islice
from typing import Callable, Iterator, Sequence

from .batch import Batch, GameSummary, Task

YOUNG_THRESHOLD = 20_000  # allocations between young collections during a batch (default 700)


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Everything loaded so far kept out of the garbage collector's full passes for a batch of
    games: it lives to the batch's end, and a full pass walking it (~50 ms in a loaded studio)
    every few games would cost more than the games. Forked workers also leave the pages they
    share with the parent uncopied. The benchmarks time games the same way.

    The youngest generation is also collected less often: a game makes thousands of small
    dicts and lists that live until it ends and are freed by their reference counts, so
    frequent young passes mostly walk live objects in vain (~4% of a Red Eagles game)."""
    gc.collect()
    gc.freeze()
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], YOUNG_THRESHOLD), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


_BATCH: list[Batch] = []  # the batch of this worker process


def _start_worker(batch: Batch) -> None:
    """A worker process leaves Ctrl-C to the run that started it, which stops after the games in
    hand and reports them (a terminal sends Ctrl-C to every process of the group)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _BATCH[:] = [batch]


def _play(task: Task) -> list[GameSummary]:
    return _BATCH[0].play(task)


def feed(submit: Callable[[Task], Future], tasks: Sequence[Task], slots: int,
         keep: Callable[[Task, list[GameSummary]], None], cancelled: Callable[[], bool],
         finish_in_hand: bool = False) -> None:
    """Play `tasks` through `submit` with two in hand per slot, the next sent as one comes back: a
    cancel stops at once whatever the workers' speed, not after every task queued up front. On a
    cancel the tasks already running are played and kept; with `finish_in_hand` every task in hand
    is (a cluster's futures do not tell running from queued, and dropping a running one could
    leave a gap before the games kept)."""
    queue = iter(tasks)

    def more(n: int) -> dict[Future, Task]:
        return {submit(task): task for task in islice(queue, n)}

    pending = more(2 * slots)
    while pending:
        done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
        for future in done:
            keep(pending.pop(future), future.result())
        if cancelled():
            for future, task in pending.items():
                if finish_in_hand or not future.cancel():  # already running: its games get played, so kept
                    keep(task, future.result())
            break
        pending |= more(len(done))


class LocalExecutor:
    """`jobs` processes of this machine: with 1, the games run in the caller's own process."""

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs

    def run(self, batch: Batch, tasks: Sequence[Task], keep: Callable[[Task, list[GameSummary]], None],
            cancelled: Callable[[], bool]) -> None:
        jobs = min(self.jobs, len(tasks))
        with frozen_heap():
            if jobs <= 1:
                for task in tasks:
                    if cancelled():
                        break
                    keep(task, batch.play(task))
                return
            with ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(batch,)) as pool:
                feed(lambda task: pool.submit(_play, task), tasks, jobs, keep, cancelled)
