"""An Air Force scenario on its board: the six sections with hex codes and compass, each
group's set-up area tinted in its side's colour, and counters where the scenario puts them.

The print mostly gives areas ("anywhere within sections V or VI", "no more than
three hexes from the 5-6 side") and leaves the hex to the player, so a group shows
as up to three kinds of piece:

- one counter per hex the scenario fixes (the V-1 entry hexes, `area.hexes`);
- one counter per start the author picked (`starts`), at its hex and facing;
- one dashed counter for the rest, at a representative hex of the area (near its
  middle, clear of other counters), marked "anywhere in area". Dropping it on a
  hex adds a start; it stays while counters without a start remain.

A start outside its area, or too close to another, is legal to author: the
`af.start_*` lint rules report it on the start's path. Pieces carry grid facings
(0 up the board, clockwise) as every hex board does; the records hold compass
directions 1-6, converted through the board's `up`.

Variants (Basic and Advanced ...) are set up differently, so a layout shows one:
`AfLayout(variant=i)`; `RULESET.layout` shows the first. The scenario preview
draws every variant side by side, each with a legend of its set-up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import lru_cache
from typing import Any, Callable

from engine.content.diagnostics import format_path
from engine.core.board import Cell, HexGrid
from engine.core.contract import LayoutHooks
from engine.core.layout import Edit, Piece
from engine.drawing.shapes import Drawing, Ellipse, Font, Group, Item, Line, Polygon, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, fit, key, lighter, paragraph, plane_silhouette, scenario_drawing, squeeze, stacked, text_width, unkeyed
from engine.content.edits import checked_value, field_edits, required

from ..kinds.areas import area_hexes, describe_area
from ..kinds.board import Board
from ..kinds.planes import DataCard
from ..kinds.scenario import Group as SetupGroup
from ..kinds.scenario import Scenario, Start, ValueSpec, Variant

SIDE_COLOURS = ("#3d5f8f", "#a8402f", "#5b7a45", "#8a6642")
SHARED = "#d9d2bd"  # hexes in the areas of two sides
PAPER = "#f6f4ee"
ROAD = "#c29a63"
NUMERAL = "#cfcac0"
COUNTER = 0.7  # of a hex across the flats: a counter inside its hex
SPACING = 2  # hexes kept between representative counters
SYMBOLS = {"anti_aircraft": "AA", "vehicle": "VEH", "balloon": "BLN", "ground_target": "TGT",
           "terrain": "HILL"}
VALUES = {"altitude": "ft", "speed": ""}


def side_colour(variant: Variant, side: str) -> str:
    ids = [s.id for s in variant.sides]
    return SIDE_COLOURS[ids.index(side) % len(SIDE_COLOURS)] if side in ids else MUTED


class AfBoard(HexGrid):
    """The board as the engine's hex grid (codes 'I-F1'), drawn with its section numerals,
    board sides, compass and, for a scenario, the set-up areas and roads."""

    def __init__(self, record: Board, tints: dict[Cell, str] | None = None,
                 roads: tuple[str, ...] = ()) -> None:
        grid = record.grid()
        super().__init__(grid.cols, grid.rows, grid.cell_mm, labeler=grid.label, parser=grid.parse)
        self.record, self.tints, self.roads = record, tints or {}, roads

    def drawing(self, fill: Callable[[Cell], str | None] | None = None, *,
                paths: bool = False) -> Drawing:
        """With `paths`, items are keyed by the board record's fields (its own preview);
        otherwise hexes are keyed by their codes, as boards are (drop targets)."""
        hexes = _hexes(_BoardShape(self.record)) if fill is None else _draw_hexes(self, fill)
        base = hexes.keyed
        items: list[Item] = [Rect(0, 0, base.width, base.height, style=Style(None, fill=PAPER))]
        items += [Polygon(hexes.outlines[cell], style=Style(None, fill=colour))
                  for cell, colour in self.tints.items()]
        items += self._numerals(paths) + self._roads()
        items += hexes.unkeyed if paths else base.items
        items += self._side_names(base.width, base.height) + self._compass(base.width, paths)
        return Drawing(base.width, base.height, tuple(items), title=self.record.name)

    def _numerals(self, paths: bool) -> list[Item]:
        board, n = self.record, len(self.record.column_letters)
        items: list[Item] = []
        for i, section in enumerate(board.sections):
            x0, y0 = self.center((section.column * n, section.row * board.rows))
            x1, y1 = self.center(((section.column + 1) * n - 1, (section.row + 1) * board.rows - 1))
            items.append(Text((x0 + x1) / 2, (y0 + y1) / 2, section.id,
                              Font(self.cell_mm * 3, bold=True), NUMERAL,
                              key=key("sections", i) if paths else ""))
        return items

    def _roads(self) -> list[Item]:
        """Roads run down the road columns of every section ("along the G hex rows")."""
        board, n = self.record, len(self.record.column_letters)
        items: list[Item] = []
        for section in board.sections:
            for letter in self.roads:
                if letter not in board.column_letters:
                    continue
                col = section.column * n + board.column_letters.index(letter)
                x, top = self.center((col, section.row * board.rows))
                _, bottom = self.center((col, (section.row + 1) * board.rows - 1))
                items.append(Line(x, top - self.cell_mm / 2, x, bottom + self.cell_mm / 2,
                                  Style(ROAD, width=self.cell_mm * 0.22)))
        return items

    def _side_names(self, w: float, h: float) -> list[Item]:
        """'side 1' ... on each board edge, a quarter of the way along (the middle is where
        counters along an edge stand): scenarios name edges by their compass numbers."""
        font = Font(self.cell_mm * 0.2, bold=True)
        spots = {"top": (w / 4, 0.0, 0.0), "bottom": (w / 4, h, 0.0),
                 "left": (0.0, h / 4, -90.0), "right": (w, h / 4, 90.0)}
        items: list[Item] = []
        for edge, (x, y, turn) in spots.items():
            named = [d for d in range(1, 7) if self.record.side_of(d) == edge]
            text = f"side {named[0]}" if len(named) == 1 else f"sides {named[0]}-{named[-1]}"
            tw, th = text_width(text, font) + font.size * 2.0, font.size * 2.0
            inward = th / 2 + 0.6
            dy = inward if edge == "top" else -inward if edge == "bottom" else 0.0
            dx = inward if edge == "left" else -inward if edge == "right" else 0.0
            items.append(Group((Rect(-tw / 2, -th / 2, tw, th, radius=th / 2,
                                     style=Style(INK, fill="#ffffff", width=0.25)),
                                Text(0, 0, text, font, INK)), dx=x + dx, dy=y + dy, rotate=turn))
        return items

    def _compass(self, width: float, paths: bool) -> list[Item]:
        """The compass printed on each section: direction `up` to the top, then clockwise."""
        board = self.record
        cx, cy, r = width - self.cell_mm * 2, self.cell_mm * 2, self.cell_mm * 1.2
        k = "up" if paths else ""
        items: list[Item] = [Ellipse(cx, cy, r, r, style=Style(INK, fill="#ffffff", width=0.3), key=k)]
        for direction in range(1, 7):
            angle = math.radians(self.facing_angle(board.facing(direction)) - 90)
            items.append(Text(cx + r * 0.7 * math.cos(angle), cy + r * 0.7 * math.sin(angle),
                              str(direction), Font(r * 0.28, bold=direction == board.up), INK, key=k))
        return items


@dataclass(frozen=True)
class _BoardShape:
    """What a board's hexes look like: their codes and size. Compared by that alone, so that
    boards of one shape (every scenario on the standard board) share one drawing of them."""

    record: Board = dataclass_field(compare=False)
    codes: tuple = dataclass_field(init=False)

    def __post_init__(self) -> None:
        r = self.record
        object.__setattr__(self, "codes", (r.column_letters, r.rows, r.hex_mm,
                                           tuple((s.id, s.column, s.row) for s in r.sections)))


@dataclass(frozen=True)
class _Hexes:
    keyed: Drawing  # hexes keyed by their codes (drop targets)
    unkeyed: tuple[Item, ...]  # the same, keyed by nothing (the board record's own preview)
    outlines: dict[Cell, tuple]


def _draw_hexes(grid: HexGrid, fill: Callable[[Cell], str | None] = lambda cell: None) -> _Hexes:
    """The hexes as the engine's hex grid draws them (an AfBoard's own `drawing` adds the rest)."""
    base = HexGrid.drawing(grid, fill)
    return _Hexes(base, tuple(unkeyed(base.items)),
                  {cell: tuple(grid.outline(cell)) for cell in grid.cells()})


@lru_cache(maxsize=8)
def _hexes(shape: _BoardShape) -> _Hexes:
    """The hex grid drawn once per board shape: a scenario switch or edit redraws its areas and
    counters over the standard board's 1920 hexes, which took longer than all the rest."""
    return _draw_hexes(shape.record.grid())


