"""The bots' answers to every decision but flying: cards, placement, modes, losses, bombs."""

from __future__ import annotations

from typing import Callable

from engine.core.decisions import Decision

from ..bombing import COLUMN
from ..flying import grounded_by, must_land_next_hour
from ..state import State, Unit
from .intel import Aim, value


def _pick(decision: Decision, kind: str) -> dict | None:
    for option in decision.options:
        if option["type"] == kind:
            return option
    return None


def _reach(st: State, unit: Unit, face=None) -> int:
    face = face or unit.face
    return face.speed if face.short_range else face.speed * 2


def _aims_for(bot, st: State, unit: Unit, square: int) -> list[tuple[int, Aim]]:
    """(distance, aim) of the targets `unit` could bomb from `square`, nearest first."""
    allowed = unit.record.can_bomb
    aims = [(st.static.dist[square][a.square], a) for a in bot.intel(st).aims(airbases=False)
            if allowed is None or COLUMN[a.kind] in allowed]
    return sorted(aims, key=lambda pair: pair[0])


DANGER = 0.5  # how much a hard bot shies from airbases within reach of enemy air units


def base_scores(bot, st: State) -> Callable[[int, int], float]:
    """The score of an airbase `square` for a unit of `reach`, lower is better: as far from what
    it can hit as its reach allows, and out of reach of the enemy's air units (whose positions
    and numbers are in plain sight). Scores are kept while the side's knowledge holds, each
    square's distance to the nearest target while the targets stay the same."""
    intel = bot.intel(st)
    scores = intel.memo.get("base scores")
    if scores is None:
        scores = intel.memo["base scores"] = {}
        aims = tuple([a.square for a in intel.aims(airbases=False)]) or tuple(
            [s.index for s in st.static.squares if s.territory == intel.enemy])
        kept = bot.memory.get("nearest aim")
        if kept is None or kept[0] != aims:  # the targets change only when one is bombed or a battle opens or closes
            bot.memory["nearest aim"] = (aims, {})
    aims, nearest = bot.memory["nearest aim"]
    dist = st.static.dist

    def score(reach: int, square: int) -> float:
        found = scores.get((reach, square))
        if found is None:
            near = nearest.get(square)
            if near is None:
                row = dist[square]
                near = nearest[square] = min([row[a] for a in aims])
            found = scores[(reach, square)] = abs(near - reach + 1) + DANGER * intel.threat(square)
        return found
    return score


def place(bot, decision: Decision, st: State) -> dict:
    """Bombers near what they can bomb, fighters near the front, both out of harm's way."""
    if bot.strength == "easy":
        return decision.options[0]
    unit = st.units[decision.context["unit"]]
    reach, index, rooms, score = _reach(st, unit), st.static.index, st.rooms(bot.side), base_scores(bot, st)
    best = None
    for option in decision.options:  # the least (score, -room, label): a loop, with no call per option to rank it
        square = index[option["at"]]
        rank = (score(reach, square), -rooms.get(square, 0), option["at"])
        if best is None or rank < best[0]:
            best = (rank, option)
    return best[1]


def card(bot, decision: Decision, st: State) -> dict:
    plays = [o for o in decision.options if o["type"] == "play"]
    if bot.strength == "easy":
        return plays[0] if plays else decision.options[-1]
    wild = _pick(decision, "play_wild")
    side = st.sides[bot.side]
    bounds = st.static.setups[bot.side].command_level
    first_reinforcements = [o for o in plays if _first_reinforcement(st, bot.side, o["card"])]
    if wild is not None and side.command_level < bounds.max and not first_reinforcements:
        return wild
    for option in plays:
        card = st.static.cards[option["card"]]
        battles = [e for e in card.effects if e.type == "ground_battle"]
        if battles and not _battle_pays(bot, st, card.id, st.static.place_square[battles[0].place]):
            continue
        return option
    return decision.options[-1]


