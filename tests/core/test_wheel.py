"""A pip install carries the bundled packs where the engine looks for them, so a modder's CI needs
only `pip install` to validate a pack that extends one (README, the CI line)."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engine.content.loader import BUNDLED_CONTENT

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_wheel_holds_every_bundled_pack_file_beside_the_engine(tmp_path):
    source = tmp_path / "sortie"  # built from a copy: a build writes build/ and egg-info beside its sources
    source.mkdir()
    for part in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / part, source / part)
    for part in ("engine", "studio", "content"):
        shutil.copytree(ROOT / part, source / part, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                            "-w", str(tmp_path), str(source)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next(tmp_path.glob("sortie-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "engine/content/loader.py" in names  # BUNDLED_CONTENT is parents[2] / "content" of it
    files = {p.relative_to(ROOT).as_posix() for p in BUNDLED_CONTENT.rglob("*") if p.is_file()}
    assert len(files) > 500 and not files - names
