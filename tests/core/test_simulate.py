"""Balance runs: determinism across job counts, statistics, cancel, and the CLI."""

import gc
import json

import pytest

from engine.cli import main
from engine.core.simulate import CHUNK, YOUNG_THRESHOLD, compare, frozen_heap, report, simulate, wilson
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


def test_compare_flags_a_real_change_only():
    base = report(run_games(60), ["blue", "red"])
    same = compare(base, base)
    assert not any(c["significant"] for c in same["win_rates"].values())
    skewed = report(run_games(60, speed_a=6, speed_b=1), ["blue", "red"])
    diff = compare(base, skewed)
    assert diff["win_rates"]["red"]["change"] > 0 and diff["win_rates"]["red"]["significant"]


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

    import engine.core.simulate as sim

    play_chunk, sent = sim._play_chunk, []

    def chunk_then_ctrl_c(seeds):
        played = play_chunk(seeds)
        if not sent:
            sent.append(os.kill(os.getpid(), signal.SIGINT))
        return played

    monkeypatch.setattr(sim, "_play_chunk", chunk_then_ctrl_c)
    assert main(["simulate", "duel", "--games", "50", "--jobs", "1", "--seed", "7", "--json"]) == 130
    captured = capsys.readouterr()
    games = sim.CHUNK
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
    ('{"scenario": "duel",\n "report": {"win_rates": {"red": 3}}}', ":2:34: not a usable balance report: "
     "input should be a valid dictionary; got 3 (at report.win_rates.red)"),
    ('{"scenario": "duel", "report": {}}', "required field 'win_rates' is missing"),
    ('{"scenario": "duel", "report": {"win_rates": {"red": {"rate": NaN, "ci95": [0, 1]}}}}', "(at report.win_rates.red.rate)"),
    ('{"scenario": "duel", "report": {"win_rates": {"red": {"rate": 0.5, "ci95": [0, 7]}}}}', "(at report.win_rates.red.ci95"),
    ('{"scenario": "duel", "report": {"win_rates": {"red": {"rate": 0.5, "ci95": [0.1]}}}}', "(at report.win_rates.red.ci95)"),
    ('{"report": {"win_rates": {}}}', "required field 'scenario' is missing"),
    ('{"scenario": "dogfight", "report": {"win_rates": {}}}', "the report is of scenario 'dogfight', not 'duel'"),
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


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_refuses_options_that_exclude_each_other_as_play_does(capsys, monkeypatch, jobs):
    monkeypatch.setattr("engine.cli.sim_cmds.simulate", lambda *a, **k: pytest.fail("a batch was played"))
    both = ["--option", "escort:p-47b-thunderbolt=on", "--option", "escort:spitfire-ix-xiv=on"]
    assert main(["simulate", "hex-minis/bombers-over-berlin", *both, "--jobs", jobs]) == 2
    assert main(["play", "hex-minis/bombers-over-berlin", *both]) == 2
    simulate_said, play_said = capsys.readouterr().err.splitlines()[-2:]  # after any note on --jobs
    assert simulate_said.removeprefix("sortie simulate: ") == play_said.removeprefix("sortie play: ")
    assert "both replace the planes of squadron 'escort'; switch on one" in play_said
