"""Print-and-play sheets: a pack's components (counters, cards, dashboards, templates) laid out
at their printed size on pages to print double-sided and cut out.

Each front page is followed by its back page, mirrored left to right: printed on both sides and
flipped on the long edge, every back lands behind its own front (a piece turned a quarter to fit
turns the other way on the back, so its top stays behind its top). Short cut marks stand in the
gaps at each piece's corners, clear of its neighbours. Pages are plain `Drawing`s, so the studio's
renderer writes them to PDF and `engine.drawing.svg` to SVG, and tests measure them without either.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable

from engine.content.diagnostics import did_you_mean
from engine.content.walk import iter_refs
from engine.drawing.fonts import face, missing
from engine.drawing.kit import text_width
from engine.drawing.shapes import Drawing, Font, Group, Item, Line, Style, Text

# Paper sizes in millimetres, portrait.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
MARGIN = 7.0  # most printers reach within 4 mm of the edge: the footer line sits in the bottom margin
GAP = 3.0  # between pieces: room for the cut marks and for a duplex printer's drift
MARK = 1.6  # cut mark length: with its 0.4 mm offset, short of the gap, so it never runs into a neighbour
CUT = Style("#7a7a7a", width=0.12)
MUTED = "#6b6f76"
FOOTER = Font(2.0)


@dataclass(frozen=True)
class Component:
    """One component to cut out: its front and (for counters and the like) its back, the same size."""

    front: Drawing
    back: Drawing | None = None
    source: str = ""  # "kind id" of the record it shows, for messages
    sample: bool = False  # shows values authored for Sortie rather than printed


ComponentMaker = Callable[[Any, Any], list[Component]]


def unnamed(maker: ComponentMaker) -> ComponentMaker:
    """Marks a maker of pieces no scenario names (they come with an optional rule it plays): it is
    asked for every record of its kind, even for one scenario, and decides from the `Scope`."""
    maker.unnamed = True  # type: ignore[attr-defined]
    return maker


def record_kind(key: str) -> str:
    """The record kind a maker draws from: makers are keyed by kind, or by 'kind:part' when a kind
    gives two sets of pieces a player may want apart (a data card, and the counters of its type)."""
    return key.partition(":")[0]


class Scope:
    """What makers see: the pack's records (`get`, `records`, as the view has them) and `scenarios`,
    those the sheets are for (the one chosen, or all of the pack's: `whole`), so a maker can print
    as many counters of a type as they field."""

    def __init__(self, view: Any, chosen: list[Any], whole: bool = True) -> None:
        self.view, self.scenarios, self.whole = view, chosen, whole

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)


@dataclass(frozen=True)
class Placed:
    component: Component
    x: float
    y: float
    turned: bool  # a quarter turn clockwise to fit the page

    @property
    def size(self) -> tuple[float, float]:
        w, h = self.component.front.width, self.component.front.height
        return (h, w) if self.turned else (w, h)


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: the pieces on its front, and its two sides as drawings."""

    placed: tuple[Placed, ...]
    front: Drawing
    back: Drawing | None  # None when no piece on the sheet has a back


def components_of(view: Any, makers: dict[str, ComponentMaker], keys: Iterable[str],
                  only: set[tuple[str, str]] | None = None) -> list[Component]:
    """The pieces the makers of `keys` draw from every record of their kinds (of those in `only`,
    as (kind, id), when given), in the pack's order of records. `view` is what makers see: a
    `Scope` for makers that count copies by scenario."""
    found: list[Component] = []
    for key in keys:
        kind, maker = record_kind(key), makers[key]
        named = only is not None and not getattr(maker, "unnamed", False)
        for record in view.records(kind):
            if not named or (kind, record.id) in only:
                found += maker(record, view)
    return found


def used_by(view: Any, record: Any, printed: Iterable[str]) -> set[tuple[str, str]]:
    """(kind, id) of every record `record` names, and what the printed kinds and the rules among
    those name in turn: for a scenario, what a table needs to play it (its planes' dashboards and
    the templates those name, the targets and their flip sides, the tables its rules use), not what
    the records behind it would allow (a mission type's other targets)."""
    printed = {record_kind(key) for key in printed}
    seen: set[tuple[str, str]] = set()
    todo = [record]
    while todo:
        for _, ref, kinds in iter_refs(todo.pop()):
            for kind in kinds:
                found = view.get(kind, ref)
                if found is not None and (kind, ref) not in seen:
                    seen.add((kind, ref))
                    if kind in printed or kind.endswith(".rules"):
                        todo.append(found)
    return seen


def lay_out(components: list[Component], paper: str = "a4", title: str = "") -> tuple[list[Sheet], list[str]]:
    """Sheets holding every piece that fits the printable area, and a message for each that does not.

    Shelf packing, largest across the shelf first (a stable sort, so a pack's counters stay in
    order), by rows and by columns, whichever takes fewer sheets (rows when even): every cut still
    runs the length of a shelf. A piece that does not fit what is left of a shelf goes in turned a
    quarter if it fits that way (two 100 x 64 mm cards beside each other overrun A4; one upright
    beside one turned do not)."""
    width, height = PAPERS[paper]
    room_w, room_h = width - 2 * MARGIN, height - 2 * MARGIN
    too_big: dict[tuple[str, float, float], list[str]] = {}  # by kind and size: the records' ids
    fitting: list[tuple[Component, bool]] = []
    for piece in components:
        w, h = piece.front.width, piece.front.height
        if w <= room_w and h <= room_h:
            fitting.append((piece, False))
        elif h <= room_w and w <= room_h:
            fitting.append((piece, True))
        else:
            kind, _, record = piece.source.partition(" ")
            too_big.setdefault((kind, w, h), []).append(record)
    problems = [_too_big(kind, w, h, records, paper) for (kind, w, h), records in too_big.items()]
    problems += [problem for piece, _ in fitting for problem in print_problems(piece)]
    pages = min((_shelves(fitting, room_w, room_h, rows) for rows in (True, False)), key=len)
    return [_sheet(p, paper, title, i + 1, len(pages)) for i, p in enumerate(pages)], problems


def print_problems(piece: Component) -> list[str]:
    """What would print wrong on a piece: a text cut with an ellipsis to fit its room (a long name,
    or a script wider than the Latin one it was laid out for), and characters the print face has
    no glyph for (they print as boxes)."""
    out = []
    for drawing in (piece.front, piece.back):
        for text in _texts(drawing.items if drawing else ()):
            if text.text.endswith("…"):
                out.append(f"{piece.source}: text cut to fit its room: '{text.text}'; shorten it")
            lacking = missing(text.text, text.font.bold, text.font.italic)
            if lacking:
                out.append(f"{piece.source}: the print face ({Path(face().face.filename).name}) has no glyph for "
                           f"'{lacking}' in '{text.text}': they would print as boxes")
    return list(dict.fromkeys(out))  # a back saying what its front says, once


def _texts(items: Iterable[Item]) -> Iterable[Text]:
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.items)
        elif isinstance(item, Text):
            yield item


