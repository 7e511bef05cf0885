"""Combat: who can fire at whom, the d20 against the rulers, and what a hit does.

Every attack is one weapon at one target (the golden rule): `guns` (with the plane's
A-A or A-G rockets when it chooses to use them), each gunner position (`gunner-N`), an
AAA counter, a Flak Barrage or CPF marker, a bomb load or a torpedo. Attacks of one
subphase are declared first and resolved together, so a plane shot down in a subphase
still fires in it.
"""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point, box

from .geometry import (aspect, counter, local, placed, ruler_distance, shooting_area,
                       steps_box, to_mat)
from .state import Plane, State, Target

MARKS = {"nose": (0.5, 0.0), "tail": (-0.5, 0.0), "dorsal": (0.0, 0.0), "ventral": (0.0, 0.0),
         "left": (0.0, 0.5), "right": (0.0, -0.5)}


# --------------------------------------------------------------------------- eligibility


def near_guns(state: State, plane: Plane, x: float, y: float) -> bool:
    """Cheap test before the polygons: could a counter centred at (x, y) touch the area?"""
    guns = plane.dash.guns
    if not guns:
        return False
    reach = guns[-1].distance * state.step
    lx, ly = local(plane.flight.pose, x, y)
    slack = state.length + state.width_c
    return -slack <= lx <= reach + slack + state.length and abs(ly) <= slack


def gun_target(state: State, plane: Plane, target) -> int | None:
    """The Combat ruler box a target polygon is in, if any part of it is in the shooting area."""
    guns = plane.dash.guns
    if not guns:
        return None
    reach = max(b.distance for b in guns) * state.step
    pose = plane.flight.pose
    c = target.centroid
    if not near_guns(state, plane, c.x, c.y):
        return None
    area = shooting_area(pose, state.length, state.width_c, reach)
    part = area.intersection(target)
    if part.is_empty or part.area <= 1e-9:
        return None
    d = ruler_distance(pose, state.length, part)
    n = steps_box(d, state.step)
    return n if plane.dash.gun_box(n) is not None else None


def gunner_origin(state: State, plane: Plane, index: int) -> tuple[float, float]:
    mark = plane.dash.gunners.positions[index].mark
    fx, fy = MARKS[mark]
    return to_mat(plane.flight.pose, fx * state.length, fy * state.width_c)


def gunner_target(state: State, plane: Plane, index: int, target) -> int | None:
    """The gunner ruler box of a target polygon inside the gunner's fire template, if any."""
    gunners = plane.dash.gunners
    position = gunners.positions[index]
    template = state.tables.fire[position.template]
    origin = gunner_origin(state, plane, index)
    if target.distance(Point(origin)) > template.radius_mm:
        return None
    sector = placed(template.outline, origin, plane.flight.pose[2] + position.facing_deg)
    if not sector.intersects(target):
        return None
    n = steps_box(target.distance(Point(origin)), state.step)
    return n if any(b.distance == n for b in gunners.ruler) else None


def aaa_box(state: State, t: Target, plane: Plane) -> int | None:
    """An AAA counter lays its template any way round: only the distance decides."""
    aaa = state.tables.aaa
    if aaa is None or t.unit.intrinsic_aaa == "none":
        return None
    if state.options["altitude"] and state.alt_name(plane.flight.alt) not in aaa.target_altitudes:
        return None
    ruler = aaa.troops if t.unit.intrinsic_aaa == "troops" else aaa.armed
    d = state.target_poly(t).distance(state.poly(plane))
    if d > max(b.distance for b in ruler) * state.step:
        return None
    n = steps_box(d, state.step)
    return n if any(b.distance == n for b in ruler) else None


def plane_aspect(state: State, target: Plane, x: float, y: float) -> str:
    return aspect(target.flight.pose, state.length, state.width_c, x, y)


# --------------------------------------------------------------------------- options


def weapons(state: State, plane: Plane) -> list[str]:
    out = []
    if plane.dash.guns:
        out.append("guns")
    if plane.dash.gunners and not state.gunners_silenced(plane):
        out += [f"gunner-{i + 1}" for i in range(len(plane.dash.gunners.positions))]
    return out


