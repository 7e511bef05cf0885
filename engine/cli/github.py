"""`sortie validate --github`: findings as GitHub Actions annotations, within what GitHub shows.

GitHub shows at most 10 annotations of each type (error, warning, notice) per step, and drops the
rest without a word: the errors come first, and where there are more than 10 of a type, the 9
first and one that says how many more there are. Paths are relative to the repository
($GITHUB_WORKSPACE), as GitHub matches them to the pull request's files; a Markdown summary (a
table of findings per pack and kind) goes to $GITHUB_STEP_SUMMARY when it is set.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Mapping

from engine.content.diagnostics import Diagnostic, Severity
from engine.content.loader import display_path
from engine.content.pack import MANIFEST
from engine.content.validate import Report

PER_TYPE = 10  # annotations GitHub shows of each type in a step
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def annotations(diagnostics: list[Diagnostic], env: Mapping[str, str],
                suppressed: bool = False) -> tuple[list[str], bool]:
    """The workflow commands to print, errors first, suppressed findings only when asked for; and
    whether they annotate every finding."""
    workspace = env.get("GITHUB_WORKSPACE")
    out, every = [], True
    for severity, level in LEVELS.items():
        found = [d for d in diagnostics if d.severity is severity and (suppressed or d.suppressed is None)]
        shown = found if len(found) <= PER_TYPE else found[:PER_TYPE - 1]
        every = every and len(shown) == sum(1 for d in diagnostics if d.severity is severity)
        out += [replace(d, file=_in_repository(d.file, workspace)).annotation() for d in shown]
        if len(shown) < len(found):
            more = (f"{len(found) - len(shown)} more {level}(s) not shown here (GitHub shows {PER_TYPE} a step): "
                    "the step's log and summary list every one")
            out.append(Diagnostic(severity, "sortie validate", more).annotation())
    return out, every


def _in_repository(file: str, workspace: str | None) -> str:
    if not file or not workspace:
        return file
    try:
        return Path(os.path.abspath(file)).relative_to(Path(workspace).resolve()).as_posix()
    except ValueError:  # outside the repository: as it was
        return file


def summary(report: Report) -> str:
    """The findings of each pack and kind as a Markdown table, for the job's summary page."""
    files = {e.file: (pack.id, e.kind) for pack in report.packs for e in pack.entries}
    files.update({display_path(pack.root / MANIFEST): (pack.id, MANIFEST) for pack in report.packs})
    rows: dict[tuple[str, str], dict[Severity, int]] = {}
    for d in report.diagnostics:
        pack, kind = files.get(d.file, ("—", None))
        row = rows.setdefault((pack, d.record.partition(":")[0] or kind or "—"), dict.fromkeys(Severity, 0))
        row[d.severity] += 1
    totals = report.summary()
    lines = ["## sortie validate", "",
             f"{'✅' if report.ok else '❌'} {totals['error']} error(s), {totals['warning']} warning(s), "
             f"{totals['info']} info ({totals['suppressed']} suppressed) in {len(report.packs)} pack(s), "
             f"{sum(report.counts.values())} record(s)", ""]
    if rows:
        lines += ["| pack | kind | errors | warnings | info |", "|---|---|---:|---:|---:|"]
        lines += [f"| {pack} | {kind} | {n[Severity.ERROR]} | {n[Severity.WARNING]} | {n[Severity.INFO]} |"
                  for (pack, kind), n in sorted(rows.items())]
    return "\n".join(lines) + "\n"


def write_summary(report: Report, env: Mapping[str, str]) -> None:
    """Appended to $GITHUB_STEP_SUMMARY (other steps write there too), when it is set."""
    path = env.get("GITHUB_STEP_SUMMARY")
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(summary(report))
