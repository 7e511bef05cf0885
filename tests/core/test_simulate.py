"""Balance runs: determinism across job counts, statistics, cancel, and the CLI."""

import gc
import json

import pytest

from engine.cli import main
from engine.core.proportions import games_to_detect, two_proportions, wilson
from engine.core.batch import CHUNK, Batch
from engine.core.executors import YOUNG_THRESHOLD, frozen_heap
from engine.core.simulate import compare, report, simulate
from tests import toy
from tests.core.test_game import content


def run_games(n, jobs=1, **kw):
    view, scen = content(**kw)
    return simulate(toy.RULESET.engine, scen, view, n, seed=100, jobs=jobs)


def test_same_seeds_same_results_whatever_the_job_count():
    one = run_games(20, jobs=1)
    two = run_games(20, jobs=2)
    assert [r.seed for r in one] == list(range(100, 120))
    assert one == two


def test_a_batch_freezes_the_heap_and_collects_less_often_then_puts_both_back():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), frozen_heap():
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] >= YOUNG_THRESHOLD > before[0]
        assert gc.get_threshold()[1:] == before[1:]
        raise RuntimeError("a game failed")
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_report_counts_and_intervals():
    results = run_games(40)
    rep = report(results, ["blue", "red"])
    rates = rep["win_rates"]
    assert sum(w["wins"] for w in rates.values()) == 40
    for w in rates.values():
        low, high = w["ci95"]
        assert low <= w["rate"] <= high
    assert rep["turns"]["min"] >= 1 and rep["turns"]["max"] <= 10
    assert set(rep["score"]) == {"blue", "red"}


def test_wilson_interval_matches_known_values():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_the_issues_example_is_a_significant_change_by_the_two_proportion_test():
    """50.0% -> 54.5% over 1,000 games each: the intervals overlap, yet p = 0.044 (issue 24)."""
    before, after = (w / 1000 for w in (500, 545))
    assert wilson(545, 1000)[0] < wilson(500, 1000)[1]  # what the old test called "not significant"
    test = two_proportions(500, 1000, 545, 1000)
    assert test["test"] == "two-proportion z" and test["p_value"] == pytest.approx(0.044, abs=5e-4)
    assert test["significant"] and test["cohens_h"] == pytest.approx(0.0901, abs=1e-4)
    assert not two_proportions(500, 1000, 530, 1000)["significant"]  # p = 0.18
    assert after - before == pytest.approx(0.045)


def test_small_counts_are_tested_exactly():
    test = two_proportions(3, 10, 8, 10)  # a cell expects 4.5 games: Fisher's exact
    assert test["test"] == "Fisher's exact" and test["p_value"] == pytest.approx(0.0698, abs=1e-4)
    assert not test["significant"]
    assert two_proportions(0, 10, 0, 10)["p_value"] == 1.0  # never a draw in either run: no change


def test_games_needed_to_see_a_three_point_change():
    assert games_to_detect(0.5) == 4356  # 50% -> 53% at p < 0.05 with 80% power, per run
    assert games_to_detect(0.9) == games_to_detect(0.1) < games_to_detect(0.5)  # towards 50% from either end
    rep = report(run_games(8), ["blue", "red"])
    assert rep["detect"]["change"] == 0.03
    assert rep["detect"]["games"] == {s: games_to_detect(rep["win_rates"][s]["rate"]) for s in ("blue", "red")}


def test_compare_flags_a_real_change_only():
    base = report(run_games(60), ["blue", "red"])
    same = compare(base, base)
    assert not any(c["significant"] for c in same["win_rates"].values())
    skewed = report(run_games(60, speed_a=6, speed_b=1), ["blue", "red"])
    diff = compare(base, skewed)
    red = diff["win_rates"]["red"]
    assert red["change"] > 0 and red["significant"] and red["p_value"] < 0.05 and red["cohens_h"] > 0


def test_cancel_stops_early():
    view, scen = content()
    calls = []
    results = simulate(toy.RULESET.engine, scen, view, 200, jobs=1,
                       progress=lambda d, t: calls.append(d), cancelled=lambda: len(calls) >= 2)
    assert 0 < len(results) < 200


def test_a_cancelled_run_across_workers_keeps_the_first_seeds_with_none_missing():
    view, scen = content()
    calls = []
    results = simulate(toy.RULESET.engine, scen, view, 200, seed=100, jobs=2,
                       progress=lambda d, t: calls.append(d), cancelled=lambda: len(calls) >= 2)
    # two chunks in hand per worker: the two reports' chunks and those in hand, however fast the workers
    assert 0 < len(results) <= 4 * 2 * CHUNK < 200
    assert [r.seed for r in results] == list(range(100, 100 + len(results)))
    assert results == run_games(len(results))  # what a shorter run plays


