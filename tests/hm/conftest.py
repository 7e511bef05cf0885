"""The bundled hex-minis pack, loaded once, and a way to run one lint rule on a variant."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Callable

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.model import Record
from engine.content.pack import record_data
from engine.content.ruleset import LintContext
from engine.content.validate import validate_paths
from engine.rulesets.hm import RULESET
from engine.rulesets import workspace

PACK = BUNDLED_CONTENT / "hex-minis"


@pytest.fixture(scope="session")
def report():
    return validate_paths([PACK], workspace())


@pytest.fixture(scope="session")
def records(report) -> dict[tuple[str, str], Record]:
    (pack,) = report.packs
    return {key: entry.record for key, entry in pack.effective().items()}


def variant(record: Record, edit: Callable[[dict], None]) -> Record:
    """A copy of `record` with `edit` applied to its data, validated again."""
    data = copy.deepcopy(record_data(record))
    edit(data)
    return type(record).model_validate(data)


def run_rule(code: str, record: Record, records: dict, extra: dict | None = None) -> list[tuple]:
    """(severity, path, message) of rule `code` on `record`, beside the bundled records."""
    rule = next(r for r in RULESET.lint_rules if r.code == code)
    known = dict(records)
    known.update(extra or {})
    known[(record.kind_id(), record.id)] = record
    found: list[tuple] = []
    ctx = LintContext(
        record,
        lambda kind, rid: known.get((kind, rid)),
        lambda kind: [r for (k, _), r in known.items() if k == kind],
        lambda severity, _code, path, message: found.append((severity.value, path, message)),
    )
    ctx.code = rule.code
    rule.check(record, ctx)
    return found


def pack_files() -> list[Path]:
    return sorted(p for p in PACK.rglob("*.yaml") if p.name != "pack.yaml")
