"""The mat as the rules engine walks it: cube coordinates of the engine's HexGrid.

Movement, lines of fire and bots add cube vectors thousands of times a game, so
the mat is read once into sets and tables keyed by cube: which hexes are on it,
their printed codes, and how far each lies from the edge (a plane further from
the edge than it can fly never needs its path checked against the edge).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from engine.core.board import Cube, HexGrid, cube_step

from .board import Board, Hex, to_cell


class Mat:
    def __init__(self, grid: HexGrid) -> None:
        self.grid = grid
        self.cubes: frozenset[Cube] = frozenset(grid.cube(c) for c in grid.cells())
        self.labels: dict[Cube, str] = {grid.cube(c): grid.label(c) for c in grid.cells()}
        self.at: dict[str, Cube] = {label: cube for cube, label in self.labels.items()}
        self.edge_distance = self._edge_distances()

    def _edge_distances(self) -> dict[Cube, int]:
        """Hexes from each hex of the mat to the nearest hex off it (1 on the edge row)."""
        ring = sorted({n for c in self.cubes for n in (cube_step(c, f) for f in range(6)) if n not in self.cubes})
        distance = {c: 0 for c in ring}
        queue = deque(ring)
        while queue:
            c = queue.popleft()
            for f in range(6):
                n = cube_step(c, f)
                if n in self.cubes and n not in distance:
                    distance[n] = distance[c] + 1
                    queue.append(n)
        return {c: d for c, d in distance.items() if c in self.cubes}

    def cube(self, hex_: Hex) -> Cube:
        """The cube of a 1-based (column, row) hex of the content."""
        return self.grid.cube(to_cell(hex_))

    def label(self, cube: Cube) -> str:
        return self.labels[cube]

    def edge(self, cube: Cube) -> str:
        """Which edge an off-mat hex lies beyond (north and south win at the corners)."""
        col, row = self.grid.cell(cube)
        if row < 0:
            return "north"
        if row >= self.grid.rows:
            return "south"
        return "west" if col < 0 else "east"


@lru_cache(maxsize=16)
def _mat(columns: int, rows: int, hex_inches: float, stagger: str) -> Mat:
    board = Board(kind="hm.board", id="mat", name="mat", columns=columns, rows=rows,
                  hex_inches=hex_inches, stagger=stagger)
    return Mat(board.grid())


def mat_of(board: Board) -> Mat:
    """The mat of a board record, shared by every game on a mat of that shape."""
    return _mat(board.columns, board.rows, board.hex_inches, board.stagger)
