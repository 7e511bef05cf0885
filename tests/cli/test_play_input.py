"""`sortie play` and `sortie simulate` given what a hurried person types: refused before a game
is played, or a game kept when they stop it."""

import json
import os
import stat
import threading

import pytest

from engine.cli import main


@pytest.mark.parametrize("command", [["play", "duel"], ["simulate", "duel", "--games", "2"]])
def test_a_negative_seed_is_refused_not_played_as_its_positive(toy_pack, capsys, command):
    assert main([*command, "--seed", "-3"]) == 2
    assert "argument --seed: must be 0 or more; got -3 (the generator would play it as seed 3)" in capsys.readouterr().err


def test_ctrl_c_at_the_prompt_keeps_the_game_in_the_save(toy_pack, capsys, monkeypatch, tmp_path):
    answers = iter(["1"])

    def person(prompt=""):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("builtins.input", person)
    save = tmp_path / "s.json"
    assert main(["play", "duel", "--side", "red=human", "--save", str(save)]) == 130
    assert f"interrupted; saved to {save}" in capsys.readouterr().err
    decisions = json.loads(save.read_text())["decisions"]
    assert [d["action"]["type"] for d in decisions if d["side"] == "red"] == ["attack"]


@pytest.mark.parametrize("argv, message", [
    (["--log", "{f}", "--save", "{f}"], "--log and --save both name"),
    (["--resume", "{f}", "--log", "{f}"], "--resume and --log both name"),
])
def test_one_file_for_two_options_is_refused_before_it_is_touched(toy_pack, capsys, tmp_path, argv, message):
    kept = tmp_path / "kept.json"
    kept.write_text('{"seed": 2, "decisions": []}')
    assert main(["play", "duel", *[a.format(f=kept) for a in argv]]) == 2
    assert message in capsys.readouterr().err
    assert kept.read_text() == '{"seed": 2, "decisions": []}'


class Ran(Exception):
    """Raised in place of a batch of games, with the arguments the batch was given."""


def _no_batch(*args, **kwargs):
    raise Ran(args, kwargs)


def test_simulate_takes_a_bare_bot_as_play_does(toy_pack, monkeypatch):
    monkeypatch.setattr("engine.cli.sim_cmds.simulate", _no_batch)
    with pytest.raises(Ran) as ran:
        main(["simulate", "duel", "--games", "2", "--jobs", "1", "--side", "red=bot"])
    assert ran.value.args[1]["strengths"] == {"red": "hard"}  # the strongest, as 'play --side red=bot' gives


def test_simulate_refuses_a_run_too_long_to_hold_and_caps_workers_at_the_cores(toy_pack, capsys, monkeypatch):
    monkeypatch.setattr("engine.cli.sim_cmds.simulate", _no_batch)
    assert main(["simulate", "duel", "--games", "1000000000"]) == 2
    assert "--games must be from 1 to 100000" in capsys.readouterr().err
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    with pytest.raises(Ran) as ran:
        main(["simulate", "duel", "--games", "200", "--jobs", "999"])
    assert ran.value.args[1]["executor"].jobs == 2
    assert "--jobs 999: this machine has 2 core(s); using 2" in capsys.readouterr().err


def test_simulate_names_the_options_a_scenario_has(toy_pack, capsys):
    assert main(["simulate", "duel", "--games", "2", "--option", "sudden-death=on"]) == 2
    assert "available: sudden_death" in capsys.readouterr().err


@pytest.mark.parametrize("content, message", [
    (b'{"seed": 1, "decisions": [],\n "options": {"sudden_death": "yes"}}',
     ":2:30: not a usable save: input should be a valid boolean; got 'yes' (at options.sudden_death)"),
    (b'{"format": "sortie.save/9", "seed": 1, "decisions": []}',
     ":1:12: not a usable save: expected 'sortie.save/1'; got 'sortie.save/9' (at format)"),
    (b'{"seed": 1, "decisions": [],\n "note": "caf\xe9"}', ":2:14: not a save file: byte 0xe9 is not UTF-8"),
    (b'{"type": "game.start"}\n{"type": "roll"}\n', ":2:1: not a save file: Extra data (one JSON object per "
     "line: an event log?)"),
    (b'{"seed": 1, "decisions": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",  # was a RecursionError traceback
     ": not a save file: nested deeper than any save Sortie writes"),
])
def test_a_foreign_or_loosely_typed_save_is_refused_where_it_goes_wrong(toy_pack, capsys, tmp_path, content,
                                                                         message):
    save = tmp_path / "s.json"
    save.write_bytes(content)
    assert main(["play", "duel", "--resume", str(save)]) == 2
    assert f"sortie play: {save}{message}" in capsys.readouterr().err


