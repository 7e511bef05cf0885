"""A hex-mat scenario on its mat: numbered hexes, target hexes, the sides' set-up zones,
and every plane on its hex, nose to a hexside.

Hexes are named as a printed hex map names them, column then row, two digits
each ("0712" is column 7, row 12). The geometry follows the mat record's
stagger through `Board.grid()`, the one hex grid the lint rules and the rules engine use.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from engine.content.diagnostics import format_path
from engine.core.board import FACINGS, HexGrid, number_code, parse_number_code
from engine.core.contract import LayoutHooks
from engine.core.layout import Edit, Piece
from engine.drawing.shapes import Drawing, Ellipse, Font, Group, Item, Line, Rect, Style, Text
from engine.drawing.kit import INK, MUTED, arrow, fit, lighter, plane_silhouette, scenario_drawing, unkeyed
from engine.content.edits import field_edits, required

from ..kinds.board import Board
from ..kinds.planes import Bomber
from .preview import FACTIONS
from ..kinds.scenario import Scenario

MM_PER_INCH = 25.4
TARGET = "#c62828"
MAT = "#dfe8d4"


class MatGrid(HexGrid):
    """The hex mat as a board: the mat's own grid (codes 'CCRR', its stagger) with its drawing."""

    def __init__(self, mat: Board, scenario: Scenario | None = None, content: Any = None) -> None:
        self.mat, self.scenario, self.content = mat, scenario, content
        grid = mat.grid()
        super().__init__(grid.cols, grid.rows, grid.cell_mm, labeler=number_code,
                         parser=parse_number_code, low_columns=grid.low_columns)

    def code(self, cell: tuple[int, int]) -> str:
        return self.label(cell)

    @staticmethod
    def hex_of(cell: tuple[int, int]) -> tuple[int, int]:
        """The 1-based (column, row) the scenario records use."""
        return (cell[0] + 1, cell[1] + 1)

    def drawing(self, fill=None, *, paths: bool = False) -> Drawing:
        """Hexes with their codes, the sides' zones, target hexes and a compass."""
        base = super().drawing(fill or self._zone_fill)
        items: list[Item] = [Rect(0, 0, base.width, base.height, style=Style(None, fill=MAT))]
        # On the board hexes are keyed by code (drop targets); in the mat's own preview keys
        # are the mat record's field paths, which hexes are not.
        items += unkeyed(base.items) if paths else base.items
        for i, target in enumerate(self.mat.targets):
            if not self.mat.contains(target.hex):
                continue
            x, y = self.center((target.col - 1, target.row - 1))
            r = self.cell_mm * 0.32
            k = f"targets[{i}]" if paths else ""
            items += [Ellipse(x, y, r, r, style=Style(TARGET, fill="#ffffff", width=r * 0.12),
                              key=k),
                      Ellipse(x, y, r * 0.6, r * 0.6, style=Style(TARGET, width=r * 0.12), key=k),
                      Ellipse(x, y, r * 0.2, r * 0.2, style=Style(None, fill=TARGET), key=k),
                      Text(x, y + r * 1.15, fit(target.name or target.id, Font(self.cell_mm * 0.09,
                           bold=True), self.cell_mm * 1.5), Font(self.cell_mm * 0.09, bold=True),
                           TARGET, anchor="n", key=k)]
        items += self._compass(base.width - self.cell_mm * 0.6, self.cell_mm * 0.6)
        return Drawing(base.width, base.height, tuple(items), title=self.mat.name)

    def _zone_fill(self, cell) -> str | None:
        if self.scenario is None:
            return None
        col, row = self.hex_of(cell)
        for side in self.scenario.sides:
            if side.zone.contains(col, row):
                return lighter(FACTIONS.get(side.faction, MUTED), 0.78)
        return None

    def _compass(self, x: float, y: float) -> list[Item]:
        r = self.cell_mm * 0.35
        items: list[Item] = [Ellipse(x, y, r, r, style=Style(INK, fill="#ffffff", width=r * 0.04))]
        for facing, name in enumerate(FACINGS):
            a = math.radians(self.facing_angle(facing) - 90)
            tip = (x + r * 0.8 * math.cos(a), y + r * 0.8 * math.sin(a))
            items.append(Line(x, y, *tip, Style(INK, width=r * 0.03)))
            items.append(Text(x + r * 1.25 * math.cos(a), y + r * 1.25 * math.sin(a),
                              f"{facing} {name}", Font(r * 0.18, bold=facing == 0), INK))
        items.append(arrow(x, y - r * 0.85, r * 0.35, angle=-90, fill=INK))
        return items


