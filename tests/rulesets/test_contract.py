"""The contract every game system meets (`engine.core.contract`), checked on each ruleset found.

Parametrized over the registry, so a new ruleset folder is checked the moment it exists: what it
lacks fails here by name, before the studio or the command line meets it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.content.generate import generated_files
from engine.content.loader import BUNDLED_CONTENT
from engine.content.view import ContentView
from engine.core.contract import EngineHooks, LayoutHooks, MissionGenerator, RulesEngine, ScenarioLayout
from engine.core.game import Game, resume, run
from engine.rulesets import rulesets, workspace

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(rulesets())


def _texts_under(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.py"))


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return {path.name: text for path, text in generated_files(rulesets().values()).items()}


@pytest.fixture(scope="module")
def test_texts() -> str:
    return _texts_under(ROOT / "tests")


@pytest.mark.parametrize("rid", RULESETS)
def test_kinds_have_a_schema_a_reference_section_and_an_editor_picture(rid, generated):
    ruleset = rulesets()[rid]
    assert ruleset.kinds, "a ruleset defines at least one content kind"
    editors = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    page = generated[f"{rid}.md"]
    for kind in ruleset.kind_ids():
        assert kind.startswith(f"{rid}."), f"{kind}: kinds are namespaced by the ruleset id"
        schema = ROOT / "schemas" / f"{kind}.json"
        assert schema.is_file() and schema.read_text(encoding="utf-8") == generated[f"{kind}.json"], \
            f"schemas/{kind}.json is missing or stale: run 'sortie schemas'"
        assert f"## `{kind}`" in page, f"docs/reference/{rid}.md has no section for {kind}"
        assert f"screenshots/editors/{kind}.png" in editors, f"{kind}: run docs/make_screenshots.py"


@pytest.mark.parametrize("rid", RULESETS)
def test_every_lint_rule_has_a_code_of_the_ruleset_and_a_test_that_names_it(rid, test_texts):
    codes = [rule.code for rule in rulesets()[rid].lint_rules]
    assert len(codes) == len(set(codes)), "two lint rules share a code"
    for code in codes:
        assert code.startswith(f"{rid}."), f"lint code {code!r} is not namespaced '{rid}.'"
    untested = [c for c in codes if not re.search(rf"[\"']{re.escape(c)}[\"']", test_texts)]
    assert not untested, f"lint rules no test makes fire (no test names the code): {untested}"


@pytest.mark.parametrize("rid", RULESETS)
def test_the_optional_parts_meet_their_protocols(rid):
    ruleset = rulesets()[rid]
    if ruleset.engine is not None:
        assert isinstance(ruleset.engine, RulesEngine) and isinstance(ruleset.engine, EngineHooks)
        assert ruleset.engine.bot_strengths, "an engine offers at least one bot strength"
    if ruleset.layout is not None:
        assert isinstance(ruleset.layout, ScenarioLayout) and isinstance(ruleset.layout, LayoutHooks)
    if ruleset.mission is not None:
        assert isinstance(ruleset.mission, MissionGenerator)
        assert ruleset.mission.source_kind in ruleset.kind_ids()
    if ruleset.engine is not None or ruleset.layout is not None:
        assert ruleset.scenario_kind in ruleset.kind_ids()


def _first_scenario(rid: str):
    ruleset = rulesets()[rid]
    ws = workspace()
    for root in sorted(p.parent for p in BUNDLED_CONTENT.glob("*/pack.yaml")):
        pack = ws.pack(root)
        for entry in pack.entries:
            if entry.kind == ruleset.scenario_kind and entry.record is not None:
                return entry.record, ContentView.of_pack(pack)
    return None, None


PLAYABLE = [rid for rid in RULESETS if rulesets()[rid].engine is not None]


@pytest.mark.parametrize("rid", PLAYABLE)
def test_a_seeded_bot_game_ends_and_replays_byte_for_byte(rid):
    engine = rulesets()[rid].engine
    scenario, content = _first_scenario(rid)
    assert scenario is not None, f"a playable ruleset ships a {rulesets()[rid].scenario_kind} in a bundled pack"
    bots = lambda: {side: engine.bot(side, engine.bot_strengths[0]) for side in engine.sides(scenario)}  # noqa: E731
    game = Game(engine, scenario, content, 7)
    outcome = run(game, bots(), max_decisions=20_000)
    assert outcome.winner in (None, *engine.sides(scenario))
    again = Game(engine, scenario, content, 7)
    run(again, bots(), max_decisions=20_000)
    assert again.log.to_jsonl() == game.log.to_jsonl(), "the same seed and bots gave another game"
    replayed = resume(engine, scenario, content, game.save())
    assert replayed.over and replayed.log.to_jsonl() == game.log.to_jsonl(), "a save did not replay the game"
