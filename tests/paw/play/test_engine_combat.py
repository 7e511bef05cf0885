"""Combat rules and the rulebook's combat examples, with dice that roll as told."""

from __future__ import annotations

from engine.rulesets.paw.play import combat, damage
from engine.rulesets.paw.play.flight import predict

from .engine_helpers import Dice, Recorder, plane, state, target

L = 16.0  # counter length and width in the sample pack
STEP = 15.0


def fire(st, pid, tid, weapon="guns", rockets=False):
    options = combat.attack_options(st, st.planes[pid], set())
    wanted = [o for o in options if o["target"] == tid and o["weapon"] == weapon
              and bool(o.get("rockets")) == rockets]
    assert wanted, f"{pid} cannot fire {weapon} at {tid}: {options}"
    return wanted[0]


def spitfire_vs_110(faithful, **options):
    """The Me-110 crosses 2.5 steps ahead of the Spitfire: box 3, attacked from the side."""
    return state(faithful, [plane("spit", "spitfire-i", "allies", 100, 100, heading=0),
                            plane("me110", "bf-110", "axis", 108 + 37.5 + 8, 100, heading=90)],
                 options=options)


def test_spitfire_vs_me110_gun_example(faithful):
    st = spitfire_vs_110(faithful, aspect_modifiers=True)
    action = fire(st, "spit", "me110")
    event, hit = combat.resolve_fire(st, Dice(11), action)
    assert (event["distance"], event["threshold"], event["aspect"]) == (3, 11, "side")
    assert event["modifiers"] == {"size": 0, "aspect": -2} and event["total"] == 9
    assert hit is None
    event, hit = combat.resolve_fire(st, Dice(12), action)
    assert not event["hit"]  # "the Spitfire had to roll at least 13"
    event, hit = combat.resolve_fire(st, Dice(13), action)
    assert event["hit"] and not event["kill"]
    rec = Recorder()
    damage.apply(st, rec, [hit])
    assert st.planes["me110"].damaged and st.planes["me110"].flying


def test_a_natural_20_is_never_modified_and_reaches_the_kill_threshold(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 100 + 8 + 37.5 + 8, 100,
                                heading=90),
                          plane("me110", "bf-110", "axis", 100, 100, heading=0)],
               options={"aspect_modifiers": True})
    action = fire(st, "me110", "spit")
    event, hit = combat.resolve_fire(st, Dice(20), action)
    assert event["unmodified"] and event["total"] == 20 and hit["kill"]
    event, hit = combat.resolve_fire(st, Dice(19), action)  # 19 -1 size -2 side = 16: hit only
    assert event["total"] == 16 and event["hit"] and not event["kill"]
    event, _ = combat.resolve_fire(st, Dice(1), action)
    assert event["unmodified"] and not event["hit"]


def test_a_rookies_crosshair_turns_a_hit_threshold_of_12_into_14(faithful):
    """Crew Skills: "The Crosshair value modifies the Hit threshold: for example, a Hit
    Threshold of 12 is modified to 14 for a Rookie pilot." The 110's box 3 is 12 (kill 18)."""
    def shot(skill, roll):
        st = state(faithful, [plane("spit", "spitfire-i", "allies", 100 + 8 + 37.5 + 8, 100,
                                    heading=90),
                              plane("me110", "bf-110", "axis", 100, 100, heading=0,
                                    skill=skill)],
                   options={"crew_skills": True})
        return combat.resolve_fire(st, Dice(roll), fire(st, "me110", "spit"))[0]

    trained, rookie = shot("trained", 13), shot("rookie", 13)
    assert (trained["distance"], trained["threshold"], trained["kill_threshold"]) == (3, 12, 18)
    assert trained["total"] == 12 and trained["hit"]  # 13 - 1 for the Spitfire's size
    assert rookie["threshold"] == 14 and not rookie["hit"]
    assert shot("rookie", 15)["hit"]


