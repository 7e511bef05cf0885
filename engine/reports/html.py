"""Balance reports as HTML tables, two runs compared with the real changes highlighted, the
strength matrix and sweeps.

A win-rate change counts when its two-proportion test (Fisher's exact for small counts) gives
p < 0.05 (`engine.core.simulate.compare`), shown with the p-value and the effect size; a change
of mean score or length when it is more than 1.96 standard errors (the runs' spreads and sizes
are in the reports). Kills and losses per unit type are shown with
their change but not judged: the report keeps no spread for them. No Qt here.
"""

from __future__ import annotations

import html
import math

from engine.core.simulate import compare

UP, DOWN, FLAT = "#c8e6c9", "#ffcdd2", "transparent"


def _table(header: list[str], rows: list[list[str]], fills: list[str] | None = None) -> str:
    head = "".join(f"<th align='left' style='padding:2px 8px'>{html.escape(h)}</th>" for h in header)
    body = ""
    for i, row in enumerate(rows):
        fill = fills[i] if fills else FLAT
        body += f"<tr style='background:{fill}'>" + "".join(
            f"<td style='padding:2px 8px'>{cell}</td>" for cell in row) + "</tr>"
    return f"<table cellspacing='0' style='border-collapse:collapse'><tr style='background:#eceff1'>{head}</tr>{body}</table>"


def _pct(x: float) -> str:
    return f"{x:.1%}"


def report_html(report: dict, title: str) -> str:
    n = report["games"]
    if not n:
        return f"<h3>{html.escape(title)}</h3><p>No game finished.</p>"
    out = [f"<h3 style='margin:4px 0'>{html.escape(title)}</h3>",
           f"<p>{n} games, seeds {report['seeds'][0]}–{report['seeds'][1]}</p>"]
    out.append(_table(["side", "wins", "rate", "95% interval"], [
        [html.escape(side), str(w["wins"]), _pct(w["rate"]), f"{_pct(w['ci95'][0])} – {_pct(w['ci95'][1])}"]
        for side, w in report["win_rates"].items()]))
    out.append("<p><b>Score and length</b></p>")
    stats = [(f"score {side}", s) for side, s in report["score"].items()] + [("turns", report["turns"])]
    out.append(_table(["", "mean", "sd", "min", "q1", "median", "q3", "max"], [
        [html.escape(name), f"{s['mean']:.2f}", f"{s['stdev']:.2f}", f"{s['min']:g}", f"{s['q1']:g}",
         f"{s['median']:g}", f"{s['q3']:g}", f"{s['max']:g}"] for name, s in stats]))
    detect = report["detect"]
    out.append(f"<p>To see a {detect['change'] * 100:g}-point change of a win rate (p &lt; {detect['alpha']:g}, "
               f"{detect['power']:.0%} power) each run needs " + ", ".join(
                   f"{html.escape(side)} {games:,} games" for side, games in detect["games"].items()) + ".</p>")
    if report["results"]:
        out.append("<p><b>Results</b>: " + ", ".join(
            f"{html.escape(r)} {c}" for r, c in report["results"].items()) + "</p>")
    if report["per_unit_type"]:
        out.append("<p><b>Per unit type</b> (per game)</p>")
        out.append(_table(["side:type", "kills", "losses"], [
            [html.escape(k), f"{v['kills']:.2f}", f"{v['losses']:.2f}"]
            for k, v in report["per_unit_type"].items()]))
    return "".join(out)


def mean_shift(before: dict, after: dict, n_before: int, n_after: int) -> bool:
    """Whether two means differ by more than 1.96 standard errors."""
    se = math.sqrt(before["stdev"] ** 2 / max(n_before, 1) + after["stdev"] ** 2 / max(n_after, 1))
    diff = after["mean"] - before["mean"]
    return abs(diff) > 1.96 * se if se > 0 else diff != 0


def comparison(before: dict, after: dict) -> dict:
    """`compare` plus which mean changes are real, and per-unit-type changes."""
    out = compare(before, after)
    nb, na = before["games"], after["games"]
    for side, change in out["score_mean"].items():
        change["significant"] = mean_shift(before["score"][side], after["score"][side], nb, na)
    if out["turns_mean"] is not None:
        out["turns_mean"]["significant"] = mean_shift(before["turns"], after["turns"], nb, na)
    per = {}
    for key in sorted(set(before["per_unit_type"]) | set(after["per_unit_type"])):
        b = before["per_unit_type"].get(key, {"kills": 0.0, "losses": 0.0})
        a = after["per_unit_type"].get(key, {"kills": 0.0, "losses": 0.0})
        per[key] = {m: {"before": b[m], "after": a[m], "change": round(a[m] - b[m], 4)} for m in ("kills", "losses")}
    out["per_unit_type"] = per
    out["same_seeds"] = before.get("seeds") == after.get("seeds")
    return out


