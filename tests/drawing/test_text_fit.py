"""Names fitted to the room they have: smaller, then on two lines, and cut only as a last resort."""

import pytest

from engine.drawing.shapes import Font
from engine.drawing.kit import squeeze, stacked, text_width

BOLD = Font(2.0, bold=True)


def test_a_name_that_fits_is_left_alone():
    assert squeeze("Yak", BOLD, 20) == (["Yak"], BOLD)


def test_a_long_name_is_set_smaller_before_anything_is_cut():
    lines, font = squeeze("Lancaster", BOLD, text_width("Lancaster", BOLD) * 0.8)
    assert lines == ["Lancaster"] and font.size == pytest.approx(BOLD.size * 0.8)


def test_two_lines_split_where_the_longer_line_is_shortest_and_a_lone_word_at_a_hyphen():
    width = text_width("anti-aircraft", BOLD) * 0.8  # too narrow for one line even at 65%
    lines, font = squeeze("Light anti-aircraft", BOLD, width, lines=2)
    assert lines == ["Light", "anti-aircraft"] and font.size == pytest.approx(BOLD.size * 0.7)
    assert squeeze("Primorsko-Akhtarsk", BOLD, width, lines=2)[0] == ["Primorsko-", "Akhtarsk"]
    assert squeeze("Light anti-aircraft", BOLD, width)[0][0].endswith("…")  # one line allowed: cut


def test_only_a_line_still_too_wide_at_the_smallest_size_is_cut():
    lines, font = squeeze("Supercalifragilistic", BOLD, 10, lines=2)
    assert len(lines) == 1 and lines[0].endswith("…") and font.size == pytest.approx(BOLD.size * 0.65)
    assert text_width(lines[0], font) <= 10


@pytest.mark.parametrize("anchor, first, last", [("n", 5.0, 7.5), ("s", 2.5, 5.0), ("w", 3.75, 6.25)])
def test_stacked_lines_hang_from_sit_on_or_centre_on_their_anchor(anchor, first, last):
    block = stacked(0, 5.0, ["one", "two"], BOLD, "#000000", anchor)
    assert [t.text for t in block.items] == ["one", "two"]  # read top down whatever the anchor
    assert [t.y for t in block.items] == pytest.approx([first, last])


def test_text_is_measured_by_the_faces_own_metrics_in_every_script():
    """An ASCII-only table measured Cyrillic 9-17% too narrow, so a Russian name ran to the edge."""
    from engine.drawing.fonts import advance

    assert text_width("Spitfire", BOLD) == pytest.approx(advance("Spitfire", bold=True) * BOLD.size / 0.729)
    assert advance("Штурмовик") > advance("Shturmovik") * 0.95  # it was 60 hundredths an em a letter
    assert advance("Ил-2 Штурмовик") == pytest.approx(8.79, abs=0.05)  # DejaVu Sans's own widths


def test_a_name_cut_to_fit_and_a_glyph_the_face_lacks_are_print_problems():
    from engine.drawing.kit import fit
    from engine.drawing.sheets import Component, lay_out
    from engine.drawing.shapes import Drawing, Rect, Text

    def counter(name):
        return Drawing(16, 16, (Rect(0, 0, 16, 16), Text(8, 8, fit(name, BOLD, 14), BOLD)))

    sheets, problems = lay_out([Component(counter("Yak-1"), counter("Yak-1"), "aw.air_unit yak"),
                                Component(counter("Ил-2 Штурмовик"), None, "aw.air_unit il-2"),
                                Component(counter("零戦"), None, "paw.dashboard zero")], "a4", "Toy")
    assert len(sheets) == 1  # all printed, and said
    assert problems[0] == "aw.air_unit il-2: text cut to fit its room: 'Ил-2…'; shorten it"
    assert problems[1].startswith("paw.dashboard zero: the print face (") and "has no glyph for '戦零' in '零戦'" in problems[1]
    assert len(problems) == 2