def attack_options(state: State, plane: Plane, used: set[str]) -> list[dict]:
    """Every (weapon, target) the plane may fire now, with rockets variants; no 'hold'."""
    if not plane.flying or plane.stalled:
        return []
    out = []
    free = [w for w in weapons(state, plane) if w not in plane.fired and w not in used]
    if not free:
        return []
    enemies = [p for p in state.flying() if p.side != plane.side
               and state.same_alt(p.flight.alt, plane.flight.alt)]
    reach = 2 * state.length + state.step * 10
    x, y, _ = plane.flight.pose
    enemies = [p for p in enemies
               if abs(p.flight.pose[0] - x) < reach and abs(p.flight.pose[1] - y) < reach]
    polys = {p.id: state.poly(p) for p in enemies}
    for w in free:
        if w == "guns":
            for p in enemies:
                if not near_guns(state, plane, *p.flight.pose[:2]):
                    continue
                n = gun_target(state, plane, polys[p.id])
                if n is None:
                    continue
                out.append(_fire(plane, w, p.id, n))
                if plane.loadout == "aa_rockets":
                    out.append(_fire(plane, w, p.id, n, rockets=True))
            if state.at_level(plane.flight.alt, "low"):
                for t in state.targets.values():
                    if not t.alive or t.side == plane.side or not near_guns(state, plane,
                                                                              *t.pose[:2]):
                        continue
                    n = gun_target(state, plane, state.target_poly(t))
                    if n is None:
                        continue
                    out.append(_fire(plane, w, t.id, n, strafe=True))
                    if plane.loadout == "ag_rockets":
                        out.append(_fire(plane, w, t.id, n, strafe=True, rockets=True))
        else:
            index = int(w.split("-")[1]) - 1
            for p in enemies:
                n = gunner_target(state, plane, index, polys[p.id])
                if n is not None:
                    out.append(_fire(plane, w, p.id, n))
    return out


def _fire(plane: Plane, weapon: str, target: str, box_: int, strafe: bool = False,
          rockets: bool = False) -> dict:
    what = "strafe" if strafe else "fire"
    label = f"{plane.id}: {what} {weapon} at {target} ({box_} step{'s' if box_ > 1 else ''})"
    if rockets:
        label += " with rockets"
    action = {"type": "fire", "plane": plane.id, "weapon": weapon, "target": target,
              "label": label}
    if rockets:
        action["rockets"] = True
    return action


# --------------------------------------------------------------------------- rolls


def roll(state: State, dice, reason: str, threshold: int, kill: int | None,
         modifiers: dict[str, int], **context) -> dict:
    """A d20 against a threshold: modifiers to the die, natural 1 and 20 never modified."""
    r = dice.one("d20", reason, **context)
    unmodified = r in state.tables.rules.combat.unmodified_rolls
    total = r if unmodified else r + sum(modifiers.values())
    killed = kill is not None and total >= kill
    return {"roll": r, "modifiers": modifiers, "total": total, "threshold": threshold,
            "kill_threshold": kill, "unmodified": unmodified,
            "hit": total >= threshold or killed, "kill": killed}


