"""Routes on the playtest board (Air Wars 17.0): the route of the destination highlighted, the one
a person builds with Shift-clicks (a refused one in the warning colour), and a flight's path."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.drawing.shapes import Ellipse, Polygon
from engine.rulesets.aw.play.flying import default_route
from studio.playtest.run import PERSON
from studio.playtest.trails import HALO, REFUSED, ROUTE

from .test_playtest import cell_point, fly_a_stack, play_until, playtest, studio  # noqa: F401 - studio: fixture


def drawn(view) -> list[Polygon]:
    """The routes on the board now: open lines drawn over the printed board (their halos left out)."""
    base = len(view.painter.base.items)
    return [i for i in view.board.drawing.items[base:]
            if isinstance(i, Polygon) and not i.closed and i.style.stroke != HALO]


def points(view, cells) -> tuple:
    return tuple(view.painter.cell_point(c) for c in cells)


def shift_click(qtbot, view, square) -> None:
    """A Shift-click on the square, through whatever is drawn over it."""
    qtbot.mouseClick(view.board.viewport(), Qt.MouseButton.LeftButton, pos=cell_point(view, square))


@pytest.fixture
def fly_to(studio, qtbot):  # noqa: F811 - the fixture imported above
    """A person playing the VVS, asked where a stack flies: the view, the decision, and a move of
    three squares or more whose engine route the other way round the rectangle it spans differs."""
    view = playtest(studio, ("aw.scenario", "red-eagles")).play
    view.set_seat("vvs", PERSON)
    decision = play_until(qtbot, view, "aw.fly_to", lambda d: fly_a_stack(view, d))
    static = view.run.game.state.static
    for row, option in enumerate(decision.options):
        if option["type"] != "move" or len(default_route(decision, option["at"])) < 3:
            continue
        a, b = static.squares[decision.start], static.squares[static.index[option["at"]]]
        if a.row == b.row or a.col == b.col:
            continue
        across, down = (1 if b.col > a.col else -1), (1 if b.row > a.row else -1)
        other = [static.labels[a.row * static.cols + c] for c in range(a.col + across, b.col + across, across)]
        other += [static.labels[r * static.cols + b.col] for r in range(a.row + down, b.row + down, down)]
        if other != default_route(decision, option["at"]) and decision.accept({**option, "route": other}):
            return view, decision, row, option, other
    raise AssertionError("no move to fly the other way round")


def test_the_highlighted_destination_shows_its_route_and_the_shift_clicked_one(fly_to, qtbot, monkeypatch):
    view, decision, row, option, other = fly_to
    start = decision.context["from"]
    view.decision.options.setCurrentRow(row)
    default = default_route(decision, option["at"])
    (line,) = drawn(view)
    assert line.points == points(view, [start, *default]) and line.style.stroke == ROUTE

    monkeypatch.setattr(QApplication, "keyboardModifiers", staticmethod(lambda: Qt.KeyboardModifier.ShiftModifier))
    shift_click(qtbot, view, default[0])  # a square the drawn route crosses: the click reaches it
    assert view.decision.via.text() == default[0]
    (line,) = drawn(view)  # straight on from there to the end: not through a grid side, refused
    assert line.points == points(view, [start, default[0], option["at"]])
    assert line.style.stroke == REFUSED and line.style.dash
    assert decision.explain({**option, "route": [default[0], option["at"]]}).startswith("step 2 of the route")

    view.decision.via.clear()
    for square in other[:-1]:
        shift_click(qtbot, view, square)
    assert view.decision.via.text() == " ".join(other[:-1])
    (line,) = drawn(view)
    assert line.points == points(view, [start, *other]) and line.style.stroke == ROUTE and not line.style.dash
    monkeypatch.undo()

    view.decision.choose_current()
    qtbot.waitUntil(lambda: view.run.person_to_move() is not decision, timeout=20_000)
    view.run.pause()
    flight = next(i for i, e in enumerate(view.events) if e["type"] == "aw.flight" and e["path"] == other)
    view.set_cursor(flight)
    (line,) = drawn(view)
    layout = view.setup.layout
    assert line.points == points(view, [start, *other])
    assert line.style.stroke == layout.side_colour(view.setup.scenario, view.setup.content, "vvs")


def test_a_replayed_flight_is_drawn_in_its_sides_colour_and_other_events_draw_none(studio, qtbot):  # noqa: F811
    view = playtest(studio, ("aw.scenario", "red-eagles")).play
    view.end_action.trigger()
    qtbot.waitUntil(lambda: not view.run.busy, timeout=60_000)
    flights = {e["side"]: i for i, e in enumerate(view.events) if e["type"] == "aw.flight" and len(e["path"]) > 1}
    setup = view.setup
    colours = set()
    for side, index in flights.items():
        view.set_cursor(index)
        event = view.events[index]
        (line,) = drawn(view)
        assert line.points == points(view, [event["from"], *event["path"]])
        assert line.style.stroke == setup.layout.side_colour(setup.scenario, setup.content, side)
        colours.add(line.style.stroke)
    assert len(flights) == 2 and len(colours) == 2
    events = view.events
    met = next(i for i, e in enumerate(events) if e["type"] == "aw.reveal" and "contact" in e["why"])
    flight = next(i for i in range(met, len(events)) if events[i]["type"] == "aw.flight")
    asked = max(i for i in range(met) if events[i]["type"] == "decision")
    contacts = [e["at"] for e in events[asked:flight] if e["type"] == "aw.reveal"]
    assert set(contacts) <= set(events[flight]["path"])
    view.set_cursor(flight)
    base = len(view.painter.base.items)
    rings = [(i.cx, i.cy) for i in view.board.drawing.items[base:] if isinstance(i, Ellipse) and i.style.dash]
    assert rings == list(points(view, contacts))  # where contact revealed the stack, on the way
    view.set_cursor(0)
    assert drawn(view) == []
