"""§IX Fire Phase: arc, range, target, column, the roll and the simultaneous phase."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.rulesets.af.play.fire import fire_phase, record_phase
from engine.rulesets.af.play.state import Damage

from .conftest import GRID, HOME, at, card, dice, plane

P47 = "p-47d"  # four batteries of 4 GF, range 3 (sample card)
ME109 = "me-109g"  # 2 M (range 3), 3 C (range 4), 2 M (range 3)


def test_ix_fire_modifier_2_silhouette_3_gives_5_and_inverted_gives_2(get, gunnery_with):
    firer = card(get, P47, "gun-platform", fire_modifier=2)
    target = card(get, ME109, "big-target", silhouette=3)
    g = gunnery_with(firer, target)
    level = g.aim(plane("a-1", "gun-platform"), plane("b-1", "big-target", at((0, 2))))
    assert [(t.name, t.value) for t in level.terms] == [("fire modifier", 2), ("silhouette", 3)]
    assert level.column - level.effectiveness == 5
    for bank in ("I", "IR", "IL"):
        inverted = g.aim(plane("a-1", "gun-platform", bank=bank), plane("b-1", "big-target", at((0, 2))))
        assert inverted.column - inverted.effectiveness == 2
        assert inverted.terms[-1].name == "inverted" and inverted.terms[-1].value == -3
    for bank in ("L", "RB", "LB"):
        assert g.aim(plane("a-1", "gun-platform", bank=bank), plane("b-1", "big-target", at((0, 2)))).column == level.column


def test_ix_an_undamaged_p47_at_two_hexes_has_16_gf_and_effectiveness_12(gunnery):
    aim = gunnery.aim(plane("a-1", P47), plane("b-1", ME109, at((0, 2))))
    assert (aim.range, aim.batteries, aim.gun_factors, aim.effectiveness) == (2, (0, 1, 2, 3), 16, 12)
    assert aim.column == 12 and aim.read == 12


def test_ix_column_zero_or_less_has_no_effect_and_bars_a_second_target(gunnery):
    # 4 GF left at 3 hexes: effectiveness 2; against the V-1's silhouette -4 the column is -2.
    firer = plane("a-1", P47, damage=Damage(hits=(("G", 3),), guns_lost=(4, 4, 4, 0)))
    v1s = [plane("b-1", "v-1", at((0, 3))), plane("b-2", "v-1", at((0, 2), (1, 1)))]
    options = gunnery.targets(firer, [firer, *v1s])
    assert [a.target for a in options] == ["b-1", "b-2"]  # tied at range 3: the player's choice
    assert options[0].column == -2 and options[0].read is None
    phase = fire_phase(gunnery, [firer, *v1s], dice())  # no die may be rolled
    assert len(phase.shots) == 1 and phase.shots[0].hits == "" and phase.shots[0].roll is None
    assert "no effect" in phase.shots[0].explain()
    assert all(p.damage == Damage() for p in phase.planes if p.side == "b")


def test_ix_a_plane_destroyed_this_phase_still_fires(get, gunnery_with):
    glass = card(get, P47, "glass", damage={"wings": 1, "fuselage": 1, "cockpits": [1], "engines": [1], "fuel": 1})
    g = gunnery_with(glass)
    a = plane("a-1", "glass", facing=0)
    b = plane("b-1", "glass", at((0, 1)), facing=3)  # head on, one hex apart
    phase = fire_phase(g, [a, b], dice(1, 1))
    assert [s.aim.firer for s in phase.shots] == ["a-1", "b-1"]
    assert all(s.hits for s in phase.shots)
    assert [pid for pid, _ in phase.destroyed] == ["a-1", "b-1"]
    assert all(p.destroyed for p in phase.planes)


def test_ix_hits_wait_for_the_end_of_the_phase_so_a_gun_hit_does_not_weaken_this_turns_shot(get, gunnery_with):
    # b's shot (column 3, roll 1: G) crosses off one of a's batteries, but a still fires all 16 GF.
    weak = card(get, P47, "weak", guns=[{"factors": 4, "type": "M", "position": "FF", "range": 3}])
    g = gunnery_with(weak)
    a = plane("a-1", P47)
    b = plane("b-1", "weak", at((0, 2)), facing=3)
    assert g.aim(b, a).read == 3
    phase = fire_phase(g, [b, a], dice(1, 1))
    assert [s.aim.gun_factors for s in phase.shots] == [4, 16]
    assert phase.planes[1].damage.of("G") == 1


def test_ix_range_adds_one_hex_per_500_ft_ignoring_fractions(gunnery):
    firer = plane("a-1", ME109, altitude=10_000)
    for feet, steps in ((499, 0), (500, 1), (999, 1), (1_400, 2), (-1_000, 2)):
        assert gunnery.range(firer, plane("b-1", P47, at((0, 2)), altitude=10_000 + feet)) == (2, steps)


def test_ix_each_battery_fires_within_its_own_range(gunnery):
    firer = plane("a-1", ME109)
    at3 = gunnery.aim(firer, plane("b-1", P47, at((0, 3))))
    assert (at3.batteries, at3.gun_factors) == ((0, 1, 2), 7)
    at4 = gunnery.aim(firer, plane("b-1", P47, at((0, 3)), altitude=10_600))  # 3 hexes + 1 for 600 ft
    assert (at4.range, at4.batteries, at4.gun_factors) == (4, (1,), 3)
    assert gunnery.aim(firer, plane("b-1", P47, at((0, 5)))) is None  # beyond every gun


def test_ix_the_arc_is_60_degrees_ahead_never_the_firers_own_hex(gunnery):
    firer = plane("a-1", P47, facing=1)
    assert gunnery.aim(firer, plane("b-1", ME109, HOME, altitude=9_000)) is None  # own hex, even below
    assert gunnery.aim(firer, plane("b-1", ME109, at((1, 1)))) is not None
    for other in (0, 2, 3, 4, 5):  # the hexes round it, but the one ahead
        assert gunnery.aim(firer, plane("b-1", ME109, at((other, 1)))) is None
    assert gunnery.aim(firer, plane("b-1", ME109, at((1, 2), (2, 1)))) is not None  # 3 hexes, 1 off the line


def test_ix_reading_hexes_on_the_30_degree_lines_are_in_the_arc(get, gunnery, gunnery_with, view):
    """The content's reading ('fore_aft'): at 2 hexes the arc is 3 hexes wide; 'beam' narrows it to 1."""
    firer = plane("a-1", P47)
    edge = at((0, 1), (1, 1))  # 30 degrees right of the nose, 2 hexes out
    assert gunnery.aim(firer, plane("b-1", ME109, edge)) is not None
    assert gunnery.aim(firer, plane("b-1", ME109, at((0, 1), (5, 1)))) is not None
    rules = view.records("af.rules")[0]
    beam_rules = rules.model_copy(update={"fire": rules.fire.model_copy(
        update={"arc_edges": rules.fire.arc_edges.model_copy(update={"lines_30": "beam"})})})
    beam = type(gunnery)(beam_rules, gunnery.hit_table, gunnery.range_table, GRID, gunnery.cards)
    assert beam.aim(firer, plane("b-1", ME109, edge)) is None
    assert beam.aim(firer, plane("b-1", ME109, at((0, 2)))) is not None


