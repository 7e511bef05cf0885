"""`sortie mission`: roll a mission on a theater timeline's tables and write it as a scenario.

The generator belongs to the pack's ruleset (`Ruleset.mission`), so
this command knows packs and arguments, not the game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.content.diagnostics import Severity, did_you_mean
from engine.content.pack import MANIFEST
from engine.content.validate import UsageError, Workspace, check_pack
from engine.rulesets import workspace
import engine.rulesets as registry  # looked up at each call: tests swap the registry
from engine.content.view import ContentView

from .args import MAX_SEED, Failed, check_manifest, pack_errors, parse_pairs, seed, write_output


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "mission",
        help="generate a mission from a theater timeline's tables",
        description="Roll a mission on the tables of TIMELINE (a timeline of THEATER) in PACK "
        "and write it as a scenario record. The same seed gives the same file. Exit status: "
        "0 written, 1 the tables cannot give a mission (a gap or cut-off row the pack says "
        "to report) or the pack has errors, 2 usage error.",
    )
    p.add_argument("--pack", required=True, metavar="PACK", help="pack id or pack folder")
    p.add_argument("--theater", required=True, metavar="THEATER", help="theater id")
    p.add_argument("--timeline", required=True, metavar="TIMELINE", help="timeline id")
    p.add_argument("--seed", required=True, type=seed, metavar="N", help=f"random seed (0 to {MAX_SEED})")
    p.add_argument("--out", type=Path, metavar="FILE",
                   help="write the scenario here (default: print it)")
    p.add_argument("--json", action="store_true",
                   help="print a JSON summary (scenario, mission, target, planes, rolls)")
    p.add_argument("--points", action="append", default=[], metavar="SIDE=N",
                   help="campaign points of a side; the side ahead rolls for the mission when "
                   "the timeline says so (repeatable)")
    p.add_argument("--planes", type=int, metavar="N",
                   help="planes of the rolling side before points balancing (default: 4)")
    p.add_argument("--on-missing", choices=("reroll", "report"),
                   help="what to do when a roll lands on a gap or cut-off row "
                   "(default: as the pack says)")
    p.add_argument("--no-extended", action="store_true",
                   help="leave out the extended mission's inbound and outbound events")
    p.add_argument("--mat", metavar="MAT", help="mat id (default: one that suits the target)")
    p.set_defaults(func=cmd_mission)


def _find_pack(spec: str, ws: Workspace):
    path = Path(spec)
    if path.is_dir():
        if not (path / MANIFEST).is_file():
            raise UsageError(f"{spec}: not a pack folder (no {MANIFEST})")
        return ws.pack(path)
    known = {}
    for root in ws.search_roots():
        known.setdefault(ws.pack(root).id, root)
    if spec not in known:
        raise UsageError(f"no pack '{spec}'.{did_you_mean(spec, known)} Known: "
                         f"{', '.join(sorted(known)) or 'none'}. A pack of your own: give its folder, or put "
                         "the folder that holds it on SORTIE_PACK_PATH.")
    return ws.pack(known[spec])


def _arguments(args: argparse.Namespace) -> dict:
    if args.planes is not None and not 1 <= args.planes <= 20:
        raise UsageError(f"--planes must be between 1 and 20; got {args.planes}")
    points = {}
    for side, value in parse_pairs(args.points, "points").items():
        try:
            points[side] = int(value)
        except ValueError:
            raise UsageError(f"--points {side}={value}: expected a whole number") from None
    options = {"theater": args.theater, "timeline": args.timeline, "seed": args.seed,
               "points": points, "force": args.planes, "on_missing": args.on_missing,
               "extended": not args.no_extended, "mat": args.mat}
    return {k: v for k, v in options.items() if v is not None}


def cmd_mission(args: argparse.Namespace) -> int:
    options = _arguments(args)
    ws = workspace()
    pack = _find_pack(args.pack, ws)
    check_manifest(pack)
    ruleset = registry.rulesets().get(pack.ruleset or "")
    tool = ruleset.mission if ruleset else None
    if tool is None:
        able = sorted(r.id for r in registry.rulesets().values() if r.mission is not None)
        raise UsageError(f"pack '{pack.id}' is for ruleset '{pack.ruleset}', which has no "
                         f"mission generator (rulesets with one: {', '.join(able) or 'none'})")
    errors = [d for d in check_pack(pack, ruleset) if d.severity is Severity.ERROR]
    if errors:
        raise pack_errors(pack.id, errors)
    try:
        generation = tool.generate(ContentView.of_pack(pack), pack.id, **options)
    except tool.report as exc:
        raise Failed(str(exc)) from None
    if args.out:
        write_output(args.out, generation.text())
    if args.json:
        print(json.dumps(generation.summary, sort_keys=True, ensure_ascii=False))
    elif args.out:
        print(f"{args.out}: {generation.scenario.label}")
    else:
        sys.stdout.write(generation.text())
    return 0
