"""The dice-table preview shows rows as bars, their chances, and gaps and overlaps."""

from engine.drawing.dice import dice_tables_drawing
from engine.drawing.shapes import Rect

from tests import toy


def table(rows, die="d6"):
    return toy.Table.model_validate({"kind": "toy.table", "id": "t", "die": die, "rows": rows})


def test_clean_table_has_one_bar_per_row_and_full_coverage():
    drawing = dice_tables_drawing(table([{"roll": "1-2", "plane": "a"}, {"roll": "3-6", "plane": "b"}]))
    texts = drawing.texts()
    assert "33.3% · 1/3" in texts and "66.7% · 2/3" in texts and "100.0% in all" in texts
    assert "plane: a" in texts
    bars = [i for i in drawing.walk() if isinstance(i, Rect) and i.key == "rows[1].roll"]
    assert len(bars) == 1 and abs(bars[0].w - 4 * (110 / 6)) < 1e-6
    assert drawing.notes == ()
    assert {"rows[0].roll", "rows[1].roll", "rows", "die"} <= drawing.keys()


def test_gap_overlap_reversed_and_out_of_range_are_drawn_and_noted():
    drawing = dice_tables_drawing(
        table([{"roll": "1-3"}, {"roll": "3-4"}, {"roll": "20-15"}], die="d20")
    )
    texts = " | ".join(drawing.texts())
    notes = " | ".join(drawing.notes)
    assert "gap: 5-14" in texts and "overlap: 3 (rows 1, 2)" in texts
    assert "runs backwards" in notes and "no row for roll 5-14 on d20" in notes
    overlap_cells = [i for i in drawing.walk() if isinstance(i, Rect) and i.style.fill == "#f0a83c"]
    assert len(overlap_cells) == 2  # the doubled face in row 2, and its coverage cell
    out = dice_tables_drawing(table([{"roll": "1-8"}]))
    assert "roll 1-8 is outside d6" in " | ".join(out.notes)


def test_two_dice_show_face_chances_and_records_without_tables_give_none():
    drawing = dice_tables_drawing(table([{"roll": "2-7"}, {"roll": "8+"}], die="2d6"))
    assert "58.3% · 7/12" in drawing.texts() and "41.7% · 5/12" in drawing.texts()
    plane = toy.Plane.model_validate({"kind": "toy.plane", "id": "p", "speed": 3})
    assert dice_tables_drawing(plane) is None