@dataclass(frozen=True)
class AfLayout(LayoutHooks):
    """ScenarioLayout for `af.scenario`, showing the variant at index `variant`."""

    variant: int = 0

    def _variant(self, scenario: Scenario) -> Variant:
        if not 0 <= self.variant < len(scenario.variants):
            raise ValueError(f"'{scenario.id}' has {len(scenario.variants)} variant(s); "
                             f"there is no variant {self.variant + 1}")
        return scenario.variants[self.variant]

    def _path(self, j: int) -> tuple:
        return ("variants", self.variant, "groups", j)

    # ------------------------------------------------------------------ playtest counters

    def counter(self, scenario: Scenario, content: Any, unit: Any) -> Drawing | None:
        """A plane in a game (`engine.core.view.UnitView`): its side's colour, its card's name and
        silhouette, and what its log sheet says now: altitude, speed, bank, hits."""
        card = content.get("af.data_card", unit.type) if content is not None else None
        variant = scenario.variants[min(self.variant, len(scenario.variants) - 1)]
        state = unit.state or {}
        values = []
        if "altitude" in state:
            values.append(f"{state['altitude'] / 1000:.1f}")
        if "speed" in state:
            values.append(f"sp {state['speed']}")
        if "bank" in state:
            values.append(str(state["bank"]))
        hits = sum((state.get("hits") or {}).values())
        engines = max(1, len(card.damage.engines)) if card is not None else 1
        board = content.get("af.board", scenario.board) if content is not None else None
        size = (board.hex_mm if board is not None else 16.0) * COUNTER
        return counter(size, unit.id, f"{hits}H" if hits else "", side_colour(variant, unit.side), "", engines,
                       " ".join(values), "")

    def side_colour(self, scenario: Scenario, content: Any, side: str) -> str | None:
        return side_colour(scenario.variants[min(self.variant, len(scenario.variants) - 1)], side)

    def board(self, scenario: Scenario, content: Any) -> AfBoard:
        record: Board = required(content, "af.board", scenario.board, "board")
        variant = self._variant(scenario)
        tints: dict[Cell, str] = {}
        for group in variant.groups:
            tint = lighter(side_colour(variant, group.side), 0.72)
            for cell in (area_hexes(record, group, variant) or {}).values():
                tints[cell] = tint if tints.get(cell, tint) == tint else SHARED
        roads = tuple(variant.terrain.road_columns) if variant.terrain is not None else ()
        return AfBoard(record, tints, roads)

    def pieces(self, scenario: Scenario, content: Any) -> list[Piece]:
        record: Board = required(content, "af.board", scenario.board, "board")
        variant = self._variant(scenario)
        grid = record.grid()
        placed = {j: self._placed(record, variant, j, content) for j in range(len(variant.groups))}
        taken = [grid.parse(p.cell) for ps in placed.values() for p in ps]
        everywhere: dict[str, Cell] = {}
        out: list[Piece] = []
        for j, group in enumerate(variant.groups):
            out += placed[j]
            left = remaining(group, variant)
            if left is None:
                continue
            hexes = area_hexes(record, group, variant)
            if not hexes and not everywhere:
                everywhere.update((code, cell) for code, _, _, cell in record.hexes())
            code = representative(grid, hexes or everywhere, taken)
            taken.append(grid.parse(code))
            where = describe_area(group) if hexes != {} else \
                f"{describe_area(group)} (no such hexes on this board)"
            tag = "anywhere on the map" if hexes is None else "anywhere in area"
            size = record.hex_mm * COUNTER
            counter = _counter(group, variant, content, size, f"×{left}", tag)
            out.append(Piece(key=format_path(self._path(j)), label=f"{group.name} ×{left}: {where}",
                             side=group.side, path=self._path(j), cell=code,
                             facing=_facing(record, group.facing), footprint=(size, size),
                             counter=counter, values=_values(group)))
        return out

    def _placed(self, record: Board, variant: Variant, j: int, content: Any) -> list[Piece]:
        """Counters whose hex the record holds: the scenario's fixed hexes, else the starts."""
        group, gpath = variant.groups[j], self._path(j)
        spots: list[tuple[tuple, str, int | None]] = (
            [(gpath + ("area", "hexes", k), code, group.facing) for k, code in enumerate(group.area.hexes)]
            if group.area.hexes else
            [(gpath + ("starts", k), s.hex, s.facing or group.facing) for k, s in enumerate(group.starts)])
        size = record.hex_mm * COUNTER
        out: list[Piece] = []
        for n, (path, code, direction) in enumerate(spots):
            try:
                record.cell(code)
            except ValueError:
                continue  # off the board: `af.scenario_hex` / `af.start_area` report it
            tag = "any facing" if direction is None and group.unit is None else ""
            out.append(Piece(key=format_path(path), label=f"{group.name} {n + 1}", side=group.side,
                             path=path, cell=code, facing=_facing(record, direction),
                             footprint=(size, size),
                             counter=_counter(group, variant, content, size, "", tag),
                             values=_values(group)))
        return out

    def move(self, scenario: Scenario, content: Any, piece: Piece, cell: str | None = None,
             pos: tuple[float, float] | None = None) -> list[Edit]:
        if cell is None:
            raise ValueError("Air Force counters stand in hexes: give a hex code such as 'I-F1'")
        grid = required(content, "af.board", scenario.board, "board").grid()
        code = grid.label(grid.parse(cell))  # raises, saying why, for codes off the board
        group_path, kind = _split(piece.path)
        if kind == "hexes":
            return [(piece.path, code)]
        if kind == "starts":
            return field_edits(scenario, piece.path, hex=code)
        group = self._variant(scenario).groups[group_path[-1]]
        if remaining(group, self._variant(scenario)) is None:
            raise ValueError(f"every counter of '{group.name}' already has a starting hex; "
                             "move one of them")
        starts = checked_value(scenario, group_path, "starts", [*group.starts, Start(hex=code)])
        return [(group_path + ("starts",),
                 [s.model_dump(mode="json", exclude_unset=True) for s in starts])]

    def turn(self, scenario: Scenario, content: Any, piece: Piece, facing: int | None = None,
             heading: float | None = None) -> list[Edit]:
        """A start turns alone; the scenario's facing (fixed hexes, the counters of the
        area) is the group's, so turning one of those turns the group."""
        if facing is None:
            raise ValueError("Air Force counters face a hexside: give a facing 0-5 "
                             "(0 towards the top of the board, clockwise)")
        record: Board = required(content, "af.board", scenario.board, "board")
        group_path, kind = _split(piece.path)
        target = piece.path if kind == "starts" else group_path
        return field_edits(scenario, target, facing=record.direction(facing))

    def set_value(self, scenario: Scenario, content: Any, piece: Piece, name: str,
                  value: Any) -> list[Edit]:
        group_path, _ = _split(piece.path)
        group = self._variant(scenario).groups[group_path[-1]]
        if name not in VALUES:
            raise ValueError(f"'{group.name}' has no '{name}' to set here; it shows altitude "
                             "and speed where the scenario fixes them")
        spec: ValueSpec = getattr(group, name)
        if spec.mode != "fixed":
            raise ValueError(f"the scenario gives '{group.name}' its {name} as "
                             f"{spec.text(VALUES[name])}, not a fixed value; change it in the form")
        return field_edits(scenario, group_path + (name,), value=value)


