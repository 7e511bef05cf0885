"""`sortie mission`: the file it writes validates and repeats byte for byte, --json
summarises it, and bad arguments get usage errors with did-you-mean (exit 2)."""

from __future__ import annotations

import json

import pytest

from engine.cli import main

ARGS = ["mission", "--pack", "pocket-air-war-errata", "--theater", "battle-of-britain",
        "--timeline", "kanalkampf", "--seed", "7"]


def _pack(root, extends="pocket-air-war-errata"):
    (root / "scenarios").mkdir(parents=True)
    (root / "pack.yaml").write_text(f"id: mine\nname: Mine\nversion: 1.0.0\nruleset: paw\n"
                                    f"extends: {extends}\n")
    return root


def test_writes_a_scenario_that_validates_and_repeats(tmp_path, capsys):
    root = _pack(tmp_path / "mine")
    first, second = root / "scenarios" / "kanalkampf-mission-7.yaml", tmp_path / "again.yaml"
    assert main([*ARGS, "--out", str(first)]) == 0
    assert capsys.readouterr().out.startswith(f"{first}: ")
    assert main([*ARGS, "--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    capsys.readouterr()
    assert main(["validate", str(root)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().err
    assert main(["fmt", "--check", str(root)]) == 0  # written in canonical form
    assert main(ARGS) == 0  # no --out: the record on stdout
    assert capsys.readouterr().out == first.read_text()


def test_json_summarises_the_mission(capsys):
    assert main([*ARGS, "--json", "--points", "allies=3", "--planes", "3"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["scenario"] == "kanalkampf-mission-7"
    assert (summary["theater"], summary["timeline"]) == ("battle-of-britain", "kanalkampf")
    assert summary["roller"] == "axis"  # Kanalkampf: the Axis always roll ...
    assert summary["missions"]["allies"] == "fighter-sweep"  # ... and the RAF sweeps
    assert summary["mission"] in {"close-air-support", "strategic-bombing", "fighter-sweep"}
    for side in ("axis", "allies"):
        planes = summary["planes"][side]
        assert planes["points"] == sum(p["points"] for p in planes["planes"]) > 0
    assert summary["rolls"][0]["step"] == "axis mission type"
    assert all({"step", "die", "outcome"} <= set(r) for r in summary["rolls"])
    assert summary["deployment"]["result"] in {"neutral", "surprised", "jumped"}


def _with(flag: str, value: str) -> list[str]:
    args = list(ARGS)
    if flag in args:
        args[args.index(flag) + 1] = value
    else:
        args += [flag, value]
    return args


@pytest.mark.parametrize("flag,value,expected", [
    ("--pack", "pocket-air-wr", "no pack 'pocket-air-wr'. Did you mean 'pocket-air-war'?"),
    ("--theater", "battle-of-britian", "Did you mean 'battle-of-britain'?"),
    ("--theater", "Battle of Britain", "Did you mean 'battle-of-britain'?"),
    ("--timeline", "kanalkamf", "no timeline 'kanalkamf' in theater 'battle-of-britain'. Did you mean 'kanalkampf'?"),
    ("--timeline", "italy-landings", "belongs to theater 'italy', not 'battle-of-britain'"),
    ("--points", "axis=many", "--points axis=many: expected a whole number"),
    ("--points", "luftwaffe=2", "the sides are axis and allies"),
    ("--planes", "0", "--planes must be between 1 and 20"),
    ("--mat", "seaa", "Did you mean 'sea'?"),
    ("--pack", "red-eagles", "has no mission generator"),
])
def test_bad_arguments_are_usage_errors(flag, value, expected, capsys):
    assert main(_with(flag, value)) == 2
    assert expected in capsys.readouterr().err


def test_a_negative_seed_is_refused_as_the_game_it_would_repeat(capsys):
    assert main(_with("--seed", "-1")) == 2
    assert "argument --seed: must be 0 or more; got -1 (the generator would play it as seed 1)" in capsys.readouterr().err


def test_a_seed_beyond_what_the_studio_holds_is_refused(capsys):
    """80 digits made the mission's id too long for its own model: a traceback."""
    assert main(_with("--seed", "9" * 80)) == 2
    assert "argument --seed: must be at most 2147483647" in capsys.readouterr().err


def test_a_rolled_scenario_its_model_refuses_is_reported_not_raised(capsys, monkeypatch, tmp_path):
    from engine.content.pack import PackManifest

    class Refused:  # the scenario model, refusing what was rolled as a too-long rolled id would be
        @staticmethod
        def model_validate(data):
            PackManifest.model_validate({"id": "x" * 90})

    monkeypatch.setattr("engine.rulesets.paw.mission.generator.Scenario", Refused)
    out = tmp_path / "kept.yaml"
    out.write_text("kept\n")
    assert main([*ARGS, "--out", str(out)]) == 1
    assert "sortie mission: the scenario rolled is not valid: id: String should have at most 80" in capsys.readouterr().err
    assert out.read_text() == "kept\n"


def test_missing_arguments_exit_2(capsys):
    assert main(["mission", "--pack", "pocket-air-war"]) == 2
    assert "error: the following arguments are required: --theater" in capsys.readouterr().err


def test_with_json_every_failure_is_a_json_object_too(capsys, tmp_path):
    """CI parses every outcome: a usage error found by argparse or by the command, and a mission the
    generator refuses (here, a pack with errors: its diagnostics come along)."""
    assert main(["mission", "--pack", "pocket-air-war", "--json"]) == 2
    said = json.loads(capsys.readouterr().out)
    assert said["ok"] is False and said["exit"] == 2 and "required: --theater" in said["error"]
    assert main([*ARGS[:2], "pocket-air-wa", *ARGS[3:], "--json"]) == 2
    said = json.loads(capsys.readouterr().out)
    assert said["error"].startswith("sortie mission: no pack 'pocket-air-wa'. Did you mean")
    root = _pack(tmp_path / "broken")
    (root / "scenarios" / "bad.yaml").write_text("kind: paw.scenario\nid: bad\nmission: nope\n")
    assert main([*ARGS[:2], str(root), *ARGS[3:], "--json"]) == 1
    said = json.loads(capsys.readouterr().out)
    assert said["exit"] == 1 and said["error"] == "sortie mission: pack 'mine' has errors; fix them first"
    assert said["diagnostics"] and said["diagnostics"][0]["file"].endswith("bad.yaml")


def test_a_reported_roll_exits_1_naming_where(capsys):
    for seed in range(50):
        code = main(["mission", "--pack", "pocket-air-war", "--theater", "battle-of-britain",
                     "--timeline", "kanalkampf", "--seed", str(seed), "--json"])
        if code == 1:
            err = capsys.readouterr().err
            assert err.startswith("sortie mission: Battle of Britain / Kanalkampf, ")
            assert "roll " in err and "Reported because on_missing is 'report'" in err
            return
        assert code == 0
        capsys.readouterr()
    raise AssertionError("no seed of the faithful Kanalkampf reported a gap")


def test_a_pack_with_errors_is_refused(tmp_path, capsys):
    root = _pack(tmp_path / "broken")
    (root / "scenarios" / "bad.yaml").write_text("kind: paw.scenario\nid: bad\nmission: nope\n")
    assert main([*ARGS[:2], str(root), *ARGS[3:]]) == 1
    assert "has errors; fix them first" in capsys.readouterr().err
