"""The plane records are the printed rows, read through the reconstructed column headers."""

from __future__ import annotations

import pytest

# Rows exactly as printed (rulebook: Rules, fighter and bomber tables), headers lost.
FIGHTER_ROWS = """\
| P-38 Lightning | 1 | 4 | 6 | 4 | 5 | 8 |
| P-40 Warhawk | 1 | 3 | 4 | 3 | 4 | 5 |
| P-47B Thunderbolt | 1 | 4 | 6 | 3 | 4 | 8 |
| P-51 Mustang | 1 | 3 | 5 | 3 | 2 | 7 |
| P-61A Black Widow | 3 | 6 | 5 | 4 | - | 10 |
| F4U Corsair | 1 | 3 | 5 | 2 | 3 | 6 |
| F4F Wildcat | 1 | 3 | 3 | 2 | 3 | 6 |
| F6F Hellcat | 1 | 3 | 5 | 3 | 4 | 7 |
| Hurrican IID | 1 | 4 | 4 | 3 | 3 | 6 |
| Spitfire I - V | 1 | 4 | 4 | 2 | 2 | 5 |
| Spitfire IX - XIV | 1 | 4 | 5 | 2 | 3 | 5 |
| Mosquito FB Mk IV | 2 | 6 | 5 | 4 |
| Mig-3 | 1 | 3 | 5 | 2 | 3 | 5 |
| La-5/7 | 1 | 3 | 5 | 2 | 3 | 5 |
| Yak-7/9 | 1 | 3 | 5 | 2 |
| Airacobra | 1 | 4 | 5 | 3 |
| Me109E | 1 | 3 | 5 | 2 | 2 | 5 |
| Me 109G | 1 | 4 | 5 | 3 | 3 | 6 |
| Me 110G | 1+1 | 4/1 | 4 | 4 | 4 | 8 |
| FW 190A | 1 | 4 | 5 | 3 | 3 | 7 |
| Me 262 | 1 | 5 | 9 | 5 | 6 | 6 |
| A6M5 Zero Army | 1 | 3 | 4 | 2 | 3 | 5 |
| A6M5 Zero Navy | 1 | 2 | 3 | 1 | 2 | 4 |
| Ki-43 Oscar | 1 | 1 | 4 | 2 | 2 | 5 |
| Ki-45 Nick | 1+1 | 4/1 | 4 | 4 | 4 | 8 |
"""

BOMBER_ROWS = """\
| B-17G Fortress | 10 | Heavy | 2 | 2 | 2 | 1 | 2 | 2 | 2 | 22 | 3-6 |
| B-24J Liberator | 8 | Heavy | 2 | 2 | 2 | 1 | 2 | 3 | 3 | 18 | 3-6 |
| B-25D Mitchell | 5 | Heavy | 4 | 3 | - | 1 | 2 | 3 | 3 | 10 | 4-6 |
| TBF Avenger | 3 | Light | 2 | 1 | - | - | 4 | 3 | 3 | 5 | 3-6 |
| Lancaster | 6 | Heavy | 2 | 2 | - | - | 4* | 3 | 3 | 18 | 3-6 |
| IL-2 | 2 | Fighter Bomber | 4 | - | - | - | 1 | 3 | 3 | 5 | 5-6 |
| Tu-2 | 4 | Medium | - | - | 2 | - | 2 | 4 | 4 | 13 | 4-6 |
| Pe-2 | 3 | Light | 1 | 1 | - | - | 1 | 4 | 4 | 7 | 5-6 |
| JU-87D |
| JU-88G | 4 | Medium | 2 | 2 | - | - | 2 | 3 | 3 | 14 | 4-6 |
| HE-111H | 5 | Medium | 2 | 2 | - | 1 | 2 | 3 | 3 | 12 | 4-6 |
| B5N Kate | 3 | Light | - | - | - | - | 1 | 3 | 3 | 4 | 5-6 |
| D4Y Judy | 2 | Light | - | - | - | - | 1 | 4 | 4 | 3 | 5-6 |
| G4M2 Betty | 7 | Medium | 2 | 1 | - | 2 | 2 | 3 | 2 | 9 | 4-6 |
"""


def rows(text: str) -> dict[str, list[str]]:
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        out[cells[0]] = cells[1:]
    return out


def by_name(records, kind):
    return {r.name: r for (k, _), r in records.items() if k == kind}


def cell(value) -> str | None:
    return None if value is None else str(value)


def fighter_cells(f) -> list[str | None]:
    """The record written back as the printed row: Crew | Guns (Front/Tail) | Speed | Turn | Immelman | Damage."""
    crew = f"{f.crew}+{f.gunners}" if f.gunners else cell(f.crew)
    guns = f"{f.guns_front}/{f.guns_tail}" if f.guns_tail else cell(f.guns_front)
    return [crew, guns, cell(f.speed), cell(f.turn), cell(f.immelman), cell(f.damage)]


def bomber_cells(b, columns: dict[str, int]) -> list[str | None]:
    """Crew | Class | five turret columns | Speed | Turn | Damage | Bomb."""
    turrets = ["-"] * 5
    for t in b.turrets:
        turrets[columns[t.position] - 1] = f"{t.dice}{t.mark or ''}"
    klass = None if b.bomber_class is None else b.bomber_class.replace("-", " ").title()
    head = [cell(b.crew), klass] + (turrets if b.turrets else [None] * 5)
    return head + [cell(b.speed), cell(b.turn), cell(b.damage), cell(b.bomb)]


def test_every_printed_fighter_row_is_a_record(records):
    fighters = by_name(records, "hm.fighter")
    printed = rows(FIGHTER_ROWS)
    assert set(fighters) == set(printed) and len(printed) == 25
    for name, cells in printed.items():
        written = fighter_cells(fighters[name])
        assert written[: len(cells)] == cells, name
        assert all(v is None for v in written[len(cells):]), f"{name}: blank cells must stay blank"


def test_every_printed_bomber_row_is_a_record(records):
    bombers = by_name(records, "hm.bomber")
    columns = {rid: r.column for (k, rid), r in records.items() if k == "hm.turret"}
    printed = rows(BOMBER_ROWS)
    assert set(bombers) == set(printed) and len(printed) == 14
    for name, cells in printed.items():
        written = bomber_cells(bombers[name], columns)
        assert written[: len(cells)] == cells, name
        assert all(v is None for v in written[len(cells):]), f"{name}: blank cells must stay blank"


def test_turret_positions_fill_the_five_middle_columns_once(records):
    columns = sorted(r.column for (k, _), r in records.items() if k == "hm.turret")
    assert columns == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("name", ["IL-2", "B5N Kate", "D4Y Judy"])
def test_reading_four_turrets_and_a_speed_would_leave_planes_unable_to_turn(name):
    """Why the bomber's fifth value after Class is the tail turret, not Speed."""
    cells = rows(BOMBER_ROWS)[name]
    wrong_speed, wrong_turn = int(cells[6]), int(cells[7])
    assert wrong_turn > wrong_speed


def test_printed_bombers_turn_at_their_speed_in_twelve_of_thirteen_rows(records):
    filled = [r for (k, _), r in records.items() if k == "hm.bomber" and r.speed is not None]
    assert len(filled) == 13
    assert [r.name for r in filled if r.turn != r.speed] == ["G4M2 Betty"]
