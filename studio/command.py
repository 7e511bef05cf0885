"""Registers `sortie studio` with the engine's command line (via an entry point).

Kept free of Qt imports so that building the command line stays fast; Qt is
imported only when the studio actually starts.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("studio", help="open the editor (default when no command is given)",
                       description="Open the editor on PATHs (default: the bundled content). Exit status: 0 "
                       "closed, 2 usage error or the studio not installed (pip install 'sortie[studio]').")
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help="pack folders or folders of packs (default: the bundled content)")
    p.add_argument("--screenshot", type=Path, metavar="FILE",
                   help="render the main window after loading to a PNG and exit")
    p.add_argument("--open", dest="open_record", metavar="KIND:ID[@FIELD]",
                   help="show this record (and focus a field, e.g. paw.dashboard:spitfire-i@combat), "
                        "e.g. for screenshots")
    p.add_argument("--size", metavar="WxH",
                   help="window size (default: the size it had when last closed, else 1400x900)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .app import main

    return main(args.paths, screenshot=args.screenshot, open_record=args.open_record, size=args.size)
