"""Extended missions: the inbound and outbound events and the forces they bring.

The inbound event is rolled after the planes are selected and before set-up,
so its defender planes can be rolled now (on the availability tables, apart
from the main mission's). The outbound event is rolled here too, so one seed
gives the whole mission, but its forces depend on how the main mission ends
(the attacker's remaining planes, which plane limps home), so only the event
is recorded for it.
"""

from __future__ import annotations

import math

from .forces import FILLER_ROLE, Availability, Plane, points
from .rolls import Roller
from .surface import Surface


def event_table(content):
    tables = sorted(content.records("paw.event_table"), key=lambda t: t.id)
    return tables[0] if tables else None


def roll_event(roller: Roller, table, content, leg: str):
    def describe(row) -> str:
        return content.get("paw.mission_event", row.event).label

    def check(row) -> str | None:
        if content.get("paw.mission_event", row.event) is None:
            return f"no mission event '{row.event}' in the pack"
        return None

    row = roller.on_table(table, table, "", f"{leg} leg", check, describe)
    return content.get("paw.mission_event", row.event)


def time_reference(surface: Surface, edge: str, deploy_steps: int, attackers: list[Plane]) -> int:
    """Rounds the slowest plane needs, flying straight at its max Energy, to reach the
    defender's far edge from `deploy_steps` inside its own."""
    slowest = min(p.dashboard.max_energy_for(False, p.loadout != "none") for p in attackers)
    distance = surface.depth(edge) / surface.step - deploy_steps
    return max(1, math.ceil(distance / slowest))


def defender_planes(avail: Availability, side: str, leg_rules, attackers: list[Plane],
                    roller: Roller) -> tuple[list[Plane], int | None, str | None]:
    """(planes, VP cap, damaged plane id) the defender brings to the inbound leg."""
    kind = leg_rules.defender_planes
    if kind == "none":
        return [], None, None
    if kind == "one":
        return [avail.roll(side, FILLER_ROLE, "inbound leg: the lone defender")], None, None
    damaged = None
    if kind == "vp_half_damaged":
        damaged = roller.pick([p.id for p in attackers], "inbound leg: plane limping home")
        cap = next(p for p in attackers if p.id == damaged).points // 2
    else:  # vp_attacking_bombers
        bombers = [p for p in attackers if p.role == "bomber"]
        cap = points(bombers or [p for p in attackers if p.role == FILLER_ROLE])
    chosen: list[Plane] = []
    while True:
        plane = avail.roll(side, FILLER_ROLE, f"inbound leg: defender plane {len(chosen) + 1}")
        total = points(chosen) + plane.points
        if total > cap:
            roller.remark(f"not taken: {total} VP would pass the cap of {cap}")
            return chosen, cap, damaged
        roller.remark(f"taken: {total} of {cap} VP")
        chosen.append(plane)