def test_ctrl_c_during_a_run_reports_the_games_finished(toy_pack, capsys, monkeypatch):
    import os
    import signal

    play_chunk, sent = Batch.play, []

    def chunk_then_ctrl_c(batch, task):
        played = play_chunk(batch, task)
        if not sent:
            sent.append(os.kill(os.getpid(), signal.SIGINT))
        return played

    monkeypatch.setattr(Batch, "play", chunk_then_ctrl_c)
    assert main(["simulate", "duel", "--games", "50", "--jobs", "1", "--seed", "7", "--json"]) == 130
    captured = capsys.readouterr()
    games = CHUNK
    assert json.loads(captured.out)["report"]["games"] == games
    assert f"the report covers the first {games} of 50 games (seeds 7-{6 + games})" in captured.err
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_simulate_cli_json(toy_pack, capsys, tmp_path):
    out_file = tmp_path / "r.json"
    assert main(["simulate", "duel", "--games", "16", "--jobs", "2", "--json", "--out", str(out_file)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["report"]["games"] == 16 and out["scenario"] == "duel"
    assert main(["simulate", "duel", "--games", "16", "--jobs", "1", "--json",
                 "--compare", str(out_file)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["report"] == out["report"]
    assert not any(c["significant"] for c in again["compare"]["win_rates"].values())
    assert {c["p_value"] for c in again["compare"]["win_rates"].values()} == {1.0}  # the same games
    assert main(["simulate", "duel", "--games", "16", "--jobs", "1", "--compare", str(out_file)]) == 0
    text = capsys.readouterr().out
    assert "compare blue       12.5% -> 12.5% (+0.0%)  p = 1 (Fisher's exact), h = +0.00\n" in text  # 2 wins of 16
    assert "compare red        56.2% -> 56.2% (+0.0%)  p = 1 (two-proportion z), h = +0.00\n" in text
    assert "to see a 3-point change of a win rate (p < 0.05, 80% power) each run needs: " in text


def test_comparing_with_a_run_that_had_another_side_does_not_call_it_a_fall_to_zero(toy_pack, capsys, tmp_path):
    out_file = tmp_path / "r.json"
    assert main(["simulate", "duel", "--games", "8", "--out", str(out_file)]) == 0
    saved = json.loads(out_file.read_text())
    saved["report"]["win_rates"]["green"] = {"wins": 8, "rate": 1.0, "ci95": [0.6, 1.0]}  # since renamed
    out_file.write_text(json.dumps(saved))
    capsys.readouterr()
    assert main(["simulate", "duel", "--games", "8", "--compare", str(out_file)]) == 0
    assert "compare green      100.0% -> not a side in this run" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games must be from 1 to 100000; got 0"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--side", "green=bot:hard"], "no side named green"),
    (["--side", "red=human"], "expected bot or bot:STRENGTH"),
    (["--seed", "2147483646", "--games", "3"], "plays seeds up to 2147483648; a seed may be at most 2147483647"),
    (["--option", "nope=on", "--jobs", "2"], "unknown option(s) nope for scenario 'duel'"),
])
def test_simulate_usage_errors(toy_pack, capsys, argv, message):
    assert main(["simulate", "duel", *argv]) == 2
    assert message in capsys.readouterr().err


def test_simulate_refuses_an_unwritable_report_before_playing(toy_pack, capsys, tmp_path, monkeypatch):
    def no_batch(*args, **kwargs):
        raise AssertionError("a batch was played before the report's place was checked")

    monkeypatch.setattr("engine.cli.sim_cmds.simulate", no_batch)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for out in (blocker / "r.json", tmp_path):
        assert main(["simulate", "duel", "--games", "4", "--out", str(out)]) == 2
        captured = capsys.readouterr()
        assert f"{out}: cannot write:" in captured.err and not captured.out  # no games were played


