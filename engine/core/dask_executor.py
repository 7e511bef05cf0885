"""A batch's games on a Dask cluster (`pip install 'sortie[dask]'`): `dask scheduler` on one
machine, `dask worker tcp://SCHEDULER:8786 --nthreads 1` on each (README, Balance on several
machines).

The batch goes to each worker once, inside a worker plugin. Every worker then reports the
hashes of what it holds (`engine.core.fingerprint`: the content as its models read it, its
engine's code, its Python); a worker whose hashes differ from the caller's is refused and plays
no game of the run, so a report never mixes games played by other rules or data. The games
come back by seed, so the report is the one a local run of the same seeds gives, byte for byte.
"""

from __future__ import annotations

import uuid
from typing import Callable, Sequence

from distributed import Client, WorkerPlugin
from distributed.comm import parse_address, parse_host_port

from .batch import Batch, ExecutorError, GameSummary, Task
from .executors import feed
from .fingerprint import differences, fingerprint

CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler before the run gives up


_BATCHES: dict[str, Batch] = {}  # the batches this worker process holds, by run


class _BatchOnWorker(WorkerPlugin):
    """Carries a batch to each worker once; the worker keeps it for the run's tasks."""

    def __init__(self, token: str, batch: Batch) -> None:
        self.token, self.batch = token, batch

    def setup(self, worker) -> None:
        _BATCHES[self.token] = self.batch

    def teardown(self, worker) -> None:
        _BATCHES.pop(self.token, None)


def _fingerprint_on_worker(token: str) -> dict[str, str]:
    return fingerprint(_BATCHES[token])


def _play_on_worker(token: str, task: Task) -> list[GameSummary]:
    return _BATCHES[token].play(task)


class DaskExecutor:
    """The workers of a running Dask cluster: `scheduler` is its address (`tcp://host:8786`) or a
    `distributed.Client` already connected. `refused(worker, why)` hears of each worker refused."""

    def __init__(self, scheduler, refused: Callable[[str, str], None] | None = None) -> None:
        if isinstance(scheduler, str):
            try:
                parse_host_port(parse_address(scheduler)[1])  # a Client made on a bad address hangs as it goes
            except ValueError as exc:
                raise ValueError(f"{scheduler}: not a scheduler's address (tcp://HOST:PORT): {exc}") from None
        self.scheduler, self.refused = scheduler, refused or (lambda _w, _why: None)

    def _connect(self):
        if isinstance(self.scheduler, Client):
            return self.scheduler, False
        try:
            return Client(self.scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False), True
        except OSError as exc:  # refused or timed out
            raise ExecutorError(f"cannot reach the Dask scheduler at {self.scheduler}: {exc}") from None

    def run(self, batch: Batch, tasks: Sequence[Task], keep: Callable[[Task, list[GameSummary]], None],
            cancelled: Callable[[], bool]) -> None:
        client, owned = self._connect()
        token = f"sortie-batch-{uuid.uuid4().hex}"
        try:
            client.register_plugin(_BatchOnWorker(token, batch), name=token)
            try:
                workers = self._checked(client, token, fingerprint(batch))
                self._play(client, token, workers, tasks, keep, cancelled)
            finally:
                client.unregister_worker_plugin(token)
        finally:
            if owned:
                client.close()

    def _checked(self, client, token: str, expected: dict[str, str]) -> list[str]:
        """The workers holding what this process holds; the others refused, each said why."""
        found = client.run(_fingerprint_on_worker, token)
        good = [worker for worker, hashes in found.items() if hashes == expected]
        for worker, hashes in found.items():
            if hashes != expected:
                self.refused(worker, differences(expected, hashes))
        if not good:
            why = "no worker" if not found else f"none of the {len(found)} workers"
            raise ExecutorError(f"{why} at {client.scheduler.address} holds the same content and engine as this "
                               "machine (install the same Sortie and packs there)")
        return good

    def _play(self, client, token: str, workers: list[str], tasks: Sequence[Task],
              keep: Callable[[Task, list[GameSummary]], None], cancelled: Callable[[], bool]) -> None:
        threads = client.nthreads()
        pool = client.get_executor(workers=workers, allow_other_workers=False, pure=False)
        feed(lambda task: pool.submit(_play_on_worker, token, task), tasks,
             sum(threads.get(worker, 1) for worker in workers), keep, cancelled, finish_in_hand=True)