def comparison_html(diff: dict, names: tuple[str, str]) -> str:
    """The comparison as tables; significant changes shaded (green up, red down)."""
    before, after = (html.escape(n) for n in names)
    seeds = "same seeds" if diff["same_seeds"] else "<b>different seeds</b>: differences include luck"
    out = [f"<h3 style='margin:4px 0'>{after} compared with {before}</h3><p>{seeds}; shaded: the change "
           "is beyond chance at 95% (win rates: p &lt; 0.05 by a two-proportion test, Fisher's exact for small "
           "counts; h is Cohen's effect size, 0.2 small, 0.5 medium).</p>"]

    def shade(change: dict) -> str:
        if not change.get("significant"):
            return FLAT
        return UP if change["change"] > 0 else DOWN

    rows, fills = [], []
    for side, c in diff["win_rates"].items():
        if c["after"] is None:  # a side renamed or gone since
            rows.append([f"win rate {html.escape(side)}", _pct(c["before"]), "not a side now", "", "", ""])
        else:
            rows.append([f"win rate {html.escape(side)}", _pct(c["before"]), _pct(c["after"]), f"{c['change']:+.1%}",
                         f"{c['p_value']:.3g} ({html.escape(c['test'])})", f"{c['cohens_h']:+.2f}"])
        fills.append(shade(c))
    for side, c in diff["score_mean"].items():
        rows.append([f"mean score {html.escape(side)}", f"{c['before']:.2f}", f"{c['after']:.2f}",
                     f"{c['change']:+.2f}", "", ""])
        fills.append(shade(c))
    if diff["turns_mean"]:
        c = diff["turns_mean"]
        rows.append(["mean length (turns)", f"{c['before']:.2f}", f"{c['after']:.2f}", f"{c['change']:+.2f}", "", ""])
        fills.append(shade(c))
    out.append(_table(["", before, after, "change", "p", "h"], rows, fills))
    if diff["per_unit_type"]:
        out.append("<p><b>Per unit type</b> (per game)</p>")
        out.append(_table(["side:type", "kills", "losses"], [
            [html.escape(k), f"{v['kills']['before']:.2f} → {v['kills']['after']:.2f} ({v['kills']['change']:+.2f})",
             f"{v['losses']['before']:.2f} → {v['losses']['after']:.2f} ({v['losses']['change']:+.2f})"]
            for k, v in diff["per_unit_type"].items()]))
    return "".join(out)


def matrix_html(m: dict) -> str:
    """A strength matrix (`engine.core.strength_matrix`): each pairing's win rates, how far each
    side's bot strength moves its win rate, and the verdict."""
    out = [f"<h3 style='margin:4px 0'>Strength matrix</h3><p>{m['games']} games of every pairing of bot "
           f"strengths, seeds {m['seeds'][0]}–{m['seeds'][1]} for each.</p>"]
    outcomes = list(m["pairings"][0]["win_rates"])
    out.append(_table([*(f"{s} bot" for s in m["sides"]), *outcomes], [
        [*(html.escape(cell["strengths"][s]) for s in m["sides"]),
         *(f"{_pct(w['rate'])} ({_pct(w['ci95'][0])} – {_pct(w['ci95'][1])})" for w in cell["win_rates"].values())]
        for cell in m["pairings"]]))
    out.append("<p><b>Each side's bot strength</b>: the change of its win rate</p>")
    rows, fills = [], []
    for side, effects in m["bot_strength_effect"].items():
        for e in effects:
            against = ", ".join(f"{s} {k}" for s, k in e["against"].items())
            rows.append([html.escape(side), f"{html.escape(e['from'])} → {html.escape(e['to'])}",
                         html.escape(against), f"{e['change'] * 100:+.1f} points", f"{e['p_value']:.2g}"])
            fills.append(UP if e["significant"] and e["change"] > 0 else DOWN if e["change"] <= 0 else FLAT)
    out.append(_table(["side", "bot", "against", "win rate", "p"], rows, fills))
    out.append(f"<p>{html.escape(m['verdict'])}</p>")
    return "".join(out)


def sweep_html(summary: dict) -> str:
    """A sweep (`engine.core.sweep`): each variant's values and win rates, and what a search found."""
    names = summary["vary"]
    outcomes = list(summary["variants"][0]["report"]["win_rates"]) if summary["variants"] else []
    out = [f"<p>{summary['games']} games a variant, seeds {summary['seed']}–{summary['seed'] + summary['games'] - 1}, "
           "every variant on the same seeds.</p>"]
    out.append(_table([*names, *outcomes], [
        [*(html.escape(str(v["values"][n])) for n in names),
         *(f"{_pct(w['rate'])} ({_pct(w['ci95'][0])} – {_pct(w['ci95'][1])})" for w in v["report"]["win_rates"].values())]
        for v in summary["variants"]]))
    if "target" in summary:
        found = (f"{html.escape(names[0])} = {summary['value']} brings {html.escape(summary['side'])} nearest to "
                 f"{summary['target']:.0%}") if summary["value"] is not None else f"No value found: {html.escape(summary['why'])}"
        out.append(f"<p><b>{found}</b></p>")
    return "".join(out)
