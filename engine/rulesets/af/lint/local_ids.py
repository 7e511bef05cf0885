"""Air Force lint rule on any record: local ids used once."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.content.ruleset import LintContext, LintRule
from engine.content.walk import iter_models


# --------------------------------------------------------------------------- any record


class DuplicateLocalId(LintRule):
    code = "af.duplicate_local_id"
    summary = "Two entries of one list share an id (modifiers, groups, series, columns ...)."

    def check(self, record: Any, ctx: LintContext) -> None:
        for path, model in iter_models(record):
            for name in type(model).model_fields:
                items = getattr(model, name)
                if not isinstance(items, list) or not items or not isinstance(items[0], BaseModel):
                    continue
                key = "id" if "id" in type(items[0]).model_fields else "key"
                if key not in type(items[0]).model_fields:
                    continue
                seen: set[str] = set()
                for i, item in enumerate(items):
                    value = getattr(item, key)
                    if value in seen:
                        ctx.emit_error(path + (name, i, key), f"'{value}' is used twice in {name}")
                    seen.add(value)
