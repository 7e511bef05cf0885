"""Written movement by the book (§V-VIII): one log entry flown from a plane's state to the next.

A turn is flown in two halves. The movement (hexes and maneuvers) is folded step by step
over a `Leg`, the plane's in-turn state, by `advance`; what it checks are the maneuvers'
own rules (costs, bank attitudes, requirements, cockpit hits), read from the `af.maneuver`
records. Then `finish` adds Power, Brake and the altitude change and works out the status
(§VII): next speed, altitude, bank and the carry of straight hexes. `fly` does both for a
written entry and raises `IllegalMove` naming the step and the rule; `spin` flies a stalled
plane with a die from the caller's roll function. The legal-move generator (`moves`) runs
the same two halves, so a move it offers is one `fly` accepts.

Hexes are cube coordinates inside (`engine.core.board`, the board's odd-low columns);
facing 0 is the top of the board, turning right adds one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Callable, Iterable, NamedTuple

from engine.core.board import Cube, cube_step, from_cube, to_cube

from ..kinds.planes import AltitudeBand, Climb, DataCard
from ..kinds.rules import Maneuver, Rules
from .capability import Capability, capability
from .codes import STEP_FT, Entry, Token, format_entry, parse
from .state import Plane

Roll = Callable[[str], int]  # a die expression ('d6') -> its result; the game's dice, never a global RNG


# --------------------------------------------------------------------------- content, compiled


@dataclass(frozen=True, slots=True)
class Spec:
    """One maneuver letter as flying reads its `af.maneuver` record."""

    letter: str
    maneuver: str  # the record id: 'turn', 'slip' ...
    name: str  # as the record names it: 'Half-loop'
    mp: int
    loss: int
    facing: int  # hexsides turned, signed (right +)
    sidestep: int  # 0, or the facing offset of the hex it moves into (+1 ahead-right)
    shift: int  # places moved on the bank diagram, signed
    banks: frozenset[str]  # attitudes it may be flown in; empty for any
    max_cockpit_hits: int | None
    full_altitude: bool
    turns_after: int


def _specs(m: Maneuver) -> list[Spec]:
    out = []
    for letter, side, banks in ((m.code_right, 1, m.requires_right), (m.code_left, -1, m.requires_left)):
        # side: +1 the right-hand form, -1 the left-hand one
        if letter is None:
            continue
        out.append(Spec(letter, m.id, m.name, m.mp, m.speed_loss, side * m.facing_change,
                        side if m.sidestep else 0, side * m.bank_shift, frozenset(banks),
                        m.max_cockpit_hits, m.full_altitude_change, m.turns_after))
    return out


@dataclass(frozen=True)
class Handbook:
    """What flying reads from content: the `af.rules` record, the maneuvers and the compass."""

    rules: Rules
    specs: tuple[Spec, ...]
    up: int = 1  # compass direction pointing to the top of the board (af.board `up`)

    @classmethod
    def of(cls, rules: Rules, maneuvers: Iterable[Maneuver], up: int = 1) -> "Handbook":
        return cls(rules, tuple(s for m in sorted(maneuvers, key=lambda m: m.id) for s in _specs(m)), up)

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(s.letter for s in self.specs)

    def spec(self, letter: str) -> Spec:
        return next(s for s in self.specs if s.letter == letter)

    @cached_property
    def level(self) -> str:
        return self.rules.movement.bank_order[0]


_PER_CARD: dict[tuple[str, int], tuple[DataCard, object]] = {}


def _per_card(what: str, card: DataCard, make: Callable[[DataCard], object]) -> object:
    """`make(card)` worked out once per card object (cards are pydantic models, not hashable)."""
    hit = _PER_CARD.get((what, id(card)))
    if hit is None or hit[0] is not card:
        hit = _PER_CARD[(what, id(card))] = (card, make(card))
    return hit[1]


def carry_cap(card: DataCard) -> int:
    """Straight hexes worth remembering: the card's largest requirement (more meets every one)."""
    return _per_card("carry", card, lambda c: max((v for b in c.bands for m in b.mr.model_dump().values() if m
                                                   for v in m.values() if v is not None), default=0))


def flown_card(plane: Plane, card: DataCard) -> DataCard:
    """The card as this plane flies it: with its load modifiers while it carries bombs or rockets (§XIII)."""
    return _per_card("loaded", card, DataCard.loaded) if plane.loaded else card


