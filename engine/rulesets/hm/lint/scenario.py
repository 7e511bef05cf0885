"""Hex-mat lint rules on a scenario: its set-up on the mat, squadrons, the deck, rounds and victory."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from engine.content.ruleset import LintContext, LintRule

from ..kinds.board import Board, Hex, footprint, to_cell
from ..kinds.planes import Bomber, Plane
from ..kinds.rules import CoreRules
from ..kinds.scenario import Placement, Scenario


SCENARIO = ("hm.scenario",)


# --------------------------------------------------------------------------- scenarios


@dataclass
class Setup:
    """A scenario with the records it names resolved, and where each plane sits."""

    scenario: Scenario
    board: Board
    rules: CoreRules
    ctx: LintContext

    def plane(self, type_id: str) -> Plane | None:
        return self.ctx.get("hm.fighter", type_id) or self.ctx.get("hm.bomber", type_id)

    @cached_property
    def grid(self):
        return self.board.grid()

    def hexes(self, p: Placement) -> list[Hex]:
        plane = self.plane(p.plane)
        heavy = isinstance(plane, Bomber) and plane.heavy
        length = self.rules.deployment.heavy_bomber_hexes if heavy else 1
        cells = footprint(self.grid, to_cell((p.placed.col, p.placed.row)), p.placed.facing, length)
        return [(col + 1, row + 1) for col, row in cells]

    def distance(self, a: Hex, b: Hex) -> int:
        return self.grid.distance(to_cell(a), to_cell(b))

    @cached_property
    def placements(self) -> list[Placement]:
        return list(self.scenario.placements())

    def run_bombers(self) -> list[tuple[Placement, int]]:
        """On a bombing run, each bomber with its distance in hexes to the nearest target."""
        if not self.scenario.is_bombing_run() or not self.board.targets:
            return []
        return [
            (p, min(self.distance((p.placed.col, p.placed.row), t.hex) for t in self.board.targets))
            for p in self.placements
            if p.squadron.role == "bomber"
        ]


def setup(record: Scenario, ctx: LintContext) -> Setup | None:
    """None when the board or rules are missing (the reference check reports that)."""
    board, rules = ctx.get("hm.board", record.board), ctx.get("hm.rules", record.rules)
    if board is None or rules is None:
        return None
    return Setup(record, board, rules, ctx)


class ScenarioRule(LintRule):
    """A rule that needs the scenario's board and rules resolved."""

    kinds = SCENARIO

    def check(self, record: Scenario, ctx: LintContext) -> None:
        resolved = setup(record, ctx)
        if resolved is not None:
            self.check_setup(resolved, ctx)

    def check_setup(self, s: Setup, ctx: LintContext) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


class LocalIds(LintRule):
    code = "hm.local_ids"
    kinds = SCENARIO
    summary = "Sides, squadrons, planes, designations and special rules have distinct ids."

    def check(self, record: Scenario, ctx: LintContext) -> None:
        groups = {
            "side": [(("sides", i, "id"), s.id) for i, s in enumerate(record.sides)],
            "squadron or plane": [(("squadrons", i, "id"), s.id) for i, s in enumerate(record.squadrons)]
            + [(p.path + ("id",), p.placed.id) for p in record.placements()],
            "designation": [(("designations", i, "id"), d.id) for i, d in enumerate(record.designations)],
            "special rule": [(("special_rules", i, "id"), r.id) for i, r in enumerate(record.special_rules)],
        }
        for what, entries in groups.items():
            seen: set[str] = set()
            for path, value in entries:
                if value in seen:
                    ctx.emit_error(path, f"{what} id '{value}' is used twice")
                seen.add(value)


class OffBoard(ScenarioRule):
    code = "hm.off_board"
    summary = "Every plane, both hexes of a heavy bomber included, starts on the mat."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        for p in s.placements:
            off = [h for h in s.hexes(p) if not s.board.contains(h)]
            if off:
                where = ", ".join(f"{c},{r}" for c, r in off)
                ctx.emit_error(
                    p.path,
                    f"'{p.placed.id}' covers hex {where}, off the {s.board.columns}x{s.board.rows} mat "
                    f"'{s.board.id}'",
                )


class HexShared(ScenarioRule):
    code = "hm.hex_shared"
    summary = "No two planes start in one hex (a plane may never end its move in an occupied hex)."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        taken: dict[Hex, str] = {}
        for p in s.placements:
            for h in s.hexes(p):
                if h in taken:
                    ctx.emit_error(p.path, f"'{p.placed.id}' shares hex {h[0]},{h[1]} with '{taken[h]}'")
                taken.setdefault(h, p.placed.id)


class DeployDistance(ScenarioRule):
    code = "hm.deploy_distance"
    summary = "Opposing sides start at least the rules' distance apart (4 hexes)."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        need = s.rules.deployment.min_enemy_distance
        for p in s.placements:
            for q in s.placements:
                if q.squadron.side == p.squadron.side or q.path <= p.path:
                    continue
                gap = min(s.distance(a, b) for a in s.hexes(p) for b in s.hexes(q))
                if gap < need:
                    ctx.emit_warning(
                        q.path,
                        f"'{q.placed.id}' starts {gap} hexes from enemy '{p.placed.id}'; "
                        f"the rules want at least {need}",
                    )


