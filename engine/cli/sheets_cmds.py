"""`sortie sheets`: a pack's print-and-play sheets as a PDF or as SVG pages, headless (the PDF is
the SVG pages, converted: `engine.drawing.pdf`), so a modder's CI without Qt prints them too."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.content.diagnostics import Severity, did_you_mean
from engine.content.validate import UsageError
from engine.content.view import ContentView
from engine.drawing.pdf import write_pdf
from engine.drawing.sheets import PAPERS, Sheet, lay_out_pack, printable_kinds, scenarios, summary
from engine.drawing.svg import write_svg

from .args import cannot_write, check_writable, one_pack


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sheets",
        help="print-and-play sheets of a pack's counters, cards and dashboards (PDF or SVG)",
        description="Lay out a pack's components (counters once per copy in the countermix or as "
        "many as a scenario fields, cards, dashboards, templates) at their printed size on pages, "
        "each front page followed by its back mirrored for double-sided printing flipped on the long edge, with cut marks. "
        "Exit status: 0 all written, 1 the pack has errors, or some component does not fit the "
        "paper or has text cut to fit or characters the print face lacks (the rest is written), 2 usage error.",
    )
    p.add_argument("pack", type=Path, help="pack folder, or the id of a bundled pack or one on SORTIE_PACK_PATH")
    p.add_argument("kinds", nargs="*", metavar="KIND",
                   help="only these kinds or parts of kinds, e.g. aw.air_unit, af.data_card:counters "
                   "(default: all it prints)")
    p.add_argument("--scenario", metavar="ID",
                   help="only what this scenario uses: its planes' dashboards or cards, targets, counters")
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size (default: %(default)s)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--out", "-o", type=Path, metavar="FILE.pdf",
                     help="the PDF to write (default: <pack id>-sheets.pdf here)")
    out.add_argument("--svg", type=Path, metavar="DIR",
                     help="write each side of each sheet as an SVG in DIR instead")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.rulesets import rulesets

    report = one_pack(args.pack)
    pack = report.packs[0]
    errors = [d for d in report.diagnostics if d.severity is Severity.ERROR]
    if errors:
        print(f"sortie sheets: {pack.id} has {len(errors)} error(s); fix them before printing "
              f"(`sortie validate {args.pack}` lists them). First: {errors[0].format()}", file=sys.stderr)
        return 1
    makers = rulesets()[pack.ruleset].components
    if not makers:
        raise UsageError(f"{pack.id}: the {rulesets()[pack.ruleset].name} ruleset has no print-and-play components")
    try:
        kinds = printable_kinds(makers, args.kinds)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    view = ContentView.of_pack(pack)
    scenario = None
    if args.scenario is not None:
        known = {s.id: s for s in scenarios(view)}
        if args.scenario not in known:
            raise UsageError(f"no scenario '{args.scenario}' in {pack.id}.{did_you_mean(args.scenario, known)}"
                             f" Scenarios: {', '.join(known) or 'none'}")
        scenario = known[args.scenario]
    sheets, problems = lay_out_pack(pack, view, makers, kinds, args.paper, scenario)
    if not sheets and not problems:
        what = (f"that scenario {args.scenario} uses or plays with (its optional rules)" if scenario is not None
                else "to print")
        raise UsageError(f"{pack.id} has no records of {', '.join(kinds)} {what}")
    for problem in problems:
        print(f"sortie sheets: {problem}", file=sys.stderr)
    if sheets:
        if args.svg is not None:
            written = write_svgs(sheets, args.svg)
        else:
            path = args.out or Path(f"{pack.id}-sheets.pdf")
            check_writable(path)
            try:
                written = write_pdf(sheets, path, title=f"{pack.id} print-and-play sheets")
            except OSError as exc:
                raise cannot_write(path, exc) from None
        print(f"{written}: {summary(sheets)} of {args.paper} paper")
    return 1 if problems else 0


def write_svgs(sheets: list[Sheet], folder: Path) -> Path:
    try:
        written = set()
        for i, sheet in enumerate(sheets, 1):
            for face, drawing in (("front", sheet.front), ("back", sheet.back)):
                if drawing is not None:
                    written.add(write_svg(drawing, folder / f"sheet-{i:02d}-{face}.svg"))
        for old in set(folder.glob("sheet-*-*.svg")) - written:  # an earlier run's pages beyond these
            old.unlink()
    except OSError as exc:
        raise UsageError(f"{folder}: cannot write: {exc.strerror or exc}") from None
    return folder

