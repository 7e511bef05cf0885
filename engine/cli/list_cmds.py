"""`sortie list`: the scenarios `sortie play` can play, with the names of their sides and options, so
a person knows what to type for `--side` and `--option` before starting a game."""

from __future__ import annotations

import argparse

from engine.rulesets.launch import playable_kinds
from engine.rulesets import workspace


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help="the playable scenarios, their sides, options and bots",
                       description="List every scenario `sortie play` and `sortie simulate` can play "
                       "(bundled packs and SORTIE_PACK_PATH) with its sides, optional rules (on/off by "
                       "default) and bot strengths. Exit status: 0 listed, 2 usage error.")
    p.set_defaults(func=cmd_list)


def cmd_list(args: argparse.Namespace) -> int:
    ws = workspace()
    engines = {kind: r.engine for kind, r in playable_kinds().items()}
    for root in ws.search_roots():
        pack = ws.pack(root)
        for entry in sorted((e for e in pack.entries if e.record is not None and e.kind in engines),
                            key=lambda e: e.record.id):
            engine, scenario = engines[entry.kind], entry.record
            print(f"{pack.id}/{scenario.id}: {scenario.name}")
            why = engine.unplayable(scenario)
            if why:  # listed so a person knows it exists, not offered
                print(f"  not playable yet: {why}")
                continue
            print(f"  sides: {', '.join(engine.sides(scenario))} (--side NAME=human, or bot:"
                  f"{'|'.join(engine.bot_strengths)})")
            options = engine.option_defaults(scenario)
            if options:
                print("  options: " + ", ".join(f"{k} ({'on' if v else 'off'})" for k, v in options.items()))
    return 0
