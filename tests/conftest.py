"""Test configuration: Qt always headless; the toy ruleset (`tests/toy.py`) and pack fixtures shared by
all suites."""

import os
import textwrap
from pathlib import Path

import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import engine.rulesets  # noqa: E402
from tests import toy  # noqa: E402


@pytest.fixture
def toy_rulesets(monkeypatch):
    """Make the toy ruleset the only one the loader knows."""
    monkeypatch.setattr(engine.rulesets, "rulesets", lambda: {"toy": toy.RULESET})
    monkeypatch.setattr(
        engine.rulesets, "kinds", lambda: {k.kind_id(): k for k in toy.RULESET.kinds}
    )
    monkeypatch.setenv("SORTIE_PACK_PATH", "")
    return toy.RULESET


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


MANIFEST = """
id: {id}
name: {id}
version: 1.0.0
ruleset: toy
"""


@pytest.fixture
def make_pack(tmp_path, toy_rulesets):
    def make(pack_id: str = "base", files: dict | None = None, manifest: str | None = None) -> Path:
        root = tmp_path / pack_id
        write(root, {"pack.yaml": manifest or MANIFEST.format(id=pack_id)})
        write(root, files or {})
        return root

    return make


TOY_PACK = {
    "a.yaml": "kind: toy.plane\nid: a\nspeed: 4\n",
    "b.yaml": "kind: toy.plane\nid: b\nspeed: 3\n",
    "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a, blue: b}\n",
}


@pytest.fixture
def toy_pack(make_pack, monkeypatch):
    """A pack of the toy ruleset on the pack path: two planes and a duel to play."""
    root = make_pack("toys", files=TOY_PACK)
    monkeypatch.setenv("SORTIE_PACK_PATH", str(root.parent))
    return root
