"""What a game system plugs into Sortie: its content kinds and its lint rules.

Each ruleset package under `engine/rulesets/` exposes one `RULESET`; nothing
central lists them, so adding a game system is adding a folder. The engine
parts (board, rules, bots) join the same object as they land.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable

from .diagnostics import FieldPath, Severity
from .model import Record

class LintContext:
    """What a lint rule sees: the record, the records it may refer to, and a sink.

    `emit_error` / `emit_warning` / `emit_info` take a field path inside the
    record; the validator turns it into file, line and column.
    """

    def __init__(
        self,
        record: Record,
        lookup: Callable[[str, str], Record | None],
        records_of: Callable[[str], Iterable[Record]],
        sink: Callable[[Severity, str, FieldPath, str], None],
        locate: Callable[[str, str], str | None] = lambda kind, record_id: None,
        partial: Callable[[str], bool] = lambda kind: False,
    ) -> None:
        self.record = record
        self._lookup = lookup
        self._records_of = records_of
        self._sink = sink
        self._locate = locate
        self._partial = partial
        self.code = ""

    def get(self, kind: str, record_id: str) -> Record | None:
        """The record of `kind` with `record_id` in this pack or its bases."""
        return self._lookup(kind, record_id)

    def records(self, kind: str) -> list[Record]:
        return list(self._records_of(kind))

    def repeated(self, kind: str, record: Record, key: Callable[[Any], Any]) -> Record | None:
        """The first record of `kind`, in the packs' order, whose `key` is `record`'s, when that is
        not `record` itself: the one it repeats a value of that should be its own (a place in a
        printed list, say), so the finding goes on the second and names the first."""
        first = next((r for r in self.records(kind) if key(r) == key(record)), record)
        return None if first.id == record.id else first

    def partial(self, kind: str) -> bool:
        """Whether a file that may hold a record of `kind` did not load: a rule that reports what
        no record of the kind holds would then report a guess (the file's error is reported there)."""
        return self._partial(kind)

    def cite(self, kind: str, record_id: str) -> str:
        """`'id' (file:line)`: another record named in a message so a modder can go to it
        (just `'id'` where the validator has no files, as in a rule's unit test)."""
        where = self._locate(kind, record_id)
        return f"'{record_id}'" + (f" ({where})" if where else "")

    def emit(self, severity: Severity, path: FieldPath, message: str, code: str = "") -> None:
        self._sink(severity, code or self.code, tuple(path), message)

    def emit_error(self, path: FieldPath, message: str, code: str = "") -> None:
        self.emit(Severity.ERROR, path, message, code)

    def emit_warning(self, path: FieldPath, message: str, code: str = "") -> None:
        self.emit(Severity.WARNING, path, message, code)

    def emit_info(self, path: FieldPath, message: str, code: str = "") -> None:
        self.emit(Severity.INFO, path, message, code)


class LintRule:
    """One check beyond the schema. Subclasses set `code`, `kinds` and `check`.

    `code` is stable (suppressions name it); `kinds` limits the rule to those
    record kinds (empty: every kind of the ruleset).
    """

    code: ClassVar[str] = ""
    kinds: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""

    def applies_to(self, kind: str) -> bool:
        return not self.kinds or kind in self.kinds

    def check(self, record: Any, ctx: LintContext) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass
class Ruleset:
    id: str
    name: str
    description: str
    kinds: tuple[type[Record], ...]
    lint_rules: tuple[LintRule, ...] = ()
    rulebook: str = ""
    # kind id -> function(record, ctx) returning an `engine.drawing.shapes.Drawing` that looks like
    # the printed component; `ctx` is a LintContext-like lookup of other records.
    previews: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # kind id -> function(record, ctx) returning the `engine.drawing.sheets.Component`s to print and cut
    # out for the record (a counter once per copy in the countermix), for print-and-play sheets.
    components: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # The rules engine (an `engine.core.game.RulesEngine`), for rulesets that can be played.
    engine: Any = None
    # Scenario set-up as pieces on a board (an `engine.core.layout.ScenarioLayout`), for editors.
    layout: Any = None
    # Anything else a ruleset wants to expose to tools (boards, generators ...).
    extras: dict[str, Any] = field(default_factory=dict)

    def kind_ids(self) -> list[str]:
        return [k.kind_id() for k in self.kinds]

    def __post_init__(self) -> None:
        for kind in self.kinds:
            kid = kind.kind_id()
            if not kid.startswith(self.id + "."):
                raise ValueError(f"kind {kid!r} must be namespaced '{self.id}.'")
            kind.RULESET = self.id
