"""The bundled packs: every pack validates on its own and writes back byte for byte."""

import pytest

from engine.content.loader import BUNDLED_CONTENT, find_pack_roots
from engine.content.pack import record_text
from engine.content.validate import validate_paths
from engine.rulesets import workspace

PACKS = find_pack_roots(BUNDLED_CONTENT)


def test_there_is_a_pack_per_ruleset():
    from engine.rulesets import rulesets

    ws = workspace()
    assert {ws.pack(root).ruleset for root in PACKS} == set(rulesets())


@pytest.mark.parametrize("root", PACKS, ids=[p.name for p in PACKS])
def test_pack_validates_on_its_own(root):
    report = validate_paths([root], workspace())
    errors = [d.format() for d in report.diagnostics if d.severity.value != "info"]
    assert report.ok and errors == []


@pytest.mark.parametrize("root", PACKS, ids=[p.name for p in PACKS])
def test_every_record_writes_back_byte_identical(root):
    pack = workspace().pack(root)
    assert pack.entries
    for entry in pack.entries:
        assert entry.record is not None, entry.file
        assert record_text(entry.record, entry.doc.header) == entry.path.read_text(encoding="utf-8"), entry.file
