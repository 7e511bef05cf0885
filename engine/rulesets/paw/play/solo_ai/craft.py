"""What an AI plane can do this round: turn sides, templates by Energy, damage effects.

Read once per state of the plane (damage, markers, load) rather than at every step of
every plan the pilot tries.
"""

from __future__ import annotations

from ..state import LETTERS, Plane, State


class Craft:
    def __init__(self, state: State, plane: Plane) -> None:
        self.s, self.plane = state, plane
        self.sides = state.turn_sides(plane)
        self.no_wingover = bool(plane.effects("cant_wingover"))
        self.no_slip = {e.direction for e in plane.effects("cant_side_slip")}
        self.no_climb = bool(plane.effects("cant_climb"))
        self.barred_high = state.barred_high(plane)
        self.max_energy = state.max_energy(plane)
        self._letters: dict[int, list[str]] = {}

    @staticmethod
    def key(plane: Plane) -> tuple:
        """What the craft depends on besides the dashboard."""
        return (plane.id, plane.damaged, len(plane.markers), plane.loadout)

    def letters(self, energy: int) -> list[str]:
        """Templates allowed at `energy` (`State.letters`)."""
        if energy not in self._letters:
            self._letters[energy] = self.s.letters(self.plane, energy)
        return self._letters[energy]

    def rank(self, energy: int) -> int:
        """How tight the tightest template is at `energy` (0 = A); 9 when it cannot turn."""
        letters = self.letters(energy)
        return LETTERS.index(letters[0]) if letters else 9

    def tightest_turn_energy(self) -> int:
        """The highest Energy at which the plane still has its tightest template (4 for a 110)."""
        ranks = {e: self.rank(e) for e in range(1, self.max_energy + 1)}
        best = min(ranks.values())
        return max(e for e, r in ranks.items() if r == best)
