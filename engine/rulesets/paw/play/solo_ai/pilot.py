"""An AI pilot's round, and its answers to the questions the engine asks about its plane.

At the start of its round (before its Energy, as the rulebook orders it) the pilot takes
its focal point and relative position, rolls the ACE AI table through the game's dice,
shifts rows for its crew skill, then walks down the rows until a maneuver flies at one of
its Energy settings without being disallowed, stalling or crashing.
The `paw.ai` event says what it saw and why it flies what it flies.
"""

from __future__ import annotations

import math

from ..bots import ship_ahead
from ..combat import weapons
from ..flight import energy_options, primitives
from ..geometry import aspect
from ..state import Plane
from .energy import preferred
from .focal import Focal, Focus, View
from .craft import Craft
from .maneuvers import SEVERITY, Aim, Plan, Refusal, allowed, build, impossible
from .memory import Memory
from .position import Relative, relative
from .sight import guns_may_reach
from .table import AceTable

BANDS = {"within_dashboard": "within one Dashboard", "beyond_dashboard": "beyond one Dashboard"}


class Pilot:
    """Flies every AI plane of one game."""

    def __init__(self, game) -> None:
        self.game, self.s = game, game.state
        content = game.content
        tables = content.records("paw.ai_table")
        self.table = AceTable(tables[0]) if tables else None
        self.maneuvers = {m.id: m for m in content.records("paw.ai_maneuver")}
        self.focus = Focus(self.s, content)
        self.default_skill = next((k for k in content.records("paw.crew_skill")
                                   if not k.has_marker), None)
        self.memory = Memory()
        self.plans: dict[str, list[dict]] = {}
        self.sight: dict[str, list[bool]] = {}  # per step of the plan: a target may be in sight
        self.energy: dict[str, int] = {}
        self.focals: dict[str, tuple[Focal, list]] = {}
        self.reaches: dict[str, float] = {}  # dashboard -> gunners' reach
        self.crafts: dict[tuple, Craft] = {}

    @property
    def available(self) -> bool:
        """The pack has what the AI reads: the ACE table, its maneuvers, focal-point lists."""
        return self.table is not None and bool(self.maneuvers) and self.focus.available

    def skill(self, plane: Plane):
        """The crew skill the table shift uses: the plane's, or the default without Crew Skills."""
        if self.s.options["crew_skills"] and plane.skill is not None:
            return plane.skill
        return self.default_skill or plane.skill

    def craft(self, plane: Plane) -> Craft:
        key = Craft.key(plane)
        if key not in self.crafts:
            self.crafts[key] = Craft(self.s, plane)
        return self.crafts[key]

    # ------------------------------------------------------------------ the round
    def start(self, plane: Plane, roll: int | None = None) -> dict:
        """Choose the maneuver and Energy for the plane's round; returns the `paw.ai` data.

        The d20 comes from the game's dice unless `roll` is given (worked examples)."""
        s = self.s
        self.memory.update(self.game.log, s.planes)
        focal, entries = self.focus.of(plane, self.memory)
        self.focals[plane.id] = (focal, entries)
        rel = relative(s, plane, focal)
        skill = self.skill(plane)
        data = {"plane": plane.id, "focal": focal.printed, "focal_kind": focal.entry,
                "looks_at": focal.unit, "at": [round(focal.x, 2), round(focal.y, 2)],
                "focal_altitude": None if focal.alt is None else s.alt_name(focal.alt),
                "override": focal.override, "range": rel.band, "position": rel.position,
                "vertical": rel.vertical, "distance": round(rel.distance, 1),
                "skill": skill.id if skill else None, "energy_before": plane.flight.energy}
        values = [o["to"] for o in energy_options(s, plane)]
        if values == [0]:  # it stalls before moving: there is no maneuver to choose
            self.plans[plane.id], self.energy[plane.id] = [], 0
            data.update(maneuver=None, energy=0,
                        why=f"{plane.id} has no Energy and cannot gain any: it stalls.")
            self.game.emit("paw.ai", **data)
            return data
        if roll is None:
            roll = self.game.dice.one("d20", f"ACE AI table for {plane.id}", plane=plane.id)
        rolled = self.table.roll_on(rel, roll, skill.ai_rows_down if skill else 0)
        craft = self.craft(plane)
        order, rule = preferred(craft, values, focal, rel)
        mid, energy, plan, shifts = self.choose(craft, rolled, focal, rel, order)
        self.plans[plane.id] = list(plan.options)
        look = self.sights(plane)  # after which step of the plan a target may be in sight
        self.sight[plane.id] = [look((x, y, h), alt) for x, y, h, alt in plan.track]
        self.energy[plane.id] = energy
        data.update(roll=roll, rolled=rolled.rolled, rows_down=rolled.rows_down,
                    shifted=rolled.shifted, shifts=shifts, maneuver=mid,
                    template=plan.template, energy=energy, energy_rule=rule)
        data["why"] = self.why(plane, data, rel)
        self.game.emit("paw.ai", **data)
        return data

    def choose(self, craft: Craft, rolled, focal: Focal, rel: Relative,
               order: list[int]) -> tuple[str | None, int, Plan, list[dict]]:
        """Walk the rows from the shifted one until a maneuver flies."""
        aim = Aim(self.s, craft.plane, focal)
        shifts, refused = [], []
        for mid in rolled.search():
            maneuver = self.maneuvers.get(mid)
            if maneuver is None:
                shifts.append({"maneuver": mid, "reason": "is not in the pack"})
                continue
            energy, result = self.attempt(craft, maneuver, focal, rel, aim, order)
            if isinstance(result, Plan):
                return mid, energy, result, shifts
            shifts.append({"maneuver": mid, "reason": result.text})
            if result.plan is not None:
                refused.append((SEVERITY.index(result.kind), mid, energy, result.plan))
        return (*self.fallback(craft.plane, refused, order), shifts)

    def attempt(self, craft: Craft, maneuver, focal: Focal, rel: Relative, aim: Aim,
                order: list[int]) -> tuple[int, Plan | Refusal]:
        """The first Energy setting (in the guidelines' order) at which the maneuver flies."""
        plane = craft.plane
        why = impossible(craft, plane.flight, maneuver, rel)
        if why:
            return plane.flight.energy, Refusal("not allowed", why)
        refusals, overshot = [], None
        for energy in order:
            fl = plane.flight.copy()
            fl.energy = fl.mp = energy
            result = build(craft, fl, maneuver, focal, rel, aim)
            if isinstance(result, Refusal):
                refusals.append((energy, result))
            elif focal.enemy_plane and self.overshoots(plane, focal, result):
                overshot = overshot or (energy, result)
            else:
                return energy, result
        if overshot:
            return overshot
        return min(refusals, key=lambda r: SEVERITY.index(r[1].kind))

    def overshoots(self, plane: Plane, focal: Focal, plan: Plan) -> bool:
        s = self.s
        before = aspect(plane.flight.pose, s.length, s.width_c, focal.x, focal.y)
        after = aspect(plan.end.pose, s.length, s.width_c, focal.x, focal.y)
        return before != "back" and after == "back"

    def fallback(self, plane: Plane, refused: list, order: list[int]) -> tuple:
        """Every row refused: the least bad flyable one, else level flight (a pack whose
        table has no level row)."""
        if refused:
            _, mid, energy, plan = min(refused, key=lambda r: r[0])
            return mid, energy, plan
        energy = order[0]
        fl = plane.flight.copy()
        fl.energy = fl.mp = energy
        options = [{"type": "level", "plane": plane.id, "steps": energy}] if energy else []
        return None, energy, Plan(options, fl, [])

    def why(self, plane: Plane, d: dict, rel: Relative) -> str:
        names = {mid: m.name for mid, m in self.maneuvers.items()}
        text = (f"{plane.id} looks at {d['looks_at'] or 'its edge'} ({d['focal']}"
                + (f"; {d['override']}" if d["override"] else "") + f"): {BANDS[rel.band]}, "
                f"{rel.position}, {rel.vertical}. d20 {d['roll']}: "
                f"{names.get(d['rolled'], 'no row')}")
        if d["rows_down"]:
            text += f"; {d['skill']} shifts {d['rows_down']} row(s) to {names[d['shifted']]}"
        for shift in d["shifts"]:
            text += f"; {names.get(shift['maneuver'], shift['maneuver'])} {shift['reason']}"
        flown = names.get(d["maneuver"], "level flight, as no row flies")
        maneuver = self.maneuvers.get(d["maneuver"])
        if d["template"] and maneuver and maneuver.category != "forward":
            flown += f" on {d['template']}"
        energy = f"{d['energy']} Energy"
        if d["energy"] != d["energy_before"]:
            energy += f" (from {d['energy_before']})"
        return f"{text}. Flies {flown} at {energy}: {d['energy_rule']}."

    # ------------------------------------------------------------------ flying the plan
    def next_option(self, plane: Plane, single: bool) -> tuple[dict, bool | None]:
        """The next action of the plan, and whether a target may be in sight once it is flown
        (None: not known, look). One step of it only when `single` (a Time Freeze impulse)
        or when a target may come into sight on the way (the AI fires after that step)."""
        fl = plane.flight
        plan, sight = self.plans.get(plane.id) or [], self.sight.get(plane.id) or []
        if plan and allowed(self.craft(plane), fl, plan[0]) is not None:
            plan = []  # damage in the middle of a Time Freeze spoiled the plan
        if not plan:
            plan, sight = [{"type": "level", "plane": plane.id, "steps": fl.mp}], []
        steps = len(primitives(plan[0]))
        known = not single and len(sight) >= steps
        free = not all(w in plane.fired for w in weapons(self.s, plane))
        if not known or (free and any(sight[:steps])):
            first, rest = split(plan[0])
            plan[:1] = [rest] if rest else []
            steps = len(primitives(first))
        else:
            first = plan.pop(0)
        self.plans[plane.id], self.sight[plane.id] = plan, sight[steps:]
        return first, (sight[steps - 1] and free) if known else None

    def sighted(self, plane: Plane) -> bool:
        """Could an enemy be in sight of one of the plane's weapons now?"""
        return self.sights(plane)(plane.flight.pose, plane.flight.alt)

    def sights(self, plane: Plane):
        """A test of what may be in sight of the plane's weapons from a pose and altitude,
        the enemies standing where they are: cheap, and never wrong when it says no."""
        s = self.s
        guns = max((b.distance for b in plane.dash.guns), default=0) * s.step
        gunners = -1.0
        if plane.dash.gunners:  # template radius from a mark on the counter, to a corner
            gunners = self.gunner_reach(plane) + s.length / 2 + \
                math.hypot(s.length, s.width_c) / 2
        enemies = [(*q.flight.pose[:2], q.flight.alt) for q in s.flying()
                   if q.side != plane.side]
        targets = [t.pose[:2] for t in s.targets.values() if t.alive and t.side != plane.side]

        def look(pose, alt: int) -> bool:
            for qx, qy, qalt in enemies:
                if s.same_alt(qalt, alt) and (
                        guns_may_reach(s, pose, guns, qx, qy)
                        or (qx - pose[0]) ** 2 + (qy - pose[1]) ** 2 <= gunners ** 2):
                    return True
            return s.at_level(alt, "low") and any(guns_may_reach(s, pose, guns, x, y)
                                                  for x, y in targets)

        return look

    def gunner_reach(self, plane: Plane) -> float:
        """The longest fire template of the plane's gunners (0 without gunners)."""
        dash = plane.dash
        if dash.id not in self.reaches:
            self.reaches[dash.id] = max(
                [self.s.tables.fire[g.template].radius_mm for g in dash.gunners.positions]
                if dash.gunners else [0.0])
        return self.reaches[dash.id]

    # ------------------------------------------------------------------ the engine's questions
    def answer(self, decision) -> dict:
        kind, options = decision.kind, decision.options
        plane = self.s.planes[decision.context["plane"]]
        if kind == "paw.energy":
            want = self.energy.get(plane.id, plane.flight.energy)
            return min(options, key=lambda o: abs(o["to"] - want))
        if kind == "paw.bomb":
            objectives = {t.id for t in self.focus.objectives(plane.side)}
            return self.best_target(plane, [o for o in options if o.get("target") in objectives],
                                    options[-1])
        if kind == "paw.torpedo":
            ships = [t for t in self.focus.objectives(plane.side) if t.unit.category == "ship"]
            return options[0] if ship_ahead(self.s, plane, ships) else options[-1]
        if kind == "paw.attack":
            return self.best_target(plane, [o for o in options if o["type"] == "fire"],
                                    options[-1])
        return options[-1]  # 'hold' / 'no_freeze': an AI plane does not call a Time Freeze

    def best_target(self, plane: Plane, options: list[dict], hold: dict) -> dict:
        """The nearest target highest in the focal hierarchy, with rockets first."""
        if not options:
            return hold
        s = self.s
        focal, entries = self.focals.get(plane.id, (None, []))
        view = View(self.focus, plane, self.memory)
        x, y, _ = plane.flight.pose

        def key(option):
            tid = option["target"]
            pose = s.planes[tid].flight.pose if tid in s.planes else s.targets[tid].pose
            return (focal is None or focal.unit != tid, view.rank(entries, tid),
                    (pose[0] - x) ** 2 + (pose[1] - y) ** 2, not option.get("rockets"),
                    option.get("weapon", ""))

        return min(options, key=key)


def split(option: dict) -> tuple[dict, dict | None]:
    """The first step of an action, and the action that flies the rest of it.

    The straight steps to a mark come off one by one, but the step that reaches a free
    Wingover, Climb or Descent stays with it: split off, the free part would be left with
    no movement point to be flown in."""
    kind, steps = option["type"], option["steps"]
    if kind in ("level", "turn"):
        if steps == 1:
            return option, None
        return {**option, "steps": 1}, {**option, "steps": steps - 1}
    last = 1 if kind == "side_slip" or option.get("final_template") else 2
    if steps >= last:
        return {"type": "level", "plane": option["plane"], "steps": 1}, \
            {**option, "steps": steps - 1}
    return option, None
