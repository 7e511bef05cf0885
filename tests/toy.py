"""A tiny ruleset used to test the content machinery apart from any real game."""

from __future__ import annotations

from engine.content.dice import DiceTable, Roll
from engine.content.model import Model, Record, Ref, field, kind_literal
from engine.content.ruleset import LintRule
from engine.core.contract import EngineHooks, Ruleset


class Plane(Record):
    kind: kind_literal("toy.plane")
    speed: int = field("Top speed.", unit="hexes", ge=1, le=10)
    turns: list[str] = field("Turn letters, one per speed.", default_factory=list)


class Row(Model):
    roll: Roll
    plane: Ref("toy.plane") | None = field("Plane on this roll; empty when cut off.", None)


class Table(Record, DiceTable):
    kind: kind_literal("toy.table")
    rows: list[Row] = field("Rows of the table.", default_factory=list)


class TurnsOrdered(LintRule):
    code = "toy.turns_order"
    kinds = ("toy.plane",)

    def check(self, record: Plane, ctx) -> None:
        if record.turns != sorted(record.turns):
            ctx.emit_warning(("turns",), "turn letters are not in order")


class RowWithoutPlane(LintRule):
    code = "toy.row_no_plane"
    kinds = ("toy.table",)

    def check(self, record: Table, ctx) -> None:
        for i, row in enumerate(record.rows):
            if row.plane is None:
                ctx.emit_warning(("rows", i), "row has no plane")


# --------------------------------------------------------------------------- a toy game


class Scenario(Record):
    kind: kind_literal("toy.scenario")
    planes: dict[str, Ref("toy.plane")] = field("Side name -> plane flown.")
    hits_to_win: int = field("Hits that end the game.", 3, ge=1, le=10)
    max_turns: int = field("Turns before a draw.", 10, ge=1, le=50)


class ToyBot:
    def __init__(self, side: str, strength: str) -> None:
        self.side, self.strength = side, strength

    def choose(self, decision, game):
        if self.strength == "easy":
            return decision.options[-1]
        return decision.options[0]


class ToyEngine(EngineHooks):
    """Each turn both sides choose to attack or evade; an attack hits on d6 >= 7 - speed."""

    bot_strengths = ("easy", "hard")

    def sides(self, scenario):
        return sorted(scenario.planes)

    def option_defaults(self, scenario):
        return {"sudden_death": False}

    def setup(self, game):
        return {side: 0 for side in game.sides}

    def bot(self, side, strength):
        return ToyBot(side, strength)

    def board(self, scenario, content):
        """One square for each side's plane: the duel has no geometry."""
        from engine.core.board import SquareGrid

        return SquareGrid(len(scenario.planes), 1)

    def play(self, game):
        from engine.core.decisions import Decision
        from engine.core.game import Outcome

        scenario, hits = game.scenario, game.state
        turn = 0
        while turn < scenario.max_turns:
            turn += 1
            game.emit("turn.start", turn=turn)
            for side in game.sides:
                options = [{"type": "attack", "label": "Attack"}, {"type": "evade", "label": "Evade"}]
                action = yield Decision(
                    side, "toy.stance", f"Turn {turn}: attack or evade?", options,
                    explain=lambda a: f"'{a.get('type')}' is not a stance: attack or evade",
                )
                if action["type"] == "attack":
                    plane = game.content.get("toy.plane", scenario.planes[side])
                    roll = game.dice.one("d6", f"{side} attack", need=7 - plane.speed)
                    if roll >= 7 - plane.speed:
                        hits[side] += 1
                        game.emit("hit", side=side, total=hits[side])
            game.emit("summary", text=f"turn {turn}: " + ", ".join(f"{s} {hits[s]}" for s in game.sides))
            leaders = [s for s in game.sides if hits[s] >= scenario.hits_to_win]
            if leaders or game.options["sudden_death"] and any(hits.values()):
                break
        best = max(hits.values())
        winners = [s for s in game.sides if hits[s] == best]
        winner = winners[0] if len(winners) == 1 else None
        return Outcome(winner, "victory" if winner else "draw", dict(hits), turn)


RULESET = Ruleset(
    id="toy",
    name="Toy",
    description="test ruleset",
    kinds=(Plane, Table, Scenario),
    lint_rules=(TurnsOrdered(), RowWithoutPlane()),
    scenario_kind="toy.scenario",
    engine=ToyEngine(),
)
