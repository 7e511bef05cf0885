"""`sortie validate`, `sortie schemas` and `sortie fmt`: content checks for people and CI."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from pathlib import Path

from engine.content.diagnostics import Diagnostic, Severity
from engine.content.docs import DOCS_DIR
from engine.content.loader import BUNDLED_CONTENT
from engine.content.pack import MANIFEST, record_text, write_atomic
from engine.content.generate import stale_schemas, write_schemas
from engine.content.schemas import SCHEMAS_DIR
from engine.content.validate import UsageError, named, validate_paths
from engine.content.yamlio import dropped_comments
from engine.rulesets import workspace
import engine.rulesets as registry  # looked up at each call: tests swap the registry

from . import github
from .args import cannot_write


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "validate",
        help="check packs, folders of packs or single files",
        description="Check content: schema, ids, references (through 'extends'), dice tables "
        "and each ruleset's lint rules. Exit status: 0 no errors, 1 errors (or warnings with "
        "--strict), 2 usage error.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="pack folder, folder of packs, folder in a pack or file "
                   "(default: the bundled content)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    form.add_argument("--github", action="store_true", help="print GitHub Actions annotations "
                      "(::error file=...), so a pull request shows each finding on its line")
    p.add_argument("--quiet", "-q", action="store_true", help="hide info lines (suppressed findings)")
    p.add_argument("--suppressed", action="store_true", help="with --github, annotate suppressed findings "
                   "as notices too (by default they are left out: acknowledged, they would crowd the pull request)")
    p.add_argument("--strict", action="store_true", help="warnings fail too (exit 1): for a pack's CI")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("schemas", help="regenerate the JSON Schemas and reference docs from the content models",
                       description="Regenerate the JSON Schemas (and, in a checkout, docs/reference/) from the "
                       "content models. Exit status: 0 written (or, with --check, up to date), 1 out of date "
                       "(--check), 2 usage error.")
    p.add_argument("--check", action="store_true", help="exit 1 if schemas/ is out of date")
    p.add_argument("--out", type=Path, default=SCHEMAS_DIR, help="folder to write (default: %(default)s); "
                   "another folder gets the schemas only, for an editor checking a pack of your own")
    p.set_defaults(func=cmd_schemas)

    p = sub.add_parser("fmt", help="rewrite records in Sortie's canonical, diff-friendly form",
                       description="Rewrite records in canonical form. A file that does not load is "
                       "left as it is and reported. Exit status: 0 done, 1 a file could not be "
                       "formatted (or, with --check, would change), 2 usage error.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="pack folder(s) or record files of packs")
    p.add_argument("--check", action="store_true", help="report files that would change, with the diff; write nothing")
    p.set_defaults(func=cmd_fmt)


def cmd_validate(args: argparse.Namespace) -> int:
    paths = args.paths or [BUNDLED_CONTENT]
    report = validate_paths(paths, workspace())
    if args.json:
        print(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        listed = [d for d in report.diagnostics if not (args.quiet and d.severity is Severity.INFO)]
        if args.github:  # within what GitHub shows; the findings left out in the log (folded) and summary
            lines, every = github.annotations(listed, os.environ, args.suppressed)
            if not every:
                lines += ["::group::every finding", *(d.format() for d in listed), "::endgroup::"]
            github.write_summary(report, os.environ)
        else:
            lines = [d.format() for d in listed]
        for line in lines:
            print(line)
        totals = report.summary()
        records = sum(report.counts.values())
        print(
            f"{totals['error']} error(s), {totals['warning']} warning(s), {totals['info']} info "
            f"({totals['suppressed']} suppressed) in {len(report.packs)} pack(s), {records} record(s)",
            file=sys.stderr,
        )
    failed = not report.ok or (args.strict and any(d.severity is Severity.WARNING for d in report.diagnostics))
    return 1 if failed else 0


def cmd_schemas(args: argparse.Namespace) -> int:
    # The reference pages belong to Sortie's docs/: a modder's --out (schemas for an editor beside
    # their pack) writes the schemas only, never into the checkout or an installation.
    docs = args.out.resolve() == SCHEMAS_DIR.resolve()
    try:
        if args.check:
            stale = stale_schemas(registry.rulesets().values(), args.out, docs=docs)
            for name in stale:
                print(f"{name}: out of date; run 'sortie schemas'")
            return 1 if stale else 0
        written = write_schemas(registry.rulesets().values(), args.out, docs=docs)
    except OSError as exc:
        raise cannot_write(Path(exc.filename or args.out / "pack.json"), exc) from None
    where = f"schemas in {args.out}" + (f", reference pages in {DOCS_DIR}" if docs else "")
    print(f"{len(written)} generated file(s) updated ({where})")
    return 0


def cmd_fmt(args: argparse.Namespace) -> int:
    report = validate_paths(args.paths, workspace())
    wanted = {Path(p).resolve() for p in args.paths}
    entries = [e for pack in report.packs for e in pack.entries if named(e.path, wanted)]
    files = {p for p in wanted if not p.is_dir()}
    manifests = {p.root.resolve() / MANIFEST for p in report.packs}  # named by a hook of every file; kept as written
    loose = files - {e.path.resolve() for e in entries} - manifests
    if loose:
        raise UsageError(f"{min(loose)}: not a record file of a pack (no {MANIFEST} above it); "
                         "fmt writes records in their pack's form")
    changed, broken, unwritten = 0, 0, 0
    for entry in entries:
        if entry.record is None:  # never rewritten: what it would write back is not what it holds
            broken += 1
            for diag in entry.diagnostics:
                if diag.severity is Severity.ERROR:
                    print(diag.format(), file=sys.stderr)
            continue
        text = record_text(entry.record, entry.doc.header)
        held = entry.path.read_bytes().decode("utf-8")  # as it is: CRLF line ends are not canonical
        comments = dropped_comments(held) if held != text else []
        if comments:  # a modder's note would be lost without a word: left as it is, and said
            broken += 1
            message = (f"comment inside the record (line(s) {', '.join(map(str, comments))}): fmt keeps only the "
                       "comment lines at the top of a file and would drop it; move it there or into 'notes'")
            print(Diagnostic(Severity.ERROR, "fmt.comment", message, entry.file, comments[0], 1).format(),
                  file=sys.stderr)
            continue
        if held != text:
            changed += 1
            if args.check:  # what would change, as `black --diff` shows it
                print(f"{entry.file}: not in canonical form; `sortie fmt` would change it so:")
                sys.stdout.writelines(difflib.unified_diff(held.splitlines(keepends=True), text.splitlines(keepends=True),
                                                           f"{entry.file} (as it is)", f"{entry.file} (canonical)"))
            else:
                try:
                    write_atomic(entry.path, text)
                except OSError as exc:  # a full disk: the file keeps its old text, and the rest are tried
                    unwritten += 1
                    print(f"{entry.file}: cannot write: {exc.strerror or exc}; left as it was", file=sys.stderr)
                    continue
                print(f"{entry.file}: rewritten")
    if broken:
        print(f"sortie fmt: {broken} file(s) left as they are: fix the errors above first", file=sys.stderr)
    if unwritten:
        print(f"sortie fmt: {unwritten} file(s) could not be written", file=sys.stderr)
    if broken or unwritten:
        return 1
    return 1 if args.check and changed else 0
