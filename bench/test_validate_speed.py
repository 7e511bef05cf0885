"""Full validation of the bundled content versus schema-only validation with python-jsonschema.

Target (issue 2): the full validation — YAML with positions, models, ids, references
through `extends`, dice tables and every lint rule — is no slower than
jsonschema checking the same files against the generated schemas (YAML parsing
with libyaml included on both sides).

    .venv/bin/python -m pytest bench/test_validate_speed.py --benchmark-only
"""

from pathlib import Path

import jsonschema
import pytest
import yaml

from engine.content.loader import BUNDLED_CONTENT, find_pack_roots
from engine.content.pack import MANIFEST
from engine.content.schemas import all_schemas
from engine.rulesets import kinds
from engine.content.validate import validate_paths
from engine.rulesets import workspace

FILES = sorted(
    p for root in find_pack_roots(BUNDLED_CONTENT) for p in Path(root).rglob("*.yaml") if p.name != MANIFEST
)


@pytest.fixture(scope="module")
def validators():
    return {name[: -len(".json")]: jsonschema.Draft202012Validator(schema)
            for name, schema in all_schemas(kinds()).items()}


def schema_only(validators):
    errors = 0
    for path in FILES:
        data = yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)
        errors += sum(1 for _ in validators[data["kind"]].iter_errors(data))
    return errors


def full():
    return validate_paths([BUNDLED_CONTENT], workspace())


def test_full_validation(benchmark):
    report = benchmark(full)
    assert report.ok
    benchmark.extra_info["files"] = len(FILES)


def test_jsonschema_schema_only(benchmark, validators):
    assert benchmark(schema_only, validators) == 0
    benchmark.extra_info["files"] = len(FILES)