def test_basic_damage_flips_then_destroys(faithful):
    st = spitfire_vs_110(faithful)
    rec = Recorder()
    target = st.planes["me110"]
    target.flight.energy = 7
    damage.hit_plane(st, rec, target, "side", False, "spit")
    assert target.damaged and target.flight.energy == 5  # max Energy now the red value
    assert st.acceleration(target) == 1
    damage.hit_plane(st, rec, target, "side", False, "spit")
    assert target.status == "destroyed"
    removed = [d for t, d in rec.events if t == "unit.removed"]
    assert removed == [{"unit": "me110", "box": "destroyed", "destroyed": True, "by": ["spit"],
                        "cause": "second hit"}]


def test_a_plane_damaged_at_high_must_leave_it_within_its_next_turn(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 100, 100, altitude="high")])
    st.round = 3
    spit = st.planes["spit"]
    spit.moved = True  # hit in the Combat phase: its next turn is next round's
    damage.hit_plane(st, Recorder(), spit, "back", False, None)
    assert spit.leave_high_by == 4


def test_only_one_target_per_weapon_and_same_altitude(faithful):
    st = spitfire_vs_110(faithful)
    spit = st.planes["spit"]
    assert combat.attack_options(st, spit, {"guns"}) == []
    st.planes["me110"].flight.alt = 0
    assert combat.attack_options(st, spit, set()) == []


def test_me110_gunner_example(faithful):
    """The Spitfire attacks from behind into the rear G2 template: 14 at 2 steps, needs 16+."""
    st = state(faithful, [plane("me110", "bf-110", "axis", 200, 100, heading=0),
                          plane("spit", "spitfire-i", "allies", 162, 100, heading=0)],
               options={"aspect_modifiers": True, "advanced_damage": True})
    action = fire(st, "me110", "spit", weapon="gunner-1")
    event, hit = combat.resolve_fire(st, Dice(15), action)
    assert (event["distance"], event["threshold"]) == (2, 14)
    assert event["modifiers"] == {"size": -1, "aspect": -1} and not event["hit"]
    event, hit = combat.resolve_fire(st, Dice(16), action)
    assert event["hit"] and hit["aspect"] == "front"
    st.piles["front"] = ["front-engine"]  # the marker the draw turns up
    damage.hit_plane(st, Recorder(Dice()), st.planes["spit"], hit["aspect"], False, "me110")
    drawn = st.planes["spit"].markers[0]
    assert drawn.id == "front-engine" and st.planes["spit"].damaged
    assert st.acceleration(st.planes["spit"]) == 0  # halved (1), then -1 for the engine


def test_a_gunners_aspect_is_where_its_bullets_come_from(faithful):
    """Advanced damage: "check the aspect of the target plane (i.e. 'where do the bullets
    come from')"; the gunner example flips a Front marker "since the fire comes from its
    nose". The 110's centre is off the Spitfire's side, its tail gunner off its nose."""
    st = state(faithful, [plane("me110", "bf-110", "axis", 230, 232, heading=90),
                          plane("spit", "spitfire-i", "allies", 200, 200, heading=0)],
               options={"aspect_modifiers": True})
    event, hit = combat.resolve_fire(st, Dice(19), fire(st, "me110", "spit", weapon="gunner-1"))
    assert event["aspect"] == hit["aspect"] == "front"
    assert event["modifiers"]["aspect"] == -1  # head-to-head, not the side's -2


def test_gunners_cannot_fire_outside_their_template(faithful):
    st = state(faithful, [plane("me110", "bf-110", "axis", 200, 100, heading=0),
                          plane("spit", "spitfire-i", "allies", 200, 140, heading=0)])
    assert not [o for o in combat.attack_options(st, st.planes["me110"], set())
                if o["weapon"] == "gunner-1"]


def test_me110_strafing_example(faithful):
    """Hit Threshold 7 at 1 step; 15 with the radar's -2 is a hit, and any hit destroys."""
    st = state(faithful, [plane("me110", "bf-110", "axis", 100, 100, heading=0, altitude="low")],
               [target("radar", "radar", "allies", 100 + 8 + 10 + 8, 100)])
    action = fire(st, "me110", "radar")
    event, hit = combat.resolve_fire(st, Dice(15), action)
    assert (event["attack"], event["threshold"], event["total"]) == ("strafing", 7, 13)
    damage.apply(st, Recorder(), [hit])
    assert st.targets["radar"].status == "destroyed"