def test_ix_target_is_the_nearest_enemy_by_range_and_friends_never_block(gunnery):
    firer = plane("a-1", P47)
    friend = plane("a-2", P47, at((0, 1)), altitude=10_000)
    high = plane("b-1", ME109, at((0, 2)), altitude=12_000)  # 2 hexes + 4: range 6, out of range
    near = plane("b-2", ME109, at((0, 3)))  # range 3, behind the friend
    assert [a.target for a in gunnery.targets(firer, [firer, friend, high, near])] == ["b-2"]
    closer = plane("b-1", ME109, at((0, 2)), altitude=10_400)  # range 2 now
    assert [a.target for a in gunnery.targets(firer, [firer, friend, closer, near])] == ["b-1"]


def test_ix_the_firer_must_take_the_nearest_target_and_may_hold_fire(gunnery):
    firer = plane("a-1", P47)
    near, far = plane("b-1", ME109, at((0, 1))), plane("b-2", ME109, at((0, 3)))
    with pytest.raises(ValueError, match="nearest"):
        fire_phase(gunnery, [firer, near, far], dice(1), choose=lambda p, aims: gunnery.aim(firer, far))
    held = fire_phase(gunnery, [firer, near, far], dice(), choose=lambda p, aims: None)
    assert held.shots == ()


def test_ix_planes_fire_individually_and_several_may_fire_at_one_target(gunnery):
    target = plane("b-1", ME109, at((0, 2)), facing=0)
    a1 = plane("a-1", P47)
    a2 = plane("a-2", P47, at((1, 2)), facing=5)  # two hexes off, pointing at it
    phase = fire_phase(gunnery, [a1, a2, target], dice(6, 6))
    assert [(s.aim.firer, s.aim.target, s.hits) for s in phase.shots] == [("a-1", "b-1", "F"), ("a-2", "b-1", "F")]
    assert phase.planes[2].damage.of("F") == 2


