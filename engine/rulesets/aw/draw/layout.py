"""An Air Wars scenario on its map: the square grid with terrain, places, front and radar
lines, and the counters the scenario sets up.

Set-up in Air Wars is by place, not by square: a deployment line says how many
counters of a type set up and at which places ("any friendly airbase" when it
names none). Each counter is a piece; it stands at the first of its places with
room left, in map order, the way a player would fill the airbases. Dropping a
counter on a square with a place sets that counter's place: a line of several
counters is split so that the others stay where they were allowed to be.
Over-filling an airbase is legal to author; `aw.deployment_capacity` reports it.
"""

from __future__ import annotations

from typing import Any

from engine.content.diagnostics import format_path
from engine.core.board import SquareGrid, parse_letter_number
from engine.core.contract import LayoutHooks
from engine.core.layout import Edit, Piece
from engine.drawing.shapes import Drawing, Ellipse, Font, Item, Line, Polygon, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, key, scenario_drawing, squeeze, stacked
from engine.content.edits import required

from ..kinds.board import Map, Place
from .preview import COUNTER, _airfield, air_counter, ground_counter, side_colours
from ..kinds.scenario import Scenario

WATER = "#a9c9e2"
LAND = ("#ebe3c6", "#d9dfb9", "#e3d2b0", "#cfd8c4")  # by order in the Terrain Effects Chart
FRONT = "#c62828"


def option_on(scenario: Scenario | None, option_id: str | None) -> bool:
    """Whether a map feature tied to a scenario option exists (options default as printed)."""
    if option_id is None or scenario is None:
        return True
    option = next((o for o in scenario.options if o.id == option_id), None)
    return option.default if option else True