def _battle_pays(bot, st: State, card_id: str, square: int) -> bool:
    """Open a ground battle (30.10) only to bomb it now, and not to hand the enemy more VP
    than it brings: the enemy may bomb it in its next hour if its air units are near."""
    if not _can_bomb_now(st, bot.side, square):
        return False
    static = st.static
    intel = bot.intel(st)
    mine = static.rosters[bot.side].battles.get(card_id, 0)
    theirs = static.rosters[intel.enemy].battles.get(card_id, 0)
    return mine >= theirs or not intel.threat(square)


def _first_reinforcement(st: State, side: str, card_id: str) -> bool:
    held = [h for h in st.sides[side].hand if h.card == card_id][0]
    card = st.static.cards[card_id]
    return held.first_pick and "reinforcements" in [e.type for e in card.effects]


def _can_bomb_now(st: State, side: str, square: int) -> bool:
    """Has the side a bomber that could reach `square` this hour?"""
    row = st.static.dist[square]
    for unit in st.of_side[side]:
        if unit.square is None or not unit.air or unit.bombed or row[unit.square] > unit.speed:
            continue
        if not unit.bombs or (unit.record.can_bomb and "ground_battle" not in unit.record.can_bomb):
            continue
        if unit.airborne or grounded_by(st, unit) is None:
            return True
    return False


def mode(bot, decision: Decision, st: State) -> dict:
    """A fighter-bomber bombs this turn if there is a worthwhile target within its reach."""
    unit = st.units[decision.context["unit"]]
    fighter = next(o for o in decision.options if o["mode"] == "fighter")
    if bot.strength == "easy":
        return fighter
    bomber = next(o for o in decision.options if o["mode"] == "bomber")
    face = unit.record.back if unit.record.back.mode == "bomber" else unit.record.front
    intel = bot.intel(st)
    for d, aim in _aims_for(bot, st, unit, unit.square):
        if d <= _reach(st, unit, face) and intel.expected(aim, face.bomb) >= 1.0:
            return bomber
    return fighter


def loss(bot, decision: Decision, st: State) -> dict:
    """Lose what is worth least: bombers that have bombed, then the weakest."""
    if bot.strength == "easy":
        return decision.options[0]
    return min(decision.options, key=lambda o: (value(st, st.units[o["unit"]]), o["unit"]))


def bomb(bot, decision: Decision, st: State) -> dict:
    """Each unit on the target where its dice add the most expected VP."""
    hold = decision.options[-1]
    attacks = [o for o in decision.options if o["type"] in ("bomb", "strafe")]
    if bot.strength == "easy":
        return attacks[0] if attacks else hold
    unit = st.units[decision.context["unit"]]
    intel = bot.intel(st)
    key = (st.turn, st.hour, decision.context["at"])
    placed = bot.memory.setdefault("bombs", {}).setdefault(key, {})
    aims = intel.memo.get("aims by target")
    if aims is None:  # by (square, kind): an option's target 'kind@square' read back, not every aim's formatted
        aims = intel.memo["aims by target"] = {(a.square, a.kind): a for a in intel.aims()}
    index = st.static.index
    best, gain = hold, 0.0
    for option in attacks:
        kind, _, at = option["target"].partition("@")
        aim = aims.get((index[at], kind))
        if aim is None:
            continue
        dice = unit.face.bomb if option["type"] == "bomb" else st.static.rules.strafe_dice_per_unit
        already = placed.get(option["target"], 0)
        extra = intel.expected(aim, already + dice) - intel.expected(aim, already)
        if option["type"] == "bomb" and aim.kind == "airbase":
            extra *= 0.9  # keep bombs for installations when strafing would do
        if extra > gain:
            best, gain = option, extra
    if best is hold:
        best = _ground_unit(st, attacks, placed) or hold
    if best is not hold:
        dice = unit.face.bomb if best["type"] == "bomb" else st.static.rules.strafe_dice_per_unit
        placed[best["target"]] = placed.get(best["target"], 0) + dice
    return best


# Ground units worth a bomb with nothing better in the square: AA first, it fires at whoever
# flies there next (19.0); then airbase counters (capacity and AA, 30.3); then HQs (24.0).
GROUND_ORDER = {"aa": 0, "airbase": 1, "hq": 2}


