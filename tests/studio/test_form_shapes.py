"""Schema shapes beyond plain fields: tagged unions, tuples, keyed maps, unions of enums."""

from typing import Annotated, Literal, Union

import pytest
from pydantic import Field
from PySide6.QtWidgets import QMessageBox

import engine.rulesets
from engine.content.model import Model, Record, field, kind_literal
from engine.core.contract import Ruleset
from studio.fields import ChoiceField, NumberField, YamlField
from studio.form import TupleField, VariantField
from studio.main_window import MainWindow
from tests.conftest import write


class Bonus(Model):
    type: Literal["bonus"] = field("Which effect.", "bonus")
    amount: int = field("How much.", 1, ge=1, le=3)


class Refit(Model):
    type: Literal["refit"] = field("Which effect.", "refit")
    units: int = field("How many units refit.", ge=1, le=9)


class Shapes(Record):
    kind: kind_literal("toy.shapes")
    effect: Annotated[Union[Bonus, Refit], Field(discriminator="type", description="One effect.")]
    point: tuple[float, float] = field("Where, in mm.", (0.0, 0.0))
    sides: dict[Literal["axis", "allies"], int] = field("Points per side.", default_factory=dict)
    segment: Literal["a", "b"] | Literal["c"] | None = field("Segment, if any.", None)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, sandbox):
    ruleset = Ruleset(id="toy", name="Toy", description="shapes", kinds=(Shapes,))
    monkeypatch.setattr(engine.rulesets, "rulesets", lambda: {"toy": ruleset})
    monkeypatch.setattr(engine.rulesets, "kinds", lambda: {"toy.shapes": Shapes})
    monkeypatch.setenv("SORTIE_PACK_PATH", "")
    root = write(tmp_path / "shapes", {
        "pack.yaml": "id: shapes\nname: Shapes\nversion: '1'\nruleset: toy\n",
        "s.yaml": "kind: toy.shapes\nid: s\neffect: {type: bonus, amount: 2}\npoint: [1.5, 2.0]\n"
                  "sides: {axis: 3}\n",
    })
    w = MainWindow([root], remember=False)
    w.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.show()
    w.open_record("toy.shapes", "s")
    return w


def test_tagged_union_switches_shape_and_edits_inside(window, qtbot):
    rec = window.rec
    effect = window.form.editor_at(("effect",))
    assert isinstance(effect, VariantField) and effect.choice.currentText() == "bonus"
    amount = window.form.editor_at(("effect", "amount"))
    assert isinstance(amount, NumberField) and amount.spin.value() == 2
    effect.choice.activated.emit(1)
    assert rec.data["effect"] == {"type": "refit", "units": 1}
    units = window.form.editor_at(("effect", "units"))
    assert units is not amount and units.spin.high == 9
    window.undo_action.trigger()
    assert rec.data["effect"] == {"type": "bonus", "amount": 2}
    assert window.form.editor_at(("effect", "amount")).spin.value() == 2


def test_tuples_keyed_maps_and_enum_unions_get_real_widgets(window, qtbot):
    rec = window.rec
    point = window.form.editor_at(("point",))
    assert isinstance(point, TupleField) and [p.spin.value() for p in point.parts] == [1.5, 2.0]
    point.parts[1].spin.setValue(4.0)
    assert rec.data["point"] == [1.5, 4.0]
    allies = window.form.editor_at(("sides", "allies"))
    assert isinstance(allies, NumberField)
    allies.spin.setValue(5)
    assert rec.data["sides"] == {"axis": 3, "allies": 5}
    segment = window.form.editor_at(("segment",))
    assert isinstance(segment, ChoiceField) and segment.options == ["a", "b", "c"]
    assert not window.form.root.findChildren(YamlField)
    assert rec.model is not None


class Outcome(Model):
    roll: int = field("Roll.", ge=1, le=6)
    results: list[Literal["runs", "stops"]] = field("Result per column.", default_factory=list)


class Chart(Record):
    kind: kind_literal("toy.chart")
    rows: list[Outcome] = field("Rows.", default_factory=list)


def test_rows_holding_short_lists_are_still_a_grid(qtbot, tmp_path, monkeypatch, sandbox):
    from studio.grid import GridField
    from tests.studio.test_window import edit_cell

    ruleset = Ruleset(id="toy", name="Toy", description="chart", kinds=(Chart,))
    monkeypatch.setattr(engine.rulesets, "rulesets", lambda: {"toy": ruleset})
    monkeypatch.setattr(engine.rulesets, "kinds", lambda: {"toy.chart": Chart})
    root = write(tmp_path / "charts", {
        "pack.yaml": "id: charts\nname: Charts\nversion: '1'\nruleset: toy\n",
        "c.yaml": "kind: toy.chart\nid: c\nrows:\n  - {roll: 1, results: [runs, stops]}\n",
    })
    w = MainWindow([root], remember=False)
    w.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.show()
    rec = w.open_record("toy.chart", "c")
    grid = w.form.editor_at(("rows",))
    assert isinstance(grid, GridField) and grid.table.item(0, 1).text() == "runs, stops"
    edit_cell(qtbot, grid, 0, "results", "stops, stops, runs")
    assert rec.data["rows"][0]["results"] == ["stops", "stops", "runs"]
