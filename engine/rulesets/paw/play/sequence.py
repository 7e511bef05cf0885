"""The Pocket Air War rules engine: rounds of Movement and Combat on a free mat.

A round: submarines roll to dive; initiative (least Energy, lowest Altitude, larger
faction, lowest d20; a tailer moves right after its prey); each plane in turn sets its
Energy (`paw.energy`), stalls or flies maneuvers until every movement point is spent
(`paw.maneuver`, see `flight`), may drop bombs on what a level flight or a dive crossed
(`paw.bomb`) and release a torpedo after a whole level round at Low (`paw.torpedo`);
with Time Freeze on, a side may freeze a plane that has not moved (`paw.time_freeze`):
the planes within a Dashboard fly step by step along the impulse table and fire between
impulses. Then ground targets move (`paw.ground_move`), planes overlapping at one
altitude collide. Combat: (1) Flak Barrage/CPF attacks and AAA (`paw.aaa`); (2) guns,
gunners and rockets (`paw.attack`, one weapon at a time until `hold`); (3) torpedoes
run a step and Flak is placed, moved or removed (`paw.flak`). Each subphase is declared
in full, then rolled, then applied.

Events: standard unit events (planes, targets, torpedoes and Flak markers with `pos` and
`heading`; `unit.changed` carries `altitude`, `energy`, `damaged`, `hearts`, `loadout`),
and `round.start`, `paw.initiative`, `paw.energy`, `paw.stall`, `paw.maneuver`,
`paw.attack` (roll, modifiers, threshold, result), `paw.damage_marker`, `paw.torpedo`,
`paw.flak`, `paw.collision`, `paw.time_freeze`, `paw.impulse`, `summary`.

The solo AI (`solo_ai`) flies the planes a scenario marks `ai: true` and every plane of a
side that answers `paw.pilots` (asked once, before the first round) with the solo AI;
`paw.ai` says why each of its planes flies what it flies.

The rulebook sets no round limit; a scenario's `round_limit` ends the game, and without
one the engine stops after `DEFAULT_ROUND_CAP` rounds and judges the position as it is.
"""

from __future__ import annotations

from engine.core.decisions import Decision

from . import combat, damage
from .flight import (energy_options, ground_letters, ground_step, initiative, maneuver_options,
                     mp_cost, primitives, stall_outcome, step)
from .geometry import forward, inside
from .state import LETTERS, Plane, State, Torpedo
from .victory import outcome, over

DEFAULT_ROUND_CAP = 40


