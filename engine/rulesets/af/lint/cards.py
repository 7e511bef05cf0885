"""Air Force lint rules on data cards: altitude bands, speeds, climbing, loads, ammunition, the clock diagram, engines."""

from __future__ import annotations

from engine.content.ruleset import LintContext, LintRule

from ..kinds.vocabulary import INCREMENTS, MANEUVERS
from ..kinds.planes import DataCard
from .order import _ascending


CARD = ("af.data_card",)


# --------------------------------------------------------------------------- data cards


class BandOrder(LintRule):
    code = "af.band_order"
    kinds = CARD
    summary = "Altitude bands must run from the ground up, each top above the last."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        for i in range(1, len(card.bands)):
            if card.bands[i].top_ft <= card.bands[i - 1].top_ft:
                ctx.emit_error(
                    ("bands", i, "top_ft"),
                    f"band tops out at {card.bands[i].top_ft} ft, not above the band before "
                    f"({card.bands[i - 1].top_ft} ft); bands run from the ground up",
                )


class BandWidth(LintRule):
    code = "af.band_width"
    kinds = CARD
    summary = "Bands are 5,000 or 10,000 ft deep and end at x,900 ft (14.9 ...)."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        below = -100
        for i, band in enumerate(card.bands):
            if band.top_ft % 1000 != 900:
                ctx.emit_warning(
                    ("bands", i, "top_ft"),
                    f"band top {band.top_ft} ft does not end in 900 ft as printed tops do (e.g. 14,900)",
                )
            elif band.top_ft - below not in (5000, 10_000) and below < band.top_ft:
                ctx.emit_warning(
                    ("bands", i, "top_ft"),
                    f"band is {band.top_ft - below} ft deep; the screens use bands of 5,000 or "
                    "10,000 ft (a blank band is left out, not merged)",
                )
            below = band.top_ft


class SpeedOrder(LintRule):
    code = "af.speed_order"
    kinds = CARD
    summary = "Speed increments rise stall < maneuver < level < dive in every band."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        for i, band in enumerate(card.bands):
            tops = band.speeds.tops()
            names = list(tops)
            for a, b in zip(names, names[1:]):
                if tops[b] <= tops[a]:
                    ctx.emit_error(
                        ("bands", i, "speeds", b),
                        f"{b} speed tops out at {tops[b]}, not above {a} ({tops[a]}); "
                        "increments must rise stall < maneuver < level < dive",
                    )


class RequirementOrder(LintRule):
    code = "af.mr_order"
    kinds = CARD
    summary = "A maneuver should need no fewer hexes at a faster speed increment."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        for i, band in enumerate(card.bands):
            for m in MANEUVERS:
                req = getattr(band.mr, m)
                if req is None:
                    continue
                values = [(n, getattr(req, n)) for n in INCREMENTS[1:] if getattr(req, n) is not None]
                for (a, x), (b, y) in zip(values, values[1:]):
                    if y < x:
                        ctx.emit_warning(
                            ("bands", i, "mr", m, b),
                            f"{m} needs {y} hexes at {b} speed but {x} at {a} speed; "
                            "maneuver speed is the most maneuverable increment",
                        )


class ClimbOrder(LintRule):
    code = "af.climb_order"
    kinds = CARD
    summary = "Climb areas grow with speed: maneuver <= level <= dive-speed climb; 100 ft steps."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        for i, band in enumerate(card.bands):
            present = [(n, getattr(band.climb, n)) for n in INCREMENTS[1:] if getattr(band.climb, n)]
            for n, c in present:
                if c.ft % 100:
                    ctx.emit_error(("bands", i, "climb", n, "ft"), f"climb of {c.ft} ft is not in 100 ft steps")
            for (a, x), (b, y) in zip(present, present[1:]):
                if y.per_turn < x.per_turn:
                    ctx.emit_warning(
                        ("bands", i, "climb", b),
                        f"{b}-speed climb ({y.ft} ft / {y.every} turn(s)) is less than the "
                        f"{a}-speed climb ({x.ft} ft / {x.every}); the faster area should reach further",
                    )
            if band.dive_ft % 100:
                ctx.emit_error(("bands", i, "dive_ft"), f"dive of {band.dive_ft} ft is not in 100 ft steps")


