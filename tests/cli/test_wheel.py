"""A pip install carries the bundled packs inside the engine package, where the engine looks for them,
so a modder's CI needs only `pip install` to validate a pack that extends one (README, the CI line);
and it installs no top-level `content` package, a name another distribution may also install."""

import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT

ROOT = Path(__file__).resolve().parents[2]


def test_a_checkout_reads_the_packs_of_its_content_folder():
    """The source tree and its editable install (make test) read content/ at the repository's root."""
    assert BUNDLED_CONTENT == ROOT / "content"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy: a build writes build/ and egg-info beside its sources."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "sortie"
    source.mkdir()
    for part in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / part, source / part)
    for part in ("engine", "studio", "content"):
        shutil.copytree(ROOT / part, source / part, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                            "-w", str(tmp), str(source)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    return next(tmp.glob("sortie-*.whl"))


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_every_pack_file_inside_the_engine(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {p.relative_to(ROOT).as_posix() for part in ("engine", "studio") for p in (ROOT / part).rglob("*.py")}
    assert not modules - names  # pyproject names the packages: one left out of its list is missing here
    packs = {f"engine/bundled/{p.relative_to(BUNDLED_CONTENT).as_posix()}"
             for p in BUNDLED_CONTENT.rglob("*") if p.is_file()}
    assert len(packs) > 500 and not packs - names
    assert {n.split("/")[0] for n in names if ".dist-info/" not in n} == {"engine", "studio"}


@pytest.mark.slow
def test_the_installed_wheel_validates_and_plays_with_its_own_packs(wheel, tmp_path, capsys):
    """Installed in a fresh venv (its dependencies read from this one), beside another distribution's
    `content` package, and run from outside the checkout: it finds the packs it carries, a pack
    extending one validates, and a bundled game plays as the checkout plays it."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python, sortie = venv / "bin" / "python", venv / "bin" / "sortie"
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                "--no-index", "--quiet", "--disable-pip-version-check", str(wheel)],
                               capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-2000:]
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "dependencies.pth").write_text("\n".join({sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}))
    (site / "content").mkdir()
    (site / "content" / "__init__.py").write_text("")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=300)

    where = run(str(python), "-c", "from engine.content.loader import BUNDLED_CONTENT; print(BUNDLED_CONTENT)")
    assert Path(where.stdout.strip()) == site / "engine" / "bundled", where.stderr[-2000:]
    validated = run(str(sortie), "validate", str(ROOT / "docs" / "examples" / "paw-malta"))
    assert validated.returncode == 0 and validated.stderr.startswith("0 error(s)"), validated.stdout + validated.stderr
    played = run(str(sortie), "play", "red-eagles", "--seed", "1", "--json")
    assert played.returncode == 0, played.stderr[-2000:]
    capsys.readouterr()
    assert main(["play", "red-eagles", "--seed", "1", "--json"]) == 0
    assert played.stdout == capsys.readouterr().out
