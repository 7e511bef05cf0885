"""The crash test's machinery, shared by every writer it crashes (fmt, play --save, simulate --out,
sheets, the studio's save and autosave): a process whose atomic writes (`engine.content.pack`)
are killed (SIGKILL) or fail (ENOSPC, EIO) at their Nth filesystem call, and the checks that
every file is then its old or its new content, whole, with no temporary file left in sight."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
# The calls an atomic write makes (engine.content.pack), where a crash is injected.
CALLS = ("mkstemp", "open", "write", "chmod", "fsync", "replace")
HOWS = ("kill", "ENOSPC", "EIO")

INJECT = textwrap.dedent("""
    import errno, os, signal, sys, tempfile
    import engine.content.pack as pack

    calls, at, how = [0], int(os.environ["SORTIE_CRASH_AT"]), os.environ["SORTIE_CRASH_HOW"]

    def crash():
        calls[0] += 1
        if calls[0] == at:
            if how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            raise OSError(getattr(errno, how), os.strerror(getattr(errno, how)))

    def quietly(work):  # work() with none of its calls counted, or crashed: writes before those tried
        counted = calls[0]
        calls[0] = -1 << 62
        work()
        calls[0] = counted

    def hooked(real):
        def call(*args, **kwargs):
            crash()
            return real(*args, **kwargs)
        return call

    class Os:
        def __getattr__(self, name):
            real = getattr(os, name)
            return hooked(real) if name in ("chmod", "fsync", "replace") else real

    class Written:
        def __init__(self, handle):
            self.handle = handle
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            return self.handle.__exit__(*exc)
        def write(self, text):
            half = len(text) // 2
            self.handle.write(text[:half])
            self.handle.flush()
            crash()
            return self.handle.write(text[half:])

    real_open = open
    pack.os = Os()
    pack.open = lambda *a, **k: (crash(), Written(real_open(*a, **k)))[1]
    pack.tempfile = type("T", (), {"mkstemp": staticmethod(hooked(tempfile.mkstemp))})
""")

TOY = textwrap.dedent("""
    import engine.rulesets
    from tests import toy
    engine.rulesets.rulesets = lambda: {"toy": toy.RULESET}
    engine.rulesets.kinds = lambda: {k.kind_id(): k for k in toy.RULESET.kinds}
""")


def files(root: Path) -> dict[str, bytes]:
    """Every file under `root` (hidden ones too), by its path relative to `root`."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def crashing(run: list[str] | str, at: int, how: str, toy: bool = False, env: dict | None = None):
    """`sortie RUN` (or the script `run`: its exit code says whether the write was done) in a
    process of its own whose `at`-th filesystem call of a write crashes `how` (0: none does).
    The script may call `quietly(work)` for writes to make before those crashed."""
    env = {**os.environ, "SORTIE_CRASH_AT": str(at), "SORTIE_CRASH_HOW": how, **(env or {})}
    if not isinstance(run, str):
        run = f"from engine.cli import main\nsys.exit(main({run!r}))\n"
    script = (TOY if toy else "") + INJECT + run
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)


def crash_at_every_call(run: list[str] | str, folder: Path, how: str, reset: Callable[[], None],
                        same: Callable[[str, bytes, bytes], bool] = lambda path, a, b: a == b,
                        toy: bool = False, env: dict | None = None, said: str = "{file}: cannot write: {reason}",
                        then: Callable[[], None] = lambda: None) -> int:
    """Crash `sortie RUN` (or a script, see `crashing`) at its first filesystem call of a write, then its second, and so on
    until it runs to the end, `reset` putting `folder` back as it was before each run. After each
    crash every file of `folder` is its old or its new content (`same` compares two contents of
    a file: a PDF's bytes hold the time it was made), whole; a kill leaves at most hidden
    temporary files, which the next run sweeps; a failure leaves none, and is said with the
    file and the reason (`said`, on stderr) and a non-zero exit. `then` checks more after each
crash (what recovery offers). Returns the number of calls crashed at."""
    reset()
    old = files(folder)
    done = crashing(run, 0, how, toy, env)
    assert done.returncode == 0, done.stderr
    new = files(folder)
    assert new != old
    at = 0
    while True:
        at += 1
        reset()
        done = crashing(run, at, how, toy, env)
        now = files(folder)
        if done.returncode == 0:  # past the last call: nothing to crash at
            assert set(now) == set(new) and all(same(p, now[p], new[p]) for p in new)
            return at - 1
        left = sorted(set(now) - set(old) - set(new))
        if how == "kill":
            assert done.returncode == -signal.SIGKILL, done.stderr
            assert all(Path(p).name.startswith(".") and p.endswith(".tmp") for p in left), left
        else:
            assert done.returncode > 0 and not left, (done.returncode, left)  # no temporary file left
            reason = os.strerror(getattr(errno, how))
            assert any(said.format(file=name, reason=reason) in done.stderr  # which file, and why
                       for p in new for name in (folder / p, p)), done.stderr
        for path in set(old) | set(new):
            if path not in now:
                assert path not in old, f"{path} gone after a crash at call {at} ({how})"
            else:
                assert any(same(path, now[path], c) for c in (old.get(path), new.get(path)) if c is not None), \
                    f"{path} torn at call {at} ({how})"
        then()
        if how == "kill":  # the next run finishes the work, and sweeps what the kill left
            reset()
            assert crashing(run, 0, how, toy, env).returncode == 0
            assert not [p for p in files(folder) if p.endswith(".tmp")]
