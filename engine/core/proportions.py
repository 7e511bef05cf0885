"""Win rates as proportions: their intervals, a test of a change between two runs, and the games
a run needs to see a change of a given size. The statistics come from statsmodels and
scipy.stats; this module only picks the test and rounds for the report.

Both libraries take most of a second to import and every `sortie` command loads the balance
modules, so they are imported when a figure is first asked for.
"""

from __future__ import annotations

import math

ALPHA = 0.05  # two-sided: the 95% of the intervals
POWER = 0.8  # the chance a run of the size asked for sees a real change of DETECT
DETECT = 0.03  # the change a designer asks about: three points of win rate
# Fewer expected games than this in a cell of the 2 x 2 table and the z-test's normal
# approximation is off (Cochran's rule): Fisher's exact test then.
MIN_EXPECTED = 5


def wilson(successes: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval for a proportion; honest at 0% and 100% too."""
    if n == 0:
        return (0.0, 1.0)
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(successes, n, alpha=ALPHA, method="wilson")
    return (max(0.0, float(low)), min(1.0, float(high)))


def _significant_figures(x: float, figures: int = 3) -> float:
    return float(f"{x:.{figures}g}")


def two_proportions(wins_before: int, games_before: int, wins_after: int, games_after: int) -> dict:
    """Whether a rate changed between two runs: the two-proportion z-test (pooled), or Fisher's
    exact test when a cell expects fewer than MIN_EXPECTED games; the p-value (two-sided), and the
    effect size as Cohen's h (0.2 small, 0.5 medium, 0.8 large)."""
    if not games_before or not games_after:
        return {"test": None, "p_value": None, "cohens_h": None, "significant": False}
    from scipy.stats import fisher_exact
    from statsmodels.stats.proportion import proportion_effectsize, proportions_ztest

    table = [[wins_after, games_after - wins_after], [wins_before, games_before - wins_before]]
    total = games_before + games_after
    columns = (wins_before + wins_after, total - wins_before - wins_after)
    expected = min(row * col / total for row in (games_after, games_before) for col in columns)
    if expected < MIN_EXPECTED:
        test, p = "Fisher's exact", float(fisher_exact(table).pvalue)
    else:
        test = "two-proportion z"
        p = float(proportions_ztest([wins_after, wins_before], [games_after, games_before])[1])
    h = float(proportion_effectsize(wins_after / games_after, wins_before / games_before))
    return {"test": test, "p_value": _significant_figures(p), "cohens_h": round(h, 4), "significant": p < ALPHA}


def games_to_detect(rate: float, change: float = DETECT) -> int:
    """Games each of two runs needs for the two-proportion test to find a change of `change` from
    `rate` with POWER at ALPHA: a change towards 50%, the one that needs the more games."""
    from statsmodels.stats.power import NormalIndPower
    from statsmodels.stats.proportion import proportion_effectsize

    target = rate + change if rate <= 0.5 else rate - change
    h = abs(float(proportion_effectsize(target, rate)))
    return math.ceil(float(NormalIndPower().solve_power(effect_size=h, alpha=ALPHA, power=POWER, ratio=1.0)))


def even_split(wins_a: int, wins_b: int) -> float:
    """p-value of a lean between two sides: A's share of the games either won, against 50%."""
    if wins_a + wins_b == 0:
        return 1.0
    from scipy.stats import binomtest

    return _significant_figures(float(binomtest(wins_a, wins_a + wins_b).pvalue))
