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

from ..kinds.board import Board, Hex, to_cell
from .offsets import disk


class Mat:
    def __init__(self, grid: HexGrid) -> None:
        self.grid = grid
        self.cubes: frozenset[Cube] = frozenset(grid.cube(c) for c in grid.cells())
        self.labels: dict[Cube, str] = {grid.cube(c): grid.label(c) for c in grid.cells()}
        # no two hexes of the mat lie farther apart: half the summed spans of the three coordinates
        self.span = sum(max(c[i] for c in self.cubes) - min(c[i] for c in self.cubes) for i in range(3)) // 2
        self.at: dict[str, Cube] = {label: cube for cube, label in self.labels.items()}
        # the cube of each 1-based hex of the content on the mat (`to_cell`'s inverse), for every set-up
        self._hexes: dict[Hex, Cube] = {(col + 1, row + 1): grid.cube((col, row)) for col, row in grid.cells()}
        self.edge_distance = self._edge_distances()
        self._off: dict[tuple[Cube, int], int] = {}
        # One bit per hex, a column (cube x) at a time, down the column by cube y: the hexes of a
        # column within a distance of a hex are one run of bits.
        self.bits: dict[Cube, int] = {}
        self._columns: dict[int, tuple[int, int, int]] = {}  # x -> (bit of its lowest y, lowest y, highest y)
        ys: dict[int, list[int]] = {}
        for x, y, _ in sorted(self.cubes):
            ys.setdefault(x, []).append(y)
        first = 0
        for x, column in ys.items():
            low, high = column[0], column[-1]
            self._columns[x] = (first, low, high)
            self.bits.update({(x, y, -x - y): 1 << (first + y - low) for y in column})
            first += high - low + 1
        self._within: dict[tuple[Cube, int], int] = {}
        self._from_edge: dict[str, dict[Cube, int]] = {}

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

    def off(self, start: Cube, radius: int) -> int:
        """Mask of the offsets from `start`, within `radius`, whose hexes are off the mat."""
        key = (start, radius)
        found = self._off.get(key)
        if found is None:
            sx, sy, sz = start
            cubes = self.cubes
            found = self._off[key] = sum(b for (x, y, z), b in disk(radius) if (sx + x, sy + y, sz + z) not in cubes)
        return found

    def within(self, centre: Cube, radius: int) -> int:
        """Mask (of `bits`) of the hexes of the mat within `radius` of `centre`: which planes an
        enemy could reach is one `&` and a bit count."""
        key = (centre, radius)
        found = self._within.get(key)
        if found is None:
            cx, cy, _ = centre
            found = 0
            for x in range(cx - radius, cx + radius + 1):
                column = self._columns.get(x)
                if column is not None:  # y within the radius: |y - cy| and |z - cz| = |x - cx + y - cy| at most it
                    first, low, high = column
                    lo = max(cy - radius, cy - radius - (x - cx), low)
                    hi = min(cy + radius, cy + radius - (x - cx), high)
                    if lo <= hi:
                        found |= ((1 << (hi - lo + 1)) - 1) << (first + lo - low)
            self._within[key] = found
        return found

    def from_edge(self, edge: str) -> dict[Cube, int]:
        """Rows (columns for east and west) from each hex of the mat to the edge row of `edge`, 0 on it:
        how far a bomber with nothing to bomb has still to fly, asked for many hexes every decision."""
        found = self._from_edge.get(edge)
        if found is None:
            rows, cols = self.grid.rows, self.grid.cols
            found = self._from_edge[edge] = {
                cube: {"north": row, "south": rows - 1 - row, "west": col, "east": cols - 1 - col}[edge]
                for cube in self.cubes for col, row in [self.grid.cell(cube)]}
        return found

    def cube(self, hex_: Hex) -> Cube:
        """The cube of a 1-based (column, row) hex of the content."""
        found = self._hexes.get(hex_)
        return found if found is not None else self.grid.cube(to_cell(hex_))

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
