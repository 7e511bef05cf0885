"""A pack folder as a git revision holds it: `PATH@REV` (`my-pack@HEAD~1`), its files written into a
temporary folder that the caller's `ExitStack` removes, whatever happens.

Used by `sortie diff` and by the studio's comparison with a revision. Git itself reads the
revision (`git ls-tree`, `git cat-file`); a revision, folder or pack that is not there is a
`UsageError` of one line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from contextlib import ExitStack
from pathlib import Path, PurePosixPath

from .loader import find_pack_roots
from .pack import MANIFEST
from .validate import UsageError


def split_spec(spec: str) -> tuple[str, str | None]:
    """(folder, revision or None): a folder that exists is a folder, '@' in its name and all."""
    if Path(spec).exists() or "@" not in spec:
        return spec, None
    folder, _, rev = spec.rpartition("@")
    return folder or ".", rev


def pack_folder(spec: str, stack: ExitStack, folders: bool = False) -> Path:
    """The pack folder `spec` names (with `folders`, a folder of packs too); a revision's is
    written into a temporary folder that `stack` removes when it closes."""
    folder, rev = split_spec(spec)
    if rev is None:
        path = Path(folder)
        if not path.is_dir():
            raise UsageError(f"{spec}: no such folder" if not path.exists() else f"{spec}: not a folder; expected a pack folder")
        if not (path / MANIFEST).is_file() and not (folders and find_pack_roots(path)):
            raise UsageError(f"{spec}: not a pack (a pack is a folder with {MANIFEST})"
                             + (" and holds no pack" if folders else ""))
        return path
    if not rev:
        raise UsageError(f"{spec}: no revision after '@' (e.g. {folder}@HEAD~1)")
    return _checkout(spec, Path(folder), rev, stack, folders)


def _git(top: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(top), *args], input=stdin, capture_output=True)


def _checkout(spec: str, folder: Path, rev: str, stack: ExitStack, folders: bool = False) -> Path:
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
    is_pack = _git(top, "cat-file", "-e", f"{sha}:{(where + '/') if where else ''}{MANIFEST}").returncode == 0
    if not is_pack and not folders:
        raise UsageError(f"{spec}: {where or '.'} at revision '{rev}' is not a pack (it has no {MANIFEST})")
    try:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="sortie-diff-")))
        root = tmp / (wanted.name or "pack")
        _write_tree(top, sha, where, root)
    except OSError as exc:  # a full disk, a temporary folder not writable: removed all the same
        raise UsageError(f"{spec}: cannot write the revision's files into a temporary folder "
                         f"({exc.filename or tempfile.gettempdir()}): {exc.strerror or exc}") from None
    if not is_pack and not find_pack_roots(root):
        raise UsageError(f"{spec}: {where or '.'} at revision '{rev}' is not a pack (it has no {MANIFEST}) "
                         "and holds no pack")
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
