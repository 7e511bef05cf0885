"""Pocket Air War checks beyond the schema, one class per rule.

Each rule catches an authoring mistake the rules of the game make visible:
turning letters out of order, thresholds that get easier with distance, a
printed plane name that names no dashboard, a scenario that places a counter
off its mat or above what its dashboard allows.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from typing import Any, Iterable

from shapely import STRtree
from shapely.geometry import Point, Polygon

from engine.content.diagnostics import did_you_mean, format_path, parse_path
from engine.content.ruleset import LintContext, LintRule

from .common import ALTITUDES, other_side
from .theaters import tables_for

LETTERS = "ABCDE"


def _rules(ctx: LintContext):
    found = ctx.records("paw.rules")
    return found[0] if found else None


def _plane_name(printed: str) -> str:
    """'SM.79 (as B.R.20 M)' -> 'SM.79'."""
    return re.sub(r"\s*\(as .*\)$", "", printed).strip()


# --------------------------------------------------------------------------- dashboards


class TurningOrder(LintRule):
    code = "paw.turning_order"
    kinds = ("paw.dashboard",)
    summary = "Best turning letters must not get tighter as Energy rises."

    def check(self, record, ctx: LintContext) -> None:
        last = None
        for index, letter in enumerate(record.turning):
            if letter is None:
                continue
            if last is not None and LETTERS.index(letter) < LETTERS.index(last):
                ctx.emit_warning(
                    ("turning", index),
                    f"at {index + 1} Energy the best turn is {letter}, tighter than {last} at "
                    "a lower Energy; turning letters must be ordered by Energy",
                )
            last = letter


class TurningLength(LintRule):
    code = "paw.turning_length"
    kinds = ("paw.dashboard",)
    summary = "One turning letter per Energy value up to the undamaged max Energy."

    def check(self, record, ctx: LintContext) -> None:
        want = record.max_energy.undamaged
        if len(record.turning) != want:
            ctx.emit_warning(
                ("turning",),
                f"{len(record.turning)} turning letters for a max Energy of {want}; give one "
                "per Energy value from 1 to the max",
            )


class MaxEnergyOrder(LintRule):
    code = "paw.max_energy"
    kinds = ("paw.dashboard",)
    summary = "Damaged max Energy cannot exceed the undamaged one."

    def check(self, record, ctx: LintContext) -> None:
        if record.max_energy.damaged > record.max_energy.undamaged:
            ctx.emit_error(
                ("max_energy", "damaged"),
                f"damaged max Energy {record.max_energy.damaged} exceeds the undamaged "
                f"{record.max_energy.undamaged}",
            )


class FighterGuns(LintRule):
    code = "paw.fighter_guns"
    kinds = ("paw.dashboard",)
    summary = "A plane that may fly as a fighter has forward guns to shoot with."

    def check(self, record, ctx: LintContext) -> None:
        fighting = [r for r in record.roles if r in ("fighter", "fighter_bomber")]
        if fighting and not record.guns:
            ctx.emit_warning(("guns",), f"no forward guns on a plane whose roles include {fighting[0]}: "
                             "as a fighter it could never shoot; give its Combat ruler's grey boxes")


def _ruler_findings(boxes, path, ctx: LintContext, key: str = "distance") -> None:
    previous = None
    for index, box in enumerate(boxes):
        here = path + (index,)
        if previous is not None:
            if getattr(box, key) <= getattr(previous, key):
                ctx.emit_error(here + (key,), f"{key} {getattr(box, key)} does not increase "
                               f"after {getattr(previous, key)}")
            elif box.hit < previous.hit:
                ctx.emit_warning(
                    here + ("hit",),
                    f"Hit Threshold {box.hit} at {key} {getattr(box, key)} is easier than "
                    f"{previous.hit} closer in; thresholds must not fall with distance",
                )
        kill = getattr(box, "kill", None)
        if kill is not None and kill < box.hit:
            ctx.emit_error(here + ("kill",), f"Kill Threshold {kill} is below the Hit "
                           f"Threshold {box.hit}")
        previous = box


class CombatRuler(LintRule):
    code = "paw.combat_ruler"
    kinds = ("paw.dashboard", "paw.aaa_dashboard", "paw.flak_dashboard")
    summary = "Combat rulers: distances increase, thresholds never fall, kill >= hit."

    def check(self, record, ctx: LintContext) -> None:
        kind = record.kind_id()
        if kind == "paw.dashboard":
            _ruler_findings(record.guns, ("guns",), ctx)
            if record.gunners is not None:
                _ruler_findings(record.gunners.ruler, ("gunners", "ruler"), ctx)
        elif kind == "paw.aaa_dashboard":
            _ruler_findings(record.troops, ("troops",), ctx)
            _ruler_findings(record.armed, ("armed",), ctx)
        else:
            _ruler_findings(record.barrage, ("barrage",), ctx, key="spacing")
            cpf = record.cpf
            if cpf.kill is not None and cpf.kill < cpf.hit:
                ctx.emit_error(("cpf", "kill"), f"Kill Threshold {cpf.kill} is below the Hit "
                               f"Threshold {cpf.hit}")


class ManeuverReach(LintRule):
    code = "paw.maneuver_reach"
    kinds = ("paw.dashboard",)
    summary = "A maneuver icon beyond the undamaged max Energy can never be reached."

    def check(self, record, ctx: LintContext) -> None:
        top = record.max_energy.undamaged
        for name in ("wingover", "side_slip", "climb", "descent"):
            mark = getattr(record, name)
            if mark is not None and mark.step > top:
                ctx.emit_warning(
                    (name, "step"),
                    f"{name.replace('_', '-')} icon at step {mark.step} is beyond the max "
                    f"Energy {top}: the plane can never move that far in one round",
                )


class DiveBombing(LintRule):
    code = "paw.dive_bombing"
    kinds = ("paw.dashboard",)
    summary = "Dive bombing gives better chances than level bombing."

    def check(self, record, ctx: LintContext) -> None:
        bombs = record.bombs
        if bombs is not None and bombs.dive_hit is not None and bombs.dive_hit > bombs.hit:
            ctx.emit_warning(
                ("bombs", "dive_hit"),
                f"dive-bombing threshold {bombs.dive_hit} is harder than level bombing "
                f"{bombs.hit}; the rulebook says dive bombing gives better chances",
            )


# --------------------------------------------------------------------------- templates


def _polygon(points, path, ctx: LintContext) -> Polygon | None:
    if len(points) < 3:
        ctx.emit_error(path, "an outline needs at least 3 points")
        return None
    poly = Polygon(points)
    if not poly.is_valid:
        ctx.emit_error(path, "outline crosses itself; list the points in order around it")
        return None
    return poly


class TemplateGeometry(LintRule):
    code = "paw.template_geometry"
    kinds = ("paw.turning_template", "paw.fire_template")
    summary = "Template marks one step apart, on the card; fire arcs inside their outline."

    def check(self, record, ctx: LintContext) -> None:
        if record.kind_id() == "paw.fire_template":
            self._fire(record, ctx)
            return
        steps = [m.step for m in record.marks]
        if steps != list(range(1, len(steps) + 1)):
            ctx.emit_error(("marks",), f"marks are numbered {steps}; number them 1, 2, 3 ... "
                           "from the start arrow")
        rules = _rules(ctx)
        if rules is not None:
            arc = record.radius_mm * math.radians(record.step_angle_deg)
            step = rules.components.step_mm
            if abs(arc - step) > 1.0:
                ctx.emit_warning(
                    ("step_angle_deg",),
                    f"marks are {arc:.1f} mm apart along the arc but a step is {step} mm; "
                    "radius and step angle disagree",
                )
        poly = _polygon(record.outline, ("outline",), ctx)
        if poly is not None:
            zone = poly.buffer(0.5)
            for index, mark in enumerate(record.marks):
                if not zone.contains(Point(record.mark_point(mark.step))):
                    ctx.emit_warning(("marks", index), f"mark {mark.step} lies off the "
                                     "template outline")

    def _fire(self, record, ctx: LintContext) -> None:
        if record.arc_end_deg <= record.arc_start_deg:
            ctx.emit_error(("arc_end_deg",), "the arc must end counter-clockwise of its start")
            return
        poly = _polygon(record.outline, ("outline",), ctx)
        if poly is None:
            return
        mid = math.radians((record.arc_start_deg + record.arc_end_deg) / 2)
        probe = Point(record.radius_mm / 2 * math.cos(mid), record.radius_mm / 2 * math.sin(mid))
        if not poly.contains(probe):
            ctx.emit_warning(("outline",), "the outline does not cover the middle of its arc")


class TemplateOrder(LintRule):
    code = "paw.template_order"
    kinds = ("paw.turning_template",)
    summary = "A is the tightest template: radius grows and energy cost per step falls to E."

    def check(self, record, ctx: LintContext) -> None:
        mine = LETTERS.index(record.letter)
        per_step = record.energy_loss(len(record.marks)) / len(record.marks)
        for other in ctx.records("paw.turning_template"):
            theirs = LETTERS.index(other.letter)
            if theirs >= mine or other.id == record.id:
                continue
            if other.radius_mm >= record.radius_mm:
                ctx.emit_warning(("radius_mm",), f"{record.letter} is not wider than "
                                 f"{other.letter} ({record.radius_mm} <= {other.radius_mm} mm)")
            if other.energy_loss(len(other.marks)) / len(other.marks) < per_step:
                ctx.emit_warning(("marks",), f"{record.letter} costs more Energy per step "
                                 f"than the tighter {other.letter}")


# --------------------------------------------------------------------------- theater tables


def _availability_rows(record):
    """(path, section, row) for every row of an availability table; nothing for others."""
    table = record.table
    if table.type != "availability":
        return
    for s, section in enumerate(table.sections):
        for i, row in enumerate(section.rows):
            yield ("table", "sections", s, "rows", i), section, row


def _dashboard(row, ctx: LintContext):
    return ctx.get("paw.dashboard", row.plane) if row.plane else None


class RowCutOff(LintRule):
    code = "paw.row_cut_off"
    kinds = ("paw.theater_table",)
    summary = "A printed row lost its content (mission, target, role or plane)."

    def check(self, record, ctx: LintContext) -> None:
        table = record.table
        if table.type == "mission_type":
            for i, row in enumerate(table.rows):
                if row.mission is None:
                    ctx.emit_warning(("table", "rows", i), "row is cut off: no mission printed")
        elif table.type == "ground_targets":
            for i, row in enumerate(table.rows):
                if row.target is None:
                    ctx.emit_warning(("table", "rows", i), "row is cut off: no target printed")
        else:
            for s, section in enumerate(table.sections):
                if section.role is None:
                    ctx.emit_warning(("table", "sections", s, "role"),
                                     "section is cut off: no role printed")
            for path, _, row in _availability_rows(record):
                if row.printed is None and row.plane is None:  # an authored row names its plane only
                    ctx.emit_warning(path, "row is cut off: no plane printed")
                if row.role_missing:
                    ctx.emit_warning(path, "the Role cell of this row is not printed")


class UnknownPlane(LintRule):
    code = "paw.unknown_plane"
    kinds = ("paw.theater_table",)
    summary = "A printed plane name that designates no dashboard."

    def check(self, record, ctx: LintContext) -> None:
        names = [n for d in ctx.records("paw.dashboard") for n in d.names()]
        for path, _, row in _availability_rows(record):
            if row.plane is None and row.printed is not None:
                hint = did_you_mean(_plane_name(row.printed), names)
                ctx.emit_warning(path + ("printed",),
                                 f"'{row.printed}' matches no plane dashboard.{hint}")


class PlaneName(LintRule):
    code = "paw.plane_name"
    kinds = ("paw.theater_table",)
    summary = "The referenced dashboard must be the plane the row prints, unless corrected."

    def check(self, record, ctx: LintContext) -> None:
        corrected = {c.path for c in record.corrections}
        for path, _, row in _availability_rows(record):
            plane = _dashboard(row, ctx)
            if plane is None or row.printed is None or format_path(path + ("plane",)) in corrected:
                continue
            if _plane_name(row.printed) not in plane.names():
                ctx.emit_warning(path + ("plane",), f"row prints '{row.printed}' but refers to "
                                 f"'{plane.label}'; add the spelling to the dashboard's aliases "
                                 "or fix the reference")


class PlanePoints(LintRule):
    code = "paw.plane_points"
    kinds = ("paw.theater_table",)
    summary = "Points in a table must match the plane's dashboard."

    def check(self, record, ctx: LintContext) -> None:
        for path, _, row in _availability_rows(record):
            plane = _dashboard(row, ctx)
            if plane is not None and row.points is not None and row.points != plane.points:
                ctx.emit_warning(path + ("points",), f"{row.points} points, but the "
                                 f"{plane.label} dashboard is worth {plane.points}")


class PlaneRole(LintRule):
    code = "paw.plane_role"
    kinds = ("paw.theater_table",)
    summary = "A plane listed under a role its dashboard cannot fill."

    def check(self, record, ctx: LintContext) -> None:
        for path, section, row in _availability_rows(record):
            plane = _dashboard(row, ctx)
            if plane is not None and section.role and section.role not in plane.roles:
                ctx.emit_warning(path + ("plane",), f"{plane.label} is listed as {section.role} "
                                 f"but its dashboard roles are {', '.join(plane.roles)}")


class EmptyComposition(LintRule):
    code = "paw.empty_composition"
    kinds = ("paw.theater_table",)
    summary = "A ground target with no counters to place."

    def check(self, record, ctx: LintContext) -> None:
        if record.table.type != "ground_targets":
            return
        for i, row in enumerate(record.table.rows):
            if row.target is not None and not row.composition:
                ctx.emit_warning(("table", "rows", i, "composition"),
                                 f"'{row.target}' has no composition: nothing to place")


class TableSide(LintRule):
    code = "paw.table_side"
    kinds = ("paw.theater_table",)
    summary = "A table for a side or faction that does not fight in its timeline."

    def check(self, record, ctx: LintContext) -> None:
        timeline = ctx.get("paw.timeline", record.timeline)
        if timeline is None:
            return
        table = record.table
        if table.type == "availability":
            if record.side is not None:
                ctx.emit_warning(("side",), "availability tables take the side of their "
                                 "faction; remove 'side'")
            sides = [s for s, setup in timeline.sides.items() if table.faction in setup.factions]
            if not sides:
                ctx.emit_error(("table", "faction"), f"faction '{table.faction}' does not fly "
                               f"in {timeline.label}")
            faction = ctx.get("paw.faction", table.faction)
            if faction is not None and sides and faction.side not in sides:
                ctx.emit_error(("table", "faction"), f"{faction.label} is on the {faction.side} "
                               f"side but {timeline.label} lists it with the {sides[0]}")
            return
        roll = timeline.mission_roll
        if record.side is not None and roll.rule == "fixed" and roll.side != record.side:
            ctx.emit_warning(("side",), f"only the {roll.side} roll for missions in "
                             f"{timeline.label}, so a {record.side} table is never used")


class TimelineTables(LintRule):
    code = "paw.timeline_tables"
    kinds = ("paw.timeline",)
    summary = "Every rolling side needs its mission and target tables, every faction its "
    "availability table."

    def check(self, record, ctx: LintContext) -> None:
        if ctx.partial("paw.theater_table"):
            return
        tables = tables_for(record, ctx)
        have = {(t.table.type, t.side) for t in tables if t.table.type != "availability"}
        factions = {t.table.faction for t in tables if t.table.type == "availability"}
        roll = record.mission_roll
        rolling = [roll.side] if roll.rule == "fixed" else list(record.sides)
        for side in rolling:
            for kind in ("mission_type", "ground_targets"):
                if (kind, side) not in have and (kind, None) not in have:
                    ctx.emit_warning(("mission_roll",), f"the {side} side rolls for missions but no "
                                     f"{kind.replace('_', ' ')} table serves them: add a paw.theater_table "
                                     f"with timeline: {record.id}, side: {side} and a table of type {kind}")
        for side, setup in record.sides.items():
            for i, faction in enumerate(setup.factions):
                if faction not in factions:
                    ctx.emit_warning(("sides", side, "factions", i),
                                     f"no availability table for '{faction}': add a paw.theater_table with "
                                     f"timeline: {record.id} and a table of type availability, faction: {faction}")


class TimelineDates(LintRule):
    code = "paw.timeline_dates"
    kinds = ("paw.timeline",)
    summary = "Dates run forward and timelines of a theater follow one another."

    def check(self, record, ctx: LintContext) -> None:
        period = record.period
        if period.end < period.start:
            ctx.emit_error(("period", "end"), f"ends {period.end} before it starts "
                           f"{period.start}")
            return
        if record.condition is not None:
            return
        earlier = [t for t in ctx.records("paw.timeline")
                   if t.theater == record.theater and t.sequence < record.sequence
                   and t.condition is None]
        for other in earlier:
            if record.period.start < other.period.end:
                ctx.emit_warning(
                    ("period", "start"),
                    f"starts {record.period.start}, before {other.label} (earlier in the "
                    f"theater) ends {other.period.end}",
                )


class TimelineSequence(LintRule):
    code = "paw.timeline_sequence"
    kinds = ("paw.timeline",)
    summary = "No two timelines of a theater share a sequence, the timeline's place in it."

    def check(self, record, ctx: LintContext) -> None:
        first = ctx.repeated("paw.timeline", record, lambda t: (t.theater, t.sequence))
        if first is not None:
            ctx.emit_warning(("sequence",), f"sequence {record.sequence} is also that of "
                             f"{ctx.cite('paw.timeline', first.id)} in theater '{record.theater}': neither "
                             "comes first, so the theater shows them in file order and checks neither's dates "
                             "against the other's; give each timeline of a theater its own sequence")


class MissionRollRule(LintRule):
    code = "paw.mission_roll"
    kinds = ("paw.timeline",)
    summary = "A fixed roll names its side; a points-advantage roll names its tie-break."

    def check(self, record, ctx: LintContext) -> None:
        roll = record.mission_roll
        if roll.rule == "fixed" and roll.side is None:
            ctx.emit_error(("mission_roll", "side"), "a fixed mission roll needs the side that "
                           "rolls")
        if roll.rule == "points_advantage" and roll.tie is None:
            ctx.emit_error(("mission_roll", "tie"), "say whose mission occurs on a tie")


class CorrectionPath(LintRule):
    code = "paw.correction_path"
    kinds = ("paw.theater_table", "paw.timeline")
    summary = "A correction must name a field of its record."

    def check(self, record, ctx: LintContext) -> None:
        for i, correction in enumerate(record.corrections):
            node: Any = record
            for part in parse_path(correction.path):
                try:
                    node = node[part] if isinstance(part, int) or isinstance(node, dict) \
                        else getattr(node, part)
                except (AttributeError, IndexError, KeyError, TypeError):
                    ctx.emit_error(("corrections", i, "path"), f"'{correction.path}' names no "
                                   "field of this record")
                    break


# --------------------------------------------------------------------------- solo tables


class TimeFreezeSteps(LintRule):
    code = "paw.time_freeze_steps"
    kinds = ("paw.time_freeze_table",)
    summary = "A plane with E Energy moves exactly E steps, numbered in order."

    def check(self, record, ctx: LintContext) -> None:
        if len(record.impulses) != 10:
            ctx.emit_warning(("impulses",), "the table has 10 impulses, a to j")
        for i, row in enumerate(record.rows):
            steps = [s for s in row.steps if s is not None]
            if steps != list(range(1, row.energy + 1)):
                ctx.emit_error(("rows", i, "steps"), f"a plane starting with {row.energy} "
                               f"Energy must fly steps 1 to {row.energy} in order; row has "
                               f"{steps}")


class AiOrder(LintRule):
    code = "paw.ai_order"
    kinds = ("paw.ai_table",)
    summary = "Columns list their maneuvers in the band's row order."

    def check(self, record, ctx: LintContext) -> None:
        for b, band in enumerate(record.bands):
            for c, column in enumerate(band.columns):
                last = -1
                for r, row in enumerate(column.rows):
                    path = ("bands", b, "columns", c, "rows", r, "maneuver")
                    if row.maneuver not in band.order:
                        ctx.emit_error(path, f"'{row.maneuver}' is not a row of this band")
                        continue
                    here = band.order.index(row.maneuver)
                    if here <= last:
                        ctx.emit_warning(path, f"'{row.maneuver}' is out of the band's row "
                                         "order; 'rows down' would skip or repeat maneuvers")
                    last = here


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


RULES = (
    TurningOrder(),
    TurningLength(),
    MaxEnergyOrder(),
    FighterGuns(),
    CombatRuler(),
    ManeuverReach(),
    DiveBombing(),
    TemplateGeometry(),
    TemplateOrder(),
    RowCutOff(),
    UnknownPlane(),
    PlaneName(),
    PlanePoints(),
    PlaneRole(),
    EmptyComposition(),
    TableSide(),
    TimelineTables(),
    TimelineDates(),
    TimelineSequence(),
    MissionRollRule(),
    CorrectionPath(),
    TimeFreezeSteps(),
    AiOrder(),
    UnitIds(),
    OffMat(),
    StartState(),
    ScenarioSides(),
    MissionRequirements(),
    TargetSetup(),
)
