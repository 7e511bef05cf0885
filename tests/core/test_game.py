"""The engine core on a toy ruleset: decisions, refusals, determinism, saves and replays."""

import gc
import json
import weakref

import pytest

from engine.cli import main
from engine.content.view import ContentView
from engine.core.decisions import IllegalAction
from engine.core.events import EventLog
from engine.core.game import Game, SaveMismatch, resume, run
from engine.rulesets.launch import find_scenario
from engine.core.view import view_at
from tests import toy


def content(speed_a=4, speed_b=3, **scenario):
    planes = [toy.Plane(kind="toy.plane", id="a", speed=speed_a),
              toy.Plane(kind="toy.plane", id="b", speed=speed_b)]
    scen = toy.Scenario(kind="toy.scenario", id="duel", planes={"red": "a", "blue": "b"}, **scenario)
    return ContentView(planes + [scen]), scen


def bots(strength="hard"):
    return {s: toy.ToyBot(s, strength) for s in ("blue", "red")}


def play(seed, **kw):
    view, scen = content(**kw)
    game = Game(toy.RULESET.engine, scen, view, seed)
    run(game, bots())
    return game


def test_same_seed_same_log_byte_for_byte():
    assert play(7).log.to_jsonl() == play(7).log.to_jsonl()
    assert play(7).log.to_jsonl() != play(8).log.to_jsonl()


def test_every_roll_is_logged_with_its_purpose():
    game = play(3)
    rolls = game.log.of_type("roll")
    assert rolls and all(r["for"].endswith("attack") and r["die"] == "d6" for r in rolls)
    hits = game.log.of_type("hit")
    assert len(hits) == sum(1 for r in rolls if r["results"][0] >= r["need"])


def test_illegal_action_is_refused_with_reason_and_changes_nothing():
    view, scen = content()
    game = Game(toy.RULESET.engine, scen, view, 1)
    before = len(game.log)
    with pytest.raises(IllegalAction, match="not a stance"):
        game.submit({"type": "loop"})
    with pytest.raises(IllegalAction, match="mapping with a 'type'"):
        game.submit("attack")
    assert len(game.log) == before and game.pending is not None
    huge = ["x" * 1000] * 1000  # a hand-edited save's action: the refusal quotes it, briefly
    for action in (huge, {"type": huge}):
        with pytest.raises(IllegalAction) as refused:
            game.submit(action)
        assert len(str(refused.value)) < 300


def test_unknown_option_is_rejected():
    view, scen = content()
    with pytest.raises(ValueError, match="available: sudden_death"):
        Game(toy.RULESET.engine, scen, view, 1, {"nope": True})


