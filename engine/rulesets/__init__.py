"""Game systems. Every subpackage here that defines `RULESET` is discovered.

Third-party rulesets can register through the `sortie.rulesets` entry point
group; either way no central list needs editing. What a ruleset is: `engine.core.contract`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from importlib.metadata import entry_points

from pathlib import Path
from typing import Iterable

from engine.content.model import Record
from engine.content.validate import Workspace
from engine.core.contract import Ruleset


@lru_cache(maxsize=1)
def rulesets() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        ruleset = getattr(module, "RULESET", None)
        if isinstance(ruleset, Ruleset):
            found[ruleset.id] = ruleset
    for ep in entry_points(group="sortie.rulesets"):
        ruleset = ep.load()
        if isinstance(ruleset, Ruleset) and ruleset.id not in found:
            found[ruleset.id] = ruleset
    return found


@lru_cache(maxsize=1)
def kinds() -> dict[str, type[Record]]:
    """Every content kind id -> its model class, across all rulesets."""
    return {k.kind_id(): k for r in rulesets().values() for k in r.kinds}


def workspace(search_paths: Iterable[Path] = ()) -> Workspace:
    """A workspace that reads packs with every ruleset's kinds and lint rules."""
    return Workspace(rulesets(), search_paths)