class MapBoard(SquareGrid):
    """The printed map as a board: the grid the engine moves on, drawn with its features."""

    def __init__(self, game_map: Map, content: Any = None, scenario: Scenario | None = None,
                 cell_mm: float = 20.0) -> None:
        super().__init__(game_map.columns, game_map.rows, cell_mm)
        self.map, self.content, self.scenario = game_map, content, scenario

    def place_at(self, label: str) -> Place | None:
        """The named place printed in a square, if any."""
        return next((p for p in self.map.places if p.at == label), None)

    def _terrain_fill(self, terrain_id: str) -> str:
        land = [t for t in self.map.terrain if not t.all_water]
        found = self.map.terrain_type(terrain_id)
        if found is None:
            return "#f0f0f0"
        if found.all_water:
            return WATER
        return LAND[land.index(found) % len(LAND)]

    def drawing(self, fill=None, *, paths: bool = False) -> Drawing:
        """The map; with `paths` its items are keyed by the map record's field paths (for the
        map preview), otherwise squares are keyed by their label, as boards are."""
        s = self.cell_mm
        w, h = self.size()
        items: list[Item] = [Rect(0, 0, w, h, style=Style(None, fill=WATER))]
        for i, square in enumerate(self.map.squares):
            try:
                col, row = parse_letter_number(square.at)
            except ValueError:
                continue
            colour = fill((col, row)) if fill else None
            tint = (side_colours(self.content, square.territory)[0]
                    if square.territory and self.content is not None else None)
            k = key("squares", i) if paths else square.at
            items.append(Rect(col * s, row * s, s, s, style=Style(
                None, fill=colour or self._terrain_fill(square.terrain)), key=k))
            if tint:
                items.append(Rect(col * s, row * s, s, s, style=Style(None, fill=tint, opacity=0.1),
                                  key=key("squares", i, "territory") if paths else square.at))
        for cell in self.cells():
            x, y = cell[0] * s, cell[1] * s
            items.append(Rect(x, y, s, s, style=Style("#7d8088", width=0.2), key=self.label(cell)
                              if not paths else ""))
            items.append(Text(x + 1.0, y + 1.0, self.label(cell), Font(s * 0.09), "#6d7078",
                              anchor="nw"))
        for i, place in enumerate(self.map.places):
            items += self._place(i, place, paths)
        for i, segment in enumerate(self.map.front_line.segments):
            items.append(Polygon(tuple((x * s, y * s) for x, y in segment), closed=False,
                                 style=Style(FRONT, width=s * 0.07),
                                 key=key("front_line", "segments", i) if paths else ""))
        for i, radar in enumerate(self.map.radar):
            colour = side_colours(self.content, radar.side)[0] if self.content else INK
            points = tuple((x * s, y * s) for x, y in radar.line)
            items.append(Polygon(points, closed=False, style=Style(colour, width=s * 0.04,
                                                                   dash=(s * 0.12, s * 0.08)),
                                 key=key("radar", i, "line") if paths else ""))
            x, y = points[0]
            items.append(Text(x + s * 0.1, y + s * 0.1, f"{radar.side} radar", Font(s * 0.08,
                              italic=True), colour, anchor="nw"))
        items.append(Text(w - 2, h - 2, f"1 square = {self.map.square_km} km", Font(s * 0.1),
                          INK, anchor="se", key="square_km" if paths else ""))
        return Drawing(w, h, tuple(items), title=self.map.name)

    def _place(self, i: int, place: Place, paths: bool) -> list[Item]:
        """A place's name along the foot of its square, its installations as symbols."""
        try:
            col, row = parse_letter_number(place.at)
        except ValueError:
            return []
        s = self.cell_mm

        def k(*parts) -> str:
            return key("places", i, *parts) if paths else ""

        x, y = col * s, row * s
        lines, font = squeeze(place.name, Font(s * 0.095, bold=True), s - 1, lines=2)
        items: list[Item] = [stacked(x + s / 2, y + s - 1.0, lines, font, INK, "s", key=k("name"))]
        symbols: list[tuple[str, Any]] = []
        if place.airbase is not None:
            symbols.append(("airbase", place.airbase))
        if place.port:
            symbols.append(("port", None))
        if place.logistic_centre:
            symbols.append(("logistic_centre", None))
        if place.ground_battle:
            symbols.append(("ground_battle", None))
        r = s * 0.1
        for n, (what, data) in enumerate(symbols):
            cx = x + s * 0.2 + n * s * 0.27
            cy = y + s * 0.5
            if what == "airbase":
                exists = option_on(self.scenario, data.option)
                colour = INK if exists else MUTED
                items += _airfield(cx, cy, r, colour, key=k("airbase"))
                items.append(Text(cx + r * 1.1, cy - r * 1.1, str(data.capacity),
                                  Font(s * 0.1, bold=True), colour, anchor="sw",
                                  key=k("airbase", "capacity")))
                if data.option:
                    items.append(Text(cx - r, cy + r * 1.4, "option", Font(s * 0.06, italic=True),
                                      colour, anchor="nw", key=k("airbase", "option")))
            elif what == "port":
                items += _anchor(cx, cy, r, key=k("port"))
            elif what == "logistic_centre":
                items.append(Rect(cx - r, cy - r * 0.8, 2 * r, 1.6 * r,
                                  style=Style(INK, fill="#f6d77a", width=0.25),
                                  key=k("logistic_centre")))
                items.append(Text(cx, cy, "LC", Font(r * 0.7, bold=True), INK,
                                  key=k("logistic_centre")))
            else:
                items += [Line(cx - r, cy - r, cx + r, cy + r, Style(FRONT, width=r * 0.35),
                               key=k("ground_battle")),
                          Line(cx - r, cy + r, cx + r, cy - r, Style(FRONT, width=r * 0.35),
                               key=k("ground_battle"))]
        return items


