"""The rulebook's worked examples, checked against the bundled (sample) content.

Each test quotes the numbers of one example; the samples were authored to fit
them, so a careless edit of a dashboard or table breaks a test here.
"""

from engine.rulesets.paw.kinds.vocabulary import ALTITUDES


def hit(roll: int, *modifiers: int, threshold: int) -> bool:
    """A d20 attack: 1 and 20 are never modified."""
    if roll in (1, 20):
        return roll >= threshold
    return roll + sum(modifiers) >= threshold


def get(view, kind, rid):
    record = view.get(kind, rid)
    assert record is not None, f"{kind} {rid} missing"
    return record


def test_spitfire_at_6_energy_turns_on_c_and_the_turning_example_costs(faithful):
    spit = get(faithful, "paw.dashboard", "spitfire-i")
    c = get(faithful, "paw.turning_template", "c")
    d = get(faithful, "paw.turning_template", "d")
    assert spit.best_turn(6) == "C"
    assert c.energy_loss(6) == 3  # template C, all 6 Movement points
    assert d.energy_loss(6) == 2  # template D instead
    assert d.energy_loss(3) + c.energy_loss(3) == 3  # D for 3 steps (1) then C for 3 (2)


def test_climb_and_descent_examples(faithful):
    spit = get(faithful, "paw.dashboard", "spitfire-i")
    assert (spit.climb.step, spit.climb.energy) == (3, 3)  # 3 steps straight, loses 3 Energy
    assert spit.descent.step == 3  # has to move at least 3 steps
    assert spit.max_energy.undamaged == 6  # regains Energy to max: next allowance 6


def test_sizes_of_the_examples(faithful):
    assert get(faithful, "paw.dashboard", "bf-110").size == 0
    assert get(faithful, "paw.dashboard", "spitfire-i").size == -1
    assert get(faithful, "paw.dashboard", "ju-88").size == 1


def test_spitfire_against_me110_needs_13_with_the_side_aspect(faithful):
    rules = get(faithful, "paw.rules", "core")
    spit = get(faithful, "paw.dashboard", "spitfire-i")
    me110 = get(faithful, "paw.dashboard", "bf-110")
    box = next(b for b in spit.guns if b.hit == 11)  # "At this distance, the Hit Threshold is 11"
    side = rules.combat.aspects.side
    assert side == -2
    assert not hit(11, me110.size, side, threshold=box.hit)
    assert hit(13, me110.size, side, threshold=box.hit)
    assert not hit(12, me110.size, side, threshold=box.hit)


def test_me110_in_the_ai_example_needs_12_to_hit_and_18_to_kill(faithful):
    me110 = get(faithful, "paw.dashboard", "bf-110")
    assert any((b.hit, b.kill) == (12, 18) for b in me110.guns)
    assert "Me-110" in me110.names()


def test_gunner_example_needs_16(faithful):
    me110 = get(faithful, "paw.dashboard", "bf-110")
    spit = get(faithful, "paw.dashboard", "spitfire-i")
    rules = get(faithful, "paw.rules", "core")
    assert [p.template for p in me110.gunners.positions] == ["g2"]
    assert me110.gunners.positions[0].mark == "tail"
    threshold = next(b.hit for b in me110.gunners.ruler if b.hit == 14)
    front = rules.combat.aspects.head_on
    assert hit(16, spit.size, front, threshold=threshold)
    assert not hit(15, spit.size, front, threshold=threshold)


def test_strafing_the_radar_station(faithful):
    me110 = get(faithful, "paw.dashboard", "bf-110")
    radar = get(faithful, "paw.ground_target", "radar")
    assert radar.strafing_defence == -2
    assert me110.gun_box(1).hit == 7
    assert hit(15, radar.strafing_defence, threshold=7)


def test_helldiver_rockets_balance_the_bunker(faithful):
    helldiver = get(faithful, "paw.dashboard", "sb2c-helldiver")
    bunker = get(faithful, "paw.ground_target", "bunker")
    assert helldiver.ag_rockets.bonus == 3 and bunker.strafing_defence == -6
    threshold = helldiver.gun_box(2).hit
    assert threshold == 9
    assert hit(12, helldiver.ag_rockets.bonus, bunker.strafing_defence, threshold=threshold)
    assert not hit(11, helldiver.ag_rockets.bonus, bunker.strafing_defence, threshold=threshold)


def test_ju88_misses_the_airfield_level_but_hits_diving(faithful):
    ju88 = get(faithful, "paw.dashboard", "ju-88")
    airfield = get(faithful, "paw.ground_target", "airfield")
    assert (ju88.bombs.hit, ju88.bombs.altitude, ju88.bombs.dive_hit) == (10, "standard", 8)
    assert airfield.bombing_defence == -3
    assert not hit(12, airfield.bombing_defence, threshold=ju88.bombs.hit)
    assert hit(12, airfield.bombing_defence, threshold=ju88.bombs.dive_hit)


