"""The AI maneuvers flown as the engine's own maneuver actions, or why one cannot be.

A plan is a list of the actions the engine offers (`level`, `turn`, `wingover`,
`side_slip`, `climb`, `descent`; see `flight`) that spends every movement point, found by
flying them on a copy of the plane's Flight, so its Energy, altitude and end are the
engine's. Where the rulebook leaves a choice to "the player" (which way to slip, where
to wingover, which template for the one-step turn of a Turn & Alt. Change), the variant
taken stays on the mat (unless it is going home by its own edge), keeps clear of what the
focal point says to avoid, then gives the best shot (the focal point, else any enemy, in
the guns' area after some step), then points the nose closest to the focal point, then
ends closest to it. The rulebook shifts rows only for what is not allowed or would crash
(or stall); a row that flies off the mat is flown.

`allowed` repeats, for one action, the conditions under which `flight.maneuver_options`
offers it (a test holds the two together), so plans are checked without listing every
option the engine has.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..combat import barrage_square
from ..flight import mp_cost, primitives, step
from ..geometry import bearing, forward, local
from ..state import LETTERS, Flight, Plane, State
from .craft import Craft
from .focal import Focal
from .position import Relative

NAMES = {"wingover": "Wingover", "side_slip": "Side-slip", "climb": "Climb",
         "descent": "Descent"}
SEVERITY = ("stall", "crash", "not allowed")  # least severe first


@dataclass
class Plan:
    options: list[dict]
    end: Flight
    track: list[tuple[float, float, float, int]]  # x, y, heading, altitude after each step
    template: str | None = None  # the template a turn maneuver flew
    astray: bool = False  # leaves the mat, and not by its own edge on the way home


@dataclass(frozen=True)
class Refusal:
    kind: str  # one of SEVERITY
    text: str
    plan: Plan | None = None  # what would be flown anyway, when the engine allows it


# --------------------------------------------------------------------------- the engine's rules


def allowed(craft: Craft, fl: Flight, option: dict) -> str | None:
    """Why the engine would not offer `option` to the plane flying `fl`; None if it would
    (Energy apart: a plan that loses more Energy than it has is refused anyway)."""
    state, dash = craft.s, craft.plane.dash
    kind = option["type"]
    need = mp_cost(option)
    if fl.mp <= 0:  # the round is over: nothing more is offered, not even a free rotation
        return "has no movement point left"
    if need > fl.mp:
        return f"needs {need} movement point(s), {fl.mp} left"
    if option["steps"] < (1 if kind in ("level", "turn") else 0):
        return "flies no step"
    if kind == "level":
        return None
    if state.surprised(craft.plane):
        return "is Surprised: level flight only in the first round"
    if kind == "turn":
        if option["side"] not in craft.sides:
            return f"cannot turn {option['side']} (damage)"
        if option["template"] not in craft.letters(fl.energy):
            return f"the {option['template']} template is not allowed at {fl.energy} Energy"
        return None
    mark = getattr(dash, kind)
    if mark is None:
        return f"{dash.name} has no {NAMES[kind]} icon"
    final = option.get("final_template")
    if kind == "wingover" and craft.no_wingover:
        return "cannot Wingover (damage)"
    if kind == "side_slip" and option["side"] in craft.no_slip:
        return f"cannot side-slip {option['side']} (damage)"
    if kind in ("climb", "descent"):
        why = _altitude_change(craft, fl, kind)
        if why:
            return why
        if final and (final.lower() not in state.tables.templates
                      or option["final_side"] not in craft.sides):
            return f"cannot end on a {option['final_side']} step of {final}"
    expected = max(0, mark.step - (1 if final else 0) - fl.run)
    if option["steps"] != expected:
        return f"the {NAMES[kind]} mark is {expected} straight step(s) ahead"
    return None


def _altitude_change(craft: Craft, fl: Flight, kind: str) -> str | None:
    state = craft.s
    if not state.options["altitude"]:
        return "Climb and Descent need the Altitude rules"
    if kind == "descent":
        return "already at Low Altitude" if fl.alt == 0 else None
    if fl.alt >= len(state.levels) - 1:
        return f"already at {state.alt_name(fl.alt).title()} Altitude"
    if craft.no_climb:
        return "cannot Climb (damage)"
    if fl.alt + 1 == state.high_index() and craft.barred_high:
        return "a damaged plane cannot fly at High Altitude"
    return None


def fly(craft: Craft, fl: Flight, options: list[dict], focal: Focal,
        template: str | None = None) -> Plan | Refusal:
    """Fly `options` on a copy of `fl`: the plan, or why the AI may not fly it."""
    state, plane = craft.s, craft.plane
    fl = fl.copy()
    track = []
    for option in options:
        why = allowed(craft, fl, option)
        if why:
            return Refusal("not allowed", why)
        for prim in primitives(option):
            if step(state, plane, fl, prim):
                return no_energy(state, fl, "would lose more Energy than it has")
            track.append((*fl.pose, fl.alt))
            if fl.exited:
                break
        if fl.exited:
            break
    home = focal.entry == "friendly_edge" and fl.exited == state.areas[plane.side]
    plan = Plan(options, fl, track, template, astray=bool(fl.exited) and not home)
    if fl.exited:
        return plan
    if fl.energy == 0:
        return no_energy(state, fl, "would end with no Energy", plan)
    high = state.high_index()
    if plane.leave_high_by and state.round >= plane.leave_high_by and high is not None \
            and fl.alt >= high:  # the engine then takes all its Energy: a stall
        return Refusal("stall", "would stay at High Altitude, damaged, and stall", plan)
    return plan


def no_energy(state: State, fl: Flight, what: str, plan: Plan | None = None) -> Refusal:
    """A plan that runs out of Energy: it stalls, and crashes if it cannot drop a level."""
    if not state.options["altitude"] or fl.alt == 0:
        return Refusal("crash", f"{what} and crash", plan)
    return Refusal("stall", f"{what} and stall", plan)


def filled(options: list[dict], fl: Flight, pid: str) -> list[dict]:
    """The options followed by level flight for the movement points they leave."""
    rest = fl.mp
    for option in options:
        rest -= mp_cost(option)
    return options + ([{"type": "level", "plane": pid, "steps": rest}] if rest > 0 else [])


def least_severe(refusals: list[Refusal]) -> Refusal:
    return min(refusals, key=lambda r: SEVERITY.index(r.kind))


# --------------------------------------------------------------------------- choosing variants


class Aim:
    """What the player's free choices aim at, for one AI plane this round."""

    def __init__(self, state: State, plane: Plane, focal: Focal) -> None:
        self.s, self.plane, self.focal = state, plane, focal
        self.enemies = [(q.id, q.flight.pose, q.flight.alt, q.dash.guns)
                        for q in state.flying() if q.side != plane.side]
        guns = plane.dash.guns
        self.reach = max(b.distance for b in guns) * state.step if guns else 0.0
        self.zones = self.flak_zones() if focal.avoid_flak else []

    def flak_zones(self) -> list[tuple]:
        """(kind, shape or point, reach, altitude) of the enemy Flak markers."""
        s, out = self.s, []
        for side, battery in s.flak.items():
            if side == self.plane.side:
                continue
            if battery.barrage:
                out.append(("square", barrage_square(s, battery.barrage), 0.0,
                            battery.barrage["alt"]))
            for m in battery.cpf:
                reach = (s.tables.flak.cpf.reach * s.step + s.length) if s.tables.flak else 0
                out.append(("point", tuple(m["pos"]), reach, m["alt"]))
        return out

    def in_guns(self, pose, reach: float, x: float, y: float) -> bool:
        lx, ly = local(pose, x, y)
        return 0.0 < lx <= reach + self.s.length and abs(ly) < self.s.width_c

    def shot(self, plan: Plan) -> int:
        """2: the focal plane is in the guns' area after some step; 1: another enemy is."""
        best = 0
        if not self.reach:
            return best
        for x, y, h, alt in plan.track:
            for eid, (ex, ey, _), ealt, _ in self.enemies:
                if self.s.same_alt(alt, ealt) and self.in_guns((x, y, h), self.reach, ex, ey):
                    best = max(best, 2 if eid == self.focal.unit else 1)
        return best

    def danger(self, plan: Plan) -> int:
        s, count = self.s, 0
        if self.focal.avoid_enemies and plan.track:
            x, y, _, alt = plan.track[-1]
            for _, pose, ealt, guns in self.enemies:
                reach = max((b.distance for b in guns), default=0) * s.step
                if guns and s.same_alt(alt, ealt) and self.in_guns(pose, reach, x, y):
                    count += 1
        for x, y, _, alt in plan.track:
            for kind, where, reach, zalt in self.zones:
                if not s.same_alt(alt, zalt):
                    continue
                if kind == "square":
                    minx, miny, maxx, maxy = where.bounds
                    count += minx <= x <= maxx and miny <= y <= maxy
                else:
                    count += math.dist((x, y), where) <= reach
        return count

    def nose(self, plan: Plan) -> tuple[float, float]:
        x, y, h = plan.end.pose
        return (round(abs(bearing((x, y, h), self.focal.x, self.focal.y)), 6),
                round(math.dist((x, y), (self.focal.x, self.focal.y)), 6))

    def best_opportunity(self, plan: Plan) -> tuple:
        return (self.danger(plan), -self.shot(plan), *self.nose(plan))

    def best_pointing(self, plan: Plan) -> tuple:
        return (self.danger(plan), self.nose(plan)[0], -plan.end.energy, self.nose(plan)[1])


