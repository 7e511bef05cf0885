"""The §VI log codes: parsed, written back, and refused with the place and what was expected."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rulesets.af.play.codes import CodeError, Entry, format_entry, parse

LETTERS = "BNRLSTVHE"


@pytest.mark.parametrize("code,entry", [
    # §VI Examples of Log Entries
    ("2R2R1PD.3", Entry((2, "R", 2, "R", 1), power=1, altitude=-300)),
    ("2S1KC.1", Entry((2, "S", 1), brake=1, altitude=100)),
    ("2TR2PD1.1", Entry((2, "T", "R", 2), power=1, altitude=-1100)),
    ("R2H2", Entry(("R", 2, "H", 2))),
    ("3VPPD.8", Entry((3, "V"), power=2, altitude=-800)),
    # §VI Codes: "SLL = slip right followed by two left turns"; "D1.2 indicates a dive of 1,200 feet"
    ("SLL", Entry(("S", "L", "L"))),
    ("4D1.2", Entry((4,), altitude=-1200)),
    ("SPIN", Entry(spin=True)),
    ("12", Entry((12,))),
    ("B3NC2.0", Entry(("B", 3, "N"), altitude=2000)),
])
def test_vi_log_examples_parse_and_write_back(code, entry):
    assert parse(code, LETTERS) == entry
    assert format_entry(entry) == code


def test_adjacent_straight_runs_are_written_as_one_number():
    assert format_entry(Entry((1, 1, "R", 2, 1))) == "2R3"


def test_a_whole_thousand_may_be_written_without_its_decimal():
    assert parse("4D2", LETTERS).altitude == -2000


@pytest.mark.parametrize("code,position,expected", [
    ("2X", 1, "a maneuver letter"),
    ("2PK", 2, "P or K, not both"),
    ("2D", 2, "an altitude change"),
    ("2C.033", 2, "an altitude change"),
    ("2D.3C.1", 4, "the end"),
    ("0R", 0, "1 or more"),
    ("2D.0", 2, "at least .1"),
    ("", 0, "SPIN"),
    ("2KKP", 3, "K, C, D or the end"),
])
def test_a_malformed_entry_names_the_place_and_what_was_expected(code, position, expected):
    with pytest.raises(CodeError) as e:
        parse(code, LETTERS)
    assert e.value.position == position
    assert expected in e.value.expected
    assert f"character {position + 1}" in str(e.value)


@st.composite
def entries(draw) -> Entry:
    steps = draw(st.lists(st.integers(1, 12) | st.sampled_from(tuple(LETTERS)), max_size=8))
    merged: list = []
    for t in steps:  # the log writes one number per straight run
        if isinstance(t, int) and merged and isinstance(merged[-1], int):
            merged[-1] += t
        else:
            merged.append(t)
    power = draw(st.integers(0, 4))
    brake = 0 if power else draw(st.integers(0, 3))
    altitude = draw(st.integers(-30, 30)) * 100
    if not (merged or power or brake or altitude):
        merged = [1]
    return Entry(tuple(merged), power, brake, altitude)


@given(entries())
def test_every_entry_written_reads_back_the_same(entry):
    assert parse(format_entry(entry), LETTERS) == entry