def _ground_unit(st: State, attacks: list[dict], placed: dict[str, int]) -> dict | None:
    """The bombing option on an enemy ground unit (20.1) with the fewest dice already on it."""
    options = [o for o in attacks if "enemy" in o]
    if not options:
        return None

    def rank(option: dict) -> tuple:
        unit = st.units[option["enemy"]]
        return placed.get(option["target"], 0), GROUND_ORDER.get(unit.type, 3), unit.id
    return min(options, key=rank)


def end_day(bot, decision: Decision, st: State) -> dict:
    """Agree to end the day when no bomber has a target it could still reach and leave."""
    yes, no = _pick(decision, "end_day"), _pick(decision, "continue")
    if bot.strength == "easy":
        return yes
    hours_left = st.static.scenario.hours_per_turn - st.hour
    intel = bot.intel(st)
    aims = intel.aims(airbases=False)
    for unit in st.side_units(bot.side):
        rules = unit.rules if unit.air and unit.square is not None else None
        if not rules or not rules.bombs or unit.bombed:
            continue
        limit = rules.missions_per_turn or (None if unit.short_range else 1)
        if limit is not None and unit.sorties >= limit:
            continue
        reach = unit.speed if must_land_next_hour(st, unit) else unit.speed * max(1, hours_left // 2)
        if any(st.static.dist[unit.square][a.square] <= reach for a in aims):
            return no
    return yes


def redeploy(bot, decision: Decision, st: State) -> dict:
    """Move a based unit to a much better airbase (at most a few a turn)."""
    done = _pick(decision, "done")
    if bot.strength == "easy":
        return done
    moves = bot.memory.setdefault("redeploys", {})
    count = moves.get(st.turn, 0)
    if count >= 4:
        return done
    bases = [sq for sq, room in st.rooms(bot.side).items() if room > 0]
    score = base_scores(bot, st)
    ranked: dict[int, list[tuple[float, int]]] = {}  # by a unit's reach: the bases, best first
    for option in decision.options:
        if option["type"] != "redeploy" or not st.units[option["unit"]].air:
            continue
        unit = st.units[option["unit"]]
        reach = _reach(st, unit)
        here = score(reach, unit.square)
        if reach not in ranked:
            ranked[reach] = sorted([(score(reach, sq), sq) for sq in bases])
        better = None
        for pair in ranked[reach]:
            if pair[1] != unit.square:
                better = pair
                break
        if better is not None and better[0] <= here - 1.5:
            moves[st.turn] = count + 1
            bot.memory["redeploy_to"] = better[1]
            return option
    return done


def redeploy_to(bot, decision: Decision, st: State) -> dict:
    target = bot.memory.pop("redeploy_to", None)
    for option in decision.options:
        if option["type"] == "base" and st.static.index[option["at"]] == target:
            return option
    return decision.options[-1]


def strongest(bot, decision: Decision, st: State) -> dict:
    return max(decision.options, key=lambda o: (value(st, st.units[o["unit"]]), o["unit"]))


def site(bot, decision: Decision, st: State) -> dict:
    """An airbase counter as near the enemy's targets as the player may put it."""
    if bot.strength == "easy":
        return decision.options[0]
    intel = bot.intel(st)
    aims = [a.square for a in intel.aims(airbases=False)] or [0]
    static = st.static
    return min(decision.options,
               key=lambda o: (min(static.dist[static.index[o["at"]]][a] for a in aims), o["at"]))


def reveal(bot, decision: Decision, st: State) -> dict:
    def count(option: dict) -> int:
        return len(st.at(st.static.index[option["at"]]))
    return max(decision.options, key=count)


CHOICES = {
    "aw.place": place,
    "aw.card": card,
    "aw.mode": mode,
    "aw.loss": loss,
    "aw.aa": lambda bot, d, st: _pick(d, "fire") or d.options[0],
    "aw.bomb": bomb,
    "aw.end_day": end_day,
    "aw.redeploy": redeploy,
    "aw.redeploy_to": redeploy_to,
    "aw.select": strongest,
    "aw.refit": strongest,
    "aw.site": site,
    "aw.airbase_move": lambda bot, d, st: _pick(d, "keep"),
    "aw.reveal": reveal,
}