def _split(path: tuple) -> tuple[tuple, str]:
    """(the group's path, what the piece is: 'hexes', 'starts' or 'group')."""
    if len(path) > 4:
        return tuple(path[:4]), "hexes" if path[4] == "area" else "starts"
    return tuple(path), "group"


def _facing(record: Board, direction: int | None) -> int | None:
    return None if direction is None else record.facing(direction)


def _values(group: SetupGroup) -> dict[str, int]:
    """Altitude and speed where the scenario fixes them: what `set_value` may change."""
    return {name: getattr(group, name).value for name in VALUES
            if getattr(group, name).mode == "fixed"}


def span(low: int, high: int) -> str:
    return str(high) if low == high else f"{low}-{high}"


def remaining(group: SetupGroup, variant: Variant) -> str | None:
    """How many counters have no hex yet ('2', '12-18' by matchup, '?'), or None."""
    if group.area.hexes:
        return None
    size = variant.group_size(group)
    if size is None:
        return "?"
    placed = len(group.starts)
    low, high = max(0, size[0] - placed), size[1] - placed
    return span(low, high) if high > 0 else None


def representative(grid: HexGrid, hexes: dict[str, Cell], taken: list[Cell]) -> str:
    """A hex near the middle of an area, `SPACING` hexes clear of counters already on the
    board where the area allows, so that the counters of several groups stay apart."""
    centres = {code: grid.center(cell) for code, cell in hexes.items()}
    mx = sum(x for x, _ in centres.values()) / len(centres)
    my = sum(y for _, y in centres.values()) / len(centres)
    order = sorted(hexes, key=lambda c: (centres[c][0] - mx) ** 2 + (centres[c][1] - my) ** 2)
    clear = (c for c in order if all(grid.distance(hexes[c], t) > SPACING for t in taken))
    free = (c for c in order if hexes[c] not in taken)
    return next(clear, None) or next(free, order[0])


