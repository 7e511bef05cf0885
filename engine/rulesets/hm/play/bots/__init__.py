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
from collections.abc import Sequence
from functools import lru_cache

from engine.core.board import CUBE_DIRECTIONS, Cube
from engine.core.decisions import Action, Decision
from engine.core.game import Game

from ..moves import EndState, Template
from ..offsets import ROW, disk, first_in_line, hexes_by_number, number, ray
from ..sequence import MoveDecision
from ..state import Plane, State, distances, hex_distance, nearest_each

FIGHTER, BOMBER = 1.0, 3.0
DESIGNATION_CANDIDATE = 5.0  # a plane that may carry the designated passenger
ESCORT_RADIUS = 3


def _first_least(values: list) -> int:
    """Index of the first of the least values (as `min` with a key picks)."""
    return values.index(min(values))


def _dot(a: Cube, b: Cube) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _along(state: EndState) -> int:
    """How far along its own heading an end state's hex lies from the start."""
    return _dot(state.offset, CUBE_DIRECTIONS[state.facing])


# What a fighter's bot keeps on a template (`Template.kept`, `Template.table`): functions handed
# their arguments, not closures, which would be made at every decision only to be found kept.

def _spot_hexes(plan: Template, others: Sequence[Cube]) -> list[int]:
    """Hexes from each spot of the template to the nearest of `others` (offsets, not empty): by the
    numbers of the offsets (ROW), a subtraction and a lookup per spot rather than three `abs`, one
    comprehension per other (they are few), the least taken by builtins."""
    numbers = plan.spot_table(("number",), number)
    hexes = hexes_by_number(plan.reach + max([(abs(x) + abs(y) + abs(z)) >> 1 for x, y, z in others]))
    columns = [[hexes[n - m] for n in numbers] for m in [x * ROW + y for x, y, _ in others]]
    return columns[0] if len(columns) == 1 else list(map(min, *columns))


def _near(plan: Template, rx: int, ry: int, rz: int) -> list[float]:
    """The easy bot's worth of each spot by its offset: near the objective at offset (rx, ry, rz)."""
    return [0.0 - 0.15 * hexes for hexes in _spot_hexes(plan, [(rx, ry, rz)])]


def _near_and_behind(plan: Template, rx: int, ry: int, rz: int, back: int) -> list:
    """The hard bot's worths by spot, near the objective at offset (rx, ry, rz) and behind it
    (`back` its tail's direction): (end - objective) . back > 0, with end = start + offset;
    whether each end state points at the objective, (objective - end) . facing > 0; and a place for
    the two together, by end state, made at a non-escort's asking (an escort's straying costs
    change the worths)."""
    behind = _dot((rx, ry, rz), CUBE_DIRECTIONS[back])
    dots = plan.spot_table(("dot", back), lambda o: _dot(o, CUBE_DIRECTIONS[back]))
    cells = [value + 0.2 if dot > behind else value for hexes, dot in zip(_spot_hexes(plan, [(rx, ry, rz)]), dots)
             for value in [0.0 - 0.15 * hexes]]
    toward = [rx * a + ry * b + rz * c for a, b, c in CUBE_DIRECTIONS]  # its offset along each
    pointing = [along < toward[s.facing] for along, s in zip(plan.table(("along",), _along), plan.states)]
    return [cells, pointing, None]


def _straying(plan: Template, mates: tuple[Cube, ...]) -> list[float]:
    """An escort's cost of ending at each spot, by how far beyond the radius of every bomber
    (at offsets `mates`) it lies."""
    return [0.1 * (hexes - ESCORT_RADIUS) if hexes > ESCORT_RADIUS else 0.0 for hexes in _spot_hexes(plan, mates)]


def _ray(state: EndState, turn: int, reach: int) -> tuple:
    """The line of fire (`ray`) of a gun `reach` long pointing `turn` sixths from an end state's facing."""
    return ray(state.offset, (state.facing + turn) % 6, reach)


def _ray_mask(state: EndState, turn: int, reach: int) -> int:
    """The mask of `_ray`'s hexes alone, tested against the planes around for every move."""
    return _ray(state, turn, reach)[0]


