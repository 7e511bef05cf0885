"""The ACE AI table from the pack: columns, the skill shift, and the order rows are tried in."""

from __future__ import annotations

import pytest

from engine.rulesets.paw.kinds.ai import AiTable
from engine.rulesets.paw.play.solo_ai.position import Relative
from engine.rulesets.paw.play.solo_ai.table import AceTable


def rel(band="within_dashboard", position="behind", vertical="level"):
    return Relative(band, position, vertical, 0.0)


@pytest.fixture
def ace(faithful):
    return AceTable(faithful.get("paw.ai_table", "ace"))


@pytest.fixture
def skills(faithful):
    return {s.id: s.ai_rows_down for s in faithful.records("paw.crew_skill")}


def test_printed_rows_are_read_from_the_pack(ace):
    # Range < 1 Dashboard, Behind Level: Wingover 9-20, Hardest Turn 1-8 (as printed)
    assert ace.roll_on(rel(), 9, 0).rolled == "wingover"
    assert ace.roll_on(rel(), 8, 0).rolled == "hardest-turn"
    band, column, _ = ace.column(rel())
    assert not any(r.sample for r in column.rows)
    # Range >= 1 Dashboard, Side Higher: Hardest Turn 15-20 printed, the rest sample
    _, column, _ = ace.column(rel("beyond_dashboard", "side", "higher"))
    assert [(r.maneuver, r.sample) for r in column.rows][0] == ("hardest-turn", False)
    assert all(r.sample for r in column.rows[1:])


@pytest.mark.parametrize("skill, shifted", [("ace", "hardest-turn"),
                                            ("trained", "turn-alt-change"),
                                            ("rookie", "c-turn")])
def test_the_crew_skill_moves_down_the_rows(ace, skills, skill, shifted):
    rolled = ace.roll_on(rel(), 5, skills[skill])
    assert rolled.rolled == "hardest-turn" and rolled.shifted == shifted


def test_shifts_stop_at_the_last_row_and_the_search_then_climbs_back(ace, skills):
    rolled = ace.roll_on(rel("within_dashboard", "ahead", "lower"), 3, skills["rookie"])
    assert rolled.rolled == "forward-dive" and rolled.shifted == "forward-dive"
    order = rolled.band.order
    assert rolled.search() == ["forward-dive"] + order[:-1][::-1]  # level first, Wingover last
    middle = ace.roll_on(rel(), 5, 0)  # Hardest Turn: the rows below, then Wingover above
    assert middle.search() == order[1:] + order[:1]


def test_a_roll_the_column_does_not_cover_starts_from_the_top_row(faithful):
    data = faithful.get("paw.ai_table", "ace").model_dump(mode="json")
    column = data["bands"][0]["columns"][1]  # within, behind level: 9-20, 1-8
    column["rows"] = column["rows"][:1]  # keep only Wingover 9-20
    table = AceTable(AiTable.model_validate(data))
    rolled = table.roll_on(rel(), 3, 1)
    assert rolled.rolled is None and rolled.shifted == rolled.band.order[1]