def _types(group: SetupGroup, variant: Variant) -> list[str]:
    """Plane types of a group: fixed by the set-up, else suggested by the matchups."""
    return group.aircraft or [a for m in variant.matchups for f in m.forces if f.group == group.id
                              for a in f.aircraft]


def _counter(group: SetupGroup, variant: Variant, content: Any, size: float, count: str,
             tag: str) -> Drawing:
    colour = side_colour(variant, group.side)
    if group.unit is not None:
        unit = content.get("af.ground_unit", group.unit)
        symbol = SYMBOLS.get(unit.category, "?") if unit is not None else "?"
        if group.target_extent:
            symbol = f"GT-{group.target_extent}"  # as the counter prints its size
        return counter(size, group.name, count, colour, symbol, 1, _value_text(group), tag)
    card = next((c for c in (content.get("af.data_card", t) for t in _types(group, variant))
                 if isinstance(c, DataCard)), None)
    engines = max(1, len(card.damage.engines)) if card is not None else 1
    return counter(size, group.name, count, colour, "", engines, _value_text(group), tag)


def _value_text(group: SetupGroup) -> str:
    parts = [("alt " if name == "altitude" else "spd ") + getattr(group, name).text(unit)
             for name, unit in VALUES.items() if getattr(group, name).mode != "any"]
    return " · ".join(parts)