def best(results: list[Plan | Refusal], key) -> Plan | Refusal:
    """The plan the player would choose: staying on the mat, then by `key`."""
    plans = [r for r in results if isinstance(r, Plan)]
    if plans:
        return min(plans, key=lambda plan: (plan.astray, key(plan)))
    return least_severe(results)


# --------------------------------------------------------------------------- the maneuvers


def altitude_kind(maneuver, rel: Relative) -> str | None:
    change = maneuver.altitude_change
    if change == "toward_focal_point":
        return "descent" if rel.vertical == "lower" else "climb"
    return None if change == "none" else change


def impossible(craft: Craft, fl: Flight, maneuver, rel: Relative) -> str | None:
    """Why the maneuver cannot be flown at any Energy (icons, altitude, damage), if so."""
    category, dash = maneuver.category, craft.plane.dash
    kind = altitude_kind(maneuver, rel)
    if kind:
        if getattr(dash, kind) is None:
            return f"{dash.name} has no {NAMES[kind]} icon"
        return _altitude_change(craft, fl, kind)
    if category == "wingover":
        if dash.wingover is None:
            return f"{dash.name} has no Wingover icon"
        return "cannot Wingover (damage)" if craft.no_wingover else None
    if category == "side_slip":
        if dash.side_slip is None:
            return f"{dash.name} has no Side-slip icon"
        return "cannot side-slip (damage)" if len(craft.no_slip) == 2 else None
    if category in ("turn", "hardest_turn") and not craft.sides:
        return "cannot turn either way (damage)"
    return None


