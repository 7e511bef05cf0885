"""`sortie`: one command, subcommands contributed by modules and by entry points.

Headless subcommands live here and never import Qt. Others (the studio)
register through the `sortie.commands` entry point group and are imported
only when the command line is built, never by the engine itself.
"""

from __future__ import annotations

import argparse
import sys
from importlib.metadata import entry_points

from engine.content.validate import UsageError

from . import content_cmds, diff_cmds, list_cmds, mission_cmds, play_cmds, preview_cmds, sim_cmds, sweep_cmds


def build_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    parser = argparse.ArgumentParser(
        prog="sortie",
        description="Author and playtest WWII air-combat board game data.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    content_cmds.register(sub)
    diff_cmds.register(sub)
    list_cmds.register(sub)
    mission_cmds.register(sub)
    play_cmds.register(sub)
    preview_cmds.register(sub)
    sim_cmds.register(sub)
    sweep_cmds.register(sub)
    for ep in sorted(entry_points(group="sortie.commands"), key=lambda e: e.name):
        try:
            ep.load()(sub)
        except ImportError as exc:  # e.g. Qt missing on a server: the rest still works
            stub = sub.add_parser(ep.name, help=f"(unavailable: {exc})")
            stub.set_defaults(func=lambda _args, exc=exc, name=ep.name: _unavailable(name, exc))
    return parser, sub


def _unavailable(name: str, exc: Exception) -> int:
    print(f"sortie {name}: not available here: {exc}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser, sub = build_parser()
    if not argv:
        argv = ["studio"] if "studio" in sub.choices else ["--help"]
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:  # bad input the command found: said plainly, never a traceback
        print(f"sortie {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
