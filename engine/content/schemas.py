"""JSON Schemas generated from the content models; `schemas/` is their output.

The models are the single source of truth. The schemas exist for everyone who
is not Python: YAML language servers in editors, the studio's form builder,
third-party tools. `generate` writes them; a test fails when `schemas/` is stale.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

from .model import Record
from .pack import PackManifest

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_BASE = "https://sortie.games/schemas/"
# A wheel installs schemas/ inside the engine package (pyproject maps it), a checkout keeps it at its root.
_INSTALLED = Path(__file__).resolve().parents[1] / "schemas"
SCHEMAS_DIR = _INSTALLED if _INSTALLED.is_dir() else Path(__file__).resolve().parents[2] / "schemas"


def _finish(schema: dict, name: str, title: str) -> dict:
    out = {"$schema": SCHEMA_DIALECT, "$id": f"{SCHEMA_BASE}{name}.json"}
    schema = dict(schema)
    schema["title"] = title
    out.update(schema)
    return out


def kind_schema(model) -> dict:
    kind = model.kind_id()
    schema = model.model_json_schema(mode="validation")
    schema["x-kind"] = kind
    return _finish(schema, kind, f"{model.__name__} ({kind})")


def manifest_schema(rulesets: list[str]) -> dict:
    """pack.yaml's schema; its `ruleset` one of `rulesets` (the validator refuses any other)."""
    schema = PackManifest.model_json_schema(mode="validation")
    schema["properties"]["ruleset"]["enum"] = rulesets
    return _finish(schema, "pack", "Pack manifest (pack.yaml)")


def records_schema(ruleset_id: str, name: str, kind_ids: list[str]) -> dict:
    """Any record of a ruleset, checked by the schema of the kind its `kind:` names: one glob (every
    YAML file of a pack but pack.yaml) gives an editor's language server every record of the pack."""
    schema = {
        "description": f"A record of {name}: its `kind` picks the schema it is checked against.",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"description": "The record's kind.", "enum": kind_ids}},
        "allOf": [{"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                   "then": {"$ref": f"{kind}.json"}} for kind in kind_ids],
    }
    return _finish(schema, ruleset_id, f"Any record of {name} ({ruleset_id})")


def all_schemas(kinds: Mapping[str, type[Record]]) -> dict[str, dict]:
    """File name -> schema, for each of `kinds` (kind id -> model) plus the manifest."""
    out = {"pack.json": manifest_schema(sorted({kind.partition(".")[0] for kind in kinds}))}  # kinds are namespaced
    for kind_id, model in sorted(kinds.items()):
        out[f"{kind_id}.json"] = kind_schema(model)
    return out


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
