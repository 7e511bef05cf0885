"""The basic game's turn as a generator (§V): Fire, Advantage, Writing, Status, Execution, Record.

Set-up first: each side writes, in secret, where its planes start (`af.place`); then the
altitudes are rolled as the scenario says (or chosen, `af.altitude`), then each side writes
its planes' starting speed and bank (`af.start`, secret), and all are placed at once.

Each turn:
1. Fire (§IX): every plane fires from where it stands, simultaneously (`fire.fire_phase`);
   hits are recorded after the last shot, destroyed planes are removed. A plane whose speed
   is now over its wing-reduced maximum, or at dive speed with two cockpit hits, is destroyed
   too (§VIII, Exceeding damaged characteristics).
2. Advantage (§V): planes with an enemy in their 12 o'clock arc within range and height hold
   it over one; the others write first (wave 1), they write after wave 1 has moved (wave 2).
   Not used with more than the rules' number of planes a side.
3. Writing: in each wave every side writes each plane's entry in secret (`af.plot`): a log code,
   or one of the legal end states. The codes stay in this generator's locals until the wave is
   complete; `game.state` (what bots read) never holds one, and the decisions are secret
   (`engine.core.sight` shows another side only that a choice was made). A stalled plane does
   not write (it spins); automatic units (the V-1s) fly straight at their speed.
4. Status (§VII) is what `flight.fly` returns: next turn's speed, altitude and bank.
5. Execution (§VIII): the wave's entries are revealed together (`af.reveal`), then every
   plane moves. After the last wave, collisions (same hex, same altitude: both destroyed) and
   the board limits: on a fixed board a plane off it is out of the game; on an endless one
   the sections are exchanged, which the engine does by shifting every plane by whole
   sections until all are on the board again (`af.shift`).
6. Record: the turn ends; the scenario's end and victory are checked.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator

from engine.core.board import cube_step, from_cube, to_cube
from engine.core.decisions import Action, Decision, IllegalAction
from engine.core.game import Game, Outcome, Rules

from ..kinds.scenario import Group, ValueSpec
from .capability import capability
from .clock import CLOCK, clock_of
from .codes import CodeError, format_entry, parse
from .fire import fire_phase
from .flight import IllegalMove, band_of, fly, route, spin, stalled
from .moves import Option, _Finisher, end_states, paths
from .remedies import remedy
from .state import BANKS, Plane
from .table import Table, Waiting

CODE_TEXT = re.compile(r"^[0-9A-Za-z.]+$")
ALTITUDE_STEP = 500  # a free starting altitude is offered in steps of this many feet (reading)


# --------------------------------------------------------------------------- events


def _shown(t: Table, p: Plane) -> dict:
    """A plane's state as the board and the log show it (all of it is on the log sheet the
    players may exchange, §VIII)."""
    card = t.card(p)
    return {"card": card.name, "altitude": p.altitude, "speed": p.speed, "bank": p.bank,
            "hits": {part: n for part, n in p.damage.hits}, "carry": p.carry}


def _place_event(game: Game, t: Table, p: Plane) -> None:
    game.emit("unit.placed", unit=p.id, side=p.side, unit_type=p.card, name=p.id, at=t.label(p),
              facing=p.facing, state=_shown(t, p))


def _remove(game: Game, t: Table, p: Plane, why: str, destroyed: bool = True) -> None:
    t.planes.pop(p.id, None)
    t.gone[p.id] = why
    (t.lost if destroyed else t.left).append(replace(p, destroyed=destroyed))
    game.emit("unit.removed", unit=p.id, box="destroyed" if destroyed else "out of the game", why=why)


# --------------------------------------------------------------------------- set-up


class PlaceDecision(Decision):
    """Where one plane starts: a hex of its group's area and a facing (written secretly when the
    scenario says so)."""

    def __init__(self, t: Table, w: Waiting, taken: set, secret: bool) -> None:
        self.t, self.w, self.taken = t, w, taken
        group = w.group
        area = _area(t, group)
        self.cells = area
        self.facings = [t.board.facing(group.facing)] if group.facing else list(range(6))
        where = "its area" if group.area.edges or group.area.hexes or group.area.sections else "any hex"
        super().__init__(w.side, "af.place", f"Write where {w.id} ({t.cards[w.card].name}) starts: a hex "
                         f"of {where} and a facing (compass direction)", None,
                         context={"plane": w.id}, secret=secret)

    def build(self) -> list[Action]:
        out = []
        for code, cell in self.cells.items():
            if cell in self.taken:
                continue
            for f in self.facings:
                d = self.t.board.direction(f)
                out.append({"type": "place", "plane": self.w.id, "at": code, "facing": d,
                            "label": f"{code} facing {d}"})
        return out

    def accept(self, action: Action) -> Action | None:
        if action.get("type") != "place" or action.get("plane") != self.w.id:
            return None
        code, d = str(action.get("at", "")).upper(), action.get("facing")
        cell = self.cells.get(code)
        if cell is None:
            raise IllegalAction(f"{code or '?'} is not a hex {self.w.id} may start in ({self.w.group.name})")
        if cell in self.taken:
            raise IllegalAction(f"{code}: a friendly plane already starts there")
        if not isinstance(d, int) or self.t.board.facing(d) not in self.facings:
            raise IllegalAction(f"facing {d!r}: give a compass direction "
                                f"{', '.join(str(self.t.board.direction(f)) for f in self.facings)}")
        return {"type": "place", "plane": self.w.id, "at": code, "facing": d, "label": f"{code} facing {d}"}


def _area(t: Table, group: Group) -> dict:
    from ..kinds.areas import area_hexes
    found = area_hexes(t.board, group, t.variant)
    if found is None:
        return {code: cell for code, _, _, cell in t.board.hexes()}
    return found


def _roll_spec(game: Game, spec: ValueSpec, t: Table, what: str, rolls: dict, key: str) -> int | None:
    """A rolled or fixed starting value; None when the owner chooses it."""
    if spec.mode == "fixed":
        return spec.value
    if spec.mode == "roll" and spec.roll is not None:
        if key not in rolls:
            total = sum(game.dice.roll(spec.roll.dice, f"{what} ({spec.text(getattr(spec.roll, 'unit', '') or '')})"))
            rolls[key] = spec.roll.value(total)
        return rolls[key]
    if spec.mode == "table" and spec.table:
        table = next(tb for tb in t.variant.tables if tb.id == spec.table)
        face = game.dice.one(table.die, f"{what} on the {table.name}")
        return int(table.cell(face, spec.column))
    return None


def _spec_key(spec: ValueSpec, w: Waiting) -> str:
    return {"all": "all", "side": w.side, "group": w.group.id}.get(spec.rolled_by, w.id)


def setup_play(game: Game, t: Table) -> Rules:
    todo: list[Waiting] = t.extra.pop("to_place")
    spots: dict[str, tuple] = {}
    for side in game.sides:
        taken: set = set()
        for w in (w for w in todo if w.side == side):
            action = yield PlaceDecision(t, w, taken, w.group.secret)
            cell = t.board.cell(action["at"])
            taken.add(cell)
            spots[w.id] = (cell, t.board.facing(action["facing"]))
    rolls: dict = {}
    altitudes: dict[str, int] = {}
    for w in todo:
        got = _roll_spec(game, w.group.altitude, t, f"starting altitude of {w.id}", rolls,
                         _spec_key(w.group.altitude, w))
        if got is None:
            action = yield AltitudeDecision(t, w)
            got = action["altitude"]
        altitudes[w.id] = got
    starts: dict[str, tuple[int, str]] = {}
    for w in todo:
        action = yield StartDecision(t, w, altitudes[w.id])
        starts[w.id] = (action["speed"], action["bank"])
    for w in todo:
        cell, facing = spots[w.id]
        speed, bank = starts[w.id]
        p = Plane(w.id, w.side, w.card, cell, facing, altitudes[w.id], speed, bank)
        t.planes[p.id] = p
        _place_event(game, t, p)
    for pid in sorted(_collided(t)):
        _remove(game, t, t.planes[pid], "collided at set-up (same hex, same altitude)")


class AltitudeDecision(Decision):
    def __init__(self, t: Table, w: Waiting) -> None:
        card = t.cards[w.card]
        self.w = w
        self.values = list(range(ALTITUDE_STEP * 2, card.ceiling_ft + 1, ALTITUDE_STEP))
        super().__init__(w.side, "af.altitude", f"Write the starting altitude of {w.id} ({card.name})",
                         None, context={"plane": w.id}, secret=w.group.secret)

    def build(self) -> list[Action]:
        return [{"type": "altitude", "plane": self.w.id, "altitude": a, "label": f"{a:,} ft"} for a in self.values]


class StartDecision(Decision):
    """Starting speed and bank (§II, Preparing the Log Sheet): any speed above stall speed up to the
    maximum dive speed at the starting altitude, and any bank."""

    def __init__(self, t: Table, w: Waiting, altitude: int) -> None:
        card = t.cards[w.card]
        band = card.band_for(altitude)
        tops = band.speeds.tops()
        spec = w.group.speed
        allowed = spec.choices() if spec.mode in ("fixed", "range") else None
        self.w = w
        self.speeds = [s for s in range(tops.get("stall", 0) + 1, band.speeds.dive + 1)
                       if allowed is None or s in allowed] or [band.speeds.dive]
        self.banks = [w.group.bank] if w.group.bank else list(BANKS)
        self.tops = tops
        super().__init__(w.side, "af.start", f"Write the starting speed and bank of {w.id} ({card.name}) at "
                         f"{altitude:,} ft (speeds by increment: "
                         + ", ".join(f"{k} to {v}" for k, v in tops.items()) + ")",
                         None, context={"plane": w.id}, secret=w.group.secret)

    def build(self) -> list[Action]:
        return [{"type": "start", "plane": self.w.id, "speed": s, "bank": b, "label": f"speed {s}, bank {b}"}
                for s in self.speeds for b in self.banks]


# --------------------------------------------------------------------------- the turn


def play(game: Game) -> Rules:
    t: Table = game.state
    yield from setup_play(game, t)
    while t.ended is None:
        t.turn += 1
        t.moved = set()
        game.emit("af.turn", turn=t.turn)
        enter(game, t)
        fire(game, t)
        if check_end(t, before_move=True):
            break
        waves = advantage(game, t)
        for wave in waves:
            plots = yield from writing(game, t, wave)
            execute(game, t, wave, plots)
        for pid in sorted(_collided(t)):
            _remove(game, t, t.planes[pid], "mid-air collision: same hex, same altitude (§VIII)")
        limits(game, t)
        game.emit("summary", text=_summary(t))
        check_end(t)
    return outcome(game, t)


def _summary(t: Table) -> str:
    sides = sorted({s.id for s in t.variant.sides})
    planes = "; ".join(f"{p.id} {t.label(p)} {p.altitude:,} ft speed {p.speed}" for p in t.planes.values())
    return (f"Turn {t.turn}: " + ", ".join(f"{s} {t.kills(s)} kill(s) {t.vp(s)} VP" for s in sides)
            + (f". {planes}" if planes else ""))


def enter(game: Game, t: Table) -> None:
    """Planes entering this turn (§XXI: the V-1s on turns 1, 4, 7, the hex by the appearance table)."""
    for w in list(t.waiting):
        entry = w.group.entry
        if entry is None or t.turn not in entry.turns:
            continue
        k = entry.turns.index(t.turn)
        if sum(1 for x in t.waiting if x.group is w.group) != len(entry.turns) - k:
            continue  # one unit per entry turn, in order
        hexes = t.entry_hexes[w.group.id]
        code = hexes[0]
        if entry.hex_table:
            table = next(tb for tb in t.variant.tables if tb.id == entry.hex_table)
            face = game.dice.one(table.die, f"{w.id}: {table.name}, turn {t.turn}")
            got = str(table.cell(face, table.columns[min(k, len(table.columns) - 1)].key))
            # 'lowest' / 'highest' / 'remaining': of the hexes not yet used, in the order the
            # set-up lists them (reading: the print's "hex with the lowest number")
            code = {"lowest": hexes[0], "highest": hexes[-1], "remaining": hexes[0]}.get(got, got)
            if code not in hexes:
                code = hexes[0]
        hexes.remove(code)
        rolls: dict = {}
        altitude = _roll_spec(game, w.group.altitude, t, f"altitude of {w.id}", rolls, "a") or 0
        speed = _roll_spec(game, w.group.speed, t, f"speed of {w.id}", rolls, "s") or 0
        facing = t.board.facing(w.group.facing) if w.group.facing else 0
        p = Plane(w.id, w.side, w.card, t.board.cell(code), facing, altitude, speed)
        t.waiting.remove(w)
        t.planes[p.id] = p
        _place_event(game, t, p)
        game.emit("af.entered", plane=p.id, at=code, turn=t.turn, speed=speed, altitude=altitude)


def fire(game: Game, t: Table) -> None:
    planes = list(t.planes.values())
    if not planes:
        return
    phase = fire_phase(t.gunnery, planes, lambda die, why: game.dice.one(die, why))
    for shot, recorded in zip(phase.shots, phase.recorded):
        a = shot.aim
        read = "no effect" if a.read is None else f"column {a.read}, roll {shot.roll}: {shot.hits or 'no hits'}"
        game.emit("af.shot", firer=a.firer, target=a.target, column=a.column, read=a.read, roll=shot.roll,
                  hits=shot.hits, recorded=recorded, text=shot.explain(), range=a.range,
                  arc={"degrees": 360 // len(CLOCK), "reach": a.hexes}, brief=f"range {a.range}, {read}")
    for p in phase.planes:
        before = t.planes[p.id]
        t.planes[p.id] = p
        if p.damage != before.damage:
            game.emit("unit.changed", unit=p.id, state={"hits": {part: n for part, n in p.damage.hits}})
    for pid, failures in phase.destroyed:
        _remove(game, t, t.planes[pid], "shot down: " + ", ".join(str(f) for f in failures) + " (§IX)")
    for p in list(t.planes.values()):  # §VIII: exceeding damaged characteristics
        if p.side in t.automatic:
            continue
        card = t.card(p)
        band = card.band_for(p.altitude)
        cap = capability(p, t.hb.rules)
        if band is not None and p.speed > cap.max_speed(band):
            _remove(game, t, p, f"speed {p.speed} over its maximum dive speed {cap.max_speed(band)} as its wing "
                    "hits reduce it: it breaks up (§VIII, Exceeding damaged characteristics)")
        elif band is not None and cap.dive_speed_barred and band.speeds.increment(p.speed) == "dive":
            _remove(game, t, p, f"at dive speed with {cap.cockpit_hits} cockpit hits (§VIII, Exceeding damaged "
                    "characteristics)")


def advantage(game: Game, t: Table) -> list[list[str]]:
    """The writing waves (§V Determination of Advantage): the planes without the advantage, then
    those with it. Reading: a neutral plane writes with the disadvantaged; the advantage is always
    taken (writing second never hurts); each enemy is disadvantaged by one plane only, the
    nearest holder by id order taking it."""
    rule = t.hb.rules.advantage
    ids = sorted(t.planes)
    sides = {s.id for s in t.variant.sides}
    t.advantage = {}
    if not ids or any(len(t.live(s)) > rule.max_planes_per_side for s in sides):
        return [ids]
    edges = t.hb.rules.fire.arc_edges.lines_30
    over: dict[str, list[tuple[int, str]]] = {}
    for a in ids:
        pa = t.planes[a]
        if pa.side in t.automatic:
            continue
        ca = to_cube(pa.cell)
        for b in ids:
            pb = t.planes[b]
            if pb.side == pa.side:
                continue
            cb = to_cube(pb.cell)
            off = (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2])
            dist = max(abs(off[0]), abs(off[1]), abs(off[2]))
            if 0 < dist <= rule.max_range_hexes and pb.altitude - pa.altitude <= rule.max_height_above_ft \
                    and clock_of(off, pa.facing, edges) == 12:
                over.setdefault(a, []).append((dist, b))
    mutual = {a for a, bs in over.items() for _, b in bs if any(x == a for _, x in over.get(b, []))}
    threatened = {b for bs in over.values() for _, b in bs}
    holders: dict[str, str] = {}
    taken: set[str] = set()
    for a in ids:
        if a not in over or a in threatened:  # disadvantaged planes cannot hold it
            continue
        for _, b in sorted(over[a]):
            if b not in taken and not (a in mutual and any(x == a for _, x in over.get(b, []))):
                holders[a] = b
                taken.add(b)
                break
    t.advantage = holders
    if not holders:
        return [ids]
    game.emit("af.advantage", holders=holders,
              text="; ".join(f"{a} has the advantage over {b}: {b} writes and moves first" for a, b in holders.items()))
    return [[i for i in ids if i not in holders], sorted(holders)]


class PlotDecision(Decision):
    """One plane's entry for this turn, written secretly (§V Step 3, §VI).

    An option per legal end state (`moves.end_states`), labelled by its log code; any code may be
    given instead (`{"type": "plot", "plane": id, "code": "2TR2PD1.1"}`): it is checked by
    `flight.fly` and refused with the step and the rule. Options are built only when asked for:
    an agile fighter has tens of thousands.
    """

    def __init__(self, t: Table, plane: Plane) -> None:
        self.t, self.plane = t, plane
        card = t.card(plane)
        self.card = card
        band = band_of(plane, card)
        inc = band.speeds.increment(plane.speed) or "over"
        carry = "any number of" if plane.carry is None else str(plane.carry)
        self.help = ("  a log code (§VI): hexes and maneuvers (R L turn, S T slip, V half-loop, H E half-roll, "
                     "B N bank), then P (power) or K (brake), then C or D with the altitude change, e.g. "
                     "2TR2PD1.1; it must spend exactly the plane's speed. Digits alone pick an option by its number: "
                     "write a straight-only code after '=' (=5).")
        super().__init__(plane.side, "af.plot",
                         f"Write the move of {plane.id} ({card.name}) at {t.label(plane)} facing "
                         f"{t.board.direction(plane.facing)}, {plane.altitude:,} ft, speed {plane.speed} "
                         f"({inc}), bank {plane.bank}, {carry} straight hexes carried: a log code or an end state",
                         None, context={"plane": plane.id, "turn": t.turn}, secret=True)
        self._moves: list | None = None

    def moves(self) -> list:
        """Every movement half (`moves.paths`): what the bots choose from, far fewer than the end
        states; `tails(path)` gives a path's legal Power, Brake and altitude endings."""
        if self._moves is None:
            self._finisher = _Finisher(self.plane, self.card, self.t.hb)
            self._moves = paths(self.plane, self.card, self.t.hb)
        return self._moves

    def tails(self, path) -> list:
        """[(status, tail entry)] of one path, worked out once per kind of path."""
        self.moves()
        return self._finisher(path.leg)

    def any_legal(self) -> bool:
        return any(self.tails(path) for path in self.moves())

    def end_states(self) -> list[Option]:
        return end_states(self.plane, self.card, self.t.hb)

    def build(self) -> list[Action]:
        pid = self.plane.id
        ends = self.end_states()
        self._by_code = {o.code: o for o in ends}
        return [{"type": "plot", "plane": pid, "code": code, "label": code} for code in self._by_code]

    def flown(self, code: str) -> Plane:
        """The plane as the code leaves it (an offered end state is looked up, not flown again)."""
        found = getattr(self, "_by_code", {}).get(code) if isinstance(code, str) else None
        if found is not None:
            return found.plane
        return fly(self.plane, code, self.card, self.t.hb)

    def accept(self, action: Action) -> Action | None:
        if action.get("type") != "plot" or action.get("plane") != self.plane.id or "code" not in action:
            return None
        code = action["code"]
        try:
            entry = parse(str(code), self.t.hb.letters)
            self.flown(entry)
        except (CodeError, IllegalMove) as exc:
            raise IllegalAction(str(exc)) from None
        text = format_entry(entry)
        return {"type": "plot", "plane": self.plane.id, "code": text, "label": text}

    def typed(self, line: str) -> Action | None:
        """What a person's typed text stands for: a log code. Digits alone are an option's number at
        the prompt, so a straight-only code is typed after '=' ('=5')."""
        code = line[1:].strip() if line.startswith("=") else line
        if CODE_TEXT.match(code) and (line.startswith("=") or not code.isdigit()):
            return {"type": "plot", "plane": self.plane.id, "code": code}
        return None