@lru_cache(maxsize=512)
def counter(size: float, name: str, count: str, colour: str, symbol: str, engines: int,
            values: str, tag: str) -> Drawing:
    """A counter `size` mm square, nose up on (0, 0): group name, plane (or surface symbol),
    how many it stands for, starting values; a dashed face and a tag when it stands for
    counters put anywhere in an area. Cached: a board redraws the same few counters after
    every edit."""
    s, h = size, size / 2
    loose = tag.startswith("anywhere")
    face = Style(INK, fill=lighter(colour, 0.25) if loose else colour, width=s * 0.027,
                 dash=(s * 0.08, s * 0.055) if loose else None)
    small, tiny = Font(s * 0.095, bold=True), Font(s * 0.073)
    items: list[Item] = [Rect(-h, -h, s, s, radius=s * 0.08, style=face),
                         stacked(0, -h + s * 0.055, *squeeze(name, small, s * 0.9, lines=2), "#ffffff", "n")]
    if symbol:
        items.append(Text(0, -s * 0.02, symbol, Font(s * 0.2, bold=True), "#ffffff"))
    else:
        items.append(Group((plane_silhouette(s * 0.45, fill="#ffffff", engines=engines),),
                           dy=-s * 0.03))
    if count:
        items.append(Text(h - s * 0.055, h - s * 0.2, count, Font(s * 0.12, bold=True),
                          "#ffffff", anchor="e"))
    if values:
        (line,), font = squeeze(values, tiny, s * 0.93)
        items.append(Text(0, h - s * 0.045, line, font, "#ffffff", anchor="s"))
    if tag:
        tw, th = text_width(tag, tiny) + s * 0.13, s * 0.165
        items += [Rect(-tw / 2, h + s * 0.03, tw, th, radius=th / 2,
                       style=Style(INK, fill="#ffffff", width=s * 0.018)),
                  Text(0, h + s * 0.03 + th / 2, tag, tiny, INK)]
    return Drawing(s, s, tuple(items))


LAYOUT = AfLayout()

TITLE_H, LEGEND_W, GAP, MARGIN = 18.0, 170.0, 16.0, 2.0
LEGEND = Font(3.0)


def board_preview(record: Board, ctx: Any) -> Drawing:
    return AfBoard(record).drawing(paths=True)


