"""Bombing (20.0), strafing (21.0), airbase attacks (30.8), targets (30.7), target status (20.3)."""

from __future__ import annotations

from engine.rulesets.aw.play import bombing, cards, sequence
from engine.rulesets.aw.play.state import Effect

from .games import board, drive, option, put


def _targets(st, side, at):
    return sorted(t.kind for t in bombing.targets(st, side, st.static.index[at]))


def _vp(game):
    return [(e["side"], e["vp"]) for e in game.log if e["type"] == "aw.vp"]


def test_each_side_bombs_the_enemys_ports_logistic_centres_and_airbases_only():
    game, st = board()
    assert _targets(st, "vvs", "H7") == ["port"]  # Kerch, Luftwaffe
    assert _targets(st, "vvs", "C6") == ["logistic_centre"]  # Dxhankoi; no units based there yet
    assert _targets(st, "vvs", "K3") == [] and _targets(st, "luftwaffe", "K3") == ["port"]  # Yeysk
    put(st, "la-5.1", "K3")
    assert _targets(st, "luftwaffe", "K3") == ["airbase", "port"]
    assert _targets(st, "luftwaffe", "J9") == []  # Myashako: only while its card is face up


def test_a_designated_attack_rolls_each_bomb_point_and_records_the_roster_vp():
    game, st = board()
    pe2 = put(st, "pe-2.1", "B9", airborne=True)
    game.dice.load(1, 4)
    drive(bombing.bombing(game, st, "vvs"))
    assert _vp(game) == [("vvs", 6)]  # Sevastopol +6, its own roster line
    assert pe2.bombed and _targets(st, "vvs", "B9") == []  # useless for the rest of the game (20.3)
    kerch = put(st, "pe-2.2", "H7", airborne=True)
    game.dice.load(4, 1)
    drive(bombing.bombing(game, st, "vvs"))
    assert _vp(game)[-1] == ("vvs", 2) and kerch.bombed  # Each Other Port +2
    (event,) = [e for e in game.log if e["type"] == "aw.bombing" and e["at"] == "H7"]
    assert (event["dice"], event["column"], event["results"]) == (2, "port", ["bombed", "none"])


def test_logistic_centres_and_the_luftwaffe_roster():
    game, st = board()
    put(st, "he111.1", "N2", airborne=True)  # Rostov: airbase and logistic centre
    game.dice.load(4, 4, 5)
    drive(bombing.bombing(game, st, "luftwaffe"))
    assert _vp(game) == [("luftwaffe", 4)]  # Rostov (Logistic Center) +4; a 4 does nothing there


def test_bombers_that_have_bombed_carry_no_more_bombs_until_the_next_turn():
    game, st = board()
    pe2 = put(st, "pe-2.1", "H7", airborne=True)
    game.dice.load(1, 1)
    drive(bombing.bombing(game, st, "vvs"))
    assert pe2.bombed and _targets(st, "vvs", "H7") == ["port"]  # missed: still a target
    assert bombing.attack_options(st, pe2, bombing.targets(st, "vvs", pe2.square)) == []
    sequence.new_day(st, 2)
    assert not pe2.bombed and bombing.attack_options(st, pe2, bombing.targets(st, "vvs", pe2.square))


def test_targets_are_designated_for_every_bomber_before_any_die_is_rolled():
    game, st = board()
    put(st, "pe-2.1", "H7", airborne=True)
    put(st, "pe-2.2", "H7", airborne=True)
    game.dice.load(1, 1, 1, 1)
    rolled_when_asked = []

    def answer(decision):
        rolled_when_asked.append(len(game.dice.rolled))
        return option(decision, type="bomb")

    drive(bombing.bombing(game, st, "vvs"), answer)
    assert rolled_when_asked == [0, 0]
    (event,) = [e for e in game.log if e["type"] == "aw.bombing"]
    assert event["dice"] == 4 and event["units"] == ["pe-2.1", "pe-2.2"]  # combined on one target


def test_ground_attack_units_attack_only_in_their_first_hour_in_the_air():
    game, st = board()
    st.hour = 2
    late = put(st, "sturmovik.1", "H7", airborne=True, took_off=1)
    fresh = put(st, "sturmovik.2", "I7", airborne=True, took_off=2)
    assert bombing.attack_options(st, late, bombing.targets(st, "vvs", late.square)) == []
    assert bombing.attack_options(st, fresh, bombing.targets(st, "vvs", fresh.square))


def test_the_hs129_bombs_battle_squares_and_airbases_only():
    game, st = board()
    hs129 = put(st, "hs129.1", "K3", airborne=True)  # over Yeysk: a port and an airbase
    put(st, "la-5.1", "K3")
    kinds = {o["target"].split("@")[0] for o in bombing.attack_options(st, hs129, bombing.targets(st, "luftwaffe", hs129.square))}
    assert kinds == {"airbase"}
    ju87 = put(st, "ju87.1", "K3", airborne=True)
    kinds = {o["target"].split("@")[0] for o in bombing.attack_options(st, ju87, bombing.targets(st, "luftwaffe", ju87.square))}
    assert kinds == {"airbase", "port"}


