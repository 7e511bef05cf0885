"""What a bot knows and how it values things, from what its side may see (22.0, 23.0).

Own units are known in full. Enemy counters are known by position and stack
size only, except those the rules let the side identify (`fog.sighted`);
an unidentified enemy air unit counts as the average of the enemy's air units,
which is what a player reading the countermix would assume.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..bombing import COLUMN
from ..fog import sighted
from ..state import State, Unit


@dataclass(slots=True)
class EnemyStack:
    square: int
    airborne: bool
    count: int
    known: list[Unit] = field(default_factory=list)
    fighter_dice: float = 0.0  # expected fighters' air combat dice
    bombers: float = 0.0  # expected number of bombers


@dataclass(slots=True)
class Aim:
    """A target worth attacking: a square and what to hit there (shared: never changed)."""

    square: int
    kind: str  # port, logistic_centre, ground_battle, airbase
    vp: float  # VP for success (airbases: VP per based unit destroyed)
    based: int = 0  # enemy air units based there (airbases)


class _kept:
    """`functools.cached_property` without the lock it takes at every first read in Python 3.11,
    which costs more than some of what is kept here (a bot's knowledge is never shared between
    threads): worked out at first read, then a plain attribute of the instance."""

    def __init__(self, make: Callable) -> None:
        self.make, self.name, self.__doc__ = make, make.__name__, make.__doc__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.make(instance)
        return value


class Intel:
    def __init__(self, st: State, side: str, installations: dict | None = None) -> None:
        self.st, self.side = st, side
        static = st.static
        self.enemy = static.enemy[side]
        self.crt_bombed, self.crt_kill = _bombing_odds(static)
        self.kill_vp = static.setups[side].vp_per_enemy_air_unit_damaged
        self._aims: dict[bool, list[Aim]] = {}
        # The targets other than airbases read no enemy unit: the bot keeps them for the game by
        # what they read (`_find_aims`), across the knowledge it makes anew as the enemy moves.
        self._installations: dict[tuple, list[Aim]] = {} if installations is None else installations
        self._threats: dict[int, int] = {}
        self._odds: dict[tuple[str, int], float] = static.cache.setdefault("bombing odds by dice", {})
        self.memo: dict = {}  # what a bot works out from this knowledge, kept while it holds

    @_kept
    def stacks(self) -> dict[tuple[int, bool], EnemyStack]:
        """Enemy air stacks by (square, in the air): what is identified, and the rest guessed."""
        average = self.average()
        stacks: dict[tuple[int, bool], EnemyStack] = {}
        for u, seen in sighted(self.st, self.side):
            if not u.air:
                continue
            stack = stacks.get((u.square, u.airborne))
            if stack is None:
                stack = stacks[(u.square, u.airborne)] = EnemyStack(u.square, u.airborne, 0)
            stack.count += 1
            if seen:
                stack.known.append(u)
                if u.crt_column == "fighters":
                    stack.fighter_dice += u.face.air_combat
                elif u.bombs:
                    stack.bombers += 1
            else:
                stack.fighter_dice += average
                stack.bombers += 0.4
        return stacks

    @_kept
    def counters(self) -> dict[int, int]:
        """Enemy air counters per square, based or in the air: in plain sight even face down, so
        what needs only these need not guess what they are (`stacks`)."""
        counts = self.st.based_counts(self.enemy)
        for u in self.st.in_the_air(self.enemy):
            counts[u.square] = counts.get(u.square, 0) + 1
        return counts

    def threat(self, square: int) -> int:
        """Enemy air units within a move (4 squares) of `square`: who could bomb or strafe it next."""
        found = self._threats.get(square)
        if found is None:
            row, found = self.st.static.dist[square], 0
            for at, count in self.counters.items():
                if row[at] <= 4:
                    found += count
            self._threats[square] = found
        return found

    def average(self) -> float:
        """The countermix is public: an unidentified unit is the average printed fighter (the
        same all game: the countermix does not change)."""
        cache = self.st.static.cache
        key = ("average fighter", self.enemy)
        if key not in cache:
            enemy_air = [u for u in self.st.of_side[self.enemy] if u.air]
            cache[key] = sum(u.record.front.air_combat for u in enemy_air if u.type in ("F", "FB")) / max(
                1, len(enemy_air))
        return cache[key]

    # ---- targets ----------------------------------------------------------------------
    def aims(self, airbases: bool = True) -> list[Aim]:
        """Every target the side may bomb now, wherever it is (airbases: with their based units)."""
        if airbases not in self._aims:
            self._aims[airbases] = self._find_aims(airbases)
        return self._aims[airbases]

    def _find_aims(self, airbases: bool) -> list[Aim]:
        """Installations, then ground battles, then (`airbases`) enemy airbases with based units."""
        st, static = self.st, self.st.static
        may = static.setups[self.side].may_bomb
        if airbases:
            out = list(self.aims(airbases=False))
            if "based_air_unit" in may:  # based counters are in plain sight: no need to guess what they are
                kept = static.cache.setdefault(("airbase aims", self.side), {})  # an Aim is never changed
                for square, count in sorted(st.based_counts(self.enemy).items()):
                    aim = kept.get((square, count))
                    if aim is None:
                        aim = kept[(square, count)] = Aim(square, "airbase", self.kill_vp, count)
                    out.append(aim)
            return out
        bombed = st.bombed_targets
        # the sets of targets hit only grow in a game; a battle's card may change on its square
        key = (len(bombed), tuple([(sq, battle.card) for sq, battle in st.battles.items()]), len(st.battles_bombed))
        out = self._installations.get(key)
        if out is None:
            out = [a for a in _installation_aims(static, self.side) if (a.square, a.kind) not in bombed]
            for sq, battle in sorted(st.battles.items()):
                if "ground_battle" in may and (battle.card, self.side) not in st.battles_bombed:
                    out.append(Aim(sq, "ground_battle", static.rosters[self.side].battles.get(battle.card, 0)))
            self._installations[key] = out
        return out

    def expected(self, aim: Aim, dice: int) -> float:
        """Expected VP of `dice` bombing dice on `aim`."""
        if dice <= 0:
            return 0.0
        if aim.kind == "airbase":
            return min(aim.based, dice * self.crt_kill) * aim.vp
        key = (aim.kind, dice)
        odds = self._odds.get(key)
        if odds is None:  # of at least one 'bombed' result
            odds = self._odds[key] = 1 - (1 - self.crt_bombed[COLUMN[aim.kind]]) ** dice
        return aim.vp * odds

    def aa(self, square: int) -> int:
        base = self.st.airbase(square, self.enemy)
        return base[1] if base else 0

    def enemy_air(self, square: int) -> EnemyStack | None:
        return self.stacks.get((square, True))


def _installation_aims(static, side: str) -> list[Aim]:
    """Every port and logistic centre `side` may bomb, made once per scenario (an `Aim` is never
    changed, so the same one serves every game and every bot)."""
    key = ("installation aims", side)
    found = static.cache.get(key)
    if found is None:
        found = static.cache[key] = [Aim(sq, kind, vp) for sq, kind, vp in static.installation_targets[side]]
    return found


def _bombing_odds(static) -> tuple[dict[str, float], float]:
    """The chance of a 'bombed' result per die on each column, and of a kill on based air units."""
    found = static.cache.get("bombing odds per die")
    if found is None:
        found = static.cache["bombing odds per die"] = (
            {col: odds.get("bombed", 0.0) for col, odds in static.bomb_odds.items()},
            static.bomb_odds["based_air_unit"].get("kill", 0.0))
    return found


def value(st: State, unit: Unit) -> float:
    """How much a unit is worth keeping: its fire, and its bombs while it still has them."""
    face = unit.face
    if face is None:
        return 0.0
    bombs = face.bomb if unit.bombs and not unit.bombed else 0
    return face.air_combat + 0.8 * bombs + 0.1 * face.speed