class AltitudeSteps(LintRule):
    code = "af.altitude_steps"
    kinds = CARD
    summary = "Speed bands of the Altitude Change Screen rise and cover every climb and dive allowed."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        for name in ("climb_speed", "dive_speed"):
            steps = getattr(card, name)
            if not _ascending([s.up_to_ft for s in steps]):
                ctx.emit_error((name,), "boxes must run from the smallest altitude change up")
            elif not _ascending([s.speed for s in steps], strict=False):
                ctx.emit_warning((name,), "speed change falls as the altitude change grows")
        climb_top = card.climb_speed[-1].up_to_ft if card.climb_speed else 0
        dive_top = card.dive_speed[-1].up_to_ft if card.dive_speed else 0
        for i, band in enumerate(card.bands):
            for n in INCREMENTS[1:]:
                c = getattr(band.climb, n)
                if c is not None and c.ft > climb_top:
                    ctx.emit_error(
                        ("bands", i, "climb", n),
                        f"a climb of {c.ft} ft is allowed but climb_speed stops at {climb_top} ft; "
                        "its speed loss is unknown",
                    )
            if band.dive_ft > dive_top:
                ctx.emit_error(
                    ("bands", i, "dive_ft"),
                    f"a dive of {band.dive_ft} ft is allowed but dive_speed stops at {dive_top} ft; "
                    "its speed gain is unknown",
                )


class LoadModifierConflict(LintRule):
    code = "af.load_modifiers"
    kinds = CARD
    summary = "Load modifiers on a card that carries nothing, or a prohibited maneuver with a modifier."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        if card.load is None:
            return
        if card.ordnance is None:
            ctx.emit_warning(("load",), "load modifiers given but the card carries no ordnance")
        for m in card.load.prohibited:
            if getattr(card.load.mr, m):
                ctx.emit_warning(
                    ("load", "mr", m), f"{m} is prohibited when loaded, so its modifier never applies"
                )


class AmmoTypes(LintRule):
    code = "af.ammo_types"
    kinds = CARD
    summary = "Ammunition is given for the kinds of gun the plane has, and only those."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        sets = [(("ammo",), card.ammo, card.guns)]
        sets += [(("series", i, "ammo"), s.ammo or card.ammo, s.guns or card.guns) for i, s in enumerate(card.series)]
        for path, ammo, guns in sets:
            if ammo is None:
                continue
            types = {g.type for g in guns if g.position in ("FF", "FH")}
            for kind, letter in (("cannon", "C"), ("mg", "M")):
                has = getattr(ammo, kind) is not None
                if has and letter not in types:
                    ctx.emit_warning(path + (kind,), f"{kind} ammunition given but no FF/FH {kind} on the G line")
                if not has and letter in types:
                    ctx.emit_warning(path, f"the G line has FF/FH {kind} but no {kind} ammunition is given")


class ClockDiagramCells(LintRule):
    code = "af.clock_diagram"
    kinds = CARD
    summary = "Clock diagrams list each space once; F-armament planes carry gunnery, not blind spots."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        for name in ("gunnery", "blind_spots"):
            diagram = getattr(card, name)
            if diagram is None:
                continue
            seen = set()
            for i, cell in enumerate(diagram.cells):
                key = (cell.arc, cell.level)
                if key in seen:
                    ctx.emit_error((name, "cells", i), f"{cell.arc} o'clock {cell.level} is listed twice")
                seen.add(key)
        if card.gunnery is not None and card.blind_spots is not None:
            ctx.emit_warning(
                ("blind_spots",),
                "a plane with F armament shows Gunnery Performance and reads blind spots as +2 all "
                "round (rulebook XI); drop the blind-spot diagram",
            )


class EngineCount(LintRule):
    code = "af.engine_count"
    kinds = CARD
    summary = "Damage rules cover planes with one, two or four engines."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        n = len(card.damage.engines)
        if n not in (1, 2, 4):
            ctx.emit_warning(
                ("damage", "engines"),
                f"{n} engine(s): the damage rules cover one, two or four engines (rulebook XV)",
            )


class GunRange(LintRule):
    code = "af.gun_range"
    kinds = CARD
    summary = "A gun's range must lie within the Range Attenuation Table its shots are read on."

    def check(self, card: DataCard, ctx: LintContext) -> None:
        tables = [ctx.get("af.range_table", r.fire.range_table) for r in ctx.records("af.rules")]
        reach = min((t.max_range for t in tables if t is not None), default=None)
        if reach is None:
            return
        lines = [(("guns",), card.guns)] + [(("series", i, "guns"), s.guns) for i, s in enumerate(card.series) if s.guns]
        for path, guns in lines:
            for j, gun in enumerate(guns):
                if gun.range > reach:
                    ctx.emit_warning(path + (j, "range"), f"range {gun.range} hexes, but the Range Attenuation "
                                     f"Table stops at {reach}: the gun never fires beyond {reach}")
