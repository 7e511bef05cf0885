"""docs/editors.md shows the editor of every kind a ruleset registers (docs/make_screenshots.py)."""

import re
from pathlib import Path

from engine.content.schemas import kind_schema
from engine.rulesets import rulesets

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_kind_has_its_editor_pictured():
    text = (DOCS / "editors.md").read_text()
    listed = re.findall(r"^### `([a-z0-9_.]+)`$", text, flags=re.M)
    kinds = [k for r in rulesets().values() for k in r.kind_ids()]
    assert sorted(listed) == sorted(kinds), "rerun docs/make_screenshots.py"
    pictures = re.findall(r"!\[[^\]]*\]\((screenshots/editors/[^)]+\.png)\)", text)
    assert sorted(pictures) == sorted(f"screenshots/editors/{k}.png" for k in kinds)
    assert not [p for p in pictures if not (DOCS / p).is_file()]
    assert sorted(p.name for p in (DOCS / "screenshots" / "editors").glob("*.png")) == sorted(
        f"{k}.png" for k in kinds), "pictures of kinds no longer registered are left over"


def test_every_kind_says_what_it_is():
    """The field help of a record with no field in focus, and the gallery, show its kind's description."""
    assert not [k.kind_id() for r in rulesets().values() for k in r.kinds if not kind_schema(k).get("description")]
