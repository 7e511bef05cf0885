"""What the models answer about their data, beyond the worked examples: edges and fallbacks."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.rulesets.af.kinds.vocabulary import Modifier
from engine.rulesets.af.kinds.planes import Climb, Climbs, DataCard

from ..conftest import changed


def test_speed_increments_and_their_spans(get):
    speeds = get("data_card", "p-47d").band_for(12_000).speeds
    assert [speeds.increment(s) for s in (0, 2, 3, 5, 6, 7, 8, 10)] == [
        "stall", "stall", "maneuver", "maneuver", "level", "level", "dive", "dive"]
    assert speeds.increment(11) is None  # beyond the maximum dive speed: the plane breaks up
    no_maneuver = get("data_card", "p-47d").band_for(32_000).speeds
    assert no_maneuver.span("maneuver") is None and no_maneuver.span("level") == (5, 8)


def test_above_the_ceiling_there_is_no_band(get):
    card = get("data_card", "p-47d")
    assert card.ceiling_ft == 39_900
    assert card.band_for(39_900).top_ft == 39_900 and card.band_for(40_000) is None


def test_climb_best_uses_own_or_lower_area():
    climbs = Climbs(maneuver=Climb(ft=500), dive=Climb(ft=300))
    assert climbs.best("stall") is None
    assert climbs.best("level").ft == 500  # no yellow area: climbs as at maneuver speed
    assert climbs.best("dive").ft == 500  # the dive area may not be the larger one
    slow = Climb(ft=100, every=3)
    assert slow.per_turn == pytest.approx(100 / 3)


def test_altitude_changes_beyond_the_printed_boxes_are_unknown(get):
    p47 = get("data_card", "p-47d")
    assert p47.climb_speed_loss(0) == 0 and p47.dive_speed_gain(0) == 0
    assert p47.dive_speed_gain(p47.dive_speed[-1].up_to_ft + 100) is None


def test_series_replace_the_gun_line_and_surface_guns_count_only_on_the_ground(get):
    hurricane = get("data_card", "hurricane-ii")
    assert {g.type for g in hurricane.guns_of()} == {"C"}
    assert {g.type for g in hurricane.guns_of("iib")} == {"M"}
    assert hurricane.guns_of("no-such-series") == hurricane.guns
    strafer = changed(hurricane, lambda d: d["guns"].append({"factors": 2, "type": "M", "position": "FF", "range": 2, "surface_only": True}))
    assert strafer.gun_factors(surface=True) == strafer.gun_factors() + 2


def test_a_card_without_load_modifiers_flies_the_same_loaded(get):
    card = get("data_card", "spitfire-i")
    assert card.load is None and card.loaded() is card


def test_hit_table_columns_below_one_and_beyond_the_last(get):
    table = get("hit_table", "hit-table")
    assert table.column(0) is None and table.column(-3) is None
    assert table.column(99) is table.columns[-1]
    assert table.deflection_modifier(15) is None


def test_range_tables_know_their_reach(get):
    guns = get("range_table", "range-attenuation")
    assert guns.effectiveness(16, guns.max_range + 1) is None
    assert guns.effectiveness(0, 1) is None
    assert guns.effectiveness(500, 1) == guns.rows[-1].effectiveness[0]
    heavy = get("range_table", "aa-heavy")
    assert heavy.effectiveness(30, 4) is None  # too close for heavy anti-aircraft
    assert heavy.effectiveness(30, 5) == 30


def test_modified_rolls_clamp_to_the_die(get):
    spotting = get("die_table", "spotting")
    night = next(m for m in spotting.modifiers if m.id == "night")
    assert spotting.result(2 + night.amount()) == "not_spotted"
    assert spotting.result(6 + 5) == "spotted"
    unclamped = changed(spotting, lambda d: d.update(clamp=False))
    assert unclamped.result(-1) is None


def test_modifier_counting():
    ace = Modifier(id="ace", value=1, condition="per five kills", every=5)
    assert [ace.amount(k) for k in (0, 4, 5, 9, 10)] == [0, 0, 1, 1, 2]
    assert Modifier(id="flat", value=-3, condition="x").amount(7) == -3


def test_bombing_cards_land_bombs_by_red_and_white(get):
    low, high = get("bombing_card", "glide-low"), get("bombing_card", "glide-high")
    assert low.target(6, 1) == (0, 0)
    assert low.target(1, 1) is None
    assert high.target(6, 1) != (0, 0) and high.target(6, 6) == (0, 0)
    hits = lambda card: sum(card.target(r, w) is not None for r in range(1, 7) for w in range(1, 7))
    assert hits(low) > hits(get("bombing_card", "glide-medium")) > hits(high) > 0
    dive = get("bombing_card", "dive-low")
    assert dive.target(3 + dive.modifiers[0].amount(), 1) == low.target(4, 1)


def test_scenario_value_specs(get):
    v1 = get("scenario", "solitaire-v-1").variant("basic")
    assert v1.groups[1].altitude.mode == "any" and v1.groups[1].altitude.choices() is None
    low = get("scenario", "low-altitude-mission").variant("airfield-raid")
    attackers = next(g for g in low.groups if g.id == "attackers")
    assert attackers.altitude.choices() == list(range(0, 2001))
    assert get("scenario", "solitaire-v-1").variant("no-such") is None


@pytest.mark.parametrize("bad,where", [
    ({"guns": [{"factors": 0, "type": "M", "position": "FF", "range": 3}]}, "factors"),
    ({"guns": [{"factors": 4, "type": "X", "position": "FF", "range": 3}]}, "type"),
    ({"silhouette": 11}, "silhouette"),
    ({"damage": {"wings": 1, "fuselage": 1, "fuel": 1, "engines": [1, 1, 1, 1, 1]}}, "engines"),
])
def test_schema_rejects_values_out_of_range(get, bad, where):
    data = get("data_card", "p-47d").model_dump(mode="json", exclude_unset=True)
    data.update(bad, kind="af.data_card")
    with pytest.raises(ValidationError, match=where):
        DataCard.model_validate(data)
