"""A pip install carries the bundled packs inside the engine package, where the engine looks for them,
so a modder's CI needs only `pip install` to validate a pack that extends one (README, the CI line);
and it installs no top-level `content` package, a name another distribution may also install."""

import os
import re
import shutil
import subprocess
import sys
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
    for part in ("engine", "studio", "content", "schemas"):
        shutil.copytree(ROOT / part, source / part, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                            "-w", str(tmp), str(source)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    return next(tmp.glob("sortie-*.whl"))


@pytest.mark.slow
def test_the_wheel_holds_every_module_pack_file_and_schema_inside_the_engine(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {p.relative_to(ROOT).as_posix() for part in ("engine", "studio") for p in (ROOT / part).rglob("*.py")}
    assert not modules - names  # pyproject names the packages: one left out of its list is missing here
    packs = {f"engine/bundled/{p.relative_to(BUNDLED_CONTENT).as_posix()}"
             for p in BUNDLED_CONTENT.rglob("*") if p.is_file()}
    assert len(packs) > 500 and not packs - names
    schemas = {f"engine/schemas/{p.name}" for p in (ROOT / "schemas").glob("*.json")}
    assert len(schemas) > 50 and not schemas - names
    assert {n.split("/")[0] for n in names if ".dist-info/" not in n} == {"engine", "studio"}


def fresh_install(requirement: str, folder: Path) -> Path:
    """A fresh venv with `requirement` installed by pip, its dependencies resolved by pip (from its
    cache when this machine has installed them)."""
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
                                "--quiet", "--disable-pip-version-check", requirement],
                               capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr[-2000:]
    return venv


@pytest.fixture(scope="module")
def headless(wheel, tmp_path_factory) -> Path:
    """The wheel installed as a modder's CI installs it: `pip install sortie`, no extras."""
    return fresh_install(str(wheel), tmp_path_factory.mktemp("headless"))


@pytest.mark.slow
def test_the_headless_install_has_no_qt_and_says_how_to_get_the_studio(headless, tmp_path):
    python = headless / "bin" / "python"
    found = subprocess.run([str(python), "-c", "import importlib.util as u; "
                            "print([m for m in ('PySide6', 'matplotlib') if u.find_spec(m)])"],
                           capture_output=True, text=True, timeout=60)
    assert found.stdout.strip() == "[]", found.stderr  # the extra's distributions were not installed
    for argv in ([], ["studio"]):  # bare `sortie` opens the studio where there is one
        done = subprocess.run([str(headless / "bin" / "sortie"), *argv], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "sortie studio: needs the studio, which is not installed here (no module 'PySide6'): " \
               "pip install 'sortie[studio]'" in done.stderr


def test_the_cli_names_the_modules_of_the_studio_extra():
    """STUDIO_MODULES is how a command tells the studio's missing modules from a bug's."""
    import tomllib

    from engine.cli import STUDIO_MODULES

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["studio"]
    modules = {"PySide6-Essentials": "PySide6", "matplotlib": "matplotlib"}  # distribution: top-level module
    assert {modules[re.match(r"[\w.-]+", req).group()] for req in extra} == STUDIO_MODULES


@pytest.mark.slow
def test_the_installed_wheel_validates_and_plays_with_its_own_packs(headless, tmp_path, capsys):
    """Installed without Qt, beside another distribution's `content` package, and run from outside the
    checkout: it finds the packs it carries, a pack extending one validates, and a bundled game
    plays as the checkout plays it."""
    python, sortie = headless / "bin" / "python", headless / "bin" / "sortie"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "content").mkdir(exist_ok=True)
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



@pytest.mark.slow
def test_the_headless_install_formats_simulates_and_prints(headless, tmp_path):
    """What a modder runs besides validate and play, with no Qt: fmt --check, a balance run, the
    print-and-play PDF, and a new pack that its own CI workflow passes."""
    sortie = str(headless / "bin" / "sortie")

    def run(*args: str) -> subprocess.CompletedProcess:
        done = subprocess.run([sortie, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert "Traceback" not in done.stderr, done.stderr[-2000:]
        return done

    formatted = run("fmt", "--check", str(ROOT / "docs" / "examples" / "paw-malta"))
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
    simulated = run("simulate", "red-eagles", "--games", "2", "--seed", "1", "--jobs", "1", "--json")
    assert simulated.returncode == 0 and '"games": 2' in simulated.stdout, simulated.stderr[-2000:]
    printed = run("sheets", str(ROOT / "content" / "red-eagles"), "aw.air_unit", "--out", "re.pdf")
    assert printed.returncode == 0, printed.stderr[-2000:]
    assert (tmp_path / "re.pdf").read_bytes().startswith(b"%PDF-")
    made = run("new", "pack", "my-malta", "--ruleset", "paw", "--extends", "pocket-air-war")
    assert made.returncode == 0, made.stderr[-2000:]
    assert (tmp_path / "my-malta" / "schemas" / "paw.json").is_file()
    for argv in (["validate", "--strict", "--github", "my-malta"], ["fmt", "--check", "my-malta"]):
        checked = run(*argv)  # what the pack's CI workflow runs
        assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.slow
def test_the_studio_extra_installs_the_studio_and_it_opens_offscreen(wheel, tmp_path):
    venv = fresh_install(f"{wheel}[studio]", tmp_path)
    shot = tmp_path / "studio.png"
    home = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}  # its settings kept there
    opened = subprocess.run([str(venv / "bin" / "sortie"), "studio", "--screenshot", str(shot)], cwd=tmp_path,
                            capture_output=True, text=True, timeout=300,
                            env={**os.environ, **home, "QT_QPA_PLATFORM": "offscreen"})
    assert opened.returncode == 0, opened.stderr[-2000:]
    assert shot.read_bytes().startswith(b"\x89PNG")
