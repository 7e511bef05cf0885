"""`sortie simulate`: bot-versus-bot balance runs with a progress bar and a JSON summary, and the
strength matrix (every pairing of bot strengths)."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import textwrap
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from tqdm import tqdm

from engine.content.validate import UsageError
from engine.core.launch import find_scenario
from engine.core.batch import ExecutorError
from engine.core.executors import LocalExecutor
from engine.core.simulate import as_dicts, compare, read_report, report, simulate
from engine.core.strength_matrix import strength_matrix

from .args import MAX_SEED, check_writable, parse_options, parse_pairs, seat, seed, write_output


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many bot games of a scenario and report balance")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file, PACK/ID or ID")
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
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--out", type=Path, metavar="FILE", help="also write the report (with per-game results)")
    p.add_argument("--compare", type=Path, metavar="FILE", help="compare with a report written by --out")
    p.add_argument("--strength-matrix", action="store_true",
                   help="play --games games of every pairing of bot strengths, on the same seeds, and say "
                        "how much of the result is the bots")
    p.set_defaults(func=cmd_simulate)


# A run keeps every game's result; far more games than a balance question needs is a typo
# (a few zeros too many), and would fill the memory before the first result.
MAX_GAMES = 100_000


def _executor(args: argparse.Namespace):
    """Where the games run, from --executor, --jobs and --scheduler."""
    if args.executor == "local":
        if args.scheduler:
            raise UsageError("--scheduler is the address of a Dask scheduler: give it with --executor dask")
        cores = os.cpu_count() or 1
        jobs = cores if args.jobs is None else args.jobs
        if jobs < 1:
            raise UsageError("--jobs must be at least 1")
        if jobs > cores:  # more workers than cores only adds processes to the same work
            print(f"sortie simulate: --jobs {jobs}: this machine has {cores} core(s); using {cores}",
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
        print(f"sortie simulate: worker {worker} refused: it holds other files than this machine: {why}",
              file=sys.stderr)

    try:
        return DaskExecutor(args.scheduler, refused)
    except ValueError as exc:
        raise UsageError(f"--scheduler {exc}") from None


def _strengths(engine, raw: dict[str, str], sides: list[str]) -> dict[str, str]:
    out = {}
    for side, spec in raw.items():
        if side not in sides:
            raise UsageError(f"no side named {side}; sides: {', '.join(sides)}")
        out[side] = seat(side, spec, engine.bot_strengths, human=False)
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        return _simulate(args)
    except ExecutorError as exc:  # a cluster out of reach, or none of its workers holding our files
        print(f"sortie simulate: {exc}", file=sys.stderr)
        return 1


def _simulate(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}; got {args.games} "
                         "(split a longer run into several with --seed)")
    executor = _executor(args)
    launch = find_scenario(args.scenario)
    if launch.errors:
        for diag in launch.errors:
            print(diag.format(), file=sys.stderr)
        print(f"sortie simulate: pack '{launch.pack_id}' has errors; fix them first", file=sys.stderr)
        return 1
    engine = launch.ruleset.engine
    sides = engine.sides(launch.scenario)
    options = parse_options(parse_pairs(args.option, "option"))
    known = engine.option_defaults(launch.scenario)
    unknown = set(options) - set(known)
    if unknown:
        raise UsageError(f"unknown option(s) {', '.join(sorted(unknown))} for scenario "
                         f"'{launch.scenario.id}'; available: {', '.join(sorted(known)) or 'none'}")
    strengths = _strengths(engine, parse_pairs(args.side, "side"), sides)
    if args.strength_matrix:
        return _strength_matrix(args, launch, options, executor)
    before = None
    if args.compare:
        try:
            before = read_report(args.compare, launch.scenario.id)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if args.out:
        check_writable(args.out)
    with _Stopping() as stopping, _bar(args.games) as progress:
        results = simulate(engine, launch.scenario, launch.content, args.games, args.seed, options=options,
                           strengths=strengths, progress=progress, cancelled=stopping.asked, executor=executor)
    if stopping.asked() and not _interrupted(args, len(results)):
        return 130
    summary = {"scenario": launch.scenario.id, "pack": launch.pack_id, "seed": args.seed,
               "options": {**engine.option_defaults(launch.scenario), **options},
               "strengths": strengths, "report": report(results, sides)}
    if before is not None:
        summary["compare"] = compare(before, summary["report"])
    if args.out:
        write_output(args.out, json.dumps({**summary, "games": as_dicts(results)}, indent=1))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_text(summary)
    return 130 if stopping.asked() else 0


def _strength_matrix(args: argparse.Namespace, launch, options: dict[str, bool], executor) -> int:
    for flag, given in (("--side", args.side), ("--compare", args.compare)):
        if given:
            raise UsageError(f"--strength-matrix plays every bot strength on every side; leave out {flag}")
    if args.out:
        check_writable(args.out)
    engine = launch.ruleset.engine
    cells = len(engine.bot_strengths) ** len(engine.sides(launch.scenario))
    with _Stopping() as stopping, _bar(args.games * cells) as progress:
        found = strength_matrix(engine, launch.scenario, launch.content, args.games, args.seed, options=options,
                                progress=progress, cancelled=stopping.asked, executor=executor)
    if stopping.asked() and not _interrupted(args, found["games"], " a pairing"):
        return 130
    summary = {"scenario": launch.scenario.id, "pack": launch.pack_id, "seed": args.seed,
               "options": {**engine.option_defaults(launch.scenario), **options}, "strength_matrix": found}
    if args.out:
        write_output(args.out, json.dumps(summary, indent=1))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_matrix(summary)
    return 130 if stopping.asked() else 0


@contextmanager
def _bar(total: int) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on a terminal's stderr; the callback a batch reports to."""
    bar = tqdm(total=total, unit="game", disable=not sys.stderr.isatty(), file=sys.stderr)
    try:
        yield lambda done, _total: bar.update(done - bar.n)
    finally:
        bar.close()