class OutsideZone(ScenarioRule):
    code = "hm.outside_zone"
    summary = "Set-up zones lie on the mat and every plane starts in its side's zone."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        for i, side in enumerate(s.scenario.sides):
            z = side.zone
            if z.col_min > z.col_max or z.row_min > z.row_max:
                ctx.emit_error(("sides", i, "zone"), f"zone of '{side.id}' is empty (min above max)")
            elif not (s.board.contains((z.col_min, z.row_min)) and s.board.contains((z.col_max, z.row_max))):
                ctx.emit_error(("sides", i, "zone"), f"zone of '{side.id}' reaches off the mat")
        for p in s.placements:
            side = s.scenario.side(p.squadron.side)
            if side is None:
                continue
            if not all(side.zone.contains(c, r) for c, r in s.hexes(p)):
                ctx.emit_warning(p.path, f"'{p.placed.id}' starts outside the set-up zone of '{side.id}'")


class SquadronRole(ScenarioRule):
    code = "hm.squadron_role"
    summary = "Fighter squadrons fly fighters, bomber squadrons bombers; cards sit where the role needs them."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        kind = {"fighter": "hm.fighter", "bomber": "hm.bomber"}
        for i, squadron in enumerate(s.scenario.squadrons):
            refs = [(("squadrons", i, "plane"), squadron.plane)]
            refs += [(("squadrons", i, "substitutes", j), t) for j, t in enumerate(squadron.substitutes)]
            refs += [(("squadrons", i, "planes", j, "plane"), p.plane) for j, p in enumerate(squadron.planes) if p.plane]
            for path, type_id in refs:
                plane = s.plane(type_id)
                if plane is not None and plane.kind != kind[squadron.role]:
                    ctx.emit_error(path, f"'{type_id}' is not a {squadron.role}, but squadron '{squadron.id}' is")
            if squadron.role == "fighter" and squadron.card:
                ctx.emit_error(("squadrons", i, "card"), "fighters each have their own card; put it on the plane")
            if squadron.role == "bomber":
                for j, placed in enumerate(squadron.planes):
                    if placed.card:
                        ctx.emit_error(
                            ("squadrons", i, "planes", j, "card"),
                            "a bomber squadron moves on one card; put it on the squadron",
                        )


class WrongSide(ScenarioRule):
    code = "hm.wrong_side"
    summary = "References name a side of the scenario, and planes fly for a side of their faction."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        sc = s.scenario
        sides = [side.id for side in sc.sides]
        refs = [(("squadrons", i, "side"), q.side) for i, q in enumerate(sc.squadrons)]
        refs += [(("designations", i, "side"), d.side) for i, d in enumerate(sc.designations)]
        refs += [(("victory", i, "side"), v.side) for i, v in enumerate(sc.victory)]
        if sc.force_ratio:
            refs += [(("force_ratio", "terms", i, "side"), t.side) for i, t in enumerate(sc.force_ratio.terms)]
        for path, side in refs:
            if side not in sides:
                ctx.emit_error(path, f"no side '{side}' in this scenario; sides are {', '.join(sides)}")
        for p in s.placements:
            side, plane = sc.side(p.squadron.side), s.plane(p.plane)
            if side and plane and plane.faction != side.faction:
                ctx.emit_warning(p.path, f"'{p.plane}' is an {plane.faction} plane flying for {side.faction} side '{side.id}'")
        placed = {p.placed.id: p.squadron.side for p in s.placements}
        for i, d in enumerate(sc.designations):
            for j, plane_id in enumerate(d.choose_from):
                owner = placed.get(plane_id)
                if owner is None:
                    ctx.emit_error(("designations", i, "choose_from", j), f"no placed plane '{plane_id}'")
                elif owner != d.side:
                    ctx.emit_error(
                        ("designations", i, "choose_from", j),
                        f"'{plane_id}' flies for '{owner}', not for '{d.side}' who chooses",
                    )


class FormationSize(ScenarioRule):
    code = "hm.formation_size"
    summary = "On a bombing run, bomber squadrons fly in formations of three or four."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        if not s.scenario.is_bombing_run():
            return
        low, high = s.rules.deployment.formation_min, s.rules.deployment.formation_max
        for i, squadron in enumerate(s.scenario.squadrons):
            if squadron.role == "bomber" and not low <= len(squadron.planes) <= high:
                ctx.emit_warning(
                    ("squadrons", i, "planes"),
                    f"formation of {len(squadron.planes)} bombers; the rules want {low} to {high}",
                )


