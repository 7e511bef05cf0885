"""The validator beyond YAML: schema, ids, references, extends, dice tables, lint, suppression."""

import pytest

from engine.content.validate import validate_paths
from engine.rulesets import workspace

from tests.conftest import write


PLANE = """
kind: toy.plane
id: {id}
name: {name}
speed: 4
"""


def codes(report):
    return sorted((d.code, d.severity.value) for d in report.diagnostics)


def by_code(report, code):
    found = [d for d in report.diagnostics if d.code == code]
    assert found, [d.format() for d in report.diagnostics]
    return found[0]


def test_clean_pack_has_no_findings(make_pack):
    root = make_pack(files={"planes/spit.yaml": PLANE.format(id="spit", name="Spitfire I")})
    report = validate_paths([root], workspace())
    assert report.ok and report.diagnostics == []
    assert report.counts == {"toy.plane": 1}


def test_unknown_key_names_the_line_and_suggests(make_pack):
    root = make_pack(files={"spit.yaml": "kind: toy.plane\nid: spit\nsped: 4\n"})
    report = validate_paths([root], workspace())
    unknown = by_code(report, "schema")
    assert not report.ok
    messages = " | ".join(d.message for d in report.diagnostics)
    assert "unknown field 'sped'. Did you mean 'speed'?" in messages
    assert "required field 'speed' is missing" in messages
    d = [d for d in report.diagnostics if "sped" in d.message][0]
    assert (d.line, d.column, d.path) == (3, 1, "sped")
    assert unknown.file.endswith("spit.yaml")


def test_wrong_type_and_range_say_what_was_given(make_pack):
    root = make_pack(files={"spit.yaml": "kind: toy.plane\nid: spit\nspeed: 40\n"})
    d = by_code(validate_paths([root], workspace()), "schema")
    assert (d.line, d.column, d.path) == (3, 8, "speed")
    assert "less than or equal to 10" in d.message and "got 40" in d.message


@pytest.mark.parametrize("line, expected", [
    ("speed: true", "input should be a valid integer; got True"),  # was a speed of 1
    ("speed: '5'", "input should be a valid integer; got '5'"),
    ("speed: 5.0", "input should be a valid integer; got 5.0"),
    ("speed: 5\nsample: 'no'", "input should be a valid boolean; got 'no'"),  # was False
])
def test_a_value_of_another_type_is_refused_as_the_schema_refuses_it(make_pack, line, expected):
    """The generated JSON Schema (editors, the studio's forms) refuses these; so does the validator."""
    root = make_pack(files={"spit.yaml": f"kind: toy.plane\nid: spit\n{line}\n"})
    assert by_code(validate_paths([root], workspace()), "schema").message == expected


@pytest.mark.parametrize("text, expected", [
    ("kind: aw.air_crt\nid: crt\ndie: d6\nrows: []\n",
     "expected at least 1 item (Rows as printed, lowest roll first); got an empty list"),
    ("kind: af.data_card\nid: b-17f\ndamage: {wings: 1, fuselage: 1, cockpits: [2, 2, 2], fuel: 1}\n",
     "expected at most 2 items (C: hits each cockpit takes, left to right on the record (two for pilot "
     "and co-pilot)); got 3"),
])
def test_a_list_too_short_or_too_long_says_what_the_field_is_and_how_many_it_takes(tmp_path, text, expected):
    """Not pydantic's 'List should have at least 1 item after validation, not 0'."""
    path = tmp_path / "record.yaml"
    path.write_text(text)
    found = [d.message for d in validate_paths([path], workspace()).diagnostics if d.code == "schema"]
    assert expected in found, found


@pytest.mark.parametrize("text, path, expected", [
    ("kind: af.data_card\nid: b-17f\ndamage: {wings: 1, fuselage: 1, cockpits: [-3, 2], fuel: 1}\n",
     "damage.cockpits[0]", "input should be greater than or equal to 0; got -3"),
    ("kind: paw.rules\nid: core\ncombat: {unmodified_rolls: [1, 25]}\n",
     "combat.unmodified_rolls[1]", "input should be less than or equal to 20; got 25"),
])
def test_a_number_in_a_list_is_held_to_the_range_of_its_kind(tmp_path, text, path, expected):
    """A cockpit taking -3 hits, a natural 25 on the d20: each validated, as no number of the list was bounded."""
    record = tmp_path / "record.yaml"
    record.write_text(text)
    found = {d.path: d.message for d in validate_paths([record], workspace()).diagnostics if d.code == "schema"}
    assert found.get(path) == expected, found