class Play:
    def __init__(self, game) -> None:
        self.game = game
        self.s: State = game.state
        self.notes: list[str] = []
        self.order: list[Plane] = []

    # ------------------------------------------------------------------ the game
    def run(self):
        s, g = self.s, self.game
        self.place_all()
        cap = s.scenario.round_limit or DEFAULT_ROUND_CAP
        while True:
            s.round += 1
            g.emit("round.start", round=s.round)
            self.notes = []
            for p in s.flying():
                self.reset(p)
            self.submarines()
            self.order = initiative(s, lambda p: g.dice.one("d20", f"initiative tie-break for "
                                                           f"{p.id}", plane=p.id))
            g.emit("paw.initiative", round=s.round, order=[p.id for p in self.order])
            for plane in self.order:
                if plane.moved or not plane.flying:
                    continue
                if s.options["time_freeze"]:
                    yield from self.maybe_freeze(plane)
                    if plane.moved:
                        continue
                yield from self.begin(plane)
                yield from self.fly(plane)
                yield from self.end(plane)
            yield from self.ground_movement()
            self.collisions()
            yield from self.combat()
            counts = ", ".join(f"{side} {len(s.flying(side))} plane(s)" for side in s.sides())
            g.emit("summary", text=f"Round {s.round}: " + ("; ".join(self.notes) or "no losses")
                   + f" [{counts}]")
            if over(s, cap):
                return outcome(s)

    def place_all(self) -> None:
        s, g = self.s, self.game
        for p in s.planes.values():
            g.emit("unit.placed", unit=p.id, side=p.side, unit_type=p.dash.id,
                   **s.pose_event(p.flight.pose),
                   state={"altitude": s.alt_name(p.flight.alt), "energy": p.flight.energy,
                          "damaged": p.damaged, "loadout": p.loadout})
        for t in s.targets.values():
            g.emit("unit.placed", unit=t.id, side=t.side, unit_type=t.unit.id,
                   **s.pose_event(t.pose), state={})

    def reset(self, p: Plane) -> None:
        fl = p.flight
        p.moved = p.stalled = p.fired_upon = False
        p.fired = set()
        p.allowance = 0
        fl.mp, fl.lay, fl.prev_run = 0, ("none", 0), 0
        fl.path = [(fl.pose[0], fl.pose[1], fl.alt)]
        fl.descended = fl.climbed = False
        fl.level_only, fl.low_throughout = True, fl.alt == 0

    # ------------------------------------------------------------------ a plane's round
    def begin(self, plane: Plane):
        s, g, fl = self.s, self.game, plane.flight
        plane.moved = True
        opts = energy_options(s, plane)
        if len(opts) == 1:
            action = opts[0]
        else:
            action = yield Decision(
                plane.side, "paw.energy",
                f"Round {s.round}: {plane.id} ({plane.dash.name}) has {fl.energy} Energy at "
                f"{s.alt_name(fl.alt)}; set its Energy before moving", opts,
                context=self.context(plane), explain=lambda a: self.explain_energy(plane, a))
        before, fl.energy = fl.energy, action["to"]
        plane.must_stall = False
        g.emit("paw.energy", plane=plane.id, before=before, energy=fl.energy,
               allowance=fl.energy)
        if fl.energy == 0:
            self.stall(plane)
            return
        plane.allowance = fl.mp = fl.energy

    def stall(self, plane: Plane) -> None:
        s, g, fl = self.s, self.game, plane.flight
        plane.stalled = True
        if stall_outcome(s, plane) == "crash":
            g.emit("paw.stall", plane=plane.id, result="crash")
            damage.destroy(s, g, plane, "stall", [])
            self.notes.append(f"{plane.id} stalled and crashed")
            return
        fl.alt -= 1
        fl.energy = s.max_energy(plane) // s.tables.rules.damage.stall_energy_divisor
        g.emit("paw.stall", plane=plane.id, result="drop", altitude=s.alt_name(fl.alt),
               energy=fl.energy)
        g.emit("unit.changed", unit=plane.id,
               state={"altitude": s.alt_name(fl.alt), "energy": fl.energy})
        self.notes.append(f"{plane.id} stalled to {s.alt_name(fl.alt)}")

    def fly(self, plane: Plane, single_step: bool = False):
        fl = plane.flight
        while fl.mp > 0 and plane.flying and not plane.stalled:
            opts = maneuver_options(self.s, plane, single_step)
            action = yield Decision(
                plane.side, "paw.maneuver",
                f"{plane.id}: {fl.mp} movement point(s) left, {fl.energy} Energy, "
                f"{self.s.alt_name(fl.alt)}", opts, context=self.context(plane),
                explain=lambda a: self.explain_maneuver(plane, a))
            yield from self.execute(plane, action)
            if single_step:
                return

    def execute(self, plane: Plane, action: dict):
        s, g, fl = self.s, self.game, plane.flight
        start = len(fl.path) - 1
        before_e, before_alt = fl.energy, fl.alt
        for prim in primitives(action):
            step(s, plane, fl, prim)
            if fl.exited:
                break
        path = fl.path[start:]
        params = {k: v for k, v in action.items() if k not in ("type", "plane", "label")}
        g.emit("paw.maneuver", plane=plane.id, maneuver=action["type"], **params,
               energy_before=before_e, energy=fl.energy, mp=fl.mp,
               altitude=s.alt_name(fl.alt))
        g.emit("unit.moved", unit=plane.id, **s.pose_event(fl.pose),
               path=[[round(x, 2), round(y, 2)] for x, y, _ in path])
        if fl.energy != before_e or fl.alt != before_alt:
            g.emit("unit.changed", unit=plane.id,
                   state={"energy": fl.energy, "altitude": s.alt_name(fl.alt)})
        if fl.exited:
            plane.status, plane.exit_edge = "exited", fl.exited
            g.emit("unit.removed", unit=plane.id, box="exited", edge=fl.exited,
                   destroyed=False)
            self.notes.append(f"{plane.id} left the mat ({fl.exited} edge)")
            return
        targets = combat.bomb_targets(s, plane, action["type"], path)
        if targets:
            dive = action["type"] == "descent"
            opts = [{"type": "bomb", "plane": plane.id, "target": t.id,
                     "label": f"{plane.id}: {'dive ' if dive else ''}bomb {t.id}"}
                    for t in targets]
            opts.append({"type": "hold", "plane": plane.id, "label": f"{plane.id}: keep bombs"})
            choice = yield Decision(plane.side, "paw.bomb", f"{plane.id} crossed "
                                    f"{', '.join(t.id for t in targets)}: drop bombs?", opts,
                                    context=self.context(plane))
            if choice["type"] == "bomb":
                t = s.targets[choice["target"]]
                result = combat.resolve_bombs(s, g.dice, plane, t, dive)
                plane.loadout = "none"
                g.emit("paw.attack", plane=plane.id, weapon="bombs", target=t.id, **result)
                g.emit("unit.changed", unit=plane.id, state={"loadout": "none"})
                if result["hit"] and damage.hit_target(s, g, t.id, plane.id):
                    self.notes.append(f"{plane.id} bombed {t.id}")

    def end(self, plane: Plane):
        s, g, fl = self.s, self.game, plane.flight
        if not plane.flying:
            return
        if combat.torpedo_ready(s, plane):
            opts = [{"type": "torpedo", "plane": plane.id, "label": f"{plane.id}: release torpedo"},
                    {"type": "hold", "plane": plane.id, "label": f"{plane.id}: keep torpedo"}]
            choice = yield Decision(plane.side, "paw.torpedo", f"{plane.id} flew its whole "
                                    "allowance level at Low: release a torpedo?", opts,
                                    context=self.context(plane))
            if choice["type"] == "torpedo":
                self.release(plane)
        if plane.leave_high_by and s.round >= plane.leave_high_by and not plane.stalled:
            plane.leave_high_by = 0
            high = s.high_index()
            if high is not None and fl.alt >= high:
                before, fl.energy = fl.energy, 0
                plane.must_stall = True  # "it will lose all its Energy and stall"
                g.emit("paw.energy", plane=plane.id, before=before, energy=0,
                       reason="damaged plane still at High Altitude")
                g.emit("unit.changed", unit=plane.id, state={"energy": 0})

    def release(self, plane: Plane) -> None:
        s, g = self.s, self.game
        pose = forward(plane.flight.pose, s.length * 0.75)
        plane.torpedoes -= 1
        if plane.torpedoes == 0:
            plane.loadout = "none"
            g.emit("unit.changed", unit=plane.id, state={"loadout": "none"})
        under = [t for t in combat.ships_under(s, pose) if t.side != plane.side]
        tid = f"torpedo-{s.next_torpedo}"
        s.next_torpedo += 1
        if under:
            g.emit("paw.torpedo", plane=plane.id, torpedo=tid, result="not armed",
                   ship=under[0].id)
            return
        hit = plane.dash.torpedoes.hit
        s.torpedoes.append(Torpedo(tid, plane.side, plane.id, hit, pose))
        g.emit("unit.placed", unit=tid, side=plane.side, unit_type="torpedo",
               **s.pose_event(pose), state={"by": plane.id})
        g.emit("paw.torpedo", plane=plane.id, torpedo=tid, result="released")

    # ------------------------------------------------------------------ Time Freeze
    def freeze_group(self, plane: Plane) -> list[Plane]:
        """The planes a Time Freeze for `plane` takes along: every unmoved plane within one
        Dashboard of it or of a plane already taken."""
        s = self.s
        reach = s.tables.rules.time_freeze_reach * s.tables.rules.components.dashboard_length_mm
        unmoved = [p for p in s.flying() if not p.moved]
        group = [plane]
        for p in group:
            for q in unmoved:
                if q not in group and _dist(p, q) <= reach:
                    group.append(q)
        return group

    def may_freeze(self, plane: Plane) -> bool:
        """Whether a player may call a Time Freeze for the plane (the solo AI never does)."""
        return True

    def maybe_freeze(self, plane: Plane):
        """Before `plane` moves, each side (its own first) may call a Time Freeze for one of
        its unmoved planes ("any player ... for one of their planes, provided the plane hasn't
        moved yet") whose freeze would take `plane` along and an enemy: the planes of the
        group `plane` is in, which a freeze for any of them takes along."""
        s = self.s
        if s.tables.freeze is None:
            return
        group = self.freeze_group(plane)
        if len({p.side for p in group}) < 2:
            return
        for side in [plane.side] + [x for x in s.sides() if x != plane.side]:
            opts = [{"type": "freeze", "plane": q.id,
                     "label": f"Time Freeze around {q.id} ({len(group)} planes)"}
                    for q in self.order if q in group and q.side == side and self.may_freeze(q)]
            if not opts:
                continue
            opts.append({"type": "no_freeze", "plane": plane.id, "label": "no Time Freeze"})
            choice = yield Decision(side, "paw.time_freeze", f"Call a Time Freeze before "
                                    f"{plane.id} moves?", opts, context=self.context(plane))
            if choice["type"] == "freeze":
                yield from self.freeze(s.planes[choice["plane"]])
                return

    def freeze(self, plane: Plane):
        """A Time Freeze called for `plane`: its group flies step by step along the impulse
        table and may fire after each impulse, then finishes its movement as usual."""
        s, g = self.s, self.game
        group = self.freeze_group(plane)
        ordered = [p for p in self.order if p in group]
        g.emit("paw.time_freeze", plane=plane.id, participants=[p.id for p in ordered])
        for p in ordered:
            yield from self.begin(p)
        active = [p for p in ordered if p.flying and not p.stalled]
        table = s.tables.freeze
        rows = {r.energy: r for r in table.rows}
        for col, impulse in enumerate(table.impulses):
            if len({p.side for p in active if p.flying}) < 2:
                break
            movers = []
            for p in active:
                row = rows.get(min(p.allowance, max(rows)))
                if p.flying and p.flight.mp > 0 and row and row.steps[col] is not None:
                    movers.append(p)
            for p in movers:
                yield from self.fly(p, single_step=True)
            g.emit("paw.impulse", impulse=impulse, moved=[p.id for p in movers])
            batch: list[dict] = []
            for p in active:
                if p.flying:
                    yield from self.declare(p, batch)
            self.resolve(batch)
        for p in active:
            if p.flying and p.flight.mp > 0:
                yield from self.fly(p)
        for p in ordered:
            yield from self.end(p)

    # ------------------------------------------------------------------ end of movement
    def submarines(self) -> None:
        s, g = self.s, self.game
        for t in s.targets.values():
            if not t.alive or t.unit.flip_side is None:
                continue
            threshold = max(1, 20 - (s.round - 1))
            r = g.dice.one("d20", f"{t.id} dives?", target=t.id, threshold=threshold)
            if r < threshold:
                continue
            if t.flipped_turns == 0:
                t.flipped_turns = 1
                t.unit = self.game.content.get("paw.ground_target", t.unit.flip_side)
                g.emit("unit.changed", unit=t.id, state={"side": t.unit.id})
                self.notes.append(f"{t.id} dived to periscope depth")
            else:
                t.status = "escaped"
                g.emit("unit.removed", unit=t.id, box="escaped", destroyed=False)
                self.notes.append(f"{t.id} dived away")

    def ground_movement(self):
        s, g = self.s, self.game
        forced = bool(s.target_type and s.target_type.setup.moves_toward_opposite_edge)
        for side in s.sides():
            for t in sorted((t for t in s.targets.values() if t.side == side and t.alive),
                            key=lambda t: t.id):
                if t.unit.steps_per_round == 0:
                    continue
                letters = ground_letters(s, t.unit.turning_template)
                for _ in range(t.unit.steps_per_round):
                    opts = [{"type": "ground_move", "target": t.id, "move": "straight",
                             "label": f"{t.id}: one step ahead"}]
                    if not (forced and t.unit.category == "ground"):
                        for turn in ("left", "right"):
                            for letter in letters:
                                opts.append({"type": "ground_move", "target": t.id, "move": turn,
                                             "template": letter,
                                             "label": f"{t.id}: turn {turn} on {letter}"})
                        if not t.unit.must_move:
                            opts.append({"type": "ground_move", "target": t.id, "move": "stay",
                                         "label": f"{t.id}: stay"})
                    choice = opts[0] if len(opts) == 1 else (yield Decision(
                        side, "paw.ground_move", f"Move {t.id} ({t.unit.name})", opts,
                        context={"unit": t.id}))
                    if choice["move"] == "stay":
                        break
                    t.pose = ground_step(s, t.pose, choice)
                    g.emit("unit.moved", unit=t.id, **s.pose_event(t.pose))
                    if not inside(s.width, s.height, t.pose[0], t.pose[1]):
                        t.status = "escaped"
                        g.emit("unit.removed", unit=t.id, box="escaped", destroyed=False)
                        self.notes.append(f"{t.id} left the mat")
                        break

    def may_collide(self, plane: Plane) -> bool:
        """Whether the collision rule applies to the plane (AI pilots never collide)."""
        return True

    def collisions(self) -> None:
        s, g = self.s, self.game
        planes = [p for p in s.flying() if self.may_collide(p)]
        hit: set[str] = set()
        pairs = []
        for i, a in enumerate(planes):
            pa = s.poly(a)
            for b in planes[i + 1:]:
                if not s.same_alt(a.flight.alt, b.flight.alt):
                    continue
                if abs(a.flight.pose[0] - b.flight.pose[0]) > 2 * s.length or \
                        abs(a.flight.pose[1] - b.flight.pose[1]) > 2 * s.length:
                    continue
                if pa.intersection(s.poly(b)).area > 1e-6:
                    hit |= {a.id, b.id}
                    pairs.append(sorted([a.id, b.id]))
        if pairs:
            g.emit("paw.collision", pairs=pairs)
        for pid in sorted(hit):
            damage.destroy(s, g, s.planes[pid], "collision", [])
            self.notes.append(f"{pid} destroyed in a collision")

    # ------------------------------------------------------------------ combat
    def combat(self):
        s, g = self.s, self.game
        hits = []
        for event, hit in combat.flak_attacks(s, g.dice):
            g.emit("paw.attack", **event)
            if hit:
                hits.append(hit)
        aaa_batch = []
        for side in s.sides():
            for t in sorted((t for t in s.targets.values() if t.alive and t.side == side
                             and t.unit.intrinsic_aaa != "none"), key=lambda t: t.id):
                opts = []
                for p in s.flying():
                    if p.side == side:
                        continue
                    n = combat.aaa_box(s, t, p)
                    if n is not None:
                        opts.append({"type": "aaa", "unit": t.id, "target": p.id,
                                     "label": f"{t.id}: fire at {p.id} ({n} step(s))"})
                if not opts:
                    continue
                opts.append({"type": "hold", "unit": t.id, "label": f"{t.id}: hold fire"})
                choice = yield Decision(side, "paw.aaa", f"AAA {t.id}: choose a target", opts,
                                        context={"unit": t.id})
                if choice["type"] == "aaa":
                    aaa_batch.append(choice)
        for a in aaa_batch:
            event, hit = combat.resolve_aaa(s, g.dice, s.targets[a["unit"]],
                                            s.planes[a["target"]])
            g.emit("paw.attack", target=a["target"], **event)
            if hit:
                hits.append(hit)
        self.notes += damage.apply(s, g, hits)
        batch: list[dict] = []
        for plane in self.order:
            if plane.flying and not plane.stalled:
                yield from self.declare(plane, batch)
        self.resolve(batch)
        self.run_torpedoes()
        for side in s.sides():
            changed: set[str] = set()  # CPF markers dealt with: each may change once
            while len(opts := combat.flak_options(s, side, changed)) > 1:
                choice = yield Decision(side, "paw.flak", f"{side} Flak: place, move or remove "
                                        "markers", opts, context={"side": side})
                if choice["type"] == "flak_keep":
                    break
                self.change_flak(choice)
                if "marker" not in choice:  # placed, or removed every marker
                    break
                changed.add(choice["marker"])

    def declare(self, plane: Plane, batch: list[dict]):
        used = {a["weapon"] for a in batch if a["plane"] == plane.id}
        while True:
            opts = combat.attack_options(self.s, plane, used)
            if not opts:
                return
            opts.append({"type": "hold", "plane": plane.id,
                         "label": f"{plane.id}: hold fire"})
            choice = yield Decision(plane.side, "paw.attack", f"{plane.id}: fire a weapon, or "
                                    "hold", opts, context=self.context(plane))
            if choice["type"] == "hold":
                return
            used.add(choice["weapon"])
            batch.append(choice)

    def resolve(self, batch: list[dict]) -> None:
        s, g = self.s, self.game
        hits = []
        for a in batch:
            plane = s.planes[a["plane"]]
            plane.fired.add(a["weapon"])
            event, hit = combat.resolve_fire(s, g.dice, a)
            g.emit("paw.attack", plane=plane.id, weapon=a["weapon"], target=a["target"],
                   rockets=bool(a.get("rockets")), **event)
            if a.get("rockets"):
                plane.loadout = "none"
                g.emit("unit.changed", unit=plane.id, state={"loadout": "none"})
            if a["target"] in s.planes:
                s.planes[a["target"]].fired_upon = True
            if hit:
                hits.append(hit)
        self.notes += damage.apply(s, g, hits)

    def run_torpedoes(self) -> None:
        s, g = self.s, self.game
        for torp in list(s.torpedoes):
            torp.pose = forward(torp.pose, s.step)
            g.emit("unit.moved", unit=torp.id, **s.pose_event(torp.pose))
            ships = [t for t in combat.ships_under(s, torp.pose) if t.side != torp.side]
            if ships:
                ship = ships[0]
                result = combat.roll(s, g.dice, f"{torp.id} hits {ship.id}", torp.hit, None,
                                     {"bombing_defence": ship.unit.bombing_defence},
                                     attacker=torp.by, target=ship.id)
                g.emit("paw.attack", attack="torpedo", torpedo=torp.id, plane=torp.by,
                       target=ship.id, **result)
                s.torpedoes.remove(torp)
                g.emit("unit.removed", unit=torp.id, box="spent", destroyed=False)
                if result["hit"] and damage.hit_target(s, g, ship.id, torp.by):
                    self.notes.append(f"{torp.id} sank {ship.id}")
            elif not inside(s.width, s.height, torp.pose[0], torp.pose[1]):
                s.torpedoes.remove(torp)
                g.emit("unit.removed", unit=torp.id, box="off-mat", destroyed=False)

    def change_flak(self, action: dict) -> None:
        s, g = self.s, self.game
        side = action["side"]
        battery = s.flak[side]
        before = self.flak_markers(side)
        combat.apply_flak(s, action)
        after = self.flak_markers(side)
        for mid in before:
            if mid not in after:
                g.emit("unit.removed", unit=mid, box="flak", destroyed=False)
        for mid, (pos, alt) in after.items():
            if mid not in before:
                g.emit("unit.placed", unit=mid, side=side, unit_type="flak-marker",
                       **s.pose_event((*pos, 0.0)), state={"altitude": s.alt_name(alt)})
            elif before[mid] != (pos, alt):
                g.emit("unit.moved", unit=mid, **s.pose_event((*pos, 0.0)))
                g.emit("unit.changed", unit=mid, state={"altitude": s.alt_name(alt)})
        g.emit("paw.flak", side=side, action=action["type"],
               barrage=battery.barrage, cpf=[dict(m) for m in battery.cpf])

    def flak_markers(self, side: str) -> dict[str, tuple]:
        s = self.s
        battery = s.flak.get(side)
        out = {}
        if battery is None:
            return out
        if battery.barrage:
            b = battery.barrage
            for i, poly in enumerate(combat.barrage_markers(s, b["centre"], b["spacing"]), 1):
                out[f"brg-{side}-{i}"] = ((round(poly.centroid.x, 2), round(poly.centroid.y, 2)),
                                          b["alt"])
        for m in battery.cpf:
            out[m["id"]] = (tuple(m["pos"]), m["alt"])
        return out

    # ------------------------------------------------------------------ helpers
    def context(self, plane: Plane) -> dict:
        fl = plane.flight
        return {"plane": plane.id, "mp": fl.mp, "energy": fl.energy,
                "altitude": self.s.alt_name(fl.alt), **self.s.pose_event(fl.pose)}

    def explain_energy(self, plane: Plane, action: dict) -> str:
        s = self.s
        e = plane.flight.energy
        if plane.must_stall:
            return (f"{plane.id} stayed at High Altitude while damaged: it lost all its Energy "
                    f"and stalls; asked {action.get('to')!r}")
        if s.surprised(plane):
            return (f"{plane.id} is Surprised: in the first round it keeps its {e} Energy; "
                    f"asked {action.get('to')!r}")
        return (f"{plane.id} has {e} Energy, Acceleration {s.acceleration(plane)}, Deceleration "
                f"{plane.dash.deceleration} and max Energy {s.max_energy(plane)}: it may set "
                f"{max(0, e - plane.dash.deceleration)} to "
                f"{min(s.max_energy(plane), e + s.acceleration(plane))}; asked "
                f"{action.get('to')!r}")

    def explain_maneuver(self, plane: Plane, action: dict) -> str:
        s, fl = self.s, plane.flight
        kind = action.get("type")
        if action.get("plane") != plane.id:
            return f"it is {plane.id}'s turn to move"
        if kind not in ("level", "turn", "wingover", "side_slip", "climb", "descent"):
            return (f"'{kind}' is not a maneuver: level, turn, wingover, side_slip, climb or "
                    "descent")
        try:
            cost = mp_cost(action)
        except (KeyError, TypeError):
            return f"a {kind} needs its parameters (steps, and template/side for turns)"
        if cost > fl.mp:
            return f"{plane.id} has {fl.mp} movement point(s) left; this {kind} needs {cost}"
        if kind != "level" and s.surprised(plane):
            return (f"{plane.id} is Surprised: in the first round it flies level, without "
                    "acceleration or deceleration")
        if kind == "turn":
            letters = s.letters(plane, fl.energy)
            if action.get("template") not in LETTERS:
                return "templates are A to E"
            if action.get("template") not in letters:
                return (f"at {fl.energy} Energy {plane.id} may turn on {', '.join(letters) or 'no'}"
                        f" template(s); {action.get('template')} is tighter")
        if kind in ("climb", "descent") and not s.options["altitude"]:
            return "Climb and Descent are unavailable without the Altitude rules"
        if kind == "climb" and fl.alt == len(s.levels) - 1:
            return f"{plane.id} is already at {s.alt_name(fl.alt)} Altitude"
        if kind == "climb" and fl.alt + 1 == s.high_index() and s.barred_high(plane):
            return f"{plane.id} is damaged and cannot fly at High Altitude"
        if kind == "descent" and fl.alt == 0:
            return f"{plane.id} is already at Low Altitude"
        mark = getattr(plane.dash, kind, None) if kind != "level" else True
        if mark is None:
            return f"{plane.dash.name} has no {kind} icon on its dashboard"
        return (f"not legal for {plane.id} now ({fl.mp} movement point(s), {fl.energy} Energy; "
                f"a maneuver may not cost more Energy than the plane has unless it stalls on "
                f"purpose above Low Altitude; mark-reaching maneuvers are offered at their "
                f"shortest length)")


def _dist(a: Plane, b: Plane) -> float:
    ax, ay, _ = a.flight.pose
    bx, by, _ = b.flight.pose
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
