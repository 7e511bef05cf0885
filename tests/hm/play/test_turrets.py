"""Bomber Firing Arcs: each turret's sectors (hm.turret records), range 2, lines blocked by planes."""

from __future__ import annotations

import pytest

from engine.core.board import cube_step
from engine.core.decisions import IllegalAction
from engine.rulesets.hm.play.fire import sight, turret_shots

from ..conftest import variant
from .kit import content, events, fighter, move_to, new_game, scenario, squadron


def bomber_game(records, monkeypatch, bomber="g4m2-betty", at=(9, 8), facing=0, enemies=1, extra=()):
    squadrons = [squadron("bombers", "blue", bomber, [{"id": "b", "col": at[0], "row": at[1], "facing": facing}],
                          role="bomber", card="AS"),
                 squadron("f", "red", "p-40-warhawk",
                          [fighter(f"e{i}", 1 + 2 * i, 15, 0, f"{i + 2}H") for i in range(enemies)])]
    scen = scenario(squadrons)
    return new_game(monkeypatch, scen, content(records, scen, *extra), decks=[["AS"]])


def put(state, plane, cube):
    state.lift(plane)
    plane.nose = cube
    state.place(plane)


def ring(center, radius):
    """Every hex at exactly `radius` from `center`."""
    out = []
    cube = cube_step(center, 4, radius)
    for side in range(6):
        for _ in range(radius):
            out.append(cube)
            cube = cube_step(cube, side)
    return out


def seen_by(records, monkeypatch, turret_id, bomber="g4m2-betty"):
    """The hexes within three hexes of the bomber from which its turret can be fired at, each tried alone."""
    game = bomber_game(records, monkeypatch, bomber)
    state = game.state
    b, enemy = state.planes["b"], state.planes["e0"]
    turret = records["hm.turret", turret_id]
    seen = set()
    for radius in (1, 2, 3):
        for cube in ring(b.nose, radius):
            if cube in state.occupied:
                continue
            put(state, enemy, cube)
            if turret_shots(state, b, turret):
                seen.add(cube)
    return b.nose, seen


def sectors_hit(nose, seen):
    return {d for cube in seen for d in sight(tuple(c - n for c, n in zip(cube, nose))).sectors}


@pytest.mark.parametrize("turret_id, directions, count", [
    ("nose", {5, 0, 1}, 3 + 3 + 4),
    ("tail", {2, 3, 4}, 3 + 3 + 4),
    ("waist", {1, 2, 4, 5}, 4 + 4 + 6),
    ("top", set(range(6)), 6 + 12),
])
def test_each_turret_fires_into_its_sectors_out_to_two_hexes(records, monkeypatch, turret_id, directions, count):
    # Sectors are 60 degrees wide, centred on a hexside; a hex two out between two hexsides lies on the
    # boundary and belongs to both, so the waist guns cover all six of those.
    nose, seen = seen_by(records, monkeypatch, turret_id)
    assert len(seen) == count
    assert all(max(abs(c - n) for c, n in zip(cube, nose)) <= 2 for cube in seen)  # range 2
    assert sectors_hit(nose, seen) <= directions | {(d + 1) % 6 for d in directions} | {(d - 1) % 6 for d in directions}
    straight = {cube_step(nose, d, r) for d in directions for r in (1, 2)}
    assert straight <= seen


def test_arcs_turn_with_the_bomber(records, monkeypatch):
    game = bomber_game(records, monkeypatch, facing=2)
    state = game.state
    b, enemy = state.planes["b"], state.planes["e0"]
    nose_turret = records["hm.turret", "nose"]
    put(state, enemy, cube_step(b.nose, 2))  # dead ahead of a bomber facing south-east
    assert turret_shots(state, b, nose_turret)
    put(state, enemy, cube_step(b.nose, 0))  # north: off its nose now
    assert not turret_shots(state, b, nose_turret)


def test_a_plane_on_the_line_blocks_the_turret(records, monkeypatch):
    game = bomber_game(records, monkeypatch, enemies=3)
    state = game.state
    b, target, blocker, other = (state.planes[k] for k in ("b", "e0", "e1", "e2"))
    top = records["hm.turret", "top"]
    put(state, target, cube_step(b.nose, 3, 2))
    put(state, blocker, cube_step(b.nose, 3))
    assert [s.target.id for s in turret_shots(state, b, top)] == ["e1"]  # only the nearer one
    # Along a hexside, with the pack's 'both': one plane beside the line does not block, two do.
    between = cube_step(cube_step(b.nose, 0), 1)
    put(state, target, between)
    put(state, blocker, cube_step(b.nose, 0))
    assert "e0" in [s.target.id for s in turret_shots(state, b, top)]
    put(state, other, cube_step(b.nose, 1))
    assert "e0" not in [s.target.id for s in turret_shots(state, b, top)]


def test_either_hexside_rule_blocks_with_one_plane(records, monkeypatch):
    table = variant(records["hm.shooting_table", "shooting"],
                    lambda d: d["hexside_lines"].update(blocked_by="either"))
    game = bomber_game(records, monkeypatch, enemies=2, extra=[table])
    state = game.state
    b, target, blocker = (state.planes[k] for k in ("b", "e0", "e1"))
    put(state, target, cube_step(cube_step(b.nose, 0), 1))
    put(state, blocker, cube_step(b.nose, 0))
    assert "e0" not in [s.target.id for s in turret_shots(state, b, records["hm.turret", "top"])]


def test_heavy_bomber_turrets_measure_from_their_own_hex(records, monkeypatch):
    # B-17 nose at 0910 facing north, tail at 0911.
    game = bomber_game(records, monkeypatch, "b-17g-fortress", at=(9, 10))
    state = game.state
    b, enemy = state.planes["b"], state.planes["e0"]
    nose, tail_hex = b.hexes
    turrets = {t.id: t for t, _ in b.turrets}
    put(state, enemy, cube_step(tail_hex, 3, 2))  # two behind the tail, three behind the nose
    assert turret_shots(state, b, turrets["tail"])[0].range == 2  # rear: from the tail hex
    assert turret_shots(state, b, turrets["top"])[0].range == 2  # either: the nearer hex
    assert not turret_shots(state, b, turrets["nose"])
    put(state, enemy, cube_step(nose, 0, 2))
    assert turret_shots(state, b, turrets["nose"])[0].range == 2
    assert not turret_shots(state, b, turrets["tail"])  # three from the tail hex


def test_a_turret_with_several_targets_asks_which(records, monkeypatch):
    squadrons = [squadron("bombers", "blue", "g4m2-betty", [{"id": "b", "col": 9, "row": 8, "facing": 0}],
                          role="bomber", card="AS"),
                 squadron("f", "red", "p-40-warhawk", [fighter("ahead", 9, 5, 3, "2H"), fighter("right", 10, 6, 3, "3H")])]
    scen = scenario(squadrons)
    game = new_game(monkeypatch, scen, content(records, scen), decks=[["AS"]])
    move_to(game, "0907", 0)
    decision = game.pending
    assert decision.kind == "hm.turret_target" and decision.context == {"plane": "b", "turret": "nose"}
    assert [(a["target"], a["range"]) for a in decision.options] == [("ahead", 2), ("right", 1)]
    with pytest.raises(IllegalAction, match="can fire at ahead, right only"):
        game.submit({"type": "fire", "turret": "nose", "target": "b", "range": 1})
    game.submit(decision.options[1])
    assert events(game, "hm.shot")[0]["target"] == "right"
