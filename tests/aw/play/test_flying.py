"""Flying (17.0): speed and grid sides, engagement, stacking, take-off and landing, sorties."""

from __future__ import annotations

import pytest

from engine.core.decisions import IllegalAction
from engine.rulesets.aw.play import flying, routes, sequence
from engine.rulesets.aw.play.fog import seen_by

from .games import board, drive, put


def _destinations(st, side, *unit_ids):
    options = flying.Destinations(st, side, [st.units[u] for u in unit_ids]).build()
    return ({o["at"] for o in options if o["type"] == "move"}, {o["at"] for o in options if o["type"] == "land"})


def _fly(game, st, side, moves):
    """Fly each (unit, kind, square) in turn, then end the segment; returns the decisions."""
    plan = []
    for unit, kind, at in moves:
        plan += [{"type": "fly", "unit": unit}, {"type": kind, "at": at}]
    plan.append({"type": "end"})
    return drive(flying.flying(game, st, side), plan)[1]


def test_a_unit_reaches_every_square_within_its_speed_through_grid_sides_only():
    game, st = board()
    put(st, "la-5.1", "F4", airborne=True)  # speed 4, over the open sea
    moves, _ = _destinations(st, "vvs", "la-5.1")
    expected = {s.label for s in st.static.squares if abs(s.col - 5) + abs(s.row - 3) <= 4}
    assert moves == expected
    assert "J4" in moves and "J5" not in moves  # 4 along a row; a diagonal step counts two


def test_explain_says_how_far_a_square_is_beyond_the_speed():
    game, st = board()
    put(st, "la-5.1", "F4", airborne=True)
    gen = flying.flying(game, st, "vvs")
    next(gen)
    decision = gen.send({"type": "fly", "unit": "la-5.1", "label": ""})
    with pytest.raises(IllegalAction, match=r"LA-5 1 has speed 4; K5 is 6 squares away \(17.0\)"):
        decision.match({"type": "move", "at": "K5"})
    with pytest.raises(IllegalAction, match="not a square of the map"):
        decision.match({"type": "move", "at": "Z9"})


def test_a_flight_is_checked_against_the_unit_and_square_it_names_without_listing_every_option(monkeypatch):
    """The labelled lists are made only when asked for; an action naming a legal unit or square
    is accepted as the offered option, label and all, and the lists hold the same options."""
    listed = []
    real_fly, real_ends = flying.fly_options, flying.Destinations.build
    monkeypatch.setattr(flying, "fly_options", lambda *a: listed.append("fly") or real_fly(*a))
    monkeypatch.setattr(flying.Destinations, "build", lambda self: listed.append("fly_to") or real_ends(self))
    game, st = board()
    put(st, "la-5.1", "F4", airborne=True)
    gen = flying.flying(game, st, "vvs")
    fly = next(gen)
    assert fly.match({"type": "fly", "unit": "la-5.1"})["label"] == "fly LA-5 1 (in the air over F4)"
    fly_to = gen.send(fly.match({"type": "fly", "unit": "la-5.1"}))
    chosen = fly_to.match({"type": "move", "at": "H4"})
    assert chosen["label"].startswith("fly to H4") and listed == []
    assert chosen in fly_to.options and fly.offer("fly", "la-5.1") in fly.options
    assert listed == ["fly_to", "fly"]
    with pytest.raises(IllegalAction, match="speed 4"):
        fly_to.match({"type": "move", "at": "K5"})


def test_enemy_air_units_stop_movement_but_based_units_and_decoys_do_not():
    game, st = board()
    put(st, "pe-2.1", "D4", airborne=True)  # speed 4
    put(st, "me109.1", "E4", airborne=True)  # in the air east of the Pe-2
    put(st, "me109.2", "D3", airborne=True)
    put(st, "me109.3", "D5", airborne=True)
    moves, _ = _destinations(st, "vvs", "pe-2.1")
    assert {"E4", "D3", "D5"} <= moves  # may enter and stop (17.1)
    assert "F4" not in moves and "G4" not in moves  # only through E4, which stops the move
    st.remove(st.units["me109.1"], "abort", "test")
    moves, _ = _destinations(st, "vvs", "pe-2.1")
    assert "H4" in moves
    put(st, "ju87.1", "E4")  # based enemy units do not stop anyone (14.1, 17.2)
    assert "H4" in _destinations(st, "vvs", "pe-2.1")[0]


