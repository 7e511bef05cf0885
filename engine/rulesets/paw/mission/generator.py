"""The mission generator: a timeline and a seed in, a ready-to-play `paw.scenario` out.

It follows the rulebook's order: who rolls for the mission (the timeline's
FACTIONS rule), the mission type, the ground target the defender rolls, the
planes from the availability tables balanced by points, the loadouts the
briefing allows, the inbound event of an extended mission, the target set-up,
the General Deployment roll and the positions it allows, and the outbound
event. Every roll goes through one seeded `Dice` and lands in the scenario's
`generated` record with the table row it hit, so the same seed gives the same
file and a designer can see why it looks as it does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engine.content.diagnostics import did_you_mean, possessive
from engine.content.pack import record_text
from engine.content.validate import UsageError

from ..kinds.vocabulary import other_side
from ..kinds.scenario import Scenario
from ..kinds.theaters import tables_for
from . import briefing
from .deployment import Deployer, Outcome, roll_off
from .events import defender_planes, event_table, roll_event, time_reference
from .forces import Availability, Plane, loadout_options, points, roles_needed, select
from .rolls import MissionReport, Roller
from .surface import AREAS, Surface
from .target_setup import counters, place

SIDES = ("axis", "allies")
DEFAULT_FORCE = 4  # planes of the rolling side before balancing: 3 bombers and an escort


@dataclass(frozen=True)
class Request:
    theater: str
    timeline: str
    seed: int
    points: dict[str, int] = field(default_factory=dict)  # campaign points, for who rolls
    force: int = DEFAULT_FORCE
    on_missing: str | None = None  # force 'reroll' or 'report' over the pack's policy
    extended: bool = True  # roll the inbound and outbound legs
    mat: str | None = None

    def command(self, pack: str) -> str:
        """The command line that generates this scenario again."""
        parts = [f"sortie mission --pack {pack} --theater {self.theater} "
                 f"--timeline {self.timeline} --seed {self.seed}"]
        parts += [f"--points {side}={n}" for side, n in sorted(self.points.items())]
        if self.force != DEFAULT_FORCE:
            parts.append(f"--planes {self.force}")
        if self.on_missing:
            parts.append(f"--on-missing {self.on_missing}")
        if not self.extended:
            parts.append("--no-extended")
        if self.mat:
            parts.append(f"--mat {self.mat}")
        return " ".join(parts)


@dataclass
class Generation:
    scenario: Scenario
    summary: dict

    def text(self) -> str:
        return record_text(self.scenario)


def generate(content: Any, pack: str, request: Request) -> Generation:
    """Raises UsageError for arguments that name nothing, MissionReport when the tables
    cannot give a mission (a roll the pack says to report, or nothing usable)."""
    return _Mission(content, pack, request).run()


def _find(content: Any, kind: str, wanted: str, what: str, among: list | None = None,
          where: str = ""):
    records = among if among is not None else content.records(kind)
    found = next((r for r in records if r.id == wanted), None)
    if found is None:
        ids = sorted(r.id for r in records)
        named = [r.id for r in records if r.name and r.name.lower() == wanted.lower()]
        hint = f" Did you mean '{named[0]}'?" if named else did_you_mean(wanted, ids)
        raise UsageError(f"no {what} '{wanted}'{where}.{hint} Known: {', '.join(ids) or 'none'}")
    return found


@dataclass
class _Made:
    """What a run produced, on its way into the scenario record and the summary."""

    roller: str
    missions: dict  # side -> the mission type it flies
    attacker: str
    row: Any  # the ground-target row, or None for a sweep
    target_type: Any
    mat: Any
    units: list
    planes: dict[str, list[Plane]]
    outcome: Outcome
    order: list[Plane]
    legs: list[dict]

    @property
    def mission(self):
        return self.missions[self.roller]


class _Mission:
    def __init__(self, content: Any, pack: str, request: Request) -> None:
        self.c, self.pack, self.r = content, pack, request
        self.theater = _find(content, "paw.theater", request.theater, "theater")
        timelines = [t for t in content.records("paw.timeline") if t.theater == self.theater.id]
        other = content.get("paw.timeline", request.timeline)
        if other is not None and other.theater != self.theater.id:
            raise UsageError(f"timeline '{other.id}' belongs to theater '{other.theater}', not "
                             f"'{self.theater.id}'")
        self.timeline = _find(content, "paw.timeline", request.timeline, "timeline", timelines,
                              f" in theater '{self.theater.id}'")
        for side in request.points:
            if side not in SIDES:
                raise UsageError(f"campaign points for '{side}': the sides are axis and allies")
        mats = sorted(content.records("paw.mat"), key=lambda m: m.id)
        self.mat = _find(content, "paw.mat", request.mat, "mat") if request.mat else None
        if not mats:
            raise MissionReport(f"pack '{pack}' has no paw.mat to play on")
        self.mats = mats
        rules = sorted(content.records("paw.rules"), key=lambda r: r.id)
        if not rules:
            raise MissionReport(f"pack '{pack}' has no paw.rules record (deployment distances, "
                                "generator policy)")
        self.rules = rules[0]
        self.where = f"{self.theater.label} / {self.timeline.label}"
        self.roller = Roller(request.seed, self.where, self.rules.generator.on_missing,
                             request.on_missing)
        self.tables = tables_for(self.timeline, content)
        self.avail = Availability.of(self.timeline, self.tables, content, self.roller)

    # ------------------------------------------------------------------ who and what

    def rolling_side(self) -> str:
        """FACTIONS: a fixed side, or the side ahead on campaign points (the tie side if even)."""
        rule = self.timeline.mission_roll
        side = rule.side if rule.rule == "fixed" else rule.tie
        if rule.rule == "points_advantage":
            score = {s: self.r.points.get(s, 0) for s in SIDES}
            if score["axis"] != score["allies"]:
                side = max(SIDES, key=lambda s: score[s])
        if side is None:
            raise MissionReport(f"{self.where}: the timeline's mission roll names no side")
        return side

    def _table(self, kind: str, side: str):
        """The timeline's table of `kind` for the `side`'s missions (or one for both sides)."""
        own = [t for t in self.tables if t.table.type == kind]
        return next((t for t in own if t.side == side), None) or \
            next((t for t in own if t.side is None), None)

    def mission(self, side: str):
        record = self._table("mission_type", side)
        table, base = (record.table, "table") if record else (None, "")
        if record is None:  # "either by choice or at random, rolling on the table below"
            general = sorted(self.c.records("paw.mission_table"), key=lambda t: t.id)
            if not general:
                raise MissionReport(f"{self.where}: no MISSION TYPE table for the {side}")
            record = table = general[0]

        def check(row) -> str | None:
            if row.mission is None:
                return "the row is cut off: no mission printed"
            mission = self.c.get("paw.mission_type", row.mission)
            if mission is None:
                return f"no mission type '{row.mission}' in the pack"
            problem = self.avail.missing(side, roles_needed(mission))
            return f"the {side} cannot fly {mission.label}: {problem}" if problem else None

        row = self.roller.on_table(record, table, base, f"{side} mission type", check,
                                   lambda row: self.c.get("paw.mission_type", row.mission).label)
        return self.c.get("paw.mission_type", row.mission)

    def target(self, side: str, defender: str):
        record = self._table("ground_targets", side)
        if record is None:
            raise MissionReport(f"{self.where}: no GROUND TARGETS table for the {possessive(side)} missions: add a "
                                f"paw.theater_table with timeline: {self.timeline.id}, side: {side} and a "
                                "table of type ground_targets")

        def check(row) -> str | None:
            if row.target is None:
                return "the row is cut off: no target printed"
            if row.target_type is None or self.c.get("paw.target_type", row.target_type) is None:
                return f"'{row.target}' has no target type in the pack"
            if not row.composition:
                return f"'{row.target}' prints no composition: nothing to place"
            lost = [i.unit for i in row.composition
                    if self.c.get("paw.ground_target", i.unit) is None]
            return f"no ground target '{lost[0]}' in the pack" if lost else None

        return self.roller.on_table(
            record, record.table, "table", f"ground target (rolled by the {defender})", check,
            lambda row: f"{row.target}: {briefing.composition_text(row.composition, self.c)}")

    # ------------------------------------------------------------------ the run

    def run(self) -> Generation:
        self.avail.choose_period()
        roller_side = self.rolling_side()
        other = other_side(roller_side)
        other_mission = self.c.get("paw.mission_type", self.timeline.mission_roll.other_mission)
        if other_mission is None:
            raise MissionReport(f"{self.where}: no mission type "
                                f"'{self.timeline.mission_roll.other_mission}' in the pack")
        problem = self.avail.missing(other, roles_needed(other_mission))
        if problem:
            raise MissionReport(f"{self.where}: the {other} cannot fly "
                                f"{other_mission.label}: {problem}")
        mission = self.mission(roller_side)
        missions = {roller_side: mission, other: other_mission}
        attacker = roller_side if mission.uses_target_table else other
        defender = other_side(attacker)
        row = self.target(roller_side, defender) if mission.uses_target_table else None
        target_type = self.c.get("paw.target_type", row.target_type) if row else None
        units = counters(row.composition) if row else []
        ships = any(self.c.get("paw.ground_target", u.unit).category == "ship" for u in units)
        mat = self.mat or self._mat(ships, bool(units))
        surface = Surface.of(mat, self.rules)

        for side in (roller_side, other):
            self.avail.choose_basing(side, roles_needed(missions[side]))
        planes = select(self.avail, missions, roller_side, self.r.force)
        for plane, unit_id in zip(planes["axis"] + planes["allies"],
                                  _numbered(planes["axis"] + planes["allies"])):
            plane.id = unit_id
        for side in SIDES:
            for plane in planes[side]:
                options = loadout_options(plane, missions[side], ships)
                plane.loadout = self.roller.pick(options, f"{plane.id} loadout")
                plane.energy = self._energy(plane)

        legs = []
        table = event_table(self.c) if self.r.extended and mission.uses_target_table else None
        if table is not None:
            legs.append(self._inbound(table, planes, attacker, defender, surface))
        outcome = roll_off(self.roller, planes, self.rules)
        try:
            if target_type is not None:
                place(surface, AREAS[defender], target_type, units, self.roller)
            order = Deployer(surface, self.rules, missions).deploy(outcome, planes, self.roller)
        except MissionReport as exc:
            raise MissionReport(f"{self.where}: {exc} ({mat.label}, {mat.width_mm:g} x "
                                f"{mat.height_mm:g} mm)") from None
        if table is not None:
            event = roll_event(self.roller, table, self.c, "outbound")
            legs.append({"leg": "outbound", "event": event.id})
        return self._result(_Made(roller_side, missions, attacker, row, target_type, mat,
                                  units, planes, outcome, order, legs))

    def _mat(self, ships: bool, targets: bool):
        """Sea for ships, countryside for ground targets, sky for a sweep; else the first."""
        terrain = "sea" if ships else "countryside" if targets else "sky"
        return next((m for m in self.mats if m.terrain == terrain), self.mats[0])


    def _energy(self, plane: Plane) -> int:
        """Start at the max the plane may hold: loaded planes are capped at the damaged value."""
        skill = self.c.get("paw.crew_skill", "trained")
        bonus = skill.energy_tokens if skill is not None else 0
        return plane.dashboard.max_energy_for(False, plane.loadout != "none") + bonus

    def _inbound(self, table, planes, attacker: str, defender: str, surface: Surface) -> dict:
        event = roll_event(self.roller, table, self.c, "inbound")
        rules = event.inbound
        chosen, cap, damaged = defender_planes(self.avail, defender, rules, planes[attacker],
                                               self.roller)
        leg: dict[str, Any] = {"leg": "inbound", "event": event.id}
        if damaged:
            leg["damaged"] = damaged
        if cap is not None:
            leg["vp_cap"] = cap
        if chosen:
            leg["planes"] = [{"id": unit_id, "dashboard": p.dashboard.id, "faction": p.faction,
                              "role": p.role} for p, unit_id in zip(chosen, _numbered(chosen))]
        if rules.flak == "barrage":
            leg["time_reference"] = time_reference(surface, AREAS[attacker],
                                                   rules.deploy_edge_distance or 0,
                                                   planes[attacker])
        return leg

    # ------------------------------------------------------------------ the record

    def _result(self, made: "_Made") -> Generation:
        mission, row, planes, outcome = made.mission, made.row, made.planes, made.outcome
        attacker, defender = made.attacker, other_side(made.attacker)
        tl = self.timeline
        if row is not None:
            name = f"{mission.label}: {row.target} ({tl.label})"
        else:
            name = f"{mission.label} ({tl.label})"
        period = tl.period
        dates = f"{period.start:%d %B %Y}" + (
            f" to {period.end:%d %B %Y}" if period.end != period.start else "")
        where = tl.label if tl.label == self.theater.label else \
            f"{self.theater.label}, {tl.label}"
        text = [f"{where} ({dates}). {mission.briefing}"]
        other = other_side(made.roller)
        text.append(f"The {made.roller} rolled this mission; the {other} fly a "
                    f"{made.missions[other].label}.")
        if row is not None:
            text.append(f"The {defender} defend a {row.target} "
                        f"({briefing.composition_text(row.composition, self.c)}).")
        text += [briefing.force_text(s, planes[s]) for s in (attacker, defender)]
        if outcome.caught:
            text.append(f"General Deployment: the {outcome.caught} are {outcome.kind}.")
        else:
            text.append("General Deployment: neutral set-up.")
        text.append(briefing.victory_text(made.target_type.victory, self.c) if made.target_type
                    else briefing.sweep_text(mission.sweep_victory))
        if tl.condition is not None:
            text.append(f"Played only if the {tl.condition.side} won: {tl.condition.text}.")
        data: dict[str, Any] = {
            "kind": "paw.scenario",
            "id": f"{tl.id}-mission-{self.r.seed}",
            "name": name,
            "briefing": " ".join(text),
            "mission": mission.id,
            "attacker": attacker,
        }
        if made.target_type is not None:
            data["target_type"] = made.target_type.id
        data.update(timeline=tl.id, mat=made.mat.id, areas=dict(AREAS), deployment=outcome.kind)
        if outcome.caught:
            data["caught"] = outcome.caught
        data["planes"] = [{
            "x": p.x, "y": p.y, "heading": p.heading, "id": p.id, "dashboard": p.dashboard.id,
            "faction": p.faction, "role": p.role, "altitude": p.altitude, "energy": p.energy,
            "skill": "trained", "loadout": p.loadout,
        } for p in made.order]
        if made.units:
            data["targets"] = [{"x": u.x, "y": u.y, "heading": u.heading, "id": u.id,
                                "unit": u.unit, "side": defender} for u in made.units]
            data["victory"] = made.target_type.victory.model_dump(mode="json",
                                                                  exclude_unset=True)
        if made.legs:
            data["legs"] = made.legs
        data["generated"] = {
            "seed": self.r.seed,
            "pack": self.pack,
            "theater": self.theater.id,
            "points": {s: self.r.points.get(s, 0) for s in SIDES},
            "roller": made.roller,
            "force": self.r.force,
            **({"on_missing": self.r.on_missing} if self.r.on_missing else {}),
            "rolls": [_roll(entry) for entry in self.roller.log],
        }
        data.update(
            source=f"Pocket Air War: Definitive Edition, Mission Generator; {tl.label} tables "
                   f"of the pack '{self.pack}'",
            sample=True,
            notes=f"Generated by '{self.r.command(self.pack)}'. Forces, target and events come "
                  "from the tables (see 'generated' for every roll and the row it hit); "
                  "positions are laid out by the generator within the General Deployment "
                  "distances.",
        )
        try:
            scenario = Scenario.model_validate(data)
        except ValidationError as exc:  # the pack's tables rolled a scenario its own model refuses
            first = exc.errors(include_url=False)[0]
            raise MissionReport(f"the scenario rolled is not valid: {'.'.join(map(str, first['loc']))}: "
                                f"{first['msg']}; the tables of '{self.timeline.id}' cannot give a scenario") from None
        return Generation(scenario, self._summary(scenario, made))

    def _summary(self, scenario: Scenario, made: "_Made") -> dict:
        row, outcome, planes = made.row, made.outcome, made.planes
        return {
            "scenario": scenario.id,
            "pack": self.pack,
            "seed": self.r.seed,
            "theater": self.theater.id,
            "timeline": self.timeline.id,
            "roller": scenario.generated.roller,
            "missions": {side: m.id for side, m in made.missions.items()},
            "mission": scenario.mission,
            "attacker": scenario.attacker,
            "target": None if row is None else {
                "printed": row.target, "type": row.target_type,
                "composition": {i.unit: i.count for i in row.composition}},
            "mat": scenario.mat,
            "deployment": {"result": outcome.kind, "caught": outcome.caught,
                           "scores": outcome.scores},
            "planes": {side: {"points": points(planes[side]),
                              "planes": [{"id": p.id, "dashboard": p.dashboard.id,
                                          "faction": p.faction, "role": p.role,
                                          "points": p.points, "loadout": p.loadout}
                                         for p in planes[side]]}
                       for side in SIDES},
            "legs": [leg.model_dump(mode="json", exclude_defaults=True) for leg in scenario.legs],
            "rolls": [r.model_dump(mode="json", exclude_none=True)
                      for r in scenario.generated.rolls],
        }


def _numbered(planes: list[Plane]) -> list[str]:
    """Unit ids: the dashboard id and a count per dashboard ('spitfire-i-2')."""
    seen: dict[str, int] = {}
    ids = []
    for plane in planes:
        seen[plane.dashboard.id] = seen.get(plane.dashboard.id, 0) + 1
        ids.append(f"{plane.dashboard.id}-{seen[plane.dashboard.id]}")
    return ids


def _roll(entry: dict) -> dict:
    out = {"step": entry["for"], "die": entry["die"], "outcome": entry["outcome"]}
    if entry["results"]:
        out["result"] = entry["results"][0]
    for key in ("modifier", "table", "row"):
        if entry.get(key) is not None:
            out[key] = entry[key]
    return out
