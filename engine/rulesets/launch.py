"""Finding a scenario by path or id and the content it plays with, for `sortie play` and tools."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.content.diagnostics import Diagnostic, Severity, closest, did_you_mean
from engine.content.loader import display_path, find_pack_root
from engine.content.model import Record
from engine.content.validate import UsageError, Workspace, check_pack
from engine.content.view import ContentView
from engine.core.contract import Ruleset

import engine.rulesets as registry  # looked up at each call: tests swap the registry


@dataclass
class Launch:
    ruleset: Ruleset
    scenario: Record
    content: ContentView
    pack_id: str
    errors: list[Diagnostic]



# Only the bundled packs and those on SORTIE_PACK_PATH are known by id: a modder's own pack is not.
OWN_PACK = (" A scenario of a pack of your own: give its file (my-pack/scenarios/x.yaml), or put the folder "
            "that holds the pack on SORTIE_PACK_PATH.")


def playable_kinds() -> dict[str, Ruleset]:
    """Scenario kind -> ruleset, for rulesets that have an engine."""
    return {r.scenario_kind: r for r in registry.rulesets().values() if r.engine is not None}


def playable_scenarios(ws: Workspace | None = None) -> list[str]:
    """PACK/ID of every scenario `sortie list` offers to play: of a playable kind, and one its engine
    does not decline (`unplayable`: rules not built yet)."""
    ws = ws or registry.workspace()
    kinds = playable_kinds()
    return sorted(f"{pack.id}/{e.record.id}" for pack in map(ws.pack, ws.search_roots()) for e in pack.entries
                  if e.record is not None and e.kind in kinds and kinds[e.kind].engine.unplayable(e.record) is None)


def find_scenario(spec: str, ws: Workspace | None = None) -> Launch:
    """`spec` is a scenario file, `pack-id/scenario-id`, or a scenario id in the known packs."""
    ws = ws or registry.workspace()
    playable = playable_kinds()
    path = Path(spec)
    if path.suffix in (".yaml", ".yml") and not path.is_file():
        raise UsageError(f"{spec}: no such scenario file (give a scenario file, PACK/ID or an id)")
    if path.suffix in (".json", ".jsonl") and path.is_file():  # a save or a log: `play game.json`
        raise UsageError(f"{spec}: not a scenario file (.yaml); to go on with a save, give the scenario "
                         f"and --resume {spec}")
    if path.suffix in (".yaml", ".yml"):
        root = find_pack_root(path.parent)
        if root is None:
            raise UsageError(f"{spec}: not inside a pack (no pack.yaml above it)")
        pack = ws.pack(root)
        entry = next((e for e in pack.entries if e.path.resolve() == path.resolve()), None)
        if entry is None or entry.record is None:
            raise UsageError(f"{spec}: not a valid record; run 'sortie validate {spec}'")
        candidates = [(pack, entry.record)]
    else:
        pack_id, _, scenario_id = spec.rpartition("/")
        candidates, known, packs = [], [], set()
        for root in ws.search_roots():
            pack = ws.pack(root)
            packs.add(pack.id)
            if pack_id and pack.id != pack_id:
                continue
            for entry in pack.entries:
                if entry.record is not None and entry.kind in playable:
                    known.append(f"{pack.id}/{entry.record.id}")
                    if entry.record.id == scenario_id:
                        candidates.append((pack, entry.record))
        if not candidates:
            files = [f"{spec}{suffix}" for suffix in (".yaml", ".yml") if Path(f"{spec}{suffix}").is_file()]
            if files:  # a scenario file named without its suffix
                raise UsageError(f"no playable scenario '{spec}'. Did you mean the file '{files[0]}'?")
            if pack_id and pack_id not in packs:
                raise UsageError(f"no pack '{pack_id}' (in '{spec}').{did_you_mean(pack_id, packs)} "
                                 f"Packs: {', '.join(sorted(packs)) or 'none'}.{OWN_PACK}")
            by_id = {k.rpartition("/")[2]: k for k in known}
            close = closest(scenario_id, by_id)
            hint = f" Did you mean '{by_id[close]}'?" if close else ""
            raise UsageError(
                f"no playable scenario '{spec}'.{hint} "
                f"Known: {', '.join(sorted(known)) or 'none'}.{OWN_PACK}"
            )
        if len(candidates) > 1:
            names = [f"{p.id}/{r.id}" for p, r in candidates]
            if len(set(names)) < len(names):  # one pack id in several folders: only a file tells them apart
                files = ", ".join(display_path(e.path) for p, r in candidates for e in p.entries if e.record is r)
                raise UsageError(f"'{spec}' is ambiguous: packs in different folders share the id; give the "
                                 f"scenario file: {files}")
            raise UsageError(f"'{spec}' is ambiguous: {', '.join(names)}; name the pack as PACK/ID")
    pack, scenario = candidates[0]
    ruleset = playable.get(scenario.kind_id())
    if ruleset is None:
        raise UsageError(
            f"{spec}: a {scenario.kind_id()} is not a playable scenario; playable kinds: "
            f"{', '.join(sorted(playable)) or 'none yet'}"
        )
    why = ruleset.engine.unplayable(scenario)
    if why:
        raise UsageError(f"{spec}: not playable yet; it {why}")
    errors = [d for d in check_pack(pack, ruleset) if d.severity is Severity.ERROR]
    return Launch(ruleset, scenario, ContentView.of_pack(pack), pack.id, errors)