def resolve_fire(state: State, dice, action: dict) -> tuple[dict, dict | None]:
    """Roll one declared attack; returns (event data, hit or None)."""
    plane = state.planes[action["plane"]]
    weapon, tid = action["weapon"], action["target"]
    mods: dict[str, int] = {}
    shift = state.hit_modifier(plane)
    if tid in state.targets:
        t = state.targets[tid]
        n = gun_target(state, plane, state.target_poly(t))
        gbox = plane.dash.gun_box(n)
        mods["strafing_defence"] = t.unit.strafing_defence
        if action.get("rockets"):
            mods["rockets"] = plane.dash.ag_rockets.bonus
        result = roll(state, dice, f"{plane.id} strafes {tid}", gbox.hit + shift, None, mods,
                      attacker=plane.id, target=tid)
        hit = {"target": tid, "ground": True, "by": plane.id} if result["hit"] else None
        return {"attack": "strafing", "distance": n, **result}, hit
    target = state.planes[tid]
    poly = state.poly(target)
    if weapon == "guns":
        n = gun_target(state, plane, poly)
        gbox = plane.dash.gun_box(n)
        threshold, kill = gbox.hit + shift, (gbox.kill + shift if gbox.kill else None)
        x, y = plane.flight.pose[:2]
        if action.get("rockets"):
            mods["rockets"] = plane.dash.aa_rockets.bonus
    else:
        index = int(weapon.split("-")[1]) - 1
        n = gunner_target(state, plane, index, poly)
        threshold = next(b.hit for b in plane.dash.gunners.ruler if b.distance == n) + shift
        kill = None
        x, y = gunner_origin(state, plane, index)
    side = plane_aspect(state, target, x, y)  # where the bullets come from
    mods["size"] = target.dash.size
    if state.options["aspect_modifiers"]:
        mods["aspect"] = _aspect_modifier(state, side)
    if state.options.get("dive_attack") and plane.flight.descended:
        mods["dive_attack"] = state.tables.rules.combat.dive_attack
    result = roll(state, dice, f"{plane.id} {weapon} at {tid}", threshold, kill, mods,
                  attacker=plane.id, target=tid)
    hit = None
    if result["hit"]:
        hit = {"target": tid, "aspect": side, "kill": result["kill"], "by": plane.id,
               "by_side": plane.side}
    return {"attack": weapon, "distance": n, "aspect": side, **result}, hit


def resolve_aaa(state: State, dice, t: Target, plane: Plane) -> tuple[dict, dict | None]:
    """Roll an AAA counter's attack, which "behaves exactly like a plane's Gunner": Size, and
    the aspect modifier when that optional rule is on."""
    n = aaa_box(state, t, plane)
    aaa = state.tables.aaa
    ruler = aaa.troops if t.unit.intrinsic_aaa == "troops" else aaa.armed
    threshold = next(b.hit for b in ruler if b.distance == n)
    side = plane_aspect(state, plane, *t.pose[:2])
    mods = {"size": plane.dash.size}
    if state.options["aspect_modifiers"]:
        mods["aspect"] = _aspect_modifier(state, side)
    result = roll(state, dice, f"AAA {t.id} at {plane.id}", threshold, None, mods,
                  attacker=t.id, target=plane.id)
    hit = None
    if result["hit"]:
        hit = {"target": plane.id, "aspect": side, "kill": False, "by": t.id, "by_side": t.side}
    return {"attack": "aaa", "unit": t.id, "distance": n, "aspect": side, **result}, hit


def _aspect_modifier(state: State, side: str) -> int:
    a = state.tables.rules.combat.aspects
    return {"front": a.head_on, "side": a.side, "back": a.rear}[side]


# --------------------------------------------------------------------------- Flak


def barrage_square(state: State, barrage: dict):
    """The square within the outer edges of the four BRG markers."""
    half = barrage["spacing"] * state.step / 2 + state.length
    x, y = barrage["centre"]
    return box(x - half, y - half, x + half, y + half)