def writing(game: Game, t: Table, wave: list[str]) -> Iterator:
    """Every plane of the wave writes its entry, side by side, in secret; returns {plane: code}."""
    plots: dict[str, str] = {}
    for side in game.sides:
        for pid in wave:
            p = t.planes.get(pid)
            if p is None or p.side != side:
                continue
            if side in t.automatic:
                plots[pid] = str(p.speed)  # straight on, steady course (§XXI)
            elif stalled(p, t.card(p)):
                plots[pid] = "SPIN"
            else:
                decision = PlotDecision(t, p)
                if not decision.any_legal():
                    plots[pid] = str(p.speed)  # nothing legal: the remedies mend a straight entry
                    continue
                action = yield decision
                plots[pid] = action["code"]
    return plots


def execute(game: Game, t: Table, wave: list[str], plots: dict[str, str]) -> None:
    """The reveal, then the wave's planes move as written (§VIII)."""
    if not plots:
        return
    game.emit("af.reveal", turn=t.turn, plots=dict(sorted(plots.items())))
    for pid, code in sorted(plots.items()):
        p = t.planes[pid]
        card = t.card(p)
        note = ""
        if p.side in t.automatic:
            new = replace(p, cell=from_cube(cube_step(to_cube(p.cell), p.facing, p.speed)), maneuvers=())
        elif code == "SPIN":
            result = spin(p, card, t.hb, lambda die: game.dice.one(die, f"{pid} spins: its new facing"))
            new = result.plane
            if result.broke_up or result.crashed:
                _move_event(game, t, p, new, code, fate="broke up" if result.broke_up else "crashed")
                _remove(game, t, new, "spun " + ("past its maximum dive speed: it breaks up" if result.broke_up
                                                  else "into the ground") + " (§VI, Stall Speed)")
                t.moved.add(pid)
                continue
        else:
            try:
                new = fly(p, code, card, t.hb)
            except IllegalMove:
                mended = remedy(p, parse(code, t.hb.letters), card, t.hb)
                note = ", ".join(mended.applied)
                if mended.plane is None:
                    _remove(game, t, p, f"its entry '{code}' cannot be flown: {note} (§VIII)")
                    continue
                new = mended.plane
                code = format_entry(mended.entry)
        t.planes[pid] = new
        t.moved.add(pid)
        _move_event(game, t, p, new, code, note)