def _shelves(fitting: list[tuple[Component, bool]], room_w: float, room_h: float, rows: bool) -> list[list[Placed]]:
    """Pages of shelves: rows left to right (`rows`) or columns top to bottom; `fitting` holds each
    piece with whether it must be turned to fit the page at all."""
    along_room, across_room = (room_w, room_h) if rows else (room_h, room_w)
    ordered = sorted(fitting, key=lambda pt: -_dims(pt[0], pt[1], rows)[1])
    pages: list[list[Placed]] = []
    page: list[Placed] = []
    along = across = depth = 0.0  # where the next piece goes along its shelf; the shelf's offset and depth
    for piece, turned in ordered:
        while (found := _orient(piece, turned, rows, along_room - along, across_room - across)) is None:
            if along:  # the next shelf
                along, across, depth = 0.0, across + depth + GAP, 0.0
            else:  # the next sheet: every piece here fits an empty one
                pages.append(page)
                page, along, across, depth = [], 0.0, 0.0, 0.0
        turn, length, cross = found
        x, y = (along, across) if rows else (across, along)
        page.append(Placed(piece, MARGIN + x, MARGIN + y, turn))
        along, depth = along + length + GAP, max(depth, cross)
    if page:
        pages.append(page)
    return pages


def _dims(piece: Component, turned: bool, rows: bool) -> tuple[float, float]:
    """The piece's length along a shelf and its size across it."""
    w, h = (piece.front.height, piece.front.width) if turned else (piece.front.width, piece.front.height)
    return (w, h) if rows else (h, w)


def _orient(piece: Component, turned: bool, rows: bool, along_left: float,
            across_left: float) -> tuple[bool, float, float] | None:
    """The piece as it goes in the room left (as it must be, else turned), or None."""
    for turn in (turned, not turned):
        length, cross = _dims(piece, turn, rows)
        if length <= along_left + 1e-9 and cross <= across_left + 1e-9:
            return turn, length, cross
    return None


def lay_out_pack(pack: Any, view: Any, makers: dict[str, ComponentMaker], kinds: Iterable[str], paper: str,
                 scenario: Any = None) -> tuple[list[Sheet], list[str]]:
    """`lay_out` of a pack's `kinds` (only what `scenario` uses, when given), titled after the pack
    and the scenario; no sheets and no problems means there was nothing to print."""
    title = pack.manifest.name if pack.manifest else pack.id
    only = None
    if scenario is not None:
        only, title = used_by(view, scenario, makers), f"{title} · {scenario.name}"
    scope = Scope(view, [scenario], whole=False) if scenario is not None else Scope(view, scenarios(view))
    return lay_out(components_of(scope, makers, kinds, only), paper, title)


def summary(sheets: list[Sheet]) -> str:
    placed = sum(len(s.placed) for s in sheets)
    sides = sum(1 + (s.back is not None) for s in sheets)
    return f"{placed} component(s) on {len(sheets)} sheet(s), {sides} side(s)"


