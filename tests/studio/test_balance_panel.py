"""The Balance tab on its own: its compare view fed runs of known outcome, and the strength
matrix played on the toy ruleset."""

import pytest
from PySide6.QtCore import Qt

from engine.core.batch import GameSummary
from engine.core.simulate import report
from studio.playtest.balance import BalancePanel, BalanceRun
from studio.playtest.source import Setup, Source
from studio.playtest.where import RunOn
from tests import toy
from tests.core.test_game import content

SIDES = ["usa", "japan"]


def run_of(number: int, usa_wins: int, games: int = 1000) -> BalanceRun:
    results = [GameSummary(seed, "usa" if seed < usa_wins else "japan", "win", {}, 5, 40) for seed in range(games)]
    return BalanceRun(number, 0, games, {"usa": "hard", "japan": "hard"}, report(results, SIDES))


@pytest.fixture
def panel(qtbot, sandbox):  # sandbox: its own settings, so no earlier test's "run on Dask" is read
    panel = BalancePanel(lambda: pytest.fail("no run is started here"))
    qtbot.addWidget(panel)
    return panel


def test_the_compare_view_shows_the_test_its_p_value_and_effect_size(panel):
    """Issue 24's example: 50.0% -> 54.5% over 1,000 games each, p = 0.044: beyond chance, shaded."""
    panel.add_run(run_of(1, 500))
    panel.add_run(run_of(2, 545))
    assert panel.compare_with.currentData() == 1  # the run before, by default
    text, html = panel.text.toPlainText(), panel.text.toHtml()
    assert "Run 2 compared with Run 1" in text
    assert "0.044 (two-proportion z)" in text and "+0.09" in text  # p and Cohen's h of the usa's rise
    assert "#c8e6c9" in html and "#ffcdd2" in html  # usa up, japan down: both significant
    # 54.5% -> 51.5%, 45.5% -> 48.5%
    assert "each run needs usa 4,344 games, japan 4,344 games" in text.replace("\n", " ")


def test_a_change_within_chance_is_not_shaded(panel):
    panel.add_run(run_of(1, 500))
    panel.add_run(run_of(2, 530))  # p = 0.18
    text, html = panel.text.toPlainText(), panel.text.toHtml()
    assert "0.18 (two-proportion z)" in text
    assert "#c8e6c9" not in html and "#ffcdd2" not in html


def toy_setup() -> Setup:
    view, scen = content()
    return Setup(Source("toys", "toy.scenario", "duel"), toy.RULESET, scen, view, [])


def test_the_strength_matrix_button_plays_every_pairing_and_shows_the_verdict(qtbot, sandbox):
    panel = BalancePanel(toy_setup)
    qtbot.addWidget(panel)
    panel.games.setValue(16)
    panel.add_run(run_of(1, 500))  # a run shown before: the matrix replaces it in the view
    qtbot.mouseClick(panel.matrix_button, Qt.MouseButton.LeftButton)
    assert panel.busy and not panel.run_button.isEnabled() and not panel.matrix_button.isEnabled()
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    assert panel.progress.maximum() == 4 * 16 and panel.progress.text() == "64 / 64 games"
    assert panel.matrix_button.isEnabled() and len(panel.runs) == 1  # a matrix is not a run to compare
    text = panel.text.toPlainText()
    assert "Strength matrix" in text and "16 games of every pairing of bot strengths, seeds 1–16" in text
    assert "The win rate of red moves +78 points from its easy bot to its hard bot" in text  # the verdict
    assert panel.matrix["pairings"][0]["win_rates"]["draw"]["rate"] == 1.0  # equal easy toy bots never attack
    assert "Strength matrix: 16 games of each pairing from seed 1" == panel.message.text()


def test_a_run_on_a_dask_cluster_reports_what_this_machine_reports(qtbot, sandbox):
    """Issue 24: the Balance tab sends its games to a running cluster's workers (here a
    LocalCluster of two processes), and the report is the local one, byte for byte."""
    import json
    import logging

    from distributed import LocalCluster

    panel = BalancePanel(toy_setup)
    qtbot.addWidget(panel)
    panel.games.setValue(24)
    panel.start()
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    local = panel.runs[-1].report
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster:
        panel.run_on.where.setCurrentIndex(panel.run_on.where.findData("dask"))
        assert panel.run_on.address.isVisibleTo(panel)
        panel.run_on.address.setText(cluster.scheduler_address)
        panel.run_on.address.editingFinished.emit()
        assert panel.start()
        assert f"on the Dask cluster at {cluster.scheduler_address}" in panel.message.text()
        qtbot.waitUntil(lambda: not panel.busy, timeout=60_000)
    assert json.dumps(panel.runs[-1].report) == json.dumps(local)
    again = RunOn()  # the choice and the address are remembered for the next window
    assert again.on_dask and again.address.text() == cluster.scheduler_address


def test_a_cluster_without_an_address_or_with_a_bad_one_is_refused_before_a_game(qtbot, sandbox):
    panel = BalancePanel(toy_setup)
    qtbot.addWidget(panel)
    panel.run_on.where.setCurrentIndex(panel.run_on.where.findData("dask"))
    assert not panel.start() and not panel.busy
    assert panel.message.text() == ("Cannot run: give the address of the Dask scheduler (tcp://HOST:8786), as "
                                    "`dask scheduler` prints it")
    panel.run_on.address.setText("tcp://nowhere")
    assert not panel.start()
    assert panel.message.text().startswith("Cannot run: tcp://nowhere: not a scheduler's address (tcp://HOST:PORT)")
    panel.run_on.where.setCurrentIndex(panel.run_on.where.findData("local"))
    assert not panel.run_on.address.isVisibleTo(panel)
    assert panel.start()
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
