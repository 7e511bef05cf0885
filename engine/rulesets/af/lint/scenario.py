"""Air Force lint rules on a scenario: hexes, starts, sides, groups, tables, value specs, variants, guns, winning."""

from __future__ import annotations

from typing import Iterator

from engine.content.ruleset import LintContext, LintRule

from ..kinds.areas import area_hexes, describe_area
from ..kinds.board import Board
from ..kinds.ground import GroundUnit
from ..kinds.planes import DataCard
from ..kinds.scenario import ENTRY_PICKS, Area, Group, Scenario, ValueSpec, Variant


SCENARIO = ("af.scenario",)


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
