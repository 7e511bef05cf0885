"""Scenarios (`af.scenario`): variants with set-up, special rules, suggested aircraft, victory.

Every printed scenario has the same four sections per variant (rulebook,
Scenario Format), and each becomes structure the engine can set up from:

- set-up: sides, and groups of counters (planes or surface units) with where
  they go (`Area`) and, optionally, the hexes the author picked inside it
  (`Start`), facing, altitude and speed (`ValueSpec`: any, fixed, a range,
  a dice formula such as 2d6 x 2,000 ft, or a scenario table), and how they
  enter when they arrive during play (`Entry`);
- special rules: ids the engine switches on, with the printed text;
- suggested aircraft: matchups that fill the plane groups with card types;
- victory: when the game ends, what scores VP, and who wins.

Scenario die tables (the V-1 appearance and speed/altitude tables) are dice
tables inside the variant, so the validator checks their coverage.
"""

from __future__ import annotations

from typing import Literal

from engine.content.dice import Die
from engine.content.model import Model, Record, Ref, field, kind_literal

from .vocabulary import Bank, DiceFormula, Direction, HexCode, LocalId, Nationality
from .tables import ResultRow, ResultTable

FEET = "ft"
ENTRY_PICKS = ("lowest", "highest", "remaining")


class Side(Model):
    """One side of a scenario: the raiders, the interceptors, the V-1s (rulebook, Scenario Format: Set-up)."""

    id: LocalId
    name: str = field("Side as the scenario calls it, e.g. 'raiders'.", min_length=1)
    nationalities: list[Nationality] = field(
        "Nationalities whose planes the side flies; 'any friendly model' means these.",
        default_factory=list,
    )
    automatic: bool = field(
        "Moved by the scenario's rules, not by a player (the V-1s).", False
    )


class ValueSpec(Model):
    """A starting value: the owner's choice, fixed, a range, a dice formula or a table."""

    mode: Literal["any", "fixed", "range", "roll", "table"] = field(
        "'any' the owner's choice; 'fixed' `value`; 'range' a choice from `min` to `max`; "
        "'roll' the `roll` formula; 'table' a roll on the scenario table `table`."
    )
    value: int | None = field("The fixed value.", None, ge=0, le=60_000)
    min: int | None = field("Lowest value allowed.", None, ge=0, le=60_000)
    max: int | None = field("Highest value allowed.", None, ge=0, le=60_000)
    roll: DiceFormula | None = field("What is rolled.", None)
    table: LocalId | None = field("Id of a table of this variant.", None)
    column: LocalId | None = field("Column of that table to read.", None)
    spread: int | None = field(
        "Each unit may be set up to this far from the rolled value.", None, ge=0, le=60_000
    )
    rolled_by: Literal["all", "side", "group", "unit"] = field(
        "Who rolls: one roll for everyone, one per side, per group or per unit.", "all"
    )
    secret: bool = field("Written secretly and shown when the unit appears.", False)

    def choices(self) -> list[int] | None:
        """Every value a fixed or range spec allows; None for rolled, table and free values."""
        if self.mode == "fixed" and self.value is not None:
            return [self.value]
        if self.mode == "range" and self.min is not None and self.max is not None:
            return list(range(self.min, self.max + 1))
        return None

    def text(self, unit: str = "") -> str:
        """The value as a scenario states it: '0-5,000 ft', '2d6 x 2,000 ft', 'any'."""
        u = f" {unit}" if unit else ""
        if self.mode == "fixed" and self.value is not None:
            return f"{self.value:,}{u}"
        if self.mode == "range" and self.min is not None and self.max is not None:
            return f"{self.min:,}-{self.max:,}{u}"
        if self.mode == "roll" and self.roll is not None:
            r = self.roll
            text = r.dice + (f" x {r.times:,}" if r.times != 1 else "") + (f" {r.plus:+,}" if r.plus else "")
            return text + u + (f" (each up to {self.spread:,}{u} off)" if self.spread else "")
        if self.mode == "table" and self.table is not None:
            return f"rolled on table {self.table}"
        return "any"


class Area(Model):
    """Where counters may be put. Every given constraint applies; none given means anywhere."""

    hexes: list[HexCode] = field("Exactly these hexes (one counter each, in order).", default_factory=list)
    sections: list[str] = field("Within these board sections.", default_factory=list)
    edges: list[Direction] = field("Along these board sides (named by compass direction).", default_factory=list)
    depth: int | None = field(
        "At most this many hexes in from the named sides (1 = the edge row).", None, unit="hexes", ge=1, le=100
    )
    road: bool = field("Only road hexes.", False)


