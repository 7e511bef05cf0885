"""Things in a pack folder that are not plain files: each is one located error, never a hang or a traceback."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.content import loader

SORTIE = Path(sys.executable).parent / "sortie"
PACK = "id: p\nname: P\nversion: 1.0.0\nruleset: hm\n"


pytestmark = pytest.mark.skipif(os.name != "posix", reason="pipes, devices and rlimits as POSIX has them")


def test_a_named_pipe_in_a_pack_is_refused_not_waited_on(tmp_path):
    (tmp_path / "pack.yaml").write_text(PACK)
    os.mkfifo(tmp_path / "stuck.yaml")  # opening it for reading waits for a writer that never comes
    proc = subprocess.run([str(SORTIE), "validate", "."], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert "stuck.yaml:1:1: error[file.read]: not a regular file" in proc.stdout


def test_a_device_is_refused_before_a_byte_is_read():
    """/dev/zero says it holds 0 bytes and never ends: read whole, it eats all memory (capped here,
    so that a regression fails this test rather than the machine)."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    proc = subprocess.run([str(SORTIE), "validate", "/dev/zero"], capture_output=True, text=True,
                          timeout=60, preexec_fn=cap)
    assert proc.returncode == 1, proc.stderr
    assert "/dev/zero:1:1: error[file.read]: not a regular file" in proc.stdout


def test_a_loop_of_symbolic_links_is_named_by_the_link(make_pack, capsys, monkeypatch):
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nspeed: 3\n"})
    (root / "loop.yaml").symlink_to("loop.yaml")
    (root / "gone.yaml").symlink_to(root.parent / "nowhere.yaml")
    monkeypatch.chdir(root.parent)
    assert main(["validate", str(root)]) == 1
    out = capsys.readouterr().out
    assert "base/loop.yaml:1:1: error[file.read]: cannot read file:" in out
    assert "base/gone.yaml:1:1: error[pack.escape]:" in out  # the link, not its missing target


def test_a_file_over_the_limit_is_refused_without_reading_it_all(make_pack, capsys, monkeypatch):
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 100)
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nspeed: 3\n" + "#" * 200 + "\n"})
    assert main(["validate", str(root)]) == 1
    assert "p.yaml:1:1: error[yaml.too_large]: file is over 100 bytes" in capsys.readouterr().out


def test_validation_reads_a_packs_whole_chain_once_not_once_per_record(make_pack, monkeypatch):
    """What every record's checks need of the pack as a whole (the files that did not load, the
    records by kind) is worked out once per pack: once per record, validation grew with the
    square of the record count (10k records: 7.8 of 8.9 s in one line)."""
    from engine.content.loader import Pack
    from engine.content.validate import validate_paths
    from engine.rulesets import workspace

    calls = []
    chain = Pack.chain
    monkeypatch.setattr(Pack, "chain", lambda self: calls.append(self) or chain(self))
    counts = []
    for planes in (5, 50):
        root = make_pack(f"p{planes}", files={f"p{i}.yaml": f"kind: toy.plane\nid: p{i}\nspeed: 3\n"
                                              for i in range(planes)})
        calls.clear()
        assert validate_paths([root], workspace()).ok
        counts.append(len(calls))
    assert counts[0] == counts[1]
