"""Shared fixtures: the bundled Red Eagles pack, and a way to run one lint rule on edited copies."""

from __future__ import annotations

from typing import Callable

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.pack import record_data
from engine.content.ruleset import LintContext
from engine.rulesets import kinds
from engine.rulesets import workspace

PACK = BUNDLED_CONTENT / "red-eagles"

Records = dict[tuple[str, str], object]


@pytest.fixture(scope="session")
def pack():
    return workspace().pack(PACK)


@pytest.fixture(scope="session")
def records(pack) -> Records:
    return {e.key: e.record for e in pack.entries if e.record is not None}


@pytest.fixture(scope="session")
def get(records):
    return lambda kind, rid: records[(kind, rid)]


def edited(records: Records, kind: str, rid: str, change: Callable[[dict], None]) -> Records:
    """A copy of `records` in which one record's data went through `change` and was re-validated."""
    data = record_data(records[(kind, rid)])
    change(data)
    out = dict(records)
    out[(kind, rid)] = kinds()[kind].model_validate(data)
    return out


def run_rule(rule, record, records: Records) -> list[tuple[str, tuple, str]]:
    """(severity, path, message) of what `rule` reports on `record` among `records`."""
    found: list[tuple[str, tuple, str]] = []
    ctx = LintContext(
        record,
        lambda kind, rid: records.get((kind, rid)),
        lambda kind: [r for (k, _), r in records.items() if k == kind],
        lambda severity, code, path, message: found.append((str(severity.value), path, message)),
    )
    ctx.code = rule.code
    rule.check(record, ctx)
    return found
