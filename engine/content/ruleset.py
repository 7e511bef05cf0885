"""What content needs of a game system: its kinds and its lint rules (`ContentRules`), and what
a lint rule is given (`LintRule`, `LintContext`).

The whole contract of a ruleset is `engine.core.contract.Ruleset`; the content layer sees only this
part of it, handed in by whoever builds a `Workspace`, so it never imports the rulesets.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable, Protocol

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


class ContentRules(Protocol):
    """The part of a ruleset the validator, the loader and the generated docs read."""

    id: str
    name: str
    description: str
    kinds: tuple[type[Record], ...]
    lint_rules: tuple[LintRule, ...]

    def kind_ids(self) -> list[str]: ...
