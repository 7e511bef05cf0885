"""Hostile saves the other tests leave out: a NUL byte, a string of megabytes, hundreds of
thousands of decisions. Each is a clean message naming the file (and line and column when the
JSON itself is broken), said in bounded time and length, and nothing is written."""

import time

import pytest

from engine.cli import main

HEAD = '{"format": "sortie.save/1", "scenario": "duel", "seed": 1, '
CASES = {
    "a NUL in a string": ('{"format": "sortie.save/1", "scenario": "duel\x00", "seed": 1, "decisions": []}',
                          ":1:46: not a save file: Invalid control character"),
    "a NUL after the save": (HEAD + '"decisions": []}\x00', ":1:76: not a save file: Extra data"),
    "an action of megabytes": (HEAD + '"decisions": [{"side": "blue", "action": {"type": "' + "a" * 5_000_000 + '"}}]}',
                               ": saved decision 1 no longer applies"),
    "300,000 decisions": (HEAD + '"decisions": [' + ", ".join(['{"side": "blue", "action": {"type": "attack"}}'] * 300_000)
                          + "]}", ": saved decision 2 no longer applies: expected a decision by red"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_save_is_a_short_clean_message_and_writes_nothing(toy_pack, capsys, tmp_path, case):
    text, message = CASES[case]
    folder = tmp_path / "saves"
    folder.mkdir()
    save = folder / "hostile.json"
    save.write_text(text)
    started = time.monotonic()
    assert main(["play", "duel", "--resume", str(save), "--save", str(folder / "out.json")]) == 2
    assert time.monotonic() - started < 20
    err = capsys.readouterr().err
    assert err.startswith(f"sortie play: {save}{message}"), err[:300]
    assert len(err) < 2000  # a reason is cut short, not the megabytes echoed
    assert sorted(p.name for p in folder.iterdir()) == ["hostile.json"]  # nothing written
