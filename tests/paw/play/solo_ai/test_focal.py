"""Focal points: each list of the pack, each override, the choice of list per plane."""

from __future__ import annotations

from engine.rulesets.paw.play.solo_ai.focal import View

from ..engine_helpers import plane, target
from .helpers import pilot

AI = ("ai", "bf-109e", "axis", 450, 300)


def fighter(pid, x, y, altitude="standard", side="allies", **extra):
    return plane(pid, "spitfire-i" if side == "allies" else "bf-109e", side, x, y,
                 altitude=altitude, **extra)


def focus(g, p, pid="ai"):
    p.memory.update(g.log, g.state.planes)  # what the pilot has seen, as at its round
    return p.focus.of(g.state.planes[pid], p.memory)[0]


def test_sweep_prefers_an_unengaged_enemy_at_its_level_then_lower_then_higher(faithful):
    g, p = pilot(faithful, [plane(*AI), fighter("low", 450, 350, "low"),
                            fighter("high", 450, 250, "high"),
                            fighter("level", 700, 300)])
    found = focus(g, p)
    assert (found.unit, found.printed) == ("level", "Closest, unengaged enemy plane - Level")
    g.state.planes["level"].status = "destroyed"
    assert focus(g, p).unit == "low"
    g.state.planes["low"].status = "destroyed"
    found = focus(g, p)
    assert found.unit == "high" and found.alt == 2


def test_sweep_leaves_engaged_enemies_for_later_and_goes_home_when_none_is_left(faithful):
    g, p = pilot(faithful, [plane(*AI), fighter("near", 450, 380), fighter("far", 900, 300),
                            fighter("mate", 450, 450, side="axis")])
    # 'near' is within one Dashboard of the friendly 'mate': engaged by one plane
    assert focus(g, p).unit == "far"
    g.state.planes["far"].status = "destroyed"
    found = focus(g, p)
    assert (found.unit, found.printed) == ("near", "Closest enemy plane engaged by 1 friendly "
                                                   "plane")
    for q in ("near",):
        g.state.planes[q].status = "destroyed"
    home = focus(g, p)
    assert home.entry == "friendly_edge" and home.printed == "Closest friendly side (Standard Alt.)"
    assert (home.x, home.y, home.alt) == (450, g.state.height, 1)  # axis owns the top edge


def test_engaged_by_two_or_more(faithful):
    g, p = pilot(faithful, [plane(*AI), fighter("enemy", 450, 380),
                            fighter("m1", 450, 450, side="axis"),
                            fighter("m2", 500, 420, side="axis")])
    found = focus(g, p)
    assert found.printed == "Closest enemy plane engaged by 2+ friendly planes"


def test_fired_upon_looks_at_the_shooter_rather_than_the_closest_enemy(faithful):
    g, p = pilot(faithful, [plane(*AI), fighter("close", 450, 360), fighter("shooter", 800, 300)])
    g.emit("paw.attack", plane="shooter", weapon="guns", target="ai", hit=False)
    found = focus(g, p)
    assert (found.unit, found.override) == ("shooter", "If fired upon or tailed")
    assert found.printed == "Closest threatening enemy plane"


def test_a_plane_on_its_tail_is_a_threat(faithful):
    # the Spitfire two steps behind the 109, nose on its tail, at the same altitude
    g, p = pilot(faithful, [plane(*AI, heading=0), fighter("tailer", 415, 300, heading=0),
                            fighter("other", 450, 380)])
    found = focus(g, p)
    assert (found.unit, found.override) == ("tailer", "If fired upon or tailed")


def test_heavy_damage_sends_it_home_low_fast_with_hardest_turns(faithful):
    g, p = pilot(faithful, [plane(*AI), fighter("enemy", 450, 380)],
                 options={"advanced_damage": True})
    me = g.state.planes["ai"]
    marker = next(m for m in faithful.records("paw.damage_marker") if m.hearts == 1)
    me.markers = [marker] * 2  # 2 hearts of Durability 4: 50%, not enough
    assert focus(g, p).unit == "enemy"
    me.markers = [marker] * 3  # 75%
    home = focus(g, p)
    assert home.entry == "friendly_edge" and home.alt == 0
    assert home.max_speed and home.hardest and home.override == "Damage >= 75%"


def test_basic_damage_counts_as_half(faithful):
    g, p = pilot(faithful, [plane(*AI, damaged=True), fighter("enemy", 450, 380)])
    assert focus(g, p).unit == "enemy"  # 50% is below the sweep's 75%


CAS = dict(mission="close-air-support", target_type="convoy", attacker="axis")


def cas(faithful, *extra, loadout="bombs", targets=None):
    planes = [plane("fb", "bf-110", "axis", 450, 500, altitude="low", loadout=loadout,
                    role="fighter_bomber"),
              plane("escort", "bf-109e", "axis", 500, 520),
              fighter("spit", 450, 100), *extra]
    targets = targets or [target("dd", "dd", "allies", 300, 200),
                          target("tr", "tr", "allies", 600, 300)]
    return pilot(faithful, planes, targets, **CAS)


