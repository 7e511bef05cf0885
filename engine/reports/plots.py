"""Balance reports as matplotlib figures: win rates with their intervals, score and length
distributions, kills and losses per unit type — a compared run drawn beside in a paler tone.

Figures are built on a plain `matplotlib.figure.Figure` from the report dicts of
`engine.core.simulate.report`, so saved reports plot the same as fresh ones; the
balance panel shows them on a Qt canvas. No Qt here.
"""

from __future__ import annotations

from matplotlib.figure import Figure

NOW, BEFORE = "#1f5fa8", "#9db7d6"


def _hist(ax, histograms: list[tuple[dict, str, str]]) -> None:
    """Overlaid histograms on shared bins: whole numbers when the values are few."""
    values = sorted({float(v) for h, _c, _l in histograms for v in h})
    if not values:
        return
    low, high = values[0], values[-1]
    if high - low <= 30:
        bins = [low - 0.5 + i for i in range(int(high - low) + 2)]
    else:
        bins = [low + (high - low) * i / 20 for i in range(21)]
    for histogram, colour, label in histograms:
        keys = list(histogram)
        ax.hist([float(k) for k in keys], bins=bins, weights=[histogram[k] for k in keys],
                histtype="stepfilled", alpha=0.55, color=colour, edgecolor=colour, label=label)


def balance_figure(fig: Figure, report: dict, before: dict | None = None,
                   names: tuple[str, str] = ("this run", "compared run")) -> Figure:
    """Draw `report` (and `before`, if comparing) on `fig`, replacing what it held."""
    fig.clear()
    fig.set_layout_engine("constrained")
    axes = fig.subplots(2, 2)
    runs = [(report, NOW, names[0])] + ([(before, BEFORE, names[1])] if before else [])
    width = 0.8 / len(runs)

    ax = axes[0][0]
    sides = list(report["win_rates"])
    for n, (rep, colour, label) in enumerate(runs):
        rates = [rep["win_rates"].get(s, {"rate": 0, "ci95": [0, 0]}) for s in sides]
        xs = [i + (n - (len(runs) - 1) / 2) * width for i in range(len(sides))]
        ax.bar(xs, [r["rate"] for r in rates], width=width, color=colour, label=label,
               yerr=[[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]],
               capsize=3)
    ax.set_xticks(range(len(sides)), sides)
    ax.set_ylim(0, 1)
    _titled(ax, "Win rate (95% interval)")

    ax = axes[0][1]
    _hist(ax, [(stats["histogram"], colour if m == 0 else _darker(colour, 0.5), f"{side} ({label})")
               for rep, colour, label in runs for m, (side, stats) in enumerate(rep.get("score", {}).items())])
    _titled(ax, "Score per game")
    ax.set_ylabel("games")

    ax = axes[1][0]
    _hist(ax, [(rep["turns"]["histogram"], colour, label) for rep, colour, label in runs if rep.get("turns")])
    _titled(ax, "Game length")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")

    ax = axes[1][1]
    keys = sorted(set(report["per_unit_type"]) | set(before["per_unit_type"] if before else ()))
    for n, (rep, colour, label) in enumerate(runs):
        per = rep["per_unit_type"]
        ys = [i + n * 0.4 for i in range(len(keys))]
        ax.barh(ys, [per.get(k, {}).get("kills", 0) for k in keys], height=0.4, color=colour,
                label=f"kills ({label})")
        ax.barh(ys, [-per.get(k, {}).get("losses", 0) for k in keys], height=0.4, color=_darker(colour),
                label=f"losses ({label})")
    ax.set_yticks([i + 0.2 * (len(runs) - 1) for i in range(len(keys))], keys, fontsize="x-small")
    ax.axvline(0, color="#202020", linewidth=0.6)
    _titled(ax, "Per game: losses ← | → kills")
    return fig


def _titled(ax, title: str) -> None:
    """The title over a legend standing on the plot's top edge, where no bar or histogram reaches
    (a legend inside the plot covered the bars); the figure's constrained layout makes the room."""
    if ax.get_legend_handles_labels()[0]:
        ax.legend(title=title, title_fontproperties={"size": "medium"}, fontsize="x-small", ncols=2,
                  loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False, borderaxespad=0.2)
    else:
        ax.set_title(title)


def _darker(colour: str, amount: float = 0.35) -> str:
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * (1 - amount)):02x}" for c in rgb)
