"""Building blocks every ruleset's content models are made of.

A record is one YAML file: a `kind`, a stable `id`, provenance (`source`,
`sample`) and its ruleset-specific fields. Fields are declared with `field()`
so that each carries a description, a unit and a range; those end up in the
generated JSON Schemas, which in turn drive the studio's forms and tooltips.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, StringConstraints, model_validator
from pydantic_core import CoreSchema

ID_PATTERN = r"^[a-z0-9][a-z0-9._-]*$"

# What a value matching each pattern looks like, in words: a schema error quotes these, as a
# modder cannot be expected to read the regular expression.
PATTERN_WORDS: dict[str, str] = {
    ID_PATTERN: "an id: lower-case letters, digits, '.', '_' and '-', beginning with a letter or digit, "
    "e.g. 'spitfire-i'",
}

Id = Annotated[
    str,
    StringConstraints(pattern=ID_PATTERN, max_length=80),
    Field(
        description="Stable identifier, unique among records of this kind: lower case "
        "letters, digits, '.', '_' and '-'. Other records refer to it; the studio's "
        "rename keeps those references in step.",
    ),
]


def _strict_scalars(node: Any) -> None:
    """Mark every int, float and bool in a core schema strict. Lax, `speed: true` was a speed of
    1, `speed: "5"` and `speed: 5.0` were 5 and `sample: "no"` was False, where the generated
    JSON Schema (what editors and the studio's forms check) refuses each of them. Only these:
    strict enums or tuples would refuse the plain strings and lists YAML gives them."""
    if isinstance(node, dict):
        if node.get("type") in ("int", "float", "bool"):
            node["strict"] = True
        for value in node.values():
            _strict_scalars(value)
    elif isinstance(node, list):
        for value in node:
            _strict_scalars(value)


class Model(BaseModel):
    """Strict base: unknown keys are errors (with a "did you mean"), never ignored; and numbers
    and yes/no fields take only what their schema says (see `_strict_scalars`)."""

    model_config = ConfigDict(
        extra="forbid",
        validate_default=False,
        use_attribute_docstrings=False,
        json_schema_mode_override="validation",
    )

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        schema = handler(source)
        _strict_scalars(schema)
        return schema


@dataclass(frozen=True, slots=True)
class RefTo:
    """Marks a string field as the id of a record of one of `kinds`."""

    kinds: tuple[str, ...]


def Ref(*kinds: str, description: str = "") -> Any:  # noqa: N802 - reads like a type
    """A reference to a record of the given kind(s), checked across files and packs."""
    text = description or f"Id of a {' or '.join(kinds)} record."
    return Annotated[
        str,
        RefTo(tuple(kinds)),
        StringConstraints(min_length=1, max_length=80),
        Field(description=text, json_schema_extra={"x-ref": list(kinds)}),
    ]


def field(
    description: str,
    default: Any = ...,
    *,
    unit: str | None = None,
    ge: float | None = None,
    le: float | None = None,
    gt: float | None = None,
    lt: float | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    pattern: str | None = None,
    examples: list | None = None,
    default_factory: Any = None,
) -> Any:
    """A documented field: description, optional unit and range, all carried into the schema."""
    extra: dict[str, Any] = {}
    if unit:
        extra["x-unit"] = unit
    kwargs: dict[str, Any] = dict(
        description=description,
        ge=ge,
        le=le,
        gt=gt,
        lt=lt,
        min_length=min_length,
        max_length=max_length,
        pattern=pattern,
        examples=examples,
        json_schema_extra=extra or None,
    )
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    if default_factory is not None:
        return Field(default_factory=default_factory, **kwargs)
    return Field(default, **kwargs)


class Suppression(Model):
    """Acknowledges a known finding on this record so that it reports as info."""

    code: str = field(
        "Diagnostic code to suppress, e.g. 'dice.gap'; a trailing '*' matches a family.",
        min_length=1,
    )
    path: str | None = field(
        "Field path inside the record, e.g. 'rows[3].plane'; omit to match anywhere "
        "in the record. Matches the path itself and everything below it.",
        None,
    )
    reason: str = field("Why the finding is acceptable, e.g. 'as printed'.", min_length=1)

    def matches(self, code: str, path: str) -> bool:
        if self.code.endswith("*"):
            if not code.startswith(self.code[:-1]):
                return False
        elif code != self.code:
            return False
        if self.path is None:
            return True
        return path == self.path or path.startswith(self.path + ".") or path.startswith(
            self.path + "["
        )


class Record(Model):
    """One content file. Subclasses fix `kind` with a Literal and add their fields."""

    RULESET: ClassVar[str] = ""

    id: Id
    name: str | None = field("Display name, as printed where the rulebook names it.", None, min_length=1)
    source: str | None = field(
        "Where the values come from: rulebook and section, e.g. "
        "'Pocket Air War, Theaters: Battle of Britain / Kanalkampf'.",
        None,
    )
    sample: bool = field(
        "True when the values are authored samples rather than printed in a rulebook.",
        False,
    )
    notes: str | None = field("Free notes for designers; not used by the rules.", None)
    suppress: list[Suppression] = field(
        "Findings acknowledged on this record; they are reported as info with the reason.",
        default_factory=list,
    )

    @model_validator(mode="after")
    def _named_by_id_when_unnamed(self) -> "Record":
        """A record without a name goes by its id: previews, sheets and game logs print `name`, and a
        modder's own table need not repeat its id (an unnamed one crashed every preview). Set past
        pydantic's bookkeeping, so the field stays unset and a write-back leaves the file as it was."""
        if self.name is None:
            object.__setattr__(self, "name", self.id)
        return self

    @classmethod
    def kind_id(cls) -> str:
        annotation = cls.model_fields["kind"].annotation
        (value,) = typing.get_args(annotation)
        return value

    @property
    def label(self) -> str:
        return self.name or self.id


def kind_literal(kind: str) -> Any:
    """The annotation of a record's `kind` field."""
    return Annotated[
        Literal[kind],  # type: ignore[valid-type]
        Field(description=f"Record kind; always '{kind}' for this schema."),
    ]


class Provenance(Model):
    """Provenance for a part of a record whose origin differs from the record's."""

    source: str | None = field("Where this entry comes from, if not the record's source.", None)
    sample: bool = field("True when this entry is an authored sample, not printed.", False)