def _anchor(x: float, y: float, r: float, key: str = "") -> list[Item]:
    """The port symbol: an anchor."""
    st = Style(INK, width=r * 0.22)
    return [Ellipse(x, y - r * 0.8, r * 0.25, r * 0.25, style=st, key=key),
            Line(x, y - r * 0.55, x, y + r, st, key=key),
            Line(x - r * 0.5, y - r * 0.3, x + r * 0.5, y - r * 0.3, st, key=key),
            Polygon(((x - r * 0.8, y + r * 0.3), (x - r * 0.55, y + r * 0.85), (x, y + r),
                     (x + r * 0.55, y + r * 0.85), (x + r * 0.8, y + r * 0.3)), closed=False,
                    style=st, key=key)]


class AwLayout(LayoutHooks):
    """ScenarioLayout for `aw.scenario`."""

    def board(self, scenario: Scenario, content: Any) -> MapBoard:
        return MapBoard(required(content, "aw.map", scenario.map, "map"), content, scenario)

    def pieces(self, scenario: Scenario, content: Any) -> list[Piece]:
        board = self.board(scenario, content)
        out: list[Piece] = []
        for i, setup in enumerate(scenario.sides):
            room = self._room(board, setup.side)
            bases = list(room)
            for k, line in enumerate(setup.deployment):
                path = ("sides", i, "deployment", k)
                air = content.get("aw.air_unit", line.unit)
                ground = content.get("aw.ground_unit", line.unit) if air is None else None
                allowed = [p for p in line.at if board.map.place(p)] or \
                    (bases if air is not None else self._friendly_places(board, setup.side))
                for n in range(line.count):
                    where = self._take(room, allowed, air is not None)
                    if where is None:
                        continue
                    counter = self._counter(air, ground, content)
                    out.append(Piece(key=f"{format_path(path)}#{n + 1}",
                                     label=(air or ground).name if (air or ground) else line.unit,
                                     side=setup.side, path=path,
                                     cell=board.map.place(where).at,
                                     footprint=(COUNTER, COUNTER), counter=counter))
            for k, pick in enumerate(setup.random_deployment):
                path = ("sides", i, "random_deployment", k)
                label = f"{pick.group or 'any'} ({pick.choose})"
                for n in range(pick.count):
                    where = self._take(room, bases, True)
                    if where is None:
                        continue
                    out.append(Piece(key=f"{format_path(path)}#{n + 1}", label=label,
                                     side=setup.side, path=path,
                                     cell=board.map.place(where).at,
                                     footprint=(COUNTER, COUNTER),
                                     counter=self._unknown(content, setup.side, pick.group),
                                     movable=False))
        return out

    @staticmethod
    def _room(board: MapBoard, side: str) -> dict[str, int]:
        """Capacity of each friendly airbase that exists in this scenario, in map order."""
        return {p.id: p.airbase.capacity for p in board.map.places
                if p.airbase is not None and board.map.territory_of(p.at) == side
                and option_on(board.scenario, p.airbase.option)}

    @staticmethod
    def _friendly_places(board: MapBoard, side: str) -> list[str]:
        return [p.id for p in board.map.places if board.map.territory_of(p.at) == side]

    @staticmethod
    def _take(room: dict[str, int], allowed: list[str], uses_room: bool) -> str | None:
        """The first allowed place with room left (or the first at all, over capacity)."""
        if not allowed:
            return None
        chosen = next((p for p in allowed if room.get(p, 0) > 0), allowed[0])
        if uses_room and chosen in room:
            room[chosen] -= 1
        return chosen

    def counter(self, scenario: Scenario, content: Any, unit: Any) -> Drawing | None:
        """A unit of a game as its events show it (`engine.core.view.UnitView`): an air unit
        shows its reverse face while landed at a base (15.0) or flying in its alternate
        mode (26.1), as the counter on the table would."""
        air = content.get("aw.air_unit", unit.type)
        if air is None:
            return self._counter(None, content.get("aw.ground_unit", unit.type), content)
        back = air.back is not None and (
            not unit.state.get("airborne") if air.back_use == "based"
            else unit.state.get("mode") == air.back.mode)
        return self._counter(air, None, content, "back" if back else "front")

    @staticmethod
    def _counter(air, ground, content: Any, face: str | None = None) -> Drawing | None:
        if air is not None:
            if face is None:
                face = "back" if air.back is not None and air.back_use == "based" else "front"
            return Drawing(COUNTER, COUNTER, tuple(air_counter(air, face, content, keyed=False)))
        if ground is not None:
            return Drawing(COUNTER, COUNTER, tuple(ground_counter(ground, content, keyed=False)))
        return None

    def side_colour(self, scenario: Scenario, content: Any, side: str) -> str:
        """The colour of `side`'s counters: a playtest draws the route its stacks fly in it."""
        return side_colours(content, side)[0]

    def face_down(self, scenario: Scenario, content: Any, side: str) -> Drawing:
        """A counter of `side` as its enemy sees it face down (22.0): the side's colour, no unit."""
        return self._unknown(content, side, None, random=False)

    @staticmethod
    def _unknown(content: Any, side: str, group: str | None, random: bool = True) -> Drawing:
        """A counter not known yet: face down, or (dashed, with its group) one a set-up draws at random."""
        fill, ink = side_colours(content, side, group)
        s = COUNTER
        items: list[Item] = [Rect(-s / 2, -s / 2, s, s, radius=s * 0.06,
                                  style=Style(INK, fill=fill, width=0.25, dash=(0.8, 0.6) if random else None)),
                             Text(0, -s * 0.12 if random else 0, "?", Font(s * 0.3, bold=True), ink)]
        if random:
            items.append(Text(0, s * 0.3, (group or "random").upper(), Font(s * 0.09, bold=True), ink))
        return Drawing(s, s, tuple(items))

    def move(self, scenario: Scenario, content: Any, piece: Piece, cell: str | None = None,
             pos: tuple[float, float] | None = None) -> list[Edit]:
        if cell is None:
            raise ValueError("Air Wars counters stand in squares: give a square such as 'C8'")
        if not piece.movable:
            raise ValueError(f"'{piece.label}' is picked at random at set-up; it has no place "
                             "to edit")
        board = self.board(scenario, content)
        label = board.label(board.parse(cell))  # raises for codes off the map
        place = board.place_at(label)
        if place is None:
            raise ValueError(f"{label} has no named place: Air Wars units set up at places "
                             "(air units at airbases)")
        _, i, _, k = piece.path
        lines = [line.model_dump(mode="json", exclude_unset=True)
                 for line in scenario.sides[i].deployment]
        line = lines[k]
        same = next((other for n, other in enumerate(lines) if n != k
                     and other["unit"] == line["unit"] and other.get("at") == [place.id]), None)
        if line["count"] == 1 and same is None:
            return [(piece.path + ("at",), [place.id])]
        # One counter leaves its line: it joins a line already set up there, or a new one.
        line["count"] -= 1
        if same is not None:
            same["count"] += 1
        else:
            lines.append({"unit": line["unit"], "count": 1, "at": [place.id]})
        if line["count"] == 0:
            lines.remove(line)
        return [(("sides", i, "deployment"), lines)]

    def turn(self, scenario: Scenario, content: Any, piece: Piece, facing: int | None = None,
             heading: float | None = None) -> list[Edit]:
        raise ValueError("Air Wars counters have no facing: units move square to square")

    def set_value(self, scenario: Scenario, content: Any, piece: Piece, name: str,
                  value: Any) -> list[Edit]:
        raise ValueError(f"'{piece.label}' has no value to set on the board; its counter "
                         "type's values are edited on the counter")


LAYOUT = AwLayout()


def map_preview(record: Map, ctx: Any) -> Drawing:
    return MapBoard(record, ctx).drawing(paths=True)


def scenario_preview(record: Scenario, ctx: Any) -> Drawing:
    return scenario_drawing(LAYOUT, record, ctx, title=record.name)


BOARD_PREVIEWS = {"aw.map": map_preview, "aw.scenario": scenario_preview}