def _move_event(game: Game, t: Table, before: Plane, p: Plane, code: str, note: str = "", fate: str = "") -> None:
    extra = {**({"remedied": note} if note else {}), **({"fate": fate} if fate else {})}
    game.emit("af.moved", plane=p.id, code=code, **extra,
              start=t.label(before), end=t.grid.label(p.cell), facing=t.board.direction(p.facing),
              altitude=p.altitude, speed=p.speed, bank=p.bank)
    game.emit("unit.moved", unit=p.id, to=t.grid.label(p.cell), facing=p.facing, path=_path(t, before, code))
    game.emit("unit.changed", unit=p.id, state={"altitude": p.altitude, "speed": p.speed, "bank": p.bank,
                                                "carry": p.carry})


def _path(t: Table, before: Plane, code: str) -> list[str]:
    """The hexes on the board a flown entry passed through (the views glide the plane along them)."""
    if code == "SPIN":
        return []
    return [t.grid.label(c) for c in route(before, parse(code, t.hb.letters), t.hb) if t.grid.contains(c)]


def _collided(t: Table) -> set[str]:
    where: dict[tuple, list[str]] = {}
    for p in t.planes.values():
        where.setdefault((p.cell, p.altitude), []).append(p.id)
    return {i for ids in where.values() if len(ids) > 1 for i in ids}


