"""Parameter sweeps: one scenario played with a record's field set to each of several values, every
variant on the same seeds, so the win rates of the variants differ by the value and not by luck
of the dice. A grid plays every combination of the values given; a search bisects one numeric
field for the value that brings a side's win rate to a target ("what speed evens the game?"),
assuming the win rate moves one way as the value grows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product
from typing import Any, Callable

import yaml
from pydantic import ValidationError

from engine.content.view import ContentView

from .simulate import report


class SweepError(ValueError):
    """A --vary the content cannot take; `str()` names the record, the field and what is expected."""


@dataclass(frozen=True)
class Vary:
    """One record's field and the values it takes: `KIND:ID.FIELD` = values."""

    kind: str
    id: str
    path: tuple[str, ...]  # the field, and the keys or indices inside it
    values: tuple[Any, ...]

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.id}.{'.'.join(self.path)}"


def _scalar(text: str) -> Any:
    return yaml.safe_load(text) if text.strip() else text


def parse_vary(spec: str, content: ContentView, scenario) -> Vary:
    """`KIND:ID.FIELD=V1,V2,…` or `KIND:ID.FIELD=LOW..HIGH` (the two ends, for a search), checked
    against the content: the record exists, the field too, and each value is one it can hold."""
    target, sep, raw = spec.partition("=")
    kind, colon, rest = target.partition(":")
    if not sep or not colon or not raw:
        raise SweepError(f"--vary {spec}: expected KIND:ID.FIELD=VALUES, e.g. hm.fighter:a6m5-zero-navy.speed=2,3,4")
    ids = {r.id for r in content.records(kind)} | ({scenario.id} if scenario.kind_id() == kind else set())
    if not ids:
        raise SweepError(f"--vary {spec}: no record of kind '{kind}' in this scenario's content; kinds: "
                         f"{', '.join(content.kinds())}")
    found = [rest[:i] for i in range(len(rest)) if rest[i] == "." and rest[:i] in ids]
    if not found:
        raise SweepError(f"--vary {spec}: no {kind} record whose id begins '{rest.split('.')[0]}' with a field "
                         f"after it (ID.FIELD); {kind} records: {', '.join(sorted(ids))}")
    record_id = max(found, key=len)
    path = tuple(rest[len(record_id) + 1:].split("."))
    ends = raw.split("..")
    values = tuple(_scalar(v) for v in (ends if len(ends) == 2 else raw.split(",")))
    vary = Vary(kind, record_id, path, values)
    for value in values:
        with_value(_record(content, scenario, vary), vary, value)  # refused here, not after hours of games
    return vary


def _record(content: ContentView, scenario, vary: Vary):
    return scenario if (scenario.kind_id(), scenario.id) == (vary.kind, vary.id) else content.get(vary.kind, vary.id)


def with_value(record, vary: Vary, value: Any):
    """A copy of `record` with the varied field set to `value`, validated by the record's model."""
    data = record.model_dump(mode="json")
    node: Any = data
    for depth, key in enumerate(vary.path):
        where = ".".join(vary.path[:depth]) or f"{vary.kind}:{vary.id}"
        if isinstance(node, list):
            if not (key.isdigit() and int(key) < len(node)):
                raise SweepError(f"--vary {vary.name}: {where} has items 0 to {len(node) - 1}, not '{key}'")
            key = int(key)
        elif not isinstance(node, dict):
            raise SweepError(f"--vary {vary.name}: {where} is a value, with no '{key}' inside")
        elif key not in node:
            raise SweepError(f"--vary {vary.name}: {where} has no field '{key}'; it has {', '.join(sorted(node))}")
        if depth == len(vary.path) - 1:
            node[key] = value
        else:
            node = node[key]
    try:
        return type(record).model_validate(data)
    except ValidationError as exc:
        raise SweepError(f"--vary {vary.name}={value!r}: {exc.errors()[0]['msg'].lower()}") from None


def variant(content: ContentView, scenario, settings: list[tuple[Vary, Any]]) -> tuple[ContentView, Any]:
    """The content and the scenario with each (field, value) set."""
    changed: dict[tuple[str, str], Any] = {}
    for vary, value in settings:
        key = (vary.kind, vary.id)
        changed[key] = with_value(changed.get(key) or _record(content, scenario, vary), vary, value)
    records = [changed.get((r.kind_id(), r.id), r) for kind in content.kinds() for r in content.records(kind)]
    return ContentView(records, pack=content.pack), changed.get((scenario.kind_id(), scenario.id), scenario)


Play = Callable[[ContentView, Any], list]  # a variant's content and scenario -> its games


def grid(varies: list[Vary], content: ContentView, scenario, sides: list[str], play: Play,
         stop: Callable[[], bool] = lambda: False) -> list[dict]:
    """Every combination of the values, in order; until `stop()` after a variant."""
    out = []
    for values in product(*(v.values for v in varies)):
        results = play(*variant(content, scenario, list(zip(varies, values))))
        if stop():
            break
        out.append({"values": {v.name: x for v, x in zip(varies, values)}, "report": report(results, sides)})
    return out


def search(vary: Vary, side: str, target: float, content: ContentView, scenario, sides: list[str], play: Play,
           steps: int = 8, stop: Callable[[], bool] = lambda: False) -> dict:
    """Bisect `vary` between its two ends for the value that gives `side` the win rate `target`:
    every value tried (in order), and the one found — for a whole-number field, the nearest of
    the two that bracket the target."""
    low, high = vary.values
    whole = isinstance(low, int) and isinstance(high, int) and not isinstance(low, bool)
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (low, high)):
        raise SweepError(f"--vary {vary.name}={low}..{high}: a search needs two numbers")
    tried: dict[Any, dict] = {}

    def rate(value) -> float | None:
        if value not in tried:
            results = play(*variant(content, scenario, [(vary, value)]))
            if stop():
                return None
            tried[value] = report(results, sides)
        return tried[value]["win_rates"][side]["rate"]

    answer, why = None, ""
    ends = [rate(low), rate(high)]
    if None in ends:
        why = "interrupted"
    elif (ends[0] - target) * (ends[1] - target) > 0:
        why = (f"{side} wins {ends[0]:.1%} at {low} and {ends[1]:.1%} at {high}: the target {target:.0%} is not "
               "between them; widen the range")
    else:
        rising = ends[1] >= ends[0]
        for _ in range(steps):
            if (whole and high - low <= 1) or (not whole and math.isclose(low, high)):
                break
            middle = (low + high) // 2 if whole else (low + high) / 2
            r = rate(middle)
            if r is None:
                why = "interrupted"
                break
            if (r < target) == rising:
                low = middle
            else:
                high = middle
        if not why:
            answer = min((low, high), key=lambda v: (abs(tried[v]["win_rates"][side]["rate"] - target), v))
    return {"side": side, "target": target, "value": answer, "why": why,
            "variants": [{"values": {vary.name: v}, "report": tried[v]} for v in sorted(tried)]}
