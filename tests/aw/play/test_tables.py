"""Every cell of the two CRTs as the engine reads them, and as a roll resolves them."""

from __future__ import annotations

import pytest

from engine.rulesets.aw.play import bombing, combat

from .games import board, drive, put

# The Air Superiority Combat Results Table as printed (AA column per the 25.0 errata).
AIR = {
    "fighters": {1: "none", 2: "none", 3: "none", 4: "none", 5: "abort", 6: "kill"},
    "bombers": {1: "none", 2: "none", 3: "none", 4: "none", 5: "abort", 6: "abort"},
    "aa": {1: "none", 2: "none", 3: "none", 4: "none", 5: "none", 6: "abort"},
}
# The Bombing Combat Results Table as printed.
BOMBING = {
    "logistic_centre": {1: "none", 2: "none", 3: "none", 4: "none", 5: "bombed", 6: "bombed"},
    "port": {1: "none", 2: "none", 3: "none", 4: "bombed", 5: "bombed", 6: "bombed"},
    "ground_battle": {1: "none", 2: "none", 3: "none", 4: "bombed", 5: "bombed", 6: "bombed"},
    "based_air_unit": {1: "none", 2: "none", 3: "none", 4: "abort", 5: "kill", 6: "kill"},
}


@pytest.mark.parametrize("column", sorted(AIR))
@pytest.mark.parametrize("face", range(1, 7))
def test_air_superiority_cells(column, face):
    _, st = board()
    assert st.static.air_crt[column][face] == AIR[column][face]


@pytest.mark.parametrize("column", sorted(BOMBING))
@pytest.mark.parametrize("face", range(1, 7))
def test_bombing_cells(column, face):
    _, st = board()
    assert st.static.bomb_crt[column][face] == BOMBING[column][face]


@pytest.mark.parametrize("face", range(1, 7))
def test_a_fighter_die_and_a_bomber_die_resolve_on_their_own_columns(face):
    game, st = board()
    put(st, "yak.1", "F5", airborne=True)  # 2 dice
    put(st, "pe-2.1", "F5", airborne=True)  # 1 die
    game.dice.load(face, 1, face)
    volleys = combat.fire(game, st, "vvs", [st.units["yak.1"], st.units["pe-2.1"]], "F5")
    fighters, bombers = volleys
    assert (fighters["column"], fighters["dice"], fighters["results"][0]) == ("fighters", 2, AIR["fighters"][face])
    assert (bombers["column"], bombers["dice"], bombers["results"]) == ("bombers", 1, [AIR["bombers"][face]])


@pytest.mark.parametrize("face", range(1, 7))
def test_aa_dice_resolve_on_the_aa_column(face):
    game, st = board()
    put(st, "pe-2.1", "I8", airborne=True)  # over the Luftwaffe airbase at Anapa (capacity 3)
    game.dice.load(face, 1, 1)
    _, asked = drive(combat.aa_fire(game, st, "vvs"))
    (fire,) = [e for e in game.log if e["type"] == "aw.aa_fire"]
    assert fire["dice"] == 3 and fire["results"][0] == AIR["aa"][face]
    assert st.units["pe-2.1"].box == ("abort" if face == 6 else None)


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("kind, at", [("port", "H7"), ("logistic_centre", "C6")])
def test_bombing_dice_resolve_on_the_target_column(face, kind, at):
    game, st = board()
    put(st, "yak.1", at, airborne=True)
    unit = st.units["pe-2.1"]
    put(st, "pe-2.1", at, airborne=True)
    game.dice.load(face, 1)
    target = bombing.Target(kind, st.static.index[at])
    drive(bombing.attack(game, st, "vvs", target, [(unit, "bomb")]))
    assert ((st.static.index[at], kind) in st.bombed_targets) == (BOMBING[kind][face] == "bombed")


@pytest.mark.parametrize("face", range(1, 7))
def test_based_air_unit_column_aborts_or_kills_one_based_unit(face):
    game, st = board()
    put(st, "ju87.1", "G7")
    attacker = put(st, "pe-2.1", "G7", airborne=True)
    game.dice.load(face, 1)
    drive(bombing.attack(game, st, "vvs", bombing.Target("airbase", st.static.index["G7"]), [(attacker, "bomb")]))
    expected = {"none": None, "abort": "abort", "kill": "damage"}[BOMBING["based_air_unit"][face]]
    assert st.units["ju87.1"].box == expected