class Entry(Model):
    """How units that are not on the board at the start come in."""

    turns: list[int] = field(
        "Fixed entry turns, one unit per turn in order (the V-1s: 1, 4, 7).", default_factory=list
    )
    from_turn: int = field("First turn on which entry is rolled.", 1, ge=1, le=100)
    die: Die | None = field("Die rolled each turn for each unit not yet in; empty for fixed turns.", None)
    on: list[int] = field("Rolls that bring it in.", default_factory=list)
    per: Literal["unit", "group", "formation"] = field("What each entry roll is made for.", "unit")
    hex_table: LocalId | None = field("Variant table giving the entry hex.", None)
    side_die: Die | None = field(
        "Die rolled for the board side of entry (the number rolled is the side).", None
    )
    spacing: int | None = field("Entry hexes at least this many hexes apart.", None, unit="hexes", ge=1, le=100)


class Start(Model):
    """Where the author puts one counter of a group inside its set-up area.

    The print mostly gives areas ("anywhere within sections V or VI") and leaves
    the exact hex to the player; a start records one such choice (a worked set-up,
    a quick start) without changing the rule, which stays in `area`.
    """

    hex: HexCode = field("Hex the counter starts in (its entry hex when it enters during play).")
    facing: Direction | None = field(
        "Facing chosen for it; empty keeps the group's facing or leaves it to the player.", None
    )


class Guns(Model):
    """Anti-aircraft guns of one rating a set-up distributes among its counters, e.g. 'forty light guns rated at
    two factors' (rulebook XVII, Anti-Aircraft)."""

    count: int = field("Guns.", unit="guns", ge=1, le=200)
    factors: int = field("Gun Factors of each gun.", unit="gun factors", ge=0, le=20)


class Lines(Model):
    """Counters laid in lines (runways): how many lines, how long, how far apart."""

    count: int = field("Lines.", ge=1, le=20)
    length: int = field("Counters per line.", unit="counters", ge=1, le=50)
    separation: int | None = field("Lines at least this many hexes apart.", None, unit="hexes", ge=1, le=100)


class Formations(Model):
    """Formations a side divides its planes into at set-up (rulebook XIII, Formations; the scenarios' Set-up and
    Entry)."""

    count: int = field("Formations.", ge=1, le=50)
    min_size: int = field("Fewest planes in each.", ge=1, le=50)
    count_if_several_players: int | None = field(
        "Formations when the side is played by two or more players.", None, ge=1, le=50
    )
    min_size_if_several_players: int | None = field(
        "Fewest planes in each when the side is played by two or more players.", None, ge=1, le=50
    )


class Loadout(Model):
    """Bombs or rockets a plane group may or must carry in a scenario, e.g. 'up to 25% of the fighters can carry
    air-to-air rockets' (rulebook, Scenario Format: Suggested Aircraft)."""

    ordnance: Literal["bombs", "ag_rockets", "aa_rockets"] = field("What is carried.")
    max_share: float = field("Largest share of the group that may carry it.", 1.0, ge=0, le=1)
    required: bool = field(
        "Each plane must carry one of the group's required loadouts.", False
    )
    aircraft: list[Ref("af.data_card")] = field(
        "Only planes of these types (empty: all of the group).", default_factory=list
    )


class Group(Model):
    """A set of counters set up the same way: planes, anti-aircraft, vehicles, targets."""

    id: LocalId
    side: LocalId = field("Id of the side the group belongs to.")
    name: str = field("What the group is, e.g. 'escort fighters'.", min_length=1)
    unit: Ref("af.ground_unit") | None = field("Surface counter type; empty for planes.", None)
    aircraft: list[Ref("af.data_card")] = field(
        "Plane types fixed by the set-up (the V-1s); other plane groups are filled from a matchup.",
        default_factory=list,
    )
    count: int | None = field(
        "Counters in the group; empty when the matchup gives it.", None, ge=0, le=200
    )
    counts: list[int] = field(
        "Other numbers of counters the players may agree on instead of `count` (Air Melee: two a side, "
        "four with experience); the engine offers each as the option `planes:<n>`.",
        default_factory=list,
    )
    guns: list[Guns] = field("Anti-aircraft guns the group's counters hold between them.", default_factory=list)
    target_extent: int | None = field(
        "Size of a ground target ('GT-6' covers six hexes round its counter).", None, unit="hexes", ge=0, le=20
    )
    lines: Lines | None = field("Counters laid in lines (runways).", None)
    area: Area = field("Where the counters are put.", default_factory=Area)
    separation: int | None = field("Counters at least this many hexes apart.", None, unit="hexes", ge=1, le=100)
    starts: list[Start] = field(
        "Chosen starting hexes inside the area, one per counter in order; counters without "
        "one may be put anywhere in the area.",
        default_factory=list,
    )
    facing: Direction | None = field("Facing; empty for any direction.", None)
    altitude: ValueSpec = field("Starting altitude in feet.", default_factory=lambda: ValueSpec(mode="any"))
    speed: ValueSpec = field("Starting speed in speed points.", default_factory=lambda: ValueSpec(mode="any"))
    bank: Bank | None = field("Starting bank; empty for any.", None)
    entry: Entry | None = field("How the group comes in; empty when it starts on the board.", None)
    formations: Formations | None = field("Formations the group flies in.", None)
    loadouts: list[Loadout] = field("What the planes may or must carry.", default_factory=list)
    ground_controlled: bool = field("Controlled from the ground (pre-plots fewer turns).", False)
    engines_stopped: bool = field("Starts on the ground with engines stopped; must start and take off.", False)
    on_vehicles: bool = field("Anti-aircraft counters may be put on vehicles.", False)
    secret: bool = field("Hex and facing are written secretly before placing.", False)
    text: str | None = field("The set-up as printed, where the structure abridges it.", None)


