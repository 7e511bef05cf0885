"""The crash test: `sortie fmt` killed (SIGKILL) or failing (ENOSPC, EIO) at each filesystem call
of its writes in turn. Every record is then its old or its new text, whole; a failure is said
with the file and the reason and a non-zero exit; and no temporary file outlives the next run."""

import errno
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
MESSY = "# {id}, as typed\nkind: toy.plane\nid: {id}\nspeed:   {speed}\nturns: [ A,  B ]\n"
IDS = ("a", "b")
# The calls an atomic write makes (engine.content.pack), where a crash is injected.
CALLS = ("mkstemp", "open", "write", "chmod", "fsync", "replace")

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


@pytest.fixture
def messy_pack(make_pack):
    return make_pack(files={f"planes/{i}.yaml": MESSY.format(id=i, speed=n + 2) for n, i in enumerate(IDS)})


def texts(root):
    return {p.relative_to(root).as_posix(): p.read_text() for p in root.rglob("*") if p.is_file()}


def fmt_crashing(root, at, how):
    env = {**os.environ, "SORTIE_CRASH_AT": str(at), "SORTIE_CRASH_HOW": how, "SORTIE_PACK_PATH": ""}
    script = TOY + INJECT + f"from engine.cli import main\nsys.exit(main(['fmt', {str(root)!r}]))\n"
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)


@pytest.mark.parametrize("how", ["kill", "ENOSPC", pytest.param("EIO", marks=pytest.mark.slow)])
def test_fmt_crashing_at_each_call_leaves_every_record_old_or_new(messy_pack, tmp_path, how):
    old = texts(messy_pack)
    assert main(["fmt", str(messy_pack)]) == 0
    new = texts(messy_pack)
    assert new != old
    at = 0
    while True:
        at += 1
        for path, text in old.items():  # the pack as typed again
            (messy_pack / path).write_text(text)
        done = fmt_crashing(messy_pack, at, how)
        if done.returncode == 0:
            assert texts(messy_pack) == new  # past the last call: nothing to crash at
            break
        now = texts(messy_pack)
        left = sorted(set(now) - set(old))
        if how == "kill":
            assert done.returncode == -signal.SIGKILL
            assert all(Path(p).name.startswith(".") and p.endswith(".tmp") for p in left), left
        else:
            assert done.returncode == 1 and not left  # no temporary file, and said: which file, why
            assert f": cannot write: {os.strerror(getattr(errno, how))}; left as it was" in done.stderr
        for path in old:
            assert now[path] in (old[path], new[path]), f"{path} torn at call {at} ({how})"
        assert fmt_crashing(messy_pack, 0, how).returncode == 0  # the next run finishes the work, and sweeps
        assert texts(messy_pack) == new
    assert at > len(IDS) * len(CALLS) - 1  # every call of every write was crashed at
