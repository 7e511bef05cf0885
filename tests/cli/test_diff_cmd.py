"""`sortie diff` on folders and git revisions of a bundled pack; bad revisions; git's textconv."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}, check=True)
    return done.stdout


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def temp_dir(tmp_path, monkeypatch):
    """Where the command's temporary folders go, to see that none is left."""
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.fixture
def repo(tmp_path):
    """A git repository holding a copy of the bundled hex-minis pack, committed twice: then two
    values changed and the Corsair renamed, with its reference in Zekes in the Slot following."""
    root = tmp_path / "repo"
    shutil.copytree(BUNDLED_CONTENT / "hex-minis", root / "hex-minis")
    mod = root / "hm-mod"  # a pack built on it, flying the Corsair in a scenario of its own
    (mod / "scenarios").mkdir(parents=True)
    (mod / "pack.yaml").write_text("id: hm-mod\nname: Mod\nversion: 1.0.0\nruleset: hm\nextends: hex-minis\n")
    zekes = (root / "hex-minis/scenarios/zekes-in-the-slot.yaml").read_text(encoding="utf-8")
    (mod / "scenarios/corsairs-again.yaml").write_text(
        zekes.replace("id: zekes-in-the-slot", "id: corsairs-again"), encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "as bundled")
    pack = root / "hex-minis"
    edit(pack / "fighters/f4f-wildcat.yaml", "\nspeed: 3\n", "\nspeed: 4\n")
    edit(pack / "scenarios/zekes-in-the-slot.yaml", "{id: corsair-2, col: 8,", "{id: corsair-2, col: 9,")
    git(root, "mv", "hex-minis/fighters/f4u-corsair.yaml", "hex-minis/fighters/f4u-1d-corsair.yaml")
    edit(pack / "fighters/f4u-1d-corsair.yaml", "\nid: f4u-corsair\n", "\nid: f4u-1d-corsair\n")
    edit(pack / "scenarios/zekes-in-the-slot.yaml", "plane: f4u-corsair\n", "plane: f4u-1d-corsair\n")
    edit(mod / "scenarios/corsairs-again.yaml", "plane: f4u-corsair\n", "plane: f4u-1d-corsair\n")
    git(root, "commit", "-qam", "faster Wildcat, Corsair F4U-1D")
    return root


EXPECTED = {
    "same": False,
    "counts": {"added": 0, "removed": 0, "renamed": 1, "changed": 2},
    "kinds": {
        "hm.fighter": [
            {"kind": "hm.fighter", "id": "f4f-wildcat", "status": "changed",
             "old_file": "fighters/f4f-wildcat.yaml", "new_file": "fighters/f4f-wildcat.yaml",
             "changes": [{"op": "changed", "path": "speed", "old": 3, "new": 4}]},
            {"kind": "hm.fighter", "id": "f4u-1d-corsair", "status": "renamed", "old_id": "f4u-corsair",
             "followed": ["hm.scenario:zekes-in-the-slot at squadrons[0].plane"],
             "old_file": "fighters/f4u-corsair.yaml", "new_file": "fighters/f4u-1d-corsair.yaml"},
        ],
        "hm.scenario": [
            {"kind": "hm.scenario", "id": "zekes-in-the-slot", "status": "changed",
             "old_file": "scenarios/zekes-in-the-slot.yaml", "new_file": "scenarios/zekes-in-the-slot.yaml",
             "changes": [{"op": "changed", "path": "squadrons[0].planes[1].col", "old": 8, "new": 9}]},
        ],
    },
    "problems": [],
}