# --------------------------------------------------------------------------- the turn's frame


@dataclass(frozen=True, slots=True)
class Frame:
    """What a plane's movement this turn is checked against; equal frames fly alike."""

    speed: int
    increment: str
    mr: tuple[tuple[str, int | None], ...]  # maneuver id -> straight hexes needed (None: impossible)
    cockpit_hits: int
    specs: tuple[Spec, ...]
    bank_order: tuple[str, ...]
    max_banks: int  # banks in a row
    top: int  # the largest requirement this turn: straight counts above it all look alike

    def needs(self, maneuver: str) -> int | None:
        for name, hexes in self.mr:
            if name == maneuver:
                return hexes
        return None


def frame(plane: Plane, card: DataCard, hb: Handbook) -> Frame:
    band = band_of(plane, card)
    inc = increment_of(plane, band)
    names = dict.fromkeys(s.maneuver for s in hb.specs)
    mr = tuple((s, band.mr.hexes(s, inc) if inc != "over" else None) for s in names)
    mv = hb.rules.movement
    return Frame(plane.speed, inc, mr, plane.damage.of("C"), hb.specs, tuple(mv.bank_order), mv.max_banks_in_a_row,
                 max((v for _, v in mr if v is not None), default=0))


def band_of(plane: Plane, card: DataCard) -> AltitudeBand:
    band = card.band_for(plane.altitude)
    if band is None:
        raise ValueError(f"{plane.id} at {plane.altitude:,} ft is above the {card.name}'s ceiling")
    return band


def increment_of(plane: Plane, band: AltitudeBand) -> str:
    """The plane's speed increment this turn; 'over' above the band's maximum dive speed."""
    return band.speeds.increment(plane.speed) or "over"


# --------------------------------------------------------------------------- the movement half


@dataclass(frozen=True, slots=True)
class Leg:
    """A plane part-way through its written movement, relative to where it started."""

    cube: Cube
    facing: int
    bank: str
    mp: int = 0  # movement points spent
    loss: int = 0  # speed points the maneuvers take off
    straight: int | None = None  # straight hexes since the last maneuver, capped; None: unlimited
    fresh: int = 0  # of those, flown this turn
    maneuvered: bool = False  # a maneuver (a bank too) was flown this turn
    nonbank: bool = False  # a maneuver other than a bank was flown (no banked altitude loss)
    banks: int = 0  # banks in a row just flown
    waived: int = 0  # turns that may still follow a slip without their own requirement
    loop: int = 0  # 1: a half-loop needs this turn's full climb or dive; 2: the carry's too


class Refusal(NamedTuple):
    rule: str  # the af.rules illegal_moves id whose remedy applies
    why: str
    section: str  # where in the book, in words


def start(plane: Plane, fr: Frame) -> Leg:
    straight = None if plane.carry is None else min(plane.carry, fr.top)
    return Leg(to_cube(plane.cell), plane.facing, plane.bank, straight=straight)


