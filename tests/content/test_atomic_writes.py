"""Atomic writes: a file is its old or its new content, whatever happens during the write, and a
killed write leaves no temporary file behind for long."""

import errno
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engine.content.pack
from engine.content.pack import write_atomic

ROOT = Path(__file__).resolve().parents[2]


def killed_mid_write(path: Path) -> None:
    """A writer killed (SIGKILL) with half of the new text in its temporary file."""
    script = textwrap.dedent(f"""
        import os, signal
        from pathlib import Path
        from engine.content.pack import replacing
        with replacing(Path({str(path)!r})) as tmp:
            tmp.write_text("half of the new")
            os.kill(os.getpid(), signal.SIGKILL)
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr


def test_a_killed_writers_temporary_file_goes_at_the_next_write_in_its_folder(tmp_path):
    record = tmp_path / "a.yaml"
    record.write_text("old\n")
    killed_mid_write(record)
    assert record.read_text() == "old\n"
    [left] = [p for p in tmp_path.iterdir() if p.name != "a.yaml"]
    assert left.name.startswith(".a.yaml.") and left.name.endswith(".tmp")
    mine = tmp_path / ".notes.tmp"  # a file of another naming is never touched
    mine.write_text("mine")
    write_atomic(tmp_path / "b.yaml", "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".notes.tmp", "a.yaml", "b.yaml"]


def test_a_temporary_file_of_a_writer_still_running_is_left_alone(tmp_path, monkeypatch):
    busy = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        theirs = tmp_path / f".a.yaml.{busy.pid}.abcd1234.tmp"
        theirs.write_text("being written")
        write_atomic(tmp_path / "b.yaml", "new\n")
        assert theirs.exists()
        old = 1_000_000_000  # but not if it is days old: a pid is reused
        os.utime(theirs, (old, old))
        monkeypatch.setattr(engine.content.pack, "_SWEPT", set())  # a process of its own: folders swept once
        write_atomic(tmp_path / "b.yaml", "newer\n")
        assert not theirs.exists()
    finally:
        busy.kill()
        busy.wait()


@pytest.mark.parametrize("fails", ["write", "fsync", "replace"])
def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path, monkeypatch, fails):
    record = tmp_path / "a.yaml"
    record.write_text("old\n")

    def broken(*_args, **_kwargs):
        raise OSError(errno.ENOSPC if fails != "fsync" else errno.EIO, "injected")

    if fails == "write":
        monkeypatch.setattr(engine.content.pack, "open", lambda *a, **k: _failing_file(a[0]), raising=False)
    else:
        monkeypatch.setattr(os, fails, broken)
    with pytest.raises(OSError, match="injected"):
        write_atomic(record, "new\n")
    assert record.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["a.yaml"]


def _failing_file(path):
    class Full:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def write(self, text):
            Path(path).write_text(text[:2])  # part of it reached the disk
            raise OSError(errno.ENOSPC, "injected")

    return Full()


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    done = []
    replace, fsync = os.replace, os.fsync
    monkeypatch.setattr(os, "replace", lambda a, b: (replace(a, b), done.append("rename")))
    monkeypatch.setattr(os, "fsync", lambda fd: (fsync(fd), done.append(
        "folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")))
    write_atomic(tmp_path / "a.yaml", "new\n")
    assert done == ["file", "rename", "folder"]


def test_a_folder_is_swept_once_however_many_files_are_written_there(tmp_path, monkeypatch):
    """fmt of a pack writes hundreds of files in a folder: a sweep before each would read the
    folder hundreds of times."""
    sweeps = []
    sweep = engine.content.pack.remove_stale_temps
    monkeypatch.setattr(engine.content.pack, "remove_stale_temps", lambda folder: sweeps.append(folder) or sweep(folder))
    for i in range(20):
        write_atomic(tmp_path / f"r{i}.yaml", "new\n")
    assert sweeps == [tmp_path]
