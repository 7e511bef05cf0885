"""Fixtures: the bundled Pocket Air War packs, loaded once, and a way to run one lint rule."""

from __future__ import annotations

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.ruleset import LintContext
import engine.rulesets
from engine.content.validate import Workspace
from engine.content.view import ContentView
from engine.rulesets.paw import RULESET

FAITHFUL = BUNDLED_CONTENT / "pocket-air-war"
ERRATA = BUNDLED_CONTENT / "pocket-air-war-errata"


@pytest.fixture(scope="session")
def workspace() -> Workspace:
    return engine.rulesets.workspace()


@pytest.fixture(scope="session")
def faithful(workspace) -> ContentView:
    return ContentView.of_pack(workspace.pack(FAITHFUL))


@pytest.fixture(scope="session")
def errata(workspace) -> ContentView:
    return ContentView.of_pack(workspace.pack(ERRATA))


def rule(code: str):
    return next(r for r in RULESET.lint_rules if r.code == code)


def lint(code: str, record, view) -> list[tuple[str, str, str]]:
    """(severity, path, message) of what rule `code` says about `record` among `view`."""
    found = []
    ctx = LintContext(record, view.get, view.records,
                      lambda sev, _code, path, msg: found.append((sev.value, path, msg)))
    ctx.code = code
    rule(code).check(record, ctx)
    return found


def edited(record, change):
    """A copy of `record` after `change(data)` edits its plain data in place."""
    data = record.model_dump(mode="json", exclude_unset=True)
    change(data)
    return type(record).model_validate(data)