def test_stacking_counts_at_the_end_of_the_move_only():
    game, st = board()  # VVS command level 2
    put(st, "la-5.1", "H4", airborne=True)
    put(st, "la-5.2", "H4", airborne=True)
    put(st, "yak.1", "G4", airborne=True)
    moves, _ = _destinations(st, "vvs", "yak.1")
    assert "H4" not in moves and "I4" in moves  # through the full square, not into it (14.0)
    gen = flying.flying(game, st, "vvs")
    next(gen)
    decision = gen.send({"type": "fly", "unit": "yak.1"})
    with pytest.raises(IllegalAction, match=r"command level, 14.0"):
        decision.match({"type": "move", "at": "H4"})


def test_worked_example_14_2_each_side_stacks_to_its_own_command_level():
    game, st = board()
    for uid in ("me109.1", "me109.2", "fw190.1"):
        put(st, uid, "H4", airborne=True)  # Luftwaffe command level 3
    put(st, "la-5.1", "G4", airborne=True)
    put(st, "la-5.2", "G4", airborne=True)
    _fly(game, st, "vvs", [])  # nothing moves
    drive(flying.flying(game, st, "vvs"), [{"type": "fly_stack", "at": "G4"}, {"type": "move", "at": "H4"},
                                         {"type": "end"}])
    assert len(st.airborne("vvs", st.static.index["H4"])) == 2 == st.command_level("vvs")
    assert len(st.airborne("luftwaffe", st.static.index["H4"])) == 3 == st.command_level("luftwaffe")


def test_worked_example_14_1_units_in_the_air_and_at_a_base_count_apart():
    game, st = board()
    st.sides["luftwaffe"].command_level = 3
    put(st, "ju87.1", "G7")
    put(st, "ju87.2", "G7")  # two based at Bagerovo
    for uid in ("me109.1", "me109.2", "me109.3"):
        put(st, uid, "G7", airborne=True, took_off=0)
    assert len(st.airborne("luftwaffe", st.static.index["G7"])) == 3  # still within command level 3
    assert st.room(st.static.index["G7"], "luftwaffe") == 1  # capacity 3 minus the two based


def test_worked_example_14_0_an_airbase_of_capacity_2_bases_two_units():
    game, st = board()
    yeysk = st.static.index["K3"]
    assert st.airbase(yeysk, "vvs")[0] == 2
    put(st, "la-5.1", "K3")
    put(st, "la-5.2", "K3")
    assert st.room(yeysk, "vvs") == 0
    put(st, "pe-2.1", "K4", airborne=True, took_off=0)
    assert "K3" not in _destinations(st, "vvs", "pe-2.1")[1]


def test_no_more_than_the_command_level_take_off_from_one_airbase_in_an_hour():
    game, st = board()  # VVS command level 2; Krasnodar holds 3
    for uid in ("la-5.1", "la-5.2", "la-5.3"):
        put(st, uid, "L8")
    _fly(game, st, "vvs", [("la-5.1", "move", "L7"), ("la-5.2", "move", "M8")])
    assert "30.2" in flying.take_off_problem(st, st.units["la-5.3"])
    assert st.units["la-5.3"] not in flying.movable(st, "vvs")


def test_take_off_flips_the_unit_and_it_may_stay_over_its_base():
    game, st = board()
    put(st, "la-5.1", "L8")
    _fly(game, st, "vvs", [("la-5.1", "move", "L8")])
    unit = st.units["la-5.1"]
    assert unit.airborne and unit.square == st.static.index["L8"] and unit.sorties == 1
    changed = [e for e in game.log if e["type"] == "unit.changed" and e["unit"] == "la-5.1"]
    assert changed[-1]["state"] == {"airborne": True}


