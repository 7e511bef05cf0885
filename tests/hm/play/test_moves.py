"""Active Planes Move: forward, slip, turn, Immelman; speed; at least one hex; occupied hexes; the edge."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.board import cube_step
from engine.core.decisions import IllegalAction
from engine.rulesets.hm.play import sequence as play
from engine.rulesets.hm.play.mat import mat_of
from engine.rulesets.hm.play.moves import IMMELMAN, KEPT, Flight, Mover, Template

from .kit import content, events, fighter, move_to, new_game, scenario, squadron


def lone(records, monkeypatch, plane="a6m5-zero-navy", at=(9, 8), facing=0, others=(), **kw):
    """A game whose first decision is moving `plane`; `others` are (id, side, plane, col, row, facing)."""
    squadrons = [squadron("a", "blue", plane, [fighter("mover", *at, facing, "AS")])]
    for i, (pid, side, ptype, col, row, f) in enumerate(others):
        squadrons.append(squadron(f"s{i}", side, ptype, [fighter(pid, col, row, f, f"{i + 2}H")]))
    scen = scenario(squadrons, **kw)
    return new_game(monkeypatch, scen, content(records, scen), decks=[["AS"]])


def by_end(game) -> dict[tuple[str, int], dict]:
    return {(a["to"], a["facing"]): a for a in game.pending.options if a["type"] == "move"}


def label(game, col, row, *steps):
    """The code of the hex reached from (col, row) by stepping in the given directions."""
    grid = game.state.mat.grid
    cell = (col - 1, row - 1)
    for d in steps:
        cell = grid.step(cell, d)
    return grid.label(cell)


def test_forward_and_slips_cost_one_and_keep_the_facing(records, monkeypatch):
    game = lone(records, monkeypatch)
    moves = by_end(game)
    assert moves[("0907", 0)]["cost"] == 1 and moves[("0907", 0)]["path"] == ["0907"]
    left, right = label(game, 9, 8, 5), label(game, 9, 8, 1)
    assert moves[(left, 0)]["cost"] == 1 and moves[(right, 0)]["cost"] == 1  # over and forward, still north
    assert "slip left" in moves[(left, 0)]["label"]


@pytest.mark.parametrize("plane, turn", [("a6m5-zero-navy", 1), ("p-38-lightning", 4), ("f4u-corsair", 2)])
def test_a_turn_changes_facing_one_hexside_then_moves_forward_for_the_turn_rating(records, monkeypatch, plane, turn):
    game = lone(records, monkeypatch, plane)
    moves = by_end(game)
    assert moves[(label(game, 9, 8, 5), 5)]["cost"] == turn
    assert moves[(label(game, 9, 8, 1), 1)]["cost"] == turn
    assert (label(game, 9, 8, 3), 3) not in moves  # no turning on the spot, no flying backwards


def test_immelman_moves_forward_its_rating_and_reverses_in_the_last_hex(records, monkeypatch):
    game = lone(records, monkeypatch, "a6m5-zero-navy")  # Immelman 2, speed 3
    imm = by_end(game)[("0906", 3)]
    assert imm["cost"] == 2 and imm["path"] == ["0907", "0906"] and IMMELMAN in imm["label"]


def test_the_hexes_of_an_immelman_must_be_empty(records, monkeypatch):
    game = lone(records, monkeypatch, others=[("friend", "blue", "a6m5-zero-navy", 9, 7, 0)])
    assert ("0906", 3) not in by_end(game)
    with pytest.raises(IllegalAction, match="Immelman's hexes must be empty: 0907 holds friend"):
        game.submit({"type": "move", "to": "0906", "facing": 3, "cost": 2, "path": ["0907", "0906"]})


def test_planes_fly_through_occupied_hexes_but_never_end_in_one(records, monkeypatch):
    game = lone(records, monkeypatch, others=[("friend", "blue", "a6m5-zero-navy", 9, 7, 0)])
    moves = by_end(game)
    assert ("0907", 0) not in moves
    assert moves[("0906", 0)]["path"] == ["0907", "0906"]
    with pytest.raises(IllegalAction, match="occupied hex: it ends in 0907, which holds friend"):
        game.submit({"type": "move", "to": "0907", "facing": 0, "cost": 1, "path": ["0907"]})


def test_every_move_covers_at_least_one_hex_and_costs_at_most_the_speed(records, monkeypatch):
    game = lone(records, monkeypatch, "p-38-lightning")
    options = game.pending.options
    assert options and all(1 <= a["cost"] <= 6 and len(a["path"]) >= 1 for a in options)
    assert ("0908", 0) not in by_end(game) and ("0908", 3) not in by_end(game)
    with pytest.raises(IllegalAction, match="it has speed 6; 0901 is 7 hexes away"):
        game.submit({"type": "move", "to": "0901", "facing": 0})


def test_a_move_is_refused_unless_exactly_as_offered(records, monkeypatch):
    game = lone(records, monkeypatch)
    with pytest.raises(IllegalAction, match="legal but only as offered"):
        game.submit({"type": "move", "to": "0907", "facing": 0, "cost": 3, "path": ["0907"]})
    with pytest.raises(IllegalAction, match="not a hex code"):
        game.submit({"type": "move", "to": "nowhere", "facing": 0})
    with pytest.raises(IllegalAction, match="not a move"):
        game.submit({"type": "loop"})


def test_a_move_is_checked_without_listing_every_option(records, monkeypatch):
    """An action that names a legal move is checked against that move alone; the labelled list
    of every move is built only when someone asks for it, and it names the same moves."""
    built = []
    real = play.move_action
    monkeypatch.setattr(play, "move_action", lambda state, m: built.append(m) or real(state, m))
    game = lone(records, monkeypatch, others=[("friend", "blue", "a6m5-zero-navy", 9, 7, 0)])
    moves = game.pending.moves
    game.submit({"type": "move", "to": "0906", "facing": 0, "cost": 2, "path": ["0907", "0906"]})
    assert len(built) == 1 and game.decisions[-1]["action"]["label"].startswith("0906 facing N")
    again = lone(records, monkeypatch, others=[("friend", "blue", "a6m5-zero-navy", 9, 7, 0)])
    assert len(again.pending.options) == len(moves) == len(built) - 1


def test_the_chosen_move_is_logged_with_its_path(records, monkeypatch):
    game = lone(records, monkeypatch)
    move_to(game, "0906", 3)
    moved = events(game, "unit.moved")[0]
    assert (moved["unit"], moved["to"], moved["facing"], moved["path"], moved["cost"]) == \
        ("mover", "0906", 3, ["0907", "0906"], 2)
    assert game.state.planes["mover"].facing == 3


def test_flying_off_the_mat_takes_the_plane_out_of_play(records, monkeypatch):
    game = lone(records, monkeypatch, at=(9, 1), others=[("enemy", "red", "f4u-corsair", 9, 14, 0)])
    exit_ = next(a for a in game.pending.options if a["type"] == "exit")
    assert exit_["edge"] == "north" and exit_["path"] == []
    game.submit(exit_)
    removed = events(game, "unit.removed")[0]
    assert removed == {**removed, "unit": "mover", "box": "off_mat", "destroyed": False}
    assert game.state.planes["mover"].status == "off_mat" and "AS" not in game.state.deck
    assert not events(game, "hm.score")


# --------------------------------------------------------------------------- the template is exact


def reference(mat, flight, start, facing, occupied, length):
    """Every chain of manoeuvres flown hex by hex on the mat: cheapest cost per end state, and
    whether some chain leaves the mat."""
    best, leaves = {}, [False]

    def walk(at, heading, cost):
        for name, c, after, directions in flight.manoeuvres(heading):
            if cost + c > flight.speed:
                continue
            here, ok, off = at, True, False
            for d in directions:
                here = cube_step(here, d)
                if here not in mat.cubes:
                    off = True
                    break
                if name == IMMELMAN and here in occupied:
                    ok = False
                    break
            if not ok:
                continue
            if off:
                leaves[0] = True
                continue
            covered = [here] + [cube_step(here, after + 3, i) for i in range(1, length)]
            if not any(h in occupied for h in covered):
                best[here, after] = min(best.get((here, after), 99), cost + c)
            walk(here, after, cost + c)

    walk(start, facing, 0)
    return best, leaves[0]


FLIGHTS = [(3, 1, 2), (4, 2, 2), (5, 2, 3), (6, 4, 5), (5, 3, None), (2, 2, None), (1, 1, None)]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(FLIGHTS), st.integers(1, 17), st.integers(1, 15), st.integers(0, 5),
       st.sets(st.tuples(st.integers(1, 17), st.integers(1, 15)), max_size=14), st.sampled_from([1, 2]))
def test_offered_moves_are_exactly_the_cheapest_legal_chains(records, flight_spec, col, row, facing, others, length):
    board, rules = records["hm.board", "dogfight"], records["hm.rules", "core"]
    mat = mat_of(board)
    start = mat.cube((col, row))
    occupied = {mat.cube(h): f"p{i}" for i, h in enumerate(sorted(others)) if mat.cube(h) != start}
    flight = Flight.of(rules.movement, *flight_spec)
    moves = Mover(mat, rules.movement, flight, start, facing, occupied, length).moves()
    best, leaves = reference(mat, flight, start, facing, occupied, length)
    assert {(m.to, m.facing): m.cost for m in moves if not m.exit} == best
    assert any(m.exit for m in moves) == leaves
    for m in moves:
        assert m.path[-1] == m.to
        steps = [start] + list(m.path)
        assert all(mat.grid.distance(mat.grid.cell(a), mat.grid.cell(b)) == 1 for a, b in zip(steps, steps[1:]))


def test_what_the_bots_keep_on_a_template_is_forgotten_past_a_bound():
    """Kept worths are keyed by where planes are: over thousands of games they must not pile up."""
    plan, made = Template([], ends=True), []

    def make(n: int):
        return lambda: made.append(n) or n

    assert plan.kept(("other kind", 0), make(-1)) == -1
    for n in range(KEPT):
        assert plan.kept(("n", n), make(n)) == n
    assert plan.kept(("n", 0), make(0)) == 0 and len(made) == KEPT + 1  # kept, not made again
    assert plan.kept(("n", KEPT), make(KEPT)) == KEPT  # one past the bound: the lot is forgotten
    assert plan.kept(("n", 0), make(0)) == 0 and made[-1] == 0 and len(made) == KEPT + 3
    assert plan.kept(("other kind", 0), make(-2)) == -1 and len(made) == KEPT + 3  # its own bound


def test_the_prompt_names_the_nearest_enemies_and_how_far_they_are(records, monkeypatch):
    game = lone(records, monkeypatch, others=[("near", "red", "a6m5-zero-navy", 9, 7, 3),
                                              ("far", "red", "a6m5-zero-navy", 9, 4, 3)])
    prompt = game.pending.prompt
    assert "nearest enemies: near at 0907 facing" in prompt and "(1 hex)" in prompt and "(4 hexes)" in prompt
