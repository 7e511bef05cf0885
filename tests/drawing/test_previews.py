"""Every bundled record of every kind with a preview renders, and every key in the drawing
names something the studio can select: a field of the record or, on a scenario board, a
piece or a cell of the board."""

import pytest

from engine.content.loader import BUNDLED_CONTENT, find_pack_roots
from engine.content.view import ContentView
from engine.rulesets import rulesets
from engine.rulesets import workspace
from tests.previews import renders, resolves

PACKS = find_pack_roots(BUNDLED_CONTENT)


def _selectable(ruleset, kind, record, view):
    """What a click on this preview may name besides the record's own fields: on a scenario
    board, a piece or what the board's own drawing keys (cells, the mat's halves)."""
    if ruleset.layout is None or kind != f"{ruleset.id}.scenario":
        return set()
    board = ruleset.layout.board(record, view)
    return {p.key for p in ruleset.layout.pieces(record, view)} | board.drawing().keys()


@pytest.mark.parametrize("root", PACKS, ids=[p.name for p in PACKS])
def test_every_bundled_record_with_a_preview_renders(root):
    pack = workspace().pack(root)
    view = ContentView.of_pack(pack)
    ruleset = rulesets()[pack.ruleset]
    drawn = 0
    for kind, draw in ruleset.previews.items():
        for record in view.records(kind):
            drawing = draw(record, view)
            renders(drawing)
            extra = _selectable(ruleset, kind, record, view)
            bad = sorted(k for k in drawing.keys() if k not in extra and not resolves(record, k))
            assert bad == [], (kind, record.id, bad[:5])
            drawn += 1
    assert drawn >= 10 or not ruleset.previews


def test_every_game_system_with_bundled_content_has_previews_and_a_layout():
    for root in PACKS:
        ruleset = rulesets()[workspace().pack(root).ruleset]
        if ruleset.id in ("paw", "aw", "hm", "af"):
            assert ruleset.previews and ruleset.layout is not None, ruleset.id
            assert f"{ruleset.id}.scenario" in ruleset.previews
