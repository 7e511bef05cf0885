"""Drawings exported as SVG: real sizes, every item kind, keys kept, text placed by cap height."""

import xml.etree.ElementTree as ET

import pytest

from engine.drawing.shapes import CAP_HEIGHT, Arc, Drawing, Ellipse, Font, Group, Line, Polygon, Rect, Style, Text
from engine.drawing.svg import arc_point, to_svg, write_svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(drawing: Drawing) -> ET.Element:
    return ET.fromstring(to_svg(drawing).split("\n", 1)[1])


def test_document_is_sized_in_millimetres_with_title_notes_and_background():
    root = parse(Drawing(150, 60.5, (), title="Spitfire <I>", notes=("sample", "nominal")))
    assert root.get("width") == "150mm" and root.get("height") == "60.5mm"
    assert root.get("viewBox") == "0 0 150 60.5"
    assert root.find("svg:title", NS).text == "Spitfire <I>"
    assert root.find("svg:desc", NS).text == "sample / nominal"
    assert root.find("svg:rect", NS).get("fill") == "#ffffff"
    assert parse(Drawing(10, 10, (), background=None)).find("svg:rect", NS) is None


def test_every_item_kind_is_written_with_its_style_and_key():
    items = (
        Line(0, 0, 10, 5, Style("#ff0000", width=0.5, dash=(1, 2)), key="a"),
        Polygon(((0, 0), (4, 0), (4, 4)), style=Style(fill="#00ff00"), key="b"),
        Polygon(((0, 0), (4, 0), (4, 4)), closed=False, key="c"),
        Rect(1, 2, 3, 4, radius=0.5, style=Style(None, fill="#0000ff", opacity=0.5), key="d"),
        Ellipse(5, 5, 2, 1, key="e"),
        Arc(0, 0, 10, 0, 90, pie=True, key="f"),
        Text(3, 4, "A & B", Font(2.0, bold=True, italic=True), "#123456", key="g"),
    )
    root = parse(Drawing(20, 20, items, background=None))
    tags = [el.tag.split("}")[1] for el in root]
    assert tags == ["line", "polygon", "polyline", "rect", "ellipse", "path", "text"]
    assert [el.get("data-key") for el in root] == list("abcdefg")
    line, polygon, polyline, rect, _, path, text = list(root)
    assert line.get("stroke") == "#ff0000" and line.get("stroke-dasharray") == "1 2"
    assert polygon.get("fill") == "#00ff00" and polyline.get("fill") == "none"
    assert rect.get("stroke") == "none" and rect.get("opacity") == "0.5" and rect.get("rx") == "0.5"
    assert path.get("d").startswith("M0,0 L10,0 A10,10") and path.get("d").endswith("Z")
    assert text.text == "A & B" and text.get("font-weight") == "bold"
    assert text.get("font-style") == "italic" and text.get("fill") == "#123456"


@pytest.mark.parametrize("anchor, text_anchor, dy", [
    ("nw", "start", 1.0), ("n", "middle", 1.0), ("ne", "end", 1.0),
    ("w", "start", 0.5), ("c", "middle", 0.5), ("e", "end", 0.5),
    ("sw", "start", 0.0), ("s", "middle", 0.0), ("se", "end", 0.0),
])
def test_text_is_anchored_by_its_cap_height(anchor, text_anchor, dy):
    (el,) = parse(Drawing(50, 50, (Text(10, 20, "X", Font(4.0), anchor=anchor),), background=None))
    assert el.get("text-anchor") == text_anchor
    assert float(el.get("y")) == pytest.approx(20 + 4.0 * dy)
    assert float(el.get("font-size")) == pytest.approx(4.0 / CAP_HEIGHT, abs=1e-3)


def test_arcs_turn_counter_clockwise_on_the_page():
    # 0 degrees is +x, 90 is up the page (y smaller): the page's y runs down.
    assert arc_point(0, 0, 10, 90) == pytest.approx((0, -10))
    (small,) = parse(Drawing(30, 30, (Arc(0, 0, 10, 0, 90),), background=None))
    assert small.get("d") == "M10,0 A10,10 0 0 0 0,-10"
    (large,) = parse(Drawing(30, 30, (Arc(0, 0, 10, 0, 270),), background=None))
    assert " 0 1 0 " in large.get("d")
    (clockwise,) = parse(Drawing(30, 30, (Arc(0, 0, 10, 0, -90),), background=None))
    assert clockwise.get("d") == "M10,0 A10,10 0 0 1 0,10"
    (full,) = parse(Drawing(30, 30, (Arc(5, 5, 2, 0, 360),), background=None))
    assert full.get("d").count("A") == 2


def test_groups_translate_rotate_and_scale_in_that_order():
    group = Group((Rect(0, 0, 1, 1),), dx=10, dy=5, rotate=30, scale=2, key="unit")
    (g,) = parse(Drawing(30, 30, (group,), background=None))
    assert g.get("transform") == "translate(10 5) rotate(30) scale(2)"
    assert g.get("data-key") == "unit" and g[0].tag.endswith("rect")
    (plain,) = parse(Drawing(30, 30, (Group((), dx=1),), background=None))
    assert plain.get("transform") == "translate(1 0)"


def test_rotated_text_turns_about_its_anchor():
    (el,) = parse(Drawing(30, 30, (Text(5, 6, "N", rotate=90),), background=None))
    assert el.get("transform") == "rotate(90 5 6)"


def test_write_svg_creates_folders(tmp_path):
    out = write_svg(Drawing(10, 10, (Text(5, 5, "é"),)), tmp_path / "a" / "b.svg")
    assert out.read_text(encoding="utf-8").startswith("<?xml")
    assert "é" in out.read_text(encoding="utf-8")
