"""`sortie play` with a person: what they are told before the first question and when they come back."""

import json

from engine.cli import main


def test_a_person_is_told_the_scenario_who_plays_what_and_what_they_can_type(typing, capsys):
    typing()
    assert main(["play", "hex-minis/yamamotos-defeat", "--seed", "3", "--side", "usa=human"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Yamamoto's Defeat (hex-minis/yamamotos-defeat), seed 3; usa: you, japan: bot (hard)"
    assert out[1].startswith("  American fighters try to intercept and kill Admiral Yamamoto.")
    assert "? for help" in out[2]


def test_an_air_wars_player_is_told_the_length_and_the_levels_of_victory(typing, capsys):
    typing()
    main(["play", "red-eagles", "--seed", "3", "--side", "vvs=human"])
    briefing = capsys.readouterr().out.splitlines()[1]
    assert briefing.startswith("  5 turns of 8 hours (in each hour vvs flies, then luftwaffe); victory (28.0): "
                               "final score = vvs VP minus luftwaffe VP: 13 or more VVS Strategic, 0 to 12 VVS "
                               "Operational, -12 to -1 Luftwaffe Operational, -13 or less Luftwaffe Strategic")


def test_a_resumed_game_goes_on_from_the_persons_last_answer_not_from_the_start(typing, capsys, tmp_path):
    save = tmp_path / "game.json"
    typing("1", "1")
    assert main(["play", "hex-minis/zekes-in-the-slot", "--seed", "5", "--side", "usa=human",
                 "--save", str(save)]) == 0
    first = capsys.readouterr().out
    typing()
    assert main(["play", "hex-minis/zekes-in-the-slot", "--side", "usa=human", "--resume", str(save)]) == 0
    again = capsys.readouterr().out
    assert "game starts:" in first and "game starts:" not in again  # was: the whole game told again
    told = again[again.index("from your last answer on:"):again.index("\n[usa]")].splitlines()[1:]
    assert told[:2] == ["  usa chose: 0713 facing N (cost 1: slip left)", "  corsair-2 moved to 0713"]
    assert all(line in first for line in told)


def test_undo_takes_back_the_last_answer_and_asks_it_again(typing, capsys, tmp_path):
    save = tmp_path / "game.json"
    typing("undo", "2", "undo", "3", "q")  # corsair-3 forward, no: undo; slip right
    assert main(["play", "hex-minis/zekes-in-the-slot", "--seed", "5", "--side", "usa=human",
                 "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "  nothing to take back: you have not answered yet" in out
    assert "  took back your answer '1012 facing N (cost 1: forward)' and 2 decision(s) after it" in out  # japan's two
    mine = [d["action"] for d in json.loads(save.read_text())["decisions"] if d["side"] == "usa"]
    assert [a["to"] for a in mine] == ["1113"]  # the slip right; the forward move is gone
