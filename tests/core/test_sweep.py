"""Parameter sweeps: variants of the toy duel on the same seeds, a grid and a search for the value
that evens the game, and the command's checks of what it is asked to vary."""

import json

import pytest

from engine.cli import main
from engine.core.simulate import report, simulate
from engine.core.sweep import SweepError, grid, parse_vary, search
from tests import toy
from tests.core.test_game import content

ENGINE = toy.RULESET.engine
SIDES = ["blue", "red"]


def play(view, scenario):
    return simulate(ENGINE, scenario, view, 100, seed=1)


def test_a_search_finds_the_speed_that_evens_the_duel():
    """Blue flies speed 3: red evens the duel at the same speed (43% to blue's 49%, draws the rest)."""
    view, scen = content()
    found = search(parse_vary("toy.plane:a.speed=1..6", view, scen), "red", 0.45, view, scen, SIDES, play)
    assert found["value"] == 3 and not found["why"]
    tried = [v["values"]["toy.plane:a.speed"] for v in found["variants"]]
    assert tried[0] == 1 and tried[-1] == 6 and 3 in tried and len(tried) <= 5  # the ends, then bisection
    at_three = next(v["report"] for v in found["variants"] if v["values"]["toy.plane:a.speed"] == 3)
    assert at_three == report(play(*content(speed_a=3)), SIDES)  # the variant is that content, same seeds


def test_a_search_whose_range_misses_the_target_says_so():
    view, scen = content()
    found = search(parse_vary("toy.plane:a.speed=4..6", view, scen), "red", 0.45, view, scen, SIDES, play)
    assert found["value"] is None
    assert found["why"] == "red wins 63.0% at 4 and 88.0% at 6: the target 45% is not between them; widen the range"


def test_a_grid_plays_every_combination_on_the_same_seeds():
    view, scen = content()
    varies = [parse_vary(spec, view, scen) for spec in ("toy.plane:a.speed=2,4", "toy.scenario:duel.hits_to_win=1,3")]
    variants = grid(varies, view, scen, SIDES, play)
    assert [list(v["values"].values()) for v in variants] == [[2, 1], [2, 3], [4, 1], [4, 3]]
    for v in variants:
        speed, hits = v["values"].values()
        assert v["report"] == report(play(*content(speed_a=speed, hits_to_win=hits)), SIDES)
    assert variants[0]["report"]["turns"]["mean"] < variants[1]["report"]["turns"]["mean"]  # one hit ends it sooner


@pytest.mark.parametrize("spec, message", [
    ("toy.plane:a.speed", "--vary toy.plane:a.speed: expected KIND:ID.FIELD=VALUES"),
    ("toy.plane:c.speed=3", "no toy.plane record whose id begins 'c' with a field after it (ID.FIELD); "
                            "toy.plane records: a, b"),
    ("toy.jet:a.speed=3", "no record of kind 'toy.jet' in this scenario's content; kinds: toy.plane, toy.scenario"),
    ("toy.plane:a.sped=3", "toy.plane:a has no field 'sped'; it has id, kind, name, notes, sample, source, speed, "
                           "suppress, turns"),
    ("toy.plane:a.speed=3,11", "--vary toy.plane:a.speed=11: input should be less than or equal to 10"),
    ("toy.plane:a.speed=fast", "--vary toy.plane:a.speed='fast': input should be a valid integer"),
    ("toy.plane:a.turns.2=L", "turns has items 0 to -1, not '2'"),
])
def test_what_cannot_be_varied_is_refused_with_the_record_and_field(spec, message):
    view, scen = content()
    with pytest.raises(SweepError) as exc:
        parse_vary(spec, view, scen)
    assert message in str(exc.value)


def test_the_command_searches_and_prints_the_value(toy_pack, capsys, tmp_path):
    out = tmp_path / "sweep.json"
    argv = ["sweep", "duel", "--vary", "toy.plane:a.speed=1..6", "--target-win", "red=0.45", "--games", "100",
            "--jobs", "1"]
    assert main([*argv, "--json", "--out", str(out)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(out.read_text()) and printed["value"] == 3 and printed["games"] == 100
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert text.startswith("duel: 100 games a variant, seeds 1-100, every variant on the same seeds\n")
    assert "  toy.plane:a.speed=3      blue  49.0% (39.4%-58.7%)  red  43.0%" in text
    assert text.endswith("  toy.plane:a.speed=3 brings red nearest to 45%\n")


@pytest.mark.parametrize("argv, message", [
    (["--vary", "toy.plane:a.speed=1..6"], "a range LOW..HIGH is searched with --target-win SIDE=RATE"),
    (["--vary", "toy.plane:a.speed=1,6", "--target-win", "red=0.5"], "--target-win searches one --vary given as "
                                                                     "LOW..HIGH"),
    (["--vary", "toy.plane:a.speed=1..6", "--target-win", "green=0.5"], "no side named green; sides: blue, red"),
    (["--vary", "toy.plane:a.speed=1..6", "--target-win", "red=50%"], "the rate is a share between 0 and 1"),
    (["--vary", "toy.plane:a.speed=0"], "--vary toy.plane:a.speed=0: input should be greater than or equal to 1"),
    (["--vary", "toy.plane:a.speed=2", "--steps", "0"], "--steps must be at least 1"),
])
def test_the_command_refuses_a_sweep_it_cannot_play_before_a_game(toy_pack, capsys, monkeypatch, argv, message):
    monkeypatch.setattr("engine.cli.sweep_cmds.simulate", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["sweep", "duel", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_plot_draws_each_outcome_against_the_value(toy_pack, capsys, tmp_path):
    from engine.reports.sweep_plot import sweep_figure

    plot, out = tmp_path / "curve.png", tmp_path / "sweep.json"
    assert main(["sweep", "duel", "--vary", "toy.plane:a.speed=2,3,5", "--games", "24", "--jobs", "1",
                 "--plot", str(plot), "--out", str(out)]) == 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = json.loads(out.read_text())
    ax = sweep_figure(summary).axes[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["blue", "red", "draw"]
    red = ax.containers[1].lines[0]  # the errorbars of blue, red, the draws: red's data line
    assert list(red.get_xdata()) == [2, 3, 5]
    assert list(red.get_ydata()) == [v["report"]["win_rates"]["red"]["rate"] for v in summary["variants"]]


def test_a_plot_of_another_format_is_refused_before_a_game(toy_pack, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("engine.cli.sweep_cmds.simulate", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["sweep", "duel", "--vary", "toy.plane:a.speed=2", "--plot", str(tmp_path / "curve.gif")]) == 2
    assert "curve.gif: expected a file ending .png, .svg, .pdf" in capsys.readouterr().err


def test_a_sweep_report_page_holds_the_table_and_the_curve(toy_pack, capsys, tmp_path):
    page = tmp_path / "sweep.html"
    assert main(["sweep", "duel", "--vary", "toy.plane:a.speed=1..6", "--target-win", "red=0.45", "--games", "100",
                 "--jobs", "1", "--report", str(page)]) == 0
    text = page.read_text()
    assert "<title>duel: sweep</title>" in text and "<th align='left' style='padding:2px 8px'>toy.plane:a.speed</th>" in text
    assert "toy.plane:a.speed = 3 brings red nearest to 45%" in text
    assert text.count("src='data:image/png;base64,") == 1
