"""The strength matrix: every pairing of bot strengths on the same seeds, and its verdict."""

import json

import pytest

from engine.cli import main
from engine.core.batch import GameSummary
from engine.core.simulate import report, simulate
from engine.core.strength_matrix import matrix, pairings, strength_matrix
from tests import toy
from tests.core.test_game import content

ENGINE = toy.RULESET.engine
SIDES = ["blue", "red"]
CELLS = pairings(("easy", "hard"), SIDES)


def test_every_pairing_of_strengths_is_played_on_the_same_seeds_as_a_run_of_it_alone():
    view, scen = content()
    m = strength_matrix(ENGINE, scen, view, 24, seed=50, jobs=2)
    assert [c["strengths"] for c in m["pairings"]] == CELLS == [
        {"blue": "easy", "red": "easy"}, {"blue": "easy", "red": "hard"},
        {"blue": "hard", "red": "easy"}, {"blue": "hard", "red": "hard"}]
    for cell in m["pairings"]:
        alone = report(simulate(ENGINE, scen, view, 24, seed=50, strengths=cell["strengths"]), SIDES)
        assert cell["win_rates"] == alone["win_rates"] and cell["games"] == 24


def test_the_toys_hard_bot_beats_its_easy_bot_and_the_lean_is_the_bots():
    """The toy's easy bot never attacks: equal easy bots draw every game, equal hard bots do not."""
    view, scen = content()
    m = strength_matrix(ENGINE, scen, view, 80, seed=1, jobs=1)
    for side in SIDES:
        assert all(e["change"] > 0.25 and e["significant"] for e in m["bot_strength_effect"][side])
        assert [e["against"] for e in m["bot_strength_effect"][side]] == [
            {s: k} for s in SIDES if s != side for k in ("easy", "hard")]
    assert m["equal_bots"][0] == {"strength": "easy", "win_rates": m["pairings"][0]["win_rates"]}
    assert m["equal_bots"][0]["win_rates"]["draw"]["rate"] == 1.0
    assert "With equal bots red wins 0% with easy bots, 57% with hard bots: red leads with hard bots, but the sides " \
           "are even with easy bots; the result moves 79 points with the bot of red: this is a bot gap, not a " \
           "design verdict." in m["verdict"]
    assert "does not measurably beat" not in m["verdict"]


def reports_of(rates: list[tuple[float, float]], games: int = 200) -> list[dict]:
    """A report per pairing with blue and red winning these shares of the games (the rest drawn)."""
    out = []
    for blue, red in rates:
        winners = ["blue"] * round(blue * games) + ["red"] * round(red * games)
        winners += [None] * (games - len(winners))
        out.append(report([GameSummary(i, w, "end", {}, 5, 10) for i, w in enumerate(winners)], SIDES))
    return out


def test_a_lean_that_holds_at_every_strength_is_the_scenarios():
    # blue easy/red easy, blue easy/red hard, blue hard/red easy, blue hard/red hard
    m = matrix(CELLS, reports_of([(0.7, 0.3), (0.55, 0.45), (0.85, 0.15), (0.7, 0.3)]), SIDES, ("easy", "hard"))
    assert "With equal bots blue wins 70% with easy bots, 70% with hard bots: the lean holds at every " \
           "strength, so it is the scenario's" in m["verdict"]
    assert "The win rate of blue moves +15 points from its easy bot to its hard bot" in m["verdict"]


def test_a_hard_bot_that_does_not_beat_the_easy_one_is_named():
    m = matrix(CELLS, reports_of([(0.5, 0.5), (0.2, 0.8), (0.48, 0.52), (0.2, 0.8)]), SIDES, ("easy", "hard"))
    assert "The hard blue bot does not measurably beat its easy bot against red easy (-2.0 points, p = 0.69); " \
           "red hard (+0.0 points, p = 1)." in m["verdict"]
    assert "red wins 50% with easy bots, 80% with hard bots: red leads with hard bots, but the sides are even " \
           "with easy bots" in m["verdict"]


def test_a_cancelled_matrix_keeps_the_same_first_seeds_in_every_pairing():
    view, scen = content()
    calls = []
    m = strength_matrix(ENGINE, scen, view, 200, seed=9, jobs=2,
                        progress=lambda d, t: calls.append(t), cancelled=lambda: len(calls) >= 3)
    assert calls[0] == 800  # the games of all four pairings
    assert 0 < m["games"] < 200 and {c["games"] for c in m["pairings"]} == {m["games"]}
    assert m["seeds"] == [9, 8 + m["games"]]


def test_the_command_prints_the_matrix_and_its_verdict(toy_pack, capsys, tmp_path):
    out = tmp_path / "m.json"
    assert main(["simulate", "duel", "--strength-matrix", "--games", "16", "--jobs", "1", "--json",
                 "--out", str(out)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(out.read_text())
    assert len(printed["strength_matrix"]["pairings"]) == 4 and printed["strength_matrix"]["games"] == 16
    assert main(["simulate", "duel", "--strength-matrix", "--games", "16", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("duel: every pairing of bot strengths, 16 games each, seeds 1-16\n")
    assert "  blue easy red easy    blue   0.0% (0.0%-19.4%)  red   0.0% (0.0%-19.4%)  draw 100.0%" in text
    assert "  red bot easy -> hard against blue easy: +" in text
    assert "red wins 0% with easy bots, 56% with hard bots: even within\n  chance at every strength" in text


@pytest.mark.parametrize("flag", [["--side", "red=bot:easy"], ["--compare", "before.json"]])
def test_the_matrix_plays_every_strength_so_a_side_or_a_comparison_is_refused(toy_pack, capsys, flag):
    assert main(["simulate", "duel", "--strength-matrix", *flag]) == 2
    assert f"--strength-matrix plays every bot strength on every side; leave out {flag[0]}" in capsys.readouterr().err


def test_a_lean_that_reverses_with_the_bots_strength_is_a_bot_gap():
    m = matrix(CELLS, reports_of([(0.7, 0.3), (0.4, 0.6), (0.6, 0.4), (0.3, 0.7)]), SIDES, ("easy", "hard"))
    assert "With equal bots red wins 30% with easy bots, 70% with hard bots: red leads with hard bots, but blue " \
           "leads with easy bots; the result moves 30 points with the bot of red: this is a bot gap" in m["verdict"]


def test_the_matrix_as_a_page(toy_pack, capsys, tmp_path):
    page = tmp_path / "matrix.html"
    assert main(["simulate", "duel", "--strength-matrix", "--games", "8", "--jobs", "1", "--report", str(page)]) == 0
    text = page.read_text()
    assert "<title>duel: bot strengths</title>" in text and "8 games of every pairing of bot strengths" in text
