"""Air Wars lint rules on a scenario's sides, command levels, victory, unit classes and options."""

from __future__ import annotations

from collections import Counter

from engine.content.diagnostics import did_you_mean
from engine.content.ruleset import LintContext, LintRule

from ..kinds.scenario import Scenario
from .helpers import AIR, GROUND, MAP, SCENARIO, CARD, ROSTER, deck_cards, unit_record


class ScenarioSides(LintRule):
    code = "aw.scenario_sides"
    kinds = (SCENARIO,)
    summary = "Intruder and Interceptor are two different sides, each set up once."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        pair = {s.intruder, s.interceptor}
        if s.intruder == s.interceptor:
            ctx.emit_error(
                ("interceptor",), "the Intruder and the Interceptor must be different sides (9.0)"
            )
        for i, setup in enumerate(s.sides):
            if setup.side not in pair:
                ctx.emit_error(
                    ("sides", i, "side"), f"'{setup.side}' is neither Intruder nor Interceptor"
                )
        if sorted(x.side for x in s.sides) != sorted(pair) and len(pair) == 2:
            ctx.emit_error(("sides",), "set up the Intruder and the Interceptor once each")
        if set(s.setup_order) != pair:
            ctx.emit_error(("setup_order",), "the set-up order names the two sides once each")
        if {s.victory.plus, s.victory.minus} != pair:
            ctx.emit_error(
                ("victory",), "victory is one side's VP minus the other's: name both sides"
            )
        for i, level in enumerate(s.victory.levels):
            if level.winner not in pair:
                ctx.emit_error(
                    ("victory", "levels", i, "winner"),
                    f"'{level.winner}' does not play in this scenario",
                )


class CommandLevelBounds(LintRule):
    code = "aw.command_level"
    kinds = (SCENARIO,)
    summary = "Command levels start between their minimum and maximum (30.1)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            cl = setup.command_level
            if not cl.min <= cl.start <= cl.max:
                ctx.emit_error(
                    ("sides", i, "command_level"),
                    f"command level starts at {cl.start}, outside its bounds {cl.min}-{cl.max}",
                )


class VictoryBands(LintRule):
    code = "aw.victory_bands"
    kinds = (SCENARIO,)
    summary = "Victory bands run from the highest score down and cover every score exactly once."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        levels = s.victory.levels
        inf = float("inf")
        spans = []
        for i, lv in enumerate(levels):
            lo = -inf if lv.min is None else lv.min
            hi = inf if lv.max is None else lv.max
            if lo > hi:
                ctx.emit_error(
                    ("victory", "levels", i), f"'{lv.name}' runs from {lv.min} up to {lv.max}"
                )
                return
            spans.append((lo, hi, i))
        if [i for _, _, i in sorted(spans, reverse=True)] != list(range(len(levels))):
            ctx.emit_warning(("victory", "levels"), "list the bands from the highest score down")
        spans.sort()
        if spans[0][0] != -inf:
            ctx.emit_error(("victory", "levels"), f"no level for a score below {spans[0][0]}")
        if spans[-1][1] != inf:
            ctx.emit_error(("victory", "levels"), f"no level for a score above {spans[-1][1]}")
        for (lo1, hi1, i), (lo2, hi2, j) in zip(spans, spans[1:]):
            if lo2 <= hi1:
                ctx.emit_error(
                    ("victory", "levels", j),
                    f"'{levels[j].name}' overlaps '{levels[i].name}' at {lo2}",
                )
            elif lo2 > hi1 + 1:
                ctx.emit_error(
                    ("victory", "levels", j),
                    f"no level for scores {hi1 + 1} to {lo2 - 1}, between '{levels[i].name}' and "
                    f"'{levels[j].name}'",
                )


class SideRefs(LintRule):
    code = "aw.side_refs"
    kinds = (SCENARIO,)
    summary = "A side's deployment, boxes, deck and roster hold that side's records only."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            base = ("sides", i)
            lists = [
                ("deployment", [(d.unit, unit_record(ctx, d.unit)) for d in setup.deployment]),
                (
                    "reinforcement_box",
                    [(d.unit, unit_record(ctx, d.unit)) for d in setup.reinforcement_box],
                ),
                (
                    "scheduled_reinforcements",
                    [(d.unit, unit_record(ctx, d.unit)) for d in setup.scheduled_reinforcements],
                ),
                ("deck", [(c, ctx.get(CARD, c)) for c in setup.deck]),
                ("target_roster", [(t, ctx.get(ROSTER, t)) for t in setup.target_roster]),
            ]
            for name, items in lists:
                for k, (rid, rec) in enumerate(items):
                    if rec is not None and rec.side != setup.side:
                        ctx.emit_error(
                            base + (name, k),
                            f"'{rid}' belongs to '{rec.side}', not to '{setup.side}'",
                        )
            counters = setup.airbase_counters
            if counters is not None:
                unit = ctx.get(GROUND, counters.unit)
                if unit is not None and unit.side != setup.side:
                    ctx.emit_error(
                        base + ("airbase_counters", "unit"), f"'{unit.id}' belongs to '{unit.side}'"
                    )