def test_torpedo_needs_10_against_the_battleship(faithful):
    helldiver = get(faithful, "paw.dashboard", "sb2c-helldiver")
    bb = get(faithful, "paw.ground_target", "bb")
    assert helldiver.torpedoes.hit == 5 and bb.turning_template == "e"
    assert hit(10, bb.bombing_defence, threshold=helldiver.torpedoes.hit)
    assert not hit(9, bb.bombing_defence, threshold=helldiver.torpedoes.hit)


def test_only_the_he111_carries_two_torpedoes(faithful):
    two = [d.id for d in faithful.records("paw.dashboard") if d.torpedoes and d.torpedoes.count == 2]
    assert two == ["he-111"]


def test_flak_examples(faithful):
    flak = get(faithful, "paw.flak_dashboard", "flak")
    ju88 = get(faithful, "paw.dashboard", "ju-88")
    spit = get(faithful, "paw.dashboard", "spitfire-i")
    box = next(b for b in flak.barrage if b.hit == 15)
    assert not hit(9, ju88.size, threshold=box.hit)  # "even with the size modifier (+1)"
    assert hit(19, spit.size, threshold=flak.cpf.kill)  # 19 hits and destroys the Spitfire
    assert flak.barrage_markers == 4 and flak.min_distance == 5 and flak.cpf.reach == 1


def test_rookie_crosshair_turns_12_into_14(faithful):
    rookie = get(faithful, "paw.crew_skill", "rookie")
    assert 12 + rookie.crosshair == 14
    assert rookie.energy_tokens == -1
    assert not get(faithful, "paw.crew_skill", "trained").has_marker


def test_initiative_example_order(faithful):
    rules = get(faithful, "paw.rules", "core")
    planes = [  # (name, energy, altitude, planes of its faction, d20)
        ("me110", 5, "standard", 2, 10), ("ju88", 4, "standard", 2, 10),
        ("spitfire", 4, "standard", 1, 10)]

    def key(p):
        parts = {"least_energy": p[1], "lowest_altitude": ALTITUDES.index(p[2]),
                 "larger_faction": -p[3], "lowest_d20": p[4]}
        return [parts[name] for name in rules.initiative.order]

    assert [p[0] for p in sorted(planes, key=key)] == ["ju88", "spitfire", "me110"]
    planes[2] = ("spitfire", 4, "low", 1, 10)
    assert [p[0] for p in sorted(planes, key=key)][0] == "spitfire"


def test_time_freeze_example(faithful):
    table = get(faithful, "paw.time_freeze_table", "time-freeze")
    assert table.movers("a") == [7, 8, 9, 10]
    assert table.movers("e") == [2, 4, 6, 8, 10]
    p51, me262 = 5, 8
    order = [[e for e in (p51, me262) if e in table.movers(i)] for i in "abcde"]
    assert order == [[me262], [p51], [me262], [p51, me262], [me262]]
    row = {r.energy: r for r in table.rows}
    assert row[1].steps == [None] * 9 + [1] and not row[1].sample


def test_ai_example_maneuvers(faithful):
    table = get(faithful, "paw.ai_table", "ace")
    skills = {s.id: s.ai_rows_down for s in faithful.records("paw.crew_skill")}
    # Round 1: beyond a Dashboard, Spitfire on the side and lower, roll 17.
    assert table.maneuver("beyond_dashboard", "side", "lower", 17) == "hardest-turn"
    assert table.maneuver("beyond_dashboard", "side", "lower", 17,
                          skills["rookie"]) == "c-turn"
    # Round 2: within a Dashboard, roll 7: hard turn; an Expert/Trained shifts one row.
    assert table.maneuver("within_dashboard", "behind", "level", 7) == "hardest-turn"
    assert table.maneuver("within_dashboard", "behind", "level", 7,
                          skills["trained"]) == "turn-alt-change"
    # Round 5: the Spitfire sits in the 110's rear sector, roll 20: Wingover.
    assert table.maneuver("within_dashboard", "behind", "level", 20) == "wingover"


def test_me110_ai_energy_facts(faithful):
    me110 = get(faithful, "paw.dashboard", "bf-110")
    assert me110.best_turn(6) == "D"  # "Hardest turn, that is a D-turn for a 110 at 6 Energy"
    tightest = min(t for t in me110.turning if t)
    assert me110.best_turn(4) == tightest == "C"
    assert me110.best_turn(5) != tightest  # 4 is the highest Energy for its tightest turn
    assert 2 + me110.acceleration >= 4  # from 2 Energy it accelerates to 4
    assert me110.wingover.step <= 4 and me110.wingover.energy < 4  # wingover from 4 Energy


def test_me262_and_p51d_can_hold_their_time_freeze_energy(faithful):
    assert get(faithful, "paw.dashboard", "me-262").max_energy.undamaged >= 8
    assert get(faithful, "paw.dashboard", "me-262").aa_rockets is not None
    assert get(faithful, "paw.dashboard", "p-51d").max_energy.undamaged >= 5