def test_strafing_only_at_low(faithful):
    st = state(faithful, [plane("me110", "bf-110", "axis", 100, 100, heading=0)],
               [target("radar", "radar", "allies", 126, 100)])
    assert combat.attack_options(st, st.planes["me110"], set()) == []


def test_helldiver_rockets_example(faithful):
    """Strafing a bunker at 9 with A-G rockets: 12 + 3 - 6 = 9 destroys it."""
    st = state(faithful, [plane("hd", "sb2c-helldiver", "axis", 100, 100, heading=0,
                                altitude="low", loadout="ag_rockets")],
               [target("bunker", "bunker", "allies", 100 + 8 + 22 + 8, 100)])
    action = fire(st, "hd", "bunker", rockets=True)
    event, hit = combat.resolve_fire(st, Dice(12), action)
    assert event["threshold"] == 9 and event["modifiers"] == {"strafing_defence": -6,
                                                              "rockets": 3}
    assert event["total"] == 9 and hit is not None


def test_rockets_are_used_once_per_game(faithful):
    from engine.rulesets.paw.play.sequence import Play

    st = state(faithful, [plane("hd", "sb2c-helldiver", "axis", 100, 100, heading=0,
                                altitude="low", loadout="ag_rockets")],
               [target("bunker", "bunker", "allies", 138, 100)])

    class G:
        state = st
        dice = Dice(2)

        def emit(self, *a, **k):
            return k

    play = Play(G())
    play.resolve([fire(st, "hd", "bunker", rockets=True)])
    st.planes["hd"].fired = set()
    assert not [o for o in combat.attack_options(st, st.planes["hd"], set()) if o.get("rockets")]


def test_ju88_level_and_dive_bombing_example(faithful):
    st = state(faithful, [plane("ju88", "ju-88", "axis", 100, 300, heading=0, loadout="bombs")],
               [target("airfield", "airfield", "allies", 140, 300)])
    ju88 = st.planes["ju88"]
    ju88.flight.mp = 4
    level = {"type": "level", "plane": "ju88", "steps": 4}
    path = [(100, 300, 1)] + predict(st, ju88, level).path
    assert [t.id for t in combat.bomb_targets(st, ju88, "level", path)] == ["airfield"]
    result = combat.resolve_bombs(st, Dice(12), ju88, st.targets["airfield"], dive=False)
    assert (result["total"], result["threshold"], result["hit"]) == (9, 10, False)
    ju88.flight.alt = 0  # at the end of a descent to Low
    assert [t.id for t in combat.bomb_targets(st, ju88, "descent", path)] == ["airfield"]
    result = combat.resolve_bombs(st, Dice(12), ju88, st.targets["airfield"], dive=True)
    assert (result["total"], result["threshold"], result["hit"]) == (9, 8, True)


def test_level_bombing_only_at_the_release_altitude(faithful):
    st = state(faithful, [plane("ju88", "ju-88", "axis", 100, 300, heading=0, loadout="bombs",
                                altitude="high")],
               [target("airfield", "airfield", "allies", 140, 300)])
    path = [(100, 300, 2), (160, 300, 2)]
    assert combat.bomb_targets(st, st.planes["ju88"], "level", path) == []
    assert combat.bomb_targets(st, st.planes["ju88"], "turn", path) == []


def test_barrage_example(faithful):
    """A Ju-88 ends in a Barrage of spacing 8 (threshold 15): 9 + 1 size misses."""
    st = state(faithful, [plane("ju88", "ju-88", "axis", 300, 300, heading=0)],
               [target("flak", "flak", "allies", 100, 100)])
    st.flak["allies"] = combat._battery("allies")
    combat.apply_flak(st, {"type": "barrage", "side": "allies", "x": 310, "y": 300,
                           "spacing": 8, "alt": "standard"})
    st.planes["ju88"].flight.path = [(300, 300, 1)]
    (event, hit), = combat.flak_attacks(st, Dice(9))
    assert (event["threshold"], event["total"], hit) == (15, 10, None)
    st.planes["ju88"].flight.path = [(300, 300, 2)]  # at High: a Standard Barrage misses it
    assert combat.flak_attacks(st, Dice(9)) == []


