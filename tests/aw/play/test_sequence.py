"""The Sequence of Play (10.1), set-up (29.0), reinforcements (12.0, 30.14), redeployment
(13.0) and fighter-bomber modes (26.1), played through whole turns."""

from __future__ import annotations

from collections import Counter

from engine.core.game import run
from engine.rulesets.aw.play import arrivals, planning

from .games import ENGINE, board, bundled, drive, new_game, put, variant, with_decoys_and_flak


def _bots(game):
    return {side: ENGINE.bot(side, "hard") for side in game.sides}


def _until(game, kind):
    bots = _bots(game)
    while game.pending.kind != kind:
        game.submit(bots[game.pending.side].choose(game.pending, game))


def test_set_up_deploys_the_listed_units_and_three_lend_lease_units_at_random():
    game = new_game(bundled(), 5)
    _until(game, "aw.fly")
    st = game.state
    placed = Counter()
    for e in game.log:
        if e["type"] == "unit.moved" and e["reason"] == "set-up (29.0)":
            placed[(st.units[e["unit"]].side, st.units[e["unit"]].record.id)] += 1
    vvs = {k[1]: n for k, n in placed.items() if k[0] == "vvs"}
    lend_lease = sum(n for rid, n in vvs.items() if st.static.air_units[rid].group == "ll")
    assert {rid: vvs[rid] for rid in ("la-5", "yak", "pe-2", "sturmovik")} == {"la-5": 3, "yak": 2, "pe-2": 4,
                                                                               "sturmovik": 2}
    assert lend_lease == 3 and sum(vvs.values()) == 14
    assert [u.id for u in st.in_box("vvs", "reinforcements") if u.record.group == "ll"] != []
    assert sum(n for k, n in placed.items() if k[0] == "luftwaffe") == 13
    for unit in st.units.values():
        if unit.square is not None and unit.air:
            assert st.airbase(unit.square, unit.side) is not None  # on its own side's airbases
    picks = [e for e in game.log if e["type"] == "roll" and e["die"] == "pick"]
    assert len(picks) == 1 and len(picks[0]["picked"]) == 3  # the blind draw, logged


