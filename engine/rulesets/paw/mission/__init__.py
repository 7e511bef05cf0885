"""The Pocket Air War mission generator (rulebook: Mission Generator, Extended Missions,
Theaters of Operations): from a theater timeline and a seed to a ready-to-play scenario."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .generator import Generation, Request, generate
from .rolls import MissionReport

__all__ = ["COMMAND", "Generation", "MissionReport", "Request", "generate"]


@dataclass(frozen=True)
class Command:
    """What `sortie mission` calls; the ruleset exposes it as `extras['mission']`."""

    report: type[Exception] = MissionReport

    def generate(self, content: Any, pack: str, **options) -> Generation:
        """`options` are the fields of `Request` (theater, timeline, seed ...)."""
        return generate(content, pack, Request(**options))


COMMAND = Command()
