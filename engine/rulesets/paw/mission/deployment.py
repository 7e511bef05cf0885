"""General Deployment: the roll-off, then concrete positions that keep each set-up's distances.

The rulebook leaves where exactly to put a plane to the players. The layout
here is deterministic (no dice), so only the rulebook's own rolls reach the
log: planes stand in lines parallel to their outer edge, formations of
bombers keep a step between counters, and the side that caught the other
sets its fighters on its prey's tail (Surprised) or beam (Jumped) just
outside the distance the rules forbid, at the prey's Altitude. Every
position is checked against the rule it must keep; when the mat is too small
for that, the generator reports it rather than write an illegal set-up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import zip_longest
from typing import Iterable

from ..kinds.vocabulary import Side, other_side
from .forces import Plane
from .rolls import MissionReport, Roller
from .surface import AREAS, INWARD, OPPOSITE, Surface

# Where a catching fighter looks for room around its prey, degrees from the prey's nose:
# tail first when the prey is Surprised (the rear is allowed), beam first when Jumped.
BEHIND_FIRST = (180, 150, 210, 120, 240, 90, 270, 60, 300, 30, 330, 0)
BEAM_FIRST = (90, 270, 60, 300, 120, 240, 30, 330, 0, 150, 210, 180)


@dataclass(frozen=True)
class Outcome:
    kind: str  # neutral, surprised, jumped
    caught: Side | None
    scores: dict[str, int]


def roll_off(roller: Roller, planes: dict[str, list[Plane]], rules) -> Outcome:
    """Both factions roll 1d20 plus 1 per plane; double or more surprises, more jumps."""
    d = rules.deployment
    scores = {}
    for side in ("axis", "allies"):
        bonus = d.bonus_per_plane * len(planes[side])
        roll = roller.dice.one("d20", f"{side} deployment")
        scores[side] = roll + bonus
        roller.note(modifier=bonus, outcome=f"{roll} + {bonus} for {len(planes[side])} "
                    f"plane(s) = {roll + bonus}")
    high = max(scores, key=lambda s: scores[s])
    low = other_side(high)
    if scores[high] == scores[low]:
        kind, caught = "neutral", None
    elif scores[high] >= d.surprise_ratio * scores[low]:
        kind, caught = "surprised", low
    else:
        kind, caught = "jumped", low
    roller.remark(f"{kind}" + (f": the {caught} are {kind}" if caught else ""))
    return Outcome(kind, caught, scores)


class Deployer:
    """Puts every plane on the mat for one General Deployment result."""

    def __init__(self, surface: Surface, rules, missions: dict) -> None:
        self.s = surface
        self.rules = rules
        self.missions = missions
        self.gap = surface.step * min(1, rules.deployment.formation_distance)

    # ------------------------------------------------------------------ altitudes

    def allowed(self, caught: bool, kind: str) -> list[str]:
        if caught and kind == "surprised":
            wanted = set(self.rules.deployment.surprised_altitudes)
            return [a for a in self.rules.altitudes if a in wanted]
        return list(self.rules.altitudes)

    def altitude(self, plane: Plane, allowed: list[str]) -> str:
        """The briefing's lowest or highest allowed Altitude for required planes, else
        Standard, the main flight level."""
        rule = self.missions[plane.side].deploy_altitude if plane.required else "any"
        if rule == "lowest":
            return allowed[0]
        if rule == "highest":
            return allowed[-1]
        return "standard" if "standard" in allowed else allowed[0]

    # ------------------------------------------------------------------ lines

    def line(self, planes: list[Plane], edge: str, depth: float, margin: float) -> None:
        """Planes along `edge`, `depth` in from it: one slot per formation, spread evenly."""
        groups: dict[str, list[Plane]] = {}
        for plane in planes:
            groups.setdefault(plane.formation, []).append(plane)
        pitch = 2 * self.s.radius + self.gap
        extents = [(len(g) - 1) * pitch + 2 * self.s.radius for g in groups.values()]
        room = self.s.edge_length(edge) - 2 * margin
        slot = room / len(groups)
        if max(extents) <= slot:
            centres = [margin + slot * (i + 0.5) for i in range(len(groups))]
        else:  # not enough room to spread them: pack them together, centred
            total = sum(extents) + self.gap * (len(groups) - 1)
            if total > room:
                raise MissionReport(f"the mat is too small to line up {len(planes)} planes "
                                    f"along its {edge} edge")
            start, centres = margin + (room - total) / 2, []
            for extent in extents:
                centres.append(start + extent / 2)
                start += extent + self.gap
        for centre, group in zip(centres, groups.values()):
            first = centre - (len(group) - 1) * pitch / 2
            for i, plane in enumerate(group):
                plane.x, plane.y = _round(self.s.at(edge, depth, first + i * pitch))

    # ------------------------------------------------------------------ set-ups

    def deploy(self, outcome: Outcome, planes: dict[str, list[Plane]],
               roller: Roller) -> list[Plane]:
        """Every plane placed; returns them in deployment order."""
        if outcome.caught is None:
            for side in ("axis", "allies"):
                self.neutral(planes[side], side)
            first = roller.pick(["axis", "allies"], "neutral set-up: first to deploy")
            turns = zip_longest(planes[first], planes[other_side(first)])
            return [p for pair in turns for p in pair if p is not None]
        caught, other = outcome.caught, other_side(outcome.caught)
        d = self.rules.deployment
        surprised = outcome.kind == "surprised"
        edge_steps = d.surprised_edge_distance if surprised else d.jumped_edge_distance
        enemy_steps = d.surprised_enemy_distance if surprised else d.jumped_enemy_distance
        self.caught(planes[caught], caught, edge_steps, self.allowed(True, outcome.kind))
        self.catching(planes[other], other, planes[caught], enemy_steps, not surprised)
        return planes[caught] + planes[other]

    def neutral(self, planes: list[Plane], side: str) -> None:
        """Adjacent to the edge farthest from the enemy, facing the enemy, any Altitude."""
        edge = AREAS[side]
        self.line(planes, edge, self.s.length / 2, self.s.radius)
        for plane in planes:
            plane.heading = INWARD[edge]
            plane.altitude = self.altitude(plane, self.allowed(False, "neutral"))

    def caught(self, planes: list[Plane], side: str, edge_steps: int,
               allowed: list[str]) -> None:
        """Own area, clear of every edge by `edge_steps`, facing the most distant edge."""
        edge = AREAS[side]
        clear = edge_steps * self.s.step + self.s.radius + 0.5
        if clear + self.s.radius > self.s.depth(edge) / 2:
            raise MissionReport(f"the mat is too small: a side's half cannot keep planes "
                                f"{edge_steps} steps from every edge")
        self.line(planes, edge, clear, clear)
        groups: dict[str, list[Plane]] = {}
        for plane in planes:
            groups.setdefault(plane.formation, []).append(plane)
        for group in groups.values():  # a formation turns as one
            x = sum(p.x for p in group) / len(group)
            y = sum(p.y for p in group) / len(group)
            heading = self.s.farthest_edge_heading(x, y, prefer=OPPOSITE[edge])
            for plane in group:
                plane.heading = heading
                plane.altitude = self.altitude(plane, allowed)

    def catching(self, planes: list[Plane], side: str, prey: list[Plane], enemy_steps: int,
                 no_rear: bool) -> None:
        """Anywhere, at any Altitude, but not within `enemy_steps` of an enemy plane (nor in
        its rear sector when it was Jumped). Strike planes keep to their own edge; the
        others take station on the enemy planes in turn."""
        enemies = [self.s.counter(p.x, p.y, p.heading) for p in prey]
        rears = [self.s.rear_sector(p.x, p.y, p.heading) for p in prey] if no_rear else []
        min_gap = enemy_steps * self.s.step
        placed = []

        def legal(plane: Plane) -> bool:
            shape = self.s.counter(plane.x, plane.y, plane.heading)
            return (self.s.edge_distance(shape) >= 0
                    and all(shape.distance(e) >= min_gap for e in enemies)
                    and not any(shape.intersects(r) for r in rears)
                    and all(shape.distance(o) >= self.gap for o in placed))

        strike = [p for p in planes if p.required and self.missions[side].uses_target_table]
        if strike:
            self.neutral(strike, side)
            for plane in strike:
                if not legal(plane):
                    raise MissionReport(f"the mat is too small: '{plane.id}' cannot deploy on "
                                        f"its own edge, on the mat and {enemy_steps} steps from "
                                        "the enemy")
                placed.append(self.s.counter(plane.x, plane.y, plane.heading))
        angles = BEAM_FIRST if no_rear else BEHIND_FIRST
        others = [p for p in planes if p not in strike]
        for n, plane in enumerate(others):
            target = prey[n % len(prey)]
            plane.altitude = target.altitude
            if plane.required and self.missions[side].deploy_altitude != "any":
                plane.altitude = self.altitude(plane, self.allowed(False, "neutral"))
            for x, y in self._stations(target, angles, min_gap):
                plane.x, plane.y = x, y
                plane.heading = _round_angle(_bearing(x, y, target.x, target.y))
                if legal(plane):
                    break
            else:
                raise MissionReport(f"the mat is too small: no room for '{plane.id}' "
                                    f"{enemy_steps} steps from every enemy plane")
            placed.append(self.s.counter(plane.x, plane.y, plane.heading))

    def _stations(self, prey: Plane, angles: Iterable[int],
                  min_gap: float) -> Iterable[tuple[float, float]]:
        """Candidate centres around `prey`, nearest ring first, then the whole mat."""
        base = min_gap + 2 * self.s.radius + 0.5
        for ring in range(5):
            for angle in angles:
                rad = math.radians(prey.heading + angle)
                r = base + ring * self.s.step
                yield _round((prey.x + r * math.cos(rad), prey.y + r * math.sin(rad)))
        step = self.s.step
        grid = [(i * step, j * step) for i in range(int(self.s.width // step) + 1)
                for j in range(int(self.s.height // step) + 1)]
        grid.sort(key=lambda p: ((p[0] - prey.x) ** 2 + (p[1] - prey.y) ** 2, p))
        yield from grid


def _bearing(x: float, y: float, tx: float, ty: float) -> float:
    return math.degrees(math.atan2(ty - y, tx - x)) % 360


def _round(point: tuple[float, float]) -> tuple[float, float]:
    return round(point[0], 1), round(point[1], 1)


def _round_angle(value: float) -> float:
    return round(value, 1) % 360