def limits(game: Game, t: Table) -> None:
    """Board limits (§VI, Scenario Format). Off a fixed board a plane is out. An endless board
    ("placing an unused map section on whichever side is needed") is played by moving the board
    under the planes: every plane is shifted by the fewest whole hexes (columns two at a time,
    which keeps the grid's shape) that bring them all back on, the spread centred. Only relative
    positions matter in the air; the hex codes are labels. A plane that still cannot be kept on
    the board with the rest (they are more than a board apart) has left the fight: it is out,
    not shot down (reading)."""
    off = [p for p in t.planes.values() if not t.grid.contains(p.cell)]
    if not off:
        return
    if not t.endless:
        for p in off:
            _remove(game, t, p, "flew off the board: the sections are fixed, so it is out (§XXI)", destroyed=False)
        return
    w, h = t.board.width, t.board.height
    cells = [p.cell for p in t.planes.values()]
    best = None
    for dx in range(-w - (w % 2), w + 1, 2):
        xs = [c[0] + dx for c in cells]
        on_x = sum(1 for x in xs if 0 <= x < w)
        if best is not None and on_x < -best[0][0]:
            continue
        for dy in range(-h, h + 1):
            on = sum(1 for c in cells if 0 <= c[0] + dx < w and 0 <= c[1] + dy < h)
            ys = [c[1] + dy for c in cells]
            centre = abs((min(xs) + max(xs)) / 2 - (w - 1) / 2) + abs((min(ys) + max(ys)) / 2 - (h - 1) / 2)
            key = (-on, round(centre, 3), abs(dx) + abs(dy), dx, dy)
            if best is None or key < best[0]:
                best = (key, dx, dy)
    _, dx, dy = best
    game.emit("af.shift", columns=dx, rows=dy,
              text=f"the board follows the planes: every plane shifted {dx} column(s), {dy} row(s) "
                   "(§VI Board Limits, an endless board)")
    for p in list(t.planes.values()):
        moved = replace(p, cell=(p.cell[0] + dx, p.cell[1] + dy))
        t.planes[p.id] = moved
        if t.grid.contains(moved.cell):
            game.emit("unit.moved", unit=p.id, to=t.label(moved), facing=p.facing)
        else:
            _remove(game, t, moved, "too far from the fight to keep on the board: out of the game", destroyed=False)


