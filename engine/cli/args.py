"""Argument helpers shared by the game commands."""

from __future__ import annotations

from engine.content.validate import UsageError


def parse_pairs(items: list[str], what: str) -> dict[str, str]:
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise UsageError(f"--{what} expects NAME=VALUE; got '{item}'")
        out[name] = value
    return out


def parse_options(raw: dict[str, str]) -> dict[str, bool]:
    out = {}
    for name, value in raw.items():
        if value.lower() not in ("on", "off", "true", "false", "yes", "no", "1", "0"):
            raise UsageError(f"--option {name}: expected on or off; got '{value}'")
        out[name] = value.lower() in ("on", "true", "yes", "1")
    return out
