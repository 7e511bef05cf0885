"""The worked example of docs/modding.md does what the guide says: it validates clean with
--strict (an authored table names its planes without a printed name), is in canonical form,
`sortie mission` rolls on its timeline and its scenario plays to the end."""

import re
import shutil
from pathlib import Path

import yaml

from engine.cli import main
from engine.content.validate import validate_paths
from engine.rulesets import workspace

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "paw-malta"
SCENARIO = EXAMPLE / "scenarios" / "malta-1942-mission-3.yaml"


def test_the_example_pack_has_not_one_finding():
    report = validate_paths([EXAMPLE], workspace())
    assert [d.format() for d in report.diagnostics] == []
    assert report.counts["paw.theater_table"] == 5


def test_the_example_pack_is_in_canonical_form_and_passes_the_ci_line(capsys):
    assert main(["fmt", "--check", str(EXAMPLE)]) == 0
    assert main(["validate", "--strict", "--github", str(EXAMPLE)]) == 0
    assert "::" not in capsys.readouterr().out  # no annotation at all


def test_a_mission_rolls_on_the_example_timeline(tmp_path):
    out = tmp_path / "mission.yaml"
    argv = ["mission", "--pack", str(EXAMPLE), "--theater", "malta", "--timeline", "malta-1942", "--seed", "3",
            "--out", str(out)]
    assert main(argv) == 0
    assert "timeline: malta-1942" in out.read_text()


def test_the_example_scenario_plays_to_the_end(capsys):
    assert main(["play", str(SCENARIO), "--seed", "1"]) == 0
    assert "Result:" in capsys.readouterr().out


def test_a_table_left_out_of_the_example_is_named_with_what_to_add(tmp_path):
    pack = tmp_path / "paw-malta"
    shutil.copytree(EXAMPLE, pack)
    (pack / "theater_tables" / "malta-axis-ground-targets.yaml").unlink()
    (pack / "theater_tables" / "malta-rai.yaml").unlink()
    found = sorted(d.message for d in validate_paths([pack], workspace()).diagnostics)
    assert found == [
        "no availability table for 'rai': add a paw.theater_table with timeline: malta-1942 and a table of "
        "type availability, faction: rai",
        "the axis side rolls for missions but no ground targets table serves them: add a paw.theater_table "
        "with timeline: malta-1942, side: axis and a table of type ground_targets",
    ]


def test_the_guides_pocket_air_war_snippets_are_the_example_packs_files():
    """docs/modding.md quotes the example's records whole: they must stay the files the tests run."""
    guide = (EXAMPLE.parents[1] / "modding.md").read_text(encoding="utf-8")
    snippets = [s for s in re.findall(r"```yaml\n(.*?)```", guide, re.S) if s.startswith("kind: paw.")]
    files = {p.stem: p.read_text(encoding="utf-8") for p in EXAMPLE.rglob("*.yaml")}
    assert len(snippets) == 4
    for snippet in snippets:
        record_id = re.search(r"^id: (\S+)$", snippet, re.M).group(1)
        assert snippet == files[record_id], record_id


def test_a_mission_on_a_pack_named_by_id_off_the_search_path_says_how_to_name_it(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    argv = ["mission", "--pack", "paw-malta", "--theater", "malta", "--timeline", "malta-1942", "--seed", "3"]
    assert main(argv) == 2
    assert "A pack of your own: give its folder, or put the folder that holds it on SORTIE_PACK_PATH." \
        in capsys.readouterr().err
    monkeypatch.setenv("SORTIE_PACK_PATH", str(EXAMPLE.parent))
    assert main(argv) == 0


def test_the_example_theater_with_its_unnamed_tables_previews(tmp_path):
    """The example's tables have no `name`: the theater's preview drew their titles from it and
    crashed with a traceback; an unnamed record goes by its id."""
    assert main(["preview", str(EXAMPLE), "paw.theater", "malta", "--out", str(tmp_path)]) == 0
    svg = (tmp_path / "paw.theater" / "malta.svg").read_text(encoding="utf-8")
    assert "malta-raf" in svg


def test_an_unnamed_record_goes_by_its_id_and_is_written_back_without_a_name():
    from engine.content.pack import record_text
    from engine.rulesets import kinds

    text = (EXAMPLE / "theater_tables" / "malta-raf.yaml").read_text(encoding="utf-8")
    record = kinds()["paw.theater_table"].model_validate(yaml.safe_load(text))
    assert record.name == "malta-raf" == record.label
    assert record_text(record, "") == text


def test_a_mission_the_tables_cannot_give_says_which_record_to_add(tmp_path, capsys):
    pack = tmp_path / "paw-malta"
    shutil.copytree(EXAMPLE, pack)
    (pack / "theater_tables" / "malta-axis-ground-targets.yaml").unlink()
    argv = ["mission", "--pack", str(pack), "--theater", "malta", "--timeline", "malta-1942", "--seed", "3"]
    assert main(argv) == 1  # seed 3 rolls a Strategic Bombing: its target comes from the missing table
    assert "no GROUND TARGETS table for the axis's missions: add a paw.theater_table with timeline: malta-1942, " \
           "side: axis and a table of type ground_targets" in capsys.readouterr().err