def test_two_revisions_of_a_bundled_pack_match_the_expectation(repo, temp_dir, capsys, monkeypatch):
    monkeypatch.chdir(repo)
    assert main(["diff", "--json", "hex-minis@HEAD~1", "hex-minis@HEAD"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out.pop("old"), out.pop("new")) == ("hex-minis@HEAD~1", "hex-minis@HEAD")
    assert out == EXPECTED
    assert list(temp_dir.iterdir()) == []


def test_a_revision_against_the_working_folder_in_text(repo, temp_dir, capsys):
    assert main(["diff", f"{repo}/hex-minis@HEAD~1", str(repo / "hex-minis")]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("3 record(s) differ (1 renamed, 2 changed)")
    assert lines[1:] == [
        "", "hm.fighter",
        "  changed  f4f-wildcat (fighters/f4f-wildcat.yaml)",
        "      speed: 3 → 4",
        "  renamed  f4u-corsair → f4u-1d-corsair (1 reference followed; fighters/f4u-corsair.yaml → "
        "fighters/f4u-1d-corsair.yaml)",
        "", "hm.scenario",
        "  changed  zekes-in-the-slot (scenarios/zekes-in-the-slot.yaml)",
        "      squadrons[0].planes[1].col: 8 → 9",
    ]
    assert list(temp_dir.iterdir()) == []


def test_the_same_pack_exits_0_and_markdown_says_so(repo, temp_dir, capsys):
    assert main(["diff", "--markdown", f"{repo}/hex-minis@HEAD", str(repo / "hex-minis")]) == 0
    assert "No record changed." in capsys.readouterr().out
    assert main(["diff", "--markdown", f"{repo}/hex-minis@HEAD~1", f"{repo}/hex-minis@HEAD"]) == 1
    text = capsys.readouterr().out
    assert "| `f4f-wildcat` | changed | `speed` | `3` | `4` |" in text
    assert "| `zekes-in-the-slot` | changed | `squadrons[0].planes[1].col` | `8` | `9` |" in text


@pytest.mark.parametrize("old, says", [
    ("hex-minis@no-such-branch", "hex-minis@no-such-branch: no revision 'no-such-branch' in the repository at"),
    ("hex-minis@--output=x", "no revision '--output=x'"),
    ("hex-minis@", "hex-minis@: no revision after '@'"),
    ("gone@HEAD", "gone@HEAD: revision 'HEAD' has no folder gone"),
    ("hex-minis/fighters@HEAD", "hex-minis/fighters at revision 'HEAD' is not a pack (it has no pack.yaml)"),
    ("hex-minis/fighters/f4f-wildcat.yaml@HEAD", "revision 'HEAD' has no folder hex-minis/fighters/f4f-wildcat.yaml"),
    ("no-folder", "no-folder: no such folder"),
    ("hex-minis/fighters", "hex-minis/fighters: not a pack (a pack is a folder with pack.yaml)"),
])
def test_bad_revisions_and_paths_are_refused_in_one_line(repo, temp_dir, capsys, monkeypatch, old, says):
    monkeypatch.chdir(repo)
    assert main(["diff", "hex-minis@HEAD", old]) == 2  # the first one checked out: removed all the same
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert list(temp_dir.iterdir()) == []
    assert not (repo / "x").exists()


def test_a_folder_outside_git_and_missing_arguments(tmp_path, temp_dir, capsys):
    (tmp_path / "plain").mkdir()
    assert main(["diff", f"{tmp_path / 'plain'}@HEAD", str(tmp_path)]) == 2
    assert "is not in a git repository, so '@HEAD' names no revision" in capsys.readouterr().err
    assert main(["diff", str(tmp_path)]) == 2
    assert "expected OLD and NEW" in capsys.readouterr().err
    assert list(temp_dir.iterdir()) == []


def test_textconv_makes_git_diff_show_the_changed_values(repo):
    (repo / ".gitattributes").write_text("*.yaml diff=sortie\n")
    command = f"{sys.executable} -c 'import sys; from engine.cli import main; sys.exit(main())' diff --textconv"
    env = {**os.environ, **GIT_ENV, "PYTHONPATH": str(ROOT)}
    shown = subprocess.run(["git", "-C", str(repo), "-c", f"diff.sortie.textconv={command}", "diff",
                            "HEAD~1", "HEAD", "--", "hex-minis/fighters/f4f-wildcat.yaml"],
                           capture_output=True, text=True, env=env, check=True).stdout
    changed = [line for line in shown.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed == ["-speed: 3", "+speed: 4"]


def test_textconv_prints_a_record_as_its_values_and_other_files_as_they_are(tmp_path, capsys):
    record = tmp_path / "tmp_wildcat.yaml"  # git names its temporary copies as it likes
    shutil.copy(BUNDLED_CONTENT / "hex-minis/fighters/f4f-wildcat.yaml", record)
    assert main(["diff", "--textconv", str(record)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["# hm.fighter f4f-wildcat", "name: F4F Wildcat", "faction: allies"]
    assert "speed: 3" in lines and "guns_tail: 0" in lines  # a default is shown: what the game reads
    other = tmp_path / "notes.yaml"
    other.write_text("just: [some, yaml]\n")
    assert main(["diff", "--textconv", str(other)]) == 0
    assert capsys.readouterr().out == "just: [some, yaml]\n"
    assert main(["diff", "--textconv", str(tmp_path / "missing.yaml")]) == 2
    assert "cannot read file" in capsys.readouterr().err


def test_folders_of_packs_match_packs_by_id_and_a_rename_followed_in_a_mod_is_one_rename(repo, temp_dir, capsys):
    assert main(["diff", "--json", f"{repo}@HEAD~1", f"{repo}@HEAD"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["same"], [p["new"] for p in out["packs"]]) == (False, [f"{repo}@HEAD: hex-minis"])
    renamed = out["packs"][0]["kinds"]["hm.fighter"][1]
    assert renamed["followed"] == ["hm.scenario:zekes-in-the-slot at squadrons[0].plane",
                                   "hm.scenario:corsairs-again at squadrons[0].plane"]
    shutil.rmtree(repo / "hm-mod")
    assert main(["diff", f"{repo}@HEAD", str(repo)]) == 1
    text = capsys.readouterr().out
    assert "  removed  hm-mod (pack.yaml)" in text.splitlines()
    assert list(temp_dir.iterdir()) == []


def test_a_revision_that_cannot_be_written_out_is_one_line_and_leaves_nothing(repo, temp_dir, capsys, monkeypatch):
    real = Path.write_bytes
    written = []

    def full(self, data):
        if len(written) == 5:
            raise OSError(28, "No space left on device", str(self))
        written.append(self)
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    assert main(["diff", f"{repo}/hex-minis@HEAD", str(repo / "hex-minis")]) == 2
    err = capsys.readouterr().err
    assert "cannot write the revision's files into a temporary folder" in err and "No space left on device" in err
    assert err.count("\n") == 1 and list(temp_dir.iterdir()) == []
