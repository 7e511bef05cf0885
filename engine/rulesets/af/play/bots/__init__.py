"""Bots that plot (§V-IX): the solitaire opponent the game never had.

Both read only what their side may see: `game.state` (the planes as they stand on the board,
their log sheets' speed, altitude, bank and damage, which the players may exchange, §VIII) and
the decision put to them. Never another side's plot: plots are not in the state until revealed.
A bot may remember its own side's plots of this turn (its own log sheet), to keep its planes
out of one another's hex.

- easy: greedy. Every movement half (`moves.paths`) is scored against enemies assumed to fly
  straight on: the shot it gives next fire phase (`Gunnery` expected hits, weighed by how near
  each part is to its limit), the shot it leaves the enemy, closing and pointing at the
  nearest enemy; the best few are finished with the Power/Brake/altitude tail that keeps the
  next speed near the top of the Maneuver increment, and a little above the enemy.
- hard: one ply of the simultaneous turn. Its 40 best paths by the easy score meet each
  enemy's 8 likeliest replies (the enemy's own best paths by the easy score against this
  side flying straight); each is scored by the mean and the worst case over the replies.
  Planes that have already moved this turn (the advantage's first wave) are where they are:
  the advantage is used by waiting for them.

Randomness only from `random.Random(f"{seed}:{turn}:{plane}")`, never the game's dice.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from engine.core.board import CUBE_DIRECTIONS, cube_step, from_cube, to_cube
from engine.core.decisions import Action, Decision
from engine.core.game import Game

from ..clock import clock_of
from ..damage import guns_left, limits
from ..fire import INVERTED
from ..moves import paths
from ..state import Plane

TOP_PATHS = 6  # paths finished with every tail (easy)
HARD_PATHS = 40
HARD_REPLIES = 8
MEAN = 0.6  # the hard bot's weight on the mean over replies; the rest on the worst case
WEIGHT = 2.0  # the replies against the greedy judgement


class _View:
    """A plane where it might be: cube, facing, altitude, and what fire needs of it."""

    __slots__ = ("id", "side", "cube", "facing", "alt", "card", "guns", "bank")

    def __init__(self, p: Plane, cube=None, facing=None, alt=None, guns=None, bank=None) -> None:
        self.id, self.side, self.card = p.id, p.side, p.card
        self.cube = to_cube(p.cell) if cube is None else cube
        self.facing = p.facing if facing is None else facing
        self.alt = p.altitude if alt is None else alt
        self.guns = guns
        self.bank = p.bank if bank is None else bank

    def at(self, cube, facing, alt, bank) -> "_View":
        v = object.__new__(_View)
        v.id, v.side, v.card, v.guns = self.id, self.side, self.card, self.guns
        v.cube, v.facing, v.alt, v.bank = cube, facing, alt, bank
        return v


class Scorer:
    """Expected damage between two planes where they stand, memoized by what decides it."""

    def __init__(self, t) -> None:
        self.t = t
        g = t.gunnery
        self.g = g
        self.edges = g.edges
        self.ft = g.rules.fire.range_ft_per_hex
        self._ev: dict = {}
        self.reach = {cid: max((gun.range for gun in c.guns if gun.position == "FF"), default=0)
                      for cid, c in t.cards.items()}
        self._limits = {cid: limits(c) for cid, c in t.cards.items()}

    def guns(self, p: Plane) -> tuple[int, ...]:
        return guns_left(self.t.cards[p.card], p.damage)

    def value(self, firer: _View, target: _View) -> float:
        """Expected share of the target's limits the firer's shot takes, 0 when it cannot fire."""
        a, b = firer.cube, target.cube
        off = (b[0] - a[0], b[1] - a[1], b[2] - a[2])
        d = max(abs(off[0]), abs(off[1]), abs(off[2]))
        if d == 0 or d > self.reach[firer.card]:
            return 0.0
        r = d + abs(firer.alt - target.alt) // self.ft
        if r > self.reach[firer.card] or clock_of(off, firer.facing, self.edges) != 12:
            return 0.0
        key = (firer.card, firer.guns, target.card, firer.bank in INVERTED, r)
        v = self._ev.get(key)
        if v is None:
            v = self._ev[key] = self._compute(firer, target, r)
        return v

    def _compute(self, firer: _View, target: _View, r: int) -> float:
        g, cards = self.g, self.t.cards
        card = cards[firer.card]
        factors = sum(firer.guns[i] for i, gun in enumerate(card.guns)
                      if firer.guns[i] and gun.position == "FF" and not gun.surface_only and gun.range >= r)
        if not factors:
            return 0.0
        eff = g._effectiveness(factors, r)
        if eff is None:
            return 0.0
        terms = g._terms(card, cards[target.card], firer.bank)
        read = g._read(eff + sum(t.value for t in terms))
        means = g.expected(SimpleNamespace(read=read))
        lim = self._limits[target.card]
        return sum(n / max(lim[part], 1) for part, n in means.items() if part in lim)


def _straight(p: Plane) -> _View:
    return _View(p, cube=cube_step(to_cube(p.cell), p.facing, p.speed))


def _dist(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


class Bot:
    def __init__(self, side: str, strength: str = "easy") -> None:
        self.side, self.strength = side, strength
        self._scorer: Scorer | None = None
        self._table = None
        self._ends: dict[tuple[int, str], tuple] = {}  # this side's own plots: (turn, plane) -> (cell, alt)

    def scorer(self, t) -> Scorer:
        if self._table is not t:
            self._table, self._scorer, self._ends = t, Scorer(t), {}
        return self._scorer

    def choose(self, decision: Decision, game: Game) -> Action:
        kind = decision.kind
        t = game.state
        rng = random.Random(f"{game.seed}:{t.turn}:{decision.context.get('plane', '')}:{kind}")
        if kind == "af.plot":
            return self.plot(decision, game, t, rng)
        if kind == "af.place":
            return self.place(decision, t, rng)
        if kind == "af.altitude":
            return self.altitude(decision, t)
        if kind == "af.start":
            return self.start(decision, t)
        return decision.options[0]

    # ------------------------------------------------------------------ set-up

    def _enemy_cells(self, t) -> list:
        cells = [p.cell for p in t.enemies(self.side)]
        from ..sequence import _area
        for g in t.variant.groups:
            if g.side != self.side:
                cells += list(_area(t, g).values()) if (g.area.hexes or g.area.edges or g.area.sections) else []
        return cells or [(t.board.width // 2, t.board.height // 2)]

    def place(self, decision, t, rng: random.Random) -> Action:
        cells = self._enemy_cells(t)
        cubes = [to_cube(c) for c in cells]
        centre = tuple(sum(c[i] for c in cubes) / len(cubes) for i in range(3))
        anywhere = not (decision.w.group.area.edges or decision.w.group.area.hexes or decision.w.group.area.sections)
        want = 12 if anywhere else 0
        flying = [g for g in t.variant.groups if g.side in t.automatic and g.side != self.side and g.facing]
        if anywhere and flying:  # straight-flying targets (the V-1s): wait on their track, facing their way
            want = 6
        best, key = None, None
        for code, cell in decision.cells.items():
            if cell in decision.taken:
                continue
            c = to_cube(cell)
            d = max(abs(c[i] - centre[i]) for i in range(3))
            k = abs(d - want) + rng.random() * 3
            if key is None or k < key:
                best, key = (code, c), k
        code, c = best
        toward = (centre[0] - c[0], centre[1] - c[1], centre[2] - c[2])
        facing = max(decision.facings, key=lambda f: sum(a * b for a, b in zip(CUBE_DIRECTIONS[f], toward)))
        if anywhere and flying and t.board.facing(flying[0].facing) in decision.facings:
            facing = t.board.facing(flying[0].facing)
        d = t.board.direction(facing)
        return {"type": "place", "plane": decision.w.id, "at": code, "facing": d, "label": f"{code} facing {d}"}

    def altitude(self, decision, t) -> Action:
        alts = []
        for g in t.variant.groups:
            if g.side == self.side:
                continue
            spec = g.altitude
            if spec.mode == "table" and spec.table:
                table = next(tb for tb in t.variant.tables if tb.id == spec.table)
                vals = [int(r.results[0]) for r in table.rows]
                alts.append(sum(vals) / len(vals))
            elif spec.mode == "fixed" and spec.value:
                alts.append(spec.value)
        want = (sum(alts) / len(alts) + 500) if alts else 10_000
        return min(decision.options, key=lambda o: abs(o["altitude"] - want))

    def start(self, decision, t) -> Action:
        want = decision.tops.get("maneuver", max(decision.speeds))
        if any(g.side in t.automatic and g.side != self.side for g in t.variant.groups):
            want = decision.tops.get("level", want) - 1
        speed = min(decision.speeds, key=lambda s: (abs(s - want), -s))
        bank = "L" if "L" in decision.banks else decision.banks[0]
        return {"type": "start", "plane": decision.w.id, "speed": speed, "bank": bank,
                "label": f"speed {speed}, bank {bank}"}

    # ------------------------------------------------------------------ the plot

    def plot(self, decision, game: Game, t, rng: random.Random) -> Action:
        sc = self.scorer(t)
        me = decision.plane
        mine = _View(me, guns=sc.guns(me))
        enemies = t.enemies(self.side)
        known = {e.id: _View(e, guns=sc.guns(e)) for e in enemies if e.id in t.moved}
        guessed = {e.id: _View(_straight_plane(e), guns=sc.guns(e)) for e in enemies if e.id not in t.moved}
        friends = [v for (turn, pid), v in self._ends.items() if turn == t.turn and pid != me.id]
        moves = decision.moves()
        alt = me.altitude
        jitter = [rng.random() * 0.01 for _ in moves]
        others = list(known.values()) + list(guessed.values())

        def position(cube, facing, alt_, bank, against) -> float:
            v = mine.at(cube, facing, alt_, bank)
            s = 0.0
            nearest = None
            ahead = v.at(cube_step(cube, facing, me.speed), facing, alt_, bank)
            for e in against:
                s += sc.value(v, e) - 0.8 * sc.value(e, v)
                if e.side in t.automatic:  # it flies on as it did: next turn's shot counts too
                    e2 = e.at(cube_step(e.cube, e.facing, t.planes[e.id].speed), e.facing, e.alt, e.bank)
                    s += 0.5 * sc.value(ahead, e2)
                d = _dist(cube, e.cube)
                if nearest is None or d < nearest[0]:
                    nearest = (d, e)
            if nearest is not None:
                d, e = nearest
                s -= 0.02 * d + 0.00005 * abs(alt_ - e.alt - 300)
                off = (e.cube[0] - cube[0], e.cube[1] - cube[1], e.cube[2] - cube[2])
                if d and d <= 8 and clock_of(off, facing, sc.edges) == 12:
                    s += 0.05
                back = (-off[0], -off[1], -off[2])
                if d and d <= 6 and clock_of(back, e.facing, sc.edges) == 12:
                    s -= 0.05
            return s

        quick = [position(path.leg.cube, path.leg.facing, alt, path.leg.bank, others) + jitter[i]
                 for i, path in enumerate(moves)]
        order = sorted(range(len(moves)), key=lambda i: -quick[i])
        greedy = list(quick)
        if self.strength == "hard" and guessed:
            order = self._hard(order, moves, quick, mine, known, guessed, t, sc, me, jitter, position)
        best, best_score = None, None
        tried = 0
        for i in order:
            path = moves[i]
            ends = decision.tails(path)
            if not ends:
                continue
            tried += 1
            at: dict[int, float] = {}  # the shot by end altitude, worked out once
            for status, tail in ends:
                s = self._finish(t, me, path, status, quick[i], greedy[i], friends, others, position, at)
                if best_score is None or s > best_score:
                    best, best_score = (path, tail, status), s
            if tried >= TOP_PATHS:
                break
        path, tail, status = best
        from dataclasses import replace
        from ..codes import format_entry
        code = format_entry(replace(tail, steps=path.steps))
        self._ends[(t.turn, me.id)] = (path.leg.cube, status.altitude)
        return {"type": "plot", "plane": me.id, "code": code, "label": code}

    def _finish(self, t, me, path, status, base, greedy, friends, others, position, at) -> float:
        """A path's score with one Power/Brake/altitude tail: the shot at the end altitude, speed
        near the top of Maneuver, no stall, off the ground, on the board if it is fixed, clear of
        friends. What depends on the end altitude alone is worked out once per altitude (`at`)."""
        alt = status.altitude
        got = at.get(alt)
        if got is None:
            card = t.cards[me.card]
            band = card.band_for(alt)
            tops = band.speeds.tops() if band is not None else {}
            want = tops.get("maneuver", status.speed)
            chase = max((p.speed for p in others_speeds(t, me.side)), default=0)
            if chase > want:  # a fast target (the V-1s): as fast as level flight allows
                want = min(chase + 1, tops.get("level", want))
            # the greedy score at the end altitude; the hard bot keeps its own judgement of the path
            # and takes from this only what the altitude changes (the range of a shot)
            s0 = base if not others else \
                position(path.leg.cube, path.leg.facing, alt, path.leg.bank, others) + base - greedy
            if alt < 1500:
                s0 -= 0.5
            if not t.endless and not t.grid.contains(from_cube(path.leg.cube)):
                s0 -= 20.0
            for cube, a in friends:
                if cube == path.leg.cube and abs(a - alt) < 200:
                    s0 -= 5.0
            got = at[alt] = (s0, want, tops.get("stall", -1))
        s0, want, stall = got
        s = s0 - 0.03 * abs(status.speed - want)
        if status.speed <= stall:
            s -= 2.0
        return s

    def _hard(self, order, moves, quick, mine, known, guessed, t, sc, me, jitter, position):
        """Re-rank the best paths by the mean and worst case over each enemy's likeliest replies."""
        top = order[:HARD_PATHS]
        my_side_straight = [_View(_straight_plane(p), guns=sc.guns(p)) for p in t.live(self.side) if p.id != me.id]
        replies: dict[str, list] = {}
        for eid, guess in guessed.items():
            e = t.planes[eid]
            card = t.cards[e.card]
            try:  # an automatic unit has one reply: straight on (§XXI)
                found = [] if e.side in t.automatic else paths(e, card, t.hb)
            except ValueError:
                found = []
            if not found:
                replies[eid] = [guess]
                continue
            targets = [_View(_straight_plane(me), guns=mine.guns)] + my_side_straight
            ev = _View(e, guns=guess.guns)
            scored = []
            for path in found:
                v = ev.at(path.leg.cube, path.leg.facing, e.altitude, path.leg.bank)
                s = 0.0
                nd = None
                for m in targets:
                    s += sc.value(v, m) - 0.8 * sc.value(m, v)
                    d = _dist(v.cube, m.cube)
                    nd = d if nd is None or d < nd else nd
                s -= 0.02 * (nd or 0)
                scored.append((s, v))
            scored.sort(key=lambda x: -x[0])
            replies[eid] = [v for _, v in scored[:HARD_REPLIES]]
        ranked = []
        for i in top:
            path = moves[i]
            v = mine.at(path.leg.cube, path.leg.facing, me.altitude, path.leg.bank)
            s = quick[i]  # the greedy judgement (against every enemy flying straight), then the replies
            for eid, rs in replies.items():
                vals = [sc.value(v, r) - 0.8 * sc.value(r, v) for r in rs]
                s += WEIGHT * (MEAN * sum(vals) / len(vals) + (1 - MEAN) * min(vals))
            ranked.append((s + jitter[i], i))
        ranked.sort(key=lambda x: -x[0])
        for s, i in ranked:
            quick[i] = s
        return [i for _, i in ranked] + order[HARD_PATHS:]


def others_speeds(t, side: str) -> list[Plane]:
    """Enemies that fly straight on at their speed, whatever happens (automatic units)."""
    return [p for p in t.planes.values() if p.side != side and p.side in t.automatic]


def _straight_plane(p: Plane) -> Plane:
    from dataclasses import replace
    return replace(p, cell=from_cube(cube_step(to_cube(p.cell), p.facing, p.speed)))
