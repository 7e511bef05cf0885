"""Flight: energy setting, maneuvers, stall and initiative — and the API the solo AI uses.

A maneuver is offered as one action with its parameters and flown as primitive
steps (straight, turn, slip) and free actions (wingover, climb, descent):

- `level` {steps}: straight steps.
- `turn` {template, side, steps}: steps along a turning template; continuing the same
  template on the same side continues its lay, so its yellow marks keep counting.
- `wingover` {steps}: the straight steps still needed to reach the Wingover mark, then the
  free 180° rotation. Flying farther straight first is a `level` before it.
- `side_slip` {side, steps}: straight steps to the mark, then the slip step (forward one
  step and across one counter width, to the combat ruler's next step).
- `climb` / `descent` {steps, final_template?, final_side?}: straight steps to the icon's
  mark, optionally replacing the last of them with one step of any template, then the
  altitude change.

Discretisation: the rules let a plane fly any number of whole steps, so options are
finite already; a mark-reaching maneuver is offered at the shortest length that reaches
its mark (longer ones are a `level` before it), which keeps a decision to at most
~100 options at 10 movement points.

API for the solo AI (nothing here changes the game):
- `maneuver_options(state, plane)` every legal maneuver now (the same list the engine offers);
  `energy_options(state, plane)` the Energy settings before moving.
- `predict(state, plane, option)` -> `Prediction` (pose, altitude, energy, movement points
  left, path, exit edge, whether the plane stalls next round / crashes).
- `overlaps(state, plane, pose, alt)` planes a counter at that pose would collide with;
  `off_mat(state, pose)`; `stall_outcome(state, plane)` what a stall would do now.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Pose, counter, exit_edge, forward, inside, norm, sideways, turn_step
from .state import LETTERS, Flight, Plane, State

FREE = ("wingover", "climb", "descent")


def primitives(option: dict) -> list[tuple]:
    kind = option["type"]
    if kind == "level":
        return [("straight",)] * option["steps"]
    if kind == "turn":
        return [("turn", option["template"], option["side"])] * option["steps"]
    prims: list[tuple] = [("straight",)] * option["steps"]
    if kind == "wingover":
        return prims + [("wingover",)]
    if kind == "side_slip":
        return prims + [("slip", option["side"])]
    if option.get("final_template"):
        prims.append(("turn", option["final_template"], option["final_side"]))
    return prims + [(kind,)]


def mp_cost(option: dict) -> int:
    """Movement points a maneuver option spends (its steps; a slip or final turn adds one)."""
    extra = option["type"] == "side_slip" or bool(option.get("final_template"))
    return option["steps"] + extra


def step(state: State, plane: Plane, fl: Flight, prim: tuple) -> int:
    """Fly one primitive on `fl`; returns the Energy it cost beyond what the plane had."""
    kind = prim[0]
    deficit = 0
    if kind in ("straight", "turn", "slip"):
        fl.mp -= 1
        if kind == "straight":
            n = fl.lay[1] + 1 if fl.lay[0] == "straight" else 1
            fl.pose = forward(fl.pose, state.step)
            fl.lay = ("straight", n)
        elif kind == "turn":
            _, letter, side = prim
            template = state.tables.templates[letter.lower()]
            same = fl.lay[0] == "turn" and fl.lay[1] == letter and fl.lay[2] == side
            if not same:
                fl.prev_run = fl.run
            n = fl.lay[3] + 1 if same else 1
            fl.pose = turn_step(fl.pose, template.radius_mm, template.step_angle_deg, side)
            fl.lay = ("turn", letter, side, n)
            fl.level_only = False
            deficit += _lose(fl, template.marks[(n - 1) % len(template.marks)].energy_loss)
        else:
            mark = plane.dash.side_slip
            sign = 1.0 if prim[1] == "left" else -1.0
            fl.pose = sideways(forward(fl.pose, state.step), sign * state.width_c)
            fl.lay = ("none", 0)
            fl.level_only = False
            deficit += _lose(fl, mark.energy)
        fl.path.append((fl.pose[0], fl.pose[1], fl.alt))
        if fl.alt != 0:
            fl.low_throughout = False
        if not inside(state.width, state.height, fl.pose[0], fl.pose[1]):
            fl.exited = exit_edge(state.width, state.height, fl.pose[0], fl.pose[1])
    elif kind == "wingover":
        x, y, h = fl.pose
        fl.pose = (x, y, norm(h + 180.0))
        fl.lay = ("none", 0)
        fl.level_only = False
        deficit += _lose(fl, plane.dash.wingover.energy)
    elif kind == "climb":
        deficit += _lose(fl, plane.dash.climb.energy)
        fl.alt += 1
        fl.climbed, fl.level_only, fl.low_throughout = True, False, False
        fl.lay = ("none", 0)
        fl.path.append((fl.pose[0], fl.pose[1], fl.alt))
    elif kind == "descent":
        fl.alt -= 1
        fl.energy = max(fl.energy, state.max_energy(plane))
        fl.descended, fl.level_only = True, False
        fl.lay = ("none", 0)
        fl.path.append((fl.pose[0], fl.pose[1], fl.alt))
    return deficit


def _lose(fl: Flight, amount: int) -> int:
    deficit = max(0, amount - fl.energy)
    fl.energy = max(0, fl.energy - amount)
    return deficit


@dataclass
class Prediction:
    pose: Pose
    alt: int
    energy: int
    mp: int
    path: list[tuple[float, float, int]]
    exited: str | None
    deficit: int  # Energy the maneuver costs beyond what the plane has (an intentional stall)
    stalls: bool  # 0 Energy after it: the plane stalls at the start of its next round
    crashes: bool  # that stall (or flying with 0 Energy at Low) destroys the plane


def predict(state: State, plane: Plane, option: dict, fl: Flight | None = None) -> Prediction:
    """Where `option` would leave the plane, without flying it."""
    fl = (fl or plane.flight).copy()
    deficit = 0
    for prim in primitives(option):
        deficit += step(state, plane, fl, prim)
        if fl.exited:
            break
    stalls = fl.energy == 0
    crashes = stalls and (not state.options["altitude"] or fl.alt == 0)
    return Prediction(fl.pose, fl.alt, fl.energy, fl.mp, fl.path, fl.exited, deficit, stalls,
                      crashes)


def stall_allowed(state: State, plane: Plane) -> bool:
    """A plane may lose more Energy than it has only to stall on purpose, with Altitude, above Low."""
    return state.options["altitude"] and plane.flight.alt > 0


def _turn_costs(state: State, fl: Flight, letter: str, side: str, steps: int) -> list[int]:
    """Cumulative Energy lost after 1..steps steps of this template from the current lay."""
    marks = state.tables.templates[letter.lower()].marks
    same = fl.lay[0] == "turn" and fl.lay[1] == letter and fl.lay[2] == side
    n0 = fl.lay[3] if same else 0
    out, total = [], 0
    for i in range(steps):
        total += marks[(n0 + i) % len(marks)].energy_loss
        out.append(total)
    return out


def maneuver_options(state: State, plane: Plane, single_step: bool = False) -> list[dict]:
    """Every legal maneuver for the plane's remaining movement points (see the module doc);
    level flight only for a Surprised plane in the first round.

    With `single_step` (Time Freeze impulses) only maneuvers that fly exactly one step.
    """
    fl, dash = plane.flight, plane.dash
    m, r, e = fl.mp, fl.run, fl.energy
    if m <= 0:
        return []
    pid, name = plane.id, plane.id
    stall_ok = stall_allowed(state, plane)
    top = 1 if single_step else m
    out: list[dict] = [{"type": "level", "plane": pid, "steps": k,
                        "label": f"{name}: level flight {k} step{'s' if k > 1 else ''}"}
                       for k in range(1, top + 1)]
    if state.surprised(plane):
        return out
    sides = state.turn_sides(plane)
    for letter in state.letters(plane, e):
        for side in sides:
            for k, cost in enumerate(_turn_costs(state, fl, letter, side, top), 1):
                if cost > e and not stall_ok:
                    break
                out.append({"type": "turn", "plane": pid, "template": letter, "side": side,
                            "steps": k, "label": f"{name}: turn {side} on {letter}, {k} step"
                            f"{'s' if k > 1 else ''} (-{cost} Energy)"})
    if dash.wingover and not plane.effects("cant_wingover"):
        s = max(0, dash.wingover.step - r)
        if s <= m and (dash.wingover.energy <= e or stall_ok):
            out.append({"type": "wingover", "plane": pid, "steps": s,
                        "label": f"{name}: wingover after {s} straight step(s) "
                        f"(-{dash.wingover.energy} Energy)"})
    if dash.side_slip:
        s = max(0, dash.side_slip.step - r)
        barred = {x.direction for x in plane.effects("cant_side_slip")}
        if s + 1 <= m and (dash.side_slip.energy <= e or stall_ok):
            for side in ("left", "right"):
                if side not in barred:
                    out.append({"type": "side_slip", "plane": pid, "side": side, "steps": s,
                                "label": f"{name}: side-slip {side} after {s} straight "
                                f"step(s) (-{dash.side_slip.energy} Energy)"})
    if state.options["altitude"]:
        top_alt = len(state.levels) - 1
        can_climb = (dash.climb is not None and fl.alt < top_alt and not plane.effects("cant_climb")
                     and not (fl.alt + 1 == state.high_index() and state.barred_high(plane)))
        if can_climb:
            out += _altitude_options(state, plane, "climb", dash.climb.step, m, r)
        if dash.descent is not None and fl.alt > 0:
            out += _altitude_options(state, plane, "descent", dash.descent.step, m, r)
    if single_step:
        out = [o for o in out if mp_cost(o) == 1]
    return out


def _altitude_options(state: State, plane: Plane, kind: str, mark: int, m: int,
                      r: int) -> list[dict]:
    pid = plane.id
    out = []
    s = max(0, mark - r)
    if s <= m:
        out.append({"type": kind, "plane": pid, "steps": s,
                    "label": f"{pid}: {kind} after {s} straight step(s)"})
    s = max(0, mark - 1 - r)
    if s + 1 <= m:
        for letter in LETTERS:
            if letter.lower() not in state.tables.templates:
                continue
            for side in state.turn_sides(plane):
                out.append({"type": kind, "plane": pid, "steps": s, "final_template": letter,
                            "final_side": side,
                            "label": f"{pid}: {kind} after {s} straight step(s) and one "
                            f"{side} step on {letter}"})
    if stall_allowed(state, plane):
        return out
    fl, base = plane.flight, (plane.dash.climb.energy if kind == "climb" else 0)

    def cost(o):  # the final turning step's mark (a new lay after straight steps) + the icon
        if not o.get("final_template"):
            return base
        if o["steps"] == 0:
            return base + _turn_costs(state, fl, o["final_template"], o["final_side"], 1)[0]
        return base + state.tables.templates[o["final_template"].lower()].marks[0].energy_loss

    return [o for o in out if cost(o) <= fl.energy]


def energy_options(state: State, plane: Plane) -> list[dict]:
    """Energy settings before moving: up to Acceleration more or Deceleration less, 0..max
    (none for a Surprised plane in the first round; a plane drained for staying at High
    when damaged only stalls; no stall by choice where it would crash)."""
    e = plane.flight.energy
    top = min(state.max_energy(plane), e + state.acceleration(plane))
    low = max(0, e - plane.dash.deceleration)
    if state.surprised(plane):
        top = low = e
    if plane.must_stall:
        top = low = e = 0
    # A stall by choice only "provided you are playing with Altitude and you are not flying at Low
    # Altitude" (page 7): 0 is offered there only when nothing else is.
    voluntary_crash = top > 0 and stall_outcome(state, plane) == "crash"
    out = []
    for value in range(low, max(top, e) + 1):
        if value == 0 and voluntary_crash:
            continue
        delta = value - e
        label = f"{plane.id}: Energy {value}" + (f" ({delta:+d})" if delta else " (keep)")
        if value == 0:
            label += " - stalls"
        out.append({"type": "energy", "plane": plane.id, "to": value, "label": label})
    return out


def ground_letters(state: State, letter: str | None) -> list[str]:
    """Templates a moving ground target may turn on: "the same rule as for planes", the letter
    on its counter or any wider one; none for a counter without a letter."""
    if not letter:
        return []
    wider = LETTERS[LETTERS.index(letter.upper()):]
    return [x for x in wider if x.lower() in state.tables.templates]


def ground_step(state: State, pose: Pose, option: dict) -> Pose:
    """Where one `paw.ground_move` step (straight, or a turn on its template) leaves a target."""
    if option["move"] == "stay":
        return pose
    if option["move"] == "straight":
        return forward(pose, state.step)
    template = state.tables.templates[option["template"].lower()]
    return turn_step(pose, template.radius_mm, template.step_angle_deg, option["move"])


def overlaps(state: State, plane: Plane, pose: Pose, alt: int) -> list[str]:
    """Planes at the same altitude whose counters a counter at `pose` would overlap."""
    mine = counter(pose, state.length, state.width_c)
    reach = state.length + state.width_c
    out = []
    for other in state.flying():
        if other.id == plane.id or not state.same_alt(other.flight.alt, alt):
            continue
        ox, oy, _ = other.flight.pose
        if abs(ox - pose[0]) > reach or abs(oy - pose[1]) > reach:
            continue
        if mine.intersection(state.poly(other)).area > 1e-6:
            out.append(other.id)
    return out


def off_mat(state: State, pose: Pose) -> bool:
    return not inside(state.width, state.height, pose[0], pose[1])


def stall_outcome(state: State, plane: Plane) -> str:
    """'crash' or 'drop' (one level down, half max Energy) for a plane stalling now."""
    if not state.options["altitude"] or plane.flight.alt == 0:
        return "crash"
    return "drop"


def initiative(state: State, roll) -> list[Plane]:
    """Movement order: least Energy, lowest Altitude, larger faction, lowest d20; tailers follow prey.

    `roll(plane)` rolls the d20 tie-break for a plane (only planes still tied roll).
    """
    planes = state.flying()
    counts = {s: len(state.flying(s)) for s in state.sides()}
    use_alt = state.options["altitude"]
    keys: dict[str, tuple] = {}
    for p in planes:
        parts = []
        for rule in state.tables.rules.initiative.order:
            if rule == "least_energy":
                parts.append(p.flight.energy)
            elif rule == "lowest_altitude":
                parts.append(p.flight.alt if use_alt else 0)
            elif rule == "larger_faction":
                parts.append(-counts[p.side])
        keys[p.id] = tuple(parts)
    rolls: dict[str, list[int]] = {p.id: [] for p in planes}
    if "lowest_d20" in state.tables.rules.initiative.order:
        while True:
            groups: dict[tuple, list[Plane]] = {}
            for p in planes:
                groups.setdefault(keys[p.id] + tuple(rolls[p.id]), []).append(p)
            tied = [g for g in groups.values() if len(g) > 1]
            if not tied:
                break
            for group in tied:
                for p in group:
                    rolls[p.id].append(roll(p))
    order = sorted(planes, key=lambda p: (keys[p.id], rolls[p.id], p.id))
    for tailer, prey in tailing_pairs(state, order):
        order.remove(tailer)
        order.insert(order.index(prey) + 1, tailer)
    return order


def tailing_pairs(state: State, order: list[Plane]) -> list[tuple[Plane, Plane]]:
    """(tailer, prey): prey in the tailer's front sector within gun range, same altitude,
    and the tailer in the prey's rear quarter."""
    from .combat import gun_target, near_guns

    pairs = []
    for t in order:
        if not t.dash.guns:
            continue
        for prey in order:
            if prey.side == t.side or not state.same_alt(prey.flight.alt, t.flight.alt):
                continue
            if not near_guns(state, t, *prey.flight.pose[:2]):
                continue
            if gun_target(state, t, state.poly(prey)) is None:
                continue
            if _aspect_of(state, prey, t) == "back":
                pairs.append((t, prey))
                break
    return pairs


def _aspect_of(state: State, target: Plane, attacker: Plane) -> str:
    from .geometry import aspect

    x, y, _ = attacker.flight.pose
    return aspect(target.flight.pose, state.length, state.width_c, x, y)
