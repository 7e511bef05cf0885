"""Adding a game system is adding one folder: a ruleset dropped beside the bundled ones (here
`tests/rulesets/fifth`, copied among them in a child process) is validated, gets its schemas and
its editor, and meets the contract test, which names what it still lacks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PREAMBLE = ("import sys, engine.rulesets; engine.rulesets.__path__.append(sys.argv.pop(1)); "
            "sys.argv[0] = 'sortie'; ")


@pytest.fixture(scope="module")
def drop(tmp_path_factory) -> Path:
    """A folder holding the fifth ruleset as a package, and a pack of its records."""
    where = tmp_path_factory.mktemp("rulesets")
    shutil.copytree(Path(__file__).parent / "fifth", where / "fifth", ignore=shutil.ignore_patterns("__pycache__"))
    pack = where / "kites"
    (pack / "kites").mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: kites\nname: Kites\nversion: 1.0.0\nruleset: fifth\n")
    (pack / "kites" / "box.yaml").write_text("kind: fifth.kite\nid: box\nname: Box kite\nspan: 320\n")
    return where


def _run(drop: Path, code: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", PREAMBLE + code, str(drop), *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300)


def _sortie(drop: Path, *args: str) -> subprocess.CompletedProcess:
    return _run(drop, "from engine.cli import main; sys.exit(main())", *args)


def test_the_validator_and_the_schemas_pick_it_up(drop, tmp_path):
    out = _sortie(drop, "validate", str(drop / "kites"), "--json")
    report = json.loads(out.stdout)
    assert report["counts"] == {"fifth.kite": 1}
    assert [(d["code"], d["line"]) for d in report["diagnostics"]] == [("fifth.too_wide", 4)]
    made = _sortie(drop, "schemas", "--out", str(tmp_path))
    assert made.returncode == 0, made.stderr
    assert json.loads((tmp_path / "fifth.kite.json").read_text())["x-kind"] == "fifth.kite"


def test_the_studio_opens_its_records(drop, tmp_path):
    shot = tmp_path / "kite.png"
    out = _sortie(drop, "studio", "--screenshot", str(shot), "--open", "fifth.kite:box@span", str(drop / "kites"))
    assert out.returncode == 0, out.stderr
    assert shot.stat().st_size > 10_000


def test_the_contract_test_checks_it_and_names_what_it_lacks(drop):
    out = _run(drop, "import pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-k', 'fifth', "
                     "'tests/rulesets/test_contract.py']))")
    assert out.returncode == 1, out.stdout
    assert "schemas/fifth.kite.json is missing or stale" in out.stdout
    assert "1 failed, 2 passed" in out.stdout, out.stdout  # lint codes and protocols are met