def scenario_preview(record: Scenario, ctx: Any) -> Drawing:
    """Every variant's board with its set-up, side by side, each with a legend."""
    items: list[Item] = [Text(MARGIN, MARGIN, record.name, Font(7.0, bold=True), INK, anchor="nw",
                              key="name")]
    x, height = MARGIN, 0.0
    for i, variant in enumerate(record.variants):
        board = scenario_drawing(AfLayout(i), record, ctx)
        if variant.name != record.name:
            items.append(Text(x, TITLE_H - 2, variant.name, Font(4.5, bold=True), INK, anchor="sw",
                              key=key("variants", i, "name")))
        items.append(Group(board.items, dx=x, dy=TITLE_H))
        legend, used = _legend(record, i, x + board.width + 6, TITLE_H)
        items += legend
        x += board.width + 6 + LEGEND_W + GAP
        height = max(height, TITLE_H + board.height, TITLE_H + used)
    return Drawing(x - GAP + MARGIN, height + MARGIN, tuple(items), title=record.name)


def _legend(record: Scenario, i: int, x: float, y: float) -> tuple[list[Item], float]:
    """The set-up side by side: each group under its side's colour, as the scenario states
    it (count, area, facing, values, entry) and the printed text it abridges."""
    variant = record.variants[i]
    heading, bold, step = Font(4.0, bold=True), Font(3.4, bold=True), LEGEND.size * 1.6
    items: list[Item] = []
    top = y

    def text(x0: float, body: str, font: Font = LEGEND, k: str = "", color: str = INK) -> None:
        nonlocal y
        lines, used = paragraph(x0, y, body, font, LEGEND_W - (x0 - x), key=k, color=color)
        items.extend(lines)
        y += used

    for s, side in enumerate(variant.sides):
        items += [Rect(x, y, 6, 6, radius=1.0, style=Style(INK, fill=side_colour(variant, side.id),
                                                           width=0.25), key=key("variants", i, "sides", s)),
                  Text(x + 8, y + 3, fit(side.name, heading, LEGEND_W - 8), heading, INK, anchor="w",
                       key=key("variants", i, "sides", s, "name"))]
        y += 9
        for j, group in enumerate(variant.groups):
            if group.side != side.id:
                continue
            gkey = key("variants", i, "groups", j)
            size = variant.group_size(group)
            text(x + 4, f"{group.name} ×{span(*size) if size else '?'}", bold, gkey)
            y += 0.8
            for field_name, detail in _details(group):
                text(x + 8, detail, k=f"{gkey}.{field_name}")
            if group.text:
                text(x + 8, group.text, Font(2.6, italic=True), f"{gkey}.text", MUTED)
            y += step
    if variant.terrain is not None:
        text(x, "Terrain: " + (variant.terrain.text or describe_terrain(variant)),
             k=key("variants", i, "terrain"))
        y += step
    text(x, "Tinted hexes: a group's set-up area (beige where two sides' areas meet). A dashed "
         "counter stands for the counters put anywhere in that area; dropping it on a hex "
         "records a start.", Font(2.6, italic=True), color=MUTED)
    return items, y - top


def _details(group: SetupGroup) -> list[tuple[str, str]]:
    out = [("area", describe_area(group))]
    if group.facing is not None:
        out.append(("facing", f"facing direction {group.facing}"))
    out += [(name, f"{name} {getattr(group, name).text(unit)}") for name, unit in VALUES.items()
            if getattr(group, name).mode != "any"]
    if group.separation:
        out.append(("separation", f"at least {group.separation} hexes apart"))
    if group.entry is not None:
        out.append(("entry", describe_entry(group)))
    if group.starts:
        out.append(("starts", "started at " + ", ".join(
            s.hex + (f" facing {s.facing}" if s.facing else "") for s in group.starts)))
    if group.secret:
        out.append(("secret", "hex and facing written secretly"))
    return out


def describe_entry(group: SetupGroup) -> str:
    entry = group.entry
    if entry.turns:
        text = "enters on turns " + ", ".join(map(str, entry.turns))
    else:
        rolls = ", ".join(map(str, entry.on))
        text = f"enters on a {entry.die} roll of {rolls} per {entry.per}, from turn {entry.from_turn}"
    if entry.side_die:
        text += f"; side rolled on {entry.side_die}"
    if entry.hex_table:
        text += f"; hex from table {entry.hex_table}"
    return text


def describe_terrain(variant: Variant) -> str:
    terrain = variant.terrain
    hills = ", ".join(f"{h.count} × {h.height_ft} ft" for h in terrain.hills)
    roads = f"; roads along columns {', '.join(terrain.road_columns)}" if terrain.road_columns else ""
    return f"hills {hills}{roads}"


BOARD_PREVIEWS = {"af.board": board_preview, "af.scenario": scenario_preview}
