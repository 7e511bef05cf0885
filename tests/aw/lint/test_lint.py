"""Each Air Wars lint rule stays quiet on the bundled pack and fires on a typical mistake."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content.validate import validate_paths
from engine.rulesets.aw.lint import RULES as LINT_RULES
from engine.rulesets import workspace

from ..conftest import PACK, edited, run_rule

RULES = {rule.code: rule for rule in LINT_RULES}
AIR, GROUND, MAP, SCEN = "aw.air_unit", "aw.ground_unit", "aw.map", "aw.scenario"
CARD, ROSTER, CRT, BOMB = "aw.campaign_card", "aw.target_roster", "aw.air_crt", "aw.bombing_crt"


def test_every_rule_has_a_unique_code_kinds_and_summary():
    assert len(RULES) == len(LINT_RULES)
    for code, rule in RULES.items():
        assert code.startswith("aw.") and rule.kinds and rule.summary


def test_rules_are_quiet_on_the_bundled_pack_but_for_the_printed_numbering_gap(records):
    found = []
    for rule in LINT_RULES:
        for (kind, rid), record in records.items():
            if rule.applies_to(kind):
                found += [
                    (rule.code, rid, sev, msg) for sev, _, msg in run_rule(rule, record, records)
                ]
    assert found == [
        (
            "aw.special_rule_numbering",
            "red-eagles",
            "warning",
            "special rules jump from 30.10 to 30.13; is a rule missing between them?",
        )
    ]


def _set(path, value):
    """A change that sets data[path...] = value (path parts are keys or indexes)."""

    def change(data):
        target = data
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value

    return change


def _side(data, side):
    return next(s for s in data["sides"] if s["side"] == side)


def _square(data, at):
    return next(s for s in data["squares"] if s["at"] == at)


def _place(data, pid):
    return next(p for p in data["places"] if p["id"] == pid)


def _ground_unit_column_half_printed(data):
    data["rows"][0]["ground_unit"] = "none"
    data["rows"][2]["ground_unit"] = "bombed"


def _drop_square(data):
    data["squares"] = [s for s in data["squares"] if s["at"] != "C8"]


def _off_grid_square(data):
    data["squares"].append({"at": "P1", "terrain": "land", "territory": "vvs"})


def _dry_sea(data):
    _square(data, "A8")["territory"] = "luftwaffe"


def _unowned_land(data):
    del _square(data, "A1")["territory"]


def _sevastopol_at_sea(data):
    _place(data, "sevastopol")["at"] = "A8"


def _soviet_krymskaya(data):
    _square(data, "K8")["territory"] = "vvs"


def _diagonal_front(data):
    data["front_line"]["segments"][0][1] = [11, 1]


def _off_corner_front(data):
    data["front_line"]["segments"][1][0] = [9.5, 5]


def _radar_hole(data):
    data["radar"][0]["squares"].remove("J7")


def _gap_in_bands(data):
    data["victory"]["levels"][1]["min"] = 1


def _overlapping_bands(data):
    data["victory"]["levels"][2]["max"] = 0


def _enemy_card_in_deck(data):
    _side(data, "vvs")["deck"].append("lw-experten")


def _one_la5_too_many(data):
    _side(data, "vvs")["deployment"][0]["count"] = 4


def _yak_left_out(data):
    _side(data, "vvs")["reinforcement_box"] = [
        e for e in _side(data, "vvs")["reinforcement_box"] if e["unit"] != "yak"
    ]


def _pool_too_small(data):
    _side(data, "vvs")["random_deployment"][0]["count"] = 5


def _too_many_pe2(data):
    _side(data, "vvs")["deployment"][2]["count"] = 6


def _crowded_sarabuz(data):
    _side(data, "luftwaffe")["deployment"][0]["at"] = ["sarabuz"]
    _side(data, "luftwaffe")["deployment"][0]["count"] = 3


def _misspelt_forbidden_place(data):
    _side(data, "vvs")["airbase_counters"]["forbidden_places"] = ["myashakko"]


def _setup_at_a_port(data):
    _side(data, "luftwaffe")["deployment"][0]["at"] = ["sevastopol"]


def _setup_in_enemy_ground(data):
    _side(data, "luftwaffe")["deployment"][0]["at"] = ["rostov"]


def _no_ga_class(data):
    data["unit_classes"] = [c for c in data["unit_classes"] if c["type"] != "GA"]


def _no_lra_in_box(data):
    _side(data, "vvs")["reinforcement_box"] = [
        e for e in _side(data, "vvs")["reinforcement_box"] if e["unit"] != "il-4"
    ]


def _one_wild_card(data):
    _side(data, "luftwaffe")["deck"].remove("lw-axis-allies")


def _no_wild_card_rule(data):
    del data["wild_cards"]


def _undeclared_option(data):
    data["options"] = [o for o in data["options"] if o["id"] != "errata-card-07"]


def _another_gap(data):
    data["special_rules"][1]["section"] = "26.3"


def _bad_modelled_by(data):
    data["special_rules"][3]["modelled_by"] = ["sides[2].command_level"]


def _bad_kind_field(data):
    data["special_rules"][4]["modelled_by"] = ["aw.map.placez"]


def _low_aa(data):
    _place(data, "anapa")["airbase"]["aa"] = 1


def _shared_square(data):
    _place(data, "saki")["at"] = "C8"


def _counters_are_aa(data):
    data["type"] = "aa"


def _crt_milder_on_six(data):
    data["rows"][2]["fighters"] = "none"


def _lend_lease_out_of_the_deck(data):
    _side(data, "vvs")["deck"].remove("vvs-lend-lease")


def _other_ports_off_the_roster(data):
    _side(data, "vvs")["target_roster"].remove("vvs-other-ports")


CASES = [
    # (rule, kind, id of the record edited, change, kind and id of the record checked, expected text)
    (
        "aw.unit_type_mode",
        AIR,
        "la-5",
        _set(("front", "mode"), "bomber"),
        None,
        "front face flies as 'fighter'",
    ),
    (
        "aw.unit_type_mode",
        AIR,
        "p-40",
        _set(("back_use",), "based"),
        None,
        "back_use should be 'alternate_mode'",
    ),
    (
        "aw.unit_type_mode",
        AIR,
        "fw190",
        _set(("back", "mode"), "fighter"),
        None,
        "give it the other mode",
    ),
    ("aw.unit_face_values", AIR, "pe-2", _set(("front", "bomb"), 0), None, "can never bomb"),
    ("aw.unit_face_values", AIR, "me109", _set(("front", "bomb"), 2), None, "never bombs"),
    ("aw.unit_face_values", AIR, "yak", _set(("front", "air_combat"), 0), None, "never fires"),
    (
        "aw.unit_designations",
        AIR,
        "la-5",
        _set(("designations",), ["4 GIAP"]),
        None,
        "1 designation(s) for 4",
    ),
    (
        "aw.unit_group",
        AIR,
        "p-39",
        _set(("group",), "lll"),
        None,
        "no counter group 'lll'. Did you mean 'll'?",
    ),
    (
        "aw.ground_unit_fields",
        GROUND,
        "vvs-airbase",
        _set(("capacity",), None),
        None,
        "needs its printed capacity",
    ),
    (
        "aw.ground_unit_fields",
        GROUND,
        "vvs-airbase",
        _counters_are_aa,
        None,
        "only airbase counters",
    ),
    ("aw.map_grid", MAP, "kuban", _drop_square, None, "1 square(s) of the grid are not listed: C8"),
    (
        "aw.map_grid",
        MAP,
        "kuban",
        _off_grid_square,
        None,
        "square P1 is off the 15 x 10 grid (A1-O10)",
    ),
    (
        "aw.map_grid",
        MAP,
        "kuban",
        _set(("squares", 0, "terrain"), "lnad"),
        None,
        "Did you mean 'land'?",
    ),
    ("aw.map_territory", MAP, "kuban", _dry_sea, None, "A8 is all water"),
    ("aw.map_territory", MAP, "kuban", _unowned_land, None, "land square A1 belongs to no side"),
    ("aw.map_places", MAP, "kuban", _sevastopol_at_sea, None, "A8 is all water"),
    (
        "aw.front_line",
        MAP,
        "kuban",
        _soviet_krymskaya,
        None,
        "meet across a side that is not on the front line",
    ),
    ("aw.front_line", MAP, "kuban", _soviet_krymskaya, None, "runs between K7 and K8, both vvs"),
    ("aw.front_line", MAP, "kuban", _diagonal_front, None, "does not follow one square side"),
    (
        "aw.front_line",
        MAP,
        "kuban",
        _off_corner_front,
        None,
        "point [9.5, 5.0] is not on a grid corner",
    ),
    ("aw.radar_line", MAP, "kuban", _radar_hole, None, "passes through J7"),
    ("aw.crt_order", CRT, "air-superiority", _crt_milder_on_six, None, "milder than 'abort'"),
    (
        "aw.card_disposition",
        CARD,
        "vvs-guards-regiments",
        _set(("disposition",), "discard"),
        None,
        "reshuffled (11.4)",
    ),
    (
        "aw.card_disposition",
        CARD,
        "vvs-guards-regiments",
        _set(("disposition",), "discard"),
        None,
        "refits when picked again",
    ),
    (
        "aw.card_disposition",
        CARD,
        "vvs-blue-line",
        _set(("disposition",), "reshuffle"),
        None,
        "never reappears",
    ),
    (
        "aw.card_numbers",
        CARD,
        "lw-experten",
        _set(("number",), 7),
        None,
        "also used by vvs-kuban-escalator",
    ),
    (
        "aw.card_places",
        CARD,
        "vvs-blue-line",
        _set(("effects", 0, "place"), "blue-lines"),
        None,
        "Did you mean 'blue-line'?",
    ),
    (
        "aw.card_places",
        CARD,
        "vvs-blue-line",
        _set(("effects", 0, "place"), "sevastopol"),
        None,
        "not a battle square",
    ),
    (
        "aw.unit_picks",
        CARD,
        "vvs-guards-regiments",
        _set(("effects", 0, "picks", 0, "units"), ["me109"]),
        None,
        "belongs to 'luftwaffe'",
    ),
    (
        "aw.unit_picks",
        CARD,
        "vvs-lend-lease",
        _set(("effects", 0, "picks", 0, "group"), "axis-allied"),
        None,
        "no group 'axis-allied'",
    ),
    (
        "aw.unit_picks",
        SCEN,
        "red-eagles",
        _set(("sides", 0, "random_deployment", 0, "units"), ["il-4"]),
        None,
        "Il-4 is not in group 'll'",
    ),
    (
        "aw.roster_ground_battle",
        ROSTER,
        "vvs-krymskaya",
        _set(("target", "card"), "vvs-soviet-intelligence"),
        None,
        "designates no ground battle",
    ),
    (
        "aw.roster_targets",
        ROSTER,
        "lw-rostov",
        _set(("target", "place"), "sevastopol"),
        None,
        "scores only for enemy targets",
    ),
    (
        "aw.roster_targets",
        ROSTER,
        "lw-rostov",
        _set(("target", "place"), "gelendzhik"),
        None,
        "has no logistic_centre",
    ),
    (
        "aw.roster_targets",
        SCEN,
        "red-eagles",
        _set(("sides", 1, "may_bomb"), ["port"]),
        (ROSTER, "lw-krymskaya"),
        "may not bomb ground_battle",
    ),
    (  # a label of a turn the scenario does not play
        "aw.turn_numbers",
        SCEN,
        "red-eagles",
        _set(("turn_labels", 4, "turn"), 6),
        None,
        "turn 6 is after the last turn (5), so the label is never shown",
    ),
    (
        "aw.turn_numbers",
        SCEN,
        "red-eagles",
        _set(("turn_labels", 2, "turn"), 2),
        None,
        "turn 2 is already labelled by turn_labels[1], so this label is never shown",
    ),
    (
        "aw.turn_numbers",
        SCEN,
        "red-eagles",
        lambda data: _side(data, "vvs").__setitem__("scheduled_reinforcements", [{"unit": "yak", "count": 1, "turn": 7}]),
        None,
        "turn 7 is after the last turn (5), so these units never arrive",
    ),
    (  # a card pasted twice: two of one printed card in the deck
        "aw.listed_twice",
        SCEN,
        "red-eagles",
        lambda data: _side(data, "vvs")["deck"].append("vvs-blue-line"),
        None,
        "'vvs-blue-line' is already deck[1]: the deck would hold two of the one card",
    ),
    (
        "aw.listed_twice",
        SCEN,
        "red-eagles",
        lambda data: _side(data, "luftwaffe")["target_roster"].insert(0, "lw-rostov"),
        None,
        "'lw-rostov' is already target_roster[0]: the roster would list the line twice",
    ),
    (  # two lines at one place of the printed roster: each one's preview puts it after the other
        "aw.roster_order",
        ROSTER,
        "vvs-krymskaya",
        _set(("order",), 6),
        None,
        "order 6 is also that of 'vvs-blue-line', another 'vvs' line",
    ),
    (  # a modder's new card (or roster line) the scenario does not list does nothing, silently
        "aw.not_in_play",
        SCEN,
        "red-eagles",
        _lend_lease_out_of_the_deck,
        (CARD, "vvs-lend-lease"),
        "no scenario lists 'vvs-lend-lease' in a side's deck, so it is never in play",
    ),
    (
        "aw.not_in_play",
        SCEN,
        "red-eagles",
        _other_ports_off_the_roster,
        (ROSTER, "vvs-other-ports"),
        "no scenario lists 'vvs-other-ports' in a side's target_roster",
    ),
    (
        "aw.crt_optional_column",
        BOMB,
        "bombing",
        _ground_unit_column_half_printed,
        None,
        "row 2 (roll 4) has no ground_unit result",
    ),
    (
        "aw.may_bomb_column",
        SCEN,
        "red-eagles",
        _set(("sides", 0, "may_bomb"), ["port", "ground_unit"]),
        None,
        "'vvs' may bomb 'ground_unit' targets, but Bombing CRT 'bombing' has no ground_unit column",
    ),
    (
        "aw.scenario_sides",
        SCEN,
        "red-eagles",
        _set(("interceptor",), "vvs"),
        None,
        "must be different sides",
    ),
    (
        "aw.scenario_sides",
        SCEN,
        "red-eagles",
        _set(("victory", "levels", 0, "winner"), "raf"),
        None,
        "'raf' does not play",
    ),
    (
        "aw.command_level",
        SCEN,
        "red-eagles",
        _set(("sides", 0, "command_level", "start"), 5),
        None,
        "outside its bounds 1-4",
    ),
    ("aw.victory_bands", SCEN, "red-eagles", _gap_in_bands, None, "no level for scores 0 to 0"),
    (
        "aw.victory_bands",
        SCEN,
        "red-eagles",
        _overlapping_bands,
        None,
        "overlaps 'Luftwaffe Operational' at 0",
    ),
    (
        "aw.side_refs",
        SCEN,
        "red-eagles",
        _enemy_card_in_deck,
        None,
        "'lw-experten' belongs to 'luftwaffe', not to 'vvs'",
    ),
    (
        "aw.countermix",
        SCEN,
        "red-eagles",
        _one_la5_too_many,
        None,
        "uses 5 LA-5 counters but the countermix has 4",
    ),
    ("aw.countermix", SCEN, "red-eagles", _yak_left_out, None, "1 of 3 Yak counter(s) are neither"),
    (
        "aw.countermix",
        SCEN,
        "red-eagles",
        _pool_too_small,
        None,
        "picks 5 counter(s) from a pool of 4",
    ),
    (
        "aw.deployment_capacity",
        SCEN,
        "red-eagles",
        _too_many_pe2,
        None,
        "16 air units set up but 'vvs' airbases hold 15",
    ),
    (
        "aw.deployment_capacity",
        SCEN,
        "red-eagles",
        _crowded_sarabuz,
        None,
        "3 me109 set up at sarabuz, whose airbases hold 2",
    ),
    (
        "aw.scenario_places",
        SCEN,
        "red-eagles",
        _misspelt_forbidden_place,
        None,
        "Did you mean 'myashako'?",
    ),
    ("aw.scenario_places", SCEN, "red-eagles", _setup_at_a_port, None, "Sevastopol has no airbase"),
    (
        "aw.scenario_places",
        SCEN,
        "red-eagles",
        _setup_in_enemy_ground,
        None,
        "Rostov is not 'luftwaffe' territory",
    ),
    ("aw.unit_classes", SCEN, "red-eagles", _no_ga_class, None, "no class for type GA"),
    (
        "aw.unit_classes",
        AIR,
        "yak",
        _set(("front", "mode"), "decoy"),
        (SCEN, "red-eagles"),
        "type F has no rules for",
    ),
    (
        "aw.card_reinforcements",
        SCEN,
        "red-eagles",
        _no_lra_in_box,
        None,
        "'vvs-long-range-aviation' brings in 1 unit(s)",
    ),
    (
        "aw.wild_cards",
        SCEN,
        "red-eagles",
        _one_wild_card,
        None,
        "1 wild card(s) in the deck; 2 are needed",
    ),
    ("aw.wild_cards", SCEN, "red-eagles", _no_wild_card_rule, None, "sets no wild card play"),
    (
        "aw.options",
        SCEN,
        "red-eagles",
        _undeclared_option,
        None,
        "card 'vvs-kuban-escalator' depends on option 'errata-card-07'",
    ),
    (
        "aw.options",
        MAP,
        "kuban",
        _set(("places", 3, "airbase", "option"), "errata-sarabuz"),
        (SCEN, "red-eagles"),
        "Did you mean 'errata-sarabuz-airfield'?",
    ),
    ("aw.special_rule_numbering", SCEN, "red-eagles", _another_gap, None, "jump from 26.1 to 26.3"),
    (
        "aw.special_rule_ids",
        SCEN,
        "red-eagles",
        _bad_modelled_by,
        None,
        "'sides[2].command_level' names no field",
    ),
    (
        "aw.special_rule_ids",
        SCEN,
        "red-eagles",
        _bad_kind_field,
        None,
        "'aw.map.placez' names no field",
    ),
    (
        "aw.special_rule_ids",
        SCEN,
        "red-eagles",
        _set(("special_rules", 1, "id"), "fighter-bombers"),
        None,
        "used 2 times",
    ),
    (
        "aw.airbase_rules",
        MAP,
        "kuban",
        _low_aa,
        (SCEN, "red-eagles"),
        "Anapa's airbase fires AA 1 but has capacity 3",
    ),
    (
        "aw.airbase_rules",
        MAP,
        "kuban",
        _shared_square,
        (SCEN, "red-eagles"),
        "2 airbases share square C8",
    ),
    (
        "aw.airbase_rules",
        GROUND,
        "vvs-airbase",
        _counters_are_aa,
        (SCEN, "red-eagles"),
        "is an 'aa' counter, not an airbase",
    ),
]


@pytest.mark.parametrize(
    "code, kind, rid, change, checked, expected", CASES, ids=[f"{c[0]}:{c[5][:30]}" for c in CASES]
)
def test_rule_fires_on_a_typical_mistake(records, code, kind, rid, change, checked, expected):
    changed = edited(records, kind, rid, change)
    target = changed[checked or (kind, rid)]
    found = run_rule(RULES[code], target, changed)
    assert any(expected in message for _, _, message in found), found


def test_every_rule_has_a_firing_case():
    assert {c[0] for c in CASES} == set(RULES)


def test_a_shared_roster_order_is_reported_at_the_second_line_naming_the_first_s_file(tmp_path):
    """The finding is on the later line's `order`, sends the modder to the line it clashes with,
    and leaves the first line, and the other side's line of the same order, alone."""
    pack = tmp_path / "red-eagles"
    shutil.copytree(PACK, pack)
    krymskaya = pack / "target-roster" / "vvs-krymskaya.yaml"
    krymskaya.write_text(krymskaya.read_text().replace("order: 5", "order: 6"))
    found = [d for d in validate_paths([pack], workspace()).diagnostics if d.code == "aw.roster_order"]
    first = pack / "target-roster" / "vvs-blue-line.yaml"
    assert [(Path(d.file), d.line, d.path, d.severity.value) for d in found] == [
        (krymskaya, krymskaya.read_text().splitlines().index("order: 6") + 1, "order", "warning")]
    assert f"order 6 is also that of 'vvs-blue-line' ({first}:2), another 'vvs' line" in found[0].message


def test_a_scenario_that_does_not_load_leaves_its_cards_and_roster_lines_alone(tmp_path):
    """Its deck and roster are unknown, so 'no scenario lists it' would be a guess, 29 times over,
    hiding the one error that matters."""
    pack = tmp_path / "red-eagles"
    shutil.copytree(PACK, pack)
    scenario = pack / "scenarios" / "red-eagles.yaml"
    scenario.write_text(scenario.read_text().replace("\nturns: 5\n", "\nturns: 0\n"))
    found = [d for d in validate_paths([pack], workspace()).diagnostics if d.severity.value != "info"]
    assert [(Path(d.file), d.code, d.path) for d in found] == [(scenario, "schema", "turns")]
