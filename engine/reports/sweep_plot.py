"""A sweep's curve — each outcome's win rate against the value, with its 95% interval — on a
plain matplotlib Figure drawn by Agg: no pyplot, so no GUI backend (and no Qt) is picked."""

from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure


def sweep_figure(summary: dict) -> Figure:
    """The curve on a figure of its own, for a file or a report page."""
    fig = Figure(figsize=(7, 4.5), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    draw_sweep(fig, summary)
    return fig


def draw_sweep(fig: Figure, summary: dict) -> None:
    """One line per outcome (each side, draws) over the variants: against the value when one field
    was varied and every value is a number, else against the variants in order. Drawn on `fig`
    as it is (the studio's sits on a Qt canvas)."""
    fig.clear()
    variants = summary["variants"]
    names = summary["vary"]
    values = [v["values"][names[0]] for v in variants]
    numeric = len(names) == 1 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in values)
    xs = values if numeric else list(range(len(variants)))
    ax = fig.subplots()
    outcomes = list(variants[0]["report"]["win_rates"]) if variants else []
    for outcome in outcomes:
        rates = [v["report"]["win_rates"][outcome] for v in variants]
        ax.errorbar(xs, [r["rate"] for r in rates], capsize=3, marker="o", label=outcome,
                    yerr=[[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]])
    if "target" in summary:
        ax.axhline(summary["target"], color="#808080", linestyle="--", linewidth=0.8,
                   label=f"target for {summary['side']}")
    if not numeric:
        ax.set_xticks(xs, [", ".join(f"{n.rpartition('.')[2]}={v['values'][n]}" for n in names) for v in variants],
                      rotation=30, ha="right", fontsize="small")
    ax.set_xlabel(names[0] if numeric else "variant")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{summary['scenario']}: {summary['games']} games a variant, seeds from {summary['seed']}",
                 fontsize="medium")
    ax.legend(fontsize="small")