def test_close_air_support_flies_at_the_closest_objective_at_its_bombing_altitude(faithful):
    g, p = cas(faithful)
    found = focus(g, p, "fb")
    assert (found.unit, found.printed) == ("tr", "Mission objective avoiding enemy planes")
    assert found.avoid_enemies and found.alt == 1  # the 110's bombs drop from Standard
    assert focus(g, p, "escort").printed.startswith("Closest, unengaged enemy plane")


def test_strafers_and_torpedo_planes_attack_from_low(faithful):
    g, p = cas(faithful, loadout="none")
    assert focus(g, p, "fb").alt == 0  # guns strafe only at Low
    g, p = cas(faithful, loadout="torpedoes", targets=[target("aaa", "aaa", "allies", 500, 450),
                                                       target("tr", "tr", "allies", 600, 300)])
    found = focus(g, p, "fb")
    assert found.unit == "tr" and found.alt == 0  # a ship; AAA is not an objective


def test_close_air_support_goes_home_when_the_objective_is_met(faithful):
    g, p = cas(faithful)
    for t in g.state.targets.values():
        t.status = "destroyed"
    home = focus(g, p, "fb")
    assert home.printed == "Closest friendly side (Standard Alt.)" and home.alt == 1


def test_a_badly_damaged_strike_plane_keeps_formation_else_goes_home_low(faithful):
    mate = plane("fb2", "bf-110", "axis", 520, 480, altitude="low", role="fighter_bomber")
    g, p = cas(faithful, mate, targets=None)
    g.state.planes["fb"].damaged = True
    # Damage >= 75% in the basic model: one hit flips it (50%): not yet
    assert focus(g, p, "fb").entry == "mission_objective"
    g.state.options["advanced_damage"] = True
    marker = next(m for m in faithful.records("paw.damage_marker") if m.hearts == 2)
    g.state.planes["fb"].markers = [marker, marker]  # 4 hearts of 5
    found = focus(g, p, "fb")
    assert (found.printed, found.unit) == ("Keep formation", "fb2")
    g.state.planes["fb2"].status = "destroyed"
    home = focus(g, p, "fb")
    assert home.printed == "Closest friendly side (Low Altitude)" and home.alt == 0


def bombing(faithful):
    return pilot(faithful, [plane("ju", "ju-88", "axis", 450, 500, loadout="bombs",
                                  role="bomber"), fighter("spit", 100, 100)],
                 [target("airfield", "airfield", "allies", 450, 150)],
                 mission="strategic-bombing", target_type="installation", attacker="axis")


def test_bombers_under_flak_keep_their_focal_point_and_avoid_the_flak(faithful):
    g, p = bombing(faithful)
    found = focus(g, p, "ju")
    assert found.unit == "airfield" and found.alt == 1 and not found.avoid_flak
    g.emit("paw.attack", attack="flak", by_side="allies", target="ju", hit=False)
    found = focus(g, p, "ju")
    assert found.unit == "airfield" and found.avoid_flak
    assert found.override == "If under Flak attack"


def test_damaged_bombers_keep_formation_else_go_home_low(faithful):
    g, p = bombing(faithful)
    g.state.planes["ju"].damaged = True  # "Damaged": any damage
    found = focus(g, p, "ju")
    assert found.override == "Damaged" and found.printed == "Closest friendly side (Low Altitude)"


def event_list(faithful, list_id):
    return next(fp for fp in faithful.records("paw.focal_points") if fp.id == list_id)


def test_lone_wolf_hunts_bombers_first_and_leaves_after_a_kill(faithful):
    g, p = pilot(faithful, [plane("wolf", "spitfire-i", "allies", 450, 100),
                            plane("fighter", "bf-109e", "axis", 450, 160),
                            plane("fb", "bf-110", "axis", 450, 300, role="fighter_bomber"),
                            plane("bomber", "ju-88", "axis", 450, 500, role="bomber")])
    wolf = g.state.planes["wolf"]
    lone = event_list(faithful, "lone-wolf")
    view = View(p.focus, wolf, p.memory)
    assert view.first(lone.points).unit == "bomber"
    g.state.planes["bomber"].status = "destroyed"
    assert View(p.focus, wolf, p.memory).first(lone.points).unit == "fb"
    assert not View(p.focus, wolf, p.memory).holds(lone.overrides[0])
    g.emit("unit.removed", unit="bomber", box="destroyed", destroyed=True, by=["wolf"])
    p.memory.update(g.log, g.state.planes)
    assert View(p.focus, wolf, p.memory).holds(lone.overrides[0])  # after a kill: home
    wolf.damaged = True
    assert View(p.focus, wolf, p.memory).holds(lone.overrides[1])  # Damage >= 50%


def test_limping_home_flies_to_its_edge_at_its_own_level(faithful):
    g, p = pilot(faithful, [plane("limp", "ju-88", "axis", 450, 300, altitude="high",
                                  role="bomber"), fighter("spit", 100, 100)])
    home = View(p.focus, g.state.planes["limp"], p.memory).first(
        event_list(faithful, "limping-home").points)
    assert home.entry == "friendly_edge" and home.alt is None and home.y == g.state.height
