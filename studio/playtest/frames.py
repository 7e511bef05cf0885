"""The playtest board as drawings: the ruleset's board, the units at one moment of a game,
the fire of the latest events, and the places a person may click to choose an action.

Everything is an `engine.drawing.shapes.Drawing` so the studio's one renderer (`studio.render`)
shows it and redraws only what changed from frame to frame: an animated move
rebuilds the moving counters and nothing else. No Qt here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from engine.core.events import canonical
from engine.core.layout import Piece
from engine.core.view import BoardView, UnitView
from engine.drawing.shapes import Drawing, Ellipse, Font, Group, Item, Line, Polygon, Rect, Style, Text
from engine.drawing.kit import arrow, piece_poses

from .explain import Shot
from .trails import Trail, trail_items

HIT, MISS, OFFER, SELECT = "#d32f2f", "#546e7a", "#2e7d32", "#f9a825"
PLACE_KEY = "place:"  # keys of offered places: "place:<option index>"

Pose = tuple[float, float, float]  # drawing x, y (mm, y down) and clockwise turn


@dataclass(frozen=True)
class Place:
    """Where an offered action can be picked on the board."""

    option: int  # index in the decision's options
    kind: str  # "cell", "unit" or "pos"
    value: Any  # a cell label, a unit id, or mat (x, y)
    heading: float | None = None
    path: tuple = ()
    facing: int | None = None  # on a hex board: the facing the action ends in (a fan of arrows)
    note: str = ""  # drawn beside the place once it is chosen (Air Force: the end altitude)


def offered(game: Any, decision: Any, units: Iterable[str], is_cell: Any) -> list[Place]:
    """Places of the decision's options: the ruleset's `option_place` if it has one, else the
    cell (`to`, `at`) or the unit (`target`, then `unit`/`plane`) an option names."""
    units = set(units)
    out: list[Place] = []
    for i, option in enumerate(decision.options):
        where = game.engine.option_place(game, decision, option)
        if where and where.get("pos") is not None:
            out.append(Place(i, "pos", tuple(where["pos"]), where.get("heading"),
                             tuple(tuple(p) for p in where.get("path", ()))))
            continue
        source = where or option
        cell = next((source[k] for k in ("to", "at") if isinstance(source.get(k), str)
                     and is_cell(source[k])), None)
        if cell is not None:
            facing = where.get("facing") if where else None
            altitude = where.get("altitude") if where else None
            out.append(Place(i, "cell", cell, facing=facing if isinstance(facing, int) else None,
                             note=f"{altitude:,} ft" if isinstance(altitude, int) else ""))
            continue
        unit = next((option[k] for k in ("target", "unit", "plane") if isinstance(option.get(k), str)
                     and option[k] in units), None)
        if unit is not None:
            out.append(Place(i, "unit", unit))
    return out


def deciding_unit(decision: Any) -> str | None:
    """The unit a decision is about, from its context (a board highlights it)."""
    ctx = decision.context
    for key in ("plane", "unit"):
        if isinstance(ctx.get(key), str):
            return ctx[key]
    units = ctx.get("units")
    return units[0] if isinstance(units, list) and units and isinstance(units[0], str) else None


def along(points: Sequence[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point a fraction `t` of the way along a polyline, by length."""
    if len(points) == 1 or t <= 0:
        return points[0]
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    total = sum(lengths)
    if total == 0 or t >= 1:
        return points[-1]
    goal = t * total
    for (a, b), step in zip(zip(points, points[1:]), lengths):
        if goal <= step and step > 0:
            f = goal / step
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        goal -= step
    return points[-1]


def turn_between(a: float, b: float, t: float) -> float:
    """The angle a fraction `t` of the way from `a` to `b`, the short way round."""
    delta = (b - a + 180.0) % 360.0 - 180.0
    return a + delta * t