def test_cpf_example(faithful):
    """The Ju-88 is beyond the CPF marker's reach; a Spitfire within it is destroyed on 19."""
    st = state(faithful, [plane("ju88", "ju-88", "axis", 300, 300, heading=0),
                          plane("spit", "spitfire-i", "allies", 500, 300, heading=0)],
               [target("flak", "flak", "allies", 100, 100)])
    st.flak["allies"] = combat._battery("allies")
    combat.apply_flak(st, {"type": "cpf", "side": "allies", "x": 520, "y": 300,
                           "alt": "standard"})
    for p in st.planes.values():
        p.flight.path = [(*p.flight.pose[:2], 1)]
    (event, hit), = combat.flak_attacks(st, Dice(19))
    assert event["target"] == "spit" and event["kill"] and hit["aspect"] == "side"


def test_flak_markers_keep_their_distance_from_enemy_planes(faithful):
    st = state(faithful, [plane("ju88", "ju-88", "axis", 300, 300, heading=0)],
               [target("flak", "flak", "allies", 320, 300), target("f2", "flak", "allies", 700, 100)])
    options = combat.flak_options(st, "allies")
    cpf = {(o["x"], o["y"]) for o in options if o["type"] == "cpf"}
    assert (320, 300) not in cpf and (700, 100) in cpf
    barrages = {o["spacing"] for o in options if o["type"] == "barrage" and o["x"] == 320}
    assert 4 not in barrages and 12 in barrages  # a wide square keeps its markers far enough


def test_aaa_fires_only_at_low(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 130, 100, altitude="low")],
               [target("aaa", "aaa", "axis", 100, 100)])
    assert combat.aaa_box(st, st.targets["aaa"], st.planes["spit"]) == 1
    st.planes["spit"].flight.alt = 1
    assert combat.aaa_box(st, st.targets["aaa"], st.planes["spit"]) is None


def test_aaa_takes_a_gunners_aspect_modifier(faithful):
    """AAA: "When the AAA wants to attack a plane, it behaves exactly like a plane's Gunner";
    with the optional aspect rule a Gunner's roll takes the aspect modifier (unlike Flak,
    which the book exempts)."""
    planes = [plane("spit", "spitfire-i", "allies", 130, 100, heading=90, altitude="low")]
    targets = [target("aaa", "aaa", "axis", 100, 100)]
    st = state(faithful, planes, targets, options={"aspect_modifiers": True})
    event, hit = combat.resolve_aaa(st, Dice(15), st.targets["aaa"], st.planes["spit"])
    assert (event["distance"], event["threshold"]) == (1, 10)
    assert event["modifiers"] == {"size": -1, "aspect": -2} and event["total"] == 12
    assert hit["aspect"] == "side" and hit["by"] == "aaa"
    st = state(faithful, planes, targets)
    event, _ = combat.resolve_aaa(st, Dice(15), st.targets["aaa"], st.planes["spit"])
    assert event["modifiers"] == {"size": -1}


def test_advanced_damage_destroys_when_hearts_exceed_durability(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 100, 100)],
               options={"advanced_damage": True})
    spit = st.planes["spit"]
    rec = Recorder(Dice())
    results = []
    while spit.flying:
        results.append(damage.hit_plane(st, rec, spit, "side", False, None))
    assert results[-1] == "destroyed" and spit.hearts > spit.dash.durability or \
        any(e.effect == "crew_killed" for m in spit.markers for e in m.effects)
    assert sorted(st.piles["side"]) == st.piles["side"] and len(st.piles["side"]) == sum(
        m.copies for m in st.tables.markers["side"])  # markers go back to their pile


def test_damage_marker_effects_accumulate(faithful):
    st = state(faithful, [plane("spit", "spitfire-i", "allies", 100, 100)],
               options={"advanced_damage": True})
    spit = st.planes["spit"]
    markers = {m.id: m for ms in st.tables.markers.values() for m in ms}
    spit.markers = [markers["side-left-aileron"], markers["side-right-aileron"]]
    assert st.turn_sides(spit) == []
    spit.markers = [markers["front-guns"]]
    assert st.hit_modifier(spit) == 2
