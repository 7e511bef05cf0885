"""Air Wars lint rules on counters: air unit faces, groups, designations, ground units."""

from __future__ import annotations

from collections import Counter

from engine.content.diagnostics import did_you_mean
from engine.content.ruleset import LintContext, LintRule

from ..kinds.units import AirUnit, GroundUnit
from .helpers import AIR, GROUND, SIDE


FRONT_MODE = {"F": "fighter", "FB": "fighter", "B": "bomber", "GA": "bomber", "D": "decoy"}


class UnitTypeMode(LintRule):
    code = "aw.unit_type_mode"
    kinds = (AIR,)
    summary = "The faces of an air counter fly in the modes its type allows (6.0, 26.1)."

    def check(self, unit: AirUnit, ctx: LintContext) -> None:
        expected = FRONT_MODE[unit.type]
        if unit.front.mode != expected:
            ctx.emit_error(
                ("front", "mode"),
                f"a {unit.type} unit's front face flies as '{expected}', not '{unit.front.mode}'",
            )
        if unit.back_use == "alternate_mode":
            if unit.back is None:
                ctx.emit_error(
                    ("back_use",), "an alternate mode needs a back face with its numbers"
                )
            elif unit.back.mode == unit.front.mode:
                ctx.emit_error(
                    ("back", "mode"),
                    f"the alternate-mode face flies as '{unit.back.mode}' like the front; give "
                    "it the other mode",
                )
        elif unit.back is not None and unit.back.mode != unit.front.mode:
            ctx.emit_error(
                ("back", "mode"),
                f"the based face shows the same unit landed, so it flies as '{unit.front.mode}'; "
                "set back_use to 'alternate_mode' if the reverse is another mode",
            )
        if unit.type == "FB" and unit.back_use != "alternate_mode":
            ctx.emit_warning(
                ("back_use",),
                "a fighter-bomber's reverse is its bomber mode (26.1); back_use should be "
                "'alternate_mode'",
            )


class UnitFaceValues(LintRule):
    code = "aw.unit_face_values"
    kinds = (AIR,)
    summary = "Printed values fit the face's mode: bombers bomb, fighters fight, decoys do neither."

    def check(self, unit: AirUnit, ctx: LintContext) -> None:
        for name, face in unit.faces():
            if face.mode == "bomber" and face.bomb == 0:
                ctx.emit_warning((name, "bomb"), "a bomber face with bomb value 0 can never bomb")
            if face.mode in ("fighter", "decoy") and face.bomb > 0:
                ctx.emit_warning(
                    (name, "bomb"),
                    f"a {face.mode} face never bombs (21.0, 22.1); its bomb value is unused",
                )
            if face.mode == "fighter" and face.air_combat == 0:
                ctx.emit_warning(
                    (name, "air_combat"), "a fighter face with air combat value 0 never fires"
                )
            if face.mode == "decoy" and face.air_combat > 0:
                ctx.emit_warning(
                    (name, "air_combat"),
                    "decoys have no combat capability (22.1); air combat should be 0",
                )


class UnitDesignations(LintRule):
    code = "aw.unit_designations"
    kinds = (AIR,)
    summary = "Formation designations, when given, name every counter once."

    def check(self, unit: AirUnit, ctx: LintContext) -> None:
        if unit.designations and len(unit.designations) != unit.count:
            ctx.emit_warning(
                ("designations",),
                f"{len(unit.designations)} designation(s) for {unit.count} counter(s); give one per counter",
            )
        dupes = [d for d, n in Counter(unit.designations).items() if n > 1]
        if dupes:
            ctx.emit_warning(
                ("designations",), f"designation(s) {', '.join(dupes)} appear more than once"
            )


class UnitGroup(LintRule):
    code = "aw.unit_group"
    kinds = (AIR,)
    summary = "An air unit's group is one its side defines."

    def check(self, unit: AirUnit, ctx: LintContext) -> None:
        side = ctx.get(SIDE, unit.side)
        if unit.group is None or side is None or side.group(unit.group):
            return
        hint = did_you_mean(unit.group, [g.id for g in side.groups])
        ctx.emit_error(
            ("group",), f"side '{side.id}' has no counter group '{unit.group}'.{hint}".rstrip()
        )


class GroundUnitFields(LintRule):
    code = "aw.ground_unit_fields"
    kinds = (GROUND,)
    summary = "Airbase counters have a capacity, AA units an AA value, HQs their functions."

    def check(self, unit: GroundUnit, ctx: LintContext) -> None:
        if unit.type == "airbase" and unit.capacity is None:
            ctx.emit_error(("capacity",), "an airbase counter needs its printed capacity (30.3)")
        if unit.type != "airbase" and unit.capacity is not None:
            ctx.emit_warning(
                ("capacity",), f"only airbase counters have a capacity, not '{unit.type}' units"
            )
        if unit.type == "aa" and unit.aa == 0:
            ctx.emit_error(("aa",), "an AA unit needs an anti-aircraft value above 0 (7.0)")
        if unit.type == "hq" and not unit.functions:
            ctx.emit_warning(
                ("functions",), "an HQ unit's functions come from scenario rules (24.0); name them"
            )
        if unit.type != "hq" and unit.functions:
            ctx.emit_warning(("functions",), "only HQ units have functions")