def test_a_unit_lands_in_an_hour_after_it_took_off_at_a_friendly_airbase_with_room():
    game, st = board()
    put(st, "la-5.1", "L8")
    gen = flying.flying(game, st, "vvs")
    next(gen)
    decision = gen.send({"type": "fly", "unit": "la-5.1"})
    assert not [o for o in decision.options if o["type"] == "land"]  # land in a later hour (16.2)
    put(st, "pe-2.1", "L7", airborne=True, took_off=0)
    _, lands = _destinations(st, "vvs", "pe-2.1")
    assert {"L8", "L6", "K7"} <= lands and "I8" not in lands  # not at a Luftwaffe airbase
    st.hour = 2
    _fly(game, st, "vvs", [("pe-2.1", "land", "L6")])
    unit = st.units["pe-2.1"]
    assert not unit.airborne and unit.square == st.static.index["L6"] and unit.landed == 2


def test_a_stack_entering_enemy_air_units_must_stay_and_fight_rather_than_land():
    game, st = board()
    st.hour = 2
    put(st, "pe-2.1", "L7", airborne=True, took_off=1)
    put(st, "me109.1", "L8", airborne=True)
    _, lands = _destinations(st, "vvs", "pe-2.1")
    assert "L8" not in lands and "L6" in lands


def test_worked_example_16_1_short_range_units_fly_every_other_hour():
    game, st = board()
    put(st, "la-5.1", "L8")
    unit = st.units["la-5.1"]
    st.hour = 1
    _fly(game, st, "vvs", [("la-5.1", "move", "K8")])
    st.hour = 2
    _fly(game, st, "vvs", [("la-5.1", "land", "L8")])
    assert "16.1" in flying.take_off_problem(st, unit)  # landed this hour
    st.hour = 3
    assert flying.take_off_problem(st, unit) is None
    _fly(game, st, "vvs", [("la-5.1", "move", "K8")])
    assert unit.sorties == 2


def test_a_short_range_unit_not_landed_by_the_end_of_the_next_hour_crashes():
    game, st = board()
    put(st, "la-5.1", "K8", airborne=True, took_off=1)
    st.hour = 1
    sequence._crash(st, "vvs")
    assert st.units["la-5.1"].airborne
    st.hour = 2
    sequence._crash(st, "vvs")
    assert st.units["la-5.1"].box == "damage"
    (crash,) = [e for e in game.log if e["type"] == "aw.crash"]
    assert "16.1" in crash["why"]


def test_long_range_units_fly_one_mission_and_must_land_by_the_last_hour():
    game, st = board()
    put(st, "pe-2.1", "K8", airborne=True, took_off=1)
    st.hour = 7
    sequence._crash(st, "vvs")
    assert st.units["pe-2.1"].airborne  # long range: any number of hours (16.2)
    _fly(game, st, "vvs", [("pe-2.1", "land", "L8")])
    assert "16.2" in flying.take_off_problem(st, st.units["pe-2.1"])
    put(st, "pe-2.2", "K8", airborne=True, took_off=7)
    st.hour = 8
    sequence._crash(st, "vvs")
    assert st.units["pe-2.2"].box == "damage"


def test_ground_attack_units_must_land_the_hour_after_and_fly_one_mission():
    game, st = board()
    put(st, "sturmovik.1", "L8")
    unit = st.units["sturmovik.1"]
    _fly(game, st, "vvs", [("sturmovik.1", "move", "K8")])
    st.hour = 2
    _fly(game, st, "vvs", [("sturmovik.1", "land", "L8")])
    st.hour = 3
    assert "mission" in flying.take_off_problem(st, unit)  # one mission a turn (26.2)


