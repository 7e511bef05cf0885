"""The Air Force data card: the rulebook's worked examples read off the drawn screens."""

import math

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.view import ContentView
from engine.drawing.shapes import Group, Polygon, Text
from engine.rulesets.af import RULESET
from engine.rulesets.af.draw.preview import COLOURS, HATCH, SCREEN_H, SCREEN_W, _mr_columns
from engine.rulesets import workspace

from tests.previews import texts


@pytest.fixture(scope="module")
def view():
    return ContentView.of_pack(workspace().pack(BUNDLED_CONTENT / "air-force"))


def card(view, rid):
    record = view.get("af.data_card", rid)
    return record, RULESET.previews["af.data_card"](record, view)


def screen(drawing, number):
    """The group of screen `number` (1-4)."""
    return next(g for g in drawing.items if isinstance(g, Group)
                and any(isinstance(i, Text) and i.text.startswith(f"{number} ") for i in g.items))


def column_of(item, columns):
    """Radial column index of a cell text, counted from the left end of the semicircle."""
    cx, cy = SCREEN_W / 2, SCREEN_H - 6.0
    angle = math.degrees(math.atan2(cy - item.y, item.x - cx))
    return int((180.0 - angle) // (180.0 / columns))


def band_index(record, altitude_ft):
    return record.bands.index(record.band_for(altitude_ft))


def test_speed_increments_colour_each_speed(view):
    # Speed Increments example: a P-47 below 10,000 ft at speed 4 is in Maneuver Speed,
    # at speed 8 in Dive Speed.
    p47, drawing = card(view, "p-47d")
    b = band_index(p47, 9000)
    cells = [i for i in screen(drawing, 1).items if isinstance(i, Polygon)
             and i.key.startswith(f"bands[{b}].speeds")]
    top = max(x.speeds.dive for x in p47.bands)
    assert len(cells) == top + 1  # one per speed, 0 to the highest dive speed of the card
    assert cells[4].style.fill == COLOURS["maneuver"] and cells[8].style.fill == COLOURS["dive"]
    assert cells[0].style.fill == COLOURS["stall"]


def test_maneuverability_requirement_is_read_up_the_column(view):
    # A P-47 at Maneuver Speed at 10,000 ft must move three hexes before it can turn.
    p47, drawing = card(view, "p-47d")
    b = band_index(p47, 10000)
    columns = _mr_columns(p47)
    code, = [i for i in screen(drawing, 2).items if isinstance(i, Text) and "R" in i.text
             and i.key.startswith(f"bands[{b}].mr")]
    assert columns[column_of(code, len(columns))][0] == 3


def test_speed_change_factors(view):
    # A Hurricane II at 15,000 ft has two Power Factors and two Brake Factors.
    hurricane, drawing = card(view, "hurricane-ii")
    b = band_index(hurricane, 15000)
    marks = [i.text for i in screen(drawing, 3).items if isinstance(i, Text)
             and i.key in (f"bands[{b}].power", f"bands[{b}].brake")]
    assert marks == ["PB", "PB"]


def test_altitude_change_climb_areas_and_speed_bands(view):
    # A P-47D at 16,000 ft, level speed, can climb 600 ft in a turn; climbing 300 ft loses
    # one speed point, diving 600 ft gains three.
    p47, drawing = card(view, "p-47d")
    b = band_index(p47, 16000)
    items = screen(drawing, 4).items
    climb = [i for i in items if isinstance(i, Polygon) and i.key.startswith(f"bands[{b}].climb")]
    fills = [c.style.fill for c in climb]
    assert fills[5] == COLOURS["level"] and fills[4] == COLOURS["maneuver"]  # +.6 and +.5
    assert fills[6] == COLOURS["dive"]  # +.7 only at dive speed
    labels = [i.text for i in items if isinstance(i, Text)]
    amounts = [t for t in labels if t.startswith(("+.", "-.", "+1", "-1")) and "." in t]
    assert "+.3" in amounts and "-.6" in amounts
    loss = [i.text for i in items if isinstance(i, Text) and i.key == "climb_speed"]
    gain = [i.text for i in items if isinstance(i, Text) and i.key == "dive_speed"]
    assert loss[2] == "-1"  # the third climb column, +.3
    dives = len(gain)
    assert gain[dives - 6] == "+3"  # -.6, counted from the right end of the dives
    hatch = [i for i in items if getattr(i, "style", None) is not None and i.key == f"bands[{b}].dive_ft"
             and not isinstance(i, Polygon)]
    assert len(hatch) == p47.bands[b].dive_ft // 100 and hatch[0].style.stroke == HATCH


def test_target_characteristics_and_clock_diagrams(view):
    spit, drawing = card(view, "spitfire-ix")
    assert texts(drawing, "damage.wings") == ["W", "4"] and texts(drawing, "damage.engines")[-1] == "2"
    assert [texts(drawing, f"guns[{i}].factors")[0] for i in range(4)] == ["3C", "2M", "2M", "3C"]
    assert texts(drawing, "guns[0].range") == ["FF(4)"]
    assert texts(drawing, "blind_spots.cells[2]") == ["-2"]
    b17, drawing = card(view, "b-17g")
    assert "flexible only: see gunnery" in texts(drawing, "guns")
    assert "12" in texts(drawing, "gunnery.cells[0]")


def test_board_sections_and_compass(view):
    board = view.get("af.board", "air-force-board")
    drawing = RULESET.previews["af.board"](board, view)
    assert [t for t in drawing.texts() if t in ("I", "II", "III", "IV", "V", "VI")] == \
        ["I", "II", "III", "IV", "V", "VI"]
    assert "I-A1" in drawing.texts() and texts(drawing, "up")[0] == "1"