class ListedTwice(LintRule):
    code = "aw.listed_twice"
    kinds = (SCENARIO,)
    summary = "A card is in its side's deck once, a line in its side's roster once: each is printed once."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            for name, what in (("deck", "the deck would hold two of the one card"),
                               ("target_roster", "the roster would list the line twice")):
                first: dict[str, int] = {}
                for k, rid in enumerate(getattr(setup, name)):
                    if rid in first:
                        ctx.emit_warning(("sides", i, name, k), f"'{rid}' is already {name}[{first[rid]}]: "
                                         f"{what}; remove one")
                    first.setdefault(rid, k)


class TurnNumbers(LintRule):
    code = "aw.turn_numbers"
    kinds = (SCENARIO,)
    summary = "Turn labels and scheduled reinforcements name a turn the scenario plays; a turn has one label."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        labelled: dict[int, int] = {}
        for i, label in enumerate(s.turn_labels):
            if label.turn > s.turns:
                ctx.emit_warning(("turn_labels", i, "turn"), f"turn {label.turn} is after the last turn "
                                 f"({s.turns}), so the label is never shown")
            elif label.turn in labelled:
                ctx.emit_warning(("turn_labels", i, "turn"), f"turn {label.turn} is already labelled by "
                                 f"turn_labels[{labelled[label.turn]}], so this label is never shown")
            labelled.setdefault(label.turn, i)
        for k, setup in enumerate(s.sides):
            for j, arrival in enumerate(setup.scheduled_reinforcements):
                if arrival.turn > s.turns:
                    ctx.emit_warning(("sides", k, "scheduled_reinforcements", j, "turn"), f"turn {arrival.turn} "
                                     f"is after the last turn ({s.turns}), so these units never arrive")


class UnitClasses(LintRule):
    code = "aw.unit_classes"
    kinds = (SCENARIO,)
    summary = "Every unit type in play has a class, and every counter face a mode of that class."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for t, n in Counter(c.type for c in s.unit_classes).items():
            if n > 1:
                ctx.emit_error(("unit_classes",), f"unit type {t} has {n} classes")
        for setup in s.sides:
            for unit in ctx.records(AIR):
                if unit.side != setup.side:
                    continue
                cls = s.unit_class(unit.type)
                if cls is None:
                    ctx.emit_error(
                        ("unit_classes",), f"no class for type {unit.type}, used by {unit.label}"
                    )
                    continue
                for face_name, face in unit.faces():
                    if cls.mode(face.mode) is None:
                        ctx.emit_error(
                            ("unit_classes",),
                            f"{unit.label}'s {face_name} face flies as '{face.mode}', which type "
                            f"{unit.type} has no rules for",
                        )


class ScenarioOptions(LintRule):
    code = "aw.options"
    kinds = (SCENARIO,)
    summary = "Options are declared once, and every option content depends on is declared."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        declared = [o.id for o in s.options]
        for o, n in Counter(declared).items():
            if n > 1:
                ctx.emit_error(("options",), f"option '{o}' is declared {n} times")
        used: list[tuple[tuple, str, str]] = []
        game_map = ctx.get(MAP, s.map)
        if game_map is not None:
            used += [
                (("map",), p.airbase.option, f"map '{game_map.id}' ({p.name})")
                for p in game_map.places
                if p.airbase and p.airbase.option
            ]
        for i, setup in enumerate(s.sides):
            for j, card in deck_cards(ctx, setup):
                used += [
                    (("sides", i, "deck", j), e.option, f"card '{card.id}'")
                    for e in card.effects
                    if e.option
                ]
            used += [
                (("sides", i, "wild_card_effects", k), e.option, "a wild card effect")
                for k, e in enumerate(setup.wild_card_effects)
                if e.option
            ]
        for path, option, where in used:
            if option not in declared:
                hint = did_you_mean(option, declared)
                ctx.emit_error(
                    path,
                    f"{where} depends on option '{option}', which is not declared.{hint}".rstrip(),
                )