def advance(fr: Frame, leg: Leg, token: Token) -> Leg | Refusal:
    """The leg after one more step (straight hexes or a maneuver letter), or why it may not."""
    if isinstance(token, int):
        if leg.mp + token > fr.speed:
            return Refusal("over_speed", f"{token} hexes take it past its speed of {fr.speed}", "§VI, Air Speed")
        straight = None if leg.straight is None else min(leg.straight + token, fr.top)
        return replace(leg, cube=cube_step(leg.cube, leg.facing, token), mp=leg.mp + token,
                       straight=straight, fresh=leg.fresh + token, banks=0, waived=0)
    s = next((s for s in fr.specs if s.letter == token), None)
    if s is None:
        return Refusal("attitude_not_met", f"'{token}' is no maneuver", "§VI, Codes for Writing in the Log")
    name = f"a {s.name.lower()}"
    if leg.mp + s.mp > fr.speed:
        return Refusal("over_speed", f"{name} costs {s.mp} MP and only {fr.speed - leg.mp} are left", "§VI, Air Speed")
    if s.banks and leg.bank not in s.banks:
        return Refusal("attitude_not_met", f"{name} this way needs the bank {' or '.join(sorted(s.banks))}, "
                       f"not {leg.bank}", f"§VI, {s.name.title()} Maneuver")
    if s.max_cockpit_hits is not None and fr.cockpit_hits > s.max_cockpit_hits:
        return Refusal("over_damaged_limits", f"{name} is barred by {fr.cockpit_hits} cockpit hits",
                       "§IX, Effect of Damage")
    bank = s.maneuver == "bank"
    if bank and leg.banks >= fr.max_banks:
        return Refusal("attitude_not_met", f"at most {fr.max_banks} banks in a row", "§VI, Bank Maneuver")
    waived = leg.waived > 0 and s.maneuver == "turn"
    need = fr.needs(s.maneuver)
    if need is None:
        return Refusal("requirement_not_met", f"{name} is not possible here", "§VI, maneuverability screen")
    if not waived and leg.straight is not None and leg.straight < need:
        return Refusal("requirement_not_met", f"{name} needs {need} straight hexes first", "§VI, maneuverability screen")
    loop = leg.loop
    if s.full_altitude:
        loop = max(loop, 1 if leg.straight is None or leg.fresh >= need else 2)
    attitude = fr.bank_order[(fr.bank_order.index(leg.bank) + s.shift) % len(fr.bank_order)]
    cube = cube_step(leg.cube, (leg.facing + s.sidestep) % 6) if s.sidestep else leg.cube
    return Leg(cube, (leg.facing + s.facing) % 6, attitude, leg.mp + s.mp, leg.loss + s.loss, 0, 0, True,
               leg.nonbank or not bank, leg.banks + 1 if bank else 0,
               s.turns_after if s.turns_after else (leg.waived - 1 if waived else 0), loop)


# --------------------------------------------------------------------------- the altitude half


@dataclass(frozen=True, slots=True)
class Vertical:
    """This turn's altitude limits: what may be climbed or dived, and the most of each."""

    climb: int  # most feet it may climb (ceiling and slow climbs included)
    slow: Climb | None  # the limit when it is a slow climb ('.033')
    dive: int  # most feet it may dive (ground included)


def vertical(plane: Plane, card: DataCard, hb: Handbook) -> Vertical:
    band = band_of(plane, card)
    inc = increment_of(plane, band)
    best = band.climb.best(inc)
    slow = best if best is not None and best.every > 1 else None
    climb = 0 if best is None or (slow and plane.slow_climb_wait) else best.ft
    climb = max(0, min(climb, card.ceiling_ft - plane.altitude)) // STEP_FT * STEP_FT
    floor = hb.rules.movement.crash_altitude_ft + STEP_FT
    dive = max(0, min(band.dive_ft, plane.altitude - floor)) // STEP_FT * STEP_FT
    return Vertical(climb, slow, dive)


class Status(NamedTuple):
    """What the Status Determination Phase writes for next turn (§VII), bar the bank and position."""

    altitude: int
    speed: int
    carry: int | None
    carry_vertical: str | None
    slow_climb_wait: int


