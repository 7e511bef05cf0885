"""Each hm lint rule fires on the authoring mistake it exists for and stays quiet otherwise."""

from __future__ import annotations

import shutil

import pytest

from engine.content.validate import validate_paths
from engine.rulesets.hm import RULESET
from engine.rulesets import workspace

from ..conftest import PACK, run_rule, variant

F, B = "hm.fighter", "hm.bomber"
S, R = "hm.scenario", "hm.rules"
ZEKES, YAMA, BERLIN = "zekes-in-the-slot", "yamamotos-defeat", "bombers-over-berlin"


def setter(*path_and_value):
    """Edit that sets data[path] = value (the last argument)."""
    *path, value = path_and_value

    def edit(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return edit


DELETE = object()


def plane(squadron: int, index: int, **changes):
    def edit(data):
        data["squadrons"][squadron]["planes"][index].update(changes)

    return edit


def drop_planes(squadron: int, keep: int):
    def edit(data):
        del data["squadrons"][squadron]["planes"][keep:]

    return edit


# (rule, kind, record id, edit, severity, path, words in the message)
FIRES = [
    ("hm.stat_missing", F, "p-51-mustang", setter("damage", DELETE), "warning", ("name",), "damage"),
    ("hm.stat_missing", B, "b-17g-fortress", setter("bomb", DELETE), "warning", ("name",), "bomb"),
    ("hm.tail_gunner", F, "me110g", setter("gunners", 0), "warning", ("guns_tail",), "no rear gunner"),
    ("hm.tail_gunner", F, "p-51-mustang", setter("gunners", 1), "warning", ("gunners",), "no tail gun"),
    ("hm.maneuver_cost", F, "p-40-warhawk", setter("immelman", 5), "warning", ("immelman",), "never"),
    ("hm.maneuver_cost", B, "g4m2-betty", setter("turn", 4), "warning", ("turn",), "speed is 3"),
    ("hm.heavy_engines", B, "b-17g-fortress", setter("engines", DELETE), "warning", ("bomber_class",), "engine"),
    ("hm.bomb_rating", B, "b-17g-fortress", setter("bomb", "3-5"), "warning", ("bomb",), "misses on a 6"),
    ("hm.bomb_rating", B, "b-17g-fortress", setter("bomb", "0-6"), "error", ("bomb",), "outside d6 (1-6)"),
    ("hm.bomb_rating", B, "b-17g-fortress", setter("bomb", "5-9"), "error", ("bomb",), "outside d6 (1-6)"),
    (
        "hm.turret_columns", B, "lancaster",
        setter("turrets", [{"position": "tail", "dice": 4}, {"position": "nose", "dice": 2}]),
        "warning", ("turrets", 1, "position"), "printed order",
    ),
    (
        "hm.turret_columns", B, "lancaster",
        setter("turrets", [{"position": "nose", "dice": 2}, {"position": "nose", "dice": 2}]),
        "error", ("turrets", 1, "position"), "twice",
    ),
    ("hm.conversion_check", F, "p-51-mustang", setter("speed", 6), "info", ("speed",), "printed 6"),
    (
        "hm.conversion_check", F, "p-51-mustang", setter("specs", "mounts", 0, "mount", "nose"),
        "error", ("specs", "mounts", 0, "mount"), "'front' or 'tail'",
    ),
    (
        "hm.conversion_check", B, "lancaster", setter("specs", "mounts", 0, "mount", "chin"),
        "error", ("specs", "mounts", 0, "mount"), "turret position",
    ),
    (
        "hm.conversion_check", B, "lancaster", setter("specs", "mounts", 0, "mount", "ball"),
        "info", ("turrets",), "guns ball: printed blank",
    ),
    ("hm.shooting_order", "hm.shooting_table", "shooting", setter("rows", 2, "hit", "3-6"), "warning", ("rows", 2, "hit"), "easier"),
    ("hm.shooting_order", "hm.shooting_table", "shooting", setter("rows", 1, "range", 3), "error", ("rows", 1, "range"), "range 2"),
    ("hm.shooting_order", "hm.shooting_table", "shooting", setter("rows", 0, "hit", "2-8"), "error", ("rows", 0, "hit"), "outside"),
    ("hm.shooting_order", "hm.shooting_table", "shooting", setter("ranges", "front", 5), "error", ("ranges", "front"), "stops at 4"),
    (  # play reads one run of rolls: '4 or 6' stopped a game at the first engine check
        "hm.engine_hit_rolls", R, "core", setter("engine_hits", "confirm", "4 or 6"), "error",
        ("engine_hits", "confirm"), "'4 or 6' is not a roll: expected a number, 'low-high' or 'n+'",
    ),
    (  # a 12 on a d6 is never rolled: no engine would ever be hit
        "hm.engine_hit_rolls", R, "core", setter("engine_hits", "stalled_move_roll", 12), "error",
        ("engine_hits", "stalled_move_roll"), "stalled move roll 12 is outside d6 (1-6)",
    ),
    ("hm.formation_bounds", R, "core", setter("deployment", "formation_min", 5), "error", ("deployment", "formation_min"), "at most 4"),
    (
        "hm.board_targets", "hm.board", "bombing-run", setter("targets", 0, "col", 18),
        "error", ("targets", 0), "off the 17x30 mat",
    ),
    (
        "hm.board_targets", "hm.board", "bombing-run", setter("targets", 1, "col", 5),
        "error", ("targets", 1), "shares hex 5,2",
    ),
    (
        "hm.board_targets", "hm.board", "bombing-run", setter("targets", 1, "id", "target-west"),
        "error", ("targets", 1, "id"), "used twice",
    ),
    ("hm.local_ids", S, BERLIN, plane(1, 0, id="b17-1"), "error", ("squadrons", 1, "planes", 0, "id"), "used twice"),
    ("hm.local_ids", S, YAMA, setter("sides", 1, "id", "usa"), "error", ("sides", 1, "id"), "used twice"),
    ("hm.off_board", S, BERLIN, plane(0, 0, row=30), "error", ("squadrons", 0, "planes", 0), "9,31"),
    ("hm.off_board", S, ZEKES, plane(0, 0, col=18), "error", ("squadrons", 0, "planes", 0), "off the 17x15 mat"),
    ("hm.hex_shared", S, BERLIN, plane(1, 0, col=9, row=25), "error", ("squadrons", 1, "planes", 0), "'b17-1'"),
    ("hm.deploy_distance", S, BERLIN, plane(2, 0, col=9, row=21), "warning", ("squadrons", 2, "planes", 0), "3 hexes"),
    ("hm.outside_zone", S, BERLIN, plane(2, 0, row=20), "warning", ("squadrons", 2, "planes", 0), "zone of 'germany'"),
    ("hm.outside_zone", S, BERLIN, setter("sides", 1, "zone", "row_min", 18), "error", ("sides", 1, "zone"), "empty"),
    ("hm.outside_zone", S, BERLIN, setter("sides", 1, "zone", "row_max", 31), "error", ("sides", 1, "zone"), "off the mat"),
    ("hm.squadron_role", S, BERLIN, setter("squadrons", 0, "plane", "p-51-mustang"), "error", ("squadrons", 0, "plane"), "not a bomber"),
    (
        "hm.squadron_role", S, BERLIN, setter("squadrons", 1, "substitutes", ["lancaster"]),
        "error", ("squadrons", 1, "substitutes", 0), "not a fighter",
    ),
    ("hm.squadron_role", S, BERLIN, setter("squadrons", 1, "card", "QS"), "error", ("squadrons", 1, "card"), "own card"),
    ("hm.squadron_role", S, BERLIN, plane(0, 0, card="QS"), "error", ("squadrons", 0, "planes", 0, "card"), "one card"),
    ("hm.wrong_side", S, YAMA, setter("squadrons", 0, "side", "russia"), "error", ("squadrons", 0, "side"), "no side 'russia'"),
    ("hm.wrong_side", S, YAMA, setter("victory", 0, "side", "us"), "error", ("victory", 0, "side"), "no side 'us'"),
    ("hm.wrong_side", S, YAMA, setter("squadrons", 0, "plane", "me109g"), "warning", ("squadrons", 0, "planes", 0), "axis plane"),
    (
        "hm.wrong_side", S, YAMA, setter("designations", 0, "choose_from", ["betty-1", "p38-1"]),
        "error", ("designations", 0, "choose_from", 1), "flies for 'usa'",
    ),
    (
        "hm.wrong_side", S, YAMA, setter("designations", 0, "choose_from", ["betty-3"]),
        "error", ("designations", 0, "choose_from", 0), "no placed plane",
    ),
    ("hm.formation_size", S, BERLIN, drop_planes(0, 2), "warning", ("squadrons", 0, "planes"), "formation of 2"),
    ("hm.deck", S, BERLIN, plane(1, 0, card="AS"), "error", ("squadrons", 1, "planes", 0, "card"), "already dealt"),
    ("hm.deck", S, BERLIN, plane(1, 0, card=None), "warning", ("squadrons", 1, "planes", 0), "no card"),
    ("hm.force_ratio", S, YAMA, drop_planes(2, 3), "warning", ("force_ratio",), "exactly"),
    ("hm.force_ratio", S, ZEKES, drop_planes(1, 3), "warning", ("force_ratio",), "whole multiple"),
    ("hm.bomber_start", S, BERLIN, plane(0, 0, row=6), "warning", ("squadrons", 0, "planes", 0), "far end"),
    ("hm.rounds_short", S, BERLIN, setter("end", "max_rounds", 10), "warning", ("end", "max_rounds"), "needs 11 rounds"),
    ("hm.victory_ref", S, YAMA, setter("victory", 0, "designation", "nimitz"), "error", ("victory", 0, "designation"), "nimitz"),
    ("hm.victory_ref", S, BERLIN, setter("victory", 0, "targets", ["target-north"]), "error", ("victory", 0, "targets", 0), "no target"),
    ("hm.victory_ref", S, BERLIN, setter("victory", 0, "count", 4), "error", ("victory", 0, "count"), "only 3"),
]


@pytest.mark.parametrize("code, kind, rid, edit, severity, path, words", FIRES)
def test_rule_fires(records, code, kind, rid, edit, severity, path, words):
    found = run_rule(code, variant(records[kind, rid], edit), records)
    hits = [f for f in found if f[0] == severity and f[1] == path]
    assert hits, found
    assert any(words in message for _, _, message in hits), hits


QUIET = sorted({(code, kind, rid) for code, kind, rid, *_ in FIRES} - {("hm.stat_missing", B, "b-17g-fortress")})


@pytest.mark.parametrize("code, kind, rid", QUIET)
def test_rule_stays_quiet_on_the_bundled_record(records, code, kind, rid):
    assert run_rule(code, records[kind, rid], records) == []


def test_every_rule_has_a_firing_case_and_a_stable_code():
    codes = [r.code for r in RULESET.lint_rules]
    assert len(codes) == len(set(codes))
    assert all(c.startswith("hm.") and r.summary for c, r in zip(codes, RULESET.lint_rules))
    tested = {c for c, *_ in FIRES} | {"hm.sequence_numbers", "hm.deck", "hm.board_small", "hm.formation_size"}
    assert set(codes) <= tested


def test_printed_step_numbering_is_reported_and_a_renumbered_copy_is_not(records):
    core = records[R, "core"]
    found = run_rule("hm.sequence_numbers", core, records)
    assert [(f[0], f[1]) for f in found] == [("warning", ("sequence", 2, "number"))]
    fixed = variant(core, lambda d: [s.update(number=i + 1) for i, s in enumerate(d["sequence"])])
    assert run_rule("hm.sequence_numbers", fixed, records) == []


def test_formation_size_applies_to_bombing_runs_only(records):
    # Yamamoto's two Bettys are one squadron; the scenario is not a bombing run.
    assert run_rule("hm.formation_size", records[S, YAMA], records) == []
    run = variant(records[S, YAMA], setter("victory", 0, {"side": "usa", "condition": "destroy_targets"}))
    found = run_rule("hm.formation_size", run, records)
    assert [f[1] for f in found] == [("squadrons", 1, "planes")]


def test_two_ratio_units_of_berlin_need_more_cards_than_a_deck(records):
    berlin = records[S, BERLIN]
    assert run_rule("hm.deck", berlin, records) == []
    small = variant(records[R, "core"], setter("activation", "deck_size", 30))
    found = run_rule("hm.deck", berlin, records, extra={(R, "core"): small})
    assert found == [("error", ("squadrons",), "31 activation cards needed; the deck has 30")]


def test_board_smaller_than_five_feet_is_reported(records):
    zekes = records[S, ZEKES]
    assert run_rule("hm.board_small", zekes, records) == []
    tiny = variant(records["hm.board", "dogfight"], setter("rows", 10))
    found = run_rule("hm.board_small", zekes, records, extra={("hm.board", "dogfight"): tiny})
    assert [(f[0], f[1]) for f in found] == [("warning", ("board",))]
    assert '42"' in found[0][2]


def test_scenario_rules_wait_for_a_resolvable_board(records):
    lost = variant(records[S, ZEKES], setter("board", "no-such-board"))
    assert run_rule("hm.off_board", lost, records) == []


def zekes_edited(tmp_path, old: str, new: str):
    """Validation report of a copy of the pack whose Zekes in the Slot has `old` replaced by `new`,
    and the line `old` was on."""
    root = tmp_path / "hex-minis"
    shutil.copytree(PACK, root)
    path = root / "scenarios" / "zekes-in-the-slot.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if old in l)
    return validate_paths([root], workspace()), line


def test_a_finding_points_at_the_file_and_line(tmp_path):
    report, line = zekes_edited(tmp_path, "{id: corsair-1, col: 6, row: 13", "{id: corsair-1, col: 6, row: 16")
    (diag,) = [d for d in report.diagnostics if d.code == "hm.off_board"]
    assert diag.file.endswith("zekes-in-the-slot.yaml") and diag.line == line
    assert diag.severity.value == "error" and not report.ok


def test_a_bad_playing_card_is_described_in_words_at_its_file_and_line(tmp_path):
    report, line = zekes_edited(tmp_path, "facing: 0, card: 2S}", "facing: 0, card: 1S}")
    (diag,) = [d for d in report.diagnostics if d.code == "schema"]
    assert diag.file.endswith("zekes-in-the-slot.yaml") and diag.line == line
    assert diag.path.endswith(".card") and diag.message == (
        "expected a playing card: A, 2-10, J, Q or K, then S, H, D or C, e.g. 'AS', '10H'; got '1S'")
