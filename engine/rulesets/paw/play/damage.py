"""What a hit does: the basic model (flip, then destroyed) or the advanced one (a marker
drawn from the attack's aspect pile, cumulative effects, destroyed past Durability)."""

from __future__ import annotations

from .state import Plane, State


def destroy(state: State, game, plane: Plane, cause: str, by: list[str],
            scorer: str | None = None) -> None:
    """Remove a plane; `scorer` is the enemy side that shot it down (None for crashes,
    collisions and friendly fire, which score for nobody)."""
    plane.status = "destroyed"
    plane.shot_down_by = scorer if scorer != plane.side else None
    for m in plane.markers:
        state.piles.setdefault(m.aspect, []).append(m.id)
    for pile in state.piles.values():
        pile.sort()
    game.emit("unit.removed", unit=plane.id, box="destroyed", destroyed=True, by=by, cause=cause)


def _must_leave_high(state: State, plane: Plane) -> None:
    """'It must reach an allowed Altitude within its next turn': this round's if it is yet to
    move, else the next one's."""
    plane.leave_high_by = state.round + (1 if plane.moved else 0)


def flip(state: State, game, plane: Plane) -> None:
    plane.damaged = True
    fl = plane.flight
    fl.energy = min(fl.energy, state.max_energy(plane))
    high = state.high_index()
    if high is not None and fl.alt >= high and state.options["altitude"]:
        _must_leave_high(state, plane)
    game.emit("unit.changed", unit=plane.id, state={"damaged": True, "energy": fl.energy})


def hit_plane(state: State, game, plane: Plane, aspect: str, kill: bool, by: str | None,
              by_side: str | None = None) -> str:
    """Apply one hit; returns 'destroyed', 'damaged' or 'marker'."""
    if not plane.flying:
        return "already"
    by_list = [by] if by else []

    if kill:
        destroy(state, game, plane, "kill threshold", by_list, by_side)
        return "destroyed"
    if not state.options["advanced_damage"]:
        if plane.damaged:
            destroy(state, game, plane, "second hit", by_list, by_side)
            return "destroyed"
        flip(state, game, plane)
        return "damaged"
    pile = state.piles.get(aspect) or []
    if not pile:
        # an empty pile cannot be drawn from: the hit counts as in the basic model
        if plane.damaged:
            destroy(state, game, plane, "second hit", by_list, by_side)
            return "destroyed"
        flip(state, game, plane)
        return "damaged"
    drawn = game.dice.pick(pile, 1, f"damage marker for {plane.id} ({aspect})")[0]
    pile.remove(drawn)
    marker = next(m for m in state.tables.markers[aspect] if m.id == drawn)
    plane.markers.append(marker)
    game.emit("paw.damage_marker", plane=plane.id, aspect=aspect, marker=marker.id,
              hearts=marker.hearts, total_hearts=plane.hearts, durability=plane.dash.durability,
              effects=[e.effect for e in marker.effects])
    crew = any(e.effect == "crew_killed" for e in marker.effects) and plane.dash.gunners is None
    if plane.hearts > plane.dash.durability or crew:
        destroy(state, game, plane, "crew killed" if crew else "durability exceeded", by_list, by_side)
        return "destroyed"
    fl = plane.flight
    if plane.hearts >= 1 and not plane.damaged:
        flip(state, game, plane)
    else:
        fl.energy = min(fl.energy, state.max_energy(plane))
        if state.barred_high(plane) and fl.alt >= (state.high_index() or 99):
            _must_leave_high(state, plane)
        game.emit("unit.changed", unit=plane.id, state={"energy": fl.energy,
                                                         "hearts": plane.hearts})
    return "marker"


def hit_target(state: State, game, tid: str, by: str | None) -> bool:
    """Any hit on a ground target or ship destroys it."""
    t = state.targets[tid]
    if not t.alive:
        return False
    t.status = "destroyed"
    game.emit("unit.removed", unit=tid, box="destroyed", destroyed=True, by=[by] if by else [])
    return True


def apply(state: State, game, hits: list[dict]) -> list[str]:
    """Apply a subphase's hits in declaration order; returns summary phrases."""
    said = []
    for h in hits:
        if h.get("ground"):
            if hit_target(state, game, h["target"], h["by"]):
                said.append(f"{h['target']} destroyed")
            continue
        plane = state.planes[h["target"]]
        result = hit_plane(state, game, plane, h["aspect"], h["kill"], h["by"], h.get("by_side"))
        if result != "already":
            said.append(f"{plane.id} {result}")
    return said