class HillCount(Model):
    """Surface terrain counters of one height a scenario places, e.g. five of 100 ft (rulebook XVII, Ground Targets:
    hills; the scenarios' Set-up)."""

    count: int = field("Counters.", ge=1, le=200)
    height_ft: int = field("Height written on them.", unit=FEET, ge=0, le=20_000)


class Terrain(Model):
    """The surface terrain a scenario lays out: hill counters and roads (rulebook, Scenario Format: Set-up)."""

    hills: list[HillCount] = field("Surface terrain counters by height.", default_factory=list)
    road_columns: list[str] = field(
        "Column letters whose hexes are road, in every section.", default_factory=list
    )
    area: Area = field("Where the terrain counters go.", default_factory=Area)
    text: str | None = field("As printed.", None)


class SpecialRule(Model):
    """A rule that applies only in this scenario (rulebook, Scenario Format: Special Rules)."""

    id: LocalId
    text: str = field("The rule as printed.", min_length=1)


class Force(Model):
    """The planes one line of Suggested Aircraft gives a plane group (rulebook, Scenario Format: Suggested Aircraft)."""

    group: LocalId = field("Plane group this force fills.")
    count: int | None = field("Planes; empty keeps the group's count.", None, ge=1, le=200)
    aircraft: list[Ref("af.data_card")] = field(
        "Types to choose from ('A, B or C').", default_factory=list
    )
    any_of: list[Nationality] = field(
        "Any model of these nationalities ('the escort fighters can be of any friendly model').",
        default_factory=list,
    )
    mixed: bool = field("Types may be mixed within the force.", False)


class Matchup(Model):
    """One line of 'Suggested Aircraft': forces that make a fair game."""

    id: LocalId
    forces: list[Force] = field("One force per plane group.", min_length=1)
    text: str = field("The line as printed.", min_length=1)


class TableColumn(Model):
    """A column of a die table printed with a scenario and what it decides (rulebook XXI, Introductory Scenario:
    V-1 Order of Appearance Table, Speed and Altitude Table)."""

    key: LocalId
    label: str = field("Column heading as printed.", min_length=1)
    determines: Literal["entry_hex", "speed", "altitude_ft"] = field(
        "What the column gives: an entry hex (a hex code, or 'lowest', 'highest', "
        "'remaining' of the hexes not yet used), a speed, or an altitude in feet."
    )


class ScenarioTable(ResultTable):
    """A die table printed with a scenario."""

    id: LocalId
    name: str = field("Table name as printed.", min_length=1)
    die: Die = field("Die rolled.", "d6")
    columns: list[TableColumn] = field("Result columns.", min_length=1)
    rows: list[ResultRow] = field("Rows by roll.", min_length=1)


class GameEnd(Model):
    """When a scenario's game ends: after a number of turns, or when the given groups have left the board or been
    destroyed (rulebook, Scenario Format: Victory Conditions)."""

    type: Literal["turns", "groups_gone"] = field(
        "'turns' after `turns` complete turns; 'groups_gone' once every unit of `groups` has "
        "left the board or been destroyed."
    )
    turns: int | None = field("Turn limit.", None, ge=1, le=500)
    groups: list[LocalId] = field("Groups that must be gone.", default_factory=list)


