"""Loss extraction (18.3): the owner picks the units, kills before aborts, one at a time.

Used for air combat, AA fire, attacks on based air units (30.8) and aborts
over the stacking limit (14.0). Each unit takes at most one result; losses
beyond the units involved have no effect (18.3 Excess Losses).
"""

from __future__ import annotations

from typing import Generator

from engine.core.decisions import Decision

from .state import ABORT, DAMAGE, State, Unit

BOX = {"kill": DAMAGE, "abort": ABORT}
SECTION = {"kill": "18.2 Kill", "abort": "18.2 Abort"}


def take_losses(game, st: State, side: str, pool: list[Unit], kills: int, aborts: int,
                why: str, by: dict[str, list[str]] | None = None) -> Generator:
    """Apply `kills` then `aborts` to units of `side` chosen from `pool`.

    `by` gives, per result ('kill', 'abort'), the ids of the units whose fire
    scored it, for the `by` of the removal events.
    """
    pool = [u for u in pool if u.square is not None]
    applied = 0
    for result, count in (("kill", kills), ("abort", aborts)):
        for _ in range(count):
            if not pool:
                break
            if len(pool) == 1:
                unit = pool[0]
            else:
                options = [{"type": result, "unit": u.id, "label": f"{result} {u.name}"} for u in pool]
                names = {u.id: u for u in pool}
                action = yield Decision(
                    side, "aw.loss", f"{why}: choose the unit that takes {'an' if result[0] in 'aeiou' else 'a'} {result} (kills first, 18.3)",
                    options, context={"result": result, "why": why, "at": st.static.label(pool[0].square)},
                    explain=_explain_loss(names, result),
                )
                unit = names[action["unit"]]
            pool.remove(unit)
            applied += 1
            st.remove(unit, BOX[result], f"{why}: {result} ({SECTION[result]})",
                      by=(by or {}).get(result, []))
    excess = kills + aborts - applied
    if excess > 0:
        st.emit("aw.excess_losses", side=side, excess=excess, why=f"{why}: no more units to take them (18.3)")


def _explain_loss(units: dict[str, Unit], result: str):
    def explain(action: dict) -> str:
        if action.get("type") != result:
            return (f"a {result} must be taken now: kills are removed before aborts (18.3), "
                    f"not '{action.get('type')}'")
        return (f"'{action.get('unit')}' is not one of the units in this combat that can take "
                f"it: {', '.join(sorted(units))}")
    return explain
