"""The hex-minis rules engine: set-up from a scenario, the rules generator, bots, the mat."""

from __future__ import annotations

from engine.content.model import Record
from engine.core.contract import EngineHooks
from engine.core.game import ContentLookup, Game, Rules

from .bots import Bot
from .fire import guns_from
from .mat import mat_of
from ..kinds.planes import Bomber, Fighter
from .sequence import TARGET_UNIT, play
from ..kinds.rules import CoreRules
from ..kinds.scenario import Scenario
from .state import Plane, State, Target


def _need(content: ContentLookup, kind: str, record_id: str, what: str) -> Record:
    record = content.get(kind, record_id)
    if record is None:
        raise ValueError(f"{what} names {kind} '{record_id}', which is not in the pack")
    return record


def setup(game: Game) -> State:
    """Planes on their hexes, cards dealt, targets marked; every unit placed in the log."""
    scenario: Scenario = game.scenario
    content = game.content
    where = f"scenario '{scenario.id}'"
    board = _need(content, "hm.board", scenario.board, where)
    rules = _need(content, "hm.rules", scenario.rules, where)
    table = _need(content, "hm.shooting_table", rules.shooting, f"rules '{rules.id}'")
    mat = mat_of(board)
    flies = substitutes(scenario, game.options)
    planes: dict[str, Plane] = {}
    cards: dict[str, list[Plane]] = {}
    # (role, plane type) -> its record, turrets and hexes: looked up and checked once a type, not once a plane
    # (the scenario's planes share a few types). Not kept past this game: records may be edited in place.
    types: dict[tuple[str, str], tuple[Fighter | Bomber, tuple, int]] = {}
    for squadron in scenario.squadrons:  # in the order of `scenario.placements()`, without its records
        role = squadron.role
        for placed in squadron.planes:
            type_id = placed.plane or flies.get(squadron.id, squadron.plane)
            found = types.get((role, type_id))
            if found is None:
                found = types[role, type_id] = _plane_type(content, rules, role, type_id, where, placed.id)
            record, turrets, length = found
            card = placed.card if role == "fighter" else squadron.card
            if card is None:
                raise ValueError(f"{where}: '{placed.id}' has no activation card")
            nose = mat.cube((placed.col, placed.row))
            if nose not in mat.cubes:
                raise ValueError(f"{where}: '{placed.id}' starts off the mat at {placed.col},{placed.row}")
            plane = Plane(placed.id, squadron.side, squadron.id, role, record, card, length, nose, placed.facing,
                          turrets=turrets)
            planes[plane.id] = plane
            cards.setdefault(card, []).append(plane)
    targets = {t.id: Target(t.id, t.name or t.id, mat.cube(t.hex)) for t in board.targets}
    sides = [s.id for s in scenario.sides]
    state = State(scenario, rules, table, mat, planes, cards, targets,
                  score={s: 0 for s in sides}, kills={s: 0 for s in sides}, losses={s: 0 for s in sides})
    for plane in planes.values():
        state.place(plane)
        shown = {"role": plane.role, "squadron": plane.squadron, "card": plane.card,
                 "hits": 0, "damage": plane.record.damage, "speed": plane.speed(rules)}
        if plane.length > 1:
            shown["hexes"] = state.labels(plane)
        engines = plane.engines()
        if engines:
            shown["engines"] = engines
        game.emit("unit.placed", unit=plane.id, side=plane.side, unit_type=plane.type,
                  at=mat.labels[plane.nose], facing=plane.facing, state=shown)
    for target in targets.values():
        game.emit("unit.placed", unit=TARGET_UNIT + target.id, side="", unit_type="target",
                  at=mat.labels[target.cube], state={"name": target.name, "destroyed": False})
    for rule in scenario.special_rules:
        game.emit("hm.special_rule", rule=rule.id, played=False)
        game.emit("summary", text=f"Special rule '{rule.id}' is not played by the engine: {rule.text}")
    return state


def _plane_type(content: ContentLookup, rules: CoreRules, role: str, type_id: str, where: str,
                plane_id: str) -> tuple[Fighter | Bomber, tuple, int]:
    """The record of a plane type, its turrets and the hexes it covers, checked playable (the errors
    name `plane_id`, the first plane of the type)."""
    record: Fighter | Bomber = _need(content, f"hm.{role}", type_id, f"{where}, plane '{plane_id}'")
    if record.missing():
        raise ValueError(f"{where}: '{plane_id}' flies '{record.id}', whose {', '.join(record.missing())} "
                         "the pack leaves blank; give them before playing")
    if not isinstance(record, Bomber):
        return record, (), 1
    turrets = tuple((_need(content, "hm.turret", t.position, f"bomber '{record.id}'"), t.dice)
                    for t in record.turrets)
    return record, turrets, rules.deployment.heavy_bomber_hexes if record.heavy else 1


def substitutes(scenario: Scenario, options: dict[str, bool]) -> dict[str, str]:
    """Squadron -> the substitute plane type an option switched on for it."""
    flies: dict[str, str] = {}
    for name, on in options.items():
        squadron, _, plane = name.partition(":")
        if on and squadron in flies:
            raise ValueError(f"options '{squadron}:{flies[squadron]}' and '{name}' both replace the planes of "
                             f"squadron '{squadron}'; switch on one")
        if on:
            flies[squadron] = plane
    return flies


class MinisEngine(EngineHooks):
    bot_strengths = ("easy", "hard")

    def sides(self, scenario: Scenario) -> list[str]:
        return [s.id for s in scenario.sides]

    def option_defaults(self, scenario: Scenario) -> dict[str, bool]:
        """The rulebook has no optional rules; a scenario's options are the substitute plane types it
        allows ('corsairs:p-38-lightning': the Corsair squadron flies P-38s), all off by default."""
        return {f"{q.id}:{plane}": False for q in scenario.squadrons for plane in q.substitutes}

    def setup(self, game: Game) -> State:
        return setup(game)

    def play(self, game: Game) -> Rules:
        return play(game)

    def bot(self, side: str, strength: str) -> Bot:
        if strength not in self.bot_strengths:
            raise ValueError(f"bot strength '{strength}': expected one of {', '.join(self.bot_strengths)}")
        return Bot(side, strength)

    def option_note(self, game: Game, decision, option: dict) -> str:
        """For a person at the prompt: what a fighter's move would bring its guns to bear on."""
        state = game.state
        plane = state.planes.get(decision.context.get("plane", "")) if decision.kind == "hm.move" else None
        nose = state.mat.at.get(option.get("to")) if option.get("type") == "move" else None
        if plane is None or plane.role != "fighter" or nose is None:
            return ""
        return guns_from(state, plane, nose, option["facing"])

    def board(self, scenario: Scenario, content: ContentLookup):
        return _need(content, "hm.board", scenario.board, f"scenario '{scenario.id}'").grid()
