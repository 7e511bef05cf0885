"""Pack manifests and the canonical, diff-friendly form records are written in."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from pydantic import Field

from .model import ID_PATTERN, PATTERN_WORDS, Model, Record, field
from .yamlio import dump_yaml

MANIFEST = "pack.yaml"
RECORD_SUFFIXES = (".yaml", ".yml")


VERSION_PATTERN = r"^[0-9]+(\.[0-9]+){0,2}([-+][0-9A-Za-z.-]+)?$"
PATTERN_WORDS[VERSION_PATTERN] = ("a version: up to three numbers with dots between, e.g. '1.0.0' or '2.1', "
                                  "then if wanted '-' or '+' and a tag with no spaces, e.g. '1.0.0-beta'")


class PackManifest(Model):
    """`pack.yaml` at the root of a pack folder."""

    id: str = field(
        "Stable pack id, used by other packs' `extends`.", pattern=ID_PATTERN, max_length=80
    )
    name: str = field("Display name of the pack.", min_length=1)
    version: str = field("Pack version, e.g. '1.0.0'.", pattern=VERSION_PATTERN)
    ruleset: str = field("Id of the game system the records belong to, e.g. 'paw'.")
    extends: str | None = field(
        "Id of a base pack this one adds to or overrides record by record.", None
    )
    description: str | None = field("What the pack holds and where its data comes from.", None)
    authors: list[str] = Field(default_factory=list, description="Who made the pack.")
    license: str | None = field("Licence of the pack's own text and data.", None)


_TAIL = ("source", "sample", "notes", "suppress")


def record_data(record: Record) -> dict[str, Any]:
    """Plain data for a record in canonical key order: identity, fields, provenance.

    Only fields that were set are written, so a file keeps the shape its author
    gave it and an edit changes only the lines it touches.
    """
    data = record.model_dump(mode="json", exclude_unset=True)
    data["kind"] = record.kind_id()
    data["id"] = record.id
    return canonical_order(data, type(record))


def canonical_order(data: dict[str, Any], cls: type[Record] | None) -> dict[str, Any]:
    """`data`'s keys in canonical order; keys the model does not know go last, as given.

    Also used for records that do not validate (yet), so that an editor can save
    work in progress in the same shape `sortie fmt` will later give it.
    """
    fields = list(cls.model_fields) if cls is not None else []
    head = [k for k in ("kind", "id", "name") if k in data]
    body = [k for k in fields if k in data and k not in head and k not in _TAIL]
    tail = [k for k in _TAIL if k in data]
    rest = [k for k in data if k not in head and k not in body and k not in tail]
    return {k: data[k] for k in head + body + rest + tail}


def record_text(record: Record, header: str = "") -> str:
    return dump_yaml(record_data(record), header)


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, synced, then renamed over."""
    with replacing(Path(path)) as tmp:
        with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)


def _is_stream(path: Path) -> bool:
    try:
        mode = os.stat(path).st_mode
    except OSError:  # not there (yet): a file to make
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


# The process's umask, read once (reading it means setting it, which no other thread should see).
_UMASK = os.umask(0o022)
os.umask(_UMASK)

# `.NAME.PID.XXXXXXXX.tmp`: mkstemp's eight random letters after the writer's process id, so
# a later write can tell a temporary file a killed writer left from one being written now.
_TEMP = re.compile(r"\..+\.(\d+)\.[a-z0-9_]{8}\.tmp")
STALE_SECONDS = 24 * 3600  # a temporary file older than this is left over, whoever's pid it bears
_SWEPT: set[Path] = set()  # the folders this process has removed stale temporary files from


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """A temporary file beside `path` for the block to write, synced and renamed over `path` only
    when the block ends without error, so a reader never sees half a file, and then the folder
    synced, so the rename survives a power cut. It takes the permissions of the file it replaces
    (or what the umask gives a new file), not mkstemp's owner-only ones. Temporary files a killed
    writer left in the folder are removed first: a kill can leave one, but never for long.

    A symbolic link is written through, to the file it names. A pipe or device (`--log
    /dev/stdout`, a named pipe) is the block's to write to itself:
    renaming a file over it would take its place, and its reader would never see a line."""
    if _is_stream(path):
        yield path
        return
    if path.is_symlink():  # the file it names is what is rewritten: the link stays a link
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.parent not in _SWEPT:  # once a folder a process: fmt of a pack writes hundreds of files there
        remove_stale_temps(path.parent)
        _SWEPT.add(path.parent)
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise _named(exc, path)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_UMASK
        os.chmod(tmp, mode)
        _sync(tmp)
        os.replace(tmp, path)
        if os.name == "posix":  # (Windows opens no folder to sync; NTFS logs the rename itself)
            _sync(path.parent)
    except OSError as exc:
        raise _named(exc, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _named(exc: OSError, path: Path) -> OSError:
    """`exc` naming the file being written: a full disk at write or fsync names no file, and the
    making, chmod or rename of the hidden temporary file names one no person knows."""
    if exc.filename == str(path):
        return exc
    return type(exc)(exc.errno, exc.strerror or str(exc), str(path))


def remove_stale_temps(folder: Path) -> list[Path]:
    """Remove the temporary files of writes that never finished: those whose writer is no longer
    running, or that are older than STALE_SECONDS. Files of any other naming are never touched."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP.fullmatch(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        try:
            if _running(int(match.group(1))) and time.time() - entry.stat().st_mtime < STALE_SECONDS:
                continue
            os.unlink(entry.path)
        except OSError:  # gone already, or not ours to remove: the write itself goes on
            continue
        removed.append(Path(entry.path))
    return removed


def _running(pid: int) -> bool:
    """Whether a process `pid` runs here (or may: one we may not signal counts as running)."""
    if pid == os.getpid():
        return True  # another thread of this process may be writing it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # someone else's process, or no pid we can ask about
        return True
    return True


def _sync(path: Path) -> None:
    """fsync a file or folder; a file system that cannot sync a folder (EINVAL) is let be."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)
