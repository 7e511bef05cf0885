"""The free mat a Pocket Air War scenario is flown on, for views: size, halves, base drawing.

It has no cells: positions are millimetres (x right, y up, as in scenarios). The drawing
uses the `engine.drawing.shapes` convention of y growing downwards, so `to_drawing` flips y; the
studio draws counters from the `pos`/`heading` of unit events through the same function.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.drawing.shapes import Drawing, Font, Line, Rect, Style, Text

TERRAIN_COLOURS = {"sky": "#dbe9f6", "sea": "#c7dcef", "countryside": "#dfe8c8",
                   "coast": "#efe3c2"}


@dataclass(frozen=True)
class FreeMat:
    kind = "free"
    width: float
    height: float
    areas: dict[str, str]  # side -> the edge its half lies along
    terrain: str = "sky"
    step_mm: float = 15.0

    @classmethod
    def for_scenario(cls, scenario, content) -> "FreeMat":
        mat = content.get("paw.mat", scenario.mat)
        rules = content.records("paw.rules")
        step = rules[0].components.step_mm if rules else 15.0
        return cls(mat.width_mm, mat.height_mm, dict(scenario.areas), mat.terrain, step)

    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    def contains(self, x: float, y: float) -> bool:
        return 0.0 <= x <= self.width and 0.0 <= y <= self.height

    def half(self, side: str) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in mat coordinates of the half a side owns."""
        w, h = self.width, self.height
        return {"bottom": (0, 0, w, h / 2), "top": (0, h / 2, w, h),
                "left": (0, 0, w / 2, h), "right": (w / 2, 0, w, h)}[self.areas[side]]

    def side_at(self, x: float, y: float) -> str | None:
        for side in sorted(self.areas):
            x0, y0, x1, y1 = self.half(side)
            if x0 <= x <= x1 and y0 <= y <= y1:
                return side
        return None

    def to_drawing(self, x: float, y: float) -> tuple[float, float]:
        return (x, self.height - y)

    def drawing(self) -> Drawing:
        w, h = self.width, self.height
        items = [Rect(0, 0, w, h, style=Style(stroke="#404850", fill=TERRAIN_COLOURS.get(
            self.terrain), width=0.6), key="mat")]
        for side in sorted(self.areas):
            x0, y0, x1, y1 = self.half(side)
            dx0, dy0 = self.to_drawing(x0, y1)
            items.append(Rect(dx0, dy0, x1 - x0, y1 - y0, style=Style(
                stroke="#7a8590", fill=None, width=0.3, dash=(4.0, 3.0)), key=f"half:{side}"))
            cx, cy = self.to_drawing((x0 + x1) / 2, (y0 + y1) / 2)
            items.append(Text(cx, cy, f"{side.title()} side", font=Font(size=12, bold=True),
                              color="#7a8590"))
        # step ticks along the bottom edge: the scale the rulers measure with
        n = int(w // self.step_mm)
        for i in range(n + 1):
            x = i * self.step_mm
            items.append(Line(x, h, x, h - (4 if i % 5 == 0 else 2), style=Style(width=0.2)))
        return Drawing(w, h, tuple(items), title="Pocket Air War mat")
