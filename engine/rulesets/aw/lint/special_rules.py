"""Air Wars lint rules on a scenario's special rules and airbase rules (30.0)."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from engine.content.diagnostics import parse_path
from engine.content.ruleset import LintContext, LintRule

from ..kinds.scenario import Scenario
from .helpers import GROUND, MAP, SCENARIO


def _section_gaps(sections: list[str]) -> Iterator[tuple[str, str]]:
    by_chapter: dict[str, list[int]] = {}
    for section in sections:
        chapter, _, minor = section.partition(".")
        if minor.isdigit():
            by_chapter.setdefault(chapter, []).append(int(minor))
    for chapter, minors in by_chapter.items():
        minors.sort()
        for a, b in zip(minors, minors[1:]):
            if b > a + 1:
                yield f"{chapter}.{a}", f"{chapter}.{b}"


class SpecialRuleNumbering(LintRule):
    code = "aw.special_rule_numbering"
    kinds = (SCENARIO,)
    summary = "Special rule sections follow on without gaps; a gap usually means a lost rule."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for a, b in _section_gaps([r.section for r in s.special_rules]):
            ctx.emit_warning(
                ("special_rules",),
                f"special rules jump from {a} to {b}; is a rule missing between them?",
            )


def _resolve(model, path: tuple) -> bool:
    current = model
    for part in path:
        if isinstance(part, int):
            if not isinstance(current, list) or part >= len(current):
                return False
            current = current[part]
        elif hasattr(type(current), "model_fields") and part in type(current).model_fields:
            current = getattr(current, part)
        else:
            return False
    return True


class SpecialRuleIds(LintRule):
    code = "aw.special_rule_ids"
    kinds = (SCENARIO,)
    summary = "Special rule ids are unique and `modelled_by` names fields that exist."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for rid, n in Counter(r.id for r in s.special_rules).items():
            if n > 1:
                ctx.emit_error(("special_rules",), f"special rule id '{rid}' is used {n} times")
        from engine.rulesets import kinds as all_kinds  # late: the registry imports this module

        known = all_kinds()
        for i, rule in enumerate(s.special_rules):
            for k, text in enumerate(rule.modelled_by):
                path = ("special_rules", i, "modelled_by", k)
                if text.startswith("aw."):
                    parts = text.split(".")
                    model = known.get(".".join(parts[:2]))
                    if model is None or len(parts) < 3 or parts[2] not in model.model_fields:
                        ctx.emit_error(path, f"'{text}' names no field of an Air Wars content kind")
                elif not _resolve(s, parse_path(text)):
                    ctx.emit_error(path, f"'{text}' names no field of this scenario")


class AirbaseRules(LintRule):
    code = "aw.airbase_rules"
    kinds = (SCENARIO,)
    summary = "Airbases follow the scenario's airbase rules (30.2-30.4)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        game_map = ctx.get(MAP, s.map)
        bases = [p for p in game_map.places if p.airbase] if game_map else []
        if s.rules.airbase_aa_equals_capacity:
            for p in bases:
                if p.airbase.aa != p.airbase.capacity:
                    ctx.emit_warning(
                        ("rules", "airbase_aa_equals_capacity"),
                        f"{p.name}'s airbase fires AA {p.airbase.aa} but has capacity {p.airbase.capacity}",
                    )
        if s.rules.one_airbase_per_square:
            for at, n in Counter(p.at for p in bases).items():
                if n > 1:
                    ctx.emit_warning(
                        ("rules", "one_airbase_per_square"), f"{n} airbases share square {at}"
                    )
        for i, setup in enumerate(s.sides):
            rule = setup.airbase_counters
            counter = ctx.get(GROUND, rule.unit) if rule else None
            if counter is None:
                continue
            path = ("sides", i, "airbase_counters")
            if counter.type != "airbase":
                ctx.emit_error(
                    path + ("unit",),
                    f"'{counter.id}' is an '{counter.type}' counter, not an airbase",
                )
            if rule.max_on_map > counter.count:
                ctx.emit_warning(
                    path + ("max_on_map",),
                    f"up to {rule.max_on_map} on the map but only {counter.count} counters",
                )
            if (
                s.rules.airbase_aa_equals_capacity
                and counter.capacity is not None
                and counter.aa != counter.capacity
            ):
                ctx.emit_warning(
                    path + ("unit",),
                    f"'{counter.id}' fires AA {counter.aa} but has capacity {counter.capacity}",
                )