class Award(Model):
    """Something that scores victory points in a scenario and for which side (rulebook, Scenario Format: Victory
    Conditions)."""

    id: LocalId
    side: LocalId = field("Side that earns the points.")
    event: Literal[
        "destroy_enemy",
        "exit_with_bombs",
        "damage_point",
        "target_hex_bombed",
        "target_bombed",
        "all_targets_bombed",
        "survive_with_bombs",
    ] = field(
        "What scores: destroying enemy units (their own VP), a plane leaving by `edge` with "
        "its bombs, each bombing damage point, a target hex's first hit, a target hit at "
        "least once, all targets hit (once), a bomber still flying with its load at the end."
    )
    vp: int | None = field("Points each time; empty for the destroyed unit's own VP.", None, unit="VP", ge=0, le=1000)
    edge: Direction | None = field("Board side the planes must leave by.", None)
    group: LocalId | None = field("Group whose units or targets count.", None)


class Win(Model):
    """Who wins a scenario (rulebook, Scenario Format: Victory Conditions)."""

    type: Literal["most_vp", "most_kills", "destroy_all", "min_exits", "vp_threshold", "vp_margin"] = field(
        "'most_vp'; 'most_kills' (planes shot down); 'destroy_all' of `group` before it leaves; "
        "'min_exits': `count` planes of `group` leave by `edge`; 'vp_threshold': `side` scores "
        "`vp` or more and more than it loses; 'vp_margin': `side` leads by `margin` or more."
    )
    side: LocalId | None = field("Side the condition is about.", None)
    group: LocalId | None = field("Group the condition counts.", None)
    count: int | None = field("Planes needed.", None, ge=1, le=200)
    vp: int | None = field("Points needed.", None, unit="VP", ge=0, le=10_000)
    margin: int | None = field("Lead needed.", None, unit="VP", ge=0, le=10_000)
    edge: Direction | None = field("Board side to leave by.", None)
    with_bombs: bool = field("Planes must still carry their full bomb load.", False)
    tiebreak: Literal["most_vp"] | None = field("How a tie is broken.", None)
    otherwise: LocalId | None = field("Side that wins when the condition is not met.", None)


class Victory(Model):
    """A scenario's victory conditions: when the game ends, what scores, who wins (rulebook, Scenario Format:
    Victory Conditions)."""

    ends: list[GameEnd] = field("The game ends at the first of these.", default_factory=list)
    awards: list[Award] = field("What scores victory points.", default_factory=list)
    win: Win = field("Who wins.")
    text: str = field("Victory conditions as printed.", min_length=1)


class Variant(Model):
    """One way to play the scenario (Basic/Advanced, Solitaire/Competition ...)."""

    id: LocalId
    name: str = field("Variant as printed.", min_length=1)
    based_on: LocalId | None = field(
        "Variant this one is printed as a change of ('as in the previous one'); this "
        "variant is still complete in itself.",
        None,
    )
    solitaire: bool = field("Played by one player.", False)
    optional_rules: list[Ref("af.optional_rule")] = field(
        "Optional rules the variant uses.", default_factory=list
    )
    any_optional_rules: bool = field("Players may add any other optional rules.", False)
    night: bool = field("Played in darkness (spotting -3).", False)
    map_fixed: bool = field(
        "Board sections cannot be exchanged, so a plane flying off the board is out.", False
    )
    sides: list[Side] = field("Sides.", min_length=1)
    groups: list[Group] = field("Everything that is set up or enters.", min_length=1)
    terrain: Terrain | None = field("Surface terrain.", None)
    tables: list[ScenarioTable] = field("Die tables printed with the variant.", default_factory=list)
    special_rules: list[SpecialRule] = field("Special rules.", default_factory=list)
    matchups: list[Matchup] = field("Suggested aircraft.", default_factory=list)
    victory: Victory = field("Victory conditions.")
    setup_text: str | None = field("Set-up as printed, where the groups abridge it.", None)

    def group_size(self, group: Group) -> tuple[int, int] | None:
        """Fewest and most counters of a group: its count, its fixed hexes, or what the
        matchups give it; None when nothing says."""
        if group.count is not None:
            return group.count, group.count
        if group.area.hexes:
            return len(group.area.hexes), len(group.area.hexes)
        counts = [f.count for m in self.matchups for f in m.forces if f.group == group.id and f.count]
        return (min(counts), max(counts)) if counts else None


class Scenario(Record):
    """A printed scenario (rulebook, Scenario Format): its variants, each with set-up, special
    rules, suggested aircraft and victory conditions."""

    kind: kind_literal("af.scenario")
    number: str | None = field("Scenario number as printed, e.g. '1'.", None)
    section: str = field("Rulebook section, e.g. 'XXII'.", pattern=r"^[IVX]+$")
    board: Ref("af.board") = field("Board the scenario is played on.")
    history: str | None = field("The scenario's introduction.", None)
    variants: list[Variant] = field("Ways to play it.", min_length=1)

    def variant(self, vid: str) -> Variant | None:
        return next((v for v in self.variants if v.id == vid), None)