def test_a_save_far_larger_than_any_sortie_writes_is_not_read(toy_pack, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("engine.core.saves.MAX_SAVE_BYTES", 40)
    save = tmp_path / "s.json"
    save.write_text('{"seed": 1, "decisions": [], "padding": "' + "x" * 40 + '"}')
    assert main(["play", "duel", "--resume", str(save)]) == 2
    assert f"{save}: cannot read save: file is over 40 bytes; save files are limited to that" in capsys.readouterr().err


@pytest.mark.parametrize("spec, message", [
    ("{root}/duel", "no playable scenario '{root}/duel'. Did you mean the file '{root}/duel.yaml'?"),
    ("tosy/duel", "no pack 'tosy' (in 'tosy/duel'). Did you mean 'toys'? Packs: "),
])
def test_a_scenario_named_almost_right_says_what_was_meant(toy_pack, capsys, spec, message):
    assert main(["play", spec.format(root=toy_pack)]) == 2
    assert message.format(root=toy_pack) in capsys.readouterr().err


def test_a_side_given_two_ways_is_refused_not_settled_by_order(toy_pack, capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("asked a person to play"))
    assert main(["play", "duel", "--side", "red=human", "--side", "red=bot"]) == 2
    assert "--side red given twice: red=human and red=bot" in capsys.readouterr().err


def test_one_pack_id_in_two_folders_asks_for_the_scenario_file(toy_pack, capsys, monkeypatch, tmp_path):
    import shutil

    copy = shutil.copytree(toy_pack, tmp_path / "elsewhere" / "toys")
    monkeypatch.setenv("SORTIE_PACK_PATH", os.pathsep.join([str(toy_pack.parent), str(copy.parent)]))
    assert main(["play", "toys/duel"]) == 2  # it said: name the pack as PACK/ID, as it was
    err = capsys.readouterr().err
    assert "packs in different folders share the id; give the scenario file:" in err
    assert str(toy_pack / "duel.yaml") in err and str(copy / "duel.yaml") in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_log_into_a_pipe_is_written_through_it_not_renamed_over_it(toy_pack, capsys, tmp_path):
    """`--log /dev/stdout` or a named pipe: the reader must get the lines, and the pipe stay a pipe."""
    pipe = tmp_path / "events"
    os.mkfifo(pipe)
    got = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text()), daemon=True)
    reader.start()
    assert main(["play", "duel", "--json", "--log", str(pipe)]) == 0
    reader.join(timeout=30)
    if reader.is_alive():  # nothing came: let the reader go before failing
        with open(pipe, "w"):
            pass
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert got and json.loads(got[0].splitlines()[0])["type"] == "game.start"


def test_a_refused_run_leaves_no_folder_made_for_its_outputs(toy_pack, capsys, tmp_path):
    log = tmp_path / "runs" / "today" / "game.jsonl"
    assert main(["play", "duel", "--log", str(log), "--option", "nope=on"]) == 2
    assert not (tmp_path / "runs").exists()
    assert main(["play", "duel", "--log", str(log)]) == 0 and log.is_file()  # made when written


def test_a_save_given_as_the_scenario_points_at_resume(toy_pack, capsys, tmp_path):
    save = tmp_path / "game.json"
    assert main(["play", "duel", "--save", str(save), "--json"]) == 0
    capsys.readouterr()
    assert main(["play", str(save)]) == 2  # it said: no playable scenario, and listed them all
    assert f"{save}: not a scenario file (.yaml); to go on with a save, give the scenario and --resume {save}" \
        in capsys.readouterr().err


def test_with_json_a_persons_game_is_told_on_stderr_and_stdout_holds_only_the_summary(toy_pack, capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", "duel", "--side", "red=human", "--json"]) == 0
    captured = capsys.readouterr()
    (only,) = captured.out.splitlines()
    assert json.loads(only)["scenario"] == "duel"
    assert "[red]" in captured.err and "  1. " in captured.err  # the question and its options


def test_a_pack_of_your_own_not_on_the_search_path_is_said_how_to_name(toy_pack, capsys, tmp_path):
    """A modder's pack is not known by id: `sortie play my-pack/x` says to give the file or the path."""
    for spec in ("my-pack/mission-3", "mission-3"):
        assert main(["play", spec]) == 2
        assert capsys.readouterr().err.rstrip().endswith(
            "A scenario of a pack of your own: give its file (my-pack/scenarios/x.yaml), or put the folder "
            "that holds the pack on SORTIE_PACK_PATH."), spec


def test_a_save_of_hundreds_of_megabytes_is_refused_at_once_unread(toy_pack, capsys, tmp_path):
    """A 241 MB save took 66 s and 2.1 GB before it was refused: its size now says enough."""
    save = tmp_path / "huge.json"
    with open(save, "wb") as handle:
        handle.truncate(241 * 1024 * 1024)  # sparse: no disk used
    assert main(["play", "duel", "--resume", str(save)]) == 2
    assert f"{save}: cannot read save: file is over 33554432 bytes" in capsys.readouterr().err