# --------------------------------------------------------------------------- the end


def _gone(t: Table, groups: list[str]) -> bool:
    return all(t.group_of.get(p.id) not in groups for p in t.planes.values()) and \
        all(w.group.id not in groups for w in t.waiting)


def check_end(t: Table, before_move: bool = False) -> bool:
    v = t.variant.victory
    for end in v.ends:
        if end.type == "groups_gone" and _gone(t, end.groups):
            t.ended = "the " + ", ".join(end.groups) + " are gone"
    players = [s.id for s in t.variant.sides if not s.automatic]
    for s in players:
        if not t.live(s) and not any(w.side == s for w in t.waiting):
            t.ended = t.ended or f"{s} has no plane left in the fight"
    if not before_move and t.max_turns is not None and t.turn >= t.max_turns:
        t.ended = t.ended or f"{t.max_turns} turns played"
    return t.ended is not None


def outcome(game: Game, t: Table) -> Outcome:
    v = t.variant.victory
    win = v.win
    sides = [s.id for s in t.variant.sides]
    kills = {s: t.kills(s) for s in sides}
    vp = {s: t.vp(s) for s in sides}
    winner: str | None = None
    if win.type == "destroy_all":
        group = win.group
        destroyed = [p for p in t.lost if t.group_of.get(p.id) == group]
        total = sum(1 for g in t.group_of.values() if g == group)
        if len(destroyed) == total:
            winner, why = win.side, f"all {total} of the {group} destroyed"
        else:
            winner, why = win.otherwise, f"{len(destroyed)} of {total} {group} destroyed; the rest got away"
        score = {s: float(len(destroyed)) if s == win.side else float(total - len(destroyed)) for s in sides}
    else:
        ranked = sorted(sides, key=lambda s: (kills[s], vp[s]) if win.type == "most_kills" else (vp[s],), reverse=True)
        first, second = ranked[0], ranked[1] if len(ranked) > 1 else None
        key = (lambda s: (kills[s], vp[s])) if win.type == "most_kills" else (lambda s: (vp[s],))
        if second is None or key(first) != key(second):
            winner = first
        why = ", ".join(f"{s} {kills[s]} kill(s), {vp[s]} VP" for s in sides)
        score = {s: float(kills[s] * 1000 + vp[s]) if win.type == "most_kills" else float(vp[s]) for s in sides}
    result = f"{winner} win" if winner else "draw"
    game.emit("summary", text=f"Game over after turn {t.turn} ({t.ended}): {result}; {why}")
    return Outcome(winner, result, score, t.turn, {"why": why, "kills": kills, "vp": vp, "ended": t.ended})


