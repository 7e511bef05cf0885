"""`sortie simulate`: bot-versus-bot balance runs with a progress bar and a JSON summary, and the
strength matrix (every pairing of bot strengths)."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

from engine.content.validate import UsageError
from engine.core.batch import ExecutorError
from engine.core.simulate import as_dicts, compare, read_report, report, simulate
from engine.core.strength_matrix import strength_matrix

from .args import write_output
from .batch_args import Stopping, add_batch_flags, check_outputs, prepare, progress_bar


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many bot games of a scenario and report balance",
                       description="Play GAMES bot-versus-bot games of SCENARIO (game i with seed S+i) and report "
                       "win rates with 95%% intervals, scores, lengths, kills and losses per unit type. Exit status: "
                       "0 done, 1 the scenario's pack has errors, 2 usage error, 130 interrupted.")
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file, PACK/ID or ID")
    add_batch_flags(p)
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--out", type=Path, metavar="FILE", help="also write the report (with per-game results)")
    p.add_argument("--compare", type=Path, metavar="FILE", help="compare with a report written by --out")
    p.add_argument("--report", type=Path, metavar="FILE.html",
                   help="also write the report (and the comparison) as a self-contained page with its plots")
    p.add_argument("--strength-matrix", action="store_true",
                   help="play --games games of every pairing of bot strengths, on the same seeds, and say "
                        "how much of the result is the bots")
    p.set_defaults(func=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        return _simulate(args)
    except ExecutorError as exc:  # a cluster out of reach, or none of its workers holding our files
        print(f"sortie {args.command}: {exc}", file=sys.stderr)
        return 1


def _simulate(args: argparse.Namespace) -> int:
    ready = prepare(args)
    launch, options, strengths, executor = ready.launch, ready.options, ready.strengths, ready.executor
    engine, sides = launch.ruleset.engine, ready.sides
    if args.strength_matrix:
        return _strength_matrix(args, launch, options, executor)
    before = None
    if args.compare:
        try:
            before = read_report(args.compare, launch.scenario.id)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    check_outputs(args)
    with Stopping(args.command) as stopping, progress_bar(args.games, args.command) as progress:
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
    if args.report:
        write_output(args.report, _run_page(summary, before, args.compare.name if before else ""))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_text(summary)
    return 130 if stopping.asked() else 0


def _strength_matrix(args: argparse.Namespace, launch, options: dict[str, bool], executor) -> int:
    for flag, given in (("--side", args.side), ("--compare", args.compare)):
        if given:
            raise UsageError(f"--strength-matrix plays every bot strength on every side; leave out {flag}")
    check_outputs(args)
    engine = launch.ruleset.engine
    cells = len(engine.bot_strengths) ** len(engine.sides(launch.scenario))
    with Stopping(args.command) as stopping, progress_bar(args.games * cells, args.command) as progress:
        found = strength_matrix(engine, launch.scenario, launch.content, args.games, args.seed, options=options,
                                progress=progress, cancelled=stopping.asked, executor=executor)
    if stopping.asked() and not _interrupted(args, found["games"], " a pairing"):
        return 130
    summary = {"scenario": launch.scenario.id, "pack": launch.pack_id, "seed": args.seed,
               "options": {**engine.option_defaults(launch.scenario), **options}, "strength_matrix": found}
    if args.out:
        write_output(args.out, json.dumps(summary, indent=1))
    if args.report:
        from engine.reports.html import matrix_html
        from engine.reports.page import page

        write_output(args.report, page(f"{summary['scenario']}: bot strengths", matrix_html(found), []))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_matrix(summary)
    return 130 if stopping.asked() else 0


def _run_page(summary: dict, before: dict | None, before_name: str) -> str:
    """The run (compared with `before`) as a page; matplotlib is loaded only when one is asked for."""
    from matplotlib.figure import Figure

    from engine.reports.html import comparison, comparison_html, report_html
    from engine.reports.plots import balance_figure
    from engine.reports.page import page

    rep, title = summary["report"], f"{summary['scenario']}: balance"
    body = comparison_html(comparison(before, rep), (before_name, "this run")) + "<hr>" if before else ""
    figure = balance_figure(Figure(figsize=(10, 7.5)), rep, before, ("this run", before_name))
    return page(title, body + report_html(rep, f"{rep['games']} games"), [figure])


def _interrupted(args: argparse.Namespace, played: int, each: str = "") -> bool:
    """Say what an interrupted run reports; False when no game finished, so nothing is."""
    if not played:
        print("sortie simulate: interrupted before a game finished", file=sys.stderr)
        return False
    last = args.seed + played - 1
    print(f"sortie simulate: interrupted; the report covers the first {played} of {args.games} games{each} "
          f"(seeds {args.seed}-{last}), as --games {played} would play them", file=sys.stderr)
    return True


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
