"""`sortie diff`: what changed between two versions of a pack, in the game's terms.

OLD and NEW are pack folders, or `PATH@REV` for a folder as a git revision holds it: its files are
written into a temporary folder, removed however the command ends. `--textconv FILE` is git's
diff driver: one record file as its values, one a line, so `git diff` shows a record's changes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import ExitStack
from pathlib import Path

from engine.content.diff import PackDiff, as_markdown, as_text, diff_pack_sets, diff_packs, flat_lines, record_view
from engine.content.loader import entry_from_document, find_pack_roots, read_document
from engine.content.pack import MANIFEST
from engine.content.revisions import pack_folder, split_spec
from engine.content.validate import UsageError
from engine.rulesets import workspace


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "diff",
        help="what changed between two versions of a pack: records and values",
        description="Compare two versions of a pack record by record and field by field: records "
        "added, removed and renamed (an id change whose references followed is one rename), and "
        "each changed value with its field path, old and new value, grouped by kind. OLD and NEW "
        "are pack folders or PATH@REV, a folder at a git revision (my-pack@HEAD~1, "
        "my-pack@main); folders of packs compare their packs by id. Exit status: 0 the same, 1 they differ, 2 usage error.",
    )
    p.add_argument("old", nargs="?", metavar="OLD", help="pack folder (or folder of packs), or PATH@REV")
    p.add_argument("new", nargs="?", metavar="NEW", help="pack folder (or folder of packs), or PATH@REV")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object")
    form.add_argument("--markdown", action="store_true", help="print Markdown for a pull-request "
                      "comment: a table a kind")
    form.add_argument("--textconv", type=Path, metavar="FILE", help="print one record file as its "
                      "values, one a line, defaults included: git's diff driver (diff.sortie.textconv)")
    p.set_defaults(func=cmd_diff)


def cmd_diff(args: argparse.Namespace) -> int:
    if args.textconv is not None:
        if args.old or args.new:
            raise UsageError("--textconv takes one FILE and no OLD or NEW")
        return textconv(args.textconv)
    if not args.old or not args.new:
        raise UsageError("expected OLD and NEW: two pack folders or PATH@REV (e.g. my-pack@HEAD~1 my-pack)")
    with ExitStack() as stack:
        old = pack_folder(args.old, stack, folders=True)
        new = pack_folder(args.new, stack, folders=True)
        parents = {Path(os.path.abspath(split_spec(spec)[0])).parent for spec in (args.old, args.new)}
        ws = workspace(sorted(p for p in parents if p.is_dir()))  # a revision's base: the one beside it now
        if (old / MANIFEST).is_file() and (new / MANIFEST).is_file():
            results, whole = [diff_packs(ws.pack(old), ws.pack(new), args.old, args.new)], False
        else:
            results, whole = diff_pack_sets(_pairs(ws, old, new, args.old, args.new)), True
    for result in results:
        for problem in result.problems:
            print(f"sortie diff: warning: {problem}", file=sys.stderr)
    differ = [r for r in results if not r.same]
    same = PackDiff(args.old, args.new)
    if args.json:
        shown = results[0].as_json() if not whole else {
            "same": not differ, "old": args.old, "new": args.new, "packs": [r.as_json() for r in differ]}
        print(json.dumps(shown, indent=2, ensure_ascii=False, default=str))
    elif args.markdown:
        sys.stdout.write("\n".join(as_markdown(r) for r in differ or [same]))
    else:
        sys.stdout.write("\n".join(as_text(r) for r in differ or [same]))
    return 1 if differ else 0


def _pairs(ws, old: Path, new: Path, old_spec: str, new_spec: str):
    """(old pack, new pack, labels) of two folders of packs, packs matched by id."""
    def packs(folder: Path) -> dict:
        found = {}
        for root in find_pack_roots(folder):
            pack = ws.pack(root)
            found.setdefault(pack.id, pack)
        return found

    before, after = packs(old), packs(new)
    return [(before.get(pid), after.get(pid), f"{old_spec}: {pid}", f"{new_spec}: {pid}")
            for pid in sorted(set(before) | set(after))]


# --------------------------------------------------------------------------- git's diff driver


def textconv(path: Path) -> int:
    """One file as git should compare it: a record's values one a line; anything else as it is."""
    doc = read_document(path)
    if not doc.ok:
        if any(d.code == "file.read" for d in doc.diagnostics):
            raise UsageError(f"{path}: {doc.diagnostics[0].message}")
        sys.stdout.write(_raw(path))  # half-written YAML: git shows its lines
        return 0
    data = doc.data
    if isinstance(data, dict) and "kind" not in data and "ruleset" in data:  # pack.yaml
        sys.stdout.write("\n".join(["# pack"] + flat_lines(data)) + "\n")
        return 0
    entry = entry_from_document(path, doc, None, workspace().kinds)
    view = record_view(entry)
    sys.stdout.write(view if view is not None else _raw(path))
    return 0


def _raw(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""
