"""What a game's result depends on besides its seed and bots, as hashes: the content it plays
(by pack) and the code that plays it. A worker on another machine computes them for the batch it
was sent; one whose hashes differ from the caller's would play other games, so it is refused
before it plays any (`engine.core.dask_executor`).
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from pathlib import Path

ENGINE_ROOT = Path(__file__).resolve().parents[1]  # the `engine` package: the rules and the bots


@cache
def code_hash(root: Path = ENGINE_ROOT) -> str:
    """SHA-256 of every Python file of the engine package, by path relative to it."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def content_hash(records) -> str:
    """SHA-256 of records as their models read them, in a canonical JSON form."""
    rows = sorted((r.kind_id(), r.id, r.model_dump(mode="json")) for r in records)
    return hashlib.sha256(json.dumps(rows, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fingerprint(batch) -> dict[str, str]:
    """The hashes a worker must share with the caller to play games of `batch`."""
    content = batch.content
    records = [r for kind in content.kinds() for r in content.records(kind)]
    return {
        f"pack {content.pack or '(unnamed)'}": content_hash(records + [batch.scenario]),
        "engine code": code_hash(ENGINE_ROOT),
        "python": ".".join(map(str, sys.version_info[:2])),
    }


def differences(expected: dict[str, str], found: dict[str, str]) -> str:
    """What differs between two fingerprints, in words: 'pack red-eagles (3f2a9c1e… here, 77b0d4aa… there)'."""
    def short(value: str | None) -> str:
        return "none" if value is None else value if len(value) <= 12 else value[:8] + "…"

    return ", ".join(f"{key} ({short(expected.get(key))} here, {short(found.get(key))} there)"
                     for key in sorted(set(expected) | set(found)) if expected.get(key) != found.get(key))
