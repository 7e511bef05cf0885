"""`sortie sweep`: a scenario played with a record's field at several values, every variant on
the same seeds — a grid of values, or a search for the value that evens the game."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.content.validate import UsageError
from engine.core.batch import ExecutorError
from engine.core.simulate import simulate
from engine.core.sweep import SweepError, grid, parse_vary, search

from .args import cannot_write, check_writable, parse_pairs, write_output
from .batch_args import Stopping, add_batch_flags, check_outputs, prepare, progress_bar

PLOT_FORMATS = (".png", ".svg", ".pdf")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sweep", help="play a scenario with a record's field at several values, on the same seeds",
                       description="Play a scenario with one or more fields of its records at several values, "
                       "every value on the same seeds, and report the win rates against the values; or search "
                       "a numeric field for the value that gives a side a win rate. Exit status: 0 done, 1 the "
                       "scenario's pack has errors or the cluster could not play, 2 usage error, 130 stopped "
                       "by Ctrl-C.")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file, PACK/ID or ID")
    p.add_argument("--vary", action="append", default=[], required=True, metavar="KIND:ID.FIELD=VALUES",
                   help="a field and its values, V1,V2,... (every combination of several --vary is played) or "
                        "LOW..HIGH with --target-win, e.g. hm.fighter:a6m5-zero-navy.speed=2,3,4")
    p.add_argument("--target-win", metavar="SIDE=RATE",
                   help="search LOW..HIGH for the value that gives SIDE this win rate, e.g. japan=0.5")
    p.add_argument("--steps", type=int, default=8, help="at most this many bisection steps (default: %(default)s)")
    add_batch_flags(p)
    p.add_argument("--json", action="store_true", help="print the sweep as one JSON object")
    p.add_argument("--out", type=Path, metavar="FILE", help="also write the sweep as JSON")
    p.add_argument("--plot", type=Path, metavar="FILE", help="also draw the win rates against the values "
                   "(.png, .svg or .pdf)")
    p.add_argument("--report", type=Path, metavar="FILE.html",
                   help="also write the sweep as a self-contained page with its plot")
    p.set_defaults(func=cmd_sweep)


def cmd_sweep(args: argparse.Namespace) -> int:
    try:
        return _sweep(args)
    except ExecutorError as exc:
        print(f"sortie sweep: {exc}", file=sys.stderr)
        return 1


def _target(args: argparse.Namespace, sides: list[str]) -> tuple[str, float]:
    [(side, raw)] = parse_pairs([args.target_win], "target-win").items()
    if side not in sides:
        raise UsageError(f"--target-win {args.target_win}: no side named {side}; sides: {', '.join(sides)}")
    try:
        rate = float(raw)
    except ValueError:
        rate = -1.0
    if not 0 < rate < 1:
        raise UsageError(f"--target-win {args.target_win}: the rate is a share between 0 and 1, e.g. {side}=0.5")
    return side, rate


def _sweep(args: argparse.Namespace) -> int:
    if args.steps < 1:
        raise UsageError("--steps must be at least 1")
    ready = prepare(args)
    launch, sides = ready.launch, ready.sides
    try:
        varies = [parse_vary(spec, launch.content, launch.scenario) for spec in args.vary]
    except SweepError as exc:
        raise UsageError(str(exc)) from None
    target = _target(args, sides) if args.target_win else None
    if target and (len(varies) != 1 or len(varies[0].values) != 2 or ".." not in args.vary[0]):
        raise UsageError("--target-win searches one --vary given as LOW..HIGH, e.g. "
                         "hm.fighter:a6m5-zero-navy.speed=1..6")
    if not target and any(".." in spec for spec in args.vary):
        raise UsageError("a range LOW..HIGH is searched with --target-win SIDE=RATE; for a grid give the values, "
                         "V1,V2,...")
    if args.plot and args.plot.suffix.lower() not in PLOT_FORMATS:
        raise UsageError(f"--plot {args.plot}: expected a file ending {', '.join(PLOT_FORMATS)}")
    check_outputs(args)
    if args.plot:
        check_writable(args.plot)
    engine = launch.ruleset.engine
    with Stopping(args.command) as stopping:
        def play(content, scenario):
            with progress_bar(args.games, args.command) as progress:
                return simulate(engine, scenario, content, args.games, args.seed, options=ready.options,
                                strengths=ready.strengths, progress=progress, cancelled=stopping.asked,
                                executor=ready.executor)

        try:
            if target:
                found = search(varies[0], *target, launch.content, launch.scenario, sides, play, args.steps,
                               stopping.asked)
            else:
                found = {"variants": grid(varies, launch.content, launch.scenario, sides, play, stopping.asked)}
        except SweepError as exc:
            raise UsageError(str(exc)) from None
    summary = {"scenario": launch.scenario.id, "pack": launch.pack_id, "seed": args.seed, "games": args.games,
               "strengths": ready.strengths, "vary": [v.name for v in varies], **found}
    if stopping.asked():
        print(f"sortie sweep: interrupted; the sweep covers the {len(found['variants'])} variant(s) played in "
              "full", file=sys.stderr)
    if args.out:
        write_output(args.out, json.dumps(summary, indent=1))
    if summary["variants"] and (args.plot or args.report):
        _draw(summary, args)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_text(summary, sides)
    return 130 if stopping.asked() else 0


def _draw(summary: dict, args: argparse.Namespace) -> None:
    """--plot and --report; matplotlib is loaded only when one is asked for."""
    from engine.reports.html import sweep_html
    from engine.reports.page import page
    from engine.reports.sweep_plot import sweep_figure

    figure = sweep_figure(summary)
    if args.plot:
        try:
            figure.savefig(args.plot)
        except OSError as exc:
            raise cannot_write(args.plot, exc) from None
    if args.report:
        write_output(args.report, page(f"{summary['scenario']}: sweep", sweep_html(summary), [figure]))


def _print_text(summary: dict, sides: list[str]) -> None:
    print(f"{summary['scenario']}: {summary['games']} games a variant, seeds {summary['seed']}-"
          f"{summary['seed'] + summary['games'] - 1}, every variant on the same seeds")
    names = summary["vary"]
    width = max(len(n) for n in names)
    for variant in summary["variants"]:
        values = "  ".join(f"{name}={variant['values'][name]}".ljust(width + 6) for name in names)
        rates = "  ".join(f"{side} {w['rate']:6.1%} ({w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})"
                          for side, w in variant["report"]["win_rates"].items())
        print(f"  {values}  {rates}")
    if "target" in summary:
        if summary["value"] is None:
            print(f"  no value found: {summary['why']}")
        else:
            print(f"  {names[0]}={summary['value']} brings {summary['side']} nearest to {summary['target']:.0%}")
