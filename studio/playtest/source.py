"""What a playtest plays, and the content it plays with as the editor holds it now.

A playtest names its scenario by pack and id (or by the record a mission is rolled
on and the mission's seed), never by a model object: restarting after an edit,
reopening a replay or running a balance batch builds the scenario again from the
packs as they are at that moment, unsaved edits included. No Qt here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from engine.content.loader import Pack
from engine.content.model import Record
from engine.core.contract import Ruleset
from engine.content.diagnostics import Severity
from engine.content.validate import UsageError, check_entry
from engine.content.diagnostics import format_path
from engine.content.view import ContentView


class SetupError(Exception):
    """The playtest cannot start; `str()` says why and what to fix."""


@dataclass(frozen=True)
class Source:
    pack: str
    kind: str  # the scenario's kind, or the kind a mission generator rolls on
    id: str
    mission_seed: int | None = None  # set: play the mission rolled on record (kind, id)

    @property
    def label(self) -> str:
        mission = f", mission seed {self.mission_seed}" if self.mission_seed is not None else ""
        return f"{self.pack}/{self.id}{mission}"

    def to_json(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_json(cls, data: Any) -> "Source":
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("pack", "kind", "id")):
            raise ValueError("'source' must name the pack, kind and id of the scenario played")
        seed = data.get("mission_seed")
        if seed is not None and not isinstance(seed, int):
            raise ValueError("'source.mission_seed' must be a whole number")
        return cls(data["pack"], data["kind"], data["id"], seed)


def playable(ruleset: Ruleset | None, kind: str) -> str | None:
    """'scenario' or 'mission' when records of `kind` can be playtested, else None."""
    if ruleset is None or ruleset.engine is None:
        return None
    if kind == ruleset.scenario_kind:
        return "scenario"
    return "mission" if ruleset.mission is not None and ruleset.mission.source_kind == kind else None


@dataclass
class Setup:
    source: Source
    ruleset: Ruleset
    scenario: Record
    content: ContentView
    left_out: list[str]  # records that do not validate, so the game plays without them
    mission: dict | None = None  # the generator's summary of a rolled mission
    errors: list[str] = field(default_factory=list)  # the validator's errors on the scenario, file:line

    @property
    def engine(self) -> Any:
        return self.ruleset.engine

    @property
    def layout(self) -> Any:
        return self.ruleset.layout

    @property
    def sides(self) -> list[str]:
        return self.engine.sides(self.scenario)

    def board(self) -> Any:
        """The board to draw: the layout's (printed look) when the ruleset has one."""
        maker = self.layout or self.engine
        return maker.board(self.scenario, self.content)


def prepare(pack: Pack, ruleset: Ruleset, source: Source) -> Setup:
    """The scenario and content of `source` in `pack` as loaded now; SetupError says why not."""
    kind = playable(ruleset, source.kind)
    if kind is None:
        raise SetupError(f"a {source.kind} cannot be playtested: {ruleset.name} plays "
                         f"{ruleset.scenario_kind if ruleset.engine else 'nothing yet (no rules engine)'}")
    content = ContentView.of_pack(pack)
    left_out = sorted(e.file for p in pack.chain() for e in p.entries if e.record is None)
    record = content.get(source.kind, source.id)
    if record is None:
        broken = any(e.key == (source.kind, source.id) for p in pack.chain() for e in p.entries)
        raise SetupError(f"{source.kind} '{source.id}' " + (
            "has errors: fix them (see Issues) and try again" if broken else f"is not in pack {pack.id}"))
    why = ruleset.engine.unplayable(record) if source.mission_seed is None else None
    if why:  # listed in the pack, not offered: say what it needs
        raise SetupError(f"{source.kind} '{source.id}' is not playable yet: it {why}")
    if source.mission_seed is None:
        entry = next((e for p in pack.chain() for e in p.entries if e.record is record), None)
        errors = [d.format() for d in (check_entry(entry, pack.effective(), ruleset) if entry else [])
                  if d.severity is Severity.ERROR]
        return Setup(source, ruleset, record, content, left_out, errors=errors)
    tool = ruleset.mission
    assert tool is not None  # playable() said 'mission'
    try:
        made = tool.generate(content, pack.id, **tool.options_for(record, source.mission_seed))
    except (tool.report, UsageError) as exc:
        raise SetupError(f"no mission from {source.id} with seed {source.mission_seed}: {exc}") from None
    return Setup(source, ruleset, made.scenario, content, left_out, made.summary)


def sweepable(schema: dict) -> bool:
    """A field a sweep can vary: a number (whole or not), not a choice among fixed values."""
    return schema.get("type") in ("integer", "number") and "enum" not in schema


def why_not_sweep(session, rec, target) -> str:
    """Why the field `target` of `rec` cannot be swept ("" when it can)."""
    if rec is None or target is None or not getattr(target, "path", None):
        return "click a number field of a record first"
    ruleset = session.ruleset(rec.doc)
    if ruleset is None or ruleset.engine is None:
        return f"{ruleset.name if ruleset else 'this pack'} has no rules engine to play a sweep"
    if not sweepable(target.schema):
        return f"{format_path(target.path)} is not a number"
    return ""