def build(craft: Craft, fl: Flight, maneuver, focal: Focal, rel: Relative,
          aim: Aim) -> Plan | Refusal:
    """The plan for one AI maneuver (a `paw.ai_maneuver` record) from the Flight `fl`."""
    category = maneuver.category
    if category == "forward":
        return _forward(craft, fl, altitude_kind(maneuver, rel), focal)
    if category == "turn_alt_change":
        return _turn_alt_change(craft, fl, altitude_kind(maneuver, rel), focal, aim)
    if category in ("turn", "hardest_turn"):
        letters = craft.letters(fl.energy)
        if not letters:
            return Refusal("not allowed", f"no template is allowed at {fl.energy} Energy")
        letter = letters[0]
        if category == "turn" and not focal.hardest and maneuver.template in letters:
            letter = maneuver.template
        return _turn(craft, fl, letter, focal)
    if category == "side_slip":
        return _side_slip(craft, fl, focal, aim)
    return _wingover(craft, fl, focal, aim)


def _mark_steps(plane: Plane, fl: Flight, kind: str, final: bool = False) -> int:
    mark = getattr(plane.dash, kind)
    return max(0, mark.step - (1 if final else 0) - fl.run) if mark else 0


def _forward(craft: Craft, fl: Flight, kind: str | None, focal: Focal) -> Plan | Refusal:
    pid = craft.plane.id
    first = [{"type": kind, "plane": pid, "steps": _mark_steps(craft.plane, fl, kind)}] \
        if kind else []
    return fly(craft, fl, filled(first, fl, pid), focal)


def _turn_alt_change(craft: Craft, fl: Flight, kind: str, focal: Focal,
                     aim: Aim) -> Plan | Refusal:
    pid = craft.plane.id
    steps = _mark_steps(craft.plane, fl, kind, final=True)
    sides = _sides_toward(craft, fl, focal)
    firsts = [({"type": kind, "plane": pid, "steps": steps, "final_template": letter,
                "final_side": side}, letter)
              for letter in LETTERS if letter.lower() in craft.s.tables.templates
              for side in sides]
    if not firsts:
        return Refusal("not allowed", "cannot turn either way (damage)")
    why = allowed(craft, fl, firsts[0][0])
    if why:
        return Refusal("not allowed", why)
    if focal.avoid_enemies or focal.avoid_flak:
        return best([fly(craft, fl, filled([first], fl, pid), focal, letter)
                     for first, letter in firsts], aim.best_pointing)
    straight = fl.copy()  # the straight steps every variant shares
    for _ in range(steps):
        step(craft.s, craft.plane, straight, ("straight",))
    refusals, ranked = [], []
    for first, letter in firsts:
        found = _pointing(craft, fl, straight, first, focal)
        if isinstance(found, Refusal):
            refusals.append(found)
        else:
            ranked.append((found, first, letter))
    astray = None
    for _, first, letter in sorted(ranked, key=lambda r: r[0]):
        result = fly(craft, fl, filled([first], fl, pid), focal, letter)
        if isinstance(result, Refusal):
            refusals.append(result)
        elif not result.astray:
            return result
        astray = astray or result
    return astray or least_severe(refusals)