def barrage_markers(state: State, centre, spacing: int) -> list:
    off = (spacing * state.step + state.length) / 2
    x, y = centre
    return [counter((x + dx * off, y + dy * off, 0.0), state.length, state.width_c)
            for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def flak_clear(state: State, side: str, polys) -> bool:
    """Markers at least the dashboard's distance from any enemy plane counter."""
    limit = state.tables.flak.min_distance * state.step
    enemies = [state.poly(p) for p in state.flying() if p.side != side]
    return all(e.distance(m) >= limit - 1e-6 for e in enemies for m in polys)


def round_track(state: State, plane: Plane, alt: int):
    """The plane's path this round at `alt` (start, steps, end) as a line or a point."""
    pts = [(x, y) for x, y, a in plane.flight.path if state.same_alt(a, alt)]
    if not pts:
        return None
    return Point(pts[0]) if len(pts) == 1 else LineString(pts)


def flak_attacks(state: State, dice) -> list[tuple[dict, dict | None]]:
    """Every plane (of either side) that began, crossed or ended its round in a Barrage square
    or within reach of a CPF marker at the same altitude, attacked once per square/marker."""
    out = []
    flak = state.tables.flak
    if flak is None:
        return out
    for side in sorted(state.flak):
        battery = state.flak[side]
        zones = []
        if battery.barrage:
            b = battery.barrage
            hit = next(x.hit for x in flak.barrage if x.spacing == b["spacing"])
            zones.append(("barrage", barrage_square(state, b), b["alt"], hit, None))
        for marker in battery.cpf:
            zone = counter((*marker["pos"], 0.0), state.length, state.width_c).buffer(
                flak.cpf.reach * state.step + state.width_c / 2)
            zones.append((marker["id"], zone, marker["alt"], flak.cpf.hit, flak.cpf.kill))
        for name, zone, alt, hit, kill in zones:
            for plane in state.flying():
                track = round_track(state, plane, alt)
                if track is None or not track.intersects(zone):
                    continue
                result = roll(state, dice, f"{side} flak {name} at {plane.id}", hit, kill,
                              {"size": plane.dash.size}, attacker=name, target=plane.id)
                h = None
                if result["hit"]:
                    h = {"target": plane.id, "aspect": flak.attack_aspect, "kill": result["kill"],
                         "by": None, "by_side": side}
                out.append(({"attack": "flak", "by_side": side, "marker": name,
                             "target": plane.id, **result}, h))
    return out


def flak_units(state: State, side: str) -> int:
    return sum(1 for t in state.targets.values()
               if t.alive and t.side == side and t.unit.intrinsic_flak)


def flak_options(state: State, side: str, changed: frozenset[str] | set[str] = frozenset()) \
        -> list[dict]:
    """What a side may do with its Flak in the last subphase (see `engine` docstring).

    Each CPF marker is left, removed, moved or changed in Altitude on its own ("for each CPF
    marker you can either"); `changed` are the markers already dealt with this round."""
    flak = state.tables.flak
    battery = state.flak.setdefault(side, _battery(side))
    units = flak_units(state, side)
    if flak is None or units == 0:
        return []
    alts = range(len(state.levels)) if state.options["altitude"] else [1]
    out = [{"type": "flak_keep", "side": side, "label": "Flak: leave as is"}]
    if battery.barrage or battery.cpf:
        if not changed and (battery.barrage or len(battery.cpf) > 1):
            out.append({"type": "flak_remove", "side": side,
                        "label": "Flak: remove every marker"})
        for m in battery.cpf:
            if m["id"] in changed:
                continue
            out.append({"type": "cpf_remove", "side": side, "marker": m["id"],
                        "label": f"Flak: remove {m['id']}"})
            for alt in (m["alt"] - 1, m["alt"] + 1):
                if 0 <= alt < len(state.levels) and state.options["altitude"]:
                    out.append({"type": "cpf_altitude", "side": side, "marker": m["id"],
                                "alt": state.alt_name(alt),
                                "label": f"Flak: {m['id']} to {state.alt_name(alt)}"})
            for k in range(1, flak.cpf.move + 1):
                for deg in range(0, 360, 45):
                    x = round(m["pos"][0] + k * state.step * math.cos(math.radians(deg)), 2)
                    y = round(m["pos"][1] + k * state.step * math.sin(math.radians(deg)), 2)
                    out.append({"type": "cpf_move", "side": side, "marker": m["id"], "x": x,
                                "y": y, "label": f"Flak: move {m['id']} {k} step(s) at {deg}°"})
        return out
    if battery.removed_round >= state.round:
        return out
    centres = _flak_centres(state, side)
    for cx, cy in centres:
        for spacing in (b.spacing for b in flak.barrage):
            if not flak_clear(state, side, barrage_markers(state, (cx, cy), spacing)):
                continue
            for alt in alts:
                out.append({"type": "barrage", "side": side, "x": cx, "y": cy,
                            "spacing": spacing, "alt": state.alt_name(alt),
                            "label": f"Flak: Barrage of {spacing} steps at ({cx:g}, {cy:g}), "
                            f"{state.alt_name(alt)}"})
    for cx, cy in centres:
        if flak_clear(state, side, [counter((cx, cy, 0.0), state.length, state.width_c)]):
            for alt in alts:
                out.append({"type": "cpf", "side": side, "x": cx, "y": cy,
                            "alt": state.alt_name(alt),
                            "label": f"Flak: {units} CPF marker(s) at ({cx:g}, {cy:g}), "
                            f"{state.alt_name(alt)}"})
    return out


def _battery(side: str):
    from .state import FlakBattery

    return FlakBattery(side)


def _flak_centres(state: State, side: str) -> list[tuple[float, float]]:
    """Discretised placements: over each own live target, and 6 steps ahead of each enemy plane."""
    pts = [(round(t.pose[0], 2), round(t.pose[1], 2)) for t in state.targets.values()
           if t.alive and t.side == side]
    ahead = (state.tables.flak.min_distance + 1) * state.step + state.length
    for p in state.flying():
        if p.side != side:
            x, y = to_mat(p.flight.pose, ahead, 0.0)
            if 0 <= x <= state.width and 0 <= y <= state.height:
                pts.append((round(x, 2), round(y, 2)))
    return list(dict.fromkeys(pts))


def apply_flak(state: State, action: dict) -> None:
    battery = state.flak.setdefault(action["side"], _battery(action["side"]))
    kind = action["type"]
    if kind == "flak_remove":
        battery.barrage, battery.cpf = None, []
        battery.removed_round = state.round
    elif kind == "barrage":
        battery.barrage = {"centre": [action["x"], action["y"]], "spacing": action["spacing"],
                           "alt": state.levels.index(action["alt"])}
    elif kind == "cpf":
        # CPF markers fan out one step apart, one per Flak unit, around the chosen point.
        for i in range(flak_units(state, action["side"])):
            pos = [round(action["x"] + i * state.step, 2), action["y"]]
            battery.cpf.append({"id": f"cpf-{action['side']}-{state.next_marker}", "pos": pos,
                                "alt": state.levels.index(action["alt"])})
            state.next_marker += 1
    elif kind == "cpf_remove":
        battery.cpf = [m for m in battery.cpf if m["id"] != action["marker"]]
        if not battery.cpf:
            battery.removed_round = state.round
    elif kind in ("cpf_move", "cpf_altitude"):
        marker = next(m for m in battery.cpf if m["id"] == action["marker"])
        if kind == "cpf_move":
            marker["pos"] = [action["x"], action["y"]]
        else:
            marker["alt"] = state.levels.index(action["alt"])


# --------------------------------------------------------------------------- ordnance


def bomb_targets(state: State, plane: Plane, kind: str, path: list) -> list[Target]:
    """Targets whose counter the maneuver crossed, if it may drop bombs there."""
    bombs = plane.dash.bombs
    if plane.loadout != "bombs" or bombs is None:
        return []
    if kind == "level":
        if not state.at_level(plane.flight.alt, bombs.altitude):
            return []
    elif kind == "descent":
        if bombs.dive_hit is None or plane.flight.alt != 0 or not state.options["altitude"]:
            return []
    else:
        return []
    pts = [(x, y) for x, y, _ in path]
    area = LineString(pts).buffer(state.width_c / 2) if len(pts) > 1 else Point(pts[0]).buffer(
        state.width_c / 2)
    return [t for t in state.targets.values()
            if t.alive and t.side != plane.side and area.intersects(state.target_poly(t))]


def resolve_bombs(state: State, dice, plane: Plane, t: Target, dive: bool) -> dict:
    bombs = plane.dash.bombs
    threshold = bombs.dive_hit if dive else bombs.hit
    result = roll(state, dice, f"{plane.id} {'dive ' if dive else ''}bombs {t.id}", threshold,
                  None, {"bombing_defence": t.unit.bombing_defence}, attacker=plane.id,
                  target=t.id)
    return {"attack": "dive_bombing" if dive else "bombing", **result}


def torpedo_ready(state: State, plane: Plane) -> bool:
    """The whole allowance flown in level flight at Low Altitude."""
    fl = plane.flight
    return (plane.loadout == "torpedoes" and plane.torpedoes > 0 and plane.flying
            and fl.level_only and plane.allowance > 0 and fl.mp == 0
            and (fl.low_throughout or not state.options["altitude"]))


def torpedo_marker(state: State, pose):
    return counter(pose, state.length / 2, state.width_c / 4)


def ships_under(state: State, pose) -> list[Target]:
    marker = torpedo_marker(state, pose)
    return [t for t in state.targets.values()
            if t.alive and t.unit.category == "ship" and marker.intersects(state.target_poly(t))]
