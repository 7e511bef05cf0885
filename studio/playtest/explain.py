"""Why an event happened, and the fire it shows on the board (an event's one line is
`engine.cli.narrate.line`, shared with the terminal).

The rulesets' events carry their reasons as data — the roll, the modifiers, the
threshold, the table column, a `why` — but each names them its own way. This
module reads them generically, so a new ruleset's events are readable without
touching the studio: the keys below are conventions, not a schema (a shot's `brief` is the few
words the board writes by it, its `arc` the shooter's arc of fire to draw). No Qt here.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.core.game import Outcome
from engine.cli.narrate import QUIET, REASON_KEYS, line, modifiers_text, value_text

TABLE_KEYS = ("table", "column", "printed")
SHOOTER_KEYS = ("shooter", "attacker", "firer", "plane", "unit", "marker", "by")


# --------------------------------------------------------------------------- fire


@dataclass(frozen=True)
class Shot:
    """Fire an event shows: from a unit at a unit, or dice rolled at a cell."""

    target: str  # a unit id, or a cell label when `at_cell`
    shooter: str | None
    hit: bool | None  # None: the event does not say
    label: str  # the roll and result, short enough to sit on the board
    at_cell: bool = False
    arc: float | None = None  # the shooter's arc of fire, degrees wide about its facing
    reach: int | None = None  # how far the arc is drawn, in cells


def _hit(event: dict) -> bool | None:
    if isinstance(event.get("hit"), bool):
        return event["hit"] or bool(event.get("kill"))
    if isinstance(event.get("hits"), (int, str)):  # a count, or one letter a hit (Air Force)
        return bool(event["hits"])
    results = event.get("results")
    if isinstance(results, list) and results and all(isinstance(r, str) for r in results):
        return any(r not in ("none", "miss", "") for r in results)
    fire = event.get("fire")
    if isinstance(fire, list) and fire:
        return any(f.get("kills") or f.get("aborts") for f in fire if isinstance(f, dict))
    return None


def dice_text(event: dict) -> str:
    """The roll and what it needed, as printed tables read: '8 +1 = 9 vs 12+: miss'."""
    parts = []
    if "roll" in event and isinstance(event["roll"], int):
        text = str(event["roll"])
        mods = [v for v in (event.get("modifiers") or {}).values() if isinstance(v, int) and v]
        if event.get("unmodified"):
            text += " (natural, unmodified)"
        elif mods:
            text += " " + " ".join(f"{v:+d}" for v in mods) + f" = {event.get('total', '?')}"
        parts.append(text)
    elif isinstance(event.get("rolls"), list):
        parts.append(value_text(event["rolls"]))
    need = event.get("threshold", event.get("need"))
    if need is not None:
        parts.append(f"vs {need}+" if isinstance(need, int) else f"needs {need}")
    hit = _hit(event)
    outcome = ("kill" if event.get("kill") else "hit" if hit else "miss") if hit is not None else ""
    if isinstance(event.get("hits"), int) and event["hits"] > 1:
        outcome = f"{event['hits']} hits"
    text = " ".join(parts)
    return f"{text}: {outcome}" if text and outcome else text or outcome


def shot(event: dict, units: Any) -> Shot | None:
    """The fire in `event` among the units on the board (`units`: ids), if it shows any."""
    if event["type"] in ("roll", "unit.removed", "unit.changed", "decision", "decision.pending"):
        return None
    target = event.get("target")
    if isinstance(target, str) and target in units:
        shooter = next((event[k] for k in SHOOTER_KEYS if isinstance(event.get(k), str)
                        and event[k] in units and event[k] != target), None)
        arc = event.get("arc") if isinstance(event.get("arc"), dict) else {}
        label = event["brief"] if isinstance(event.get("brief"), str) else dice_text(event)
        return Shot(target, shooter, _hit(event), label, arc=arc.get("degrees"), reach=arc.get("reach"))
    at = event.get("at")
    if isinstance(at, str) and any(k in event for k in ("rolls", "results", "fire")):
        return Shot(at, None, _hit(event), dice_text(event) or event["type"], at_cell=True)
    return None


# --------------------------------------------------------------------------- why


@dataclass
class Reading:
    """What a selected event says and why it happened, ready to show."""

    title: str
    kind: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    dice: list[str] = field(default_factory=list)  # the rolls that led to it
    because: list[str] = field(default_factory=list)  # reasons, table, the decision before it

    def html(self) -> str:
        out = [f"<h3 style='margin:2px 0'>{html.escape(self.title)}</h3>",
               f"<p style='color:#666;margin:0'>{html.escape(self.kind)}</p>"]
        if self.because:
            out.append("<p><b>Why</b></p><ul style='margin-top:0'>" + "".join(
                f"<li>{html.escape(b)}</li>" for b in self.because) + "</ul>")
        if self.dice:
            out.append("<p><b>Dice</b></p><ul style='margin-top:0'>" + "".join(
                f"<li>{html.escape(d)}</li>" for d in self.dice) + "</ul>")
        if self.facts:
            rows = "".join(f"<tr><td style='color:#555;padding-right:10px;vertical-align:top'>"
                           f"{html.escape(k)}</td><td>{html.escape(v)}</td></tr>" for k, v in self.facts)
            out.append(f"<table>{rows}</table>")
        return "".join(out)


def _roll_text(event: dict) -> str:
    rolled = value_text(event.get("results") or event.get("order") or event.get("picked"))
    context = {k: v for k, v in event.items() if k not in QUIET | {"die", "count", "results", "for",
                                                                    "order", "picked"}}
    extra = f" ({value_text(context)})" if context else ""
    return f"{event.get('die')} rolled {rolled} for {event.get('for', '?')}{extra}"


def _fire_lines(event: dict) -> list[str]:
    """Each side's fire in a combat event holding a list of fire entries (aw air combat)."""
    out = []
    for entry in event.get("fire", []):
        if isinstance(entry, dict):
            table = f" on the {entry['column']} column" if entry.get("column") else ""
            out.append(f"{entry.get('side', '?')}: {entry.get('dice', '?')} dice{table}, rolled "
                       f"{value_text(entry.get('rolls', []))} → {value_text(entry.get('results', []))}")
    return out