def finish(plane: Plane, card: DataCard, hb: Handbook, fr: Frame, leg: Leg, entry: Entry,
           vert: Vertical | None = None, cap: Capability | None = None) -> Status | Refusal:
    """Next turn's status after the movement `leg` with `entry`'s P, K and altitude (§VII)."""
    band = band_of(plane, card)
    cap = cap or capability(plane, hb.rules)
    vert = vert or vertical(plane, card, hb)
    power, brake = cap.power(band), cap.brake(band)
    if leg.mp != fr.speed:
        return Refusal("mp_not_spent", f"it spends {leg.mp} of its {fr.speed} MP; every MP must be spent",
                       "§V, Movement")
    if entry.power and fr.increment == "dive":
        return Refusal("excess_power_brake", "no Power Factors at dive speed", "§VI, Dive Speed")
    if entry.power > power:
        return Refusal("excess_power_brake", f"{entry.power} Power Factors, {power} available",
                       "§VI, speed change screen")
    if entry.brake > brake:
        return Refusal("excess_power_brake", f"{entry.brake} Brake Factors, {brake} available",
                       "§VI, speed change screen")
    ft = entry.altitude
    if ft > vert.climb:
        return Refusal("over_climb_dive", f"a climb of {ft} ft, at most {vert.climb} ft this turn",
                       "§VI, Rate of Climb; ceiling")
    if -ft > vert.dive:
        return Refusal("over_climb_dive", f"a dive of {-ft} ft, at most {vert.dive} ft this turn",
                       "§VI, Rate of Descent; ground")
    climb_loss = card.climb_speed_loss(max(ft, 0))
    dive_gain = card.dive_speed_gain(max(-ft, 0))
    if climb_loss is None or dive_gain is None:
        return Refusal("over_climb_dive", f"the card gives no speed change for {abs(ft)} ft",
                       "§VI, altitude change screen")
    full = "C" if ft > 0 and ft == vert.climb else "D" if ft < 0 and -ft == vert.dive else None
    if leg.loop and full is None:
        return Refusal("attitude_not_met", "a half-loop needs the most climb or dive the plane can make "
                       f"({vert.climb} ft up or {vert.dive} ft down)", "§VI, Half-Loop Maneuver")
    if leg.loop == 2 and plane.carry_vertical != full:
        return Refusal("attitude_not_met", "a half-loop whose requirement spans turns needs each of them "
                       "climbing (or diving) as much as it can", "§VI, Half-Loop Maneuver")
    speed = max(0, fr.speed - leg.loss + entry.power - entry.brake - climb_loss + dive_gain)
    if fr.increment == "dive" and dive_gain < 1 and speed > _below_dive(band):
        return Refusal("attitude_not_met", f"at dive speed it must dive for a speed point or end below "
                       f"dive speed ({_below_dive(band)} or less), not at {speed}", "§VI, Dive Speed")
    altitude = plane.altitude + ft
    if leg.bank != hb.level and not leg.nonbank:
        altitude -= hb.rules.movement.banked_altitude_loss_ft
        if altitude <= hb.rules.movement.crash_altitude_ft:
            return Refusal("over_climb_dive", "banked without another maneuver it sinks into the ground",
                           "§VI, Loss of Altitude When Not Level")
    nxt = card.band_for(altitude)
    top = cap.max_speed(nxt)
    if speed > top:
        return Refusal("over_dive_speed", f"next speed {speed} is over the maximum dive speed {top}: "
                       "the plane would break up", "§VIII, Exceeding maximum dive speed")
    if cap.dive_speed_barred and nxt.speeds.increment(speed) == "dive":
        return Refusal("over_damaged_limits", f"with {cap.cockpit_hits} cockpit hits it may not fly at dive "
                       f"speed (next speed {speed})", "§IX, Effect of Damage")
    cap_hexes = carry_cap(card)
    if leg.maneuvered:
        carry, carried = min(leg.fresh, cap_hexes), full if leg.fresh else None
    else:
        carry = None if plane.carry is None else min(plane.carry + leg.fresh, cap_hexes)
        carried = full if carry and (plane.carry == 0 or plane.carry_vertical == full) else None
    wait = vert.slow.every - 1 if vert.slow is not None and ft > 0 else max(0, plane.slow_climb_wait - 1)
    return Status(altitude, speed, carry, carried, wait)


def _below_dive(band: AltitudeBand) -> int:
    tops = band.speeds.tops()
    return max(v for k, v in tops.items() if k != "dive")


def arrive(plane: Plane, cell: tuple[int, int], facing: int, bank: str, status: Status,
           maneuvers: tuple[str, ...]) -> Plane:
    """The plane as it starts next turn, from where its movement ended and its status."""
    return replace(plane, cell=cell, facing=facing, bank=bank, altitude=status.altitude, speed=status.speed,
                   carry=status.carry, carry_vertical=status.carry_vertical,
                   slow_climb_wait=status.slow_climb_wait, maneuvers=maneuvers, spun=False)


# --------------------------------------------------------------------------- the public entry points


class IllegalMove(ValueError):
    """A written entry the book does not allow: which step, which rule (an `illegal_moves` id)."""

    def __init__(self, code: str, plane: Plane, increment: str, refusal: Refusal, step: int | None) -> None:
        self.code, self.rule, self.step, self.why, self.section = code, refusal.rule, step, refusal.why, refusal.section
        where = f"at speed increment {increment.title()} at {plane.altitude:,} ft"
        super().__init__(f"`{code}` {where}: {refusal.why} ({refusal.section})")


