"""Pocket Air War: Definitive Edition (WBS Games) — energy/altitude flight on a free mat.

Content model: the kind modules (`planes`, `templates`, `rules`, `scenario` ...). Rules
engine: `engine.PawEngine` (the round, decision kinds and events are described there), on
`state` (pieces and derived values), `flight` (maneuvers, energy, stall, initiative),
`combat` and `damage` (weapons, Flak, ordnance, hits), `victory`, `board.FreeMat`, `bots`,
and the rulebook's solo AI, `solo_ai` (the engine flies AI planes itself: see there).

What bots and the solo AI read (from `game.state`, a `state.State`; nothing below changes
the game):

- `flight.energy_options(state, plane)` / `flight.maneuver_options(state, plane)`: the
  legal Energy settings and maneuvers now, exactly as the engine offers them (dicts with
  `type`, parameters and `label`); `single_step=True` gives the one-step choices of a Time
  Freeze impulse.
- `flight.predict(state, plane, option)` -> `Prediction`: end pose (x, y, heading), altitude,
  Energy, movement points left, the path, the edge it would leave the mat by, the Energy
  it would lack (`deficit`: an intentional stall), and whether it `stalls` next round or
  `crashes`. Chain maneuvers by passing `fl=` a copied `state.Flight`.
- `flight.overlaps(state, plane, pose, alt)` (collision check), `flight.off_mat(state, pose)`,
  `flight.stall_outcome(state, plane)` ('crash' or 'drop'), `flight.initiative(state, roll)`.
- `combat.attack_options(state, plane, used)`, `combat.gun_target` / `gunner_target` (the
  ruler box a counter is in, or None), `combat.plane_aspect` (front/side/back),
  `geometry.bearing` / `local` for relative position (ahead/side/behind) and
  `state.State.same_alt`; a Dashboard's length is `rules.components.dashboard_length_mm`.
- `state.State.max_energy`, `acceleration`, `letters` (templates allowed at an Energy),
  `turn_sides`, `barred_high`, `hit_modifier`: the numbers the optional rules change.
"""

from __future__ import annotations

from engine.core.contract import Ruleset

from .ai import AiManeuver, AiTable, FocalPoints
from .common import RULEBOOK
from .crew import CrewSkill, DamageMarker
from .engine import PawEngine
from .defences import AaaDashboard, FlakDashboard
from .layout import BOARD_PREVIEWS, LAYOUT
from .lint import RULES
from .mission import COMMAND as MISSION_GENERATOR
from .missions import EventTable, MissionChart, MissionEvent, MissionType, TargetType
from .planes import Dashboard
from .preview import COMPONENTS, PREVIEWS
from .rules import Rules
from .scenario import Mat, Scenario
from .targets import GroundTarget
from .templates import FireTemplate, TurningTemplate
from .theaters import Faction, Theater, TheaterTable, Timeline
from .time_freeze import TimeFreezeTable

RULESET = Ruleset(
    id="paw",
    name="Pocket Air War",
    description="Pocket Air War: Definitive Edition. Plane dashboards, turning and fire "
    "templates, AAA and Flak, theaters of operations with their d20 tables, the solo AI "
    "and scenarios on a free mat.",
    kinds=(
        Rules,
        Dashboard,
        TurningTemplate,
        FireTemplate,
        AaaDashboard,
        FlakDashboard,
        GroundTarget,
        CrewSkill,
        DamageMarker,
        Faction,
        Theater,
        Timeline,
        TheaterTable,
        MissionType,
        TargetType,
        MissionChart,
        MissionEvent,
        EventTable,
        AiManeuver,
        FocalPoints,
        AiTable,
        TimeFreezeTable,
        Mat,
        Scenario,
    ),
    lint_rules=RULES,
    rulebook=RULEBOOK,
    scenario_kind="paw.scenario",
    previews={**PREVIEWS, **BOARD_PREVIEWS},
    components=COMPONENTS,
    layout=LAYOUT,
    engine=PawEngine(),
    mission=MISSION_GENERATOR,
)
