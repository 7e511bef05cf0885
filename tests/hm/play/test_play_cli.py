"""`sortie play` on the minis scenarios: bots to the end, byte-identical per seed, a person at the prompt."""

from __future__ import annotations

import json

import pytest

from engine.cli import main

SCENARIOS = ["zekes-in-the-slot", "yamamotos-defeat", "bombers-over-berlin"]


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_play_json_is_byte_identical_for_a_seed(capsys, scenario_id):
    assert main(["play", scenario_id, "--seed", "7", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["play", f"hex-minis/{scenario_id}", "--seed", "7", "--json"]) == 0
    assert capsys.readouterr().out == first
    out = json.loads(first)
    assert out["scenario"] == scenario_id and out["result"] in ("victory", "draw")
    assert {"winner", "score", "turns", "events"} <= set(out) and out["events"] > 100


def test_play_prints_a_summary_per_round_and_writes_the_log(capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    assert main(["play", "yamamotos-defeat", "--seed", "3", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Round 1:" in out and "Result:" in out and "Game over after round" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["type"] == "game.start" and events[-1]["type"] == "game.end"
    assert any(e["type"] == "hm.revealed" for e in events)


def test_a_person_plays_a_side_at_the_prompt(capsys, monkeypatch, tmp_path):
    answers = iter(['{"type": "move", "to": "0101", "facing": 0}', "facing N (cost 1: forward)", "1", "1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    save = tmp_path / "save.json"
    assert main(["play", "zekes-in-the-slot", "--seed", "2", "--side", "usa=human", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "[usa]" in out and "refused:" in out and "it has speed 5; 0101 is" in out
    data = json.loads(save.read_text())
    moves = [d for d in data["decisions"] if d["side"] == "usa"]
    assert len(moves) == 2 and moves[0]["action"]["cost"] == 1
    assert main(["play", "zekes-in-the-slot", "--resume", str(save), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] > len(data["decisions"])


def test_a_person_at_the_prompt_follows_the_game_but_not_the_other_sides_secret(capsys, monkeypatch):
    """The person flying the P-38s reads what happened since their last move, line by line (the
    Zeros' moves among it), and that Japan chose Yamamoto's bomber, not which one."""
    answers = iter(["1"] * 3 + ["q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "yamamotos-defeat", "--seed", "1", "--side", "usa=human"]) == 0
    out = capsys.readouterr().out
    assert "  betty-1 (g4m2-betty, japan) placed at 0813" in out.splitlines()
    assert out.index("placed at") < out.index("[usa]")  # the set-up before the first question
    assert "  japan chose: (chosen in secret)" in out and "Admiral Yamamoto flies in" not in out
    assert "zero-b-4 moved to" in out and "roll d6" not in out