def fly(plane: Plane, code: str | Entry, card: DataCard, hb: Handbook) -> Plane:
    """The plane after flying a written entry (its next turn's state), or IllegalMove.

    The returned plane's `speed` is next turn's speed (§VII). A stalled plane must spin
    (`spin`); a written spin is refused, since its facing needs the die.
    """
    entry = parse(code, hb.letters) if isinstance(code, str) else code
    card = flown_card(plane, card)
    fr = frame(plane, card, hb)
    text = format_entry(entry)

    def refuse(refusal: Refusal, upto: int | None = None) -> IllegalMove:
        shown = text if upto is None else format_entry(Entry(entry.steps[: upto + 1]))
        return IllegalMove(shown, plane, fr.increment, refusal, upto)

    if entry.spin or fr.increment == "stall":
        raise refuse(Refusal("attitude_not_met", "a plane at stall speed spins, and only then (fly it with "
                             "spin and a die)", "§VI, Stall Speed"))
    if fr.increment == "over":
        raise refuse(Refusal("over_dive_speed", "its speed is over the maximum dive speed",
                             "§VIII, Exceeding maximum dive speed"))
    leg = start(plane, fr)
    for i, token in enumerate(entry.steps):
        nxt = advance(fr, leg, token)
        if isinstance(nxt, Refusal):
            raise refuse(nxt, i)
        leg = nxt
    status = finish(plane, card, hb, fr, leg, entry)
    if isinstance(status, Refusal):
        raise refuse(status)
    return arrive(plane, from_cube(leg.cube), leg.facing, leg.bank, status,
                  tuple(t for t in entry.steps if isinstance(t, str)))


def route(plane: Plane, entry: Entry, hb: Handbook) -> list[tuple[int, int]]:
    """The hexes a written entry enters, in order: straight hexes one by one and the hex a slip
    moves into. Geometry only, for views (a plot drawn before it is written, a move animated
    along its way); whether the entry may be flown is `fly`'s to say."""
    cube, facing, out = to_cube(plane.cell), plane.facing, []
    for token in () if entry.spin else entry.steps:
        if isinstance(token, int):
            for _ in range(token):
                cube = cube_step(cube, facing)
                out.append(from_cube(cube))
            continue
        s = hb.spec(token)
        if s.sidestep:
            cube = cube_step(cube, (facing + s.sidestep) % 6)
            out.append(from_cube(cube))
        facing = (facing + s.facing) % 6
    return out


@dataclass(frozen=True, slots=True)
class Spin:
    """How a spin ended (§VI, Stall Speed): the plane, and whether it broke up or hit the ground."""

    plane: Plane
    broke_up: bool
    crashed: bool


def spin(plane: Plane, card: DataCard, hb: Handbook, roll: Roll) -> Spin:
    """A stalled plane's turn: straight ahead at its full speed, the die's compass facing, the
    most dive the band allows; each 60 degrees turned costs a speed point as a turn would."""
    mv = hb.rules.movement
    card = flown_card(plane, card)
    band = band_of(plane, card)
    facing = (roll(mv.spin_facing_die) - hb.up) % 6
    turned = min((facing - plane.facing) % 6, (plane.facing - facing) % 6)
    dive = max(0, min(band.dive_ft, plane.altitude - mv.crash_altitude_ft)) // STEP_FT * STEP_FT
    speed = max(0, plane.speed - turned * mv.spin_turn_speed_loss + (card.dive_speed_gain(dive) or 0))
    altitude = plane.altitude - dive
    cube = cube_step(to_cube(plane.cell), plane.facing, plane.speed)
    carry = 0 if turned else (None if plane.carry is None else min(plane.carry + plane.speed, carry_cap(card)))
    out = replace(plane, cell=from_cube(cube), facing=facing, altitude=altitude, speed=speed, carry=carry,
                  carry_vertical="D" if carry else None, slow_climb_wait=max(0, plane.slow_climb_wait - 1),
                  maneuvers=(), spun=True)
    top = capability(plane, hb.rules).max_speed(card.band_for(altitude))
    return Spin(out, speed > top, altitude <= mv.crash_altitude_ft)


def stalled(plane: Plane, card: DataCard) -> bool:
    """True when the plane must spin this turn instead of writing a move."""
    return increment_of(plane, band_of(plane, flown_card(plane, card))) == "stall"


def collided(planes: Iterable[Plane]) -> set[str]:
    """Ids of the planes that end their movement in one hex at one altitude: all destroyed (§VIII)."""
    where: dict[tuple, list[str]] = {}
    for p in planes:
        if not p.destroyed:
            where.setdefault((p.cell, p.altitude), []).append(p.id)
    return {i for ids in where.values() if len(ids) > 1 for i in ids}
