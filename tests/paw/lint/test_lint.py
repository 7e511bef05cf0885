"""Every Pocket Air War lint rule fires on the mistake it is for and stays quiet on good data."""

import shutil
from pathlib import Path

import pytest

from engine.content.validate import validate_paths
from engine.rulesets.paw import RULESET
from engine.rulesets import workspace

from ..conftest import FAITHFUL, edited, lint


def set_path(path, value):
    def change(data):
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return change


def rai_row(**fields):
    def change(data):
        row = data["table"]["sections"][0]["rows"][0]
        row.update(fields)
        for key in [k for k, v in fields.items() if v is None]:
            row.pop(key)
    return change


def swap_first_rows(data):
    rows = data["bands"][0]["columns"][0]["rows"]
    rows[0], rows[1] = rows[1], rows[0]


def self_crossing(data):
    data["outline"] = [[0, 0], [10, 10], [10, 0], [0, 10]]


def drop_he111(data):
    data["planes"] = [p for p in data["planes"] if p["id"] != "he111-3"]


CASES = [
    # code, view, kind, id, change, expected words
    ("paw.turning_order", "faithful", "paw.dashboard", "spitfire-i",
     set_path(["turning", 4], "A"), "tighter than"),
    ("paw.turning_length", "faithful", "paw.dashboard", "spitfire-i",
     set_path(["turning"], ["A", "A", "B", "B", "C", "C", "D"]), "7 turning letters"),
    ("paw.max_energy", "faithful", "paw.dashboard", "spitfire-i",
     set_path(["max_energy", "damaged"], 7), "exceeds the undamaged"),
    ("paw.fighter_guns", "faithful", "paw.dashboard", "bf-110",
     set_path(["guns"], []), "as a fighter it could never shoot"),
    ("paw.combat_ruler", "faithful", "paw.dashboard", "bf-110",
     set_path(["guns", 2, "hit"], 5), "easier than"),
    ("paw.combat_ruler", "faithful", "paw.dashboard", "bf-110",
     set_path(["guns", 0, "kill"], 5), "below the Hit"),
    ("paw.combat_ruler", "faithful", "paw.aaa_dashboard", "aaa",
     set_path(["armed", 1, "distance"], 1), "does not increase"),
    ("paw.combat_ruler", "faithful", "paw.flak_dashboard", "flak",
     set_path(["cpf", "kill"], 3), "below the Hit"),
    ("paw.maneuver_reach", "faithful", "paw.dashboard", "spitfire-i",
     set_path(["wingover", "step"], 8), "beyond the max"),
    ("paw.dive_bombing", "faithful", "paw.dashboard", "ju-88",
     set_path(["bombs", "dive_hit"], 14), "harder than level"),
    ("paw.template_geometry", "faithful", "paw.turning_template", "c",
     set_path(["marks", 2, "step"], 7), "numbered"),
    ("paw.template_geometry", "faithful", "paw.turning_template", "c",
     set_path(["radius_mm"], 40), "disagree"),
    ("paw.template_geometry", "faithful", "paw.turning_template", "c",
     self_crossing, "crosses itself"),
    ("paw.template_geometry", "faithful", "paw.fire_template", "g1",
     set_path(["arc_end_deg"], -40), "must end"),
    ("paw.template_geometry", "faithful", "paw.fire_template", "g1",
     set_path(["outline"], [[0, 0], [-5, 5], [-5, -5]]), "does not cover"),
    ("paw.template_order", "faithful", "paw.turning_template", "c",
     set_path(["radius_mm"], 10), "is not wider than"),
    ("paw.template_order", "faithful", "paw.turning_template", "e",
     set_path(["marks"], [{"step": 1, "energy_loss": 1}]), "costs more Energy"),
    ("paw.row_cut_off", "faithful", "paw.theater_table", "italy-landings-rai",
     rai_row(plane=None, printed=None, points=None), "no plane printed"),
    ("paw.row_cut_off", "faithful", "paw.theater_table", "kanalkampf-mission-type",
     lambda d: d["table"]["rows"][0].pop("mission"), "no mission printed"),
    ("paw.unknown_plane", "faithful", "paw.theater_table", "italy-landings-rai",
     rai_row(plane=None, printed="C.220"), "matches no plane dashboard. Did you mean"),
    ("paw.plane_name", "faithful", "paw.theater_table", "italy-landings-rai",
     rai_row(plane="cr-42"), "refers to 'Cr.42'"),
    ("paw.plane_points", "faithful", "paw.theater_table", "italy-landings-rai",
     rai_row(points=99), "is worth 37"),
    ("paw.plane_role", "faithful", "paw.theater_table", "italy-landings-rai",
     lambda d: d["table"]["sections"][2]["rows"][0].update(plane="c-202", printed="C.202",
                                                          points=37), "listed as bomber"),
    ("paw.empty_composition", "faithful", "paw.theater_table", "kanalkampf-ground-targets",
     set_path(["table", "rows", 0, "composition"], []), "has no composition"),
    ("paw.table_side", "faithful", "paw.theater_table", "kanalkampf-mission-type",
     set_path(["side"], "allies"), "only the axis roll"),
    ("paw.table_side", "faithful", "paw.theater_table", "kanalkampf-raf",
     set_path(["table", "faction"], "vvs"), "does not fly"),
    ("paw.timeline_tables", "faithful", "paw.timeline", "kanalkampf",
     set_path(["sides", "allies", "factions"], ["raf", "usaaf"]), "no availability table"),
    ("paw.timeline_dates", "errata", "paw.timeline", "north-africa-late",
     set_path(["period", "start"], "1941-07-01"), "before Early phase"),
    ("paw.timeline_dates", "errata", "paw.timeline", "north-africa-late",
     set_path(["period", "end"], "1940-01-01"), "before it starts"),
    ("paw.mission_roll", "faithful", "paw.timeline", "kanalkampf",
     lambda d: d["mission_roll"].pop("side"), "needs the side"),
    ("paw.correction_path", "errata", "paw.theater_table", "italy-landings-rai",
     set_path(["corrections", 0, "path"], "table.sections[0].rows[9].roll"), "names no field"),
    ("paw.time_freeze_steps", "faithful", "paw.time_freeze_table", "time-freeze",
     set_path(["rows", 4, "steps", 9], None), "steps 1 to 5"),
    ("paw.ai_order", "faithful", "paw.ai_table", "ace", swap_first_rows, "out of the band"),
    ("paw.ai_order", "faithful", "paw.ai_table", "ace",
     set_path(["bands", 0, "order"], ["wingover"]), "not a row of this band"),
    ("paw.timeline_sequence", "faithful", "paw.timeline", "kanalkampf", set_path(["sequence"], 2),
     "sequence 2 is also that of 'adlerangriff' in theater 'battle-of-britain': neither comes first"),
    ("paw.scenario_sides", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["targets"], []), "target type 'installation' but no ground target placed"),
    ("paw.unit_ids", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["planes", 1, "id"], "he111-1"), "'he111-1' is already the id of planes[0]"),
    ("paw.unit_ids", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["targets", 0, "id"], "he111-1"), "'he111-1' is already the id of planes[0]"),
    ("paw.off_mat", "faithful", "paw.scenario", "cas-kanalkampf-convoy",
     set_path(["planes", 0, "x"], 2000), "off the 900"),
    ("paw.start_state", "faithful", "paw.scenario", "sweep-spitfire-vs-ace-110",
     set_path(["planes", 1, "loadout"], "torpedoes"), "cannot carry torpedoes"),
    ("paw.start_state", "faithful", "paw.scenario", "sweep-spitfire-vs-ace-110",
     set_path(["planes", 1, "energy"], 7), "above the max of 6"),
    ("paw.start_state", "faithful", "paw.scenario", "sweep-spitfire-vs-ace-110",
     lambda d: d["planes"][1].update(damaged=True, energy=4, altitude="high"),
     "cannot fly at high"),
    ("paw.start_state", "faithful", "paw.scenario", "sweep-spitfire-vs-ace-110",
     set_path(["planes", 1, "role"], "bomber"), "cannot fly as bomber"),
    ("paw.scenario_sides", "faithful", "paw.scenario", "cas-kanalkampf-convoy",
     set_path(["targets", 0, "side"], "axis"), "belongs to the attacker"),
    ("paw.scenario_sides", "faithful", "paw.scenario", "cas-kanalkampf-convoy",
     set_path(["areas", "allies"], "top"), "cannot share"),
    ("paw.scenario_sides", "faithful", "paw.scenario", "cas-kanalkampf-convoy",
     lambda d: d.update(planes=[p for p in d["planes"] if p["faction"] == "raf"]),
     "has no planes"),
    ("paw.mission_requirements", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     drop_he111, "needs at least 3 bomber"),
    ("paw.mission_requirements", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["planes", 0, "altitude"], "standard"), "must deploy at high"),
    ("paw.mission_requirements", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["planes", 2, "x"], 700), "rest of its formation"),
    ("paw.mission_requirements", "faithful", "paw.scenario", "cas-kanalkampf-convoy",
     set_path(["planes", 0, "loadout"], "aa_rockets"), "not aa_rockets"),
    ("paw.target_setup", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["targets", 0, "y"], 30), "from an edge"),
    ("paw.target_setup", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["targets", 1, "x"], 440), "keep 2 apart"),
    ("paw.target_setup", "faithful", "paw.scenario", "bombing-adlerangriff-airfield",
     set_path(["targets", 3, "y"], 400), "outside the defender's half"),
    ("paw.target_setup", "faithful", "paw.scenario", "cas-kanalkampf-convoy",
     set_path(["targets", 2, "x"], 100), "keep within 2"),
    ("paw.mission_forces", "errata", "paw.timeline", "seelowe",  # the RAF flies no fighter-bomber
     set_path(["mission_roll", "other_mission"], "close-air-support"), "allies cannot fly Close Air Support"),
]


