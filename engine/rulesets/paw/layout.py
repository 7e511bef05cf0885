"""A Pocket Air War scenario on its free mat: planes and ground targets where they start.

The mat has no cells: a piece stands at a position in millimetres and turns to
any heading. Positions are the scenario's own (from the lower-left corner, y up,
headings counter-clockwise from +x); `FreeMat.point` turns them into page
coordinates (y down) for drawing, `FreeMat.position` turns a drop back.
"""

from __future__ import annotations

from typing import Any

from engine.content.diagnostics import format_path
from engine.core.layout import Edit, Piece
from engine.draw import Drawing, Font, Item, Line, Rect, Style, Text
from engine.drawkit import INK, MUTED, field_edits, required, scenario_drawing

from .preview.common import SIDES, Sizes
from .preview.counters import plane_counter, target_counter
from .scenario import Mat, Scenario

Point = tuple[float, float]
TERRAIN = {"sky": "#dbe8f2", "sea": "#b9d3e6", "countryside": "#dfe6c8", "coast": "#ece2c2"}
PLANE_VALUES = ("altitude", "energy", "loadout", "damaged")


class FreeMat:
    """A flat play area measured in millimetres, each half owned by a side."""

    kind = "free"

    def __init__(self, width: float, height: float, areas: dict[str, str], *,
                 terrain: str = "sky", name: str = "", step: float | None = None) -> None:
        self.width, self.height = width, height
        self.areas, self.terrain, self.name, self.step = dict(areas), terrain, name, step

    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    def contains(self, pos: Point) -> bool:
        return 0 <= pos[0] <= self.width and 0 <= pos[1] <= self.height

    def point(self, pos: Point) -> Point:
        """Mat position (y up from the bottom edge) to page point (y down from the top)."""
        return (pos[0], self.height - pos[1])

    def position(self, point: Point) -> Point:
        return (point[0], self.height - point[1])

    def half(self, edge: str) -> tuple[float, float, float, float]:
        """Page rectangle (x, y, w, h) of the half along `edge`."""
        w, h = self.width, self.height
        return {"top": (0, 0, w, h / 2), "bottom": (0, h / 2, w, h / 2),
                "left": (0, 0, w / 2, h), "right": (w / 2, 0, w / 2, h)}[edge]

    def drawing(self) -> Drawing:
        """The mat, its two halves tinted and named, the line between them, a step scale."""
        items: list[Item] = [Rect(0, 0, self.width, self.height,
                                  style=Style(INK, fill=TERRAIN.get(self.terrain, "#e8e8e8"),
                                              width=1.0))]
        for side, edge in self.areas.items():
            x, y, w, h = self.half(edge)
            items.append(Rect(x, y, w, h, style=Style(None, fill=SIDES.get(side, MUTED),
                                                      opacity=0.10), key=f"areas.{side}"))
            tx = x + w / 2
            ty = y + (12 if edge != "bottom" else h - 12)
            items.append(Text(tx, ty, f"{side.upper()} HALF", Font(9.0, bold=True),
                              SIDES.get(side, MUTED), key=f"areas.{side}"))
        edges = set(self.areas.values())
        if edges and edges <= {"top", "bottom"}:
            items.append(Line(0, self.height / 2, self.width, self.height / 2,
                              Style(MUTED, width=0.8, dash=(6, 4))))
        elif edges:
            items.append(Line(self.width / 2, 0, self.width / 2, self.height,
                              Style(MUTED, width=0.8, dash=(6, 4))))
        if self.step:
            x0, y0 = 12.0, self.height - 10.0
            for i in range(5):
                items.append(Rect(x0 + i * self.step, y0, self.step, 3.0,
                                  style=Style(INK, fill=INK if i % 2 else "#ffffff", width=0.3)))
            items.append(Text(x0 + 5 * self.step + 3, y0 + 1.5, "5 steps", Font(3.0), INK,
                              anchor="w"))
        return Drawing(self.width, self.height, tuple(items), title=self.name)


class PawLayout:
    """ScenarioLayout for `paw.scenario`."""

    def board(self, scenario: Scenario, content: Any) -> FreeMat:
        mat = required(content, "paw.mat", scenario.mat, "mat")
        sizes = Sizes(content)
        return FreeMat(mat.width_mm, mat.height_mm, scenario.areas, terrain=mat.terrain,
                       name=mat.name, step=None if sizes.notes else sizes.step)

    def pieces(self, scenario: Scenario, content: Any) -> list[Piece]:
        size = Sizes(content).counter
        out: list[Piece] = []
        for i, plane in enumerate(scenario.planes):
            path = ("planes", i)
            faction = content.get("paw.faction", plane.faction)
            dash = content.get("paw.dashboard", plane.dashboard)
            side = faction.side if faction is not None else ""
            engines = 2 if dash is not None and "bomber" in dash.roles else 1
            counter = plane_counter(dash.name if dash else plane.dashboard, side, size,
                                    engines=engines, damaged=plane.damaged,
                                    altitude=plane.altitude, energy=plane.energy)
            out.append(Piece(key=format_path(path), label=plane.id, side=side, path=path,
                             pos=(plane.x, plane.y), heading=plane.heading,
                             footprint=size, counter=counter,
                             values={name: getattr(plane, name) for name in PLANE_VALUES}))
        for i, target in enumerate(scenario.targets):
            path = ("targets", i)
            unit = content.get("paw.ground_target", target.unit)
            counter = target_counter(unit, size, keyed=False) if unit is not None else None
            out.append(Piece(key=format_path(path), label=target.id, side=target.side, path=path,
                             pos=(target.x, target.y), heading=target.heading,
                             footprint=size, counter=counter))
        return out

    def move(self, scenario: Scenario, content: Any, piece: Piece, cell: str | None = None,
             pos: Point | None = None) -> list[Edit]:
        if pos is None:
            raise ValueError("a Pocket Air War mat has no cells: give a position in millimetres")
        x, y = round(pos[0], 1), round(pos[1], 1)
        mat = self.board(scenario, content)
        if not mat.contains((x, y)):
            raise ValueError(f"({x:g}, {y:g}) mm is off the {mat.width:g} x {mat.height:g} mm mat")
        return field_edits(scenario, piece.path, x=x, y=y)

    def turn(self, scenario: Scenario, content: Any, piece: Piece, facing: int | None = None,
             heading: float | None = None) -> list[Edit]:
        if heading is None:
            raise ValueError("counters on a free mat turn to a heading in degrees, not a facing")
        return field_edits(scenario, piece.path, heading=round(heading % 360.0, 1) % 360.0)

    def set_value(self, scenario: Scenario, content: Any, piece: Piece, name: str,
                  value: Any) -> list[Edit]:
        if name not in piece.values:
            raise ValueError(f"'{piece.label}' has no '{name}' to set here; it shows "
                             f"{', '.join(piece.values) or 'nothing'}")
        return field_edits(scenario, piece.path, **{name: value})


LAYOUT = PawLayout()


def mat_preview(record: Mat, ctx: Any) -> Drawing:
    sizes = Sizes(ctx)
    return FreeMat(record.width_mm, record.height_mm, {}, terrain=record.terrain,
                   name=record.name, step=None if sizes.notes else sizes.step).drawing()


def scenario_preview(record: Scenario, ctx: Any) -> Drawing:
    return scenario_drawing(LAYOUT, record, ctx, title=record.name)


# Boards are drawn here rather than in `preview` because they need the layout.
BOARD_PREVIEWS = {"paw.mat": mat_preview, "paw.scenario": scenario_preview}