class Deck(ScenarioRule):
    code = "hm.deck"
    summary = "One card per fighter and per bomber squadron, all different, within one deck."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        act = s.rules.activation
        units: list[tuple[tuple, str | None]] = []  # (path of the card, card)
        needed = 0
        for i, squadron in enumerate(s.scenario.squadrons):
            if squadron.role == "bomber":
                units.append((("squadrons", i, "card"), squadron.card))
                needed += act.cards_per_bomber_squadron
            else:
                units += [(("squadrons", i, "planes", j, "card"), p.card) for j, p in enumerate(squadron.planes)]
                needed += act.cards_per_fighter * len(squadron.planes)
        if needed > act.deck_size:
            ctx.emit_error(("squadrons",), f"{needed} activation cards needed; the deck has {act.deck_size}")
        seen: dict[str, tuple] = {}
        for path, card in units:
            if card is None:
                continue
            if card in seen:
                ctx.emit_error(path, f"card {card} is already dealt to another plane or squadron")
            seen.setdefault(card, path)
        if seen and len(seen) < len(units):
            for path, card in units:
                if card is None:
                    ctx.emit_warning(path[:-1], "no card while others have one: every activation needs a card")


class ForceRatioCheck(ScenarioRule):
    code = "hm.force_ratio"
    summary = "Forces match the counts or ratio the rulebook prints."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        ratio = s.scenario.force_ratio
        if ratio is None:
            return
        planes: Counter[tuple[str, str]] = Counter()
        squadrons: Counter[tuple[str, str]] = Counter()
        for squadron in s.scenario.squadrons:
            planes[squadron.side, squadron.role] += len(squadron.planes)
            squadrons[squadron.side, squadron.role] += 1
        keys = {(t.side, t.role) for t in ratio.terms}
        multiples = {planes[t.side, t.role] / t.planes for t in ratio.terms}
        k = min(multiples) if multiples else 0
        whole = len(multiples) == 1 and k >= 1 and k == int(k)
        if ratio.exact:
            whole = whole and k == 1
        extra = [key for key in planes if key not in keys]
        if not whole or extra:
            have = ", ".join(f"{n} {role} of {side}" for (side, role), n in sorted(planes.items()))
            want = ", ".join(f"{t.planes} {t.role} of {t.side}" for t in ratio.terms)
            how = "exactly" if ratio.exact else "a whole multiple of"
            ctx.emit_warning(("force_ratio",), f"forces are {have}; the rulebook asks for {how} {want}")
            return
        for i, t in enumerate(ratio.terms):
            if t.squadrons is not None and squadrons[t.side, t.role] != t.squadrons * k:
                ctx.emit_warning(
                    ("force_ratio", "terms", i),
                    f"{squadrons[t.side, t.role]} {t.role} squadrons of {t.side}; the ratio gives {int(t.squadrons * k)}",
                )


class BomberStart(ScenarioRule):
    code = "hm.bomber_start"
    summary = "On a bombing run the bombers start at the end of the mat away from their targets."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        half = max(s.board.rows, s.board.columns) // 2
        for p, nearest in s.run_bombers():
            if nearest < half:
                ctx.emit_warning(
                    p.path, f"'{p.placed.id}' starts {nearest} hexes from a target; bombers start at the far end"
                )


class RoundsShort(ScenarioRule):
    code = "hm.rounds_short"
    summary = "A bombing run lasts long enough for a bomber to reach a target."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        rounds = [
            math.ceil(nearest / plane.speed)
            for p, nearest in s.run_bombers()
            if (plane := s.plane(p.plane)) is not None and plane.speed
        ]
        if rounds and min(rounds) > s.scenario.end.max_rounds:
            ctx.emit_warning(
                ("end", "max_rounds"),
                f"the quickest bomber needs {min(rounds)} rounds to reach a target; "
                f"the game lasts {s.scenario.end.max_rounds}",
            )


class VictoryRef(ScenarioRule):
    code = "hm.victory_ref"
    summary = "Victory conditions name designations and targets that exist."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        designations = {d.id for d in s.scenario.designations}
        targets = {t.id for t in s.board.targets}
        for i, v in enumerate(s.scenario.victory):
            if v.condition == "shoot_down_designated" and v.designation not in designations:
                ctx.emit_error(("victory", i, "designation"), f"no designation '{v.designation}' in this scenario")
            if v.condition != "destroy_targets":
                continue
            for j, target in enumerate(v.targets):
                if target not in targets:
                    ctx.emit_error(("victory", i, "targets", j), f"mat '{s.board.id}' has no target '{target}'")
            available = len(v.targets) or len(targets)
            if v.count > available:
                ctx.emit_error(("victory", i, "count"), f"{v.count} targets to destroy but only {available} to bomb")


class BoardSmall(ScenarioRule):
    code = "hm.board_small"
    summary = "The mat is at least the rules' minimum size (a 5' square)."

    def check_setup(self, s: Setup, ctx: LintContext) -> None:
        width, length = s.board.size_inches()
        need = s.rules.mat.min_side_inches
        if min(width, length) < need - 0.5:
            ctx.emit_warning(
                ("board",),
                f"mat '{s.board.id}' is {width:.0f}\" x {length:.0f}\"; the rules want at least {need:.0f}\" a side",
            )
