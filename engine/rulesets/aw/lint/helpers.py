"""What several Air Wars lint rules share: record kinds and lookups across records."""

from __future__ import annotations

from typing import Iterator

from engine.content.diagnostics import did_you_mean
from engine.content.ruleset import LintContext

from ..kinds.board import Map, Place
from ..kinds.cards import CampaignCard
from ..kinds.vocabulary import UnitPick
from ..kinds.scenario import Scenario, SideSetup
from ..kinds.units import AirUnit, GroundUnit

AIR, GROUND, MAP, SCENARIO = "aw.air_unit", "aw.ground_unit", "aw.map", "aw.scenario"
CARD, ROSTER, SIDE = "aw.campaign_card", "aw.target_roster", "aw.side"


def unit_record(ctx: LintContext, unit_id: str) -> AirUnit | GroundUnit | None:
    return ctx.get(AIR, unit_id) or ctx.get(GROUND, unit_id)


def scenarios_using(
    ctx: LintContext, kind: str, record_id: str
) -> Iterator[tuple[Scenario, SideSetup]]:
    """Scenarios (and the side) whose deck or roster holds the record."""
    for scenario in ctx.records(SCENARIO):
        for setup in scenario.sides:
            held = setup.deck if kind == CARD else setup.target_roster
            if record_id in held:
                yield scenario, setup


def pick_pool(ctx: LintContext, pick: UnitPick, side: str) -> list[AirUnit]:
    """Air unit types of `side` a pick may take from."""
    units = [u for u in ctx.records(AIR) if u.side == side]
    if pick.units:
        units = [u for u in units if u.id in pick.units]
    if pick.group:
        units = [u for u in units if u.group == pick.group]
    return units


def place_or_hint(game_map: Map, place_id: str) -> tuple[Place | None, str]:
    place = game_map.place(place_id)
    if place is not None:
        return place, ""
    hint = did_you_mean(place_id, [p.id for p in game_map.places])
    return None, f"map '{game_map.id}' has no place '{place_id}'.{hint}".rstrip()


def option_default(scenario: Scenario, option_id: str | None) -> bool:
    if option_id is None:
        return True
    option = next((o for o in scenario.options if o.id == option_id), None)
    return option.default if option else True


def side_units(ctx: LintContext, side: str) -> list[AirUnit | GroundUnit]:
    return [u for kind in (AIR, GROUND) for u in ctx.records(kind) if u.side == side]


def deck_cards(ctx: LintContext, setup: SideSetup) -> Iterator[tuple[int, CampaignCard]]:
    for j, card_id in enumerate(setup.deck):
        card = ctx.get(CARD, card_id)
        if card is not None:
            yield j, card
