"""The schemas an editor checks with, and the validator, on a corpus of broken records: a schema may
accept less than the validator checks (lint rules, references), never a record the validator
refuses as a schema error."""

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from engine.content.diagnostics import Severity
from engine.content.loader import BUNDLED_CONTENT
from engine.content.schemas import SCHEMAS_DIR
from engine.content.validate import validate_paths
from engine.content.yamlio import dump_yaml
from engine.rulesets import workspace

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")
REGISTRY = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema))
    for schema in (json.loads(p.read_text()) for p in SCHEMAS_DIR.glob("*.json")))


def schema_of(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS_DIR / name).read_text()), registry=REGISTRY)


def breakages(record: dict, schema: dict):
    """(what, broken record) for each way of breaking a record its kind's schema describes."""
    props, required = schema.get("properties", {}), [r for r in schema.get("required", []) if r not in ("kind", "id")]
    if required:
        yield f"no {required[0]}", {k: v for k, v in record.items() if k != required[0]}
    yield "an unknown field", {**record, "colour": "red"}
    yield "a kind of another ruleset", {**record, "kind": "zz.plane"}
    for name, prop in props.items():
        if name in record and prop.get("type") == "integer":
            yield f"{name} a word", {**record, name: "many"}
            yield f"{name} a fraction", {**record, name: record[name] + 0.5}
            yield f"{name} true", {**record, name: True}
            break
    for name, prop in props.items():
        if name in record and prop.get("type") == "string" and "enum" not in prop:
            yield f"{name} a list", {**record, name: ["x"]}
            break


def corpus(ruleset: str, base: str) -> list[tuple[str, dict]]:
    """The first record of each kind of a bundled pack, broken every way `breakages` knows."""
    seen, out = set(), []
    for path in sorted((BUNDLED_CONTENT / base).rglob("*.yaml")):
        record = yaml.safe_load(path.read_text())
        if path.name == "pack.yaml" or record.get("kind") in seen:
            continue
        seen.add(record["kind"])
        schema = json.loads((SCHEMAS_DIR / f"{record['kind']}.json").read_text())
        out += [(f"{record['kind']} {what}", broken) for what, broken in breakages(record, schema)]
    return out


@pytest.mark.parametrize("ruleset, base", [("paw", "pocket-air-war"), ("aw", "red-eagles"),
                                            ("hm", "hex-minis"), ("af", "air-force")])
def test_no_schema_accepts_a_record_the_validator_refuses_as_a_schema_error(tmp_path, ruleset, base):
    root = tmp_path / "mine"
    root.mkdir()
    (root / "pack.yaml").write_text(f"id: mine\nname: Mine\nversion: 0.1.0\nruleset: {ruleset}\nextends: {base}\n")
    cases = corpus(ruleset, base)
    for i, (_, broken) in enumerate(cases):
        (root / f"case-{i:03d}.yaml").write_text(dump_yaml(broken))
    report = validate_paths([root], workspace())
    refused = {Path(d.file).name for d in report.diagnostics if d.severity is Severity.ERROR
               and d.code in ("schema", "kind", "record.kind")}
    records = schema_of(f"{ruleset}.json")
    laxer = [what for i, (what, broken) in enumerate(cases)
             if f"case-{i:03d}.yaml" in refused and records.is_valid(broken)]
    assert len(cases) > 20 and len(refused) > 20
    assert laxer == []


def test_pack_yaml_of_no_known_ruleset_fails_its_schema():
    manifest = schema_of("pack.json")
    assert manifest.is_valid({"id": "x", "name": "X", "version": "1.0.0", "ruleset": "paw"})
    errors = list(manifest.iter_errors({"id": "x", "name": "X", "version": "1.0.0", "ruleset": "pqw"}))
    assert [list(e.absolute_path) for e in errors] == [["ruleset"]]


@pytest.mark.xfail(strict=True, reason="JSON Schema counts 34.0 an integer (draft 2020-12, 'integer' is any number "
                   "with no fraction): no schema can refuse what the validator refuses as a float")
def test_an_integer_written_as_a_float_fails_its_schema():
    dashboard = yaml.safe_load((BUNDLED_CONTENT / "pocket-air-war" / "dashboards" / "a6m2-zero.yaml").read_text())
    assert not schema_of("paw.json").is_valid({**dashboard, "points": 34.0})