@pytest.mark.parametrize("text, message", [
    ('{"scenario": "duel",\n "report": {"games": 3, "win_rates": {"red": 3}}}', ":2:46: not a usable balance report: "
     "input should be a valid dictionary; got 3 (at report.win_rates.red)"),
    ('{"scenario": "duel", "report": {"games": 3}}', "required field 'win_rates' is missing"),
    ('{"scenario": "duel", "report": {"games": 2, "win_rates": {"red": {"wins": 1, "rate": NaN, "ci95": [0, 1]}}}}',
     "(at report.win_rates.red.rate)"),
    ('{"scenario": "duel", "report": {"games": 2, "win_rates": {"red": {"wins": 1, "rate": 0.5, "ci95": [0, 7]}}}}',
     "(at report.win_rates.red.ci95"),
    ('{"scenario": "duel", "report": {"games": 2, "win_rates": {"red": {"wins": 1, "rate": 0.5, "ci95": [0.1]}}}}',
     "(at report.win_rates.red.ci95)"),
    ('{"scenario": "duel", "report": {"games": 2, "win_rates": {"red": {"rate": 0.5, "ci95": [0, 1]}}}}',
     "required field 'wins' is missing"),  # a test of a change needs the counts
    ('{"scenario": "duel", "report": {"games": 2, "win_rates": {"red": {"wins": 3, "rate": 1, "ci95": [0, 1]}}}}',
     "red won 3 games of the 2 played"),
    ('{"report": {"games": 0, "win_rates": {}}}', "required field 'scenario' is missing"),
    ('{"scenario": "dogfight", "report": {"games": 0, "win_rates": {}}}', "the report is of scenario 'dogfight', not 'duel'"),
    ('{"scenario": "duel",', "not a balance report file"),
    ('{"scenario": "duel", "games": ' + "1" * 5000 + '}', ":1:31: not a balance report file: a number of 5000 digits"),
])
def test_simulate_refuses_a_broken_report_to_compare_before_playing(toy_pack, capsys, tmp_path, monkeypatch,
                                                                     text, message):
    monkeypatch.setattr("engine.cli.sim_cmds.simulate", lambda *a, **k: pytest.fail("a batch was played"))
    before = tmp_path / "before.json"
    before.write_text(text)
    assert main(["simulate", "duel", "--games", "4", "--compare", str(before)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sortie simulate: {before}") and message in err


def test_a_report_page_holds_the_comparison_the_tables_and_the_plots(toy_pack, capsys, tmp_path):
    before, page = tmp_path / "before.json", tmp_path / "run.html"
    assert main(["simulate", "duel", "--games", "16", "--jobs", "1", "--out", str(before)]) == 0
    assert main(["simulate", "duel", "--games", "16", "--jobs", "1", "--compare", str(before),
                 "--report", str(page)]) == 0
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "<title>duel: balance</title>" in text
    assert "this run compared with before.json" in text and "1 (Fisher&#x27;s exact)" in text
    assert "To see a 3-point change of a win rate" in text
    assert text.count("<img") == 1 and "src='data:image/png;base64," in text  # self-contained
    assert "http" not in text.replace("<!DOCTYPE html>", "")


def test_a_report_that_is_not_a_page_is_refused_before_a_game(toy_pack, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("engine.cli.sim_cmds.simulate", lambda *a, **k: pytest.fail("a batch was played"))
    assert main(["simulate", "duel", "--report", str(tmp_path / "run.txt")]) == 2
    assert "run.txt: expected a page, FILE.html" in capsys.readouterr().err


def test_without_a_terminal_progress_is_a_line_every_few_seconds(toy_pack, capsys, monkeypatch):
    monkeypatch.setattr("engine.cli.batch_args.LINE_EVERY", 0.0)  # every report of the batch
    assert main(["simulate", "duel", "--games", "24", "--jobs", "1"]) == 0
    lines = [x for x in capsys.readouterr().err.splitlines() if x]
    assert lines == [f"sortie simulate: {n} of 24 games" for n in (8, 16, 24)]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_refuses_options_that_exclude_each_other_as_play_does(capsys, monkeypatch, jobs):
    monkeypatch.setattr("engine.cli.sim_cmds.simulate", lambda *a, **k: pytest.fail("a batch was played"))
    both = ["--option", "escort:p-47b-thunderbolt=on", "--option", "escort:spitfire-ix-xiv=on"]
    assert main(["simulate", "hex-minis/bombers-over-berlin", *both, "--jobs", jobs]) == 2
    assert main(["play", "hex-minis/bombers-over-berlin", *both]) == 2
    simulate_said, play_said = capsys.readouterr().err.splitlines()[-2:]  # after any note on --jobs
    assert simulate_said.removeprefix("sortie simulate: ") == play_said.removeprefix("sortie play: ")
    assert "both replace the planes of squadron 'escort'; switch on one" in play_said