def test_every_rule_has_a_case():
    assert {c[0] for c in CASES} == {r.code for r in RULESET.lint_rules}


@pytest.mark.parametrize("code,view,kind,rid,change,expected", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_rule_fires_on_the_mistake(request, code, view, kind, rid, change, expected):
    content = request.getfixturevalue(view)
    record = content.get(kind, rid)
    found = lint(code, edited(record, change), content)
    assert any(expected in msg for _, _, msg in found), found


@pytest.mark.parametrize("code,view,kind,rid", sorted({c[:4] for c in CASES}))
def test_rule_stays_quiet_on_good_data(request, code, view, kind, rid):
    content = request.getfixturevalue(view)
    assert lint(code, content.get(kind, rid), content) == []


def test_rules_point_at_the_field(faithful):
    spit = faithful.get("paw.dashboard", "spitfire-i")
    found = lint("paw.turning_order", edited(spit, set_path(["turning", 4], "A")), faithful)
    assert [path for _, path, _ in found] == [("turning", 4)]


def test_codes_are_namespaced_and_unique():
    codes = [r.code for r in RULESET.lint_rules]
    assert len(codes) == len(set(codes))
    assert all(c.startswith("paw.") and r.summary for c, r in zip(codes, RULESET.lint_rules))


@pytest.mark.parametrize("gap,warned", [(46.0, set()), (46.5, {"he111-1", "he111-2", "he111-3"})])
def test_formation_reach_is_inclusive(faithful, gap, warned):
    """Two steps (15 mm each) plus a counter length (16 mm) between centres: 46 mm is in formation."""
    def spread(data):
        bombers = [p for p in data["planes"] if p["role"] == "bomber"]
        for k, plane in enumerate(bombers):
            plane["x"], plane["y"] = 200.0 + k * gap, 300.0
    record = edited(faithful.get("paw.scenario", "bombing-adlerangriff-airfield"), spread)
    found = lint("paw.mission_requirements", record, faithful)
    named = {msg.split("'")[1] for _, _, msg in found if "formation" in msg}
    assert named == warned


def test_formation_of_two_hundred_bombers_names_only_the_stragglers(faithful):
    def crowd(data):
        base = next(p for p in data["planes"] if p["role"] == "bomber")
        data["planes"] = [dict(base, id=f"b{i}", x=20.0 + (i % 20) * 40, y=20.0 + (i // 20) * 40)
                          for i in range(200)] + [dict(base, id="far", x=2000.0, y=2000.0)]
    record = edited(faithful.get("paw.scenario", "bombing-adlerangriff-airfield"), crowd)
    found = lint("paw.mission_requirements", record, faithful)
    assert [msg.split("'")[1] for _, _, msg in found if "formation" in msg] == ["far"]


def test_a_leg_s_planes_have_ids_of_their_own_but_may_share_the_main_mission_s(faithful):
    """A leg is played on its own, so only its planes are compared with one another."""
    plane = {"id": "he111-1", "dashboard": "spitfire-i", "faction": "raf", "role": "fighter"}

    def legs(*planes):
        return set_path(["legs"], [{"leg": "inbound", "event": "interception", "planes": list(planes)}])

    scenario = faithful.get("paw.scenario", "bombing-adlerangriff-airfield")
    assert lint("paw.unit_ids", edited(scenario, legs(plane)), faithful) == []
    found = lint("paw.unit_ids", edited(scenario, legs(plane, plane)), faithful)
    assert [(path, msg) for _, path, msg in found] == [
        (("legs", 0, "planes", 1, "id"), "'he111-1' is already the id of legs[0].planes[0]; give each unit its own id")]


def test_a_table_that_does_not_load_is_not_reported_missing(tmp_path):
    """The timeline's 'no availability table' and the suppressions of it that then match nothing
    would send the modder to add a table that is there: only the table's own error is reported."""
    pack = tmp_path / "pocket-air-war"
    shutil.copytree(FAITHFUL, pack)
    table = pack / "theater_tables" / "adlerangriff" / "adlerangriff-cai.yaml"
    table.write_text(table.read_text().replace("points: 13}", "points: x}"))
    found = [d for d in validate_paths([pack], workspace()).diagnostics if d.severity.value != "info"]
    assert [(Path(d.file), d.code, d.path) for d in found] == [
        (table, "schema", "table.sections[0].rows[0].points")]