def _pointing(craft: Craft, fl: Flight, straight: Flight, first: dict,
              focal: Focal) -> tuple | Refusal:
    """`Aim.best_pointing` of `first` followed by level flight, without flying the level part
    (straight on, at the same Energy): `straight` has flown `first`'s straight steps. A
    variant that runs out of Energy is refused here already."""
    probe = straight.copy()
    deficit = step(craft.s, craft.plane, probe, ("turn", first["final_template"],
                                                   first["final_side"]))
    deficit += step(craft.s, craft.plane, probe, (first["type"],))
    if deficit or probe.energy == 0:
        return no_energy(craft.s, probe, "would lose more Energy than it has" if deficit
                         else "would end with no Energy")
    x, y, h = forward(probe.pose, (fl.mp - mp_cost(first)) * craft.s.step)
    return (round(abs(bearing((x, y, h), focal.x, focal.y)), 6), -probe.energy,
            round(math.dist((x, y), (focal.x, focal.y)), 6))


def steps_toward(craft: Craft, fl: Flight, letter: str, side: str, focal: Focal) -> int:
    """Turning steps until the nose points at the focal point, as near as whole steps go."""
    probe = fl.copy()
    closest, k = abs(bearing(probe.pose, focal.x, focal.y)), 0
    while k < fl.mp:
        step(craft.s, craft.plane, probe, ("turn", letter, side))
        b = abs(bearing(probe.pose, focal.x, focal.y))
        if b >= closest - 1e-9:
            break
        closest, k = b, k + 1
    return k


def _sides_toward(craft: Craft, fl: Flight, focal: Focal) -> list[str]:
    """The sides worth turning to: toward the focal point, and the other when it is behind."""
    toward = bearing(fl.pose, focal.x, focal.y)
    near = "left" if toward > 0 else "right"
    if abs(toward) <= 90 and near in craft.sides:
        return [near]  # turning away is only ever the long way round
    return sorted(craft.sides, key=lambda s: s != near)


def _turn(craft: Craft, fl: Flight, letter: str, focal: Focal) -> Plan | Refusal:
    pid = craft.plane.id
    tries = _sides_toward(craft, fl, focal)
    if not tries:
        return Refusal("not allowed", "cannot turn either way (damage)")
    turns = [(side, k) for side in tries if (k := steps_toward(craft, fl, letter, side, focal))]
    if not turns:  # the nose already points at it
        return fly(craft, fl, filled([], fl, pid), focal, letter)
    results = [fly(craft, fl, filled([{"type": "turn", "plane": pid, "template": letter,
                                       "side": side, "steps": k}], fl, pid), focal, letter)
               for side, k in turns]

    def nose(plan: Plan):
        x, y, h = plan.end.pose
        return round(abs(bearing((x, y, h), focal.x, focal.y)), 6)

    return best(results, nose)


def _side_slip(craft: Craft, fl: Flight, focal: Focal, aim: Aim) -> Plan | Refusal:
    pid = craft.plane.id
    steps = _mark_steps(craft.plane, fl, "side_slip")
    results = [fly(craft, fl, filled([{"type": "side_slip", "plane": pid, "side": side,
                                       "steps": steps}], fl, pid), focal)
               for side in ("left", "right")]
    return best(results, aim.best_opportunity)


def _wingover(craft: Craft, fl: Flight, focal: Focal, aim: Aim) -> Plan | Refusal:
    pid, mark = craft.plane.id, craft.plane.dash.wingover
    if mark is None:
        return Refusal("not allowed", f"{craft.plane.dash.name} has no Wingover icon")
    results = []
    before = 0
    while True:
        steps = max(0, mark.step - fl.run - before)
        if before + steps > fl.mp:
            break
        first = [{"type": "level", "plane": pid, "steps": before}] if before else []
        first.append({"type": "wingover", "plane": pid, "steps": steps})
        results.append(fly(craft, fl, filled(first, fl, pid), focal))
        before += 1
    if not results:
        return Refusal("not allowed", f"cannot reach the Wingover mark with {fl.mp} "
                       "movement point(s)")
    return best(results, aim.best_opportunity)
