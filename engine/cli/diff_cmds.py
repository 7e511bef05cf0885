"""`sortie diff`: what changed between two versions of a pack, in the game's terms.

OLD and NEW are pack folders, or `PATH@REV` for a folder as a git revision holds it: its files are
written into a temporary folder, removed however the command ends. `--textconv FILE` is git's
diff driver: one record file as its values, one a line, so `git diff` shows a record's changes.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path, PurePosixPath

from engine.content.diff import as_markdown, as_text, diff_packs, flat_lines, record_view
from engine.content.loader import entry_from_document, read_document
from engine.content.pack import MANIFEST
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
        "my-pack@main). Exit status: 0 the same, 1 they differ, 2 usage error.",
    )
    p.add_argument("old", nargs="?", metavar="OLD", help="pack folder, or PATH@REV")
    p.add_argument("new", nargs="?", metavar="NEW", help="pack folder, or PATH@REV")
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
        old = pack_folder(args.old, stack)
        new = pack_folder(args.new, stack)
        parents = {Path(os.path.abspath(_folder_of(spec))).parent for spec in (args.old, args.new)}
        ws = workspace(sorted(p for p in parents if p.is_dir()))  # a revision's base: the one beside it now
        result = diff_packs(ws.pack(old), ws.pack(new), args.old, args.new)
    for problem in result.problems:
        print(f"sortie diff: warning: {problem}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    elif args.markdown:
        sys.stdout.write(as_markdown(result))
    else:
        sys.stdout.write(as_text(result))
    return 0 if result.same else 1


# --------------------------------------------------------------------------- folders and revisions


def _split(spec: str) -> tuple[str, str | None]:
    """(folder, revision or None): a folder that exists is a folder, '@' in its name and all."""
    if Path(spec).exists() or "@" not in spec:
        return spec, None
    folder, _, rev = spec.rpartition("@")
    return folder or ".", rev


def _folder_of(spec: str) -> str:
    return _split(spec)[0]


def pack_folder(spec: str, stack: ExitStack) -> Path:
    """The pack folder `spec` names; a revision's is written into a temporary folder that `stack`
    removes when it closes."""
    folder, rev = _split(spec)
    if rev is None:
        path = Path(folder)
        if not path.is_dir():
            raise UsageError(f"{spec}: no such folder" if not path.exists() else f"{spec}: not a folder; expected a pack folder")
        if not (path / MANIFEST).is_file():
            raise UsageError(f"{spec}: not a pack (a pack is a folder with {MANIFEST})")
        return path
    if not rev:
        raise UsageError(f"{spec}: no revision after '@' (e.g. {folder}@HEAD~1)")
    return _checkout(spec, Path(folder), rev, stack)


def _git(top: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(top), *args], input=stdin, capture_output=True)


def _checkout(spec: str, folder: Path, rev: str, stack: ExitStack) -> Path:
    if shutil.which("git") is None:
        raise UsageError(f"{spec}: git is not installed, and a revision (PATH@REV) is read with it")
    wanted = Path(os.path.abspath(folder))
    anchor = next(p for p in [wanted, *wanted.parents] if p.is_dir())  # the folder may be gone now
    found = _git(anchor, "rev-parse", "--show-toplevel")
    if found.returncode != 0:
        raise UsageError(f"{spec}: {folder} is not in a git repository, so '@{rev}' names no revision")
    top = Path(found.stdout.decode().strip())
    try:
        rel = PurePosixPath(Path(os.path.realpath(anchor)).relative_to(os.path.realpath(top)).as_posix(),
                            *wanted.relative_to(anchor).parts)
    except ValueError:
        raise UsageError(f"{spec}: {folder} is outside the repository at {top}") from None
    commit = _git(top, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    if commit.returncode != 0 or rev.startswith("-"):
        raise UsageError(f"{spec}: no revision '{rev}' in the repository at {top}")
    sha = commit.stdout.decode().strip()
    where = "" if str(rel) == "." else str(rel)
    kind = _git(top, "cat-file", "-t", f"{sha}:{where}")
    if kind.returncode != 0 or kind.stdout.strip() != b"tree":
        raise UsageError(f"{spec}: revision '{rev}' has no folder {where or '.'}")
    if _git(top, "cat-file", "-e", f"{sha}:{(where + '/') if where else ''}{MANIFEST}").returncode != 0:
        raise UsageError(f"{spec}: {where or '.'} at revision '{rev}' is not a pack (it has no {MANIFEST})")
    tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="sortie-diff-")))
    root = tmp / (wanted.name or "pack")
    _write_tree(top, sha, where, root)
    return root


def _write_tree(top: Path, sha: str, where: str, root: Path) -> None:
    """The files of folder `where` at commit `sha`, written below `root` as they are in git (not
    `git archive`, whose export-ignore and export-subst attributes may leave out or rewrite files)."""
    listed = _git(top, "ls-tree", "-r", "-z", "--full-tree", sha, "--", *( [where] if where else []))
    if listed.returncode != 0:
        raise UsageError(f"cannot list {where or '.'} at {sha[:12]}: {listed.stderr.decode().strip()}")
    blobs = []
    for item in listed.stdout.split(b"\0"):
        if not item:
            continue
        meta, _, name = item.partition(b"\t")
        mode, kind, blob = meta.split(b" ")
        if kind == b"blob" and mode in (b"100644", b"100755"):  # links and submodules: no record there
            blobs.append((blob.decode(), name.decode("utf-8", "surrogateescape")))
    batch = _git(top, "cat-file", "--batch", stdin=b"".join(b.encode() + b"\n" for b, _ in blobs))
    if batch.returncode != 0:
        raise UsageError(f"cannot read {where or '.'} at {sha[:12]}: {batch.stderr.decode().strip()}")
    out, at = batch.stdout, 0
    prefix = len(where) + 1 if where else 0
    for _, name in blobs:
        end = out.index(b"\n", at)
        size = int(out[at:end].split(b" ")[2])
        data = out[end + 1:end + 1 + size]
        at = end + 1 + size + 1
        target = root.joinpath(*PurePosixPath(name[prefix:]).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    root.mkdir(parents=True, exist_ok=True)


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
