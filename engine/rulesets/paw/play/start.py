"""Building a game's state from a scenario and the pack's records."""

from __future__ import annotations

from .geometry import norm
from .state import Flight, Plane, State, Tables, Target


def _first(content, kind: str):
    records = content.records(kind)
    return records[0] if records else None


def tables(content) -> Tables:
    markers: dict[str, list] = {}
    for m in content.records("paw.damage_marker"):
        markers.setdefault(m.aspect, []).append(m)
    return Tables(
        rules=_first(content, "paw.rules"),
        templates={t.letter.lower(): t for t in content.records("paw.turning_template")},
        fire={t.id: t for t in content.records("paw.fire_template")},
        aaa=_first(content, "paw.aaa_dashboard"),
        flak=_first(content, "paw.flak_dashboard"),
        freeze=_first(content, "paw.time_freeze_table"),
        markers=markers,
    )


def build_state(scenario, content, options: dict[str, bool]) -> State:
    t = tables(content)
    mat = content.get("paw.mat", scenario.mat)
    state = State(scenario=scenario, tables=t, options=dict(options), width=mat.width_mm,
                  height=mat.height_mm, planes={}, targets={}, areas=dict(scenario.areas))
    levels = t.rules.altitudes
    for sp in scenario.planes:
        dash = content.get("paw.dashboard", sp.dashboard)
        faction = content.get("paw.faction", sp.faction)
        alt = levels.index(sp.altitude) if options["altitude"] else levels.index("standard") \
            if "standard" in levels else 0
        plane = Plane(id=sp.id, side=faction.side, dash=dash, faction=sp.faction, role=sp.role,
                      skill=content.get("paw.crew_skill", sp.skill),
                      flight=Flight(pose=(sp.x, sp.y, norm(sp.heading)), alt=alt,
                                    energy=sp.energy),
                      damaged=sp.damaged, loadout=sp.loadout)
        if sp.loadout == "torpedoes" and dash.torpedoes is not None:
            plane.torpedoes = dash.torpedoes.count
        plane.flight.energy = min(plane.flight.energy, state.max_energy(plane))
        state.planes[plane.id] = plane
    for st in scenario.targets:
        state.targets[st.id] = Target(st.id, st.side, content.get("paw.ground_target", st.unit),
                                      (st.x, st.y, norm(st.heading)))
    for aspect, records in t.markers.items():
        state.piles[aspect] = sorted(m.id for m in records for _ in range(m.copies))
    state.initial_vp = {side: sum(p.dash.points for p in state.planes.values() if p.side == side)
                        for side in state.sides()}
    mission = content.get("paw.mission_type", scenario.mission)
    if mission is not None and mission.sweep_victory is not None:
        state.sweep_fraction = mission.sweep_victory.draw_below_fraction
    if scenario.target_type:
        state.target_type = content.get("paw.target_type", scenario.target_type)
    if scenario.victory is not None:
        state.victory = scenario.victory
    elif state.target_type is not None:
        state.victory = state.target_type.victory
    return state
