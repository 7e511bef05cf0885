"""What an AI pilot remembers from the table: who fired at it, Flak bursts, its kills.

Read from the event log, so a replayed game remembers exactly what the live one did.
"""

from __future__ import annotations

from collections import defaultdict


class Memory:
    def __init__(self) -> None:
        self.cursor = 0
        self.round = 0
        self.fired_by: dict[str, dict[str, int]] = defaultdict(dict)  # target -> attacker -> round
        self.flak: dict[str, int] = {}  # plane -> last round a Flak marker attacked it
        self.kills: dict[str, int] = defaultdict(int)  # plane -> enemy planes it shot down

    def update(self, log, planes) -> None:
        """Read the events logged since the last call."""
        for event in log[self.cursor:]:
            kind = event["type"]
            if kind == "round.start":
                self.round = event["round"]
            elif kind == "paw.attack" and event.get("target") in planes:
                if event.get("attack") == "flak":
                    self.flak[event["target"]] = self.round
                elif event.get("plane") in planes:
                    self.fired_by[event["target"]][event["plane"]] = self.round
            elif kind == "unit.removed" and event.get("destroyed") and event["unit"] in planes:
                for shooter in event.get("by", []):
                    if shooter in planes and planes[shooter].side != planes[event["unit"]].side:
                        self.kills[shooter] += 1
        self.cursor = len(log)

    def attackers(self, plane: str, since: int) -> list[str]:
        """Planes that fired at `plane` in round `since` or later."""
        return sorted(a for a, r in self.fired_by.get(plane, {}).items() if r >= since)

    def under_flak(self, plane: str, since: int) -> bool:
        """Attacked by a Flak marker in round `since` or later."""
        return plane in self.flak and self.flak[plane] >= since