CARD = ("kind: aw.campaign_card\nid: recce\nnumber: 16\nside: luftwaffe\nphase: operations\nsegment: flying\n"
        "disposition: reshuffle\neffects:\n  - {type: reveal, scope: all, duration: hour}\ntext: Look.\n")


@pytest.mark.parametrize("change, path, expected", [
    (("segment: flying", "segment: flyng"), "segment",  # a value of either phase's segments: one list, not two
     "expected 'card_pick', 'reinforcement', 'redeploy', 'flying', 'air_combat', 'aa' or 'bomb'; got 'flyng'. "
     "Did you mean 'flying'?"),
    (("type: reveal", "type: reveel"), "effects[0].type",  # not pydantic's "input tag 'reveel' found using ..."
     "expected 'combat_bonus', 'reinforcements', 'refit', 'command_level', 'airbase_counters', 'ground_battle' or "
     "'reveal'; got 'reveel'. Did you mean 'reveal'?"),
    (("type: reveal", "typ: reveal"), "effects[0].type",  # not "unable to extract tag using discriminator"
     "required field 'type' is missing: it says which kind of entry this is; 'typ' is not a field: did you mean "
     "'type'?"),
])
def test_a_value_of_a_fixed_few_lists_them_all_and_suggests_the_closest(tmp_path, change, path, expected):
    record = tmp_path / "recce.yaml"
    record.write_text(CARD.replace(*change))
    found = {d.path: d.message for d in validate_paths([record], workspace()).diagnostics if d.code == "schema"}
    assert found == {path: expected}


def test_unknown_kind_suggests(make_pack):
    root = make_pack(files={"spit.yaml": "kind: toy.plnae\nid: spit\n"})
    d = by_code(validate_paths([root], workspace()), "record.kind")
    assert "Did you mean 'toy.plane'?" in d.message and d.line == 1


def test_an_unknown_kind_like_no_kind_lists_the_kinds_of_the_pack(make_pack):
    root = make_pack(files={"spit.yaml": "kind: 5\nid: spit\n"})
    d = by_code(validate_paths([root], workspace()), "record.kind")
    assert d.message == "unknown kind 5. Expected one of: toy.plane, toy.scenario, toy.table"


def test_duplicate_ids_and_file_names(make_pack):
    root = make_pack(
        files={
            "a/spit.yaml": PLANE.format(id="spit", name="A"),
            "b/spit.yaml": PLANE.format(id="spit", name="B"),
            "c/other.yaml": PLANE.format(id="hurri", name="C"),
        }
    )
    report = validate_paths([root], workspace())
    dup = by_code(report, "id.duplicate")
    assert dup.file.endswith("b/spit.yaml") and "a/spit.yaml:2" in dup.message
    assert by_code(report, "id.filename").severity.value == "warning"


def test_a_copy_that_kept_its_original_s_id_is_the_duplicate_wherever_it_sorts(make_pack):
    """'f4u-corsair-2.yaml' sorts before 'f4u-corsair.yaml': the error went on the file not touched."""
    root = make_pack(files={"spit.yaml": PLANE.format(id="spit", name="Spitfire I"),
                            "spit-2.yaml": PLANE.format(id="spit", name="Spitfire II")})
    report = validate_paths([root], workspace())
    assert [(d.code, d.file.rsplit("/", 1)[-1]) for d in report.diagnostics] == [("id.duplicate", "spit-2.yaml")]
    assert report.diagnostics[0].message.endswith("is already defined in " + str(root / "spit.yaml") + ":2")
    assert report.packs[0].effective()["toy.plane", "spit"].record.name == "Spitfire I"  # and it is the one used


def test_dangling_reference_suggests_close_id_and_name(make_pack):
    root = make_pack(
        files={
            "spitfire-i.yaml": PLANE.format(id="spitfire-i", name="Spitfire I"),
            "t.yaml": """
                kind: toy.table
                id: t
                die: d6
                rows:
                  - {roll: 1-3, plane: spitfire-1}
                  - {roll: 4-6, plane: Spitfire I}
            """,
        }
    )
    report = validate_paths([root], workspace())
    refs = [d for d in report.diagnostics if d.code == "ref.unknown"]
    assert [(d.line, d.path) for d in refs] == [(5, "rows[0].plane"), (6, "rows[1].plane")]
    assert all("Did you mean 'spitfire-i'?" in d.message for d in refs)


