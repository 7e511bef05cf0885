"""Each af lint rule fires on the authoring mistake it is for and stays quiet on the bundled pack."""

from __future__ import annotations

import pytest

from engine.rulesets.af import RULESET

from ..conftest import changed, unsuppressed


def v1_basic(d):
    return d["variants"][0]


def low_vehicles(d):
    return d["variants"][0]


def starts(variant, group, value):
    """An edit that gives a group of a variant these starting hexes."""
    return lambda d: d["variants"][variant]["groups"][group].update(starts=value)


def set_(path, value):
    """An edit that sets one nested key or index."""

    def edit(d):
        target = d
        for key in path[:-1]:
            target = target[key] if not callable(key) else key(target)
        target[path[-1]] = value

    return edit


# (record kind, id, edit, code, severity, message fragment)
CASES = [
    ("hit_table", "hit-table", lambda d: d["modifiers"][1].update(id="inverted"), "af.duplicate_local_id", "error", "'inverted' is used twice"),
    ("data_card", "p-47d", set_(["bands", 2, "top_ft"], 9900), "af.band_order", "error", "not above the band before"),
    ("data_card", "p-47d", set_(["bands", 0, "top_ft"], 4500), "af.band_width", "warning", "does not end in 900"),
    ("data_card", "p-47d", lambda d: d["bands"].__delitem__(slice(1, 3)), "af.band_width", "warning", "15000 ft deep"),
    ("data_card", "p-47d", set_(["bands", 0, "speeds", "level"], 5), "af.speed_order", "error", "level speed tops out at 5"),
    ("data_card", "p-47d", set_(["bands", 0, "mr", "turn", "dive"], 1), "af.mr_order", "warning", "turn needs 1 hexes at dive"),
    ("data_card", "p-47d", set_(["bands", 0, "climb", "dive", "ft"], 300), "af.climb_order", "warning", "dive-speed climb"),
    ("data_card", "p-47d", set_(["bands", 0, "climb", "maneuver", "ft"], 450), "af.climb_order", "error", "not in 100 ft steps"),
    ("data_card", "p-47d", lambda d: d["dive_speed"].__delitem__(slice(3, None)), "af.altitude_steps", "error", "dive_speed stops at 700 ft"),
    ("data_card", "p-47d", lambda d: d["climb_speed"].reverse(), "af.altitude_steps", "error", "smallest altitude change up"),
    ("data_card", "p-47d", set_(["load", "mr", "half_loop"], 1), "af.load_modifiers", "warning", "half_loop is prohibited"),
    ("data_card", "hurricane-i", lambda d: d.update(load={"speed": -1}), "af.load_modifiers", "warning", "carries no ordnance"),
    ("data_card", "hurricane-i", set_(["ammo", "cannon"], 5), "af.ammo_types", "warning", "cannon ammunition given"),
    ("data_card", "spitfire-v", lambda d: d["ammo"].pop("cannon"), "af.ammo_types", "warning", "no cannon ammunition"),
    ("data_card", "b-17g", lambda d: d["gunnery"]["cells"].append(dict(d["gunnery"]["cells"][0])), "af.clock_diagram", "error", "listed twice"),
    ("data_card", "b-17g", lambda d: d.update(blind_spots={"cells": []}), "af.clock_diagram", "warning", "+2 all round"),
    ("data_card", "b-17g", set_(["damage", "engines"], [3, 3, 3]), "af.engine_count", "warning", "3 engine(s)"),
    ("data_card", "me-109g", set_(["guns", 1, "range"], 7), "af.gun_range", "warning", "Table stops at 6"),
    ("hit_table", "hit-table", lambda d: d["modifiers"].pop(0), "af.hit_modifiers", "warning", "no 'inverted' modifier"),
    ("hit_table", "hit-table", set_(["columns", 3, "column"], 9), "af.hit_columns", "error", "expected 1, 2, 3"),
    ("hit_table", "hit-table", set_(["columns", 19, "rows", 0, "hits"], ""), "af.hit_columns", "warning", "column 20 scores 0 hit(s)"),
    ("range_table", "range-attenuation", set_(["ranges", 1, "from_hexes"], 4), "af.range_shape", "error", "expected it to start at 2"),
    ("range_table", "range-attenuation", lambda d: d["rows"][15]["effectiveness"].pop(), "af.range_shape", "error", "5 value(s) for 6"),
    ("range_table", "range-attenuation", lambda d: d["rows"].insert(0, dict(d["rows"][5])), "af.range_shape", "error", "rise in firepower"),
    ("range_table", "range-attenuation", set_(["rows", 15, "effectiveness", 1], 17), "af.range_monotonic", "warning", "firepower 16 grows stronger"),
    ("range_table", "range-attenuation", set_(["rows", 15, "effectiveness", 0], 9), "af.range_monotonic", "warning", "firepower 16 is less effective than 15"),
    ("die_table", "inline-engine", set_(["rows", 3, "results", 0], "explodes"), "af.die_results", "error", "expected one of destroyed, runs, stops"),
    ("die_table", "inline-engine", set_(["rows", 0, "results"], ["runs"]), "af.die_results", "error", "1 result(s) for 2 column(s)"),
    ("die_table", "rocket-fire", set_(["rows", 0, "results", 0], "miss"), "af.die_results", "error", "whole number of hits"),
    ("die_table", "pilot-characteristics", set_(["rows", 0, "results", 0], "VX"), "af.die_results", "error", "pilot characteristic letters"),
    ("bombing_card", "glide-low", lambda d: d["hexes"][1]["results"].append("51"), "af.bombing_card", "error", "roll 51 is already printed"),
    ("bombing_card", "glide-low", lambda d: d["hexes"][1]["results"].append("71"), "af.bombing_card", "error", "not a red-white roll"),
    ("bombing_card", "glide-low", lambda d: d["hexes"][2].update(dq=d["hexes"][1]["dq"], dr=d["hexes"][1]["dr"]), "af.bombing_card", "error", "listed twice"),
    ("bombing_card", "glide-medium", set_(["max_altitude_ft"], 1000), "af.bombing_card", "error", "ends below where it starts"),
    ("rules", "air-force", set_(["fire", "heights", "medium_up_to_ft"], 500), "af.height_classes", "warning", "two height classes for a target 500 ft higher"),
    ("rules", "air-force", set_(["movement", "bank_order"], ["L", "RB", "IR", "I", "IL", "L"]), "af.bank_order", "error", "appears twice"),
    ("maneuver", "turn", set_(["code_left"], "P"), "af.maneuver_codes", "error", "the log's power"),
    ("maneuver", "turn", set_(["code_left"], "T"), "af.maneuver_codes", "error", "already the slip's letter"),
    ("maneuver", "turn", set_(["code_left"], "R"), "af.maneuver_codes", "error", "a letter of its own"),
    ("optional_rule", "rockets", set_(["phases"], ["bomb_releas"]), "af.phase_ids", "error", "Did you mean 'bomb_release'?"),
    ("ground_unit", "heavy-aa", set_(["gun_factors_max"], 3), "af.ground_unit", "error", "gun_factors_max 3 is below"),
    ("ground_unit", "heavy-aa", lambda d: d.pop("range_table"), "af.ground_unit", "error", "needs the range table"),
    ("board", "air-force-board", set_(["column_letters"], "ABCDEFGHIJKLMNOA"), "af.board_layout", "error", "column letter(s) A appear twice"),
    ("board", "air-force-board", lambda d: d["sections"][5].update(column=0, row=0), "af.board_layout", "error", "section VI lies on section I"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["groups"][0]["area"]["hexes"].__setitem__(0, "I-Q1"), "af.scenario_hex", "error", "column Q is not on a section"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["tables"][0]["rows"][0]["results"].__setitem__(0, "II-I21"), "af.scenario_hex", "error", "row 21 is off the section"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["groups"][0]["area"]["sections"].append("VII"), "af.scenario_hex", "error", "no section VII"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["terrain"].update(road_columns=["Z"]), "af.scenario_hex", "error", "no column Z"),
    ("scenario", "bomber-formations", starts(0, 0, [{"hex": "I-Q1"}]), "af.scenario_hex", "error", "column Q is not on a section"),
    ("scenario", "bomber-formations", starts(0, 0, [{"hex": "I-A1"}, {"hex": "V-A1"}]), "af.start_area", "warning", "V-A1 is outside the set-up area of 'bombers' (sections I, II)"),
    ("scenario", "low-altitude-mission", starts(0, 0, [{"hex": "III-H3"}]), "af.start_area", "warning", "(road hexes in sections III, IV)"),
    ("scenario", "air-melee", starts(0, 0, [{"hex": "III-A1"}] * 3), "af.start_count", "warning", "3 starts for 'Allied fighters', which has at most 2"),
    ("scenario", "solitaire-v-1", starts(0, 0, [{"hex": "I-F1"}]), "af.start_count", "warning", "starts are not used"),
    ("scenario", "bomber-formations", starts(0, 0, [{"hex": "I-A1", "facing": 2}]), "af.start_facing", "warning", "in direction 4, not 2"),
    ("scenario", "bomber-formations", starts(1, 3, [{"hex": "I-A1"}, {"hex": "I-A5"}]), "af.start_separation", "warning", "I-A5 is 4 hexes from I-A1"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["groups"][1].update(side="pilots"), "af.scenario_side", "error", "no side 'pilots'"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["victory"]["win"].update(otherwise="germans"), "af.scenario_side", "error", "no side 'germans'"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["matchups"][0]["forces"][0].update(group="fighters"), "af.scenario_group", "error", "no group 'fighters'"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["matchups"][0]["forces"][0].update(group="tanks"), "af.scenario_group", "error", "surface counters, not planes"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["groups"][0]["speed"].update(table="v1-sped"), "af.scenario_table", "error", "no table 'v1-sped'"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["groups"][0]["altitude"].update(table="v1-speed", column="speed"), "af.scenario_table", "error", "gives speed, not altitude ft"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["tables"][1]["rows"][0].update(results=["seven"]), "af.scenario_table", "error", "column 'speed' gives speed"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["groups"][0]["entry"].update(hex_table="v1-speed"), "af.scenario_table", "error", "gives no entry hexes"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["groups"][3]["altitude"].pop("max"), "af.value_spec", "error", "mode 'range' needs 'max'"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["groups"][3]["altitude"].update(min=6000), "af.value_spec", "error", "max 5000 is below min 6000"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["groups"][3]["altitude"].update(value=3), "af.value_spec", "warning", "'value' is ignored in mode 'range'"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["matchups"][0]["forces"][0]["aircraft"].append("me-109g"), "af.matchup_nationality", "warning", "Me-109G is german"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["tables"][1]["rows"][2].update(results=[12]), "af.start_speed", "warning", "exceeds its dive speed at speed 12"),
    ("scenario", "solitaire-v-1", lambda d: v1_basic(d)["tables"][2]["rows"][5].update(results=[6000]), "af.start_speed", "warning", "6000 ft is above the V-1's ceiling"),
    ("scenario", "solitaire-v-1", lambda d: d["variants"][1].update(based_on="basik"), "af.variant_base", "error", "no earlier variant 'basik'"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["groups"][2]["guns"][0].update(factors=6), "af.aa_guns", "warning", "rated 1-4 factors, not 6"),
    ("scenario", "low-altitude-mission", lambda d: low_vehicles(d)["groups"][0].update(guns=[{"count": 2, "factors": 2}]), "af.aa_guns", "error", "only put on anti-aircraft"),
    ("scenario", "night-fighters", lambda d: d["variants"][0]["victory"]["win"].pop("count"), "af.win_params", "error", "'min_exits' needs 'count'"),
    ("scenario", "air-melee", lambda d: d["variants"][0]["victory"]["ends"][0].pop("turns"), "af.win_params", "error", "needs 'turns'"),
]


