"""Pocket Air War lint rules on a scenario: unit ids, counters on the mat, start state, sides, mission, targets."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any, Iterable

from shapely import STRtree
from shapely.geometry import Point

from engine.content.diagnostics import format_path
from engine.content.ruleset import LintContext, LintRule

from ..kinds.vocabulary import ALTITUDES, other_side
from .helpers import _rules


# --------------------------------------------------------------------------- scenarios


def _counters(record) -> Iterable[tuple[tuple, Any]]:
    for i, plane in enumerate(record.planes):
        yield ("planes", i), plane
    for i, target in enumerate(record.targets):
        yield ("targets", i), target


def _in_area(x: float, y: float, mat, edge: str) -> bool:
    return {
        "bottom": y <= mat.height_mm / 2,
        "top": y >= mat.height_mm / 2,
        "left": x <= mat.width_mm / 2,
        "right": x >= mat.width_mm / 2,
    }[edge]


class UnitIds(LintRule):
    code = "paw.unit_ids"
    kinds = ("paw.scenario",)
    summary = "Each plane and ground target of a scenario, and each plane of a leg, has an id of its own."

    def check(self, record, ctx: LintContext) -> None:
        groups = [list(_counters(record))]
        groups += [[(("legs", k, "planes", i), p) for i, p in enumerate(leg.planes)] for k, leg in enumerate(record.legs)]
        for units in groups:
            first: dict[str, tuple] = {}
            for path, unit in units:
                if unit.id in first:  # the game keeps one unit an id: the other would not play
                    ctx.emit_error(path + ("id",), f"'{unit.id}' is already the id of {format_path(first[unit.id])}; "
                                   "give each unit its own id")
                first.setdefault(unit.id, path)


class OffMat(LintRule):
    code = "paw.off_mat"
    kinds = ("paw.scenario",)
    summary = "Every counter starts on the mat."

    def check(self, record, ctx: LintContext) -> None:
        mat = ctx.get("paw.mat", record.mat)
        if mat is None:
            return
        for path, unit in _counters(record):
            if not (0 <= unit.x <= mat.width_mm and 0 <= unit.y <= mat.height_mm):
                ctx.emit_error(path, f"'{unit.id}' at ({unit.x}, {unit.y}) is off the "
                               f"{mat.width_mm} x {mat.height_mm} mm mat")


class StartState(LintRule):
    code = "paw.start_state"
    kinds = ("paw.scenario",)
    summary = "Loadout, Energy, Altitude and role each plane's dashboard allows."

    def check(self, record, ctx: LintContext) -> None:
        for i, plane in enumerate(record.planes):
            dash = ctx.get("paw.dashboard", plane.dashboard)
            if dash is None:
                continue
            path = ("planes", i)
            if plane.loadout not in dash.loadouts():
                ctx.emit_error(path + ("loadout",), f"{dash.label} cannot carry "
                               f"{plane.loadout}; it can carry {', '.join(dash.loadouts())}")
            skill = ctx.get("paw.crew_skill", plane.skill) if record.options.crew_skills else None
            bonus = skill.energy_tokens if skill is not None else 0
            loaded = plane.loadout != "none"
            top = dash.max_energy_for(plane.damaged, loaded) + bonus
            if plane.energy > top:
                why = "damaged" if plane.damaged else "loaded" if loaded else "undamaged"
                ctx.emit_error(path + ("energy",), f"{plane.energy} Energy is above the max "
                               f"of {top} for a {why} {dash.label} (skill {bonus:+d})")
            rules = _rules(ctx)
            banned = rules.damage.forbidden_altitude if rules is not None else "high"
            if plane.damaged and plane.altitude == banned:
                ctx.emit_error(path + ("altitude",), f"a damaged plane cannot fly at {banned} "
                               "Altitude")
            if plane.role not in dash.roles:
                ctx.emit_warning(path + ("role",), f"{dash.label} cannot fly as "
                                 f"{plane.role}; its roles are {', '.join(dash.roles)}")


class ScenarioSides(LintRule):
    code = "paw.scenario_sides"
    kinds = ("paw.scenario",)
    summary = "Both sides present, planes on their faction's side, a ground attack's targets placed, the defender's."

    def check(self, record, ctx: LintContext) -> None:
        defender = other_side(record.attacker)
        if record.target_type is not None and not record.targets:  # the game plays on, the attacker cannot win
            ctx.emit_error(("targets",), f"target type '{record.target_type}' but no ground target placed: the "
                           "attacker has nothing to destroy; place the targets of its type (or, for a Fighter "
                           "Sweep, leave target_type out)")
        sides = set()
        for i, plane in enumerate(record.planes):
            faction = ctx.get("paw.faction", plane.faction)
            if faction is not None:
                sides.add(faction.side)
        if record.attacker not in sides:
            ctx.emit_error(("attacker",), f"the attacker ({record.attacker}) has no planes")
        for i, target in enumerate(record.targets):
            if target.side != defender:
                ctx.emit_warning(("targets", i, "side"), f"'{target.id}' belongs to the "
                                 f"attacker; ground targets are the defender's ({defender})")
        if set(record.areas) != {"axis", "allies"}:
            ctx.emit_error(("areas",), "give both sides a half of the mat")
        elif record.areas["axis"] == record.areas["allies"]:
            ctx.emit_error(("areas",), "the two sides cannot share a half of the mat")


class MissionRequirements(LintRule):
    code = "paw.mission_requirements"
    kinds = ("paw.scenario",)
    summary = "REQUIRED PLANES, deployment altitude and bomber formations of the mission."

    def check(self, record, ctx: LintContext) -> None:
        mission = ctx.get("paw.mission_type", record.mission)
        if mission is None:
            return
        defender = other_side(record.attacker)
        side_of = {}
        for plane in record.planes:
            faction = ctx.get("paw.faction", plane.faction)
            side_of[plane.id] = faction.side if faction is not None else None
        for need in mission.required:
            side = record.attacker if need.stance == "attacker" else defender
            chosen = {p.id for p in record.planes if side_of[p.id] == side and p.role == need.role}
            if len(chosen) < need.at_least:
                ctx.emit_warning(("planes",), f"{mission.label} needs at least {need.at_least} "
                                 f"{need.role.replace('_', '-')}(s) for the {need.stance} "
                                 f"({side}); found {len(chosen)}")
            allowed = list(ALTITUDES)
            rules = _rules(ctx)
            if rules is not None and record.deployment == "surprised" and record.caught == side:
                allowed = [a for a in ALTITUDES if a in rules.deployment.surprised_altitudes]
            want = {"lowest": allowed[0], "highest": allowed[-1]}.get(mission.deploy_altitude)
            if want and need.stance == "attacker" and record.options.altitude:
                for i, plane in enumerate(record.planes):
                    if plane.id in chosen and plane.altitude != want:
                        ctx.emit_warning(("planes", i, "altitude"), f"{mission.label}: "
                                         f"'{plane.id}' must deploy at {want} Altitude")
            if mission.loadouts:
                for i, plane in enumerate(record.planes):
                    if plane.id in chosen and plane.loadout not in mission.loadouts + ["none"]:
                        ctx.emit_warning(("planes", i, "loadout"), f"{mission.label} allows "
                                         f"{', '.join(mission.loadouts)}, not {plane.loadout}")
        self._formations(record, ctx)

    def _formations(self, record, ctx: LintContext) -> None:
        rules = _rules(ctx)
        if rules is None:
            return
        reach = rules.deployment.formation_distance * rules.components.step_mm
        reach += rules.components.counter_length_mm  # measured between counters, not centres
        groups = defaultdict(list)
        for i, plane in enumerate(record.planes):
            if plane.role == "bomber":
                groups[(plane.faction, plane.dashboard)].append((i, plane))
        for members in groups.values():
            if len(members) < 2:
                continue
            # A spatial index keeps a 200-bomber scenario checkable as you type (no pair scan).
            points = [Point(plane.x, plane.y) for _, plane in members]
            pairs = STRtree(points).query(points, predicate="dwithin", distance=reach)
            near = {int(a) for a, b in zip(*pairs) if a != b}
            for k, (i, plane) in enumerate(members):
                if k not in near:
                    ctx.emit_warning(("planes", i), f"bomber '{plane.id}' is more than "
                                     f"{rules.deployment.formation_distance} steps from the "
                                     "rest of its formation")


class TargetSetup(LintRule):
    code = "paw.target_setup"
    kinds = ("paw.scenario",)
    summary = "Targets in the defender's half, away from the edges, spaced as the type says."

    def check(self, record, ctx: LintContext) -> None:
        mat = ctx.get("paw.mat", record.mat)
        rules = _rules(ctx)
        kind = ctx.get("paw.target_type", record.target_type) if record.target_type else None
        if mat is None or rules is None or not record.targets:
            return
        step = rules.components.step_mm
        defender = other_side(record.attacker)
        edge = record.areas.get(defender)
        for i, target in enumerate(record.targets):
            if edge and not _in_area(target.x, target.y, mat, edge):
                ctx.emit_warning(("targets", i), f"'{target.id}' is outside the defender's "
                                 f"half ({edge})")
            if kind is None:
                continue
            margin = min(target.x, target.y, mat.width_mm - target.x, mat.height_mm - target.y)
            enters_from_edge = kind.setup.moves_toward_opposite_edge or \
                kind.setup.arrangement in ("row", "parallel_rows")
            if margin < kind.setup.min_edge_distance * step and not enters_from_edge:
                ctx.emit_warning(("targets", i), f"'{target.id}' is {margin / step:.1f} steps "
                                 f"from an edge; {kind.label} needs "
                                 f"{kind.setup.min_edge_distance}")
            others = [math.dist((target.x, target.y), (o.x, o.y)) / step
                      for o in record.targets if o is not target]
            if others and kind.setup.min_spacing is not None and min(others) < kind.setup.min_spacing:
                ctx.emit_warning(("targets", i), f"'{target.id}' is {min(others):.1f} steps "
                                 f"from another target; keep {kind.setup.min_spacing} apart")
            if others and kind.setup.max_spacing is not None and min(others) > kind.setup.max_spacing:
                ctx.emit_warning(("targets", i), f"'{target.id}' is {min(others):.1f} steps "
                                 f"from the nearest target; keep within {kind.setup.max_spacing}")
