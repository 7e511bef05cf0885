"""Pocket Air War lint rules on turning and fire templates: their geometry and order."""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon

from engine.content.ruleset import LintContext, LintRule

from .helpers import LETTERS, _rules


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