def _interrupted(args: argparse.Namespace, played: int, each: str = "") -> bool:
    """Say what an interrupted run reports; False when no game finished, so nothing is."""
    if not played:
        print("sortie simulate: interrupted before a game finished", file=sys.stderr)
        return False
    last = args.seed + played - 1
    print(f"sortie simulate: interrupted; the report covers the first {played} of {args.games} games{each} "
          f"(seeds {args.seed}-{last}), as --games {played} would play them", file=sys.stderr)
    return True


class _Stopping:
    """Ctrl-C during a run: the first stops it after the games in hand, which are reported (an
    hour of games is not thrown away for one keypress); a second abandons them."""

    def __init__(self) -> None:
        self._asked = False
        self._before = None

    def asked(self) -> bool:
        return self._asked

    def __enter__(self) -> "_Stopping":
        self._before = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def __exit__(self, *exc) -> None:
        signal.signal(signal.SIGINT, self._before)

    def _interrupt(self, signum, frame) -> None:
        if self._asked:
            raise KeyboardInterrupt
        self._asked = True
        print("\nsortie simulate: stopping after the games in hand (Ctrl-C again to abandon them)",
              file=sys.stderr)


def _print_text(summary: dict) -> None:
    rep = summary["report"]
    print(f"{summary['scenario']}: {rep['games']} games, seeds {rep['seeds'][0]}-{rep['seeds'][1]}")
    for side, w in rep["win_rates"].items():
        low, high = w["ci95"]
        print(f"  {side:<16} {w['rate']:6.1%}  (95% CI {low:.1%}-{high:.1%}, {w['wins']} games)")
    for side, s in rep["score"].items():
        print(f"  score {side:<10} mean {s['mean']:.2f}  median {s['median']}  range {s['min']}-{s['max']}")
    t = rep["turns"]
    print(f"  length           mean {t['mean']:.2f} turns  range {t['min']}-{t['max']}")
    for key, v in rep["per_unit_type"].items():
        print(f"  {key:<24} kills/game {v['kills']:.2f}  losses/game {v['losses']:.2f}")
    detect = rep["detect"]
    print(f"  to see a {detect['change'] * 100:g}-point change of a win rate (p < {detect['alpha']:g}, "
          f"{detect['power']:.0%} power) each run needs: "
          + ", ".join(f"{side} {n:,} games" for side, n in detect["games"].items()))
    for side, c in summary.get("compare", {}).get("win_rates", {}).items():
        if c["after"] is None:
            print(f"  compare {side:<10} {c['before']:.1%} -> not a side in this run")
            continue
        flag = "  <- significant" if c["significant"] else ""
        print(f"  compare {side:<10} {c['before']:.1%} -> {c['after']:.1%} ({c['change']:+.1%})  "
              f"p = {c['p_value']:.3g} ({c['test']}), h = {c['cohens_h']:+.2f}{flag}")


def _print_matrix(summary: dict) -> None:
    m = summary["strength_matrix"]
    sides = m["sides"]
    print(f"{summary['scenario']}: every pairing of bot strengths, {m['games']} games each, "
          f"seeds {m['seeds'][0]}-{m['seeds'][1]}")
    width = max(len(s) for s in sides) + max(len(k) for k in m["strengths"]) + 2
    for cell in m["pairings"]:
        bots = "".join(f"{side} {cell['strengths'][side]}".ljust(width) for side in sides)
        rates = "  ".join(f"{side} {w['rate']:6.1%} ({w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})"
                          for side, w in cell["win_rates"].items())
        print(f"  {bots}  {rates}")
    for side, effects in m["bot_strength_effect"].items():
        for e in effects:
            print(f"  {side} bot {e['from']} -> {e['to']} against {', '.join(f'{s} {k}' for s, k in e['against'].items())}: "
                  f"{e['change'] * 100:+.1f} points (p = {e['p_value']:.2g})")
    print(textwrap.fill(m["verdict"], width=100, initial_indent="  ", subsequent_indent="  "))