def test_fighter_bombers_as_bombers_fly_one_mission_and_the_me110_is_long_range_either_way():
    game, st = board()
    fw = put(st, "fw190.1", "G7")
    st.set_mode(fw, "bomber")
    assert flying.missions_limit(st, fw) == 1 and fw.short_range
    st.set_mode(fw, "fighter")
    assert flying.missions_limit(st, fw) is None
    me110 = put(st, "me110.1", "G7")
    for mode in ("fighter", "bomber"):
        st.set_mode(me110, mode)
        assert not me110.short_range and not flying.must_land_next_hour(st, me110)


def test_entering_enemy_units_or_installations_reveals_the_stack_and_what_is_there():
    game, st = board()
    put(st, "pe-2.1", "I5", airborne=True)
    put(st, "ju87.1", "I8")  # based at Anapa
    _fly(game, st, "vvs", [("pe-2.1", "move", "I8")])
    assert st.units["pe-2.1"].revealed and st.units["ju87.1"].revealed
    put(st, "pe-2.2", "F4", airborne=True)
    _fly(game, st, "vvs", [("pe-2.2", "move", "F5")])  # open sea: nothing to meet
    assert not st.units["pe-2.2"].revealed


def test_a_move_avoids_contact_when_a_shortest_route_allows():
    game, st = board()
    put(st, "pe-2.1", "J6", airborne=True)
    path = [st.static.label(s) for s in flying.path(st, "vvs", st.static.index["J6"], 4, st.static.index["I5"])]
    assert path in (["I6", "I5"], ["J5", "I5"])  # both shortest; neither enters an enemy square
    _fly(game, st, "vvs", [("pe-2.1", "move", "I5")])
    assert not st.units["pe-2.1"].revealed
    moved = [e for e in game.log if e["type"] == "unit.moved" and e["unit"] == "pe-2.1"][-1]
    assert moved["path"] == path


def test_routes_are_kept_across_games_by_the_enemies_within_reach_and_the_kept_ones_are_bounded(monkeypatch):
    monkeypatch.setattr(routes, "KEPT", 2)
    game, st = board()
    st.static.cache.pop("searches", None)
    put(st, "pe-2.1", "D4", airborne=True)  # speed 4
    put(st, "me109.1", "E4", airborne=True)  # stops the Pe-2 east of it: a search
    first = routes.reach(st, "vvs", st.static.index["D4"], 4)[0]
    assert "F4" not in first
    game, st = board()  # another game, the same enemy within reach, one more far away
    put(st, "pe-2.1", "D4", airborne=True)
    put(st, "me109.1", "E4", airborne=True)
    put(st, "me109.2", "K4", airborne=True)
    assert routes.reach(st, "vvs", st.static.index["D4"], 4)[0] is first  # kept, not searched again
    for start in ("D5", "D6", "C4"):  # more searches forget the oldest kept
        routes.reach(st, "vvs", st.static.index[start], 4)
    assert len(st.static.cache["searches"]) == 2


def test_a_player_may_put_any_unit_of_his_stack_on_top():
    """14.0: "You can place your units in a stack in any order"; the order matters because 22.0:
    "A player can always examine the top enemy unit in a stack"."""
    game, st = board()
    put(st, "pe-2.1", "K7")
    put(st, "pe-2.2", "K7")  # placed last: on top
    assert seen_by(st, "luftwaffe") == {"pe-2.2"}
    gen = flying.flying(game, st, "vvs")
    decision = next(gen)
    assert [o["unit"] for o in decision.options if o["type"] == "top"] == ["pe-2.1"]
    with pytest.raises(IllegalAction, match="already on top"):
        decision.match({"type": "top", "unit": "pe-2.2"})
    decision = gen.send(decision.match({"type": "top", "unit": "pe-2.1"}))
    assert decision.kind == "aw.fly"  # putting a unit on top is no move: the segment goes on
    assert seen_by(st, "luftwaffe") == {"pe-2.1"}
    (event,) = [e for e in game.log if e["type"] == "aw.on_top"]
    assert event["unit"] == "pe-2.1" and event["at"] == "K7"
    assert [o["unit"] for o in decision.options if o["type"] == "top"] == ["pe-2.2"]
