"""The flags and checks every balance command shares (`simulate`, `sweep`): games and seeds,
where the games run (--executor, --jobs, --scheduler), the bots' strengths and the options; the
progress bar, and Ctrl-C stopping a run after the games in hand."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

from tqdm import tqdm

from engine.content.validate import UsageError
from engine.core.executors import LocalExecutor
from engine.core.game import Game
from engine.rulesets.launch import Launch

from .args import MAX_SEED, check_writable, parse_options, parse_pairs, playable, seat, seed

# A run keeps every game's result; far more games than a balance question needs is a typo
# (a few zeros too many), and would fill the memory before the first result.
MAX_GAMES = 100_000


def add_batch_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=200,
                   help=f"number of games, 1 to {MAX_GAMES} (default: %(default)s)")
    p.add_argument("--seed", type=seed, default=1,
                   help=f"seed of the first game, 0 to {MAX_SEED}; game i uses seed+i (default: %(default)s)")
    p.add_argument("--jobs", type=int,
                   help=f"worker processes of --executor local, at most one per core (default: all cores, "
                        f"{os.cpu_count() or 1})")
    p.add_argument("--executor", choices=("local", "dask"), default="local",
                   help="where the games run: this machine's processes (default) or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="the Dask scheduler of --executor dask, e.g. tcp://10.0.0.5:8786 (README: Balance on "
                        "several machines)")
    p.add_argument("--side", action="append", default=[], metavar="NAME=bot[:STRENGTH]",
                   help="the bot strength of a side (default: the strongest; repeatable)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=on|off",
                   help="switch an optional rule of the scenario (repeatable)")


@dataclass
class Prepared:
    launch: Launch
    sides: list[str]
    options: dict[str, bool]
    strengths: dict[str, str]
    executor: object


def prepare(args: argparse.Namespace) -> Prepared:
    """The scenario and the run's settings, checked before a game is played (`Failed` when the
    scenario's pack has errors)."""
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}; got {args.games} "
                         "(split a longer run into several with --seed)")
    last = args.seed + args.games - 1
    if last > MAX_SEED:  # each game's seed gets the checks `play --seed` makes
        raise UsageError(f"--seed {args.seed} with --games {args.games} plays seeds up to {last}; "
                         f"a seed may be at most {MAX_SEED}")
    executor = executor_for(args)
    launch = playable(args.scenario)
    engine = launch.ruleset.engine
    sides = engine.sides(launch.scenario)
    options = parse_options(parse_pairs(args.option, "option"))
    try:  # the checks `play` makes (options unknown, or that exclude each other), before the run
        Game(engine, launch.scenario, launch.content, args.seed, options, pack=launch.pack_id)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    strengths = strengths_for(engine, parse_pairs(args.side, "side"), sides)
    return Prepared(launch, sides, options, strengths, executor)


def executor_for(args: argparse.Namespace):
    """Where the games run, from --executor, --jobs and --scheduler."""
    if args.executor == "local":
        if args.scheduler:
            raise UsageError("--scheduler is the address of a Dask scheduler: give it with --executor dask")
        cores = os.cpu_count() or 1
        jobs = cores if args.jobs is None else args.jobs
        if jobs < 1:
            raise UsageError("--jobs must be at least 1")
        if jobs > cores:  # more workers than cores only adds processes to the same work
            print(f"sortie {args.command}: --jobs {jobs}: this machine has {cores} core(s); using {cores}",
                  file=sys.stderr)
        return LocalExecutor(min(jobs, cores))
    if args.jobs is not None:
        raise UsageError("--jobs counts processes of --executor local; a Dask cluster plays on all its workers' "
                         "threads (dask worker --nworkers N --nthreads 1)")
    if not args.scheduler:
        raise UsageError("--executor dask needs --scheduler ADDRESS: the address `dask scheduler` prints, "
                         "e.g. tcp://10.0.0.5:8786")
    try:
        from engine.core.dask_executor import DaskExecutor
    except ImportError as exc:
        if exc.name not in ("dask", "distributed"):
            raise
        raise UsageError("--executor dask needs Dask's distributed scheduler, which is not installed: "
                         "pip install 'sortie[dask]'") from None

    def refused(worker: str, why: str) -> None:
        print(f"sortie {args.command}: worker {worker} refused: it holds other files than this machine: {why}",
              file=sys.stderr)

    try:
        return DaskExecutor(args.scheduler, refused)
    except ValueError as exc:
        raise UsageError(f"--scheduler {exc}") from None


def strengths_for(engine, raw: dict[str, str], sides: list[str]) -> dict[str, str]:
    out = {}
    for side, spec in raw.items():
        if side not in sides:
            raise UsageError(f"no side named {side}; sides: {', '.join(sides)}")
        out[side] = seat(side, spec, engine.bot_strengths, human=False)
    return out


@contextmanager
def progress_bar(total: int, command: str) -> Iterator[Callable[[int, int], None]]:
    """The callback a batch reports to: a progress bar on a terminal's stderr; elsewhere (CI, a
    log file) a line every LINE_EVERY seconds, so a long run shows it is alive without a bar's
    carriage returns filling the log."""
    if not sys.stderr.isatty():
        last = [time.monotonic()]

        def line(done: int, _total: int) -> None:
            if time.monotonic() - last[0] >= LINE_EVERY:
                last[0] = time.monotonic()
                print(f"sortie {command}: {done} of {total} games", file=sys.stderr, flush=True)

        yield line
        return
    bar = tqdm(total=total, unit="game", file=sys.stderr)
    try:
        yield lambda done, _total: bar.update(done - bar.n)
    finally:
        bar.close()


LINE_EVERY = 5.0  # seconds between progress lines when stderr is not a terminal


class Stopping:
    """Ctrl-C during a run: the first stops it after the games in hand, which are reported (an
    hour of games is not thrown away for one keypress); a second abandons them."""

    def __init__(self, command: str) -> None:
        self.command = command
        self._asked = False
        self._before = None

    def asked(self) -> bool:
        return self._asked

    def __enter__(self) -> "Stopping":
        self._before = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def __exit__(self, *exc) -> None:
        signal.signal(signal.SIGINT, self._before)

    def _interrupt(self, signum, frame) -> None:
        if self._asked:
            raise KeyboardInterrupt
        self._asked = True
        print(f"\nsortie {self.command}: stopping after the games in hand (Ctrl-C again to abandon them)",
              file=sys.stderr)


def check_outputs(args: argparse.Namespace) -> None:
    """--out and --report can be written (checked before a long run, not after it), and a page
    is a .html file."""
    if args.report and args.report.suffix.lower() not in (".html", ".htm"):
        raise UsageError(f"--report {args.report}: expected a page, FILE.html")
    for path in (args.out, args.report):
        if path:
            check_writable(path)