def test_dice_table_defects(make_pack):
    root = make_pack(
        files={
            "t.yaml": """
                kind: toy.table
                id: t
                rows:
                  - {roll: 1-6}
                  - {roll: 5-9}
                  - {roll: 20-15}
                  - {roll: 21}
            """,
        }
    )
    report = validate_paths([root], workspace())
    found = codes(report)
    for expected in [
        ("dice.overlap", "warning"),
        ("dice.reversed", "warning"),
        ("dice.out_of_range", "error"),
        ("dice.gap", "warning"),
        ("toy.row_no_plane", "warning"),
    ]:
        assert expected in found, found
    assert "no row for roll 10-14 on d20" in by_code(report, "dice.gap").message
    # the row that had the roll first by its printed roll and its path, not a count that reads like rows[1]
    assert "roll 5-6 is already covered by the row for 1-6 (rows[0])" in by_code(report, "dice.overlap").message


def test_suppression_turns_a_finding_into_info_and_stale_ones_are_reported(make_pack):
    root = make_pack(
        files={
            "t.yaml": """
                kind: toy.table
                id: t
                die: d6
                rows:
                  - {roll: 1-5, plane: p}
                suppress:
                  - {code: dice.gap, reason: as printed}
                  - {code: dice.overlap, path: 'rows[0]', reason: stale}
            """,
            "p.yaml": PLANE.format(id="p", name="P"),
        }
    )
    report = validate_paths([root], workspace())
    gap = by_code(report, "dice.gap")
    assert gap.severity.value == "info" and gap.suppressed == "as printed"
    assert "[suppressed: as printed]" in gap.format()
    stale = by_code(report, "suppress.unused")
    assert stale.severity.value == "warning" and stale.line == 8
    assert report.ok


def test_unreadable_roll_is_a_schema_error(make_pack):
    root = make_pack(files={"t.yaml": "kind: toy.table\nid: t\nrows:\n  - {roll: one}\n"})
    d = by_code(validate_paths([root], workspace()), "schema")
    assert (d.line, d.path) == (4, "rows[0].roll") and "one" in d.message


def test_lint_rule_runs_and_reports_with_position(make_pack):
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nspeed: 3\nturns: [C, A]\n"})
    d = by_code(validate_paths([root], workspace()), "toy.turns_order")
    assert (d.line, d.path, d.severity.value) == (4, "turns", "warning")


def test_extends_overrides_and_resolves_references(make_pack):
    make_pack("base", files={"spit.yaml": PLANE.format(id="spit", name="Spitfire")})
    child = make_pack(
        "child",
        manifest="id: child\nname: c\nversion: '1.0'\nruleset: toy\nextends: base\n",
        files={"t.yaml": "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-6, plane: spit}\n"},
    )
    report = validate_paths([child], workspace())
    assert report.ok and report.diagnostics == [], [d.format() for d in report.diagnostics]
    assert report.counts == {"toy.table": 1}


def test_extends_problems(make_pack):
    make_pack("base")
    bad = make_pack("child", manifest="id: child\nname: c\nversion: '1'\nruleset: toy\nextends: bsae\n")
    d = by_code(validate_paths([bad], workspace()), "pack.extends")
    assert "Did you mean 'base'?" in d.message and d.line == 5
    loop_a = make_pack("la", manifest="id: la\nname: a\nversion: '1'\nruleset: toy\nextends: lb\n")
    make_pack("lb", manifest="id: lb\nname: b\nversion: '1'\nruleset: toy\nextends: la\n")
    assert "cycle" in by_code(validate_paths([loop_a], workspace()), "pack.extends").message


