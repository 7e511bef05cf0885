"""Every refusal of the mission generator is a finding of `sortie validate` first, on the record
that causes it: a pack that validates clean rolls its missions (issue: 0 errors, 0 warnings, then
`sortie mission` failed on 4 of 5 seeds)."""

import re

import pytest

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT
from engine.content.validate import check_pack
from engine.content.view import ContentView
from engine.rulesets import rulesets, workspace

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")

# What the generator says when it refuses -> the lint codes that must have reported it first
# (at any severity: the faithful pack suppresses what the rulebook prints as it is).
REFUSALS = {
    r"cannot fly|can fly no mission": {"paw.mission_forces"},
    r"\(a gap\)": {"dice.gap"},
    r"the row is cut off": {"paw.row_cut_off"},
    r"designates no plane dashboard|no dashboard '": {"paw.unknown_plane"},
    r"prints no composition": {"paw.empty_composition"},
}


def refusals(pack_id: str, seeds: range):
    """(timeline, message) of every mission the generator refuses on the pack's timelines."""
    tool = rulesets()["paw"].mission
    view = ContentView.of_pack(workspace().pack(BUNDLED_CONTENT / pack_id))
    for timeline in view.records("paw.timeline"):
        for seed in seeds:
            try:
                tool.generate(view, pack_id, **tool.options_for(timeline, seed))
            except tool.report as exc:
                yield timeline, str(exc)


@pytest.mark.parametrize("pack_id", ["pocket-air-war", "pocket-air-war-errata"])
def test_each_refusal_of_the_generator_on_a_bundled_pack_was_a_finding_of_validate(pack_id):
    ws = workspace()
    found = {}  # code -> the records (by id) it was reported on
    for d in check_pack(ws.pack(BUNDLED_CONTENT / pack_id), rulesets()["paw"], ws):
        found.setdefault(d.code, set()).add(d.record.partition(":")[2] or d.file)
    unexplained, seen = [], 0
    for timeline, message in refusals(pack_id, range(6)):
        seen += 1
        codes = next((codes for pattern, codes in REFUSALS.items() if re.search(pattern, message)), None)
        # the record it names: a table "(table-id in ...)" or "(table-id)", else the timeline
        named = re.search(r"\(([a-z0-9][a-z0-9._-]*)(?: in [^)]*)?\): roll", message)
        record = named.group(1) if named and "cannot fly" not in message else timeline.id
        if codes is None or not any(record in found.get(code, ()) for code in codes):
            unexplained.append(message)
    assert unexplained == [], f"refusals no lint rule reported first: {unexplained[:3]}"
    assert pack_id == "pocket-air-war-errata" or seen > 10  # the faithful pack refuses, each for a reason it names


def test_a_side_that_cannot_fly_the_other_sides_mission_is_an_error_where_it_is_set(tmp_path, capsys):
    """The issue's pack: no fighter-bomber on a side that must fly Close Air Support."""
    root = tmp_path / "mine"
    (root / "timelines").mkdir(parents=True)
    (root / "pack.yaml").write_text("id: mine\nname: Mine\nversion: 0.1.0\nruleset: paw\nextends: pocket-air-war-errata\n")
    seelowe = BUNDLED_CONTENT / "pocket-air-war-errata" / "timelines" / "seelowe.yaml"  # the RAF flies no fighter-bomber
    text = seelowe.read_text().replace("other_mission: fighter-sweep", "other_mission: close-air-support")
    text = re.sub(r"(?s)\nsuppress:.*", "\n", text)
    (root / "timelines" / "seelowe.yaml").write_text(text)
    assert main(["validate", str(root)]) == 1
    out = capsys.readouterr().out
    assert re.search(r"seelowe.yaml:\d+:\d+: error\[paw.mission_forces\]: the allies cannot fly Close Air Support, "
                     r"the mission of the side that does not roll: no availability table of the allies gives a "
                     r"fighter-bomber \(at mission_roll.other_mission\)", out), out
    for seed in range(3):  # and the generator refuses it, as validate said
        assert main(["mission", "--pack", str(root), "--theater", "battle-of-britain", "--timeline", "seelowe",
                     "--seed", str(seed)]) == 1
