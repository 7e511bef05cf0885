"""Air-to-air combat (18.0), losses (18.3) and AA fire (19.0, 30.4)."""

from __future__ import annotations

from engine.rulesets.aw.play import combat

from .games import board, drive, option, put


def _combat(game, st, attacker, at, answer=None):
    return drive(combat.resolve(game, st, attacker, st.static.index[at]), answer)


def test_fighters_and_bombers_fire_separate_totals_on_their_own_columns():
    game, st = board()
    for uid in ("la-5.1", "yak.1", "pe-2.1", "pe-2.2"):
        put(st, uid, "H5", airborne=True)
    put(st, "me109.1", "H5", airborne=True)
    # VVS fighters 3 + 2 dice, VVS bombers 1 + 1, then the Me109's 3 dice.
    game.dice.load(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    _combat(game, st, "vvs", "H5")
    (event,) = [e for e in game.log if e["type"] == "aw.air_combat"]
    fire = {(v["side"], v["column"]): v["dice"] for v in event["fire"]}
    assert fire == {("vvs", "fighters"): 5, ("vvs", "bombers"): 2, ("luftwaffe", "fighters"): 3}


def test_no_combat_where_both_sides_have_only_bombers():
    game, st = board()
    put(st, "pe-2.1", "H5", airborne=True)
    put(st, "he111.1", "H5", airborne=True)
    assert combat.combat_squares(st) == []
    put(st, "me109.1", "H5", airborne=True)
    assert combat.combat_squares(st) == [st.static.index["H5"]]


def test_bombers_alone_still_fire_defensively_at_attacking_fighters():
    game, st = board()
    put(st, "me109.1", "H5", airborne=True)
    put(st, "pe-2.1", "H5", airborne=True)
    game.dice.load(1, 1, 1, 5)  # the Me109's three dice miss; the Pe-2's die aborts it
    _combat(game, st, "luftwaffe", "H5")
    assert st.units["me109.1"].box == "abort" and st.units["pe-2.1"].box is None


def test_fire_is_simultaneous_a_unit_killed_still_fires():
    game, st = board()
    put(st, "yak.1", "H5", airborne=True)
    put(st, "me109.1", "H5", airborne=True)
    game.dice.load(6, 1, 6, 1, 1)  # each kills the other
    _combat(game, st, "vvs", "H5")
    assert st.units["yak.1"].box == "damage" and st.units["me109.1"].box == "damage"
    removed = {e["unit"]: e for e in game.log if e["type"] == "unit.removed"}
    assert removed["yak.1"]["destroyed"] and removed["yak.1"]["by"] == ["me109.1"]
    assert removed["me109.1"]["by"] == ["yak.1"]


def test_worked_example_18_3_one_kill_and_one_abort_on_a_fighter_and_two_bombers():
    game, st = board()
    for uid in ("la-5.1", "pe-2.1", "pe-2.2"):
        put(st, uid, "H5", airborne=True)
    put(st, "me109.1", "H5", airborne=True)
    put(st, "me109.2", "H5", airborne=True)
    game.dice.load(6, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1)  # the Me109s roll a kill and an abort; VVS 3 + 2 miss
    kinds, prompts = [], []

    def answer(decision):
        kinds.append((decision.side, decision.options[0]["type"], sorted(o["unit"] for o in decision.options)))
        prompts.append(decision.prompt)
        if decision.side == "vvs" and decision.options[0]["type"] == "kill":
            return option(decision, unit="pe-2.1")
        return option(decision, unit="la-5.1") if decision.side == "vvs" else decision.options[0]

    _combat(game, st, "luftwaffe", "H5", answer)
    # The kill is taken first, from any unit; the abort then from those left (18.3).
    assert kinds == [("vvs", "kill", ["la-5.1", "pe-2.1", "pe-2.2"]), ("vvs", "abort", ["la-5.1", "pe-2.2"])]
    assert "takes a kill" in prompts[0] and "takes an abort" in prompts[1]
    assert st.units["pe-2.1"].box == "damage" and st.units["la-5.1"].box == "abort"
    assert st.units["pe-2.2"].box is None


def test_excess_losses_have_no_further_effect():
    game, st = board()
    put(st, "pe-2.1", "H5", airborne=True)
    for uid in ("me109.1", "me109.2"):
        put(st, uid, "H5", airborne=True)
    game.dice.load(6, 6, 6, 5, 5, 6, 1)  # four kills and two aborts on a lone Pe-2
    _combat(game, st, "luftwaffe", "H5")
    assert st.units["pe-2.1"].box == "damage"
    (excess,) = [e for e in game.log if e["type"] == "aw.excess_losses"]
    assert excess["excess"] == 5 and "18.3" in excess["why"]


def test_a_unit_takes_one_result_at_most():
    game, st = board()
    put(st, "yak.1", "H5", airborne=True)
    put(st, "yak.2", "H5", airborne=True)
    put(st, "me109.1", "H5", airborne=True)
    game.dice.load(5, 5, 5, 1, 1, 1, 1)  # three aborts on two Yaks
    _, asked = _combat(game, st, "luftwaffe", "H5")
    assert [st.units[u].box for u in ("yak.1", "yak.2")] == ["abort", "abort"]
    assert len(asked) == 1  # the second abort had one candidate left, the third none


def test_worked_example_18_0_the_player_whose_hour_it_is_attacks():
    game, st = board()
    put(st, "la-5.1", "H5", airborne=True)
    put(st, "la-5.2", "H5", airborne=True)
    put(st, "me109.1", "H5", airborne=True)
    put(st, "me109.2", "H5", airborne=True)
    game.dice.load(*[1] * 12)
    drive(combat.air_combat(game, st, "vvs"))
    (event,) = [e for e in game.log if e["type"] == "aw.air_combat"]
    assert (event["attacker"], event["defender"]) == ("vvs", "luftwaffe")
    assert [v["side"] for v in event["fire"]] == ["vvs", "luftwaffe"]


def test_air_combat_reveals_every_unit_in_it():
    game, st = board()
    put(st, "yak.1", "H5", airborne=True)
    put(st, "me109.1", "H5", airborne=True)
    game.dice.load(1, 1, 1, 1, 1)
    _combat(game, st, "vvs", "H5")
    assert st.units["yak.1"].revealed and st.units["me109.1"].revealed


def test_aa_fires_the_airbase_capacity_and_only_where_enemy_units_are():
    game, st = board()
    put(st, "pe-2.1", "G7", airborne=True)  # Bagerovo, capacity 3
    put(st, "pe-2.2", "G6", airborne=True)  # open sea: no AA
    game.dice.load(6, 6, 6)
    _, asked = drive(combat.aa_fire(game, st, "vvs"))
    (decision,) = asked
    assert decision.side == "luftwaffe" and {o["type"] for o in decision.options} == {"fire", "hold"}
    (fire,) = [e for e in game.log if e["type"] == "aw.aa_fire"]
    assert (fire["at"], fire["dice"], fire["targets"]) == ("G7", 3, ["pe-2.1"])
    assert st.units["pe-2.1"].box == "abort" and st.units["pe-2.2"].box is None


def test_aa_may_hold_fire():
    game, st = board()
    put(st, "pe-2.1", "G7", airborne=True)
    drive(combat.aa_fire(game, st, "vvs"), lambda d: option(d, type="hold"))
    assert not [e for e in game.log if e["type"] == "aw.aa_fire"] and st.units["pe-2.1"].box is None


def test_based_units_never_fight():
    game, st = board()
    put(st, "me109.1", "G7")  # based at Bagerovo
    put(st, "yak.1", "G7", airborne=True)
    assert combat.combat_squares(st) == []
