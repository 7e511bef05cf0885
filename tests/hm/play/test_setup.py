"""Setting a scenario up: planes placed and logged, substitutes as options, what cannot be played."""

from __future__ import annotations

import pytest

from engine.core.board import HexGrid
from engine.core.game import Game, resume, run
from engine.core.view import view_at

from ..conftest import variant
from .kit import ENGINE, content, events, fighter, new_game, scenario, squadron


def test_every_plane_and_target_is_placed_in_the_log(records):
    scen = records["hm.scenario", "bombers-over-berlin"]
    game = Game(ENGINE, scen, content(records), 1)
    placed = {e["unit"]: e for e in events(game, "unit.placed")}
    assert len(placed) == 34 + 3
    b17 = placed["b17-1"]
    assert (b17["side"], b17["unit_type"], b17["at"], b17["facing"]) == ("allies", "b-17g-fortress", "0924", 0)
    assert b17["state"] == {"role": "bomber", "squadron": "bomb-group", "card": "AS", "hexes": ["0924", "0925"],
                            "hits": 0, "damage": 22, "speed": 2, "engines": 4}
    assert placed["target:target-west"]["at"] == "0502" and placed["target:target-west"]["unit_type"] == "target"


def test_the_board_is_the_scenarios_mat_as_a_hex_grid(records):
    grid = ENGINE.board(records["hm.scenario", "bombers-over-berlin"], content(records))
    assert isinstance(grid, HexGrid) and (grid.cols, grid.rows) == (17, 30) and grid.label((8, 23)) == "0924"


def test_substitute_plane_types_are_the_scenarios_options(records):
    scen = records["hm.scenario", "zekes-in-the-slot"]
    assert ENGINE.option_defaults(scen) == {"corsairs:p-38-lightning": False, "zeros-1:a6m5-zero-army": False,
                                            "zeros-2:a6m5-zero-army": False}
    game = Game(ENGINE, scen, content(records), 1, {"corsairs:p-38-lightning": True})
    assert {p.type for p in game.state.live("usa")} == {"p-38-lightning"}
    assert {p.type for p in game.state.live("japan")} == {"a6m5-zero-navy"}
    berlin = records["hm.scenario", "bombers-over-berlin"]
    with pytest.raises(ValueError, match="both replace the planes of squadron 'bomb-group'"):
        Game(ENGINE, berlin, content(records), 1, {"bomb-group:lancaster": True, "bomb-group:b-24j-liberator": True})


def test_a_plane_with_blank_ratings_cannot_be_set_up(records, monkeypatch):
    scen = scenario([squadron("a", "red", "yak-7-9", [fighter("y", 3, 3, 0, "AS")]),
                     squadron("b", "blue", "me109g", [fighter("m", 9, 9, 0, "AH")])])
    with pytest.raises(ValueError, match="'y' flies 'yak-7-9', whose immelman, damage the pack leaves blank"):
        new_game(monkeypatch, scen, content(records, scen))


def test_special_rules_the_engine_does_not_play_are_said_so(records, monkeypatch):
    scen = scenario([squadron("a", "red", "p-40-warhawk", [fighter("p", 3, 13, 0, "AS")]),
                     squadron("b", "blue", "me109g", [fighter("m", 9, 3, 3, "AH")])],
                    special_rules=[{"id": "fog", "text": "Planes more than 6 hexes away cannot be seen."}])
    game = new_game(monkeypatch, scen, content(records, scen))
    assert events(game, "hm.special_rule") == [{**events(game, "hm.special_rule")[0], "rule": "fog", "played": False}]
    assert any("'fog' is not played" in e["text"] for e in events(game, "summary"))


@pytest.mark.parametrize("minimum, stays, shortest", [(0, True, 0), (1, False, 1), (2, False, 2)])
def test_the_least_a_plane_may_move_comes_from_the_rules(records, monkeypatch, minimum, stays, shortest):
    rules = variant(records["hm.rules", "core"], lambda d: d["movement"].update(minimum_hexes=minimum))
    scen = scenario([squadron("a", "red", "p-40-warhawk", [fighter("p", 9, 8, 0, "AS")]),
                     squadron("b", "blue", "me109g", [fighter("m", 3, 3, 3, "AH")])])
    game = new_game(monkeypatch, scen, content(records, scen, rules), decks=[["AS", "AH"]])
    options = game.pending.options
    assert (("0908", 0) in {(a["to"], a["facing"]) for a in options}) == stays
    assert min(len(a["path"]) for a in options) == shortest


def test_a_saved_game_resumes_to_the_same_log(records):
    scen = records["hm.scenario", "yamamotos-defeat"]
    bots = lambda g: {s: ENGINE.bot(s, "hard") for s in g.sides}  # noqa: E731
    full = Game(ENGINE, scen, content(records), 6)
    run(full, bots(full))
    save = full.save()
    half = resume(ENGINE, scen, content(records), save, upto=len(save["decisions"]) // 2)
    run(half, bots(half))
    assert half.log.to_jsonl() == full.log.to_jsonl()


def test_the_standard_unit_events_redraw_the_mat(records):
    scen = records["hm.scenario", "bombers-over-berlin"]
    game = Game(ENGINE, scen, content(records), 2)
    run(game, {s: ENGINE.bot(s, "easy") for s in game.sides})
    assert any(e["type"] == "unit.changed" and "hexes" in e["state"] for e in game.log)
    view = view_at(game.log)
    state = game.state
    for plane in state.planes.values():
        unit = view.units[plane.id]
        if plane.on_mat:
            assert (unit.at, unit.facing, unit.state["hits"]) == (state.mat.labels[plane.nose], plane.facing, plane.hits)
            assert unit.state.get("hexes", [unit.at]) == state.labels(plane)  # heavy bombers say their two
        else:
            assert unit.at is None and unit.box == plane.status
