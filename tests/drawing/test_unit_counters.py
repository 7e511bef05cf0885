"""What playtest boards draw from events: counters of game units, offered places, piece poses."""

import dataclasses

import pytest

from engine.core.game import Game, run
from engine.rulesets.launch import find_scenario
from engine.core.view import BoardView, UnitView
from engine.drawing.kit import piece_poses

GAMES = ["pocket-air-war/cas-kanalkampf-convoy", "hex-minis/zekes-in-the-slot", "red-eagles/red-eagles"]


def played(spec, seed=1):
    launch = find_scenario(spec)
    engine = launch.ruleset.engine
    game = Game(engine, launch.scenario, launch.content, seed)
    run(game, {s: engine.bot(s, engine.bot_strengths[-1]) for s in game.sides})
    return launch, game


@pytest.mark.parametrize("spec", GAMES)
def test_every_unit_of_a_game_has_a_counter_at_every_moment(spec):
    launch, game = played(spec)
    layout, view = launch.ruleset.layout, BoardView()
    drawn = set()
    for event in game.log:
        view.apply(event)
        if event["type"].startswith("unit."):
            unit = view.units[event["unit"]]
            counter = layout.counter(launch.scenario, launch.content, unit)
            assert counter is not None and counter.items, (spec, unit)
            drawn.add(unit.type)
    assert len(drawn) >= 2


def test_paw_counters_show_energy_altitude_and_damage():
    launch = find_scenario("pocket-air-war/sweep-four-versus-four")
    layout = launch.ruleset.layout
    plane = UnitView("spit-1", "allies", "spitfire-i", pos=(0, 0), heading=0,
                     state={"altitude": "low", "energy": 4, "damaged": False})
    fresh = layout.counter(launch.scenario, launch.content, plane)
    assert "4" in fresh.texts() and "spit-1" in fresh.texts()
    worse = dataclasses.replace(plane, state={"altitude": "high", "energy": 2, "damaged": True})
    hurt = layout.counter(launch.scenario, launch.content, worse)
    assert "2" in hurt.texts() and hurt != fresh
    flak = UnitView("cpf-1", "axis", "flak-marker", pos=(0, 0), state={"altitude": "standard"})
    assert "FLAK standard" in layout.counter(launch.scenario, launch.content, flak).texts()


def test_aw_air_units_turn_over_when_they_land_at_a_base():
    launch = find_scenario("red-eagles/red-eagles")
    layout = launch.ruleset.layout
    based = next(a for a in launch.content.records("aw.air_unit")
                 if a.back is not None and a.back_use == "based")
    unit = UnitView(f"{based.id}.1", based.side, based.id, at="N2", state={"airborne": False})
    landed = layout.counter(launch.scenario, launch.content, unit)
    unit.state["airborne"] = True
    flying = layout.counter(launch.scenario, launch.content, unit)
    assert landed != flying


def test_paw_offers_the_place_a_maneuver_ends_exactly_where_the_plane_then_stands():
    launch = find_scenario("pocket-air-war/sweep-four-versus-four")
    engine = launch.ruleset.engine
    game = Game(engine, launch.scenario, launch.content, 3)
    bots = {s: engine.bot(s, "hard") for s in game.sides}
    checked = 0
    while game.pending is not None and checked < 12:
        decision = game.pending
        if decision.kind != "paw.maneuver":
            assert engine.option_place(game, decision, decision.options[0]) is None
            game.submit(bots[decision.side].choose(decision, game))
            continue
        option = decision.options[(7 * checked) % len(decision.options)]
        place = engine.option_place(game, decision, option)
        before = len(game.log)
        game.submit(option)
        moved = next(e for e in game.log[before:] if e["type"] == "unit.moved")
        assert moved["pos"] == place["pos"] and moved["heading"] == place["heading"]
        assert place["path"][-1] == moved["path"][-1]
        checked += 1
    assert checked == 12


def test_piece_poses_fan_out_stacks_and_turn_counters_to_facings_and_headings():
    from engine.core.layout import Piece

    launch = find_scenario("hex-minis/zekes-in-the-slot")
    board = launch.ruleset.layout.board(launch.scenario, launch.content)
    a = Piece("a", "a", "usa", (), cell="0613", facing=2)
    b = Piece("b", "b", "usa", (), cell="0613", facing=0)
    (_, ax, ay, aturn), (_, bx, by, bturn) = piece_poses(board, [a, b])
    assert (ax, ay) == board.center(board.parse("0613")) and aturn == 120.0
    assert bx > ax and by < ay and bturn == 0.0
    paw = find_scenario("pocket-air-war/sweep-four-versus-four")
    mat = paw.ruleset.layout.board(paw.scenario, paw.content)
    [(_, x, y, turn)] = piece_poses(mat, [Piece("p", "p", "axis", (), pos=(100.0, 50.0), heading=0.0)])
    assert (x, y) == (100.0, mat.height - 50.0) and turn == 90.0


def test_a_timeline_names_the_mission_it_generates():
    launch = find_scenario("pocket-air-war/sweep-four-versus-four")
    tool = launch.ruleset.mission
    timeline = launch.content.get(tool.source_kind, "adlerangriff")
    made = tool.generate(launch.content, launch.pack_id, **tool.options_for(timeline, 1))
    again = tool.generate(launch.content, launch.pack_id, **tool.options_for(timeline, 1))
    assert made.scenario == again.scenario
    assert made.scenario.kind_id() == launch.ruleset.scenario_kind
