"""Events read aloud, one line each: for the studio's log and for a person playing at the terminal.

The rulesets' events carry their reasons as data (the roll, the modifiers, the threshold, a `why`),
but each names them its own way. These lines read them generically, so a new ruleset's events are
readable without touching the studio or the command line: the keys below are conventions, not a
schema.
"""

from __future__ import annotations

from typing import Any, Sequence

REASON_KEYS = ("why", "reason", "for", "cause")
QUIET = {"seq", "type", "hidden"}  # hidden: a mark for `sight` (a private draw), not news
LINE_LIMIT = 160


def value_text(value: Any) -> str:
    """A value as a person reads it: yes/no, signed modifiers, lists joined."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (list, tuple)) and len(v) == 2 and
                         all(isinstance(c, (int, float)) for c in v) for v in value):
            return " → ".join(f"({v[0]:g}, {v[1]:g})" for v in value)  # a path of points
        return ", ".join(value_text(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {value_text(v)}" for k, v in value.items()) or "none"
    return str(value)


def modifiers_text(mods: dict) -> str:
    return ", ".join(f"{v:+d} {k.replace('_', ' ')}" if isinstance(v, int) else f"{k} {v}"
                     for k, v in mods.items()) or "none"


def _where(event: dict, *keys: str) -> str:
    for key in keys:
        value = event.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, (list, tuple)) and len(value) == 2:
            return f"({value[0]:g}, {value[1]:g}) mm"
    return ""


def _names(value: Any) -> bool:
    """A list of names (the planes the solo AI flies): said, where other lists are left to the why pane."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def _records(value: Any) -> bool:
    """A list of records (each side's fire in an air combat: dice, rolls, results)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _compact(event: dict, skip: Sequence[str] = (), whole: bool = False) -> str:
    """The event's fields; `whole` adds its modifiers and its lists of records (in brackets)."""
    parts = []
    for key, value in event.items():
        if key in QUIET or key in skip or key in REASON_KEYS:
            continue
        if whole and _records(value):
            parts.append(f"{key.replace('_', ' ')} " + " ".join(f"[{_compact(v, whole=True)}]" for v in value))
            continue
        # what made a roll's total; other mappings may be keyed by unit ids, which `sight` does not
        # mask in keys: they are left to the studio's why pane
        if whole and key == "modifiers" and isinstance(value, dict):
            parts.append(f"modifiers {modifiers_text(value)}")
            continue
        if isinstance(value, (dict, list)) and key not in ("units", "targets", "order", "cards", "rolls", "results") \
                and not _names(value):
            continue
        parts.append(f"{key.replace('_', ' ')} {value_text(value)}")
    reason = next((event[k] for k in REASON_KEYS if isinstance(event.get(k), str)), "")
    text = ", ".join(parts)
    return f"{text} — {reason}" if reason else text


def line(event: dict, limit: int | None = LINE_LIMIT) -> str:
    """One line for the event log, cut at `limit` characters. None: whole, with the modifiers of a
    roll and the event's lists of records too, for a person at the terminal, who has no why pane to
    read them in."""
    kind = event["type"]
    if kind == "summary":
        text = event.get("text", "")
    elif kind == "roll":
        rolled = value_text(event.get("results") or event.get("order") or event.get("picked"))
        text = f"roll {event.get('die')}: {rolled} — {event.get('for', '')}"
    elif kind == "decision":
        action = event.get("action", {})
        text = f"{event.get('side')} chose: {action.get('label') or value_text(action)}"
    elif kind == "decision.pending":
        text = f"{event.get('side')} to decide: {event.get('prompt', '')}"
    elif kind == "unit.placed":
        where = _where(event, "at", "pos")
        where = f"at {where}" if where else f"in the {event.get('box')} box"
        what = ", ".join(str(v) for v in (event.get("unit_type"), event.get("side")) if v)  # a target has no side
        text = f"{event['unit']}{f' ({what})' if what else ''} placed {where}"
    elif kind == "unit.moved":
        text = f"{event['unit']} moved to {_where(event, 'to', 'pos')}"
        if event.get("reason"):
            text += f" — {event['reason']}"
    elif kind == "unit.removed":
        text = f"{event['unit']} removed to {event.get('box', '?')}"
        if event.get("destroyed"):
            text += " (destroyed" + (f" by {', '.join(event['by'])}" if event.get("by") else "") + ")"
        if event.get("cause") or event.get("reason"):
            text += f" — {event.get('cause') or event.get('reason')}"
    elif kind == "unit.changed":
        text = f"{event['unit']}: {value_text(event.get('state', {}))}"
    elif kind == "game.start":
        text = f"game starts: {event.get('scenario')}, seed {event.get('seed')}"
    elif kind == "game.end":
        text = (f"game over: {event.get('result')} (winner {event.get('winner') or 'none'}), "
                f"score {value_text(event.get('score', {}))}, {event.get('turns')} turn(s)")
    else:
        text = f"{kind}: {_compact(event, whole=limit is None)}"
    return text if limit is None or len(text) <= limit else text[:limit - 1] + "…"
