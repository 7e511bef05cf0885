"""What a game reads from the content over and over, worked out once per scenario.

Squares are integers (row * columns + column) so that movement, stacking and
contact checks are list look-ups; tables become per-face lists so a die is read
by indexing. Everything still comes from the records: nothing here is a number
of the rules.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from engine.content.dice import die_range
from engine.core.board import letter_number_label

from ..kinds.board import Map
from ..kinds.cards import CampaignCard
from ..kinds.scenario import ModeRules, Scenario, SideSetup
from ..kinds.targets import EachOtherTarget, GroundBattleTarget, PlaceTarget
from ..kinds.units import AirUnit, GroundUnit

AIR, GROUND, CARD = "aw.air_unit", "aw.ground_unit", "aw.campaign_card"


@dataclass
class Square:
    """A grid square and what is printed in it."""

    index: int
    label: str
    col: int
    row: int
    water: bool
    territory: str | None
    place: str | None = None  # place name, for messages
    airbase: int = 0  # printed capacity (0: none, or switched off by its option)
    airbase_aa: int = 0
    port: bool = False
    logistic_centre: bool = False
    battle_place: str | None = None  # place id of a battle square (30.10)


@dataclass
class Roster:
    """A side's Target Roster as look-ups: what bombing each kind of target scores."""

    places: dict[tuple[str, str], int] = field(default_factory=dict)  # (place id, installation)
    each_other: dict[str, int] = field(default_factory=dict)  # installation -> VP
    battles: dict[str, int] = field(default_factory=dict)  # ground battle card id -> VP