def test_base_packs_are_looked_for_two_folders_down_not_through_every_folder_below(make_pack, tmp_path, monkeypatch):
    from engine.content.loader import find_pack_roots

    for where in ("shelf/near", "shelf/a/b/far"):  # a pack in a folder of packs, and one deeper
        pack_id = where.rsplit("/", 1)[1]
        write(tmp_path / where, {"pack.yaml": f"id: {pack_id}\nname: x\nversion: '1'\nruleset: toy\n"})
    monkeypatch.setenv("SORTIE_PACK_PATH", str(tmp_path / "shelf"))
    for base, found in (("near", True), ("far", False)):
        child = make_pack(f"child-{base}", manifest=f"id: child-{base}\nname: c\nversion: '1'\nruleset: toy\nextends: {base}\n")
        assert validate_paths([child], workspace()).ok is found, base
    assert find_pack_roots(tmp_path / "shelf") == [tmp_path / "shelf/a/b/far", tmp_path / "shelf/near"]  # named: all


def test_manifest_errors(make_pack):
    root = make_pack(manifest="id: Bad Id\nname: x\nversion: one\nruleset: tyo\n")
    report = validate_paths([root], workspace())
    assert {d.path for d in report.diagnostics} >= {"id", "version", "ruleset"}
    assert any("Did you mean 'toy'?" in d.message for d in report.diagnostics)


@pytest.mark.parametrize("slip, path", [("version: 1.0 beta", "version"), ("name: ''", "name"),
                                         ("authors: Ann", "authors")])
def test_a_manifest_wrong_only_outside_its_links_still_links_the_pack(make_pack, slip, path):
    """A version typo is one error at its line, not one at every reference to the base pack."""
    make_pack("base", files={"spit.yaml": PLANE.format(id="spit", name="Spitfire I")})
    key = slip.split(":")[0]
    lines = [slip if line.startswith(f"{key}:") else line
             for line in "id: child\nname: c\nversion: '1'\nruleset: toy\nextends: base\nauthors: []".split("\n")]
    table = "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-6, plane: spit}\n"
    report = validate_paths([make_pack("child", manifest="\n".join(lines) + "\n", files={"t.yaml": table})], workspace())
    assert [(d.code, d.path) for d in report.diagnostics] == [("schema", path)]
    assert report.diagnostics[0].file.endswith("pack.yaml")


def test_an_empty_name_is_an_error_not_a_blank_title(make_pack):
    d = by_code(validate_paths([make_pack(files={"spit.yaml": PLANE.format(id="spit", name="''")})], workspace()), "schema")
    assert (d.path, d.line) == ("name", 3) and "at least 1 character" in d.message


def test_a_version_is_asked_for_in_words(make_pack):
    d = by_code(validate_paths([make_pack(manifest="id: p\nname: p\nversion: 1.0 beta\nruleset: toy\n")], workspace()), "schema")
    assert "expected a version: up to three numbers with dots between, e.g. '1.0.0'" in d.message
    assert "[0-9]" not in d.message and d.message.endswith("got '1.0 beta'")


def test_an_empty_manifest_asks_for_a_manifest_and_stale_suppressions_are_not_guessed(make_pack):
    """Without a manifest there is no ruleset, so its lint rules never ran: a suppression of one
    of them is not 'unused', and removing it as told would lose it."""
    plane = "kind: toy.plane\nid: p\nspeed: 3\nsuppress:\n  - {code: toy.turns_order, reason: as printed}\n"
    root = make_pack(manifest="# to do\n", files={"p.yaml": plane})
    report = validate_paths([root], workspace())
    assert codes(report) == [("yaml.empty", "error")]
    assert report.diagnostics[0].message == "pack.yaml is empty; expected a mapping with id, name, version, ruleset"


def test_file_linked_outside_the_pack_is_refused(make_pack, tmp_path):
    outside = tmp_path / "secret.yaml"
    outside.write_text(PLANE.format(id="x", name="x"))
    root = make_pack()
    (root / "x.yaml").symlink_to(outside)
    d = by_code(validate_paths([root], workspace()), "pack.escape")
    assert "outside its pack" in d.message


def test_single_file_reports_only_that_file_but_checks_references(make_pack):
    root = make_pack(
        files={
            "spit.yaml": PLANE.format(id="spit", name="S"),
            "broken.yaml": "kind: toy.plane\nid: broken\n",
            "t.yaml": "kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1-6, plane: spit}\n",
        }
    )
    report = validate_paths([root / "t.yaml"], workspace())
    assert report.ok and report.diagnostics == []
    report = validate_paths([root / "broken.yaml"], workspace())
    assert [d.code for d in report.diagnostics] == ["schema"]


