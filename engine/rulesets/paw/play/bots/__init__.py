"""Bots: a purposeful pilot in two strengths, and the side that hands its planes to the
rulebook's solo AI ('ai': see `solo_ai`; it plays Flak, AAA and ground moves as 'hard').

Each plane picks a focus: fighters the nearest enemy plane (defenders prefer loaded
attackers); loaded attackers the nearest enemy target; attackers without ordnance, or
damaged, their own edge, which they cross to score the exit. Maneuvers are scored on the
predicted end of the round (`flight.predict`): closing on the focus, pointing at it, the
enemy inside its guns' area (the hard bot leads the enemy by its Energy and also stays out
of enemy guns), never a crash, stall, collision or an exit by the wrong edge. Only what
a player sees is used: positions, altitudes, Energy piles and markers on the table.
"""

from __future__ import annotations

import math

from ..combat import gun_target
from ..flight import ground_step, mp_cost, predict
from ..geometry import bearing, forward, local
from ..state import Plane, State


class Bot:
    def __init__(self, side: str, strength: str) -> None:
        self.side, self.strength = side, strength
        self.hard = strength in ("hard", "ai")

    def choose(self, decision, game):
        s: State = game.state
        handler = getattr(self, "_" + decision.kind.split(".")[1], None)
        if handler is None:
            return decision.options[0]
        return handler(s, decision)

    # ------------------------------------------------------------------ focus
    def attacker(self, s: State) -> bool:
        return s.victory is not None and s.scenario.attacker == self.side

    def heading_home(self, s: State, p: Plane) -> bool:
        if not self.attacker(s):
            return False
        mission_planes = [q for q in s.flying(self.side) if q.loaded]
        return (not p.loaded and not mission_planes) or (p.damaged and not p.loaded) or (
            not p.loaded and p.role != "fighter")

    def focus(self, s: State, p: Plane) -> tuple[float, float, int | None]:
        """(x, y, altitude or None) the plane points its nose at."""
        x, y, _ = p.flight.pose
        if self.heading_home(s, p):
            edge = s.areas[self.side]
            gx, gy = {"top": (x, s.height + 100), "bottom": (x, -100), "left": (-100, y),
                      "right": (s.width + 100, y)}[edge]
            return gx, gy, None
        if p.loaded and p.loadout in ("bombs", "torpedoes", "ag_rockets"):
            targets = [t for t in s.targets.values() if t.alive and t.side != self.side]
            if p.loadout == "torpedoes":
                targets = [t for t in targets if t.unit.category == "ship"] or targets
            if targets:
                t = min(targets, key=lambda t: (_d2(t.pose, p.flight.pose), t.id))
                alt = None
                if p.loadout == "bombs" and p.dash.bombs and s.options["altitude"]:
                    alt = s.levels.index(p.dash.bombs.altitude)
                elif p.loadout in ("torpedoes", "ag_rockets"):
                    alt = 0
                return t.pose[0], t.pose[1], alt
        enemies = s.flying(_other(s, self.side))
        if not enemies:
            return s.width / 2, s.height / 2, None
        prefer = [e for e in enemies if e.loaded] if self.hard and not self.attacker(s) else []
        e = min(prefer or enemies, key=lambda e: (_d2(e.flight.pose, p.flight.pose), e.id))
        ex, ey, eh = e.flight.pose
        if self.hard and not e.moved:  # lead an enemy still to move by half its Energy
            ex, ey, _ = forward(e.flight.pose, e.flight.energy * s.step / 2)
        return ex, ey, e.flight.alt

    # ------------------------------------------------------------------ decisions
    def _energy(self, s: State, decision):
        p = s.planes[decision.context["plane"]]
        values = [o["to"] for o in decision.options]
        fx, fy, _ = self.focus(s, p)
        near = math.dist(p.flight.pose[:2], (fx, fy)) < s.tables.rules.components.dashboard_length_mm
        top = max(values)
        want = top
        if near and self.hard and not p.loaded:
            # the highest Energy that keeps the plane's tightest combat letter
            letters = [p.dash.best_turn(e) for e in range(1, s.max_energy(p) + 1)]
            best = min(l for l in letters[2:] if l) if len(letters) > 2 else letters[-1]
            want = max(e for e, l in enumerate(letters, 1) if l == best)
        floor = 2 if s.options["altitude"] and p.flight.alt > 0 else 3
        ok = [v for v in values if v >= min(floor, top)]
        return next(o for o in decision.options
                    if o["to"] == min(ok, key=lambda v: (abs(v - want), -v)))

    def _maneuver(self, s: State, decision):
        p = s.planes[decision.context["plane"]]
        mp = p.flight.mp
        fx, fy, falt = self.focus(s, p)
        home = self.heading_home(s, p)
        others = [(q.flight.pose[0], q.flight.pose[1], q.flight.alt) for q in s.flying()
                  if q.id != p.id]
        enemies = []
        for q in s.flying(_other(s, self.side)):
            pose = q.flight.pose
            if self.hard and not q.moved:  # where it will be once it has flown straight on
                pose = forward(pose, q.flight.energy * s.step)
            enemies.append(pose + (q.flight.alt,))
        reach = max((b.distance for b in p.dash.guns), default=0) * s.step + s.length
        toward = bearing(p.flight.pose, fx, fy)
        away = "right" if toward > 0 else "left"  # turning away is only worth it from behind
        best, best_score = None, -math.inf
        for o in decision.options:
            kind = o["type"]
            if kind == "turn" and o["side"] == away and abs(toward) < 150:
                continue
            if kind in ("climb", "descent"):
                if falt is None or (kind == "climb") != (falt > p.flight.alt) or falt == p.flight.alt:
                    continue
            elif mp_cost(o) != mp and not (kind == "level" and not self.hard):
                continue
            if kind == "side_slip" or (o.get("final_template") and not self.hard):
                continue
            score = self.score(s, p, o, fx, fy, falt, home, others, enemies, reach)
            if score > best_score:
                best, best_score = o, score
        return best or decision.options[0]

    def score(self, s: State, p: Plane, option: dict, fx, fy, falt, home: bool, others,
              enemies, reach: float) -> float:
        pr = predict(s, p, option)
        if pr.exited:
            if home and pr.exited == s.areas[self.side]:
                return 10_000.0
            return -10_000.0
        x, y, h = pr.pose
        score = -math.dist((x, y), (fx, fy))
        score -= abs(bearing(pr.pose, fx, fy)) * (0.6 if self.hard else 0.3)
        if pr.crashes:
            score -= 5_000
        elif pr.stalls:
            score -= 800
        if falt is not None and pr.alt == falt:
            score += 60
        margin = s.step * 2
        if not home and (x < margin or y < margin or x > s.width - margin
                         or y > s.height - margin):
            score -= 300
        close = (s.length * 1.5) ** 2
        for ox, oy, oalt in others:
            if s.same_alt(oalt, pr.alt) and (ox - x) ** 2 + (oy - y) ** 2 < close:
                score -= 2_000
        if not home and not p.loaded:
            r = math.radians(h)
            c, sn = math.cos(r), math.sin(r)
            for ex, ey, eh, ealt in enemies:
                if not s.same_alt(ealt, pr.alt):
                    continue
                dx, dy = ex - x, ey - y
                lx, ly = dx * c + dy * sn, -dx * sn + dy * c
                if 0 < lx <= reach and abs(ly) < s.width_c:
                    score += 150 if self.hard else 50
                if self.hard:
                    er = math.radians(eh)
                    bx, by = -dx * math.cos(er) - dy * math.sin(er), dx * math.sin(er) - dy * math.cos(er)
                    if 0 < bx <= reach and abs(by) < s.width_c:
                        score -= 80
        return score

    def _attack(self, s: State, decision):
        fire = [o for o in decision.options if o["type"] == "fire"]
        if not fire:
            return decision.options[-1]
        if self.hard:
            p = s.planes[decision.context["plane"]]

            def value(o):
                if o["target"] in s.targets:
                    t = s.targets[o["target"]]
                    n = gun_target(s, p, s.target_poly(t)) or 9
                    return (0, n, not o.get("rockets"), o["target"])
                q = s.planes[o["target"]]
                return (1, not q.damaged, not o.get("rockets"), o["target"])

            return min(fire, key=value)
        return next((o for o in fire if not o.get("rockets")), fire[0])

    def _bomb(self, s: State, decision):
        return decision.options[0]

    def _torpedo(self, s: State, decision):
        p = s.planes[decision.context["plane"]]
        if not self.hard:
            return decision.options[0]
        ships = [t for t in s.targets.values()
                 if t.alive and t.side != self.side and t.unit.category == "ship"]
        return decision.options[0 if ship_ahead(s, p, ships) else 1]

    def _pilots(self, s: State, decision):
        """The 'ai' strength hands its side's planes to the rulebook's solo AI."""
        return next(o for o in decision.options if o["solo_ai"] == (self.strength == "ai"))

    def _aaa(self, s: State, decision):
        return decision.options[0]

    def _flak(self, s: State, decision):
        opts = decision.options
        kinds = {o["type"] for o in opts}
        enemies = s.flying(_other(s, self.side))
        if not enemies:
            return opts[0]
        if "cpf_move" in kinds and self.hard:
            moves = [o for o in opts if o["type"] == "cpf_move"]
            return min(moves, key=lambda o: (min(_d2((o["x"], o["y"], 0), e.flight.pose)
                                                 for e in enemies), o["label"]))
        placing = [o for o in opts if o["type"] == ("cpf" if self.hard else "barrage")]
        if not placing:
            return opts[0]
        alts = [e.flight.alt for e in enemies]
        alt = s.alt_name(max(set(alts), key=lambda a: (alts.count(a), a)))
        at_alt = [o for o in placing if o["alt"] == alt] or placing
        return min(at_alt, key=lambda o: (min(_d2((o["x"], o["y"], 0), e.flight.pose)
                                              for e in enemies), -o.get("spacing", 0),
                                          o["label"]))

    def _ground_move(self, s: State, decision):
        if not self.hard or not s.torpedoes:
            return decision.options[0]
        t = s.targets[decision.context["unit"]]

        def danger(o):
            pose = ground_step(s, t.pose, o)
            worst = 0.0
            for torp in s.torpedoes:
                lx, ly = local(torp.pose, pose[0], pose[1])
                if lx > 0:
                    worst = max(worst, 1000 - abs(ly))
            return (worst, o["label"])

        return min(decision.options, key=danger)

    def _time_freeze(self, s: State, decision):
        return decision.options[-1]


def ship_ahead(s: State, p: Plane, ships) -> bool:
    """A ship in the lane a torpedo released now would run: up to 12 steps ahead, 2 aside."""
    for t in ships:
        lx, ly = local(p.flight.pose, t.pose[0], t.pose[1])
        if 0 < lx < 12 * s.step and abs(ly) < s.step * 2:
            return True
    return False


def _other(s: State, side: str) -> str:
    return next(x for x in s.sides() if x != side)


def _d2(a, b) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
