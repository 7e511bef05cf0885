"""The model as the studio and the engine see it: documented schemas, geometry, packs on top."""

import json
import math
import textwrap
from pathlib import Path

from shapely.geometry import Point, Polygon

from engine.content.validate import validate_paths
from engine.rulesets.paw import RULESET
from engine.rulesets import workspace

SCHEMAS = Path(__file__).resolve().parents[3] / "schemas"


def properties(schema):
    """(where, name, property schema) for every object property in a schema and its $defs."""
    for where, node in [("", schema), *schema.get("$defs", {}).items()]:
        for name, prop in node.get("properties", {}).items():
            yield where, name, prop


def test_every_field_of_every_kind_is_described():
    for kind in RULESET.kind_ids():
        schema = json.loads((SCHEMAS / f"{kind}.json").read_text())
        assert schema["$id"].endswith(f"{kind}.json")
        for where, name, prop in properties(schema):
            assert prop.get("description"), f"{kind} {where}.{name} has no description"


def test_rolls_energy_and_distances_carry_units_and_ranges():
    dash = json.loads((SCHEMAS / "paw.dashboard.json").read_text())
    box = dash["$defs"]["GunBox"]["properties"]
    assert box["distance"]["x-unit"] == "steps"
    assert (box["hit"]["minimum"], box["hit"]["maximum"]) == (1, 20)
    energy = dash["$defs"]["MaxEnergy"]["properties"]["undamaged"]
    assert energy["x-unit"] == "energy" and energy["maximum"] == 10
    table = json.loads((SCHEMAS / "paw.theater_table.json").read_text())
    assert table["properties"]["table"]["discriminator"]["propertyName"] == "type"


def test_turning_templates_are_arcs_one_step_apart_on_their_card(faithful):
    step = faithful.get("paw.rules", "core").components.step_mm
    for template in faithful.records("paw.turning_template"):
        card = Polygon(template.outline)
        assert card.is_valid
        points = [(0.0, 0.0)] + [template.mark_point(m.step) for m in template.marks]
        for a, b in zip(points, points[1:]):
            chord = math.dist(a, b)
            arc = 2 * template.radius_mm * math.asin(chord / (2 * template.radius_mm))
            assert abs(arc - step) < 0.5
        assert all(card.buffer(0.5).contains(Point(p)) for p in points)


def test_fire_templates_widen_from_g1_to_g3(faithful):
    spans = [faithful.get("paw.fire_template", g) for g in ("g1", "g2", "g3")]
    widths = [t.arc_end_deg - t.arc_start_deg for t in spans]
    assert widths == sorted(widths) and len(set(widths)) == 3
    areas = [Polygon(t.outline).area for t in spans]
    assert areas == sorted(areas)


def test_dashboard_helpers(faithful):
    he111 = faithful.get("paw.dashboard", "he-111")
    assert he111.loadouts() == ["none", "bombs", "torpedoes"]
    assert he111.max_energy_for(damaged=False, loaded=True) == he111.max_energy.damaged
    assert he111.max_energy_for(damaged=False, loaded=False) == he111.max_energy.undamaged
    spit = faithful.get("paw.dashboard", "spitfire-i")
    assert spit.best_turn(0) is None and spit.best_turn(9) == spit.turning[-1]


def test_scenarios_cover_every_mission_type(faithful):
    missions = {s.mission for s in faithful.records("paw.scenario")}
    assert missions == {m.id for m in faithful.records("paw.mission_type")}
    for scenario in faithful.records("paw.scenario"):
        if scenario.mission != "fighter-sweep":
            assert scenario.targets and scenario.target_type


def test_a_pack_on_top_of_the_bundled_one_gets_precise_messages(tmp_path):
    root = tmp_path / "house-rules"
    root.mkdir()
    (root / "pack.yaml").write_text("id: house-rules\nname: House\nversion: 1.0.0\n"
                                    "ruleset: paw\nextends: pocket-air-war\n")
    (root / "kanalkampf-raf.yaml").write_text(textwrap.dedent("""\
        kind: paw.theater_table
        id: kanalkampf-raf
        timeline: kanalkampf
        table:
          type: availability
          faction: raf
          sections:
            - role: fighter
              rows:
                - {roll: 1-20, plane: spitfre-i, printed: Spitfire I, points: 23}
        """))
    report = validate_paths([root], workspace())
    ref = next(d for d in report.diagnostics if d.code == "ref.unknown")
    assert (ref.line, ref.path) == (10, "table.sections[0].rows[0].plane")
    assert "Did you mean 'spitfire-i'?" in ref.message
    assert not report.ok
