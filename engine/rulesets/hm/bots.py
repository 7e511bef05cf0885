"""Bots for the minis rules: fly for a shot at what matters, stay out of enemy guns, fly the mission.

Each end state a move offers is scored: the shot it gives this activation
(expected hits by the shooting table, weighed by what the target is worth to
the scenario and how near it is to going down), the danger of enemy guns next
time round, and the mission (close on the enemy; escorts stay by their
bombers; bombers make for their targets or, with none to bomb, for the far edge
of the mat). The hard bot weighs all of it; the easy bot closes on the nearest
enemy and takes whatever shot it gets, never looking over its shoulder.

Bots see what a player at the table sees: positions, damage, facings, which
cards have been turned this round. They never read the shuffled order of the
deck or another side's secret designation.
"""

from __future__ import annotations

import random

from engine.core.board import CUBE_DIRECTIONS, Cube, cube_step
from engine.core.decisions import Action, Decision
from engine.core.game import Game

from .state import Plane, State

FIGHTER, BOMBER = 1.0, 3.0
DESIGNATION_CANDIDATE = 5.0  # a plane that may carry the designated passenger
ESCORT_RADIUS = 3


def _distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def _ahead(frm: Cube, to: Cube, facing: int) -> bool:
    """Is `to` in the half of the mat ahead of a plane at `frm` facing `facing`?"""
    fx, fy, fz = CUBE_DIRECTIONS[facing]
    return (to[0] - frm[0]) * fx + (to[1] - frm[1]) * fy + (to[2] - frm[2]) * fz > 0


class Look:
    """What one plane's pilot takes in before choosing, computed once per decision."""

    def __init__(self, state: State, me: Plane, hard: bool) -> None:
        self.state, self.me, self.hard = state, me, hard
        self.p_hit = state.hit_chance
        self.enemies = state.enemies(me.side)
        self.friends = [p for p in state.live(me.side) if p is not me]
        candidates = {pid for d in state.scenario.designations if d.side != me.side for pid in d.choose_from}
        self.worth = {e.id: (DESIGNATION_CANDIDATE if e.id in candidates else BOMBER if e.role == "bomber"
                             else FIGHTER) if hard else 1.0 for e in self.enemies}
        self._danger: dict[Cube, float] = {}
        self._threats = self._threats_of(state) if hard else []

    def _threats_of(self, state: State) -> list[tuple]:
        """(nose, facing, speed, reach, dice) of each enemy that could fire at a hex this plane may
        end in, for `danger`; turrets have no facing."""
        rules, ranges, drawn = state.rules, state.table.ranges, set(state.drawn)
        me, mine = self.me.nose, self.me.speed(rules)
        ours = [me] + [f.nose for f in self.friends]
        threats = []
        for enemy in self.enemies:
            speed = enemy.speed(rules)
            reach = speed + (ranges.front if enemy.role == "fighter" else ranges.turret)
            if _distance(enemy.nose, me) > reach + mine:
                continue
            # an enemy that has flown this round may still go first in the next: half weight;
            # and it can only shoot one of the planes it can reach
            weight = 0.5 if enemy.card in drawn else 1.0
            weight /= max(1, sum(1 for o in ours if _distance(o, enemy.nose) <= reach))
            if enemy.role == "fighter":
                threats.append((enemy.nose, enemy.facing, speed, reach, (enemy.record.guns_front or 0) * weight))
            else:
                dice = sum(d for _, d in enemy.turrets) * self.p_hit[ranges.turret] * 0.5 * weight
                threats.append((enemy.nose, None, speed, reach, dice))
        return threats

    def kill_share(self, target: Plane, expected: float) -> float:
        """How much of the way to shooting `target` down `expected` hits go (engines count for heavies)."""
        left = max(1, (target.record.damage or 1) - target.hits)
        share = expected / left
        engines = target.engines()
        if engines and self.me.role == "fighter" and target.suffers_engine_hits(self.state.rules):
            share = max(share, expected / 12 / max(1, engines - target.engines_lost))
        return min(1.0, share)

    def shot(self, end: Cube, facing: int, reach: int, dice: int) -> float:
        """Worth of the shot a gun pointing along `facing` from `end` would get."""
        occupied, me = self.state.occupied, self.me
        dx, dy, dz = CUBE_DIRECTIONS[facing]
        x, y, z = end
        for distance in range(1, reach + 1):
            x, y, z = x + dx, y + dy, z + dz
            plane = occupied.get((x, y, z))
            if plane is None or plane is me:
                continue
            if plane.side == me.side:
                return 0.0
            expected = dice * self.p_hit[distance]
            if not self.hard:
                return expected
            return self.worth[plane.id] * self.kill_share(plane, expected) + 0.05 * expected
        return 0.0

    def danger(self, end: Cube) -> float:
        """Rough share of this plane that enemy guns could shoot away before it moves again."""
        value = self._danger.get(end)
        if value is not None:
            return value
        front = self.state.table.ranges.front
        p_hit = self.p_hit
        total = 0.0
        ex, ey, ez = end
        for (nx, ny, nz), facing, speed, reach, dice in self._threats:
            dx, dy, dz = ex - nx, ey - ny, ez - nz
            distance = max(abs(dx), abs(dy), abs(dz))
            if distance > reach:
                continue
            if facing is None:
                total += dice
                continue
            threat = dice * p_hit[min(front, max(1, distance - speed + 1))]
            fx, fy, fz = CUBE_DIRECTIONS[facing]
            total += threat if dx * fx + dy * fy + dz * fz > 0 else 0.4 * threat
        value = self._danger[end] = self.kill_share(self.me, total)
        return value


