"""Air Wars lint rules on campaign cards and Target Roster lines."""

from __future__ import annotations

from typing import Iterable

from engine.content.diagnostics import did_you_mean
from engine.content.ruleset import LintContext, LintRule

from ..kinds.board import Map
from ..kinds.cards import CampaignCard, GroundBattle, Reinforcements
from ..kinds.vocabulary import UnitPick
from ..kinds.targets import GroundBattleTarget, PlaceTarget, TargetRosterEntry
from .helpers import AIR, MAP, SCENARIO, CARD, ROSTER, SIDE, place_or_hint, scenarios_using


class CardDisposition(LintRule):
    code = "aw.card_disposition"
    kinds = (CARD,)
    summary = "Wild, reinforcement and ground battle cards have the disposition their rules need."

    def check(self, card: CampaignCard, ctx: LintContext) -> None:
        if card.wild_card and card.disposition != "reshuffle":
            ctx.emit_warning(
                ("disposition",),
                "a wild card played on its own is reshuffled (11.4); disposition should be 'reshuffle'",
            )
        for i, effect in enumerate(card.effects):
            if isinstance(effect, Reinforcements) and card.disposition != "reshuffle":
                ctx.emit_warning(
                    ("effects", i),
                    "a reinforcement card refits when picked again (30.13), so it must be "
                    "reshuffled into the deck",
                )
            if isinstance(effect, GroundBattle) and card.disposition != "discard":
                ctx.emit_warning(
                    ("disposition",),
                    "a ground battle card is discarded and never reappears (30.10)",
                )


class CardNumbers(LintRule):
    code = "aw.card_numbers"
    kinds = (CARD,)
    summary = "No two campaign cards share a printed number."

    def check(self, card: CampaignCard, ctx: LintContext) -> None:
        others = sorted(
            c.id for c in ctx.records(CARD) if c.number == card.number and c.id != card.id
        )
        if others:
            ctx.emit_error(
                ("number",), f"card number {card.number} is also used by {', '.join(others)}"
            )


class CardPlaces(LintRule):
    code = "aw.card_places"
    kinds = (CARD,)
    summary = "A ground battle card names a battle square of each scenario map it is played on."

    def check(self, card: CampaignCard, ctx: LintContext) -> None:
        for scenario, _ in scenarios_using(ctx, CARD, card.id):
            game_map = ctx.get(MAP, scenario.map)
            if game_map is None:
                continue
            for i, effect in enumerate(card.effects):
                if not isinstance(effect, GroundBattle):
                    continue
                place, problem = place_or_hint(game_map, effect.place)
                if place is None:
                    ctx.emit_error(("effects", i, "place"), problem)
                elif not place.ground_battle:
                    ctx.emit_error(
                        ("effects", i, "place"),
                        f"{place.name} is not a battle square on map '{game_map.id}' (set ground_battle)",
                    )


class UnitPicks(LintRule):
    code = "aw.unit_picks"
    kinds = (CARD, SCENARIO)
    summary = "Unit picks name units and groups of the picking side, and units in the group named."

    def check(self, record, ctx: LintContext) -> None:
        for path, pick, side in self._picks(record):
            side_rec = ctx.get(SIDE, side)
            if pick.group and side_rec is not None and side_rec.group(pick.group) is None:
                hint = did_you_mean(pick.group, [g.id for g in side_rec.groups])
                ctx.emit_error(
                    path + ("group",), f"side '{side}' has no group '{pick.group}'.{hint}".rstrip()
                )
            for k, unit_id in enumerate(pick.units):
                unit = ctx.get(AIR, unit_id)
                if unit is None:
                    continue
                if unit.side != side:
                    ctx.emit_error(
                        path + ("units", k), f"{unit.label} belongs to '{unit.side}', not '{side}'"
                    )
                elif pick.group and unit.group != pick.group:
                    ctx.emit_error(
                        path + ("units", k), f"{unit.label} is not in group '{pick.group}'"
                    )

    @staticmethod
    def _picks(record) -> Iterable[tuple[tuple, UnitPick, str]]:
        if isinstance(record, CampaignCard):
            for i, effect in enumerate(record.effects):
                if isinstance(effect, Reinforcements):
                    for k, pick in enumerate(effect.picks):
                        yield ("effects", i, "picks", k), pick, record.side
        else:
            for i, setup in enumerate(record.sides):
                for k, pick in enumerate(setup.random_deployment):
                    yield ("sides", i, "random_deployment", k), pick, setup.side