# --------------------------------------------------------------------------- hooks for views


def option_note(game: Game, decision, option: dict) -> str:
    if not isinstance(decision, PlotDecision) or option.get("type") != "plot":
        return ""
    try:
        p = decision.flown(option["code"])
    except (CodeError, IllegalMove):
        return ""
    t = decision.t
    return (f"ends {t.grid.label(p.cell)} facing {t.board.direction(p.facing)}, bank {p.bank}, {p.altitude:,} ft; "
            f"next turn's speed {p.speed}")


def option_place(game: Game, decision, option: dict) -> dict | None:
    if isinstance(decision, PlotDecision) and option.get("type") == "plot":
        try:
            p = decision.flown(option["code"])
        except (CodeError, IllegalMove):
            return None
        return {"to": decision.t.grid.label(p.cell), "facing": p.facing, "altitude": p.altitude}
    if option.get("type") == "place":
        return {"to": option["at"], "facing": game.state.board.facing(option["facing"])}
    return None


def option_route(game: Game, decision, option: dict) -> tuple[list[str], str] | None:
    """The hexes a plot flies through from the plane's hex, and why it may not be written ('' when
    it may): the board draws it while a person looks it over."""
    if not isinstance(decision, PlotDecision) or option.get("type") != "plot":
        return None
    t = decision.t
    try:
        entry = parse(str(option.get("code", "")), t.hb.letters)
    except CodeError as exc:
        return None if not str(option.get("code", "")) else ([t.label(decision.plane)], str(exc))
    problem = ""
    try:
        decision.flown(format_entry(entry))
    except IllegalMove as exc:
        problem = str(exc)
    cells = [decision.plane.cell, *route(decision.plane, entry, t.hb)]
    return [t.grid.label(c) for c in cells if t.grid.contains(c)], problem