def _first_in_line(state: EndState, turn: int, reach: int) -> dict[int, tuple[int, Cube, int]]:
    """`_ray`'s first hex a plane is in, by the mask of its hexes planes are in (`first_in_line`)."""
    return first_in_line(state.offset, (state.facing + turn) % 6, reach)


@lru_cache(maxsize=256)  # some 20 kB each
def _sights(reach: int, speed: int | None = None, facing: int = 0,
            chances: tuple[float, ...] = ()) -> dict[int, tuple[float, float]]:
    """What an enemy's guns make of each offset from its nose within `reach` (by the offset's
    number, ROW), for `danger`: a fighter's (speed, facing) chance of a die hitting at the range it
    could close to (`chances[r]` at range r, the last the longest), and 1 ahead of it or 0.4 behind;
    a turret's (no speed) dice count whole wherever it reaches. An enemy is weighed against a few
    hexes each decision; its sights recur from game to game, so they are worked out once."""
    if speed is None:
        return dict.fromkeys([x * ROW + y for (x, y, _), _ in disk(reach)], (1.0, 1.0))
    fx, fy, fz = CUBE_DIRECTIONS[facing]
    longest = len(chances) - 1
    sights = {}
    for (dx, dy, dz), _ in disk(reach):
        near = ((abs(dx) + abs(dy) + abs(dz)) >> 1) - speed + 1  # the range it could close to
        sights[dx * ROW + dy] = (chances[1 if near < 1 else longest if near > longest else near],
                                1.0 if dx * fx + dy * fy + dz * fz > 0 else 0.4)
    return sights


def _guns(state: State, enemy: Plane) -> tuple:
    """(the number of its nose (ROW), dice, sights, zone) of an enemy for `Look._threats_of`: the
    dice its guns throw this round (a bomber's turrets' at their range's chance, and halved),
    `_sights` of as far as they reach and the mask of the mat's hexes in that reach (`Mat.within`).
    None of it changes till the enemy moves or loses speed: the state keeps it till then (`State.guns`)."""
    ranges, p_hit = state.table.ranges, state.hit_chance
    speed, (x, y, _) = enemy.speed(state.rules), enemy.nose
    if enemy.role != "fighter":
        reach = speed + ranges.turret
        return (x * ROW + y, sum([d for _, d in enemy.turrets]) * p_hit[ranges.turret] * 0.5, _sights(reach),
                state.mat.within(enemy.nose, reach))
    chances = state.listed.get("gun chances")  # for `_sights`, kept with the lists of planes
    if chances is None:  # (range 0 is never asked)
        chances = state.listed["gun chances"] = tuple([p_hit.get(r, 0.0) for r in range(ranges.front + 1)])
    reach = speed + ranges.front
    return (x * ROW + y, enemy.record.guns_front or 0, _sights(reach, speed, enemy.facing, chances),
            state.mat.within(enemy.nose, reach))