class RosterGroundBattle(LintRule):
    code = "aw.roster_ground_battle"
    kinds = (ROSTER,)
    summary = "A ground battle line names a card that designates a battle square."

    def check(self, entry: TargetRosterEntry, ctx: LintContext) -> None:
        if not isinstance(entry.target, GroundBattleTarget):
            return
        card = ctx.get(CARD, entry.target.card)
        if card is not None and not any(isinstance(e, GroundBattle) for e in card.effects):
            ctx.emit_error(
                ("target", "card"), f"card '{card.id}' designates no ground battle square"
            )


class RosterTargets(LintRule):
    code = "aw.roster_targets"
    kinds = (ROSTER,)
    summary = "A roster line names an enemy installation of the map that its side may bomb (30.7)."

    def check(self, entry: TargetRosterEntry, ctx: LintContext) -> None:
        target = entry.target
        kind = "ground_battle" if isinstance(target, GroundBattleTarget) else target.installation
        for scenario, setup in scenarios_using(ctx, ROSTER, entry.id):
            if kind not in setup.may_bomb:
                ctx.emit_error(
                    ("target",),
                    f"'{setup.side}' may not bomb {kind} targets in '{scenario.id}' (30.7)",
                )
            game_map = ctx.get(MAP, scenario.map)
            if isinstance(target, PlaceTarget) and game_map is not None:
                self._check_place(entry, target, game_map, ctx)

    @staticmethod
    def _check_place(
        entry: TargetRosterEntry, target: PlaceTarget, game_map: Map, ctx: LintContext
    ) -> None:
        place, problem = place_or_hint(game_map, target.place)
        if place is None:
            ctx.emit_error(("target", "place"), problem)
            return
        if not getattr(place, target.installation):
            ctx.emit_error(
                ("target", "installation"), f"{place.name} has no {target.installation} on the map"
            )
        owner = game_map.territory_of(place.at)
        if owner == entry.side:
            ctx.emit_error(
                ("target", "place"),
                f"{place.name} ({place.at}) is '{owner}' territory: '{entry.side}' scores only for "
                "enemy targets (30.7)",
            )


class RosterOrder(LintRule):
    code = "aw.roster_order"
    kinds = (ROSTER,)
    summary = "No two roster lines of one side share an `order`, the line's place in the printed roster."

    def check(self, entry: TargetRosterEntry, ctx: LintContext) -> None:
        first = ctx.repeated(ROSTER, entry, lambda r: (r.side, r.order))
        if first is not None:
            ctx.emit_warning(("order",), f"order {entry.order} is also that of {ctx.cite(ROSTER, first.id)}, "
                             f"another '{entry.side}' line: the printed Target Roster has no order for the two "
                             "(each one's preview puts it after the other); give each line of a side its own order")


class NotInPlay(LintRule):
    code = "aw.not_in_play"
    kinds = (CARD, ROSTER)
    summary = "A card or roster line that no scenario lists is never in play, nor checked against a map."

    def check(self, record: CampaignCard | TargetRosterEntry, ctx: LintContext) -> None:
        kind, held = (CARD, "deck") if isinstance(record, CampaignCard) else (ROSTER, "target_roster")
        if next(scenarios_using(ctx, kind, record.id), None) is None and not ctx.partial(SCENARIO):
            ctx.emit_warning(("id",), f"no scenario lists '{record.id}' in a side's {held}, so it is never in "
                             f"play: add it to sides[...].{held} of a scenario (a copy of a bundled scenario, "
                             "with its own id, for a pack that extends one)")
