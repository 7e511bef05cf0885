"""Generated schemas: valid JSON Schema, addressable, and every field documented."""

import jsonschema
import pytest

from engine.content.schemas import SCHEMA_BASE, all_schemas
from engine.rulesets import kinds, rulesets

SCHEMAS = all_schemas(kinds())


def _properties(schema: dict):
    """(owner title, field name, property) for every property, nested definitions included."""
    for owner in [schema, *schema.get("$defs", {}).values()]:
        for name, prop in owner.get("properties", {}).items():
            yield owner.get("title", "?"), name, prop


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_is_valid_and_has_an_id(name):
    schema = SCHEMAS[name]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"{SCHEMA_BASE}{name}"


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_field_has_a_description(name):
    missing = [f"{owner}.{field}" for owner, field, prop in _properties(SCHEMAS[name])
               if not prop.get("description")]
    assert missing == [], f"fields without a description in {name}: {missing}"


def test_every_kind_is_namespaced_by_its_ruleset():
    for ruleset in rulesets().values():
        for kind in ruleset.kind_ids():
            assert kind.startswith(ruleset.id + ".")
    assert all(f"{k}.json" in SCHEMAS for k in kinds())
