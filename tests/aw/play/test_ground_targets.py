"""Bombing ground units (20.1-20.3) in a theater whose Bombing CRT prints a Ground Unit column.

Red Eagles prints none, so these tests play a variant of it: the same pack with a
Ground Unit column on its Bombing CRT, both sides allowed to bomb ground units,
and a Luftwaffe AA unit in the countermix.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

import pytest
from hypothesis import strategies as hst
from hypothesis import given

from engine.content.validate import validate_paths
from engine.core.decisions import IllegalAction
from engine.core.game import run
from engine.rulesets.aw.play.bots import AirWarsBot
from engine.rulesets.aw.play import arrivals, bombing, cards
from engine.rulesets.aw.play.combat import aa_sources
from engine.rulesets.aw.play.sequence import _summary
from engine.rulesets import workspace

from ..conftest import PACK
from .games import (ENGINE, FLAK, RandomPlayer, board, bundled, drive, new_game, option, put, variant,
                    with_decoys_and_flak)
from .invariants import checked  # noqa: F401 - fixture
from .test_properties import checks

# The test table's Ground Unit column, by face: as printed in `_ground_unit_column`.
PRINTED = {1: "none", 2: "none", 3: "none", 4: "none", 5: "none", 6: "bombed"}


def _ground_unit_column(data):
    """Split the 5-6 row so that the column reads differently from every other one."""
    low, four, high = data["rows"]
    six = dict(high, roll=6)
    data["rows"] = [dict(low, ground_unit="none"), dict(four, ground_unit="none"),
                    dict(high, roll=5, ground_unit="none"), dict(six, ground_unit="bombed")]


def _ground_war(data):
    """Both sides may bomb ground units; the Luftwaffe sets its AA unit up at Kerch."""
    for side in data["sides"]:
        side["may_bomb"].append("ground_unit")
    next(s for s in data["sides"] if s["side"] == "luftwaffe")["deployment"].append(
        {"unit": FLAK["id"], "count": 1, "at": ["kerch"]})


@lru_cache(maxsize=1)
def theater():
    return variant(bundled(), {("aw.bombing_crt", "bombing"): _ground_unit_column,
                               ("aw.scenario", "red-eagles"): _ground_war}, [FLAK])


def _game():
    return board(content=theater())


def _kinds(options):
    return sorted(o["target"].split("@")[0] for o in options)


def _offers(st, unit):
    return bombing.attack_options(st, unit, bombing.targets(st, unit.side, unit.square))


def test_a_bomber_over_an_aa_unit_may_designate_it_and_a_fighter_may_not_strafe_it():
    game, st = _game()
    flak = put(st, "lw-flak.1", "H7")  # Kerch: a Luftwaffe port
    pe2 = put(st, "pe-2.1", "H7", airborne=True)
    offered = _offers(st, pe2)
    assert _kinds(offered) == ["ground_unit:lw-flak.1", "port"]
    (on_flak,) = [o for o in offered if o.get("enemy") == flak.id]
    assert on_flak["type"] == "bomb" and "bombs the Flak at H7" in on_flak["label"]
    la5 = put(st, "la-5.1", "H7", airborne=True)
    assert _offers(st, la5) == []  # fighters never strafe ground units or installations (21.0)
    p40 = put(st, "p-40.1", "H7", airborne=True)  # a fighter-bomber flying as a fighter
    assert _offers(st, p40) == []
    st.set_mode(p40, "bomber")
    assert {o["type"] for o in _offers(st, p40)} == {"bomb"}


def test_every_cell_of_the_ground_unit_column_reads_as_printed():
    for face, printed in PRINTED.items():
        game, st = _game()
        assert st.static.bomb_crt["ground_unit"][face] == printed
        flak = put(st, "lw-flak.1", "H7")
        pe2 = put(st, "pe-2.1", "H7", airborne=True)  # two bomb points: the second die misses
        game.dice.load(face, 1)
        target = bombing.Target("ground_unit", flak.square, flak.id)
        drive(bombing.attack(game, st, "vvs", target, [(pe2, "bomb")]))
        (event,) = [e for e in game.log if e["type"] == "aw.bombing"]
        assert (event["column"], event["results"]) == ("ground_unit", [printed, "none"]), face
        assert flak.box == ("damage" if printed == "bombed" else None), face


def test_the_bombed_aa_unit_goes_to_the_damage_box_stops_firing_and_may_be_refit():
    game, st = _game()
    flak = put(st, "lw-flak.1", "H7")
    kerch = flak.square
    assert aa_sources(st, "luftwaffe", kerch) == (0, [flak])
    pe2 = put(st, "pe-2.1", "H7", airborne=True)
    game.dice.load(6, 1)
    drive(bombing.bombing(game, st, "vvs"), lambda d: option(d, enemy=flak.id))
    assert flak.box == "damage" and flak.square is None and pe2.bombed
    removed = [e for e in game.log if e["type"] == "unit.removed" and e["unit"] == flak.id]
    assert removed[-1]["box"] == "damage" and removed[-1]["destroyed"]
    assert removed[-1]["by"] == ["pe-2.1"] and removed[-1]["cause"] == "bombing"
    assert [e for e in game.log if e["type"] == "aw.target_bombed"][-1]["unit"] == flak.id
    assert not [e for e in game.log if e["type"] == "aw.vp"]  # no VP rule names ground units
    assert aa_sources(st, "luftwaffe", kerch) == (0, [])  # no more AA there (19.0)
    _summary(st)
    assert "vvs bombed Flak at H7 (Kerch)" in game.log[-1]["text"]
    # A card refitting fighters cannot bring it back; one naming no type can (12.0, 20.3).
    drive(arrivals.refit(game, st, "luftwaffe", 1, ["F"], "test card"))
    assert flak.box == "damage"
    refit = st.static.cards["lw-field-workshops"].effects[0]
    assert cards._useful(game, st, "luftwaffe", None, refit, "reinforcement", None)
    _, asked = drive(arrivals.refit(game, st, "luftwaffe", 1, [], "test card"),
                     lambda d: option(d, at="H7"))
    assert [d.kind for d in asked] == ["aw.site"]  # a friendly ground space (12.1)
    assert flak.square == kerch and aa_sources(st, "luftwaffe", kerch) == (0, [flak])
    assert not any(st.static.squares[sq].territory != "luftwaffe"
                   for sq in (st.static.index[o["at"]] for o in asked[0].options))


def test_bombing_reveals_the_ground_units_in_the_square():
    game, st = _game()
    flak = put(st, "lw-flak.1", "H7")
    put(st, "pe-2.1", "H7", airborne=True)
    game.dice.load(1, 1)
    drive(bombing.bombing(game, st, "vvs"), lambda d: option(d, target="port@H7"))
    assert flak.revealed and flak.box is None  # revealed (20.0), not hit


def test_a_side_whose_may_bomb_lacks_the_class_is_not_offered_ground_units():
    game, st = board(content=with_decoys_and_flak())  # the printed CRT: no Ground Unit column
    put(st, "lw-flak.1", "H7")
    assert _kinds(_offers(st, put(st, "pe-2.1", "H7", airborne=True))) == ["port"]
    no_class = variant(bundled(), {("aw.bombing_crt", "bombing"): _ground_unit_column}, [FLAK])
    game, st = board(content=no_class)
    put(st, "lw-flak.1", "H7")
    assert _kinds(_offers(st, put(st, "pe-2.1", "H7", airborne=True))) == ["port"]


def test_the_hs129_may_not_bomb_ground_units_and_illegal_designations_say_why():
    game, st = _game()
    base = put(st, "vvs-airbase.1", "M3")  # an airbase counter: a ground unit (30.3)
    put(st, "la-5.1", "M3")
    hs129 = put(st, "hs129.1", "M3", airborne=True)
    assert _kinds(_offers(st, hs129)) == ["airbase"]  # battles and airbases only (30.15)
    put(st, "ju87.1", "M3", airborne=True)
    assert _kinds(_offers(st, st.units["ju87.1"])) == ["airbase", "ground_unit:vvs-airbase.1"]
    run = bombing.bombing(game, st, "luftwaffe")
    decision = next(run)
    assert decision.context["unit"] == "hs129.1"
    aimed = {"type": "bomb", "unit": "hs129.1", "target": f"ground_unit:{base.id}@M3"}
    with pytest.raises(IllegalAction, match=r"may bomb only ground_battle, based_air_unit targets \(30.15\)"):
        decision.match(aimed)
    with pytest.raises(IllegalAction, match=r"'ground_unit:lw-flak.1@M3' is not a target in this square"):
        decision.match(dict(aimed, target="ground_unit:lw-flak.1@M3"))
    with pytest.raises(IllegalAction, match=r"only based air units \(21.0\)"):
        decision.match(dict(aimed, type="strafe"))


def test_a_bombed_airbase_counter_leaves_the_map_and_its_based_units_stay():
    game, st = _game()
    base = put(st, "vvs-airbase.1", "M3")
    square = base.square
    la5 = put(st, "la-5.1", "M3")
    assert st.airbase(square, "vvs") == (2, 2)
    ju87 = put(st, "ju87.1", "M3", airborne=True)
    game.dice.load(6, 1)
    drive(bombing.attack(game, st, "luftwaffe", bombing.Target("ground_unit", square, base.id),
                         [(ju87, "bomb")]))
    assert base.box == "damage" and st.airbase(square, "vvs") is None
    assert la5.square == square and not la5.airborne  # the rules say nothing of them (30.3, 30.8)
    assert aa_sources(st, "vvs", square) == (0, [])


def test_the_bots_bomb_an_aa_unit_when_nothing_better_is_in_the_square():
    game, st = _game()
    flak = put(st, "lw-flak.1", "A1")  # Luftwaffe land, no installation
    assert st.static.squares[flak.square].territory == "luftwaffe" and not st.static.squares[flak.square].port
    put(st, "pe-2.1", "A1", airborne=True)
    decision = next(bombing.bombing(game, st, "vvs"))
    for strength in ("hard", "easy"):
        assert AirWarsBot("vvs", strength).choose(decision, game).get("enemy") == flak.id
    game, st = _game()
    put(st, "lw-flak.1", "H7")
    put(st, "pe-2.1", "H7", airborne=True)
    decision = next(bombing.bombing(game, st, "vvs"))
    assert AirWarsBot("vvs", "hard").choose(decision, game)["target"] == "port@H7"  # VP first


def test_a_may_bomb_without_the_column_is_reported_at_its_file_line_and_field(tmp_path):
    root = tmp_path / "house"
    root.mkdir()
    (root / "pack.yaml").write_text("id: house\nname: House\nversion: 1.0.0\nruleset: aw\n"
                                    "extends: red-eagles\n")
    text = (PACK / "scenarios" / "red-eagles.yaml").read_text(encoding="utf-8")
    printed = "may_bomb: [port, logistic_centre, based_air_unit, ground_battle]"
    assert text.count(printed) == 2
    edited = text.replace(printed, printed[:-1] + ", ground_unit]", 1)
    (root / "scenarios").mkdir()
    (root / "scenarios" / "red-eagles.yaml").write_text(edited, encoding="utf-8")
    report = validate_paths([root], workspace())
    (diag,) = [d for d in report.diagnostics if d.code == "aw.may_bomb_column"]
    line = edited.splitlines().index(textwrap.indent(printed[:-1] + ", ground_unit]", "    ")) + 1
    assert diag.file.endswith("house/scenarios/red-eagles.yaml") and diag.line == line
    assert diag.path == "sides[0].may_bomb[4]" and diag.severity.value == "error"
    assert "Bombing CRT 'bombing' has no ground_unit column" in diag.message


@checks(25)
@given(seed=hst.integers(0, 2**31), bots=hst.booleans())
def test_whole_games_with_ground_targets_keep_the_invariants(checked, seed, bots):
    game = new_game(theater(), seed)
    checker = checked[-1]
    players = {side: ENGINE.bot(side, "hard") if bots else RandomPlayer(seed + i)
               for i, side in enumerate(game.sides)}
    outcome = run(game, players, on_decision=lambda g: checker.agrees(g.state))
    assert checker.turn_ends == outcome.turns and checker.events == len(game.log)


def test_a_bot_game_bombs_an_airbase_counter_and_plays_on(checked):
    game = new_game(theater(), 19)  # a seed in which the Luftwaffe bombs a VVS airbase counter
    outcome = run(game, {side: ENGINE.bot(side, "hard") for side in game.sides})
    (hit,) = [e for e in game.log if e["type"] == "aw.target_bombed" and "unit" in e]
    assert hit["unit"].startswith("vvs-airbase.") and outcome.turns == 5


def test_the_invariants_allow_air_units_left_on_a_bombed_airbase_counter(checked):
    game, st = _game()
    checker = checked[-1]
    base = put(st, "vvs-airbase.1", "M3")
    la5 = put(st, "la-5.1", "M3")
    ju87 = put(st, "ju87.1", "G7", airborne=True)  # from Bagerovo, a Luftwaffe airbase
    st.place(ju87, base.square, "flying (17.0)")
    game.dice.load(6, 1)
    drive(bombing.attack(game, st, "luftwaffe", bombing.Target("ground_unit", base.square, base.id),
                         [(ju87, "bomb")]))
    assert checker.unbased == {("M3", "vvs")}
    st.change(la5, {"airborne": True})  # it takes off: the square is an ordinary one again
    assert checker.unbased == set()