class Static:
    """The scenario, its map and tables, indexed for play."""

    def __init__(self, scenario: Scenario, content, options: dict[str, bool]) -> None:
        self.scenario = scenario
        self.options = options
        game_map: Map = content.get("aw.map", scenario.map)
        self.map = game_map
        self.cols, self.rows = game_map.columns, game_map.rows
        self.squares: list[Square] = []
        by_label = game_map.square_index()
        for row in range(self.rows):
            for col in range(self.cols):
                label = letter_number_label((col, row))
                sq = by_label[label]
                terrain = game_map.terrain_type(sq.terrain)
                self.squares.append(Square(len(self.squares), label, col, row,
                                           bool(terrain and terrain.all_water), sq.territory))
        self.index = {s.label: s.index for s in self.squares}
        self.neighbors: list[tuple[int, ...]] = [
            tuple(self.index[letter_number_label(c)] for c in game_map.grid().neighbors((s.col, s.row)))
            for s in self.squares
        ]
        self.place_square: dict[str, int] = {}
        for place in game_map.places:
            s = self.squares[self.index[place.at]]
            self.place_square[place.id] = s.index
            s.place = place.name
            if place.airbase and (place.airbase.option is None or options.get(place.airbase.option, True)):
                s.airbase = place.airbase.capacity
                # 30.4: every functioning airbase fires AA equal to its capacity.
                s.airbase_aa = s.airbase if scenario.rules.airbase_aa_equals_capacity else place.airbase.aa
            s.port = s.port or place.port
            s.logistic_centre = s.logistic_centre or place.logistic_centre
            if place.ground_battle:
                s.battle_place = place.id
        self.place_at = {sq: pid for pid, sq in self.place_square.items()}
        self.dist = [[abs(a.col - b.col) + abs(a.row - b.row) for b in self.squares] for a in self.squares]
        self.labels = [s.label for s in self.squares]
        self._diamonds: dict[tuple[int, int], dict[int, int]] = {}
        self._nearest_first: dict[int, tuple[list[int], list[int]]] = {}  # see `diamond`
        self.cache: dict[str, object] = {}  # what rule modules make once per scenario
        self.names = [f"{s.label} ({s.place})" if s.place else s.label for s in self.squares]
        self.intruder, self.interceptor = scenario.intruder, scenario.interceptor
        self.order = (scenario.intruder, scenario.interceptor)
        self.setups: dict[str, SideSetup] = {s.side: s for s in scenario.sides}
        self.enemy = {scenario.intruder: scenario.interceptor, scenario.interceptor: scenario.intruder}
        self.radar = {r.side: frozenset(self.index[s] for s in r.squares) for r in game_map.radar
                      if self.setups.get(r.side) and self.setups[r.side].radar}
        # Enemy installations printed in a side's territory: entering them reveals a stack (22.0).
        self.installations = {
            side: frozenset(s.index for s in self.squares if s.territory == side
                            and (s.airbase or s.port or s.logistic_centre))
            for side in self.order
        }
        self.printed_bases = {side: {s.index: (s.airbase, s.airbase_aa) for s in self.squares
                                     if s.airbase and s.territory == side} for side in self.order}
        self.rosters = {side: self._roster(content, setup) for side, setup in self.setups.items()}
        # Installations each side may bomb (30.7): (square, 'port' or 'logistic_centre', VP).
        self.installation_targets = {
            side: [(s.index, kind, self.installation_vp(side, s.index, kind))
                   for s in self.squares for kind in ("port", "logistic_centre")
                   if getattr(s, kind) and s.territory == self.enemy[side]
                   and kind in self.setups[side].may_bomb]
            for side in self.order
        }
        # Sides that may bomb single ground units (20.1), read once: most scenarios have none.
        self.bombs_ground_units = {side: "ground_unit" in self.setups[side].may_bomb for side in self.order}
        self.air_units: dict[str, AirUnit] = {u.id: u for u in content.records(AIR)}
        self.ground_units: dict[str, GroundUnit] = {u.id: u for u in content.records(GROUND)}
        self.cards: dict[str, CampaignCard] = {c.id: c for c in content.records(CARD)}
        self.modes: dict[tuple[str, str], ModeRules] = {
            (c.type, m.mode): m for c in scenario.unit_classes for m in c.modes
        }
        self.mode_choice = {c.type for c in scenario.unit_classes if c.mode_choice == "per_turn"}
        air = content.get("aw.air_crt", scenario.air_crt)
        bomb = content.get("aw.bombing_crt", scenario.bombing_crt)
        self.air_die, self.air_crt = air.die, self._columns(air)
        self.bomb_die, self.bomb_crt = bomb.die, self._columns(bomb)
        low, high = die_range(bomb.die)
        # Chance of each result per die, per column: what a player reads off the table.
        self.bomb_odds = {col: {r: faces[low:high + 1].count(r) / (high - low + 1) for r in set(faces[low:])}
                          for col, faces in self.bomb_crt.items()}
        self.victory = scenario.victory
        self.rules = scenario.rules
        self.launch_limited = scenario.rules.airbase_launch_limit == "command_level"  # 30.2, read at every take-off

    @staticmethod
    def _columns(table) -> dict[str, list[str]]:
        """column -> result per face (index = face; faces below the die's range unused), for
        the columns the table prints (an optional column only when it has one)."""
        low, high = die_range(table.die)
        out: dict[str, list[str]] = {c: ["none"] * (high + 1) for c in table.columns()}
        for face in range(low, high + 1):
            row = table.lookup(face)
            for column in out:
                out[column][face] = (getattr(row, column) if row is not None else None) or "none"
        return out

    @staticmethod
    def _roster(content, setup: SideSetup) -> Roster:
        roster = Roster()
        for entry_id in setup.target_roster:
            entry = content.get("aw.target_roster", entry_id)
            target = entry.target
            if isinstance(target, PlaceTarget):
                roster.places[(target.place, target.installation)] = entry.vp
            elif isinstance(target, EachOtherTarget):
                roster.each_other[target.installation] = entry.vp
            elif isinstance(target, GroundBattleTarget):
                roster.battles[target.card] = entry.vp
        return roster

    # ---- look-ups --------------------------------------------------------------------
    def label(self, square: int) -> str:
        return self.labels[square]

    def distance(self, a: int, b: int) -> int:
        return self.dist[a][b]

    def diamond(self, start: int, speed: int) -> dict[int, int]:
        """Squares within `speed` steps through grid sides (17.0): square -> steps, nearest first."""
        key = (start, speed)
        found = self._diamonds.get(key)
        if found is None:
            row = self.dist[start]
            nearest = self._nearest_first.get(start)
            if nearest is None:  # every square by (steps, square), sorted once for every speed
                order = sorted(range(len(row)), key=row.__getitem__)  # stable: ties by square
                nearest = self._nearest_first[start] = (order, [row[sq] for sq in order])
            order, steps = nearest
            found = self._diamonds[key] = {sq: row[sq] for sq in order[:bisect_right(steps, speed)]}
        return found

    def mode_rules(self, unit_type: str, mode: str) -> ModeRules | None:
        return self.modes.get((unit_type, mode))

    def installation_vp(self, side: str, square: int, installation: str) -> int:
        """VP `side` scores for bombing the port or logistic centre printed in `square`."""
        roster = self.rosters[side]
        place = self.place_at.get(square)
        if place is not None and (place, installation) in roster.places:
            return roster.places[(place, installation)]
        return roster.each_other.get(installation, 0)

    def describe(self, square: int) -> str:
        return self.names[square]
