"""Printed rolls the dice tables must read: alternatives ('1 or 20') and rows with no roll."""

from fractions import Fraction

from engine.content.dice import DiceTable, Roll, check_table
from engine.content.model import Model, field


class Row(Model):
    roll: Roll | None = field("Roll as printed; null when none was printed.", None)
    what: str = field("Result.", "")


class Table(DiceTable):
    rows: list[Row] = field("Rows.", default_factory=list)


def findings(table):
    out = []
    check_table(table, (), lambda sev, code, path, msg: out.append((code, path, msg)))
    return out


def test_alternatives_cover_both_ends_and_are_rolled():
    table = Table(rows=[Row(roll="1 or 20", what="jet"), Row(roll="2-19", what="prop")])
    assert findings(table) == []
    assert table.lookup(1).what == "jet" and table.lookup(20).what == "jet"
    assert table.lookup(7).what == "prop"
    assert table.probabilities() == [Fraction(2, 20), Fraction(18, 20)]


def test_alternative_overlapping_another_row_is_reported():
    table = Table(rows=[Row(roll="1 or 20"), Row(roll="2-20")])
    assert [(c, m) for c, _, m in findings(table)] == [
        ("dice.overlap", "roll 20 is already covered by the row for 1 or 20 (rows[0])")
    ]


def test_row_without_roll_is_never_rolled_and_is_reported():
    table = Table(rows=[Row(roll=None, what="lost"), Row(roll="1-10", what="kept")])
    codes = {(c, p) for c, p, _ in findings(table)}
    assert ("dice.no_roll", ("rows", 0)) in codes
    assert ("dice.gap", ("rows", 1, "roll")) in codes  # 11-20 would go after the row for 1-10
    assert table.lookup(5).what == "kept" and table.lookup(15) is None
    assert table.probabilities() == [Fraction(0), Fraction(1, 2)]