class Look:
    """What one plane's pilot takes in before choosing, computed once per decision."""

    def __init__(self, state: State, me: Plane, hard: bool) -> None:
        self.state, self.me, self.hard = state, me, hard
        self.p_hit = state.hit_chance
        self.enemies = state.enemies(me.side)
        self.worth: dict[str, float] = {}  # what each enemy is worth shooting down; the easy bot never asks
        if hard:
            key = ("worth to", me.side)  # kept with the lists of planes, till one leaves the mat
            self.worth = state.listed.get(key)
            if self.worth is None:
                candidates = {pid for d in state.scenario.designations if d.side != me.side for pid in d.choose_from}
                self.worth = state.listed[key] = {
                    e.id: DESIGNATION_CANDIDATE if e.id in candidates else BOMBER if e.role == "bomber" else FIGHTER
                    for e in self.enemies}
        # the other planes of this side on the mat, and where its bombers are (only the hard bot looks)
        self.friends: list[Plane] = []
        self.bombers: list[Plane] = []  # read only: kept with the lists of planes
        if hard:
            key = ("friends of", me.id)  # kept with the lists of planes, till one leaves the mat
            found = state.listed.get(key)
            if found is None:
                friends = [p for p in state.live(me.side) if p is not me]
                found = state.listed[key] = (friends, [f for f in friends if f.role == "bomber"])
            self.friends, self.bombers = found
        self._threats: list[tuple] | None = None if hard else []  # worked out at the first `danger`
        self._hits_left = 1  # the hits this plane can still take (at least 1), read at the first `danger`
        self._shots: dict[tuple[int, int, int], float] = {}  # (target's offset bit, range, dice) -> worth

    def _threats_of(self, state: State) -> list[tuple]:
        """(the number of its nose (ROW), dice, sights) of each enemy, for `danger` (`_sights`): its
        guns as a threat to this side's planes, of which it can shoot only one of those it reaches;
        and an enemy that has flown this round may still go first in the next, so it counts half.
        Nearly every enemy is within reach of some hex this plane may end in, and the sights of
        one that is not hold none of them: every enemy is listed, none tested for how far it is."""
        drawn, kept, bits = state.drawn, state.guns, state.mat.bits
        mask = bits[self.me.nose]  # where this side's planes are
        for friend in self.friends:
            mask |= bits[friend.nose]
        # planes share a hex: count them one by one, not by mask
        ours = [bits[p.nose] for p in [self.me, *self.friends]] if mask.bit_count() <= len(self.friends) else None
        threats = []
        for enemy in self.enemies:
            guns = kept.get(enemy.id)
            if guns is None:
                guns = kept[enemy.id] = _guns(state, enemy)
            number, dice, sights, zone = guns
            near = (zone & mask).bit_count() if ours is None else sum(1 for bit in ours if bit & zone)
            weight = (0.5 if enemy.card in drawn else 1.0) / (near if near > 1 else 1)
            threats.append((number, dice * weight, sights))
        return threats

    def kill_share(self, target: Plane, expected: float) -> float:
        """How much of the way to shooting `target` down `expected` hits go (engines count for heavies)."""
        left = (target.record.damage or 1) - target.hits
        share = expected / (left if left > 1 else 1)
        if target.role == "bomber":
            engines = target.engines()
            if engines and self.me.role == "fighter" and target.suffers_engine_hits(self.state.rules):
                share = max(share, expected / 12 / max(1, engines - target.engines_lost))
        return share if share < 1.0 else 1.0

    def aim(self, target: tuple[int, Cube, int], dice: int) -> float:
        """Worth of the shot along a line of fire from an end state at the first plane in it,
        given as the (bit, offset from this plane, range) of its hex (`first_in_line`)."""
        b, offset, distance = target
        key = (b, distance, dice)  # the bit is the target's hex: one plane in every line this decision
        value = self._shots.get(key)
        if value is None:  # the worth of the dice fired at the first plane in the line (none at a friend)
            (sx, sy, sz), (x, y, z) = self.me.nose, offset
            plane = self.state.occupied[(sx + x, sy + y, sz + z)]
            if plane.side == self.me.side:
                value = 0.0
            else:
                value = expected = dice * self.p_hit[distance]
                if self.hard:
                    value = self.worth[plane.id] * self.kill_share(plane, expected) + 0.05 * expected
            self._shots[key] = value
        return value

    def danger(self, number: int) -> float:
        """Rough share of this plane that enemy guns could shoot away before it moves again, were
        it to end in the hex of this number (ROW). The share is `kill_share`'s of this plane, with
        its hits left read once a decision (danger is weighed at a few hexes each) and no engine
        share: `kill_share` adds that only when this plane shoots (a fighter at a bomber), never for
        this plane shot at."""
        threats = self._threats
        if threats is None:
            threats = self._threats = self._threats_of(self.state)
            left = (self.me.record.damage or 1) - self.me.hits
            self._hits_left = left if left > 1 else 1
        total = 0.0
        for nose, dice, sights in threats:
            found = sights.get(number - nose)  # the offset from its nose, by number
            if found is not None:
                chance, ahead = found
                total += dice * chance * ahead
        share = total / self._hits_left
        return share if share < 1.0 else 1.0


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

    def move(self, decision: MoveDecision, state: State) -> Action:
        """The move worth most: its score less the danger at its hex (hard bot), first of equals.

        Danger is the costly part and never adds, so it is weighed for the top score first, then
        for the others best score first while one could still come out on top."""
        me = state.planes[decision.context["plane"]]
        look = Look(state, me, self.hard)
        scores = (self.bomber_scores if me.role == "bomber" else self.fighter_scores)(look, decision)
        weight = (2.0 if me.role == "bomber" else 1.0) if self.hard else 0.0
        top = max(scores)
        best_index = scores.index(top)
        if not weight:
            return decision.action(best_index)
        moves, here = decision.moves, me.number
        numbers = decision.mover.plan.spot_table(("number",), number)  # of the end hexes' offsets
        dangers: dict[int, float] = {}  # by end hex (spot of the template): moves differing in facing share it

        def less_danger(index: int, score: float) -> float:
            move = moves[index]
            if move.exit:
                return score
            spot = move.spot
            found = dangers.get(spot)
            if found is None:
                found = dangers[spot] = look.danger(here + numbers[spot])
            return score - weight * found

        first, best_value = best_index, less_danger(best_index, top)
        # Best score first, the first of equals first (a stable sort keeps their order reversed or
        # not), sorted by the builtin on the scores as they are. Danger never adds: only a move
        # scoring at least the best value so far can come out on top, so only those are sorted.
        rivals = [index for index, score in enumerate(scores) if score >= best_value]
        for index in sorted(rivals, key=scores.__getitem__, reverse=True):
            score = scores[index]
            if score < best_value:
                break
            if index != first:
                value = less_danger(index, score)
                if value > best_value or (value == best_value and index < best_index):
                    best_value, best_index = value, index
        return decision.action(best_index)

    # ------------------------------------------------------------------ fighters

    def fighter_scores(self, look: Look, decision: MoveDecision) -> list[float]:
        """Each move's worth: the hex (near the objective, behind it, by the bombers), the shots
        from it, and pointing at the objective."""
        state, me, hard = look.state, look.me, self.hard
        front, tail = state.table.ranges.front, state.table.ranges.tail
        guns, tail_guns = me.record.guns_front or 0, me.record.guns_tail
        objective = self.objective(look)
        bombers = look.bombers
        moves = decision.moves
        exit_ = moves[-1].exit  # an exit comes last, if there is one
        if exit_:
            moves = moves[:-1]
            if not moves:
                return [-100.0]
        mover = decision.mover
        indexes, spots = mover.columns  # of the moves on the mat
        sx, sy, sz = me.nose
        plan = mover.plan
        # What the end hex alone is worth, by spot (every spot of the template, a column at a time):
        # near the objective, behind it (out of its forward guns), by the bombers.
        pointing = worths = None  # by end state of the template (its index), when the bot points
        cells: Sequence[float]
        if objective is None:
            cells = [0.0] * plan.spots
        else:
            (ox, oy, oz), back = objective.nose, (objective.facing + 3) % 6
            rx, ry, rz = ox - sx, oy - sy, oz - sz  # the objective as an offset
            if not hard:
                cells = plan.kept(("near", rx, ry, rz), _near, plan, rx, ry, rz)
            else:  # and behind it; the same few offsets and facings of the objective recur decision after decision
                kept = plan.kept(("near and behind", rx, ry, rz, back), _near_and_behind, plan, rx, ry, rz, back)
                cells, pointing, worths = kept
                if worths is None and not bombers:
                    worths = kept[2] = [cells[s.spot] + 0.3 if pointing[s.index] else cells[s.spot]
                                        for s in plan.states]
        if bombers:  # an end hex beyond the radius of every bomber costs by how far (a new list: the
            # kept worths stay as they are). A move's end hex is as far from a bomber as its offset from
            # the bomber's; the bombers' offsets recur (they fly with their escorts), so the cost of
            # each spot is kept by them (0.0 within the radius: taking it away leaves a worth as it is).
            mates = tuple([(x - sx, y - sy, z - sz) for b in bombers for x, y, z in [b.nose]])
            costs = plan.kept(("straying", mates), _straying, plan, mates)
            cells = [cell - cost for cell, cost in zip(cells, costs)]
            worths = None  # (kept with the cells as they were)
        # Then what a move adds, in this order: the forward guns' shot, the tail gun's, pointing at the
        # objective. A line of fire holding no other plane scores nothing: each is one mask, tested
        # against the planes around as one mask.
        planes = mover.planes
        shots: dict[int, float] = {}  # move -> its end hex's worth with its shots added
        for reach, dice, turn in ((front, guns, 0), (tail, tail_guns, 3)):
            if not dice:
                continue
            firsts = plan.table(("first in line", turn, reach), _first_in_line, turn, reach)
            masks = plan.table(("ray mask", turn, reach), _ray_mask, turn, reach)  # tested for every move
            for k, i, hit in [(k, i, hit) for k, i in enumerate(indexes) if (hit := masks[i] & planes)]:
                shots[k] = shots.get(k, cells[spots[k]]) + look.aim(firsts[i][hit], dice)
        if pointing is None:
            out = [cells[spot] for spot in spots]
            for k, value in shots.items():
                out[k] = value
        else:
            if worths is not None:  # the end hex's worth and pointing at the objective, kept together
                out = list(map(worths.__getitem__, indexes))
            else:
                out = [cells[s] + 0.3 if pointing[i] else cells[s] for s, i in zip(spots, indexes)]
            for k, value in shots.items():
                out[k] = value + 0.3 if pointing[indexes[k]] else value
        if exit_:
            out.append(-100.0)  # a fighter has no reason to leave the fight
        return out

    def objective(self, look: Look) -> Plane | None:
        """The enemy this fighter closes on: the nearest, or for the hard bot the one worth most nearby;
        an escort goes for the enemy nearest its bombers."""
        me, enemies = look.me, look.enemies
        if not enemies:
            return None
        if not self.hard:
            return enemies[_first_least(distances(look.state, me, enemies))]
        bombers = look.bombers
        if bombers:
            fighters = [e for e in enemies if e.role == "fighter"] or enemies
            return fighters[_first_least(nearest_each(look.state, fighters, bombers))]
        worth = look.worth
        values = [worth[e.id] / (1 + d) for e, d in zip(enemies, distances(look.state, me, enemies))]
        return enemies[values.index(max(values))]  # the first of the most

    # ------------------------------------------------------------------ bombers

    def bomber_scores(self, look: Look, decision: MoveDecision) -> list[float]:
        """Each move's worth: onto the nearest target (or, with none to bomb, towards the far edge),
        staying with the squadron."""
        state, me, hard = look.state, look.me, self.hard
        mates = [f.nose for f in look.friends if f.squadron == me.squadron] if hard else []
        targets = [t for t in state.targets.values() if not t.destroyed]
        bombs = any(v.side == me.side and v.condition == "destroy_targets" for v in state.scenario.victory)
        goal = min(targets, key=lambda t: hex_distance(me.nose, t.cube)).cube if bombs and targets else None
        away = {"north": "south", "south": "north", "east": "west", "west": "east"}[
            state.scenario.side(me.side).home_edge]
        to_edge = state.mat.from_edge(away)
        mover = decision.mover

        # by spot (the end hexes of the template): the hex, its worth short of covering the goal,
        # and what straying from the squadron costs; worked out at the first move ending there
        cells: dict[int, tuple[Cube, float, float]] = {}
        offsets, (sx, sy, sz) = mover.plan.spot_offsets, me.nose
        # hexes from each spot to the nearest mate: a spot is as far from a mate as its offset from the mate's
        mate_hexes = _spot_hexes(mover.plan, [(x - sx, y - sy, z - sz) for x, y, z in mates]) if mates else []
        # no move covers a goal farther than the template reaches with the tail behind the nose
        covers = goal is not None and hex_distance(me.nose, goal) < mover.plan.reach + me.length

        def cell(spot: int) -> tuple[Cube, float, float]:
            x, y, z = offsets[spot]
            end = (sx + x, sy + y, sz + z)
            value = -float(hex_distance(end, goal)) if goal is not None else -float(to_edge[end])
            stray = 0.2 * max(0, mate_hexes[spot] - 2) if mates else 0.0
            found = cells[spot] = end, value, stray
            return found

        out = []
        _, spots = mover.columns  # of the moves on the mat; an exit comes last, if there is one
        for spot, move in zip(spots, decision.moves):
            end, value, stray = cells[spot] if spot in cells else cell(spot)
            if covers and (goal == end or goal in mover.tail(end, move.facing)):
                value = 20.0
            if mates:
                value -= stray
            out.append(value)
        last = decision.moves[-1]
        if last.exit:
            out.append(-100.0 if goal is not None else (50.0 if state.mat.edge(mover.end(last)) == away else 10.0))
        return out