@pytest.mark.parametrize("kind,rid,edit,code,severity,fragment", CASES, ids=[f"{c[3]}:{c[5][:30]}" for c in CASES])
def test_rule_fires_on_the_mistake(get, lint, kind, rid, edit, code, severity, fragment):
    original = get(kind, rid)
    assert not [f for f in unsuppressed(original, lint(original)) if f[1] == code], "quiet on the bundled record"
    hits = [f for f in lint(changed(original, edit)) if f[1] == code]
    assert hits, f"{code} did not fire"
    assert any(s == severity and fragment in m for s, _, _, m in hits), hits


def test_every_rule_has_a_case_and_a_stable_code():
    codes = [r.code for r in RULESET.lint_rules]
    assert len(codes) == len(set(codes))
    assert all(c.startswith("af.") and r.summary for c, r in zip(codes, RULESET.lint_rules))
    assert set(codes) == {c[3] for c in CASES}


def test_every_bundled_record_is_quiet(records, lint):
    noisy = {f"{k}:{i}": found for (k, i), r in records.items() if (found := unsuppressed(r, lint(r)))}
    assert noisy == {}


def test_the_findings_point_at_the_field(get, lint):
    bad = changed(get("data_card", "p-47d"), set_(["bands", 0, "speeds", "level"], 5))
    (finding,) = [f for f in lint(bad) if f[1] == "af.speed_order"]
    assert finding[2] == ("bands", 0, "speeds", "level")


def test_a_firepower_row_out_of_order_is_named_at_its_row(get, lint):
    """A Range Attenuation Table has 16 rows: 'rows must rise' at the table left the modder to find which."""
    bad = changed(get("range_table", "range-attenuation"), lambda d: d["rows"][3].update(firepower=3))
    (finding,) = [f for f in lint(bad) if f[1] == "af.range_shape"]
    assert finding[2] == ("rows", 3, "firepower")
    assert finding[3] == "firepower 3 after 3 (rows[2]); rows rise in firepower, each once"
