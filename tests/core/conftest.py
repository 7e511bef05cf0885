"""Core fixtures; the toy ruleset and `make_pack` are shared from tests/conftest.py."""

import pytest

from tests.conftest import write  # noqa: F401 - re-exported for the core suites

TOY_PACK = {
    "a.yaml": "kind: toy.plane\nid: a\nspeed: 4\n",
    "b.yaml": "kind: toy.plane\nid: b\nspeed: 3\n",
    "duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: a, blue: b}\n",
}


@pytest.fixture
def toy_pack(make_pack, monkeypatch):
    root = make_pack("toys", files=TOY_PACK)
    monkeypatch.setenv("SORTIE_PACK_PATH", str(root.parent))
    return root