def _too_big(kind: str, w: float, h: float, records: list[str], paper: str) -> str:
    names = ", ".join(records[:4]) + (f" and {len(records) - 4} more" if len(records) > 4 else "")
    room_w, room_h = (size - 2 * MARGIN for size in PAPERS[paper])
    larger = [name for name, (pw, ph) in PAPERS.items()
              if min(w, h) <= pw - 2 * MARGIN and max(w, h) <= ph - 2 * MARGIN]
    return (f"{kind} {names}: {w:.0f} x {h:.0f} mm does not fit the printable {room_w:.0f} x {room_h:.0f} mm "
            f"of {paper} paper either way round; print on {' or '.join(larger) or 'larger paper'}")


def _sheet(placed: list[Placed], paper: str, title: str, number: int, total: int) -> Sheet:
    width, height = PAPERS[paper]
    samples = sum(1 for p in placed if p.component.sample)
    note = f" · {samples} piece(s) show sample values, not printed ones" if samples else ""
    front: list[Item] = []
    back: list[Item] = []
    for p in placed:
        w, h = p.size
        front += [_face(p.component.front, p.x, p.y, w, 90.0 if p.turned else 0.0), *_marks(p.x, p.y, w, h)]
        mirrored = width - p.x - w
        if p.component.back is not None:
            back.append(_face(p.component.back, mirrored, p.y, w, -90.0 if p.turned else 0.0))
        back += _marks(mirrored, p.y, w, h)
    foot_y = height - MARGIN + 2.6  # the footer's baseline, in the bottom margin
    front = _with_footer(front, f"{title} · sheet {number} of {total}, front{note}", foot_y)
    has_back = any(p.component.back is not None for p in placed)
    if has_back:
        back = _with_footer(back, f"{title} · sheet {number} of {total}, back: print on the reverse of the front, "
                                  "flipped on the long edge", foot_y)
    name = f"{title} sheet {number}"
    return Sheet(tuple(placed), Drawing(width, height, tuple(front), title=f"{name} front"),
                 Drawing(width, height, tuple(back), title=f"{name} back") if has_back else None)


def _with_footer(items: list[Item], text: str, baseline: float) -> list[Item]:
    """The side's items and its footer, the bottom row's downward cut marks stopped short of the
    footer's text where they would cross it (its corners keep their marks along the bottom edge)."""
    top, right = baseline - FOOTER.size - 0.3, MARGIN + text_width(text, FOOTER) + 0.3
    out: list[Item] = []
    for item in items:
        if isinstance(item, Line) and item.x1 == item.x2 and item.x1 <= right and max(item.y1, item.y2) > top:
            low = min(item.y1, item.y2)
            if top - low < 0.3:  # no room left for a mark
                continue
            item = replace(item, y1=low, y2=top)
        out.append(item)
    return out + [Text(MARGIN, baseline, text, FOOTER, MUTED, anchor="sw")]


def _face(drawing: Drawing, x: float, y: float, w: float, turn: float) -> Group:
    """A face placed with its top-left corner at (x, y), turned a quarter about it if asked."""
    if turn > 0:  # clockwise: the face's left edge becomes its top, at the slot's right
        return Group(drawing.items, dx=x + w, dy=y, rotate=turn)
    if turn < 0:
        return Group(drawing.items, dx=x, dy=y + drawing.width, rotate=turn)
    return Group(drawing.items, dx=x, dy=y)


def _marks(x: float, y: float, w: float, h: float) -> list[Line]:
    """Cut marks: two short lines out from each corner, along the piece's edges."""
    lines = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            lines.append(Line(cx + sx * 0.4, cy, cx + sx * (0.4 + MARK), cy, CUT))
            lines.append(Line(cx, cy + sy * 0.4, cx, cy + sy * (0.4 + MARK), CUT))
    return lines


def centred(drawing: Drawing) -> Drawing:
    """A counter drawn about (0, 0), as boards place them, moved to have its corner at (0, 0)."""
    return Drawing(drawing.width, drawing.height,
                   (Group(drawing.items, dx=drawing.width / 2, dy=drawing.height / 2),), title=drawing.title)


def source(record: Any) -> str:
    return f"{record.kind} {record.id}"


def as_printed(preview: Callable[[Any, Any], Drawing]) -> ComponentMaker:
    """For kinds whose preview is the one-sided component itself (cards, dashboards, templates)."""
    def make(record: Any, ctx: Any) -> list[Component]:
        return [Component(preview(record, ctx), source=source(record), sample=record.sample)]
    return make


def printable_kinds(makers: dict[str, ComponentMaker], asked: Iterable[str]) -> list[str]:
    """The kinds (or 'kind:part's) asked for (all the ruleset prints when none), each checked: a
    ValueError says which one is not printed and what is."""
    asked = list(asked)
    for kind in asked:
        if kind not in makers:
            printed = ", ".join(sorted(makers)) or "nothing"
            raise ValueError(f"no print-and-play components for kind '{kind}'.{did_you_mean(kind, makers)} "
                             f"This ruleset prints {printed}")
    return asked or list(makers)


def scenarios(view: Any) -> list[Any]:
    """The scenarios of a pack, whatever their ruleset calls the kind (`<ruleset>.scenario`)."""
    return [r for kind in view.kinds() if kind.endswith(".scenario") for r in view.records(kind)]
