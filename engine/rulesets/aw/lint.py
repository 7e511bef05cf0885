"""Air Wars checks beyond the schema: mistakes an author of this system actually makes.

One class per rule, each with a stable `code`. Rules about a card, a roster
line or a map that need the scenario's view (its map, its sides) find the
scenarios that use the record and report on the record itself.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Iterator

from engine.content.diagnostics import did_you_mean, parse_path
from engine.content.dice import parse_roll
from engine.content.ruleset import LintContext, LintRule

from engine.core.board import letter_number_label as square_name
from engine.core.board import parse_letter_number as cell_of

from .board import Map, Place, line_squares
from .cards import CampaignCard, GroundBattle, Reinforcements
from .common import UnitPick
from .scenario import Scenario, SideSetup
from .tables import SEVERITY
from .targets import GroundBattleTarget, PlaceTarget, TargetRosterEntry
from .units import AirUnit, GroundUnit

AIR, GROUND, MAP, SCENARIO = "aw.air_unit", "aw.ground_unit", "aw.map", "aw.scenario"
CARD, ROSTER, SIDE = "aw.campaign_card", "aw.target_roster", "aw.side"

FRONT_MODE = {"F": "fighter", "FB": "fighter", "B": "bomber", "GA": "bomber", "D": "decoy"}


# --------------------------------------------------------------------------- helpers


def _unit(ctx: LintContext, unit_id: str) -> AirUnit | GroundUnit | None:
    return ctx.get(AIR, unit_id) or ctx.get(GROUND, unit_id)


def _scenarios_using(
    ctx: LintContext, kind: str, record_id: str
) -> Iterator[tuple[Scenario, SideSetup]]:
    """Scenarios (and the side) whose deck or roster holds the record."""
    for scenario in ctx.records(SCENARIO):
        for setup in scenario.sides:
            held = setup.deck if kind == CARD else setup.target_roster
            if record_id in held:
                yield scenario, setup


def _pick_pool(ctx: LintContext, pick: UnitPick, side: str) -> list[AirUnit]:
    """Air unit types of `side` a pick may take from."""
    units = [u for u in ctx.records(AIR) if u.side == side]
    if pick.units:
        units = [u for u in units if u.id in pick.units]
    if pick.group:
        units = [u for u in units if u.group == pick.group]
    return units


def _place_or_hint(game_map: Map, place_id: str) -> tuple[Place | None, str]:
    place = game_map.place(place_id)
    if place is not None:
        return place, ""
    hint = did_you_mean(place_id, [p.id for p in game_map.places])
    return None, f"map '{game_map.id}' has no place '{place_id}'.{hint}".rstrip()


def _option_default(scenario: Scenario, option_id: str | None) -> bool:
    if option_id is None:
        return True
    option = next((o for o in scenario.options if o.id == option_id), None)
    return option.default if option else True


def _side_units(ctx: LintContext, side: str) -> list[AirUnit | GroundUnit]:
    return [u for kind in (AIR, GROUND) for u in ctx.records(kind) if u.side == side]


def _deck_cards(ctx: LintContext, setup: SideSetup) -> Iterator[tuple[int, CampaignCard]]:
    for j, card_id in enumerate(setup.deck):
        card = ctx.get(CARD, card_id)
        if card is not None:
            yield j, card


# --------------------------------------------------------------------------- counters


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


# --------------------------------------------------------------------------- map


class MapGrid(LintRule):
    code = "aw.map_grid"
    kinds = (MAP,)
    summary = "Every grid square is listed once, on the grid, with a terrain of the chart."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        terrain_ids = [t.id for t in game_map.terrain]
        for t, n in Counter(terrain_ids).items():
            if n > 1:
                ctx.emit_error(("terrain",), f"terrain '{t}' is defined {n} times")
        seen: set[str] = set()
        for i, sq in enumerate(game_map.squares):
            if not game_map.on_grid(sq.at):
                ctx.emit_error(
                    ("squares", i, "at"),
                    f"square {sq.at} is off the {game_map.columns} x {game_map.rows} grid "
                    f"(A1-{square_name((game_map.columns - 1, game_map.rows - 1))})",
                )
            elif sq.at in seen:
                ctx.emit_error(("squares", i, "at"), f"square {sq.at} is listed twice")
            seen.add(sq.at)
            if sq.terrain not in terrain_ids:
                ctx.emit_error(
                    ("squares", i, "terrain"),
                    f"no terrain '{sq.terrain}' on the chart.{did_you_mean(sq.terrain, terrain_ids)}".rstrip(),
                )
        missing = [square_name(c) for c in game_map.grid().cells() if square_name(c) not in seen]
        if missing:
            shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
            ctx.emit_error(
                ("squares",), f"{len(missing)} square(s) of the grid are not listed: {shown}"
            )


class MapTerritory(LintRule):
    code = "aw.map_territory"
    kinds = (MAP,)
    summary = "Land squares belong to a side; all-water squares to none (29.1, 29.2)."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        for i, sq in enumerate(game_map.squares):
            terrain = game_map.terrain_type(sq.terrain)
            if terrain is None:
                continue
            if terrain.all_water and sq.territory:
                ctx.emit_warning(
                    ("squares", i, "territory"),
                    f"{sq.at} is all water; territory covers land spaces only",
                )
            if not terrain.all_water and not sq.territory:
                ctx.emit_error(
                    ("squares", i), f"land square {sq.at} belongs to no side's territory"
                )


class MapPlaces(LintRule):
    code = "aw.map_places"
    kinds = (MAP,)
    summary = "Places have unique ids and sit on listed land squares of the grid."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        index = game_map.square_index()
        for p, n in Counter(p.id for p in game_map.places).items():
            if n > 1:
                ctx.emit_error(("places",), f"place id '{p}' is used {n} times")
        for i, place in enumerate(game_map.places):
            sq = index.get(place.at)
            if sq is None:
                ctx.emit_error(
                    ("places", i, "at"), f"{place.name}'s square {place.at} is not on the map"
                )
                continue
            terrain = game_map.terrain_type(sq.terrain)
            installs = place.airbase or place.port or place.logistic_centre or place.ground_battle
            if terrain is not None and terrain.all_water and installs:
                ctx.emit_error(
                    ("places", i, "at"),
                    f"{place.name} has installations but {place.at} is all water (14.0: never a ground space)",
                )


def _front_edges(game_map: Map, ctx: LintContext) -> set[frozenset]:
    edges: set[frozenset] = set()
    for s, segment in enumerate(game_map.front_line.segments):
        for k, (a, b) in enumerate(zip(segment, segment[1:])):
            path = ("front_line", "segments", s, k + 1)
            points = [a, b]
            off_corner = [list(pt) for pt in points if any(v != int(v) for v in pt)]
            if off_corner:
                ctx.emit_error(path, f"front line point {off_corner[0]} is not on a grid corner")
                continue
            (x1, y1), (x2, y2) = ((int(x), int(y)) for x, y in points)
            if abs(x1 - x2) + abs(y1 - y2) != 1:
                ctx.emit_error(
                    path,
                    f"front line step {[x1, y1]} -> {[x2, y2]} does not follow one square side; "
                    "add the corners in between",
                )
                continue
            if not all(
                0 <= x <= game_map.columns and 0 <= y <= game_map.rows
                for x, y in ((x1, y1), (x2, y2))
            ):
                ctx.emit_error(path, f"front line point {[x2, y2]} is off the map")
                continue
            edges.add(frozenset(((x1, y1), (x2, y2))))
    return edges


def _edge_squares(edge: frozenset) -> tuple[tuple[int, int], tuple[int, int]]:
    """The cells on either side of a unit edge between grid corners (cells count from 0)."""
    (x1, y1), (x2, y2) = sorted(edge)
    if x1 == x2:  # vertical edge: west and east cells
        return (x1 - 1, y1), (x1, y1)
    return (x1, y1 - 1), (x1, y1)  # horizontal edge: north and south cells


def _shared_edge(cell: tuple[int, int], other: tuple[int, int]) -> frozenset:
    """The side two orthogonally adjacent cells share, as a pair of grid corners."""
    (c, r), (oc, orow) = sorted((cell, other))
    if oc != c:  # east neighbour
        return frozenset(((c + 1, r), (c + 1, r + 1)))
    return frozenset(((c, r + 1), (c + 1, r + 1)))  # south neighbour


class FrontLine(LintRule):
    code = "aw.front_line"
    kinds = (MAP,)
    summary = "The front line follows square sides and separates the territories exactly."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        edges = _front_edges(game_map, ctx)
        owner: dict[tuple[int, int], str] = {}
        index_of: dict[tuple[int, int], int] = {}
        for i, sq in enumerate(game_map.squares):
            terrain = game_map.terrain_type(sq.terrain)
            land = terrain is not None and not terrain.all_water
            if sq.territory and land and game_map.on_grid(sq.at):
                owner[cell_of(sq.at)] = sq.territory
                index_of[cell_of(sq.at)] = i
        for (col, row), side in sorted(owner.items()):
            for other in ((col + 1, row), (col, row + 1)):
                if owner.get(other, side) != side and _shared_edge((col, row), other) not in edges:
                    ctx.emit_error(
                        ("squares", index_of[(col, row)]),
                        f"{square_name((col, row))} ({side}) and {square_name(other)} "
                        f"({owner[other]}) meet across a side that is not on the front line",
                    )
        for edge in edges:
            a, b = _edge_squares(edge)
            if a in owner and b in owner and owner[a] == owner[b]:
                ctx.emit_warning(
                    ("front_line",),
                    f"the front line runs between {square_name(a)} and {square_name(b)}, both "
                    f"{owner[a]} territory",
                )


class RadarLine(LintRule):
    code = "aw.radar_line"
    kinds = (MAP,)
    summary = "Every square a radar line passes through, even slightly, is in its cover (23.0)."

    def check(self, game_map: Map, ctx: LintContext) -> None:
        grid = [s.at for s in game_map.squares if game_map.on_grid(s.at)]
        for r, radar in enumerate(game_map.radar):
            off = [s for s in radar.squares if not game_map.on_grid(s)]
            if off:
                ctx.emit_error(
                    ("radar", r, "squares"), f"radar squares off the map: {', '.join(off)}"
                )
            crossed = line_squares(radar.line, grid)
            uncovered = sorted(crossed - set(radar.squares), key=cell_of)
            if uncovered:
                ctx.emit_error(
                    ("radar", r, "squares"),
                    f"the radar line passes through {', '.join(uncovered)}, which are not listed "
                    "as covered; a square the line touches is a radar square (23.0)",
                )


# --------------------------------------------------------------------------- tables


class CrtOrder(LintRule):
    code = "aw.crt_order"
    kinds = ("aw.air_crt", "aw.bombing_crt")
    summary = "Within a CRT column, a higher roll never gives a milder result."

    def check(self, table, ctx: LintContext) -> None:
        ordered = []
        for i, row in enumerate(table.rows):
            try:
                ordered.append((parse_roll(row.roll, table.die).low, i, row))
            except ValueError:
                continue
        ordered.sort()
        for column in type(table).COLUMNS:
            worst, worst_result = -1, None
            for low, i, row in ordered:
                result = getattr(row, column)
                if SEVERITY[result] < worst:
                    ctx.emit_warning(
                        ("rows", i, column),
                        f"roll {row.roll} gives '{result}' in column {column}, milder than "
                        f"'{worst_result}' on a lower roll",
                    )
                if SEVERITY[result] >= worst:
                    worst, worst_result = SEVERITY[result], result


# --------------------------------------------------------------------------- cards and roster


class CardDisposition(LintRule):
    code = "aw.card_disposition"
    kinds = (CARD,)
    summary = "Wild, reinforcement and ground battle cards have the disposition their rules need."

    def check(self, card: CampaignCard, ctx: LintContext) -> None:
        if card.wild_card and card.disposition != "reshuffle":
            ctx.emit_warning(
                ("disposition",),
                "a wild card played on its own is reshuffled (11.4); disposition should be 'reshuffle'",
            )
        for i, effect in enumerate(card.effects):
            if isinstance(effect, Reinforcements) and card.disposition != "reshuffle":
                ctx.emit_warning(
                    ("effects", i),
                    "a reinforcement card refits when picked again (30.13), so it must be "
                    "reshuffled into the deck",
                )
            if isinstance(effect, GroundBattle) and card.disposition != "discard":
                ctx.emit_warning(
                    ("disposition",),
                    "a ground battle card is discarded and never reappears (30.10)",
                )


class CardNumbers(LintRule):
    code = "aw.card_numbers"
    kinds = (CARD,)
    summary = "No two campaign cards share a printed number."

    def check(self, card: CampaignCard, ctx: LintContext) -> None:
        others = sorted(
            c.id for c in ctx.records(CARD) if c.number == card.number and c.id != card.id
        )
        if others:
            ctx.emit_error(
                ("number",), f"card number {card.number} is also used by {', '.join(others)}"
            )


class CardPlaces(LintRule):
    code = "aw.card_places"
    kinds = (CARD,)
    summary = "A ground battle card names a battle square of each scenario map it is played on."

    def check(self, card: CampaignCard, ctx: LintContext) -> None:
        for scenario, _ in _scenarios_using(ctx, CARD, card.id):
            game_map = ctx.get(MAP, scenario.map)
            if game_map is None:
                continue
            for i, effect in enumerate(card.effects):
                if not isinstance(effect, GroundBattle):
                    continue
                place, problem = _place_or_hint(game_map, effect.place)
                if place is None:
                    ctx.emit_error(("effects", i, "place"), problem)
                elif not place.ground_battle:
                    ctx.emit_error(
                        ("effects", i, "place"),
                        f"{place.name} is not a battle square on map '{game_map.id}' (set ground_battle)",
                    )


class UnitPicks(LintRule):
    code = "aw.unit_picks"
    kinds = (CARD, SCENARIO)
    summary = "Unit picks name units and groups of the picking side, and units in the group named."

    def check(self, record, ctx: LintContext) -> None:
        for path, pick, side in self._picks(record):
            side_rec = ctx.get(SIDE, side)
            if pick.group and side_rec is not None and side_rec.group(pick.group) is None:
                hint = did_you_mean(pick.group, [g.id for g in side_rec.groups])
                ctx.emit_error(
                    path + ("group",), f"side '{side}' has no group '{pick.group}'.{hint}".rstrip()
                )
            for k, unit_id in enumerate(pick.units):
                unit = ctx.get(AIR, unit_id)
                if unit is None:
                    continue
                if unit.side != side:
                    ctx.emit_error(
                        path + ("units", k), f"{unit.label} belongs to '{unit.side}', not '{side}'"
                    )
                elif pick.group and unit.group != pick.group:
                    ctx.emit_error(
                        path + ("units", k), f"{unit.label} is not in group '{pick.group}'"
                    )

    @staticmethod
    def _picks(record) -> Iterable[tuple[tuple, UnitPick, str]]:
        if isinstance(record, CampaignCard):
            for i, effect in enumerate(record.effects):
                if isinstance(effect, Reinforcements):
                    for k, pick in enumerate(effect.picks):
                        yield ("effects", i, "picks", k), pick, record.side
        else:
            for i, setup in enumerate(record.sides):
                for k, pick in enumerate(setup.random_deployment):
                    yield ("sides", i, "random_deployment", k), pick, setup.side


class RosterGroundBattle(LintRule):
    code = "aw.roster_ground_battle"
    kinds = (ROSTER,)
    summary = "A ground battle line names a card that designates a battle square."

    def check(self, entry: TargetRosterEntry, ctx: LintContext) -> None:
        if not isinstance(entry.target, GroundBattleTarget):
            return
        card = ctx.get(CARD, entry.target.card)
        if card is not None and not any(isinstance(e, GroundBattle) for e in card.effects):
            ctx.emit_error(
                ("target", "card"), f"card '{card.id}' designates no ground battle square"
            )


class RosterTargets(LintRule):
    code = "aw.roster_targets"
    kinds = (ROSTER,)
    summary = "A roster line names an enemy installation of the map that its side may bomb (30.7)."

    def check(self, entry: TargetRosterEntry, ctx: LintContext) -> None:
        target = entry.target
        kind = "ground_battle" if isinstance(target, GroundBattleTarget) else target.installation
        for scenario, setup in _scenarios_using(ctx, ROSTER, entry.id):
            if kind not in setup.may_bomb:
                ctx.emit_error(
                    ("target",),
                    f"'{setup.side}' may not bomb {kind} targets in '{scenario.id}' (30.7)",
                )
            game_map = ctx.get(MAP, scenario.map)
            if isinstance(target, PlaceTarget) and game_map is not None:
                self._check_place(entry, target, game_map, ctx)

    @staticmethod
    def _check_place(
        entry: TargetRosterEntry, target: PlaceTarget, game_map: Map, ctx: LintContext
    ) -> None:
        place, problem = _place_or_hint(game_map, target.place)
        if place is None:
            ctx.emit_error(("target", "place"), problem)
            return
        if not getattr(place, target.installation):
            ctx.emit_error(
                ("target", "installation"), f"{place.name} has no {target.installation} on the map"
            )
        owner = game_map.territory_of(place.at)
        if owner == entry.side:
            ctx.emit_error(
                ("target", "place"),
                f"{place.name} ({place.at}) is '{owner}' territory: '{entry.side}' scores only for "
                "enemy targets (30.7)",
            )


# --------------------------------------------------------------------------- scenario


class ScenarioSides(LintRule):
    code = "aw.scenario_sides"
    kinds = (SCENARIO,)
    summary = "Intruder and Interceptor are two different sides, each set up once."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        pair = {s.intruder, s.interceptor}
        if s.intruder == s.interceptor:
            ctx.emit_error(
                ("interceptor",), "the Intruder and the Interceptor must be different sides (9.0)"
            )
        for i, setup in enumerate(s.sides):
            if setup.side not in pair:
                ctx.emit_error(
                    ("sides", i, "side"), f"'{setup.side}' is neither Intruder nor Interceptor"
                )
        if sorted(x.side for x in s.sides) != sorted(pair) and len(pair) == 2:
            ctx.emit_error(("sides",), "set up the Intruder and the Interceptor once each")
        if set(s.setup_order) != pair:
            ctx.emit_error(("setup_order",), "the set-up order names the two sides once each")
        if {s.victory.plus, s.victory.minus} != pair:
            ctx.emit_error(
                ("victory",), "victory is one side's VP minus the other's: name both sides"
            )
        for i, level in enumerate(s.victory.levels):
            if level.winner not in pair:
                ctx.emit_error(
                    ("victory", "levels", i, "winner"),
                    f"'{level.winner}' does not play in this scenario",
                )


class CommandLevelBounds(LintRule):
    code = "aw.command_level"
    kinds = (SCENARIO,)
    summary = "Command levels start between their minimum and maximum (30.1)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            cl = setup.command_level
            if not cl.min <= cl.start <= cl.max:
                ctx.emit_error(
                    ("sides", i, "command_level"),
                    f"command level starts at {cl.start}, outside its bounds {cl.min}-{cl.max}",
                )


class VictoryBands(LintRule):
    code = "aw.victory_bands"
    kinds = (SCENARIO,)
    summary = "Victory bands run from the highest score down and cover every score exactly once."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        levels = s.victory.levels
        inf = float("inf")
        spans = []
        for i, lv in enumerate(levels):
            lo = -inf if lv.min is None else lv.min
            hi = inf if lv.max is None else lv.max
            if lo > hi:
                ctx.emit_error(
                    ("victory", "levels", i), f"'{lv.name}' runs from {lv.min} up to {lv.max}"
                )
                return
            spans.append((lo, hi, i))
        if [i for _, _, i in sorted(spans, reverse=True)] != list(range(len(levels))):
            ctx.emit_warning(("victory", "levels"), "list the bands from the highest score down")
        spans.sort()
        if spans[0][0] != -inf:
            ctx.emit_error(("victory", "levels"), f"no level for a score below {spans[0][0]}")
        if spans[-1][1] != inf:
            ctx.emit_error(("victory", "levels"), f"no level for a score above {spans[-1][1]}")
        for (lo1, hi1, i), (lo2, hi2, j) in zip(spans, spans[1:]):
            if lo2 <= hi1:
                ctx.emit_error(
                    ("victory", "levels", j),
                    f"'{levels[j].name}' overlaps '{levels[i].name}' at {lo2}",
                )
            elif lo2 > hi1 + 1:
                ctx.emit_error(
                    ("victory", "levels", j),
                    f"no level for scores {hi1 + 1} to {lo2 - 1}, between '{levels[i].name}' and "
                    f"'{levels[j].name}'",
                )


class SideRefs(LintRule):
    code = "aw.side_refs"
    kinds = (SCENARIO,)
    summary = "A side's deployment, boxes, deck and roster hold that side's records only."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            base = ("sides", i)
            lists = [
                ("deployment", [(d.unit, _unit(ctx, d.unit)) for d in setup.deployment]),
                (
                    "reinforcement_box",
                    [(d.unit, _unit(ctx, d.unit)) for d in setup.reinforcement_box],
                ),
                (
                    "scheduled_reinforcements",
                    [(d.unit, _unit(ctx, d.unit)) for d in setup.scheduled_reinforcements],
                ),
                ("deck", [(c, ctx.get(CARD, c)) for c in setup.deck]),
                ("target_roster", [(t, ctx.get(ROSTER, t)) for t in setup.target_roster]),
            ]
            for name, items in lists:
                for k, (rid, rec) in enumerate(items):
                    if rec is not None and rec.side != setup.side:
                        ctx.emit_error(
                            base + (name, k),
                            f"'{rid}' belongs to '{rec.side}', not to '{setup.side}'",
                        )
            counters = setup.airbase_counters
            if counters is not None:
                unit = ctx.get(GROUND, counters.unit)
                if unit is not None and unit.side != setup.side:
                    ctx.emit_error(
                        base + ("airbase_counters", "unit"), f"'{unit.id}' belongs to '{unit.side}'"
                    )


class Countermix(LintRule):
    code = "aw.countermix"
    kinds = (SCENARIO,)
    summary = "Set-up uses each counter of a side once: deployed, in a random pool or in a box."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            used: Counter[str] = Counter()
            first_path: dict[str, tuple] = {}
            for name in ("deployment", "reinforcement_box", "scheduled_reinforcements"):
                for k, entry in enumerate(getattr(setup, name)):
                    used[entry.unit] += entry.count
                    first_path.setdefault(entry.unit, ("sides", i, name, k))
            for k, pick in enumerate(setup.random_deployment):
                pool = _pick_pool(ctx, pick, setup.side)
                size = sum(u.count for u in pool)
                if size < pick.count:
                    ctx.emit_error(
                        ("sides", i, "random_deployment", k),
                        f"picks {pick.count} counter(s) from a pool of {size}",
                    )
                for unit in pool:  # the pool's leftovers go to the Reinforcements Box
                    used[unit.id] += unit.count
                    first_path.setdefault(unit.id, ("sides", i, "random_deployment", k))
            if setup.airbase_counters is not None:
                counter = ctx.get(GROUND, setup.airbase_counters.unit)
                if counter is not None:
                    used[counter.id] += counter.count
            for unit in _side_units(ctx, setup.side):
                n = used.get(unit.id, 0)
                if n > unit.count:
                    ctx.emit_error(
                        first_path[unit.id],
                        f"set-up uses {n} {unit.label} counters but the countermix has {unit.count}",
                    )
                elif n < unit.count:
                    ctx.emit_warning(
                        ("sides", i),
                        f"{unit.count - n} of {unit.count} {unit.label} counter(s) are neither "
                        "deployed, in a pool nor in the Reinforcements Box",
                    )


class DeploymentCapacity(LintRule):
    code = "aw.deployment_capacity"
    kinds = (SCENARIO,)
    summary = "Air units set up at the start fit the side's airbases (15.2, 30.2)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        game_map = ctx.get(MAP, s.map)
        if game_map is None:
            return
        for i, setup in enumerate(s.sides):
            bases = [
                p
                for p in game_map.places
                if p.airbase
                and game_map.territory_of(p.at) == setup.side
                and _option_default(s, p.airbase.option)
            ]
            capacity = sum(p.airbase.capacity for p in bases)
            deployed = sum(d.count for d in setup.deployment if ctx.get(AIR, d.unit))
            deployed += sum(p.count for p in setup.random_deployment)
            if deployed > capacity:
                ctx.emit_warning(
                    ("sides", i, "deployment"),
                    f"{deployed} air units set up but '{setup.side}' airbases hold {capacity}",
                )
            for k, d in enumerate(setup.deployment):
                at = [game_map.place(p) for p in d.at]
                if ctx.get(AIR, d.unit) and d.at and all(at):
                    room = sum(p.airbase.capacity for p in at if p.airbase)
                    if d.count > room:
                        ctx.emit_warning(
                            ("sides", i, "deployment", k),
                            f"{d.count} {d.unit} set up at {', '.join(d.at)}, whose airbases hold {room}",
                        )


class ScenarioPlaces(LintRule):
    code = "aw.scenario_places"
    kinds = (SCENARIO,)
    summary = "Places a scenario names exist on its map; air units set up at airbases."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        game_map = ctx.get(MAP, s.map)
        if game_map is None:
            return
        for i, setup in enumerate(s.sides):
            named: list[tuple[tuple, str, str | None]] = []
            for name in ("deployment", "scheduled_reinforcements"):
                for k, entry in enumerate(getattr(setup, name)):
                    for m, pid in enumerate(entry.at):
                        named.append((("sides", i, name, k, "at", m), pid, entry.unit))
            if setup.airbase_counters:
                for m, pid in enumerate(setup.airbase_counters.forbidden_places):
                    named.append(
                        (("sides", i, "airbase_counters", "forbidden_places", m), pid, None)
                    )
            for path, pid, unit_id in named:
                place, problem = _place_or_hint(game_map, pid)
                if place is None:
                    ctx.emit_error(path, problem)
                    continue
                if unit_id is None:
                    continue
                if ctx.get(AIR, unit_id) and place.airbase is None:
                    ctx.emit_error(path, f"{place.name} has no airbase to base air units (15.0)")
                elif game_map.territory_of(place.at) != setup.side:
                    ctx.emit_error(path, f"{place.name} is not '{setup.side}' territory (12.1)")


class UnitClasses(LintRule):
    code = "aw.unit_classes"
    kinds = (SCENARIO,)
    summary = "Every unit type in play has a class, and every counter face a mode of that class."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for t, n in Counter(c.type for c in s.unit_classes).items():
            if n > 1:
                ctx.emit_error(("unit_classes",), f"unit type {t} has {n} classes")
        for setup in s.sides:
            for unit in ctx.records(AIR):
                if unit.side != setup.side:
                    continue
                cls = s.unit_class(unit.type)
                if cls is None:
                    ctx.emit_error(
                        ("unit_classes",), f"no class for type {unit.type}, used by {unit.label}"
                    )
                    continue
                for face_name, face in unit.faces():
                    if cls.mode(face.mode) is None:
                        ctx.emit_error(
                            ("unit_classes",),
                            f"{unit.label}'s {face_name} face flies as '{face.mode}', which type "
                            f"{unit.type} has no rules for",
                        )


class CardReinforcements(LintRule):
    code = "aw.card_reinforcements"
    kinds = (SCENARIO,)
    summary = "Reinforcement cards ask for units the Reinforcements Box can supply (29.1, 29.2)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            box: Counter[str] = Counter()
            for entry in setup.reinforcement_box:
                box[entry.unit] += entry.count
            leftovers: list[tuple[Counter[str], int]] = []  # pool counters by type, how many stay
            for pick in setup.random_deployment:
                pool = Counter({u.id: u.count for u in _pick_pool(ctx, pick, setup.side)})
                leftovers.append((pool, sum(pool.values()) - pick.count))
            for j, card in _deck_cards(ctx, setup):
                for effect in card.effects:
                    if not isinstance(effect, Reinforcements):
                        continue
                    for pick in effect.picks:
                        types = {u.id for u in _pick_pool(ctx, pick, setup.side)}
                        supply = sum(box[t] for t in types)
                        supply += sum(min(n, sum(pool[t] for t in types)) for pool, n in leftovers)
                        if pick.count > supply:
                            ctx.emit_warning(
                                ("sides", i, "deck", j),
                                f"'{card.id}' brings in {pick.count} unit(s) that the Reinforcements "
                                f"Box holds at most {supply} of",
                            )


class WildCardPlay(LintRule):
    code = "aw.wild_cards"
    kinds = (SCENARIO,)
    summary = (
        "A deck with wild cards has enough of them, and the scenario says what they do (30.9)."
    )

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            wild = sum(1 for _, card in _deck_cards(ctx, setup) if card.wild_card)
            if not wild:
                continue
            if s.wild_cards is None:
                ctx.emit_warning(
                    ("wild_cards",),
                    f"'{setup.side}' has wild cards but the scenario sets no wild card play",
                )
                continue
            if wild < s.wild_cards.cards_needed:
                ctx.emit_warning(
                    ("sides", i, "deck"),
                    f"{wild} wild card(s) in the deck; {s.wild_cards.cards_needed} are needed to play them together",
                )
            if not setup.wild_card_effects:
                ctx.emit_warning(
                    ("sides", i, "wild_card_effects"),
                    "say what playing the wild cards together does",
                )


class ScenarioOptions(LintRule):
    code = "aw.options"
    kinds = (SCENARIO,)
    summary = "Options are declared once, and every option content depends on is declared."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        declared = [o.id for o in s.options]
        for o, n in Counter(declared).items():
            if n > 1:
                ctx.emit_error(("options",), f"option '{o}' is declared {n} times")
        used: list[tuple[tuple, str, str]] = []
        game_map = ctx.get(MAP, s.map)
        if game_map is not None:
            used += [
                (("map",), p.airbase.option, f"map '{game_map.id}' ({p.name})")
                for p in game_map.places
                if p.airbase and p.airbase.option
            ]
        for i, setup in enumerate(s.sides):
            for j, card in _deck_cards(ctx, setup):
                used += [
                    (("sides", i, "deck", j), e.option, f"card '{card.id}'")
                    for e in card.effects
                    if e.option
                ]
            used += [
                (("sides", i, "wild_card_effects", k), e.option, "a wild card effect")
                for k, e in enumerate(setup.wild_card_effects)
                if e.option
            ]
        for path, option, where in used:
            if option not in declared:
                hint = did_you_mean(option, declared)
                ctx.emit_error(
                    path,
                    f"{where} depends on option '{option}', which is not declared.{hint}".rstrip(),
                )


def _section_gaps(sections: list[str]) -> Iterator[tuple[str, str]]:
    by_chapter: dict[str, list[int]] = {}
    for section in sections:
        chapter, _, minor = section.partition(".")
        if minor.isdigit():
            by_chapter.setdefault(chapter, []).append(int(minor))
    for chapter, minors in by_chapter.items():
        minors.sort()
        for a, b in zip(minors, minors[1:]):
            if b > a + 1:
                yield f"{chapter}.{a}", f"{chapter}.{b}"


class SpecialRuleNumbering(LintRule):
    code = "aw.special_rule_numbering"
    kinds = (SCENARIO,)
    summary = "Special rule sections follow on without gaps; a gap usually means a lost rule."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for a, b in _section_gaps([r.section for r in s.special_rules]):
            ctx.emit_warning(
                ("special_rules",),
                f"special rules jump from {a} to {b}; is a rule missing between them?",
            )


def _resolve(model, path: tuple) -> bool:
    current = model
    for part in path:
        if isinstance(part, int):
            if not isinstance(current, list) or part >= len(current):
                return False
            current = current[part]
        elif hasattr(type(current), "model_fields") and part in type(current).model_fields:
            current = getattr(current, part)
        else:
            return False
    return True


class SpecialRuleIds(LintRule):
    code = "aw.special_rule_ids"
    kinds = (SCENARIO,)
    summary = "Special rule ids are unique and `modelled_by` names fields that exist."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for rid, n in Counter(r.id for r in s.special_rules).items():
            if n > 1:
                ctx.emit_error(("special_rules",), f"special rule id '{rid}' is used {n} times")
        from engine.rulesets import kinds as all_kinds  # late: the registry imports this module

        known = all_kinds()
        for i, rule in enumerate(s.special_rules):
            for k, text in enumerate(rule.modelled_by):
                path = ("special_rules", i, "modelled_by", k)
                if text.startswith("aw."):
                    parts = text.split(".")
                    model = known.get(".".join(parts[:2]))
                    if model is None or len(parts) < 3 or parts[2] not in model.model_fields:
                        ctx.emit_error(path, f"'{text}' names no field of an Air Wars content kind")
                elif not _resolve(s, parse_path(text)):
                    ctx.emit_error(path, f"'{text}' names no field of this scenario")


class AirbaseRules(LintRule):
    code = "aw.airbase_rules"
    kinds = (SCENARIO,)
    summary = "Airbases follow the scenario's airbase rules (30.2-30.4)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        game_map = ctx.get(MAP, s.map)
        bases = [p for p in game_map.places if p.airbase] if game_map else []
        if s.rules.airbase_aa_equals_capacity:
            for p in bases:
                if p.airbase.aa != p.airbase.capacity:
                    ctx.emit_warning(
                        ("rules", "airbase_aa_equals_capacity"),
                        f"{p.name}'s airbase fires AA {p.airbase.aa} but has capacity {p.airbase.capacity}",
                    )
        if s.rules.one_airbase_per_square:
            for at, n in Counter(p.at for p in bases).items():
                if n > 1:
                    ctx.emit_warning(
                        ("rules", "one_airbase_per_square"), f"{n} airbases share square {at}"
                    )
        for i, setup in enumerate(s.sides):
            rule = setup.airbase_counters
            counter = ctx.get(GROUND, rule.unit) if rule else None
            if counter is None:
                continue
            path = ("sides", i, "airbase_counters")
            if counter.type != "airbase":
                ctx.emit_error(
                    path + ("unit",),
                    f"'{counter.id}' is an '{counter.type}' counter, not an airbase",
                )
            if rule.max_on_map > counter.count:
                ctx.emit_warning(
                    path + ("max_on_map",),
                    f"up to {rule.max_on_map} on the map but only {counter.count} counters",
                )
            if (
                s.rules.airbase_aa_equals_capacity
                and counter.capacity is not None
                and counter.aa != counter.capacity
            ):
                ctx.emit_warning(
                    path + ("unit",),
                    f"'{counter.id}' fires AA {counter.aa} but has capacity {counter.capacity}",
                )


LINT_RULES = (
    UnitTypeMode(),
    UnitFaceValues(),
    UnitDesignations(),
    UnitGroup(),
    GroundUnitFields(),
    MapGrid(),
    MapTerritory(),
    MapPlaces(),
    FrontLine(),
    RadarLine(),
    CrtOrder(),
    CardDisposition(),
    CardNumbers(),
    CardPlaces(),
    UnitPicks(),
    RosterGroundBattle(),
    RosterTargets(),
    ScenarioSides(),
    CommandLevelBounds(),
    VictoryBands(),
    SideRefs(),
    Countermix(),
    DeploymentCapacity(),
    ScenarioPlaces(),
    UnitClasses(),
    CardReinforcements(),
    WildCardPlay(),
    ScenarioOptions(),
    SpecialRuleNumbering(),
    SpecialRuleIds(),
    AirbaseRules(),
)