def _cause(events: Sequence[dict], index: int) -> dict | None:
    """For a unit event, the game event it carries out (a shot before the hits it scores)."""
    if not events[index]["type"].startswith("unit."):
        return None
    before = index - 1
    while before >= 0 and (events[before]["type"] == "roll" or events[before]["type"].startswith("unit.")):
        before -= 1
    found = events[before] if before >= 0 else None
    if found is None or found["type"] in ("decision", "decision.pending", "game.start"):
        return None
    return found


def _result(reading: Reading, event: dict, outcome: Outcome | None) -> None:
    """The game's end read as the terminal ends `sortie play`: the result, who won and why. The
    reasons live in the outcome's details, not in the logged event, so they come from the game."""
    why = outcome.details.get("why") if outcome is not None else None
    reading.because.append(f"{event.get('result')} (winner: {event.get('winner') or 'none'})"
                           + (f" — {why}" if isinstance(why, str) else ""))
    for key, value in (outcome.details.items() if outcome is not None else ()):
        label = key.replace("_", " ")
        if key == "why":
            continue
        if key in REASON_KEYS + ("ended",) and isinstance(value, str):
            reading.because.append(f"{label}: {value}")
        else:
            reading.facts.append((label, value_text(value)))


def read(events: Sequence[dict], index: int, outcome: Outcome | None = None) -> Reading:
    """Why `events[index]` happened: its own reasons and numbers, the dice rolled for it
    (the rolls since the previous event of the game), and the decision it follows.
    `outcome`: the finished game's, when `events[index]` is its end."""
    event = events[index]
    reading = Reading(line(event), event["type"])
    if event["type"] == "game.end":
        _result(reading, event, outcome)
    for key, value in event.items():
        if key in QUIET:
            continue
        label = key.replace("_", " ")
        if key == "modifiers" and isinstance(value, dict):
            reading.facts.append((label, modifiers_text(value)))
        elif key in REASON_KEYS and isinstance(value, str):
            reading.because.append(value)
        elif key in TABLE_KEYS and value is not None:
            reading.because.append(f"table {label}: {value_text(value)}")
            reading.facts.append((label, value_text(value)))
        elif key == "fire" and isinstance(value, list):
            reading.dice += _fire_lines(event)
        else:
            reading.facts.append((label, value_text(value)))
    rolled = dice_text(event)
    if rolled and event["type"] != "roll":
        reading.dice.append(f"{rolled}" + (f" (modifiers: {modifiers_text(event['modifiers'])})"
                                           if isinstance(event.get("modifiers"), dict)
                                           and event["modifiers"] else ""))
    if event["type"] == "roll":
        reading.dice.append(_roll_text(event))
    else:
        before = index - 1
        while before >= 0 and events[before]["type"] == "roll":
            before -= 1
        reading.dice[:0] = [_roll_text(e) for e in events[before + 1:index]]
    cause = _cause(events, index)
    if cause is not None:
        reading.because.append(f"follows {line(cause)}")
    if event["type"] == "decision":
        prompt = next((e for e in reversed(events[:index]) if e["type"] == "decision.pending"), None)
        if prompt is not None:
            reading.because.append(f"asked: {prompt.get('prompt', '')}")
    else:
        decided = next((e for e in reversed(events[:index]) if e["type"] == "decision"), None)
        if decided is not None and event["type"] not in ("decision.pending", "game.start"):
            action = decided.get("action", {})
            reading.because.append(f"after {decided.get('side')} chose: "
                                   f"{action.get('label') or value_text(action)}")
    return reading