class BoardPainter:
    """Draws one game's board at any moment; counters are cached by what they show."""

    def __init__(self, setup: Any) -> None:
        self.setup = setup
        self.board = setup.board()
        self.base = self.board.drawing()
        self.free = not hasattr(self.board, "parse")
        self._counters: dict[tuple, Drawing | None] = {}
        self._set_up: list[Item] | None = None
        # the unit of size for marks: a cell, or a step of the rulers on a free mat
        self.cell_mm = getattr(self.board, "step_mm" if self.free else "cell_mm", 15.0)

    # ---- geometry --------------------------------------------------------------
    def cell_point(self, label: str) -> tuple[float, float] | None:
        if self.free:
            return None
        try:
            return self.board.center(self.board.parse(label))
        except (ValueError, KeyError):
            return None

    def has_cell(self, label: str) -> bool:
        return self.cell_point(label) is not None

    def mat_point(self, pos: Sequence[float]) -> tuple[float, float]:
        return self.board.to_drawing(pos[0], pos[1])

    def from_drawing(self, x: float, y: float) -> tuple[float, float]:
        """Mat millimetres (free mats: y up) of a point of the drawing."""
        return (x, self.board.height - y) if self.free else (x, y)

    def poses(self, view: BoardView) -> dict[str, Pose]:
        pieces = []
        for u in view.on_board():
            if u.at is not None and not self.has_cell(u.at):
                continue  # a label this board does not print: nowhere to draw it
            pieces.append(Piece(key=u.id, label=u.id, side=u.side, path=(), cell=u.at,
                                pos=u.pos if u.at is None else None, facing=u.facing,
                                heading=u.heading))
        return {p.key: (x, y, turn) for p, x, y, turn in piece_poses(self.board, pieces)}

    def route(self, unit: str, start: Pose, end: Pose, events: Iterable[dict]) -> list[tuple[float, float]]:
        """Drawing points a unit passed through in `events` (their `path`s), start to end."""
        points = [start[:2]]
        for event in events:
            if event["type"] != "unit.moved" or event.get("unit") != unit:
                continue
            for step in event.get("path") or ():
                p = self.cell_point(step) if isinstance(step, str) else self.mat_point(step)
                if p is not None and p != points[-1]:
                    points.append(p)
            target = self.cell_point(event["to"]) if isinstance(event.get("to"), str) else \
                self.mat_point(event["pos"]) if event.get("pos") is not None else None
            if target is not None and target != points[-1]:
                points.append(target)
        if points[-1] != end[:2]:
            points.append(end[:2])
        return points

    def counter(self, unit: UnitView) -> Drawing | None:
        key = (unit.id, unit.type, unit.side, canonical(unit.state))
        if key not in self._counters:
            layout = self.setup.layout
            drawing = layout.counter(self.setup.scenario, self.setup.content, unit) \
                if layout is not None else None
            self._counters[key] = drawing or self._plain(unit)
        return self._counters[key]

    def face_down(self, unit: UnitView) -> Drawing:
        """A counter whose face its enemy cannot see: the layout's back of the side, else a "?"."""
        key = ("face down", unit.side)
        if key not in self._counters:
            layout = self.setup.layout
            drawing = layout.face_down(self.setup.scenario, self.setup.content, unit.side) \
                if layout is not None else None
            self._counters[key] = drawing or self._plain(UnitView("?", unit.side, ""))
        return self._counters[key]

    def _plain(self, unit: UnitView) -> Drawing:
        """A labelled disc, for rulesets without counter drawings."""
        r = self.cell_mm * 0.35
        return Drawing(2 * r, 2 * r, (Ellipse(0, 0, r, r, style=Style("#202020", fill="#9fb4c7")),
                                      Text(0, 0, unit.id, Font(r * 0.3, bold=True))))

    def set_up(self) -> list[Item]:
        """The scenario's pieces where its set-up puts them (the layout's, as the editor's board shows
        them): the board before the game has placed a unit (Pocket Air War asks the pilots first)."""
        if self._set_up is None:
            layout, setup = self.setup.layout, self.setup
            try:
                pieces = layout.pieces(setup.scenario, setup.content) if layout is not None else []
            except Exception:  # a scenario the layout cannot read: the bare board, as before
                pieces = []
            self._set_up = [Group(p.counter.items, dx=x, dy=y, rotate=turn)
                            for p, x, y, turn in piece_poses(self.board, pieces) if p.counter is not None]
        return self._set_up

    # ---- the frame ---------------------------------------------------------------
    def frame(self, view: BoardView, poses: dict[str, Pose] | None = None,
              shots: Sequence[Shot] = (), places: Sequence[Place] = (),
              selected: str | None = None, chosen: int | None = None,
              hidden: frozenset[str] = frozenset(), trail: Trail | None = None) -> Drawing:
        """The board with `view`'s units at `poses` (default: where they stand); those in `hidden`
        face down, as the person at the keyboard sees them; a `trail` (a route) under the counters,
        the places it marks over them."""
        poses = self.poses(view) if poses is None else poses
        items: list[Item] = list(self.base.items)
        items += self._cells(places)
        under, over = trail_items(trail, self.cell_point, self.cell_mm) if trail is not None else ([], [])
        items += under
        r = self.cell_mm * 0.55
        if not view.units:  # nothing placed yet: the set-up the game starts from
            items += self.set_up()
        for uid, (x, y, turn) in poses.items():
            unit = view.units[uid]
            if uid == selected:
                items.append(Ellipse(x, y, r * 1.25, r * 1.25, style=Style(SELECT, width=r * 0.12)))
            if any(p.kind == "unit" and p.value == uid for p in places):
                items.append(Ellipse(x, y, r * 1.1, r * 1.1,
                                     style=Style(OFFER, width=r * 0.1, dash=(r * 0.25, r * 0.15))))
            counter = self.face_down(unit) if uid in hidden else self.counter(unit)
            items.append(Group(counter.items, dx=x, dy=y, rotate=turn, key=uid))
        items += over
        items += self._fan(places, chosen)
        items += self._ghosts(places, chosen)
        items += self._fire(shots, poses)
        return Drawing(self.base.width, self.base.height, tuple(items), title=self.base.title,
                       background=self.base.background)

    def _cells(self, places: Sequence[Place]) -> list[Item]:
        out: list[Item] = []
        seen = set()
        for place in places:
            if place.kind != "cell" or place.value in seen:
                continue
            seen.add(place.value)
            x, y = self.cell_point(place.value)
            r = self.cell_mm * 0.42
            out.append(Rect(x - r, y - r, 2 * r, 2 * r, radius=r * 0.3,
                            style=Style(OFFER, fill=OFFER, width=0.4, opacity=0.3), key=place.value))
        return out

    def _fan(self, places: Sequence[Place], chosen: int | None) -> list[Item]:
        """On a hex board, an arrow in each offered end hex for each facing an action ends in (the
        fan of a written move's end states), the chosen one larger with its note; each arrow is
        the place of the first action ending so (`picking.click` offers them all)."""
        first: dict[tuple[str, int], Place] = {}
        for place in places:
            if place.kind == "cell" and place.facing is not None:
                first.setdefault((place.value, place.facing), place)
        if not first or self.free:
            return []
        picked = next((p for p in places if p.option == chosen), None)
        out: list[Item] = []
        for (cell, facing), place in first.items():
            x, y = self.cell_point(cell)
            mine = picked is not None and (picked.value, picked.facing) == (cell, facing)
            angle = self.board.facing_angle(facing) - 90.0  # clockwise from +x; facings turn from up
            reach = self.cell_mm * (0.42 if mine else 0.36)
            tip = (x + reach * math.cos(math.radians(angle)), y + reach * math.sin(math.radians(angle)))
            out.append(arrow(*tip, self.cell_mm * (0.3 if mine else 0.2), angle=angle,
                             fill=SELECT if mine else OFFER, key=f"{PLACE_KEY}{place.option}"))
        if picked is not None and picked.note and picked.value is not None and picked.kind == "cell":
            x, y = self.cell_point(picked.value)
            out.append(Text(x, y + self.cell_mm * 0.62, picked.note, Font(self.cell_mm * 0.2, bold=True), "#5d4200",
                            anchor="n"))
        return out

    def _ghosts(self, places: Sequence[Place], chosen: int | None) -> list[Item]:
        """Where each offered free-mat move ends; the chosen one with its path."""
        out: list[Item] = []
        size = self.cell_mm * 0.45
        for place in places:
            if place.kind != "pos":
                continue
            x, y = self.mat_point(place.value)
            angle = -(place.heading or 0.0)  # drawing angles run clockwise from +x
            ink = SELECT if place.option == chosen else OFFER
            if place.option == chosen and len(place.path) > 1:
                out.append(Polygon(tuple(self.mat_point(p) for p in place.path), closed=False,
                                   style=Style(SELECT, width=size * 0.15)))
            out.append(arrow(x, y, size, angle=angle, fill=ink, key=f"{PLACE_KEY}{place.option}"))
        return out

    def _fire(self, shots: Sequence[Shot], poses: dict[str, Pose]) -> list[Item]:
        out: list[Item] = []
        font = Font(self.cell_mm * 0.16, bold=True)
        for n, s in enumerate(shots):
            colour = HIT if s.hit else MISS
            end = self.cell_point(s.target) if s.at_cell else poses.get(s.target)
            if end is None:
                continue
            x, y = end[:2]
            start = poses.get(s.shooter) if s.shooter else None
            if start is not None and s.arc and s.reach:
                out.append(self._arc(start, s.arc, s.reach, colour))
            if start is not None:
                out.append(Line(start[0], start[1], x, y, Style(colour, width=self.cell_mm * 0.05,
                                                                dash=(1.5, 1.0) if not s.hit else None)))
            r = self.cell_mm * 0.25
            out.append(Polygon(_burst(x, y, r), style=Style(colour, fill="#fff3e0", width=r * 0.12)))
            if s.label:
                ty = y - self.cell_mm * (0.75 + 0.22 * (n % 3))
                out.append(Text(x, ty, s.label, font, colour, anchor="s"))
        return out


    def _arc(self, pose: Pose, degrees: float, reach: int, colour: str) -> Polygon:
        """A shooter's arc of fire: a wedge `degrees` wide about its facing, out to `reach` cells."""
        x, y, turn = pose
        r = (reach + 0.5) * self.cell_mm
        nose = turn - 90.0  # drawing angles run clockwise from +x; a counter's turn from up
        rim = [(x + r * math.cos(math.radians(nose + a)), y + r * math.sin(math.radians(nose + a)))
               for a in (-degrees / 2 + degrees * i / 12 for i in range(13))]
        return Polygon(((x, y), *rim), style=Style(colour, fill=colour, width=self.cell_mm * 0.03, opacity=0.15))


def _burst(x: float, y: float, r: float) -> tuple[tuple[float, float], ...]:
    """A star-shaped flash: where a shot landed."""
    pts = []
    for i in range(16):
        a = math.pi * i / 8
        rr = r if i % 2 == 0 else r * 0.5
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return tuple(pts)
