"""`sortie preview`: a pack's previews as SVG files, for print-and-play sheets and docs.

The same drawings the studio shows, written headless at their printed size
(one SVG unit per millimetre), so a dashboard prints at the size of its rulers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.content.diagnostics import did_you_mean
from engine.content.view import ContentView
from engine.drawing.svg import write_svg

from .args import cannot_write, one_pack


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "preview",
        help="write a pack's previews (dashboards, counters, cards, boards) as SVG",
        description="Write the previews of a pack's records as SVG files at their printed "
        "size, one per record, in OUT/<kind>/<id>.svg. Exit status: 0 all written, 1 some "
        "record could not be drawn, 2 usage error.",
    )
    p.add_argument("pack", type=Path, help="pack folder, or the id of a bundled pack or one on SORTIE_PACK_PATH")
    p.add_argument("kind", nargs="?", help="only this kind, e.g. paw.dashboard")
    p.add_argument("ids", nargs="*", metavar="ID", help="only these records of the kind")
    p.add_argument("--out", "-o", type=Path, default=Path("previews"),
                   help="folder to write (default: %(default)s)")
    p.set_defaults(func=cmd_preview)


def cmd_preview(args: argparse.Namespace) -> int:
    from engine.rulesets import rulesets

    pack = one_pack(args.pack).packs[0]
    previews = rulesets()[pack.ruleset].previews
    view = ContentView.of_pack(pack)
    kinds = [args.kind] if args.kind else sorted(previews)
    for kind in kinds:
        if kind not in previews:
            print(f"sortie preview: no preview for kind '{kind}'.{did_you_mean(kind, previews)} "
                  f"Kinds with previews: {', '.join(sorted(previews))}", file=sys.stderr)
            return 2
    failed = 0
    for kind in kinds:
        records = view.records(kind)
        if args.ids:
            known = {r.id: r for r in records}
            missing = [i for i in args.ids if i not in known]
            if missing:
                print(f"sortie preview: no {kind} '{missing[0]}' in {pack.id}."
                      f"{did_you_mean(missing[0], known) or ' Known: ' + (', '.join(sorted(known)) or 'none')}",
                      file=sys.stderr)
                return 2
            records = [known[i] for i in args.ids]
        for record in records:
            try:
                drawing = previews[kind](record, view)
            except ValueError as exc:  # a scenario whose board is missing, and the like
                print(f"{kind} {record.id}: cannot draw: {exc}", file=sys.stderr)
                failed += 1
                continue
            path = args.out / kind / f"{record.id}.svg"
            try:  # whole or not at all: a full disk must not leave half of last week's good preview
                write_svg(drawing, path)
            except OSError as exc:
                raise cannot_write(path, exc) from None
            print(path)
    return 1 if failed else 0
