"""Victory points and the four levels of victory (28.0-28.3)."""

from __future__ import annotations

import pytest

from engine.rulesets.aw.play import sequence

from .games import board, put


@pytest.mark.parametrize("vvs, luftwaffe, level, winner", [
    (13, 0, "VVS Strategic", "vvs"),
    (20, 7, "VVS Strategic", "vvs"),
    (12, 0, "VVS Operational", "vvs"),
    (0, 0, "VVS Operational", "vvs"),
    (5, 6, "Luftwaffe Operational", "luftwaffe"),
    (0, 12, "Luftwaffe Operational", "luftwaffe"),
    (0, 13, "Luftwaffe Strategic", "luftwaffe"),
    (1, 30, "Luftwaffe Strategic", "luftwaffe"),
])
def test_levels_of_victory_at_their_boundaries(vvs, luftwaffe, level, winner):
    game, st = board()
    st.sides["vvs"].vp, st.sides["luftwaffe"].vp = vvs, luftwaffe
    outcome = sequence.finish(st)
    assert (outcome.result, outcome.winner) == (level, winner)
    assert outcome.score == {"vvs": vvs, "luftwaffe": luftwaffe}
    assert outcome.details["difference"] == vvs - luftwaffe


def test_units_in_the_damage_box_at_the_end_score_two_for_the_vvs_one_for_the_luftwaffe():
    game, st = board()
    for uid in ("me109.1", "ju87.1", "la-5.1"):
        put(st, uid, "G7" if uid != "la-5.1" else "K7")
        st.remove(st.units[uid], "damage", "test")
    put(st, "he111.1", "G7")
    st.remove(st.units["he111.1"], "abort", "test")  # aborted units score nothing
    outcome = sequence.finish(st)
    assert outcome.score == {"vvs": 4, "luftwaffe": 1}
    scored = [(e["side"], e["vp"], e["unit"]) for e in game.log if e["type"] == "aw.vp"]
    assert scored == [("vvs", 2, "ju87.1"), ("vvs", 2, "me109.1"), ("luftwaffe", 1, "la-5.1")]


def test_a_refitted_unit_is_no_longer_in_the_damage_box_and_scores_nothing():
    game, st = board()
    put(st, "me109.1", "G7")
    st.remove(st.units["me109.1"], "damage", "test")
    st.place(st.units["me109.1"], st.static.index["G7"], "refit")
    assert sequence.finish(st).score == {"vvs": 0, "luftwaffe": 0}