def test_save_and_resume_gives_the_same_game():
    full = play(11)
    save = full.save()
    half = resume(toy.RULESET.engine, full.scenario, full.content, save, upto=len(save["decisions"]) // 2)
    assert half.pending is not None
    run(half, bots())
    assert half.log.to_jsonl() == full.log.to_jsonl()


def test_replay_against_changed_data_shows_first_difference():
    old = play(5)
    view, scen = content(speed_a=1)
    new = resume(toy.RULESET.engine, scen, view, {**old.save(), "decisions": []})
    run(new, bots())
    index = EventLog.first_difference(old.log, new.log)
    assert index is not None
    assert old.log[index]["type"] in ("roll", "hit", "summary", "decision.pending", "turn.start")
    assert EventLog.first_difference(old.log, play(5).log) is None


def test_resume_reports_where_a_save_no_longer_applies():
    view, scen = content()
    bad = {"seed": 1, "decisions": [{"side": "blue", "action": {"type": "attack"}},
                                    {"side": "red", "action": {"type": "barrel-roll"}}]}
    with pytest.raises(SaveMismatch, match="saved decision 2 no longer applies"):
        resume(toy.RULESET.engine, scen, view, bad)


def test_board_view_replays_standard_unit_events():
    events = [
        {"type": "unit.placed", "unit": "u1", "side": "red", "unit_type": "F", "at": "C4"},
        {"type": "unit.moved", "unit": "u1", "to": "C5", "facing": 2},
        {"type": "unit.changed", "unit": "u1", "state": {"in_air": True}},
        {"type": "unit.removed", "unit": "u1", "box": "damage"},
    ]
    assert view_at(events, 2).units["u1"].at == "C5"
    assert view_at(events, 3).units["u1"].state == {"in_air": True}
    final = view_at(events).units["u1"]
    assert (final.at, final.box) == (None, "damage")


def test_board_view_follows_free_mat_positions():
    events = [
        {"type": "unit.placed", "unit": "p", "side": "axis", "unit_type": "bf-109", "pos": [10, 20], "heading": 90},
        {"type": "unit.moved", "unit": "p", "pos": [15.5, 20], "heading": 45},
    ]
    unit = view_at(events).units["p"]
    assert (unit.pos, unit.heading, unit.at, unit.on_board) == ((15.5, 20), 45, None, True)


# --------------------------------------------------------------------------- sortie play


def test_play_json_is_byte_identical_per_seed(toy_pack, capsys):
    assert main(["play", "duel", "--seed", "4", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["play", "toys/duel", "--seed", "4", "--json"]) == 0
    assert capsys.readouterr().out == first
    out = json.loads(first)
    assert {"scenario", "seed", "winner", "result", "score", "turns", "events"} <= set(out)
    assert out["scenario"] == "duel" and set(out["score"]) == {"red", "blue"}


def test_play_text_prints_turns_and_result_and_writes_log(toy_pack, capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    assert main(["play", str(toy_pack / "duel.yaml"), "--seed", "2", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "turn 1:" in out and "Result:" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["type"] == "game.start" and events[-1]["type"] == "game.end"


def test_play_usage_errors(toy_pack, capsys):
    assert main(["play", "dule"]) == 2
    assert "Did you mean 'toys/duel'?" in capsys.readouterr().err
    assert main(["play", "duel", "--side", "green=human"]) == 2
    assert "sides: blue, red" in capsys.readouterr().err
    assert main(["play", "duel", "--side", "red=bot:godlike"]) == 2
    assert main(["play", "duel", "--option", "sudden_death=maybe"]) == 2
    assert main(["play", "duel", "--option", "nope=on"]) == 2
    missing = str(toy_pack / "scenarios" / "nowhere.yaml")
    assert main(["play", missing]) == 2
    assert f"{missing}: no such scenario file" in capsys.readouterr().err


def test_person_at_the_prompt_with_refusal_and_save(toy_pack, capsys, monkeypatch, tmp_path):
    answers = iter(['{"type": "loop"}', "1", "Evade", "1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    save = tmp_path / "s.json"
    assert main(["play", "duel", "--side", "red=human", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "refused: 'loop' is not a stance" in out
    data = json.loads(save.read_text())
    red = [d["action"]["type"] for d in data["decisions"] if d["side"] == "red"]
    assert red == ["attack", "evade"]
    assert main(["play", "duel", "--resume", str(save), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] > len(data["decisions"])


@pytest.mark.parametrize("text, message", [
    ('{"seed": 1,\n "decisions": [\n  {"side": "red", "acton": {}}\n ]}',
     ":3:3: not a usable save: required field 'action' is missing"),
    ('{"seed": "one", "decisions": []}', ":1:10: not a usable save: input should be a valid integer"),
    ('{"seed": 1, "decisions": 5}', "input should be a valid list; got 5 (at decisions)"),
    ('{"seed": 1, "decisions": [7]}', "input should be a valid dictionary; got 7 (at decisions[0])"),
    ('{"seed": 1, "decisions": [], "options": ["fog"]}', "(at options)"),
    ('{"seed": 1}', "required field 'decisions' is missing"),
    ('{"seed": -7, "decisions": []}', ":1:10: not a usable save: input should be greater than or equal to 0"),
    ('{"seed": 2147483648, "decisions": []}', "input should be less than or equal to 2147483647; got 2147483648"),
    ('{"seed": ' + "9" * 5000 + ', "decisions": []}', ":1:10: not a save file: a number of 5000 digits"),
    ('{"seed": 1,\n "decisions": [{"side": "red\\ud800", "action": {}}]}',
     ":2:29: not a save file: '\\ud800' is half of a character (a lone UTF-16 surrogate)"),
    ('[1, 2]', ":1:1: not a Sortie save: expected a JSON object"),
    ('{"seed": 1,,}', ":1:12: not a save file"),
    ('{"scenario": "other", "seed": 1, "decisions": []}', "the save is of scenario 'other', not 'duel'"),
    ('{"seed": 1, "decisions": [{"side": "red", "action": {"type": "loop"}}]}',
     "saved decision 1 no longer applies"),
])
def test_a_broken_save_is_named_with_file_line_and_field(toy_pack, capsys, tmp_path, text, message):
    save = tmp_path / "broken.json"
    save.write_text(text)
    assert main(["play", "duel", "--resume", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sortie play: {save}") and message in err


def test_resume_refuses_a_seed_or_options_it_would_ignore(toy_pack, capsys, tmp_path):
    save = tmp_path / "s.json"
    assert main(["play", "duel", "--seed", "3", "--save", str(save), "--json"]) == 0
    capsys.readouterr()
    for extra in (["--seed", "4"], ["--option", "sudden_death=on"]):
        assert main(["play", "duel", "--resume", str(save), *extra]) == 2
        assert "drop --seed and --option" in capsys.readouterr().err
    assert main(["play", "duel", "--resume", str(save), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 3


def test_play_checks_its_output_files_before_anyone_plays(toy_pack, capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("asked a person to play"))
    blocker = tmp_path / "file"
    blocker.write_text("")
    for flag in ("--log", "--save"):
        assert main(["play", "duel", "--side", "red=human", flag, str(blocker / "out.json")]) == 2
        captured = capsys.readouterr()
        assert f"{blocker / 'out.json'}: cannot write" in captured.err and not captured.out


def test_decision_accepts_the_offered_dict_or_an_equal_copy_without_its_label():
    from engine.core.decisions import Decision

    options = [{"type": "go", "to": "C4", "label": "go to C4"}, {"type": "stay", "label": "stay"}]
    decision = Decision("red", "toy.go", "where?", options)
    assert decision.match(options[0]) is options[0]
    assert decision.match({"type": "go", "to": "C4"}) is options[0]
    with pytest.raises(IllegalAction, match="legal action types: go, stay"):
        decision.match({"type": "go", "to": "C5"})


def test_lazy_options_are_built_only_when_asked_and_accept_checks_without_them():
    from engine.core.decisions import Decision

    built = []

    def options():
        built.append(1)
        return [{"type": "move", "to": n, "label": f"to {n}"} for n in range(3)]

    def accept(action):
        return {"type": "move", "to": action["to"]} if action.get("to") in range(3) else None

    decision = Decision("red", "toy.move", "where?", options, accept=accept,
                        explain=lambda a: f"{a.get('to')} is not within reach")
    assert decision.match({"type": "move", "to": 2}) == {"type": "move", "to": 2}
    assert built == []
    with pytest.raises(IllegalAction, match="9 is not within reach"):
        decision.match({"type": "move", "to": 9})
    assert built == [1] and len(decision.options) == 3
    with pytest.raises(ValueError, match="offers no action"):
        Decision("red", "toy.move", "where?", lambda: []).options


def test_same_action_is_json_equality_without_labels():
    from engine.core.decisions import same_action

    assert same_action({"type": "go", "path": ["a"], "label": "x"}, {"path": ("a",), "type": "go"})
    assert not same_action({"type": "go", "facing": 1}, {"type": "go", "facing": True})
    assert not same_action({"type": "go", "cost": 1}, {"type": "go", "cost": 1.0})


@pytest.mark.parametrize("scenario", ["red-eagles", "zekes-in-the-slot"])
def test_a_game_and_its_answered_decisions_free_themselves(scenario):
    """Nothing ties a game, or a decision once answered, in a reference cycle: they do not wait
    for the cyclic garbage collector, whose full passes otherwise dominate long runs of games."""
    launch = find_scenario(scenario)
    engine = launch.ruleset.engine
    gc.disable()
    try:
        game = Game(engine, launch.scenario, launch.content, 3)
        bots = {side: engine.bot(side, "hard") for side in game.sides}
        answered = []
        while game.pending is not None:
            answered.append(weakref.ref(game.pending))
            game.submit(bots[game.pending.side].choose(game.pending, game))
        assert game.over and answered and all(ref() is None for ref in answered)
        kept = weakref.ref(game)
        del game
        assert kept() is None
    finally:
        gc.enable()



def test_dice_draw_the_faces_randint_draws():
    """Saves and the reference games replay only if a seed rolls what it always rolled."""
    import random

    from engine.core.dice import Dice

    for seed in range(20):
        logged = []
        dice, rng = Dice(seed, logged.append), random.Random(seed)
        for die, count in (("d6", 7), ("d10", 5), ("d20", 3), ("2d6", 4), ("d1", 2), ("3d8", 2), ("d6", 1)):
            dice_, sides = (int(die.split("d")[0] or 1), int(die.split("d")[1]))
            expected = [sum(rng.randint(1, sides) for _ in range(dice_)) for _ in range(count)]
            assert dice.roll(die, "test", count) == expected
        assert dice.one("d12", "test") == rng.randint(1, 12)
    assert logged[0]["results"] and len(logged) == 8


def test_events_added_whole_are_numbered_in_turn_with_seq_first():
    log = EventLog()
    first = log.append("roll", {"die": "d6", "rolls": [4]})
    second = log.add({"seq": None, "type": "decision", "side": "red", "action": {"type": "pass"}})
    assert second is log[1] and (first["seq"], second["seq"]) == (0, 1)
    assert list(second) == ["seq", "type", "side", "action"]  # the order unsorted dumps show
    game = play(7)
    pending = [e for e in game.log if e["type"] == "decision.pending"][0]
    assert list(pending) == ["seq", "type", "side", "kind", "prompt"]
    assert [e["seq"] for e in game.log] == list(range(len(game.log)))
