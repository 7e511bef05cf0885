"""Air Wars lint rules on a scenario's set-up: countermix, deployment, places, reinforcements, wild cards."""

from __future__ import annotations

from collections import Counter

from engine.content.ruleset import LintContext, LintRule

from ..kinds.cards import Reinforcements
from ..kinds.scenario import Scenario
from .helpers import (
    AIR,
    GROUND,
    MAP,
    SCENARIO,
    deck_cards,
    option_default,
    pick_pool,
    place_or_hint,
    side_units,
)


class Countermix(LintRule):
    code = "aw.countermix"
    kinds = (SCENARIO,)
    summary = "Set-up uses each counter of a side once: deployed, in a random pool or in a box."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            used: Counter[str] = Counter()
            first_path: dict[str, tuple] = {}
            for name in ("deployment", "reinforcement_box", "scheduled_reinforcements"):
                for k, entry in enumerate(getattr(setup, name)):
                    used[entry.unit] += entry.count
                    first_path.setdefault(entry.unit, ("sides", i, name, k))
            for k, pick in enumerate(setup.random_deployment):
                pool = pick_pool(ctx, pick, setup.side)
                size = sum(u.count for u in pool)
                if size < pick.count:
                    ctx.emit_error(
                        ("sides", i, "random_deployment", k),
                        f"picks {pick.count} counter(s) from a pool of {size}",
                    )
                for unit in pool:  # the pool's leftovers go to the Reinforcements Box
                    used[unit.id] += unit.count
                    first_path.setdefault(unit.id, ("sides", i, "random_deployment", k))
            if setup.airbase_counters is not None:
                counter = ctx.get(GROUND, setup.airbase_counters.unit)
                if counter is not None:
                    used[counter.id] += counter.count
            for unit in side_units(ctx, setup.side):
                n = used.get(unit.id, 0)
                if n > unit.count:
                    ctx.emit_error(
                        first_path[unit.id],
                        f"set-up uses {n} {unit.label} counters but the countermix has {unit.count}",
                    )
                elif n < unit.count:
                    ctx.emit_warning(
                        ("sides", i),
                        f"{unit.count - n} of {unit.count} {unit.label} counter(s) are neither "
                        "deployed, in a pool nor in the Reinforcements Box",
                    )


class DeploymentCapacity(LintRule):
    code = "aw.deployment_capacity"
    kinds = (SCENARIO,)
    summary = "Air units set up at the start fit the side's airbases (15.2, 30.2)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        game_map = ctx.get(MAP, s.map)
        if game_map is None:
            return
        for i, setup in enumerate(s.sides):
            bases = [
                p
                for p in game_map.places
                if p.airbase
                and game_map.territory_of(p.at) == setup.side
                and option_default(s, p.airbase.option)
            ]
            capacity = sum(p.airbase.capacity for p in bases)
            deployed = sum(d.count for d in setup.deployment if ctx.get(AIR, d.unit))
            deployed += sum(p.count for p in setup.random_deployment)
            if deployed > capacity:
                ctx.emit_warning(
                    ("sides", i, "deployment"),
                    f"{deployed} air units set up but '{setup.side}' airbases hold {capacity}",
                )
            for k, d in enumerate(setup.deployment):
                at = [game_map.place(p) for p in d.at]
                if ctx.get(AIR, d.unit) and d.at and all(at):
                    room = sum(p.airbase.capacity for p in at if p.airbase)
                    if d.count > room:
                        ctx.emit_warning(
                            ("sides", i, "deployment", k),
                            f"{d.count} {d.unit} set up at {', '.join(d.at)}, whose airbases hold {room}",
                        )


class ScenarioPlaces(LintRule):
    code = "aw.scenario_places"
    kinds = (SCENARIO,)
    summary = "Places a scenario names exist on its map; air units set up at airbases."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        game_map = ctx.get(MAP, s.map)
        if game_map is None:
            return
        for i, setup in enumerate(s.sides):
            named: list[tuple[tuple, str, str | None]] = []
            for name in ("deployment", "scheduled_reinforcements"):
                for k, entry in enumerate(getattr(setup, name)):
                    for m, pid in enumerate(entry.at):
                        named.append((("sides", i, name, k, "at", m), pid, entry.unit))
            if setup.airbase_counters:
                for m, pid in enumerate(setup.airbase_counters.forbidden_places):
                    named.append(
                        (("sides", i, "airbase_counters", "forbidden_places", m), pid, None)
                    )
            for path, pid, unit_id in named:
                place, problem = place_or_hint(game_map, pid)
                if place is None:
                    ctx.emit_error(path, problem)
                    continue
                if unit_id is None:
                    continue
                if ctx.get(AIR, unit_id) and place.airbase is None:
                    ctx.emit_error(path, f"{place.name} has no airbase to base air units (15.0)")
                elif game_map.territory_of(place.at) != setup.side:
                    ctx.emit_error(path, f"{place.name} is not '{setup.side}' territory (12.1)")


class CardReinforcements(LintRule):
    code = "aw.card_reinforcements"
    kinds = (SCENARIO,)
    summary = "Reinforcement cards ask for units the Reinforcements Box can supply (29.1, 29.2)."

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            box: Counter[str] = Counter()
            for entry in setup.reinforcement_box:
                box[entry.unit] += entry.count
            leftovers: list[tuple[Counter[str], int]] = []  # pool counters by type, how many stay
            for pick in setup.random_deployment:
                pool = Counter({u.id: u.count for u in pick_pool(ctx, pick, setup.side)})
                leftovers.append((pool, sum(pool.values()) - pick.count))
            for j, card in deck_cards(ctx, setup):
                for effect in card.effects:
                    if not isinstance(effect, Reinforcements):
                        continue
                    for pick in effect.picks:
                        types = {u.id for u in pick_pool(ctx, pick, setup.side)}
                        supply = sum(box[t] for t in types)
                        supply += sum(min(n, sum(pool[t] for t in types)) for pool, n in leftovers)
                        if pick.count > supply:
                            ctx.emit_warning(
                                ("sides", i, "deck", j),
                                f"'{card.id}' brings in {pick.count} unit(s) that the Reinforcements "
                                f"Box holds at most {supply} of",
                            )


class WildCardPlay(LintRule):
    code = "aw.wild_cards"
    kinds = (SCENARIO,)
    summary = (
        "A deck with wild cards has enough of them, and the scenario says what they do (30.9)."
    )

    def check(self, s: Scenario, ctx: LintContext) -> None:
        for i, setup in enumerate(s.sides):
            wild = sum(1 for _, card in deck_cards(ctx, setup) if card.wild_card)
            if not wild:
                continue
            if s.wild_cards is None:
                ctx.emit_warning(
                    ("wild_cards",),
                    f"'{setup.side}' has wild cards but the scenario sets no wild card play",
                )
                continue
            if wild < s.wild_cards.cards_needed:
                ctx.emit_warning(
                    ("sides", i, "deck"),
                    f"{wild} wild card(s) in the deck; {s.wild_cards.cards_needed} are needed to play them together",
                )
            if not setup.wild_card_effects:
                ctx.emit_warning(
                    ("sides", i, "wild_card_effects"),
                    "say what playing the wild cards together does",
                )