def test_each_hour_is_an_intruder_then_an_interceptor_hour_of_four_segments():
    game = new_game(bundled(), 2)
    run(game, _bots(game))
    hours = [(e["turn"], e["hour"], e["side"]) for e in game.log if e["type"] == "aw.hour"]
    assert hours[:4] == [(1, 1, "vvs"), (1, 1, "luftwaffe"), (1, 2, "vvs"), (1, 2, "luftwaffe")]
    for turn in range(1, 6):
        these = [h for h in hours if h[0] == turn]
        assert [h[2] for h in these] == ["vvs", "luftwaffe"] * (len(these) // 2)
        ended = [e for e in game.log if e["type"] == "aw.day_ended" and e["turn"] == turn]
        assert len(these) == 16 or ended and len(these) == 2 * ended[0]["hour"]
    assert [e["turn"] for e in game.log if e["type"] == "aw.turn"] == [1, 2, 3, 4, 5]
    picked = [e["side"] for e in game.log if e["type"] == "aw.cards_picked"]
    assert picked == ["vvs", "luftwaffe"] * 5  # the Intruder picks first (10.1 A.1)


def test_worked_example_10_1_five_days_of_six_hours():
    def six_hours(data):
        data["hours_per_turn"] = 6
        data["rules"]["end_turn_by_agreement"] = False

    content = variant(bundled(), {("aw.scenario", "red-eagles"): six_hours})
    game = new_game(content, 1)
    outcome = run(game, _bots(game))
    hours = [(e["turn"], e["hour"]) for e in game.log if e["type"] == "aw.hour"]
    assert outcome.turns == 5 and len(hours) == 5 * 6 * 2 and max(h for _, h in hours) == 6


def test_the_day_ends_early_only_when_all_have_landed_and_both_agree():
    game = new_game(bundled(), 3)
    run(game, {side: ENGINE.bot(side, "easy") for side in game.sides})  # the easy bots agree readily
    log = list(game.log)
    asked = [e for e in log if e["type"] == "decision.pending" and e["kind"] == "aw.end_day"]
    assert asked
    for e in asked:  # offered only when no aircraft is in the air
        before = [x for x in log[: e["seq"]] if x["type"] in ("unit.changed", "unit.removed")]
        flying = {}
        for x in before:
            if x["type"] == "unit.removed":
                flying[x["unit"]] = False
            elif "airborne" in x["state"]:
                flying[x["unit"]] = x["state"]["airborne"]
        assert not any(flying.values())
    ended = [e for e in log if e["type"] == "aw.day_ended"]
    assert ended
    for end in ended:  # each early end was agreed by both, Intruder first
        answers = [(x["side"], x["action"]["type"]) for x in log[end["seq"] - 4: end["seq"]] if x["type"] == "decision"]
        assert answers == [("vvs", "end_day"), ("luftwaffe", "end_day")]


def test_reinforcements_without_airbase_room_are_placed_aside_and_come_later():
    game, st = board()
    st.phase = "planning"
    bases = st.airbases("vvs")  # 17 places for 18 VVS air units
    filler = iter(u for u in st.side_units("vvs") if u.air)
    for sq in bases:
        for _ in range(st.airbase(sq, "vvs")[0]):
            st.place(next(filler), sq, "test")
    late = next(filler)
    drive(arrivals.place_air(game, st, "vvs", [late], "test"))
    assert late.box == "aside"
    st.remove(st.based_at(bases[0], "vvs")[0], "damage", "test")
    drive(arrivals.returns(game, st, "vvs"))
    assert late.square == bases[0]


def test_aborted_units_return_in_the_reinforcement_segment():
    game, st = board()
    put(st, "yak.1", "K7")
    st.remove(st.units["yak.1"], "abort", "test")
    drive(arrivals.returns(game, st, "vvs"))
    assert st.units["yak.1"].on_map and not st.units["yak.1"].airborne


def test_fighter_bombers_choose_their_mode_each_turn():
    game, st = board()
    put(st, "fw190.1", "G7")
    put(st, "me110.1", "G7")
    _, asked = drive(planning.choose_modes(game, st, "luftwaffe"),
                     lambda d: next(o for o in d.options if o["mode"] == "bomber"))
    assert [d.context["unit"] for d in asked] == ["fw190.1", "me110.1"]
    assert st.units["fw190.1"].mode == "bomber" and st.units["fw190.1"].face.bomb == 2
    changed = [e for e in game.log if e["type"] == "unit.changed" and e["state"].get("mode") == "bomber"]
    assert len(changed) == 2


def test_redeployment_moves_ground_units_then_air_units_to_friendly_spaces():
    game, st = board(content=with_decoys_and_flak())
    put(st, "lw-flak.1", "C7")
    put(st, "ju87.1", "G7")
    _, asked = drive(planning.redeploy(game, st, "luftwaffe", False),
                     [{"type": "redeploy", "unit": "lw-flak.1"}, {"type": "site", "unit": "lw-flak.1", "at": "D7"},
                      {"type": "done"}])
    assert st.static.label(st.units["lw-flak.1"].square) == "D7"
    sites = {o.get("at") for o in asked[1].options}
    assert "L8" not in sites and "E5" not in sites and "C7" not in sites  # own ground, not water (14.0)
    _, asked = drive(planning.redeploy(game, st, "luftwaffe", True),
                     [{"type": "redeploy", "unit": "ju87.1"}, {"type": "base", "unit": "ju87.1", "at": "I8"},
                      {"type": "done"}])
    assert st.static.label(st.units["ju87.1"].square) == "I8"
    assert all(st.airbase(st.static.index[o["at"]], "luftwaffe") for o in asked[1].options if o["type"] == "base")


def test_ending_the_day_needs_both_players_and_no_aircraft_in_the_air():
    from engine.rulesets.aw.play import sequence

    game, st = board()
    end, go_on = {"type": "end_day"}, {"type": "continue"}
    assert drive(sequence._agreed_end(game, st), [end, end])[0] is True
    agreed, asked = drive(sequence._agreed_end(game, st), [end, go_on])
    assert agreed is False and [d.side for d in asked] == ["vvs", "luftwaffe"]
    agreed, asked = drive(sequence._agreed_end(game, st), [go_on])
    assert agreed is False and [d.side for d in asked] == ["vvs"]
    put(st, "la-5.1", "L8", airborne=True)
    assert drive(sequence._agreed_end(game, st))[1] == []
