"""The Sequence of Play (10.1): days of a Planning and an Operations Phase, each hour an
Intruder then an Interceptor hour of flying, air combat, AA and bombing; then
the victory points and the level of victory (28.0)."""

from __future__ import annotations

from typing import Generator

from engine.core.decisions import Decision
from engine.core.game import Outcome

from . import cards
from .bombing import bombing
from .combat import aa_fire, air_combat
from .flying import flying, must_land_next_hour
from .planning import planning
from .state import DAMAGE, REINFORCEMENTS, State


def play(game) -> Generator:
    """The days, each a Planning and an Operations Phase. The Operations Phase's hours are played
    here, not in a generator of their own: each of the some 600 decisions of a game's hours
    passes through every generator level between it and the game."""
    st: State = game.state
    _enter(st)
    cards.shuffle_decks(game, st)
    hours = st.static.scenario.hours_per_turn
    for turn in range(1, st.static.scenario.turns + 1):
        new_day(st, turn)
        yield from planning(game, st)
        st.phase = "operations"
        for hour in range(1, hours + 1):
            st.hour = hour
            for side in st.static.order:
                yield from side_hour(game, st, side)
            if hour < hours and (yield from _agreed_end(game, st)):
                st.emit("aw.day_ended", turn=st.turn, hour=hour,
                        why="both players agreed: all aircraft have landed (10.1 step 5)")
                break
        end_of_day(game, st)
        _summary(st)
    return finish(st)


def new_day(st: State, turn: int) -> None:
    """Sorties and bombs are counted per turn (16.1, 16.2, 20.0)."""
    st.turn, st.hour = turn, 0
    for unit in st.units.values():
        unit.sorties = unit.took_off = unit.landed = 0
        if unit.bombed:
            st.change(unit, {"bombed": False})
    st.emit("aw.turn", turn=turn, label=_turn_label(st, turn))


def _enter(st: State) -> None:
    """Every counter starts off the map: the Reinforcements Box or the unplaced pile (29.0)."""
    for unit in st.units.values():
        box = REINFORCEMENTS if unit.id in st.scheduled or unit.id in st.initial_box else unit.box
        st.add(unit, box)


def _turn_label(st: State, turn: int) -> str:
    return next((t.label for t in st.static.scenario.turn_labels if t.turn == turn), "")


def end_of_day(game, st: State) -> None:
    """The Operations Phase over: battles close, effects of the turn end, the decks are reshuffled."""
    cards.close_battles(st, None)
    st.effects = [e for e in st.effects if e.until == "game"]
    cards.reshuffle(game, st)
    st.emit("aw.turn_end", turn=st.turn)


def side_hour(game, st: State, side: str) -> Generator:
    st.active = side
    st.log.add({"seq": None, "type": "aw.hour", "turn": st.turn, "hour": st.hour, "side": side})
    st.segment = "flying"
    yield from cards.window(game, st, side, "flying")
    yield from flying(game, st, side)
    st.segment = "air_combat"
    yield from air_combat(game, st, side)
    st.segment = "aa"
    yield from aa_fire(game, st, side)
    st.segment = "bomb"
    yield from bombing(game, st, side)
    _crash(st, side)
    st.effects = [e for e in st.effects if e.until != "hour"]
    cards.close_battles(st, side)


def _crash(st: State, side: str) -> None:
    """Units still flying that had to land by now are destroyed (15.2, 16.1, 16.2, 26.2)."""
    last = st.hour == st.static.scenario.hours_per_turn
    for unit in st.airborne(side):
        if last:
            why = "did not land by the end of the turn (15.2, 16.2)"
        elif must_land_next_hour(st, unit) and unit.took_off < st.hour:
            why = "did not land by the end of the hour after it took off (16.1, 26.2)"
        else:
            continue
        st.emit("aw.crash", unit=unit.id, at=st.static.label(unit.square), why=why)
        st.remove(unit, DAMAGE, f"crashed: {why}")


def _agreed_end(game, st: State) -> Generator:
    """Players may end the day early when every aircraft has landed (10.1 step 5)."""
    if not st.static.rules.end_turn_by_agreement or any([st.in_the_air(side) for side in st.static.order]):
        return False
    for side in st.static.order:
        options = [{"type": "end_day", "label": "end the day now"},
                   {"type": "continue", "label": "fly on"}]
        action = yield Decision(side, "aw.end_day", f"all aircraft have landed after hour {st.hour}: "
                                "end the day by agreement?", options)
        if action["type"] != "end_day":
            return False
    return True


def _summary(st: State) -> None:
    """One line per turn: what was bombed, the fighting, and where each side stands (from the
    turn's events noted in `State.summed` as they were logged)."""
    static = st.static
    bombed: dict[str, list[str]] = {side: [] for side in static.order}
    lost = {side: 0 for side in static.order}
    combats = 0
    for event in st.summed:
        kind = event["type"]
        if kind == "aw.target_bombed":
            place = static.describe(static.index[event["at"]])
            unit = event.get("unit")  # a ground unit (20.2): no VP
            bombed[event["side"]].append(f"{st.units[unit].name} at {place}" if unit else f"{place} +{event['vp']}")
        elif kind == "aw.air_combat":
            combats += 1
        else:  # a unit removed to the Damage Box: destroyed
            lost[st.units[event["unit"]].side] += 1
    st.summed = []
    parts = []
    for side in static.order:
        hits = ", ".join(bombed[side]) or "nothing"
        parts.append(f"{side} bombed {hits}, lost {lost[side]} destroyed, {st.sides[side].vp} VP, "
                     f"command level {st.command_level(side)}")
    st.emit("summary", text=f"Turn {st.turn} ({_turn_label(st, st.turn)}): {combats} air combat(s); "
                            + "; ".join(parts))


def finish(st: State) -> Outcome:
    """VP for enemy air units in the Damage Box (28.2, 28.3), then the level of victory (28.1)."""
    static = st.static
    for side in static.order:
        per = static.setups[side].vp_per_enemy_air_unit_damaged
        for unit in st.side_units(static.enemy[side]):
            if unit.air and unit.box == DAMAGE:
                st.score(side, per, "enemy air unit in the Damage Box at the end of the game (28.2, 28.3)",
                         unit=unit.id)
    victory = static.victory
    score = {side: st.sides[side].vp for side in static.order}
    difference = score[victory.plus] - score[victory.minus]
    level = victory.level_for(difference)
    winner = level.winner if level and level.level != "draw" else None
    result = level.name if level else "no level of victory"
    st.emit("aw.victory", difference=difference, level=result, winner=winner,
            why=f"{victory.plus} {score[victory.plus]} VP - {victory.minus} {score[victory.minus]} VP (28.0)")
    st.emit("summary", text=f"Final: {victory.plus} {score[victory.plus]} - {victory.minus} "
                            f"{score[victory.minus]} = {difference:+d}: {result}")
    return Outcome(winner, result, score, st.turn, {"difference": difference})
