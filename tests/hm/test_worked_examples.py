"""What the rulebook says in words, checked on the bundled data."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from engine.content.dice import distribution, parse_roll
from engine.rulesets.hm.kinds.conversion import compare, convert
from engine.rulesets.hm.kinds.board import footprint, to_cell


def chance(roll, die="d6") -> Fraction:
    span = parse_roll(roll, die)
    return sum((p for face, p in distribution(die).items() if face in span), Fraction(0))


# --------------------------------------------------------------------------- shooting


def test_shooting_table_ranges_one_to_four_hit_on_three_four_five_six(records):
    table = records["hm.shooting_table", "shooting"]
    assert [(r.range, table.hit_span(r.range).low) for r in table.rows] == [(1, 3), (2, 4), (3, 5), (4, 6)]
    assert all(table.hit_span(r).high == 6 for r in range(1, 5))
    assert table.hit_span(5) is None
    assert [chance(r.hit) for r in table.rows] == [Fraction(2, 3), Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]


def test_fighters_shoot_four_hexes_bombers_and_tail_guns_two(records):
    table = records["hm.shooting_table", "shooting"]
    assert (table.ranges.front, table.ranges.tail, table.ranges.turret) == (4, 2, 2)
    assert table.planes_block  # "Planes block line of sight"


def test_gun_rating_is_dice_me110_rolls_four_ahead_and_one_behind(records):
    me110 = records["hm.fighter", "me110g"]
    assert (me110.crew, me110.gunners, me110.guns_front, me110.guns_tail) == (1, 1, 4, 1)


# --------------------------------------------------------------------------- engine hits, bombing


def test_engine_hits_numbers(records):
    rules = records["hm.rules", "core"]
    hits = rules.engine_hits
    assert hits.classes == ["heavy"] and hits.trigger_roll == 6
    assert chance(hits.confirm, hits.die) == Fraction(1, 2)  # "a 4 - 6 then an engine was destroyed"
    assert (hits.free_hits, hits.speed_loss) == (1, 1)  # "each engine hit after the first ... by 1 hex"
    assert chance(hits.stalled_move_roll, hits.die) == Fraction(1, 2) and hits.stalled_move_hexes == 1
    assert hits.all_engines_lost == "shot_down"


def test_every_heavy_bomber_has_engines_to_lose(records):
    heavies = [r for (k, _), r in records.items() if k == "hm.bomber" and r.heavy]
    assert sorted(r.id for r in heavies) == ["b-17g-fortress", "b-24j-liberator", "b-25d-mitchell", "lancaster"]
    assert all(r.engines and r.engines.count >= 2 for r in heavies)


def test_bomb_rating_is_the_chance_to_destroy_a_target(records):
    assert chance(records["hm.bomber", "b-17g-fortress"].bomb) == Fraction(2, 3)
    assert chance(records["hm.bomber", "d4y-judy"].bomb) == Fraction(1, 3)


def test_heavy_bombers_occupy_two_hexes(records):
    rules = records["hm.rules", "core"]
    assert rules.deployment.heavy_bomber_hexes == 2
    grid = records["hm.board", "bombing-run"].grid()
    assert footprint(grid, to_cell((9, 24)), 0, 2) == [to_cell((9, 24)), to_cell((9, 25))]


# --------------------------------------------------------------------------- movement, deck, mat


def test_movement_costs(records):
    m = records["hm.rules", "core"].movement
    assert (m.minimum_hexes, m.forward_cost, m.slip_cost, m.turn_hexsides) == (1, 1, 1, 1)
    assert m.immelman_clear_path and m.pass_through_planes and not m.end_in_occupied


def test_sequence_of_play_is_kept_as_printed(records):
    seq = records["hm.rules", "core"].sequence
    assert [(s.number, s.phase) for s in seq] == [(1, "draw_card"), (2, "move"), (2, "shoot"), (3, "bomb")]


def test_dogfight_mat_is_the_five_foot_minimum_in_four_inch_hexes(records):
    board, rules = records["hm.board", "dogfight"], records["hm.rules", "core"]
    width, length = board.size_inches()
    assert board.hex_inches == 4
    assert min(width, length) >= rules.mat.min_side_inches - 0.5
    assert max(width, length) < rules.mat.min_side_inches + 4  # about the minimum, not more


def activation_cards(scenario) -> list[str]:
    return [q.card for q in scenario.squadrons if q.role == "bomber"] + [
        p.card for q in scenario.squadrons if q.role == "fighter" for p in q.planes
    ]


@pytest.mark.parametrize(
    "scenario_id, cards", [("zekes-in-the-slot", 12), ("yamamotos-defeat", 15), ("bombers-over-berlin", 31)]
)
def test_one_card_per_fighter_and_per_bomber_squadron_from_one_deck(records, scenario_id, cards):
    dealt = activation_cards(records["hm.scenario", scenario_id])
    assert len(dealt) == cards == len(set(dealt)) and None not in dealt
    assert cards <= records["hm.rules", "core"].activation.deck_size


# --------------------------------------------------------------------------- scenarios


def forces(scenario) -> Counter:
    out = Counter()
    for p in scenario.placements():
        out[p.squadron.side, p.plane] += 1
    return out


def test_zekes_in_the_slot_two_zeroes_per_american(records):
    s = records["hm.scenario", "zekes-in-the-slot"]
    assert forces(s) == {("usa", "f4u-corsair"): 4, ("japan", "a6m5-zero-navy"): 8}
    assert s.squadrons[0].substitutes == ["p-38-lightning"]  # "Corsairs or P-38s"


def test_yamamoto_six_p38s_against_two_bettys_and_eight_zeroes(records):
    s = records["hm.scenario", "yamamotos-defeat"]
    assert forces(s) == {("usa", "p-38-lightning"): 6, ("japan", "g4m2-betty"): 2, ("japan", "a6m5-zero-navy"): 8}
    (yamamoto,) = s.designations
    bettys = [p.placed.id for p in s.placements() if p.plane == "g4m2-betty"]
    assert yamamoto.secret and yamamoto.side == "japan" and sorted(yamamoto.choose_from) == sorted(bettys)
    usa = next(v for v in s.victory if v.side == "usa")
    assert (usa.condition, usa.designation) == ("shoot_down_designated", "yamamoto")


def test_berlin_force_ratio_and_three_targets_at_the_far_end(records):
    s = records["hm.scenario", "bombers-over-berlin"]
    board = records["hm.board", s.board]
    sizes = Counter((q.side, q.role, len(q.planes)) for q in s.squadrons)
    assert sizes == {("allies", "bomber", 4): 1, ("allies", "fighter", 6): 1, ("germany", "fighter", 6): 4}
    assert len(board.targets) == 3 and all(t.row <= 2 for t in board.targets)
    bombers = [p.placed for p in s.placements() if p.squadron.role == "bomber"]
    assert all(b.row > board.rows * 3 // 4 for b in bombers)
    allies = next(v for v in s.victory if v.side == "allies")
    assert (allies.condition, allies.count, allies.targets) == ("destroy_targets", 1, [])


def test_planes_face_a_hexside_and_start_on_the_mat(records):
    for (kind, _), s in records.items():
        if kind != "hm.scenario":
            continue
        board = records["hm.board", s.board]
        for p in s.placements():
            assert 0 <= p.placed.facing <= 5 and board.contains((p.placed.col, p.placed.row))


# --------------------------------------------------------------------------- conversion


def test_p51_converts_to_its_printed_row(records):
    conversion, p51 = records["hm.conversion", "conversion"], records["hm.fighter", "p-51-mustang"]
    got = convert(conversion, "fighter", p51.specs)
    assert (got.speed, got.turn, got.damage, got.guns) == (5, 3, 7, {"front": 3})
    assert compare(conversion, p51) == []


@pytest.mark.parametrize("plane_id", ["b-24j-liberator", "lancaster"])
def test_heavy_bombers_convert_to_their_printed_rows(records, plane_id):
    conversion, bomber = records["hm.conversion", "conversion"], records["hm.bomber", plane_id]
    assert compare(conversion, bomber) == []
    assert convert(conversion, "bomber", bomber.specs).damage == 18


def test_the_print_disagrees_with_its_own_formulas_here(records):
    conversion = records["hm.conversion", "conversion"]
    found = {
        (rid, m.stat, m.printed, m.converted)
        for (kind, rid), r in records.items()
        if kind in ("hm.fighter", "hm.bomber")
        for m in compare(conversion, r)
    }
    assert found == {
        ("b-17g-fortress", "speed", 2, 3),
        ("b-17g-fortress", "turn", 2, 3),
        ("b-17g-fortress", "damage", 22, 18),
        ("spitfire-i-v", "turn", 2, 3),
        ("me109e", "speed", 5, 4),
        ("me109e", "damage", 5, 4),
        ("fw190a", "guns front", 4, 5),
        ("a6m5-zero-army", "damage", 5, 4),
        ("a6m5-zero-navy", "speed", 3, 4),
        ("a6m5-zero-navy", "turn", 1, 2),
        ("a6m5-zero-navy", "guns front", 2, 3),
    }


def test_the_printed_damage_divisor_would_give_ten_times_the_printed_damage(records):
    """Why the conversion reads 'Weight / 100' as per 1,000 lb (marked sample)."""
    conversion = records["hm.conversion", "conversion"]
    fighter = next(d for d in conversion.damage if d.role == "fighter")
    assert "Weight / 100" in fighter.printed and fighter.sample
    assert [s.lbs_per_hit for s in fighter.steps] == [1000, 2000]
    p51 = records["hm.fighter", "p-51-mustang"]
    assert p51.specs.weight_lbs / 100 > 10 * p51.damage
