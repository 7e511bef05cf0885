"""Writing what is generated from the content models: `schemas/` and `docs/reference/`, for the
rulesets the caller names (`sortie schemas`), and telling which generated files are stale."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .docs import DOCS_DIR, render_ruleset
from .pack import write_atomic
from .ruleset import ContentRules
from .schemas import SCHEMA_BASE, SCHEMAS_DIR, all_schemas, records_schema, render


def generated_files(rulesets: Iterable[ContentRules], schemas_dir: Path = SCHEMAS_DIR,
                    docs_dir: Path | None = None, docs: bool = True) -> dict[Path, str]:
    """Every generated file (schemas and, unless `docs` is false, reference docs) with its text."""
    rulesets = list(rulesets)
    schemas = all_schemas({k.kind_id(): k for r in rulesets for k in r.kinds})
    schemas.update({f"{r.id}.json": records_schema(r.id, r.name, r.kind_ids()) for r in rulesets})
    out = {schemas_dir / name: render(schema) for name, schema in schemas.items()}
    if docs:
        out.update({(docs_dir or DOCS_DIR) / f"{r.id}.md": render_ruleset(r, schemas) for r in rulesets})
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


def write_schemas(rulesets: Iterable[ContentRules], folder: Path = SCHEMAS_DIR, docs_dir: Path | None = None,
                  docs: bool = True) -> list[Path]:
    """Write every schema and reference page, remove stale ones; returns the files changed."""
    wanted = generated_files(rulesets, folder, docs_dir, docs)
    changed = _stale(wanted)
    for path in changed:
        if path in wanted:
            write_atomic(path, wanted[path])
        else:
            path.unlink()
    return changed


def stale_schemas(rulesets: Iterable[ContentRules], folder: Path = SCHEMAS_DIR, docs_dir: Path | None = None,
                  docs: bool = True) -> list[str]:
    """Generated files that are missing, different or no longer generated."""
    return [str(p) for p in _stale(generated_files(rulesets, folder, docs_dir, docs))]
