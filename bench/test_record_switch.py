"""Time from choosing another record to its form, preview or board shown, through the real window.

The records are the bundled ones whose forms have the most widgets (an Air Force scenario has
over 6000, a data card about 3000, the Kuban map over 3000). Each round shows the next record of
a pair, alternating, and lets Qt lay out and paint what changed (`processEvents`), as paging
through the browser does. Same kind: two scenarios, two data cards. Different kinds: a scenario,
a data card and a map in turn. Target for the same kind: 100 ms. The studio's style sheet is
applied, as `sortie studio` applies it: restyling widgets is much of what a form costs.
"""

import itertools

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from studio.style import apply_style

ROUNDS = 12
SCENARIOS = [("af.scenario", "low-altitude-mission"), ("af.scenario", "bomber-formations")]
CARDS = [("af.data_card", "spitfire-ix"), ("af.data_card", "p-51b")]
MIXED = [SCENARIOS[0], CARDS[0], ("aw.map", "kuban")]


@pytest.fixture
def styled(qapp):
    apply_style(qapp)
    yield
    qapp.setStyleSheet("")  # the other benches run as before


@pytest.mark.parametrize("keys", [SCENARIOS, CARDS, MIXED], ids=["af-scenarios", "af-data-cards", "mixed-kinds"])
def test_switch_between_big_records(benchmark, bundled_window, styled, keys):
    window = bundled_window
    records = [next(r for r in window.session.records() if (r.kind, r.id) == key) for key in keys]
    cycle = itertools.cycle(records)
    shown = []

    def switch():
        rec = next(cycle)
        window.show_record(rec)
        QApplication.processEvents()
        shown.append((rec, window.form.rec, len(window.form.page.findChildren(QWidget))))

    benchmark.pedantic(switch, rounds=ROUNDS, iterations=1, warmup_rounds=len(records))
    for rec, on_show, widgets in shown:
        assert on_show is rec
        assert widgets > 2000  # a big form, as the bench claims
