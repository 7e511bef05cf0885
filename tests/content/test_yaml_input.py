"""Every class of hostile or broken YAML becomes a diagnostic: no traceback, hang or code."""

import pytest

from engine.content.yamlio import MAX_DEPTH, dump_yaml, parse_yaml

BILLION_LAUGHS = b"a: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n".encode()
    for p, c in zip("abcdefgh", "bcdefghi")
)


@pytest.mark.parametrize(
    "source, code, line",
    [
        (b"a: [1, 2\n", "yaml.syntax", 2),
        (b"", "yaml.empty", 1),
        (b"# only a comment\n", "yaml.empty", 1),
        (b"id: x\nname: caf\xe9\n", "yaml.encoding", 2),
        (b"a: 1\nb: 2\na: 3\n", "yaml.duplicate_key", 3),
        (b"a: !!python/object/apply:os.system ['touch /tmp/pwned']\n", "yaml.tag", 1),
        (b"a: !!python/name:os.system\n", "yaml.tag", 1),
        (b"a: !custom 3\n", "yaml.tag", 1),
        (b"a: " + b"9" * 6000 + b"\n", "yaml.number", 1),
        (b"[" * (MAX_DEPTH + 5) + b"]" * (MAX_DEPTH + 5), "yaml.too_deep", 1),
        (BILLION_LAUGHS, "yaml.too_large", None),
        (b"a: 1\n---\nb: 2\n", "yaml.multiple_documents", 2),
        (b"? [a, b]\n: 1\n", "yaml.complex_key", 1),
        (b"a: x\x07y\n", "yaml.syntax", 1),
        (b"a: *nope\n", "yaml.syntax", 1),
    ],
)
def test_bad_yaml_gives_one_positioned_error(source, code, line):
    doc = parse_yaml(source, "f.yaml")
    assert doc.data is None
    codes = [d.code for d in doc.diagnostics]
    assert codes == [code], [d.format() for d in doc.diagnostics]
    diag = doc.diagnostics[0]
    assert diag.file == "f.yaml" and diag.severity.value == "error"
    if line is not None:
        assert diag.line == line
    assert diag.column >= 1


@pytest.mark.parametrize("source, said", [
    (BILLION_LAUGHS, "(alias bomb?)"),
    (b"rows:\n" + b"  - {roll: 1, plane: spit}\n" * 100_001, "file holds more than 200000 values; a content file "
     "holds one record, far smaller than that: split it"),
])
def test_too_many_values_says_alias_bomb_only_where_there_are_aliases(source, said):
    """A long file of plain rows was told it was an alias bomb."""
    [diag] = parse_yaml(source, "f.yaml").diagnostics
    assert diag.code == "yaml.too_large" and said in diag.message


def test_python_tags_never_execute(tmp_path):
    marker = tmp_path / "pwned"
    parse_yaml(f"a: !!python/object/apply:os.system ['touch {marker}']\n".encode())
    assert not marker.exists()


def test_scalars_follow_yaml_core_not_yaml_11():
    doc = parse_yaml(b"a: no\nb: yes\nc: 1-5\nd: 07\ne: 1.5\nf: '3'\ng: ~\nh: 2024-01-01\ni: true\n")
    assert doc.data == {
        "a": "no", "b": "yes", "c": "1-5", "d": 7, "e": 1.5, "f": "3", "g": None,
        "h": "2024-01-01", "i": True,
    }


def test_positions_point_at_values_and_keys():
    doc = parse_yaml(b"id: x\nrows:\n  - {roll: 1-5, plane: spit}\n  - roll: 6\n    plane: hurri\n")
    assert doc.locate(("rows", 0, "plane")) == (3, 24)
    assert doc.locate(("rows", 1, "plane")) == (5, 12)
    assert doc.locate(("rows", 1, "plane"), key=True) == (5, 5)
    assert doc.locate(("rows", 7, "plane")) == doc.locate(("rows",))


def test_dump_is_stable_and_round_trips():
    data = {
        "kind": "toy.table",
        "id": "t",
        "rows": [{"roll": "1-5", "plane": "spit"}, {"roll": 6, "plane": "no"}],
        "text": "two\nlines\n",
        "nested": {"deep": [{"a": 1, "b": [1, 2]}]},
    }
    text = dump_yaml(data, "# header\n")
    assert text.startswith("# header\nkind: toy.table\n")
    assert "  - {roll: 1-5, plane: spit}\n" in text  # one table row per line
    assert "plane: 'no'" in text  # quoted so that YAML 1.1 readers keep it a string
    again = parse_yaml(text)
    assert again.data == data and again.header == "# header\n"
    assert dump_yaml(again.data, again.header) == text


@pytest.mark.parametrize("source, at, says", [
    # a key indented one space too far under its list item, as in a theater table's sections
    ("sections:\n  - die: d20\n   role: fighter\n", (3, 4), "line 3 does not line up with the block it belongs to, "
     "which starts at line 2, column 3: the keys of one mapping, and the '- ' of the items of one list, go in one column"),
    ("sides:\n  allies:\n   factions: [raf]\n    printed: RAF\n", (4, 5), "line 4 does not line up with the block"),
    ("id: x\n name: y\n", (2, 6), "line 2 is indented further than the line above it"),
    ("name: Spitfire: Mk I\n", (1, 15), "a second ': ' on one line: quote a value that holds ': '"),
    ("rows:\n\t- 1\n", (2, 1), "a tab: YAML is indented with spaces only"),
    ("roles: [fighter, bomber\nid: x\n", (2, 3), "the bracket opened at line 1, column 8 is not closed"),
])
def test_a_syntax_error_says_what_to_fix_in_a_modders_words(source, at, says):
    """The parser speaks of block ends and tokens; the message says what is wrong on the line."""
    [diag] = parse_yaml(source.encode(), "f.yaml").diagnostics
    assert (diag.code, (diag.line, diag.column)) == ("yaml.syntax", at)
    assert says in diag.message, diag.message


def test_a_quote_inside_a_quoted_value_is_not_called_an_indent():
    [diag] = parse_yaml(b"kind: toy.plane\nname: 'Hawker's Hurricane'\n", "f.yaml").diagnostics
    assert (diag.line, diag.code) == (2, "yaml.syntax")
    assert "a single quote inside is written twice ('It''s')" in diag.message and "line up" not in diag.message
