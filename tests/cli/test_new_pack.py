"""`sortie new pack`: a pack set up for an editor (schemas, VS Code's yaml.schemas) and for CI
(a workflow running validate and fmt), and the schema that picks a record's kind from `kind:`."""

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml
from referencing import Registry, Resource

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


def schemas_of(folder: Path) -> Registry:
    """The schemas of a folder, found by their `$id`s as a validator (or an editor) resolves `$ref`s."""
    resources = [Resource.from_contents(json.loads(p.read_text())) for p in folder.glob("*.json")]
    return Registry().with_resources((r.contents["$id"], r) for r in resources)


def validator(folder: Path, name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads((folder / name).read_text()), registry=schemas_of(folder))


@pytest.fixture
def malta(tmp_path, capsys) -> Path:
    root = tmp_path / "my-malta"
    assert main(["new", "pack", str(root), "--ruleset", "paw", "--extends", "pocket-air-war",
                 "--install", "sortie @ git+https://example.org/sortie.git"]) == 0
    capsys.readouterr()
    return root


def test_a_new_pack_has_its_manifest_schemas_editor_settings_and_ci_workflow(malta, capsys):
    assert yaml.safe_load((malta / "pack.yaml").read_text()) == {
        "id": "my-malta", "name": "My Malta", "version": "0.1.0", "ruleset": "paw", "extends": "pocket-air-war"}
    settings = json.loads((malta / ".vscode" / "settings.json").read_text())["yaml.schemas"]
    assert settings["./schemas/pack.json"] == "pack.yaml"
    assert settings["./schemas/paw.json"][:1] == ["**/*.yaml"] and "!pack.yaml" in settings["./schemas/paw.json"]
    for schema in settings:
        assert (malta / schema).is_file()
    assert (malta / "schemas" / "paw.dashboard.json").is_file() and not (malta / "schemas" / "af.board.json").exists()
    steps = [step.get("run", "") for step in
             yaml.safe_load((malta / ".github" / "workflows" / "sortie.yml").read_text())["jobs"]["validate"]["steps"]]
    assert 'python -m pip install "sortie @ git+https://example.org/sortie.git"' in steps
    assert "sortie validate --strict --github ." in steps and "sortie fmt --check ." in steps
    # and it is a valid pack, in canonical form, as its CI will find it
    assert main(["validate", "--strict", str(malta)]) == 0
    assert main(["fmt", "--check", str(malta)]) == 0


def test_the_records_schema_picks_each_records_kind_and_passes_every_bundled_record(malta):
    records = validator(malta / "schemas", "paw.json")
    checked = 0
    for path in (BUNDLED_CONTENT / "pocket-air-war").rglob("*.yaml"):
        if path.name != "pack.yaml":
            errors = list(records.iter_errors(yaml.safe_load(path.read_text())))
            assert not errors, f"{path}: {errors[0].message}"
            checked += 1
    assert checked > 100
    manifest = validator(malta / "schemas", "pack.json")
    assert not list(manifest.iter_errors(yaml.safe_load((malta / "pack.yaml").read_text())))


def test_the_records_schema_reports_a_broken_record_at_its_field(malta):
    records = validator(malta / "schemas", "paw.json")
    dashboard = yaml.safe_load((BUNDLED_CONTENT / "pocket-air-war" / "dashboards" / "a6m2-zero.yaml").read_text())
    errors = list(records.iter_errors({**dashboard, "acceleration": "fast"}))
    assert [list(e.absolute_path) for e in errors] == [["acceleration"]]  # the dashboard's schema, picked by kind
    errors = list(records.iter_errors({**dashboard, "kind": "paw.dashbord"}))
    assert [list(e.absolute_path) for e in errors] == [["kind"]] and "is not one of" in errors[0].message
    assert list(records.iter_errors({"id": "x"}))[0].message == "'kind' is a required property"


def test_a_pack_of_its_own_id_name_and_in_an_existing_folder(tmp_path, capsys):
    clone = tmp_path / "Clone"
    clone.mkdir()
    (clone / "README.md").write_text("mine")
    assert main(["new", "pack", str(clone), "--ruleset", "aw", "--id", "kuban-44", "--name", "Kuban 1944"]) == 0
    assert yaml.safe_load((clone / "pack.yaml").read_text())["name"] == "Kuban 1944"
    assert (clone / "README.md").read_text() == "mine"
    err = capsys.readouterr().err  # run from a checkout: where CI should install Sortie from is the modder's to say
    assert "edit the install line of" in err and "--install SPEC" in err


@pytest.mark.parametrize("argv, message", [
    (["--ruleset", "pw"], "--ruleset pw: no such ruleset. Did you mean 'paw'? Rulesets: af, aw, hm, paw"),
    (["--ruleset", "paw", "--extends", "pocket-air-wa"],
     "base pack 'pocket-air-wa' not found beside pack 'new-one'"),
    (["--ruleset", "af", "--extends", "pocket-air-war"], "pocket-air-war"),
    (["--ruleset", "paw", "--id", "Bad Id"], "--id Bad Id: a pack id is lower-case letters"),
])
def test_bad_arguments_are_refused_plainly_and_write_nothing(tmp_path, capsys, argv, message):
    root = tmp_path / "packs" / "new-one"
    assert main(["new", "pack", str(root), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # not even the folders it made


def test_a_new_pack_overwrites_nothing(malta, capsys):
    shutil.rmtree(malta / "schemas")
    before = (malta / ".vscode" / "settings.json").read_text()
    (malta / "pack.yaml").unlink()
    assert main(["new", "pack", str(malta), "--ruleset", "paw"]) == 2
    assert f"{malta / '.vscode' / 'settings.json'} is there already; a new pack overwrites nothing" \
        in capsys.readouterr().err
    assert (malta / ".vscode" / "settings.json").read_text() == before and not (malta / "pack.yaml").exists()
