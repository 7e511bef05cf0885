"""The bundled Air Force pack, loaded once, and a harness to run the af lint rules on a record."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine.content.diagnostics import format_path
from engine.content.loader import BUNDLED_CONTENT
from engine.content.model import Record
from engine.content.ruleset import LintContext
from engine.rulesets.af import RULESET
from engine.rulesets import workspace

PACK = BUNDLED_CONTENT / "air-force"


@pytest.fixture(scope="session")
def pack():
    return workspace().pack(PACK)


@pytest.fixture(scope="session")
def records(pack) -> dict[tuple[str, str], Record]:
    return {(e.kind, e.record.id): e.record for e in pack.entries if e.record is not None}


@pytest.fixture(scope="session")
def get(records) -> Callable[[str, str], Any]:
    def lookup(kind: str, rid: str) -> Any:
        return records[(f"af.{kind}", rid)]

    return lookup


def changed(record: Record, edit: Callable[[dict], Any]) -> Record:
    """A copy of `record` with `edit` applied to its plain data, validated again."""
    data = record.model_dump(mode="json", exclude_unset=True)
    data["kind"] = record.kind_id()
    edit(data)
    return type(record).model_validate(data)


@pytest.fixture(scope="session")
def lint(records) -> Callable[..., list[tuple[str, str, tuple, str]]]:
    """Run every af lint rule on `record`, the bundled pack standing in for its references."""

    def run(record: Record, *others: Record) -> list[tuple[str, str, tuple, str]]:
        pool = dict(records)
        for other in (record, *others):
            pool[(other.kind_id(), other.id)] = other
        found: list[tuple[str, str, tuple, str]] = []
        ctx = LintContext(
            record,
            lambda kind, rid: pool.get((kind, rid)),
            lambda kind: [r for (k, _), r in pool.items() if k == kind],
            lambda severity, code, path, message: found.append((str(severity.value), code, path, message)),
        )
        for rule in RULESET.lint_rules:
            if rule.applies_to(record.kind_id()):
                ctx.code = rule.code
                rule.check(record, ctx)
        return found

    return run


def unsuppressed(record: Record, findings: list[tuple[str, str, tuple, str]]) -> list[tuple[str, str, tuple, str]]:
    """Findings the record's own `suppress` entries do not acknowledge."""
    return [f for f in findings if not any(s.matches(f[1], format_path(f[2])) for s in record.suppress)]
