"""A Pocket Air War scenario on its free mat: planes and ground targets where they start.

The mat (`free_mat.FreeMat`, the one the rules engine flies on) has no cells: a piece
stands at a position in millimetres and turns to any heading. Positions are the
scenario's own (from the lower-left corner, y up, headings counter-clockwise from
+x); `FreeMat.to_drawing` turns them into page coordinates (y down) for drawing.
"""

from __future__ import annotations

from typing import Any

from engine.content.diagnostics import format_path
from engine.core.contract import LayoutHooks
from engine.core.layout import Edit, Piece
from engine.drawing.shapes import Drawing, Ellipse, Font, Style, Text
from engine.drawing.kit import INK, scenario_drawing, unkeyed
from engine.content.edits import field_edits, required

from .free_mat import FreeMat
from .style import RED, Sizes
from .counters import plane_counter, target_counter
from ..kinds.scenario import Mat, Scenario

Point = tuple[float, float]
PLANE_VALUES = ("altitude", "energy", "loadout", "damaged")


class PawLayout(LayoutHooks):
    """ScenarioLayout for `paw.scenario`."""

    def board(self, scenario: Scenario, content: Any) -> FreeMat:
        mat = required(content, "paw.mat", scenario.mat, "mat")
        return FreeMat(mat.width_mm, mat.height_mm, dict(scenario.areas), mat.terrain,
                       Sizes(content).step)

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

    def counter(self, scenario: Scenario, content: Any, unit: Any) -> Drawing | None:
        """A unit of a game as its events show it (`engine.core.view.UnitView`): planes with
        their Altitude disc and Energy, ground targets, torpedoes and Flak markers."""
        size = Sizes(content).counter
        if unit.type == "torpedo":
            w, h = size
            return Drawing(w, h, (Ellipse(0, 0, w * 0.12, h * 0.4, style=Style(INK, fill="#607080",
                                                                                width=0.25)),))
        if unit.type == "flak-marker":
            r = size[0] * 0.45
            return Drawing(2 * r, 2 * r, (
                Ellipse(0, 0, r, r, style=Style(RED, fill="#3a3a3a", width=0.4, opacity=0.8)),
                Text(0, 0, f"FLAK {unit.state.get('altitude', '')}".strip(), Font(r * 0.28,
                     bold=True), "#ffffff")))
        dash = content.get("paw.dashboard", unit.type)
        if dash is not None:
            state = unit.state
            return plane_counter(unit.id, unit.side, size,
                                 engines=2 if "bomber" in dash.roles else 1,
                                 damaged=bool(state.get("damaged")), altitude=state.get("altitude"),
                                 energy=state.get("energy"))
        target = content.get("paw.ground_target", unit.type)
        return target_counter(target, size, keyed=False) if target is not None else None

    def move(self, scenario: Scenario, content: Any, piece: Piece, cell: str | None = None,
             pos: Point | None = None) -> list[Edit]:
        if pos is None:
            raise ValueError("a Pocket Air War mat has no cells: give a position in millimetres")
        x, y = round(pos[0], 1), round(pos[1], 1)
        mat = self.board(scenario, content)
        if not mat.contains(x, y):
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
    mat = FreeMat(record.width_mm, record.height_mm, {}, record.terrain, Sizes(ctx).step).drawing()
    return Drawing(mat.width, mat.height, tuple(unkeyed(mat.items)), title=record.name)


def scenario_preview(record: Scenario, ctx: Any) -> Drawing:
    return scenario_drawing(LAYOUT, record, ctx, title=record.name)


# Boards are drawn here rather than in `preview` because they need the layout.
BOARD_PREVIEWS = {"paw.mat": mat_preview, "paw.scenario": scenario_preview}
