"""How much of a balance result is the bots: every pairing of bot strengths, one per side, played
on the same seeds, with how far each side's win rate moves with its own bot's strength and a
verdict — a bot gap, or the scenario.

A result is the scenario's when equal bots give it at every strength; when the lean of equal
bots changes with their strength, a better player would move it too, and it says more about the
bots than about the design.
"""

from __future__ import annotations

from itertools import product
from statistics import fmean
from typing import Callable

from .batch import Batch, Executor, play_batch
from .executors import LocalExecutor
from .proportions import ALPHA, even_split, two_proportions
from .simulate import report


def pairings(strengths: tuple[str, ...], sides: list[str]) -> list[dict[str, str]]:
    """Every pairing of bot strengths, one per side, the first side's strength changing slowest."""
    return [dict(zip(sides, combo)) for combo in product(strengths, repeat=len(sides))]


def strength_matrix(engine, scenario, content, games: int, seed: int = 1, jobs: int = 1,
                    options: dict[str, bool] | None = None,
                    progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None, executor: Executor | None = None) -> dict:
    """Play `games` games of every pairing (seeds S to S+games-1 for each) on `executor` (default:
    `jobs` processes of this machine) and read the matrix."""
    sides = engine.sides(scenario)
    cells = pairings(tuple(engine.bot_strengths), sides)
    played = play_batch(Batch(engine, scenario, content, options or {}), games, executor or LocalExecutor(jobs),
                        seed, cells, progress, cancelled)
    return matrix(cells, [report(results, sides) for results in played], sides, tuple(engine.bot_strengths))


def _cell(cells: list[dict], reports: list[dict], strengths: dict[str, str]) -> dict:
    return reports[cells.index(strengths)]


def matrix(cells: list[dict[str, str]], reports: list[dict], sides: list[str], strengths: tuple[str, ...]) -> dict:
    """The reports of every pairing read as a strength matrix (see the module's docstring)."""
    weakest = strengths[0]
    effects: dict[str, list[dict]] = {}
    for side in sides:
        effects[side] = []
        for stronger in strengths[1:]:
            for cell in (c for c in cells if c[side] == weakest):
                before, after = _cell(cells, reports, cell), _cell(cells, reports, {**cell, side: stronger})
                b, a = before["win_rates"][side], after["win_rates"][side]
                effects[side].append({
                    "from": weakest, "to": stronger, "against": {s: v for s, v in cell.items() if s != side},
                    "change": round(a["rate"] - b["rate"], 4),
                    **two_proportions(b["wins"], before["games"], a["wins"], after["games"])})
    equal = [{"strength": k, "win_rates": _cell(cells, reports, dict.fromkeys(sides, k))["win_rates"]}
             for k in strengths]
    out = {
        "games": reports[0]["games"] if reports else 0,
        "seeds": reports[0]["seeds"] if reports else [],
        "sides": sides,
        "strengths": list(strengths),
        "pairings": [{"strengths": cell, "games": rep["games"], "win_rates": rep["win_rates"]}
                     for cell, rep in zip(cells, reports)],
        "bot_strength_effect": effects,
        "equal_bots": equal,
    }
    out["verdict"] = verdict(out) if out["games"] else "No game finished."
    return out


def _swing(effects: list[dict], stronger: str) -> float:
    """The mean change of a side's win rate from its weakest bot to `stronger`, over the other sides' bots."""
    return fmean(e["change"] for e in effects if e["to"] == stronger)


def _against(effect: dict) -> str:
    return ", ".join(f"{s} {k}" for s, k in effect["against"].items())


def verdict(m: dict) -> str:
    """A few sentences a designer can act on: how far each side's bot strength moves the result,
    where a stronger bot does not beat the weakest, and whether the lean is the bots' or the scenario's."""
    sides, strengths = m["sides"], m["strengths"]
    weakest, strongest = strengths[0], strengths[-1]
    lines = []
    for side in sides:
        moves = ", ".join(f"{_swing(m['bot_strength_effect'][side], k) * 100:+.0f} points from its {weakest} "
                          f"bot to its {k} bot" for k in strengths[1:])
        lines.append(f"The win rate of {side} moves {moves}, averaged over the other bots.")
    for side in sides:
        for k in strengths[1:]:
            short = [f"{_against(e)} ({e['change'] * 100:+.1f} points, p = {e['p_value']:.2g})"
                     for e in m["bot_strength_effect"][side] if e["to"] == k and not (e["significant"] and e["change"] > 0)]
            if short:
                lines.append(f"The {k} {side} bot does not measurably beat its {weakest} bot against {'; '.join(short)}.")
    top = {row["strength"]: row["win_rates"] for row in m["equal_bots"]}
    leader = max(sides, key=lambda s: top[strongest][s]["wins"])

    def leads(k: str) -> str | None:
        """The side that wins more with equal `k` bots, beyond chance; None when they are even."""
        first, second = sorted(sides, key=lambda s: -top[k][s]["wins"])[:2]
        return first if even_split(top[k][first]["wins"], top[k][second]["wins"]) < ALPHA else None

    swing_side = max(sides, key=lambda s: max(abs(_swing(m["bot_strength_effect"][s], k)) for k in strengths[1:]))
    swing = max((abs(_swing(m["bot_strength_effect"][swing_side], k)) for k in strengths[1:]))
    rates = ", ".join(f"{top[k][leader]['rate']:.0%} with {k} bots" for k in strengths)
    lean = {k: leads(k) for k in strengths}
    if all(side == leader for side in lean.values()):
        lines.append(f"With equal bots {leader} wins {rates}: the lean holds at every strength, so it is "
                     "the scenario's, as far as these bots can tell.")
    elif lean[strongest] == leader:
        others = "; ".join(f"{lean[k]} leads with {k} bots" if lean[k] else f"the sides are even with {k} bots"
                           for k in strengths if lean[k] != leader)
        lines.append(f"With equal bots {leader} wins {rates}: {leader} leads with {strongest} bots, but {others}; "
                     f"the result moves {swing * 100:.0f} points with the bot of {swing_side}: "
                     "this is a bot gap, not a design verdict.")
    elif any(lean.values()):
        k = next(k for k in strengths if lean[k])
        lines.append(f"With equal {strongest} bots the sides are even within chance, but with equal {k} bots "
                     f"{lean[k]} leads: the balance depends on how well the sides are played.")
    else:
        lines.append(f"With equal bots {leader} wins {rates}: even within chance at every strength, "
                     "for these bots.")
    return " ".join(lines)
