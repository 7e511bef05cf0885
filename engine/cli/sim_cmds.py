"""`sortie simulate`: bot-versus-bot balance runs with a progress bar and a JSON summary."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from pathlib import Path

from tqdm import tqdm

from engine.content.validate import UsageError
from engine.rulesets.launch import find_scenario
from engine.core.simulate import as_dicts, compare, read_report, report, simulate

from .args import MAX_SEED, check_writable, pack_errors, parse_options, parse_pairs, seat, seed, write_output


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many bot games of a scenario and report balance",
                       description="Play GAMES bot-versus-bot games of SCENARIO (game i with seed S+i) and report "
                       "win rates with 95%% intervals, scores, lengths, kills and losses per unit type. Exit status: "
                       "0 done, 1 the scenario's pack has errors, 2 usage error, 130 interrupted.")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file, PACK/ID or ID")
    p.add_argument("--games", type=int, default=200,
                   help=f"number of games, 1 to {MAX_GAMES} (default: %(default)s)")
    p.add_argument("--seed", type=seed, default=1,
                   help=f"seed of the first game, 0 to {MAX_SEED}; game i uses seed+i (default: %(default)s)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="worker processes, at most one per core (default: all cores, %(default)s)")
    p.add_argument("--side", action="append", default=[], metavar="NAME=bot[:STRENGTH]",
                   help="the bot strength of a side (default: the strongest; repeatable)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=on|off",
                   help="switch an optional rule of the scenario (repeatable)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--out", type=Path, metavar="FILE", help="also write the report (with per-game results)")
    p.add_argument("--compare", type=Path, metavar="FILE", help="compare with a report written by --out")
    p.set_defaults(func=cmd_simulate)


# A run keeps every game's result; far more games than a balance question needs is a typo
# (a few zeros too many), and would fill the memory before the first result.
MAX_GAMES = 100_000


def _strengths(engine, raw: dict[str, str], sides: list[str]) -> dict[str, str]:
    out = {}
    for side, spec in raw.items():
        if side not in sides:
            raise UsageError(f"no side named {side}; sides: {', '.join(sides)}")
        out[side] = seat(side, spec, engine.bot_strengths, human=False)
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}; got {args.games} "
                         "(split a longer run into several with --seed)")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    cores = os.cpu_count() or 1
    if args.jobs > cores:  # more workers than cores only adds processes to the same work
        print(f"sortie simulate: --jobs {args.jobs}: this machine has {cores} core(s); using {cores}",
              file=sys.stderr)
        args.jobs = cores
    launch = find_scenario(args.scenario)
    if launch.errors:
        raise pack_errors(launch.pack_id, launch.errors)
    engine = launch.ruleset.engine
    sides = engine.sides(launch.scenario)
    options = parse_options(parse_pairs(args.option, "option"))
    known = engine.option_defaults(launch.scenario)
    unknown = set(options) - set(known)
    if unknown:
        raise UsageError(f"unknown option(s) {', '.join(sorted(unknown))} for scenario "
                         f"'{launch.scenario.id}'; available: {', '.join(sorted(known)) or 'none'}")
    strengths = _strengths(engine, parse_pairs(args.side, "side"), sides)
    before = None
    if args.compare:
        try:
            before = read_report(args.compare, launch.scenario.id)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if args.out:
        check_writable(args.out)
    bar = tqdm(total=args.games, unit="game", disable=not sys.stderr.isatty(), file=sys.stderr)

    def progress(done: int, total: int) -> None:
        bar.update(done - bar.n)

    with _Stopping() as stopping:
        results = simulate(engine, launch.scenario, launch.content, args.games, args.seed, args.jobs,
                           options, strengths, progress, stopping.asked)
    bar.close()
    if stopping.asked():
        if not results:
            print("sortie simulate: interrupted before a game finished", file=sys.stderr)
            return 130
        last = args.seed + len(results) - 1
        print(f"sortie simulate: interrupted; the report covers the first {len(results)} of {args.games} games "
              f"(seeds {args.seed}-{last}), as --games {len(results)} would play them", file=sys.stderr)
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
    for side, c in summary.get("compare", {}).get("win_rates", {}).items():
        if c["after"] is None:
            print(f"  compare {side:<10} {c['before']:.1%} -> not a side in this run")
            continue
        flag = "  <- significant" if c["significant"] else ""
        print(f"  compare {side:<10} {c['before']:.1%} -> {c['after']:.1%} ({c['change']:+.1%}){flag}")
