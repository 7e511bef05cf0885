"""The bundled Red Eagles pack: validates with the expected counts, round-trips, and
holds the rulebook's printed numbers and worked examples."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from engine.cli import main

from .conftest import PACK

EXPECTED_COUNTS = {
    "aw.air_crt": 1,
    "aw.air_unit": 19,
    "aw.bombing_crt": 1,
    "aw.campaign_card": 18,
    "aw.ground_unit": 1,
    "aw.map": 1,
    "aw.scenario": 1,
    "aw.side": 2,
    "aw.target_roster": 11,
}


def _validate_json(capsys) -> tuple[int, dict]:
    code = main(["validate", str(PACK), "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_validate_is_ok_with_the_expected_counts(capsys):
    code, out = _validate_json(capsys)
    assert code == 0 and out["ok"] is True
    assert out["counts"] == EXPECTED_COUNTS


def test_the_printed_numbering_gap_is_reported_as_suppressed_info(capsys):
    _, out = _validate_json(capsys)
    assert [(d["severity"], d["code"], d["path"]) for d in out["diagnostics"]] == [
        ("info", "aw.special_rule_numbering", "special_rules")
    ]
    (diag,) = out["diagnostics"]
    assert "30.10 to 30.13" in diag["message"]
    assert diag["file"].endswith("scenarios/red-eagles.yaml") and diag["line"] > 1
    main(["validate", str(PACK)])
    assert "[suppressed: as printed]" in capsys.readouterr().out


def test_every_record_names_its_source_and_samples_say_so(records):
    for (kind, rid), record in records.items():
        assert record.source, (kind, rid)
    for kind in ("aw.air_unit", "aw.ground_unit", "aw.map", "aw.campaign_card"):
        for (k, rid), record in records.items():
            if k == kind:
                assert record.sample and "sample" in (record.notes or "").lower(), (kind, rid)
    for kind in ("aw.air_crt", "aw.bombing_crt", "aw.target_roster", "aw.scenario", "aw.side"):
        assert not any(r.sample for (k, _), r in records.items() if k == kind), kind


# ------------------------------------------------------------------ the two CRTs, every cell

AIR_CRT = {  # roll: (fighters, bombers, aa), as printed
    1: ("none", "none", "none"),
    2: ("none", "none", "none"),
    3: ("none", "none", "none"),
    4: ("none", "none", "none"),
    5: ("abort", "abort", "none"),
    6: ("kill", "abort", "abort"),
}
BOMBING_CRT = {  # roll: (logistic centre, port, ground battle, based air unit), as printed
    1: ("none", "none", "none", "none"),
    2: ("none", "none", "none", "none"),
    3: ("none", "none", "none", "none"),
    4: ("none", "bombed", "bombed", "abort"),
    5: ("bombed", "bombed", "bombed", "kill"),
    6: ("bombed", "bombed", "bombed", "kill"),
}


@pytest.mark.parametrize("roll", range(1, 7))
def test_air_superiority_crt_cells(get, roll):
    table = get("aw.air_crt", "air-superiority")
    row = table.lookup(roll)
    assert (row.fighters, row.bombers, row.aa) == AIR_CRT[roll]


@pytest.mark.parametrize("roll", range(1, 7))
def test_bombing_crt_cells(get, roll):
    table = get("aw.bombing_crt", "bombing")
    row = table.lookup(roll)
    assert (row.logistic_centre, row.port, row.ground_battle, row.based_air_unit) == BOMBING_CRT[
        roll
    ]


def test_crt_rows_as_printed_and_their_chances(get):
    air, bombing = get("aw.air_crt", "air-superiority"), get("aw.bombing_crt", "bombing")
    assert air.die == bombing.die == "d6"
    assert [r.roll for r in air.rows] == ["1-4", 5, 6]
    assert [r.roll for r in bombing.rows] == ["1-3", 4, "5-6"]
    assert air.probabilities() == [Fraction(4, 6), Fraction(1, 6), Fraction(1, 6)]
    assert bombing.probabilities() == [Fraction(3, 6), Fraction(1, 6), Fraction(2, 6)]


# ------------------------------------------------------------------ scenario numbers


def test_game_length_five_turns_of_eight_hours(get):
    s = get("aw.scenario", "red-eagles")
    assert (s.turns, s.hours_per_turn, s.days_per_turn) == (5, 8, 14)  # 27.0: two weeks a turn
    assert s.turn_labels[0].label == "3-16 April 1943" and not s.turn_labels[0].sample
    assert [t.turn for t in s.turn_labels] == [1, 2, 3, 4, 5]
    assert all(t.sample for t in s.turn_labels[1:])


def test_intruder_and_interceptor_command_levels_match_the_14_2_example(get):
    """14.2: the Intruder at command level 2 and the Interceptor at 3 stack 2 and 3 units."""
    s = get("aw.scenario", "red-eagles")
    assert (s.intruder, s.interceptor, s.setup_order) == ("vvs", "luftwaffe", ["vvs", "luftwaffe"])
    vvs, lw = s.side_setup("vvs").command_level, s.side_setup("luftwaffe").command_level
    assert (vvs.start, vvs.max, vvs.min) == (2, 4, 1)
    assert (lw.start, lw.max, lw.min) == (3, 4, 1)
    assert (
        s.rules.air_stacking == "command_level" and s.rules.airbase_launch_limit == "command_level"
    )


def test_deployment_lists_as_printed(get):
    s = get("aw.scenario", "red-eagles")
    vvs, lw = s.side_setup("vvs"), s.side_setup("luftwaffe")
    assert {d.unit: d.count for d in vvs.deployment} == {
        "la-5": 3,
        "yak": 2,
        "pe-2": 4,
        "sturmovik": 2,
    }
    (ll,) = vvs.random_deployment
    assert (ll.count, ll.group, ll.choose) == (3, "ll", "random")
    assert {d.unit: d.count for d in lw.deployment} == {
        "me109": 2,
        "me110": 1,
        "fw190": 2,
        "do217": 1,
        "he111": 2,
        "hs123": 1,
        "hs129": 1,
        "ju87": 2,
        "ju-88": 1,
    }
    assert all(not d.at for d in vvs.deployment + lw.deployment)  # "on any ... airbases"


def test_reinforcements_box_holds_the_rest_lra_and_axis_allies(get):
    s = get("aw.scenario", "red-eagles")
    vvs_box = {get("aw.air_unit", e.unit).group for e in s.side_setup("vvs").reinforcement_box}
    lw_box = {get("aw.air_unit", e.unit).group for e in s.side_setup("luftwaffe").reinforcement_box}
    assert "lra" in vvs_box  # 29.1: a long-range aviation (LRA) unit
    assert "axis-allied" in lw_box  # 29.2: the Axis allied units are reinforcements


@pytest.mark.parametrize(
    "score, level",
    [
        (30, "VVS Strategic"),
        (13, "VVS Strategic"),
        (12, "VVS Operational"),
        (0, "VVS Operational"),
        (-1, "Luftwaffe Operational"),
        (-12, "Luftwaffe Operational"),
        (-13, "Luftwaffe Strategic"),
        (-40, "Luftwaffe Strategic"),
    ],
)
def test_levels_of_victory_28_1(get, score, level):
    victory = get("aw.scenario", "red-eagles").victory
    assert (victory.plus, victory.minus) == ("vvs", "luftwaffe")
    assert victory.level_for(score).name == level


def test_vp_for_damaged_enemy_air_units(get):
    s = get("aw.scenario", "red-eagles")
    assert s.side_setup("vvs").vp_per_enemy_air_unit_damaged == 2  # 28.2
    assert s.side_setup("luftwaffe").vp_per_enemy_air_unit_damaged == 1  # 28.3


ROSTER = {  # id: (side, VP, printed line)
    "vvs-sevastopol": ("vvs", 6, "Sevastopol"),
    "vvs-other-ports": ("vvs", 2, "Each Other Port"),
    "vvs-dxhankoi": ("vvs", 4, "Dxhankoi (Logistic Center)"),
    "vvs-operation-neptune": ("vvs", 6, "Operation Neptune (Myashako)"),
    "vvs-krymskaya": ("vvs", 4, "Krymskaya"),
    "vvs-blue-line": ("vvs", 4, "Blue Line"),
    "lw-rostov": ("luftwaffe", 4, "Rostov (Logistic Center)"),
    "lw-other-ports": ("luftwaffe", 2, "Each Other Port"),
    "lw-operation-neptune": ("luftwaffe", 4, "Operation Neptune (Myashako)"),
    "lw-krymskaya": ("luftwaffe", 5, "Krymskaya"),
    "lw-blue-line": ("luftwaffe", 5, "Blue Line"),
}


def test_target_roster_as_printed(records, get):
    found = {
        rid: (r.side, r.vp, r.name) for (k, rid), r in records.items() if k == "aw.target_roster"
    }
    assert found == ROSTER
    s = get("aw.scenario", "red-eagles")
    for setup in s.sides:
        entries = [get("aw.target_roster", t) for t in setup.target_roster]
        assert [e.order for e in entries] == list(range(1, len(entries) + 1))


def test_ground_battle_cards_designate_battle_squares_both_sides_score(records, get):
    """30.10: Krymskaya Offensive, Blue Line and Operation Neptune designate a square; both players score."""
    game_map = get("aw.map", "kuban")
    cards = {r.name: r for (k, _), r in records.items() if k == "aw.campaign_card"}
    expected = {
        "Krymskaya Offensive": "krymskaya",
        "Blue Line": "blue-line",
        "Operation Neptune": "myashako",
    }
    for name, place in expected.items():
        card = cards[name]
        (effect,) = card.effects
        assert (effect.type, effect.place, card.disposition) == ("ground_battle", place, "discard")
        assert game_map.place(place).ground_battle
        scorers = {
            r.side
            for (k, _), r in records.items()
            if k == "aw.target_roster"
            and r.target.type == "ground_battle"
            and r.target.card == card.id
        }
        assert scorers == {"vvs", "luftwaffe"}


def test_eighteen_sample_cards_with_wild_cards_per_side(records, get):
    cards = [r for (k, _), r in records.items() if k == "aw.campaign_card"]
    assert sorted(c.number for c in cards) == list(range(1, 19))  # 1.0: 18 campaign cards
    s = get("aw.scenario", "red-eagles")
    for setup in s.sides:
        deck = [get("aw.campaign_card", c) for c in setup.deck]
        assert len([c for c in deck if c.wild_card]) >= s.wild_cards.cards_needed == 2  # 30.9
        assert [(e.type, e.delta, e.applies_to) for e in setup.wild_card_effects] == [
            ("command_level", 1, "own")
        ]
    assert s.wild_cards.segment == "reinforcement"


def test_soviet_intelligence_raises_the_vvs_command_level(get):
    card = get("aw.campaign_card", "vvs-soviet-intelligence")
    assert card.side == "vvs" and not card.wild_card
    assert [(e.type, e.delta, e.applies_to) for e in card.effects] == [("command_level", 1, "own")]


def test_reinforcement_cards_refit_on_later_picks(records):
    """30.13: reinforcements the first time picked, refits afterwards, so they go back in the deck."""
    found = 0
    for (k, _), card in records.items():
        if k != "aw.campaign_card":
            continue
        for effect in card.effects:
            if effect.type == "reinforcements":
                found += 1
                assert effect.later_picks_refits >= 1 and card.disposition == "reshuffle"
    assert found >= 2


def test_card_07_errata_covers_fighters_and_fighter_bombers(get):
    card = get("aw.campaign_card", "vvs-kuban-escalator")
    assert card.number == 7 and card.side == "vvs"
    covered = {t for e in card.effects if e.type == "combat_bonus" for t in e.unit_types}
    assert covered == {"F", "FB"}
    options = {o.id: o.default for o in get("aw.scenario", "red-eagles").options}
    assert options["errata-card-07"] is True
    assert [e.option for e in card.effects] == [None, "errata-card-07"]


# ------------------------------------------------------------------ map and counters


def test_map_names_the_places_as_printed(get):
    game_map = get("aw.map", "kuban")
    names = {p.name for p in game_map.places}
    assert {"Sevastopol", "Dxhankoi", "Myashako", "Krymskaya", "Rostov", "Sarabuz"} <= names
    assert game_map.square_km == 40  # 27.0
    assert len(game_map.squares) == game_map.columns * game_map.rows


def test_sarabuz_has_a_german_airfield_per_the_map_errata(get):
    game_map = get("aw.map", "kuban")
    sarabuz = game_map.place("sarabuz")
    assert sarabuz.airbase is not None and sarabuz.airbase.option == "errata-sarabuz-airfield"
    assert game_map.territory_of(sarabuz.at) == "luftwaffe"


def test_installations_belong_to_the_right_side(get):
    game_map = get("aw.map", "kuban")
    owner = {p.id: game_map.territory_of(p.at) for p in game_map.places}
    assert owner["sevastopol"] == owner["dxhankoi"] == "luftwaffe"  # VVS targets are German
    assert owner["rostov"] == "vvs"  # a Luftwaffe target
    assert owner["myashako"] == "vvs"  # 30.3: on the Soviet side, yet no airfield may go there
    assert game_map.place("dxhankoi").logistic_centre and game_map.place("rostov").logistic_centre
    assert game_map.place("sevastopol").port
    ports = {
        side: [p for p in game_map.places if p.port and owner[p.id] == side]
        for side in ("vvs", "luftwaffe")
    }
    assert len(ports["vvs"]) >= 2 and len(ports["luftwaffe"]) >= 2  # "each other port"


def test_luftwaffe_radar_covers_every_square_west_of_the_front_line(get):
    """30.5: the Luftwaffe (only) examines VVS units in squares west of the front line."""
    game_map = get("aw.map", "kuban")
    (radar,) = game_map.radar
    cover = set(radar.squares)
    assert radar.side == "luftwaffe"
    for sq in game_map.squares:
        if sq.territory == "luftwaffe":
            assert sq.at in cover
        if sq.territory == "vvs":
            assert sq.at not in cover
    assert "A8" in cover  # sea west of the front


def test_airbases_have_aa_equal_to_capacity(get):
    game_map = get("aw.map", "kuban")
    assert get("aw.scenario", "red-eagles").rules.airbase_aa_equals_capacity  # 30.2, 30.4
    assert all(p.airbase.aa == p.airbase.capacity for p in game_map.places if p.airbase)


def test_vvs_airbase_counters_30_3(get):
    s = get("aw.scenario", "red-eagles")
    rule = s.side_setup("vvs").airbase_counters
    assert (rule.max_on_map, rule.forbidden_places) == (3, ["myashako"])
    counter = get("aw.ground_unit", rule.unit)
    assert counter.type == "airbase" and counter.side == "vvs" and counter.aa == counter.capacity
    assert s.side_setup("luftwaffe").airbase_counters is None
    assert s.rules.one_airbase_per_square


def test_unit_specials_26_1_and_30_15(get):
    me110 = get("aw.air_unit", "me110")
    assert (me110.type, me110.identification, me110.back_use) == ("FB", "LFB", "alternate_mode")
    assert not me110.front.short_range and not me110.back.short_range  # long range in either mode
    assert (me110.front.mode, me110.back.mode) == ("fighter", "bomber")
    assert get("aw.air_unit", "hs129").can_bomb == ["ground_battle", "based_air_unit"]


def test_countermix_fits_the_forty_pieces(records):
    """1.0: 40 game pieces (air units, airbase counters and the game's markers)."""
    counters = sum(
        r.count for (k, _), r in records.items() if k in ("aw.air_unit", "aw.ground_unit")
    )
    assert counters <= 40
    units = [r for (k, _), r in records.items() if k == "aw.air_unit"]
    assert {u.type for u in units} == {"B", "F", "FB", "GA"}
