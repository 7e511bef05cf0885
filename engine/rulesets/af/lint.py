"""Air Force lint rules: authoring mistakes the schema cannot see.

One class per rule; `code` is what a suppression names. Most rules check an
order the rules depend on (altitude bands, speed increments, range columns),
that references inside a scenario point at what exists (sides, groups, tables,
hexes on the board), and that numbers agree across records (a V-1 table speed
the V-1's card cannot fly, anti-aircraft guns rated outside their type).
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from pydantic import BaseModel

from engine.content.diagnostics import did_you_mean
from engine.content.ruleset import LintContext, LintRule
from engine.content.walk import iter_models

from .areas import area_hexes, describe_area
from .board import Board
from .common import INCREMENTS, MANEUVERS
from .ground import GroundUnit
from .planes import DataCard
from .play.codes import BRAKE, CLIMB, DIVE, POWER
from .rules import Maneuver, OptionalRule, Rules
from .scenario import ENTRY_PICKS, Area, Group, Scenario, ValueSpec, Variant
from .tables import BombingCard, DieTable, HitTable, RangeTable, result_problem

CARD = ("af.data_card",)
SCENARIO = ("af.scenario",)


def _ascending(values: list[int], strict: bool = True) -> bool:
    pairs = zip(values, values[1:])
    return all(a < b for a, b in pairs) if strict else all(a <= b for a, b in pairs)


# --------------------------------------------------------------------------- any record


class DuplicateLocalId(LintRule):
    code = "af.duplicate_local_id"
    summary = "Two entries of one list share an id (modifiers, groups, series, columns ...)."

    def check(self, record: Any, ctx: LintContext) -> None:
        for path, model in iter_models(record):
            for name in type(model).model_fields:
                items = getattr(model, name)
                if not isinstance(items, list) or not items or not isinstance(items[0], BaseModel):
                    continue
                key = "id" if "id" in type(items[0]).model_fields else "key"
                if key not in type(items[0]).model_fields:
                    continue
                seen: set[str] = set()
                for i, item in enumerate(items):
                    value = getattr(item, key)
                    if value in seen:
                        ctx.emit_error(path + (name, i, key), f"'{value}' is used twice in {name}")
                    seen.add(value)


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


# --------------------------------------------------------------------------- tables


class HitColumns(LintRule):
    code = "af.hit_columns"
    kinds = ("af.hit_table",)
    summary = "Hit Table columns are numbered 1, 2, 3 ... and do no less damage further right."

    def check(self, table: HitTable, ctx: LintContext) -> None:
        numbers = [c.column for c in table.columns]
        if numbers != list(range(1, len(numbers) + 1)):
            ctx.emit_error(("columns",), f"columns are numbered {numbers[:6]}...; expected 1, 2, 3 ... in order")
            return
        for i in range(1, len(table.columns)):
            for roll in range(1, 7):
                before, now = table.columns[i - 1].lookup(roll), table.columns[i].lookup(roll)
                if before and now and len(now.hits) < len(before.hits):
                    ctx.emit_warning(
                        ("columns", i),
                        f"column {i + 1} scores {len(now.hits)} hit(s) on a {roll}, fewer than "
                        f"column {i} ({len(before.hits)})",
                    )
                    break


class RangeShape(LintRule):
    code = "af.range_shape"
    kinds = ("af.range_table",)
    summary = "Range columns run outwards without gaps; rows rise in firepower and fill every column."

    def check(self, table: RangeTable, ctx: LintContext) -> None:
        expect = table.ranges[0].from_hexes
        for i, band in enumerate(table.ranges):
            if band.from_hexes != expect or band.to_hexes < band.from_hexes:
                ctx.emit_error(
                    ("ranges", i),
                    f"column covers {band.from_hexes}-{band.to_hexes} hexes; expected it to start at {expect}",
                )
                return
            expect = band.to_hexes + 1
        fire = [r.firepower for r in table.rows]
        back = next((i for i in range(1, len(fire)) if fire[i] <= fire[i - 1]), None)
        if back is not None:  # at the row, not the table: a table of 16 rows is a long read
            ctx.emit_error(("rows", back, "firepower"), f"firepower {fire[back]} after {fire[back - 1]} "
                           f"(rows[{back - 1}]); rows rise in firepower, each once")
        for i, row in enumerate(table.rows):
            if len(row.effectiveness) != len(table.ranges):
                ctx.emit_error(
                    ("rows", i, "effectiveness"),
                    f"{len(row.effectiveness)} value(s) for {len(table.ranges)} range column(s)",
                )


class RangeMonotonic(LintRule):
    code = "af.range_monotonic"
    kinds = ("af.range_table",)
    summary = "Effectiveness falls with range and rises with firepower."

    def check(self, table: RangeTable, ctx: LintContext) -> None:
        for i, row in enumerate(table.rows):
            if not _ascending(row.effectiveness[::-1], strict=False):
                ctx.emit_warning(("rows", i, "effectiveness"), f"firepower {row.firepower} grows stronger with range")
        for i in range(1, len(table.rows)):
            a, b = table.rows[i - 1], table.rows[i]
            if any(y < x for x, y in zip(a.effectiveness, b.effectiveness)):
                ctx.emit_warning(
                    ("rows", i, "effectiveness"),
                    f"firepower {b.firepower} is less effective than {a.firepower} at some range",
                )


class DieResults(LintRule):
    code = "af.die_results"
    kinds = ("af.die_table",)
    summary = "Every row has one result per column, each a result the procedure knows."

    def check(self, table: DieTable, ctx: LintContext) -> None:
        for i, message in table.ragged_rows():
            ctx.emit_error(("rows", i, "results"), message)
        for i, row in enumerate(table.rows):
            for j, value in enumerate(row.results):
                problem = result_problem(table.procedure, value)
                if problem:
                    ctx.emit_error(("rows", i, "results", j), f"{table.procedure}: {problem}")


class BombingCardRolls(LintRule):
    code = "af.bombing_card"
    kinds = ("af.bombing_card",)
    summary = "Each red-white roll lands in one hex at most; hexes differ; the altitude band is sane."

    def check(self, card: BombingCard, ctx: LintContext) -> None:
        if card.max_altitude_ft < card.min_altitude_ft:
            ctx.emit_error(("max_altitude_ft",), "card's altitude band ends below where it starts")
        seen: dict[str, int] = {}
        offsets: set[tuple[int, int]] = set()
        for i, cell in enumerate(card.hexes):
            if (cell.dq, cell.dr) in offsets:
                ctx.emit_error(("hexes", i), f"hex ({cell.dq}, {cell.dr}) is listed twice")
            offsets.add((cell.dq, cell.dr))
            for j, result in enumerate(cell.results):
                if not re.fullmatch(r"[1-6][1-6]", result):
                    ctx.emit_error(("hexes", i, "results", j), f"'{result}' is not a red-white roll like '36'")
                elif result in seen:
                    ctx.emit_error(
                        ("hexes", i, "results", j), f"roll {result} is already printed in hex {seen[result] + 1}"
                    )
                seen.setdefault(result, i)


class HeightClasses(LintRule):
    code = "af.height_classes"
    kinds = ("af.rules",)
    summary = "High, Medium and Low must classify every altitude difference once."

    def check(self, rules: Rules, ctx: LintContext) -> None:
        h = rules.fire.heights
        step = rules.movement.altitude_step_ft
        unclassified, doubled = [], []
        for diff in range(-3000, 3001, step):
            classes = [
                diff >= h.high_at_least_ft,
                -diff > h.low_more_than_ft,
                abs(diff) <= h.medium_up_to_ft,
            ]
            if not any(classes):
                unclassified.append(diff)
            elif sum(classes) > 1:
                doubled.append(diff)
        if unclassified:
            ctx.emit_warning(
                ("fire", "heights"),
                "no height class for a target " + ", ".join(_ft(d) for d in unclassified),
            )
        if doubled:
            ctx.emit_warning(("fire", "heights"), "two height classes for a target " + ", ".join(_ft(d) for d in doubled))


def _ft(diff: int) -> str:
    return f"{abs(diff)} ft {'higher' if diff > 0 else 'lower'}"


class BankOrder(LintRule):
    code = "af.bank_order"
    kinds = ("af.rules",)
    summary = "The bank diagram lists the six attitudes once each."

    def check(self, rules: Rules, ctx: LintContext) -> None:
        order = rules.movement.bank_order
        if len(set(order)) != len(order):
            ctx.emit_error(("movement", "bank_order"), "an attitude appears twice; list each of the six once")


class ManeuverCodes(LintRule):
    code = "af.maneuver_codes"
    kinds = ("af.maneuver",)
    summary = "A maneuver's log letter is another maneuver's, or one the log writes for power, brake, climb or dive."

    def check(self, maneuver: Maneuver, ctx: LintContext) -> None:
        others = {c: m.id for m in ctx.records("af.maneuver") if m.id != maneuver.id
                  for c in (m.code_right, m.code_left) if c}
        for name in ("code_right", "code_left"):
            letter = getattr(maneuver, name)
            if letter in LOG_LETTERS:
                ctx.emit_error((name,), f"'{letter}' is the log's {LOG_LETTERS[letter]}; a maneuver needs its own letter")
            elif letter in others:
                ctx.emit_error((name,), f"'{letter}' is already the {others[letter]}'s letter")
        if maneuver.code_left is not None and maneuver.code_left == maneuver.code_right:
            ctx.emit_error(("code_left",), "the left-hand form needs a letter of its own")


LOG_LETTERS = {POWER: "power", BRAKE: "brake", CLIMB: "climb", DIVE: "dive"}


class PhaseIds(LintRule):
    code = "af.phase_ids"
    kinds = ("af.optional_rule",)
    summary = "Phases an optional rule brings in are steps of the optional sequence of play."

    def check(self, rule: OptionalRule, ctx: LintContext) -> None:
        known = {p.id for r in ctx.records("af.rules") for p in r.sequence_optional}
        if not known:
            return
        for i, phase in enumerate(rule.phases):
            if phase not in known:
                ctx.emit_error(
                    ("phases", i),
                    f"no phase '{phase}' in the optional sequence of play.{did_you_mean(phase, sorted(known))}",
                )


# --------------------------------------------------------------------------- ground units


class GroundUnitShape(LintRule):
    code = "af.ground_unit"
    kinds = ("af.ground_unit",)
    summary = "Gun factor ranges rise; anti-aircraft fires on a range table; lines have sane lengths."

    def check(self, unit: GroundUnit, ctx: LintContext) -> None:
        for low, high in (("gun_factors_min", "gun_factors_max"), ("length_min", "length_max")):
            a, b = getattr(unit, low), getattr(unit, high)
            if a is not None and b is not None and b < a:
                ctx.emit_error((high,), f"{high} {b} is below {low} {a}")
        if unit.category == "anti_aircraft" and unit.range_table is None:
            ctx.emit_error(("range_table",), "anti-aircraft needs the range table its guns fire on")


# --------------------------------------------------------------------------- board


class BoardLayout(LintRule):
    code = "af.board_layout"
    kinds = ("af.board",)
    summary = "Sections do not overlap and column letters are not repeated, so every code names one hex."

    def check(self, board: Board, ctx: LintContext) -> None:
        repeated = sorted({c for c in board.column_letters if board.column_letters.count(c) > 1})
        if repeated:
            ctx.emit_error(("column_letters",), f"column letter(s) {', '.join(repeated)} appear twice")
        taken: dict[tuple[int, int], str] = {}
        for i, section in enumerate(board.sections):
            spot = (section.column, section.row)
            if spot in taken:
                ctx.emit_error(
                    ("sections", i), f"section {section.id} lies on section {taken[spot]} (column {spot[0]}, row {spot[1]})"
                )
            taken.setdefault(spot, section.id)


# --------------------------------------------------------------------------- scenarios


def _variants(scenario: Scenario) -> Iterator[tuple[tuple, Variant]]:
    for i, variant in enumerate(scenario.variants):
        yield ("variants", i), variant


def _areas(variant: Variant) -> Iterator[tuple[tuple, Area]]:
    for j, group in enumerate(variant.groups):
        yield ("groups", j, "area"), group.area
    if variant.terrain is not None:
        yield ("terrain", "area"), variant.terrain.area


def _specs(variant: Variant) -> Iterator[tuple[tuple, ValueSpec, str]]:
    for j, group in enumerate(variant.groups):
        yield ("groups", j, "altitude"), group.altitude, "altitude_ft"
        yield ("groups", j, "speed"), group.speed, "speed"


class ScenarioHexes(LintRule):
    code = "af.scenario_hex"
    kinds = SCENARIO
    summary = "Hexes, sections and road columns a scenario names must be on its board."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        board = ctx.get("af.board", scenario.board)
        if not isinstance(board, Board):
            return  # the dangling reference is reported by the validator
        sections = {s.id for s in board.sections}
        for vpath, variant in _variants(scenario):
            for apath, area in _areas(variant):
                for k, code in enumerate(area.hexes):
                    self._hex(board, code, vpath + apath + ("hexes", k), ctx)
                for k, sid in enumerate(area.sections):
                    if sid not in sections:
                        ctx.emit_error(vpath + apath + ("sections", k), f"the board has no section {sid}")
            for j, group in enumerate(variant.groups):
                for k, start in enumerate(group.starts):
                    self._hex(board, start.hex, vpath + ("groups", j, "starts", k, "hex"), ctx)
            if variant.terrain is not None:
                for k, letter in enumerate(variant.terrain.road_columns):
                    if letter not in board.column_letters:
                        ctx.emit_error(
                            vpath + ("terrain", "road_columns", k), f"the board's sections have no column {letter}"
                        )
            for t, table in enumerate(variant.tables):
                for c, column in enumerate(table.columns):
                    if column.determines != "entry_hex":
                        continue
                    for r, row in enumerate(table.rows):
                        value = row.results[c] if c < len(row.results) else None
                        if isinstance(value, str) and value not in ENTRY_PICKS:
                            self._hex(board, value, vpath + ("tables", t, "rows", r, "results", c), ctx)

    @staticmethod
    def _hex(board: Board, code: str, path: tuple, ctx: LintContext) -> None:
        try:
            board.parse(code)
        except ValueError as exc:
            ctx.emit_error(path, f"off the board '{board.id}': {exc}")


def _on_board(board: Board, code: str) -> bool:
    try:
        board.parse(code)
    except ValueError:
        return False
    return True


def _starts(scenario: Scenario) -> Iterator[tuple[tuple, Variant, Group]]:
    """Every group that has starts, with its path."""
    for vpath, variant in _variants(scenario):
        for j, group in enumerate(variant.groups):
            if group.starts:
                yield vpath + ("groups", j), variant, group


class StartArea(LintRule):
    code = "af.start_area"
    kinds = SCENARIO
    summary = "A chosen starting hex lies in the group's set-up area."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        board = ctx.get("af.board", scenario.board)
        if not isinstance(board, Board):
            return
        for gpath, variant, group in _starts(scenario):
            area = area_hexes(board, group, variant)
            if area is None:
                continue
            for k, start in enumerate(group.starts):
                if _on_board(board, start.hex) and start.hex not in area:
                    ctx.emit_warning(
                        gpath + ("starts", k, "hex"),
                        f"{start.hex} is outside the set-up area of '{group.name}' ({describe_area(group)})",
                    )


class StartCount(LintRule):
    code = "af.start_count"
    kinds = SCENARIO
    summary = "A group has no more starts than counters, and none where the scenario fixes the hexes."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for gpath, variant, group in _starts(scenario):
            size = variant.group_size(group)
            if group.area.hexes:
                ctx.emit_warning(
                    gpath + ("starts",),
                    f"the scenario fixes the hexes of '{group.name}' (area.hexes); its starts are not used",
                )
            elif size is not None and len(group.starts) > size[1]:
                ctx.emit_warning(
                    gpath + ("starts", size[1]),
                    f"{len(group.starts)} starts for '{group.name}', which has at most {size[1]} counter(s)",
                )


class StartFacing(LintRule):
    code = "af.start_facing"
    kinds = SCENARIO
    summary = "A start faces the way the scenario faces its group, when the scenario says."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for gpath, _, group in _starts(scenario):
            for k, start in enumerate(group.starts):
                if group.facing is not None and start.facing not in (None, group.facing):
                    ctx.emit_warning(
                        gpath + ("starts", k, "facing"),
                        f"the scenario faces '{group.name}' in direction {group.facing}, not {start.facing}",
                    )


class StartSeparation(LintRule):
    code = "af.start_separation"
    kinds = SCENARIO
    summary = "Starts of a group are at least the group's separation apart."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        board = ctx.get("af.board", scenario.board)
        if not isinstance(board, Board):
            return
        for gpath, _, group in _starts(scenario):
            if not group.separation:
                continue
            seen: list[str] = []
            for k, start in enumerate(group.starts):
                if not _on_board(board, start.hex):
                    continue
                near = next((h for h in seen if board.distance(h, start.hex) < group.separation), None)
                if near is not None:
                    ctx.emit_warning(
                        gpath + ("starts", k, "hex"),
                        f"{start.hex} is {board.distance(near, start.hex)} hexes from {near}; "
                        f"'{group.name}' are set at least {group.separation} hexes apart",
                    )
                seen.append(start.hex)


class ScenarioSides(LintRule):
    code = "af.scenario_side"
    kinds = SCENARIO
    summary = "Groups, awards and win conditions name sides the variant declares."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            sides = {s.id for s in variant.sides}
            refs = [(("groups", j, "side"), g.side) for j, g in enumerate(variant.groups)]
            refs += [(("victory", "awards", k, "side"), a.side) for k, a in enumerate(variant.victory.awards)]
            win = variant.victory.win
            refs += [(("victory", "win", n), getattr(win, n)) for n in ("side", "otherwise") if getattr(win, n)]
            for path, sid in refs:
                if sid not in sides:
                    ctx.emit_error(vpath + path, f"no side '{sid}' in this variant (sides: {', '.join(sorted(sides))})")


class ScenarioGroups(LintRule):
    code = "af.scenario_group"
    kinds = SCENARIO
    summary = "Matchups, awards, game ends and win conditions name groups the variant sets up."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            groups = {g.id: g for g in variant.groups}
            refs: list[tuple[tuple, str]] = []
            for m, matchup in enumerate(variant.matchups):
                for f, force in enumerate(matchup.forces):
                    path = ("matchups", m, "forces", f, "group")
                    refs.append((path, force.group))
                    group = groups.get(force.group)
                    if group is not None and group.unit is not None:
                        ctx.emit_error(vpath + path, f"'{force.group}' is a group of surface counters, not planes")
            v = variant.victory
            refs += [(("victory", "awards", k, "group"), a.group) for k, a in enumerate(v.awards) if a.group]
            refs += [(("victory", "ends", k, "groups", n), g) for k, e in enumerate(v.ends) for n, g in enumerate(e.groups)]
            if v.win.group:
                refs.append((("victory", "win", "group"), v.win.group))
            for path, gid in refs:
                if gid not in groups:
                    ctx.emit_error(vpath + path, f"no group '{gid}' in this variant")


class ScenarioTables(LintRule):
    code = "af.scenario_table"
    kinds = SCENARIO
    summary = "Values read from a table name a table and column that give that kind of value."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            tables = {t.id: t for t in variant.tables}
            for t, table in enumerate(variant.tables):
                for r, message in table.ragged_rows():
                    ctx.emit_error(vpath + ("tables", t, "rows", r, "results"), message)
                for r, row in enumerate(table.rows):
                    for c, (column, value) in enumerate(zip(table.columns, row.results)):
                        numeric = column.determines != "entry_hex"
                        if numeric != isinstance(value, int):
                            ctx.emit_error(
                                vpath + ("tables", t, "rows", r, "results", c),
                                f"column '{column.key}' gives {column.determines.replace('_', ' ')}; got {value!r}",
                            )
            for spath, spec, wants in _specs(variant):
                if spec.mode == "table":
                    self._column(tables, spec.table, spec.column, wants, vpath + spath, ctx)
            for j, group in enumerate(variant.groups):
                if group.entry is not None and group.entry.hex_table:
                    table = tables.get(group.entry.hex_table)
                    if table is None:
                        ctx.emit_error(vpath + ("groups", j, "entry", "hex_table"), f"no table '{group.entry.hex_table}'")
                    elif not any(c.determines == "entry_hex" for c in table.columns):
                        ctx.emit_error(
                            vpath + ("groups", j, "entry", "hex_table"), f"table '{table.id}' gives no entry hexes"
                        )

    @staticmethod
    def _column(tables, tid, column, wants, path, ctx) -> None:
        table = tables.get(tid)
        if table is None:
            ctx.emit_error(path + ("table",), f"no table '{tid}' in this variant")
            return
        col = next((c for c in table.columns if c.key == column), None)
        if col is None:
            ctx.emit_error(path + ("column",), f"table '{tid}' has no column '{column}'")
        elif col.determines != wants:
            ctx.emit_error(
                path + ("column",), f"column '{column}' gives {col.determines.replace('_', ' ')}, not {wants.replace('_', ' ')}"
            )


class ValueSpecShape(LintRule):
    code = "af.value_spec"
    kinds = SCENARIO
    summary = "A starting value gives what its mode needs and nothing it ignores."

    NEEDS = {"fixed": ("value",), "range": ("min", "max"), "roll": ("roll",), "table": ("table", "column")}

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            for spath, spec, _ in _specs(variant):
                path = vpath + spath
                needed = self.NEEDS.get(spec.mode, ())
                for name in needed:
                    if getattr(spec, name) is None:
                        ctx.emit_error(path + (name,), f"mode '{spec.mode}' needs '{name}'")
                for name in ("value", "min", "max", "roll", "table", "column"):
                    if name not in needed and getattr(spec, name) is not None:
                        ctx.emit_warning(path + (name,), f"'{name}' is ignored in mode '{spec.mode}'")
                if spec.min is not None and spec.max is not None and spec.max < spec.min:
                    ctx.emit_error(path + ("max",), f"max {spec.max} is below min {spec.min}")


class MatchupNationality(LintRule):
    code = "af.matchup_nationality"
    kinds = SCENARIO
    summary = "A force's plane types belong to its side's nationalities."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            sides = {s.id: s for s in variant.sides}
            groups = {g.id: g for g in variant.groups}
            for m, matchup in enumerate(variant.matchups):
                for f, force in enumerate(matchup.forces):
                    group = groups.get(force.group)
                    side = sides.get(group.side) if group else None
                    if side is None or not side.nationalities:
                        continue
                    for a, cid in enumerate(force.aircraft):
                        card = ctx.get("af.data_card", cid)
                        if isinstance(card, DataCard) and card.nationality not in side.nationalities:
                            ctx.emit_warning(
                                vpath + ("matchups", m, "forces", f, "aircraft", a),
                                f"{card.label} is {card.nationality} but side '{side.id}' flies "
                                f"{', '.join(side.nationalities)} planes",
                            )


class StartSpeed(LintRule):
    code = "af.start_speed"
    kinds = SCENARIO
    summary = "Fixed or tabled starting speeds and altitudes must be flyable on the group's cards."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            tables = {t.id: t for t in variant.tables}
            for j, group in enumerate(variant.groups):
                speeds = _possible(group.speed, tables)
                altitudes = _possible(group.altitude, tables)
                if not speeds or not altitudes:
                    continue
                for cid in group.aircraft:
                    card = ctx.get("af.data_card", cid)
                    if isinstance(card, DataCard):
                        self._fits(card, speeds, altitudes, vpath + ("groups", j), ctx)

    @staticmethod
    def _fits(card: DataCard, speeds, altitudes, path, ctx) -> None:
        for alt in altitudes:
            band = card.band_for(alt)
            if band is None:
                ctx.emit_warning(path + ("altitude",), f"{alt} ft is above the {card.label}'s ceiling")
                continue
            for speed in speeds:
                inc = band.speeds.increment(speed)
                if inc in (None, "stall"):
                    what = "stalls" if inc == "stall" else "exceeds its dive speed"
                    ctx.emit_warning(
                        path + ("speed",), f"the {card.label} {what} at speed {speed} and {alt} ft"
                    )
                    return


def _possible(spec: ValueSpec, tables) -> list[int]:
    """Every value a spec can produce, where that is known without rolling unknown dice."""
    if spec.mode == "table" and spec.table in tables:
        table = tables[spec.table]
        keys = [c.key for c in table.columns]
        if spec.column in keys:
            k = keys.index(spec.column)
            return [r.results[k] for r in table.rows if k < len(r.results) and isinstance(r.results[k], int)]
    return spec.choices() or []


class VariantBase(LintRule):
    code = "af.variant_base"
    kinds = SCENARIO
    summary = "'based_on' names an earlier variant of the same scenario."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        earlier: set[str] = set()
        for vpath, variant in _variants(scenario):
            if variant.based_on and variant.based_on not in earlier:
                ctx.emit_error(
                    vpath + ("based_on",), f"no earlier variant '{variant.based_on}' in this scenario"
                )
            earlier.add(variant.id)


class AntiAircraftGuns(LintRule):
    code = "af.aa_guns"
    kinds = SCENARIO
    summary = "Guns go on anti-aircraft counters and are rated within their type's range."

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            for j, group in enumerate(variant.groups):
                if not group.guns:
                    continue
                unit = ctx.get("af.ground_unit", group.unit) if group.unit else None
                if not isinstance(unit, GroundUnit) or unit.category != "anti_aircraft":
                    ctx.emit_error(vpath + ("groups", j, "guns"), "guns are only put on anti-aircraft counters")
                    continue
                for k, guns in enumerate(group.guns):
                    low, high = unit.gun_factors_min or 0, unit.gun_factors_max or 99
                    if not low <= guns.factors <= high:
                        ctx.emit_warning(
                            vpath + ("groups", j, "guns", k, "factors"),
                            f"{unit.label} guns are rated {low}-{high} factors, not {guns.factors}",
                        )


class WinParameters(LintRule):
    code = "af.win_params"
    kinds = SCENARIO
    summary = "Each victory condition and game end gives the numbers its type needs."

    NEEDS = {
        "destroy_all": ("group",),
        "min_exits": ("group", "count", "edge", "otherwise"),
        "vp_threshold": ("side", "vp"),
        "vp_margin": ("side", "margin", "otherwise"),
    }

    def check(self, scenario: Scenario, ctx: LintContext) -> None:
        for vpath, variant in _variants(scenario):
            win = variant.victory.win
            for name in self.NEEDS.get(win.type, ()):
                if getattr(win, name) is None:
                    ctx.emit_error(vpath + ("victory", "win", name), f"win type '{win.type}' needs '{name}'")
            for k, end in enumerate(variant.victory.ends):
                if end.type == "turns" and end.turns is None:
                    ctx.emit_error(vpath + ("victory", "ends", k, "turns"), "a turn limit needs 'turns'")
                if end.type == "groups_gone" and not end.groups:
                    ctx.emit_error(vpath + ("victory", "ends", k, "groups"), "name the groups that must be gone")
            for k, award in enumerate(variant.victory.awards):
                if award.event == "exit_with_bombs" and award.edge is None:
                    ctx.emit_error(vpath + ("victory", "awards", k, "edge"), "say which side they must leave by")


RULES: tuple[LintRule, ...] = (
    DuplicateLocalId(),
    BandOrder(),
    BandWidth(),
    SpeedOrder(),
    RequirementOrder(),
    ClimbOrder(),
    AltitudeSteps(),
    LoadModifierConflict(),
    AmmoTypes(),
    ClockDiagramCells(),
    EngineCount(),
    HitColumns(),
    RangeShape(),
    RangeMonotonic(),
    DieResults(),
    BombingCardRolls(),
    HeightClasses(),
    BankOrder(),
    ManeuverCodes(),
    PhaseIds(),
    GroundUnitShape(),
    BoardLayout(),
    ScenarioHexes(),
    StartArea(),
    StartCount(),
    StartFacing(),
    StartSeparation(),
    ScenarioSides(),
    ScenarioGroups(),
    ScenarioTables(),
    ValueSpecShape(),
    MatchupNationality(),
    StartSpeed(),
    VariantBase(),
    AntiAircraftGuns(),
    WinParameters(),
)
