"""JSON Schemas generated from the content models; `schemas/` is their output.

The models are the single source of truth. The schemas exist for everyone who
is not Python: YAML language servers in editors, the studio's form builder,
third-party tools. A test regenerates them and fails when `schemas/` is stale.
"""

from __future__ import annotations

import json
from pathlib import Path

from .pack import PackManifest, write_atomic

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_BASE = "https://sortie.games/schemas/"
SCHEMAS_DIR = Path(__file__).resolve().parents[2] / "schemas"


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


def manifest_schema() -> dict:
    return _finish(PackManifest.model_json_schema(mode="validation"), "pack", "Pack manifest (pack.yaml)")


def all_schemas() -> dict[str, dict]:
    """File name -> schema, for every kind of every ruleset plus the manifest."""
    from engine.rulesets import kinds

    out = {"pack.json": manifest_schema()}
    for kind_id, model in sorted(kinds().items()):
        out[f"{kind_id}.json"] = kind_schema(model)
    return out


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def generated_files(schemas_dir: Path = SCHEMAS_DIR, docs_dir: Path | None = None,
                    docs: bool = True) -> dict[Path, str]:
    """Every generated file (schemas and, unless `docs` is false, reference docs) with its text."""
    from .docs import DOCS_DIR, all_docs

    docs_dir = docs_dir or DOCS_DIR
    out = {schemas_dir / name: render(schema) for name, schema in all_schemas().items()}
    if docs:
        out.update({docs_dir / name: text for name, text in all_docs().items()})
    return out


def _stale(wanted: dict[Path, str]) -> list[Path]:
    out = [p for p, text in wanted.items() if not p.exists() or p.read_bytes() != text.encode("utf-8")]
    folders = {p.parent: p.suffix for p in wanted}
    out += [p for folder, suffix in folders.items() for p in folder.glob(f"*{suffix}")
            if p not in wanted and _generated(p)]
    return sorted(out)


def _generated(path: Path) -> bool:
    """Whether a file no longer generated is one of ours to remove: a reference page, or a schema
    by its `$id`. `--out` may name any folder, and the other JSON files there are someone's work."""
    if path.suffix == ".md":
        return True
    with open(path, "rb") as handle:
        return f'"$id": "{SCHEMA_BASE}'.encode() in handle.read(4096)


def write_schemas(folder: Path = SCHEMAS_DIR, docs_dir: Path | None = None, docs: bool = True) -> list[Path]:
    """Write every schema and reference page, remove stale ones; returns the files changed."""
    wanted = generated_files(folder, docs_dir, docs)
    changed = _stale(wanted)
    for path in changed:
        if path in wanted:
            write_atomic(path, wanted[path])
        else:
            path.unlink()
    return changed


def stale_schemas(folder: Path = SCHEMAS_DIR, docs_dir: Path | None = None, docs: bool = True) -> list[str]:
    """Generated files that are missing, different or no longer generated."""
    return [str(p) for p in _stale(generated_files(folder, docs_dir, docs))]