class HmLayout(LayoutHooks):
    """ScenarioLayout for `hm.scenario`: one piece per plane, on its nose hex."""

    def board(self, scenario: Scenario, content: Any) -> MatGrid:
        return MatGrid(required(content, "hm.board", scenario.board, "mat"), scenario, content)

    def pieces(self, scenario: Scenario, content: Any) -> list[Piece]:
        board = self.board(scenario, content)
        rules = content.get("hm.rules", scenario.rules)
        factions = {s.id: s.faction for s in scenario.sides}
        out: list[Piece] = []
        for p in scenario.placements():
            card = p.squadron.card if p.squadron.role == "bomber" else p.placed.card
            colour = FACTIONS.get(factions.get(p.squadron.side, ""), MUTED)
            counter, length = _miniature(content, rules, p.plane, p.placed.id, colour,
                                         board.cell_mm, card)
            out.append(Piece(key=format_path(p.path), label=p.placed.id, side=p.squadron.side,
                             path=p.path, cell=board.code((p.placed.col - 1, p.placed.row - 1)),
                             facing=p.placed.facing,
                             footprint=(board.cell_mm, board.cell_mm * length),
                             counter=counter, values={"card": card}))
        return out

    def counter(self, scenario: Scenario, content: Any, unit: Any) -> Drawing | None:
        """A plane of a game as its events show it (`engine.core.view.UnitView`), in its
        side's colours with the card it moves on."""
        faction = next((s.faction for s in scenario.sides if s.id == unit.side), "")
        return _miniature(content, content.get("hm.rules", scenario.rules), unit.type, unit.id,
                          FACTIONS.get(faction, MUTED), self.board(scenario, content).cell_mm,
                          unit.state.get("card"))[0]

    def move(self, scenario: Scenario, content: Any, piece: Piece, cell: str | None = None,
             pos: tuple[float, float] | None = None) -> list[Edit]:
        if cell is None:
            raise ValueError("planes stand in hexes: give a hex code such as '0712'")
        board = self.board(scenario, content)
        col, row = board.hex_of(board.parse(cell))  # raises for codes off the mat
        return field_edits(scenario, piece.path, col=col, row=row)

    def turn(self, scenario: Scenario, content: Any, piece: Piece, facing: int | None = None,
             heading: float | None = None) -> list[Edit]:
        if facing is None:
            raise ValueError("planes face a hexside: give a facing 0-5 (0 north, clockwise)")
        return field_edits(scenario, piece.path, facing=facing % 6)

    def set_value(self, scenario: Scenario, content: Any, piece: Piece, name: str,
                  value: Any) -> list[Edit]:
        if name != "card":
            raise ValueError(f"'{piece.label}' has no '{name}' to set here; it shows card")
        squadron = piece.path[:2]
        if scenario.squadrons[squadron[1]].role == "bomber":
            # A bomber squadron moves on one card: the card belongs to the squadron.
            return field_edits(scenario, squadron, card=value)
        return field_edits(scenario, piece.path, card=value)


def _miniature(content: Any, rules: Any, plane_id: str, label: str, colour: str, hex_mm: float,
               card: str | None) -> tuple[Drawing, int]:
    """The counter of a plane type and its length in hexes (heavy bombers are longer)."""
    plane = content.get("hm.fighter", plane_id) or content.get("hm.bomber", plane_id)
    bomber = isinstance(plane, Bomber)
    length = rules.deployment.heavy_bomber_hexes if bomber and plane.heavy and rules else 1
    engines = plane.engines.count if bomber and plane.engines else 1
    return model_counter(label, colour, hex_mm, length, card, engines=engines), length


@lru_cache(maxsize=1024)
def model_counter(label: str, colour: str, hex_mm: float, length: int, card: str | None,
                  engines: int = 1) -> Drawing:
    """A miniature on its base, nose up on (0, 0); a heavy bomber's base reaches the hexes
    behind it. Cached, as a board redraws the same pieces after every edit."""
    r = hex_mm * 0.36
    tail = hex_mm * (length - 1)
    items: list[Item] = [
        Rect(-r, -r, 2 * r, 2 * r + tail, radius=r, style=Style(INK, fill=colour, width=0.6)),
        Group((plane_silhouette(hex_mm * (0.55 + 0.5 * (length - 1)), fill="#ffffff",
                                engines=engines),), dy=tail / 2),
        Text(0, r + tail - hex_mm * 0.06, label, Font(hex_mm * 0.06, bold=True), "#ffffff",
             anchor="s"),
    ]
    if card:
        items += [Rect(r * 0.55, -r * 1.05, r * 0.6, r * 0.75, radius=1.0,
                       style=Style(INK, fill="#ffffff", width=0.4)),
                  Text(r * 0.85, -r * 0.68, card, Font(hex_mm * 0.055, bold=True),
                       TARGET if card[-1] in "HD" else INK)]
    return Drawing(2 * r, 2 * r + tail, tuple(items))


LAYOUT = HmLayout()


def board_preview(record: Board, ctx: Any) -> Drawing:
    return MatGrid(record, content=ctx).drawing(paths=True)


def scenario_preview(record: Scenario, ctx: Any) -> Drawing:
    return scenario_drawing(LAYOUT, record, ctx, title=record.name)


BOARD_PREVIEWS = {"hm.board": board_preview, "hm.scenario": scenario_preview}
