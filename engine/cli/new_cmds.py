"""`sortie new pack`: a pack made ready for a modder's editor and CI in one command."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from engine.content.diagnostics import Severity, did_you_mean
from engine.content.model import ID_PATTERN
from engine.content.newpack import MANIFEST, SCHEMAS, WORKFLOW, existing, installed_from, manifest_text, write_pack
from engine.content.pack import PackManifest, write_atomic
from engine.content.validate import UsageError
import engine.rulesets as registry  # looked up at each call: tests swap the registry

from .args import cannot_write


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help="make a new pack, set up for an editor and CI",
                       description="Make something new. Exit status: 0 made, 2 usage error (nothing is written).")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    p = what.add_parser(
        "pack", help="a pack folder with its manifest, schemas, editor settings and CI workflow",
        description="Write a new pack in DIR: pack.yaml; the JSON Schemas of its ruleset in DIR/schemas; "
        ".vscode/settings.json giving VS Code's YAML language server those schemas for pack.yaml and every "
        "record; and .github/workflows/sortie.yml, which runs `sortie validate --strict --github` and "
        "`sortie fmt --check` on every push. DIR may exist (a fresh clone, say); no file in it is "
        "overwritten. Exit status: 0 written, 2 usage error (nothing written).")
    p.add_argument("dir", type=Path, metavar="DIR", help="the pack's folder (and the repository's root)")
    p.add_argument("--ruleset", required=True, metavar="ID", help="the game system: " + ", ".join(sorted(registry.rulesets())))
    p.add_argument("--extends", metavar="PACK", help="id of a base pack to add to or override, e.g. pocket-air-war")
    p.add_argument("--id", dest="pack_id", metavar="ID", help="the pack's id (default: DIR's name)")
    p.add_argument("--name", help="the pack's display name (default: from its id)")
    p.add_argument("--install", metavar="SPEC", help="what the CI workflow installs Sortie with, a pip "
                   "requirement (default: the repository this Sortie was installed from)")
    p.set_defaults(func=cmd_new_pack)


def cmd_new_pack(args: argparse.Namespace) -> int:
    rulesets = registry.rulesets()
    if args.ruleset not in rulesets:
        raise UsageError(f"--ruleset {args.ruleset}: no such ruleset.{did_you_mean(args.ruleset, rulesets)} "
                         f"Rulesets: {', '.join(sorted(rulesets))}")
    ruleset = rulesets[args.ruleset]
    root: Path = args.dir
    pack_id = args.pack_id or root.resolve().name.lower()
    if not re.fullmatch(ID_PATTERN, pack_id):
        raise UsageError(f"{'--id ' + pack_id if args.pack_id else root}: a pack id is lower-case letters, digits, "
                         f"'.', '_' and '-', starting with a letter or digit; give one with --id")
    if root.exists() and not root.is_dir():
        raise UsageError(f"{root}: a file, not a folder")
    there = existing(root)
    if there:
        raise UsageError(f"{there[0]} is there already; a new pack overwrites nothing (use another DIR)")
    manifest = PackManifest(id=pack_id, name=args.name or pack_id.replace("-", " ").title(), version="0.1.0",
                            ruleset=ruleset.id, extends=args.extends)
    install, known = (args.install, True) if args.install else installed_from()
    made = [p for p in [root, *root.parents] if not p.exists()]  # the folders to remove again on failure
    try:
        write_atomic(root / MANIFEST, manifest_text(manifest))
        errors = [d for d in registry.workspace().pack(root).diagnostics if d.severity is Severity.ERROR]
        if errors:  # a base that is not found, or of another ruleset: said before anything else is written
            _undo(root, made)
            raise UsageError(errors[0].message.replace("this pack", f"pack '{pack_id}'"))
        written = write_pack(root, manifest, ruleset, install)
    except OSError as exc:
        _undo(root, made)
        raise cannot_write(Path(exc.filename) if exc.filename else root, exc) from None
    schemas = sum(1 for p in written if p.parent == root / SCHEMAS)
    for path in written:
        if path.parent != root / SCHEMAS:
            print(path)
    print(f"{root / SCHEMAS}/: {schemas} schema(s)")
    if not known:
        print(f"sortie new: edit the install line of {root / WORKFLOW}: this Sortie was not installed from a "
              "repository, so where the workflow should install it from is not known (or give --install SPEC)",
              file=sys.stderr)
    print(f"next: open {root} in VS Code, add records, then `sortie validate {root}`", file=sys.stderr)
    return 0


def _undo(root: Path, made: list[Path]) -> None:
    """Remove what a failed `new pack` wrote: the folders it made, or the files in a folder it found."""
    if made:
        shutil.rmtree(made[-1], ignore_errors=True)
    else:
        for name in (MANIFEST, ".vscode", ".github", SCHEMAS):
            target = root / name
            if target.is_dir():
                shutil.rmtree(target, ignore_errors=True)
            elif target.exists():
                target.unlink()