def test_fighters_strafe_based_air_units_with_one_die_each_and_never_installations():
    game, st = board()
    la5 = put(st, "la-5.1", "G7", airborne=True)  # over Bagerovo, 3 air combat dice
    assert bombing.attack_options(st, la5, bombing.targets(st, "vvs", la5.square)) == []  # nothing based
    put(st, "ju87.1", "G7")
    (strafe,) = bombing.attack_options(st, la5, bombing.targets(st, "vvs", la5.square))
    assert strafe["type"] == "strafe"
    put(st, "yak.1", "H7", airborne=True)  # over Kerch port: no strafing of installations
    assert bombing.attack_options(st, st.units["yak.1"], bombing.targets(st, "vvs", st.static.index["H7"])) == []
    game.dice.load(5)
    drive(bombing.bombing(game, st, "vvs"))
    (event,) = [e for e in game.log if e["type"] == "aw.bombing"]
    assert (event["dice"], event["column"], event["how"]) == (1, "based_air_unit", {"la-5.1": "strafe"})
    assert st.units["ju87.1"].box == "damage" and not la5.bombed
    removed = [e for e in game.log if e["type"] == "unit.removed" and e["unit"] == "ju87.1"][0]
    assert removed["destroyed"] and removed["by"] == ["la-5.1"]


def test_a_fighter_bomber_in_bomber_mode_bombs_or_strafes_not_both():
    game, st = board()
    p40 = put(st, "p-40.1", "G7", airborne=True)
    st.set_mode(p40, "bomber")
    put(st, "ju87.1", "G7")
    options = bombing.attack_options(st, p40, bombing.targets(st, "vvs", p40.square))
    assert {o["type"] for o in options} == {"bomb", "strafe"}
    game.dice.load(1)
    _, asked = drive(bombing.bombing(game, st, "vvs"), lambda d: option(d, type="bomb"))
    assert len(asked) == 1  # one designation per unit and hour


def test_airbase_attacks_remove_one_based_unit_per_hit_and_leave_the_airbase():
    game, st = board()
    for uid in ("ju87.1", "ju87.2", "he111.1"):
        put(st, uid, "G7")
    bagerovo = st.static.index["G7"]
    he111 = put(st, "he111.2", "G7", airborne=True)  # not hit: in the air
    attackers = [put(st, uid, "G7", airborne=True) for uid in ("pe-2.1", "pe-2.2")]
    game.dice.load(5, 4, 6, 1)
    chosen = []

    def answer(decision):
        chosen.append((decision.side, decision.options[0]["type"]))
        return decision.options[-1]

    drive(bombing.attack(game, st, "vvs", bombing.Target("airbase", bagerovo), [(u, "bomb") for u in attackers]),
          answer)
    assert chosen == [("luftwaffe", "kill"), ("luftwaffe", "kill")]  # kills first; the abort had one left
    boxes = sorted(st.units[u].box for u in ("ju87.1", "ju87.2", "he111.1"))
    assert boxes == ["abort", "damage", "damage"] and he111.square == bagerovo
    assert st.airbase(bagerovo, "luftwaffe") == (3, 3)  # capacity not reduced (30.8)


def test_bombing_reveals_the_bombers_and_the_enemy_units_in_the_square():
    game, st = board()
    put(st, "ju87.1", "H7", airborne=True)
    pe2 = put(st, "pe-2.1", "H7", airborne=True)
    game.dice.load(1, 1)
    drive(bombing.bombing(game, st, "vvs"))
    assert pe2.revealed and st.units["ju87.1"].revealed


def test_ground_battle_squares_are_targets_for_both_while_the_card_is_up():
    game, st = board()
    st.active = "luftwaffe"
    held = cards.HandCard("lw-operation-neptune", True)
    st.sides["luftwaffe"].hand.append(held)
    drive(cards.play(game, st, "luftwaffe", held, "flying"))
    assert _targets(st, "luftwaffe", "J9") == ["ground_battle"] == _targets(st, "vvs", "J9")
    put(st, "ju87.1", "J9", airborne=True)
    game.dice.load(4, 1)
    drive(bombing.bombing(game, st, "luftwaffe"))
    assert _vp(game) == [("luftwaffe", 4)] and _targets(st, "luftwaffe", "J9") == []
    cards.close_battles(st, "luftwaffe")  # the end of the player's own hour: still open
    put(st, "pe-2.1", "J9", airborne=True)
    game.dice.load(6, 1)
    drive(bombing.bombing(game, st, "vvs"))
    assert _vp(game)[-1] == ("vvs", 6)  # Operation Neptune (Myashako) +6 for the VVS
    cards.close_battles(st, "vvs")  # the end of the next player's hour: discarded
    assert st.battles == {} and "lw-operation-neptune" in st.sides["luftwaffe"].discards


def test_bombing_bonus_cards_add_dice_and_never_take_a_bomber_to_zero():
    game, st = board()
    put(st, "ju87.1", "K5", airborne=True)  # 2 bombs; Primorsko-Akhtarsk port
    bonus = st.static.cards["lw-viii-fliegerkorps"].effects[0]
    st.effects.append(Effect("luftwaffe", "lw-viii-fliegerkorps", bonus, "hour"))
    game.dice.load(1, 1, 1)
    drive(bombing.bombing(game, st, "luftwaffe"))
    assert [e["dice"] for e in game.log if e["type"] == "aw.bombing"] == [3]
    minus = bonus.model_copy(update={"dice": -5, "applies_to": "enemy"})
    st.effects = [Effect("vvs", "test", minus, "hour")]
    put(st, "ju87.2", "M10", airborne=True)
    game.dice.load(1)
    drive(bombing.bombing(game, st, "luftwaffe"))
    assert [e["dice"] for e in game.log if e["type"] == "aw.bombing"][-1] == 1  # 2 - 5, floored at 1
