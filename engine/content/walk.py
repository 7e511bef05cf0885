"""Generic traversal of loaded records: where the references and dice tables are.

Which fields hold references is read once per model class from the type
annotations (`Ref(...)`), so rulesets never list them by hand and the check
cannot drift from the model.
"""

from __future__ import annotations

import typing
from functools import lru_cache
from typing import Annotated, Any, Iterator

from pydantic import BaseModel

from .dice import DiceTable
from .model import RefTo


def _ref_kinds(annotation: Any, metadata: tuple = ()) -> tuple[str, ...] | None:
    for meta in metadata:
        if isinstance(meta, RefTo):
            return meta.kinds
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        return _ref_kinds(args[0], annotation.__metadata__)
    if origin is dict:
        args = args[1:]
    for arg in args:
        kinds = _ref_kinds(arg)
        if kinds:
            return kinds
    return None


@lru_cache(maxsize=None)
def ref_fields(cls: type[BaseModel]) -> dict[str, tuple[str, ...]]:
    """Field name -> referenced kinds, for the fields of `cls` that hold references."""
    out = {}
    for name, info in cls.model_fields.items():
        kinds = _ref_kinds(info.annotation, tuple(info.metadata))
        if kinds:
            out[name] = kinds
    return out


def _strings(value: Any, path: tuple) -> Iterator[tuple[tuple, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _strings(item, path + (i,))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, path + (key,))


def iter_models(model: BaseModel, path: tuple = ()) -> Iterator[tuple[tuple, BaseModel]]:
    """Every model nested in `model` (itself included) with its path."""
    yield path, model
    for name in type(model).model_fields:
        value = getattr(model, name)
        yield from _iter_value(value, path + (name,))


def _iter_value(value: Any, path: tuple) -> Iterator[tuple[tuple, BaseModel]]:
    if isinstance(value, BaseModel):
        yield from iter_models(value, path)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            if isinstance(item, (BaseModel, list, tuple, dict)):
                yield from _iter_value(item, path + (i,))
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (BaseModel, list, tuple, dict)):
                yield from _iter_value(item, path + (key,))


def iter_refs(model: BaseModel) -> Iterator[tuple[tuple, str, tuple[str, ...]]]:
    """(path, referenced id, allowed kinds) for every reference in the record."""
    for path, sub in iter_models(model):
        for name, kinds in ref_fields(type(sub)).items():
            for ref_path, value in _strings(getattr(sub, name), path + (name,)):
                yield ref_path, value, kinds


def iter_dice_tables(model: BaseModel) -> Iterator[tuple[tuple, DiceTable]]:
    for path, sub in iter_models(model):
        if isinstance(sub, DiceTable):
            yield path, sub