def test_bad_files_never_change_on_disk(make_pack):
    files = {
        "a.yaml": b"kind: toy.plane\nid: a\nid: b\n",
        "b.yaml": b"\xff\xfe\x00",
        "c.yaml": b"!!python/object:os.system\n",
    }
    root = make_pack(files=files)
    validate_paths([root], workspace())
    for name, raw in files.items():
        assert (root / name).read_bytes() == raw


def test_a_workspace_relinks_a_pack_whose_manifest_was_edited(make_pack):
    from engine.content.yamlio import parse_yaml

    make_pack("base")
    other = make_pack("other")
    child = make_pack("child", manifest="id: child\nname: c\nversion: '1'\nruleset: toy\nextends: base\n")
    ws = workspace()
    pack = ws.pack(child)
    assert pack.base.id == "base"
    ws.pack(other)
    ws.relink(pack, parse_yaml("id: child\nname: c\nversion: '1'\nruleset: toy\nextends: other\n", "pack.yaml"))
    assert pack.base.id == "other" and pack.diagnostics == []
    ws.relink(pack, parse_yaml("id: child\nname: c\nversion: two\nruleset: tyo\n", "pack.yaml"))
    assert pack.manifest is None and pack.base is None
    assert {d.path for d in pack.diagnostics} == {"version", "ruleset"}


def test_two_packs_sharing_an_id_are_told_apart_by_folder(make_pack, tmp_path):
    make_pack("one", manifest="id: planes\nname: x\nversion: 1.0.0\nruleset: toy\n")
    make_pack("two", manifest="id: planes\nname: x\nversion: 1.0.0\nruleset: toy\n")
    d = by_code(validate_paths([tmp_path], workspace()), "pack.duplicate_id")
    assert d.file.endswith("two/pack.yaml") and (d.line, d.severity.value) == (1, "warning")
    assert f"pack id 'planes' is also the id of the pack in {tmp_path / 'one'};" in d.message


@pytest.mark.parametrize("text, path, expected", [
    ("kind: toy.plane\nid: Spit_I\nspeed: 4\n", "id", "expected an id: lower-case letters, digits, '.', '_' and '-'"),
    ("kind: toy.table\nid: t\ndie: D6\nrows: []\n", "die", "expected a die: 'd6', '2d6', 'd20'"),
    ("kind: toy.table\nid: t\ndie: d6\nrows:\n  - {roll: 1to6}\n", "rows[0].roll",
     "expected a roll: a number (7), a range ('1-5'), an open range ('19+') or alternatives ('1 or 20'); got '1to6'"),
])
def test_a_value_of_the_wrong_form_is_described_in_words_not_as_a_regular_expression(make_pack, text, path, expected):
    root = make_pack(files={"x.yaml": text})
    [d] = [d for d in validate_paths([root], workspace()).diagnostics if d.code == "schema"]
    assert d.path == path and d.message.startswith(expected), d.message
    assert "^" not in d.message and "valid integer" not in d.message


def test_a_pattern_without_words_adds_the_fields_description_and_its_example():
    from pydantic import ValidationError

    from engine.content.loader import schema_diagnostics
    from engine.content.model import Model, field
    from engine.content.yamlio import parse_yaml

    class Hex(Model):
        code: str = field("Hex code as printed, e.g. 'AB12'.", pattern=r"^[A-Z]+[0-9]+$")

    doc = parse_yaml(b"code: 12ab\n", "h.yaml")
    try:
        Hex.model_validate(doc.data)
    except ValidationError as exc:
        [d] = schema_diagnostics(Hex, doc.data, exc, doc)
    assert d.message == ("string should match pattern '^[A-Z]+[0-9]+$' (Hex code as printed, e.g. 'AB12'); "
                         "got '12ab'")


def test_a_base_pack_missing_from_an_installation_without_content_says_where_to_point(make_pack, tmp_path, monkeypatch):
    """An installation without the bundled packs (the wheel carries them; one made without them)
    finds no bundled base pack, and the message says what to put on SORTIE_PACK_PATH."""
    import engine.content.validate as validate

    child = make_pack("child", manifest="id: child\nname: c\nversion: '1'\nruleset: toy\nextends: my-base\n")
    assert "bundled content." in by_code(validate_paths([child], workspace()), "pack.extends").message
    monkeypatch.setattr(validate, "BUNDLED_CONTENT", tmp_path / "site-packages" / "engine" / "bundled")
    d = by_code(validate_paths([child], workspace()), "pack.extends")
    assert "which this installation does not have" in d.message and "on SORTIE_PACK_PATH" in d.message


