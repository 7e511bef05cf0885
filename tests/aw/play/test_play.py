"""`sortie play` and `sortie simulate` on the bundled Red Eagles scenario; saves and replays."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from engine.cli import main
from engine.core.game import resume, run

from .games import ENGINE, bundled, new_game


def test_play_json_is_byte_identical_per_seed_and_reports_the_level_of_victory(capsys):
    assert main(["play", "red-eagles", "--seed", "3", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["play", "red-eagles/red-eagles", "--seed", "3", "--json"]) == 0
    assert capsys.readouterr().out == first
    out = json.loads(first)
    assert {"scenario", "seed", "winner", "result", "score", "turns", "events"} <= set(out)
    assert out["turns"] == 5 and set(out["score"]) == {"vvs", "luftwaffe"}
    assert out["result"] in ("VVS Strategic", "VVS Operational", "Luftwaffe Operational", "Luftwaffe Strategic")
    assert main(["play", "red-eagles", "--seed", "4", "--json"]) == 0
    assert capsys.readouterr().out != first


def test_play_prints_a_summary_per_turn_and_the_result(capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    assert main(["play", "red-eagles", "--seed", "2", "--log", str(log), "--option", "fog-of-war=off"]) == 0
    out = capsys.readouterr().out
    assert [line.split(" (")[0] for line in out.splitlines() if line.startswith("Turn ")] == [
        f"Turn {n}" for n in range(1, 6)]
    assert "Final: vvs" in out and "Result:" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["options"]["fog-of-war"] is False and events[-1]["type"] == "game.end"


def test_a_person_plays_a_side_at_the_prompt_and_is_told_why_a_move_is_refused(capsys, monkeypatch, tmp_path):
    answers = iter(['{"type": "base", "unit": "il-4.1", "at": "I8"}', "1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    save = tmp_path / "s.json"
    assert main(["play", "red-eagles", "--seed", "1", "--side", "vvs=human", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "[vvs]" in out
    data = json.loads(save.read_text())
    assert data["decisions"] and all(set(d) == {"side", "action"} for d in data["decisions"])


class ByPosition:
    """A stateless player: its choice depends only on the decision and the length of the log."""

    def choose(self, decision, game):
        options = [o for o in decision.options if o["type"] != "cancel"]
        return options[len(game.log) % len(options)]


def test_a_saved_game_resumes_into_the_same_game():
    content = bundled()
    full = new_game(content, 9)
    run(full, {side: ByPosition() for side in full.sides})
    save = full.save()
    half = resume(ENGINE, full.scenario, content, save, upto=len(save["decisions"]) // 2)
    run(half, {side: ByPosition() for side in half.sides})
    assert half.log.to_jsonl() == full.log.to_jsonl()


def test_bots_resume_from_a_save_the_same_way_every_time():
    """Bots remember their plans, so a resumed game may go on differently than the
    uninterrupted one would have, but always the same way from the same save."""
    content = bundled()
    full = new_game(content, 9)
    run(full, {side: ENGINE.bot(side, "hard") for side in full.sides})
    save = full.save()
    logs = []
    for _ in range(2):
        game = resume(ENGINE, full.scenario, content, save, upto=len(save["decisions"]) // 2)
        run(game, {side: ENGINE.bot(side, "hard") for side in game.sides})
        logs.append(game.log.to_jsonl())
    assert logs[0] == logs[1]


def test_simulate_reports_wins_levels_and_losses_per_unit_type(capsys):
    assert main(["simulate", "red-eagles", "--games", "12", "--seed", "1", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["report"]
    assert report["games"] == 12
    assert sum(w["wins"] for w in report["win_rates"].values()) == 12
    assert set(report["results"]) <= {"VVS Strategic", "VVS Operational", "Luftwaffe Operational",
                                      "Luftwaffe Strategic"}
    assert any(k.startswith("luftwaffe:") and v["losses"] > 0 for k, v in report["per_unit_type"].items())


def test_the_log_does_not_depend_on_python_hash_order(tmp_path):
    """Sets of unit ids never decide an order: two interpreters with different string hashing
    write the same log."""
    logs = []
    for hashseed in ("1", "2"):
        log = tmp_path / f"{hashseed}.jsonl"
        code = f"from engine.cli import main; main(['play', 'red-eagles', '--seed', '5', '--log', r'{log}'])"
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": hashseed})
        logs.append(log.read_bytes())
    assert logs[0] == logs[1] and len(logs[0]) > 10_000


def test_a_person_at_the_prompt_is_not_told_what_a_face_down_enemy_unit_is(capsys, monkeypatch):
    """Fog of war (22.0) at the terminal: the VVS player reads the Luftwaffe's moves, with a unit
    they cannot identify called "a luftwaffe unit" and a choice about it only a choice."""
    answers = iter(["1"] * 40 + ["q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "red-eagles", "--seed", "1", "--side", "vvs=human"]) == 0
    out = capsys.readouterr().out
    assert "  luftwaffe chose: a choice about a luftwaffe unit" in out.splitlines()
    assert main(["play", "red-eagles", "--seed", "1", "--log", "/dev/null"]) == 0  # bots: summaries only
    assert "luftwaffe chose" not in capsys.readouterr().out