class Bot:
    def __init__(self, side: str, strength: str) -> None:
        self.side, self.strength, self.hard = side, strength, strength == "hard"

    def choose(self, decision: Decision, game: Game) -> Action:
        state: State = game.state
        if decision.kind == "hm.designate":
            if not self.hard:
                return decision.options[0]
            # A private generator seeded from the game: the choice is unpredictable to the other
            # side yet replays the same, and it draws nothing from the game's dice.
            return random.Random(f"{game.seed}:{decision.context['designation']}").choice(decision.options)
        if decision.kind == "hm.turret_target":
            return self.turret_target(decision, state)
        if decision.kind == "hm.move":
            return self.move(decision, state)
        return decision.options[0]

    def turret_target(self, decision: Decision, state: State) -> Action:
        if not self.hard:
            return decision.options[0]
        bomber = state.planes[decision.context["plane"]]
        look = Look(state, bomber, True)
        dice = next(d for t, d in bomber.turrets if t.id == decision.context["turret"])

        def worth(option: Action) -> float:
            target = state.planes[option["target"]]
            return look.worth[target.id] * look.kill_share(target, dice * look.p_hit[option["range"]])

        return max(decision.options, key=worth)

    def move(self, decision: Decision, state: State) -> Action:
        """The option worth most: `score` less the danger at its hex (hard bot), first of equals.

        Danger is the costly part and never adds, so options are taken best score first and
        the danger is only weighed while an option could still come out on top."""
        me = state.planes[decision.context["plane"]]
        look = Look(state, me, self.hard)
        score = self.bomber_score(look) if me.role == "bomber" else self.fighter_score(look)
        weight = (2.0 if me.role == "bomber" else 1.0) if self.hard else 0.0
        at = state.mat.at
        ranked = sorted((-score(o, at[o["to"]] if o["type"] == "move" else None), i, o)
                        for i, o in enumerate(decision.options))
        best, best_value, best_index = None, float("-inf"), -1
        for negative, index, option in ranked:
            bound = -negative
            if bound < best_value:
                break
            value = bound - weight * look.danger(at[option["to"]]) if weight and option["type"] == "move" else bound
            if value > best_value or (value == best_value and index < best_index):
                best, best_value, best_index = option, value, index
        return best

    # ------------------------------------------------------------------ fighters

    def fighter_score(self, look: Look):
        state, me, hard = look.state, look.me, self.hard
        front, tail = state.table.ranges.front, state.table.ranges.tail
        guns, tail_guns = me.record.guns_front or 0, me.record.guns_tail
        objective = self.objective(look)
        bombers = [f.nose for f in look.friends if f.role == "bomber"] if hard else []
        cells: dict[Cube, float] = {}

        def cell(end: Cube) -> float:
            """What the hex alone is worth: near the objective, behind it, by the bombers."""
            value = 0.0
            if objective is not None:
                value -= 0.15 * _distance(end, objective.nose)
                if hard and _ahead(objective.nose, end, (objective.facing + 3) % 6):
                    value += 0.2  # behind it, out of its forward guns
            if bombers:
                value -= 0.1 * max(0, min(_distance(end, b) for b in bombers) - ESCORT_RADIUS)
            cells[end] = value
            return value

        def score(option: Action, end: Cube | None) -> float:
            if end is None:
                return -100.0  # a fighter has no reason to leave the fight
            facing = option["facing"]
            value = cells[end] if end in cells else cell(end)
            value += look.shot(end, facing, front, guns)
            if tail_guns:
                value += look.shot(end, (facing + 3) % 6, tail, tail_guns)
            if hard and objective is not None and _ahead(end, objective.nose, facing):
                value += 0.3
            return value

        return score

    def objective(self, look: Look) -> Plane | None:
        """The enemy this fighter closes on: the nearest, or for the hard bot the one worth most nearby;
        an escort goes for the enemy nearest its bombers."""
        me, enemies = look.me, look.enemies
        if not enemies:
            return None
        if not self.hard:
            return min(enemies, key=lambda e: _distance(me.nose, e.nose))
        bombers = [f for f in look.friends if f.role == "bomber"]
        if bombers:
            fighters = [e for e in enemies if e.role == "fighter"] or enemies
            return min(fighters, key=lambda e: min(_distance(e.nose, b.nose) for b in bombers))
        return max(enemies, key=lambda e: look.worth[e.id] / (1 + _distance(me.nose, e.nose)))

    # ------------------------------------------------------------------ bombers

    def bomber_score(self, look: Look):
        state, me, hard = look.state, look.me, self.hard
        mates = [f.nose for f in look.friends if f.squadron == me.squadron] if hard else []
        targets = [t for t in state.targets.values() if not t.destroyed]
        bombs = any(v.side == me.side and v.condition == "destroy_targets" for v in state.scenario.victory)
        goal = min(targets, key=lambda t: _distance(me.nose, t.cube)).cube if bombs and targets else None
        away = {"north": "south", "south": "north", "east": "west", "west": "east"}[
            state.scenario.side(me.side).home_edge]
        grid = state.mat.grid

        def to_edge(cube: Cube) -> int:
            col, row = grid.cell(cube)
            return {"north": row, "south": grid.rows - 1 - row, "west": col, "east": grid.cols - 1 - col}[away]

        def score(option: Action, end: Cube | None) -> float:
            if end is None:
                return -100.0 if goal is not None else (50.0 if option["edge"] == away else 10.0)
            if goal is not None:
                covers = goal == end or (me.length > 1 and goal in
                                         [cube_step(end, option["facing"] + 3, i) for i in range(1, me.length)])
                value = 20.0 if covers else -float(_distance(end, goal))
            else:
                value = -float(to_edge(end))
            if mates:
                value -= 0.2 * max(0, min(_distance(end, m) for m in mates) - 2)
            return value

        return score