def test_a_pack_that_kept_its_bases_id_is_told_to_take_its_own(make_pack):
    make_pack("base")
    copy = make_pack("my-copy", manifest="id: base\nname: c\nversion: '1'\nruleset: toy\nextends: base\n")
    d = by_code(validate_paths([copy], workspace()), "pack.extends")
    assert (d.line, d.path) == (5, "extends")
    assert d.message == ("this pack's own id is 'base', so it would extend itself: a pack copied from its base "
                         "keeps the base's id; give this one its own id")


def test_a_field_indented_too_little_is_told_to_go_under_the_key_above():
    """`climb:` then `step: 3` in the same column makes `step` a field of the record; "did you mean
    'sample'?" would send the modder the wrong way."""
    from pydantic import ValidationError

    from engine.content.loader import schema_diagnostics
    from engine.content.model import Model, field
    from engine.content.yamlio import parse_yaml

    class Mark(Model):
        step: int = field("Ruler mark.")

    class Plane(Model):
        sample: bool = field("A sample.", False)
        climb: Mark | None = field("Climb icon.", None)

    doc = parse_yaml(b"climb:\nstep: 3\nstap: 4\n", "p.yaml")
    try:
        Plane.model_validate(doc.data)
    except ValidationError as exc:
        found = {d.path: (d.line, d.message) for d in schema_diagnostics(Plane, doc.data, exc, doc)}
    assert found["step"] == (2, "unknown field 'step' here, but 'climb' above has a field 'step': indent it under 'climb:'")
    assert found["stap"][1].startswith("unknown field 'stap'.")  # not a field of climb's either


def test_a_misspelled_extends_is_one_error_not_one_per_reference(make_pack, capsys, monkeypatch):
    """The references to the base and the rules that look at other records would each fail for the
    one cause: they wait for 'extends' to resolve, said once; what a record holds is still checked."""
    from engine.cli import main

    monkeypatch.chdir(make_pack("base", files={"spit.yaml": "kind: toy.plane\nid: spit\nspeed: 4\n"}).parent)
    make_pack("child", manifest="id: child\nname: c\nversion: '1'\nruleset: toy\nextends: bse\n",
              files={f"t{i}.yaml": f"kind: toy.table\nid: t{i}\ndie: d6\nrows:\n  - {{roll: 1-6, plane: spit}}\n"
                     for i in range(5)} | {"fast.yaml": "kind: toy.plane\nid: fast\nspeed: 99\n"})
    assert main(["validate", "child"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1] for line in out] == ["error[schema]", "error[pack.extends]", "info[pack.unchecked]"]
    assert out[0].startswith("child/fast.yaml:3:")  # its own field, checked without the base
    assert "base pack 'bse' not found" in out[1] and "Did you mean 'base'?" in out[1]
    assert "the references and lint rules of 5 record(s) are not checked until 'extends'" in out[2]


def test_a_dice_gap_is_reported_where_the_missing_roll_would_go(make_pack):
    root = make_pack(files={"t.yaml": "kind: toy.table\nid: t\ndie: d20\nrows:\n  - {roll: 1-4}\n"
                                      "  - {roll: 5-9}\n  - {roll: 15-18}\n"})
    report = validate_paths([root], workspace())
    gaps = [d for d in report.diagnostics if d.code == "dice.gap"]
    assert [(d.line, d.path, d.message) for d in gaps] == [
        (7, "rows[2].roll", "no row for roll 10-14 on d20: between the row for 5-9 (rows[1]) and the row for "
                            "15-18 (rows[2])"),
        (7, "rows[2].roll", "no row for roll 19-20 on d20: after the row for 15-18 (rows[2])"),
    ]


def test_a_sides_possessive_is_english():
    """"the allies's missions" and "across allies's edge" were in generated text."""
    from engine.content.diagnostics import possessive

    assert [possessive(s) for s in ("allies", "axis", "vvs", "luftwaffe")] == ["allies'", "axis's", "vvs's", "luftwaffe's"]