def test_ix_the_die_is_read_on_the_column_and_past_the_last_column_the_last(get, gunnery, gunnery_with):
    shot = gunnery.shoot(gunnery.aim(plane("a-1", P47), plane("b-1", ME109, at((0, 2)))), dice(3))
    assert (shot.aim.read, shot.roll, shot.hits, shot.by_part()) == (12, 3, "EWC", {"W": 1, "C": 1, "E": 1})
    heavy = card(get, P47, "heavy", guns=[{"factors": 20, "type": "C", "position": "FF", "range": 3}] * 2)
    g = gunnery_with(heavy)
    aim = g.aim(plane("a-1", "heavy"), plane("b-1", ME109, at((0, 1))))
    assert (aim.effectiveness, aim.column, aim.read) == (40, 40, 20)
    shot = g.shoot(aim, dice(6))
    assert shot.hits == "WGFE" and "read as column 20, the last" in shot.explain()


def test_ix_the_shot_explains_itself(gunnery):
    text = gunnery.shoot(gunnery.aim(plane("a-1", ME109, bank="IR"), plane("b-1", P47, at((0, 3)))), dice(1)).explain()
    for part in ("a-1 fires at b-1", "range 3", "7 GF in range (batteries 1, 2, 3)", "effectiveness 4 on range-attenuation",
                 "+ 1 fire modifier (Me-109G card)", "+ 0 silhouette (P-47D card)", "- 3 inverted (firing in IR)",
                 "= 2 on hit-table", "roll 1: F (1 F)"):
        assert part in text, (part, text)


def test_expected_hits_average_the_same_column_over_the_die(gunnery):
    aim = gunnery.aim(plane("a-1", P47), plane("b-1", ME109, at((0, 2))))
    column = ["FWCFW", "FWFE", "EWC", "FL", "GF", "F"]  # column 12 of the bundled sample table
    rolled = [gunnery.shoot(aim, dice(face)).hits for face in range(1, 7)]
    assert rolled == column
    expected = gunnery.expected(aim)
    for part in "WFCELG":
        assert expected.get(part, 0) == pytest.approx(sum(h.count(part) for h in column) / 6)
    assert gunnery.expected_hits(plane("a-1", P47), plane("b-1", ME109, at((0, 2)))) == pytest.approx(17 / 6)
    assert gunnery.expected_hits(plane("a-1", P47), plane("b-1", ME109, at((0, 5)))) == 0


def test_xiv_parenthesised_gun_factors_never_fire_at_planes(get, gunnery_with):
    strafer = card(get, P47, "strafer", guns=[{"factors": 4, "type": "M", "position": "FF", "range": 3},
                                              {"factors": 4, "type": "M", "position": "FF", "range": 3,
                                               "surface_only": True}])
    aim = gunnery_with(strafer).aim(plane("a-1", "strafer"), plane("b-1", ME109, at((0, 2))))
    assert (aim.batteries, aim.gun_factors) == ((0,), 4)


def test_ix_range_follows_the_shortest_path_off_the_line_of_hexes(gunnery):
    aim = gunnery.aim(plane("a-1", P47), plane("b-1", ME109, at((0, 2), (1, 1))))
    assert (aim.hexes, aim.range) == (3, 3)


def test_v_a_plane_already_destroyed_neither_fires_nor_is_fired_at(gunnery):
    wreck = plane("b-1", ME109, at((0, 1)), facing=3)
    wreck = replace(wreck, destroyed=True)
    firer = plane("a-1", P47)
    phase = fire_phase(gunnery, [firer, wreck], dice())
    assert phase.shots == () and phase.destroyed == ()


def test_xxi_a_p47_firing_on_a_v1_records_no_cockpit_hit_and_one_fuel_hit_destroys_it(gunnery):
    fighter, v1 = plane("a-1", P47), plane("b-1", "v-1", at((0, 1)), altitude=10_000)
    assert gunnery.aim(fighter, v1).column == 16 - 4  # 16 GF at 1 hex, silhouette -4
    first = fire_phase(gunnery, [fighter, v1], dice(3))  # column 12, roll 3: EWC
    assert first.recorded == ("EW",) and first.destroyed == ()
    second = fire_phase(gunnery, first.planes, dice(4))  # column 12, roll 4: FL
    assert second.recorded == ("FL",)
    assert [(pid, [f.part for f in why]) for pid, why in second.destroyed] == [("b-1", ["L"])]


def test_ix_a_plane_fires_once_a_turn_at_one_target(gunnery):
    firer, near = plane("a-1", P47), plane("b-1", ME109, at((0, 1)))
    shot = gunnery.shoot(gunnery.aim(firer, near), dice(6))
    assert record_phase(gunnery, [firer, near], [shot]).planes[1].damage.of("F") == 1
    with pytest.raises(ValueError, match="once a turn"):
        record_phase(gunnery, [firer, near], [shot, shot])
