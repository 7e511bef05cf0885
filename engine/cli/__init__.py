"""`sortie`: one command, subcommands contributed by modules and by entry points.

Headless subcommands live here and never import Qt. Others (the studio)
register through the `sortie.commands` entry point group and are imported
only when the command line is built, never by the engine itself.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib.metadata import PackageNotFoundError, entry_points, version

from engine.content.validate import UsageError

from .args import Failed
from . import content_cmds, diff_cmds, list_cmds, mission_cmds, new_cmds, play_cmds, preview_cmds, sheets_cmds, sim_cmds, sweep_cmds

# The top-level modules of the `studio` extra's distributions (pyproject.toml): a command that
# finds one missing says how to install the studio rather than ending in a traceback.
STUDIO_MODULES = frozenset({"PySide6", "matplotlib"})
STUDIO_HINT = "pip install 'sortie[studio]' (in a checkout: make run)"


class Parser(argparse.ArgumentParser):
    """argparse's parser, its errors raised (`BadArguments`) for `main` to say in the form asked for."""

    def error(self, message: str):
        raise BadArguments(self.format_usage(), f"{self.prog}: error: {message}")


class BadArguments(Exception):
    def __init__(self, usage: str, message: str) -> None:
        super().__init__(message)
        self.usage = usage


def build_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    parser = Parser(
        prog="sortie",
        description="Author and playtest WWII air-combat board game data.",
    )
    parser.add_argument("--version", action="version", version=f"sortie {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    content_cmds.register(sub)
    diff_cmds.register(sub)
    list_cmds.register(sub)
    mission_cmds.register(sub)
    new_cmds.register(sub)
    play_cmds.register(sub)
    preview_cmds.register(sub)
    sheets_cmds.register(sub)
    sim_cmds.register(sub)
    sweep_cmds.register(sub)
    for ep in sorted(entry_points(group="sortie.commands"), key=lambda e: e.name):
        if ep.name in sub.choices:  # an older install's metadata naming a command now built in
            continue
        try:
            ep.load()(sub)
        except ImportError as exc:  # e.g. Qt missing on a server: the rest still works
            stub = sub.add_parser(ep.name, help=f"(unavailable: {exc})")
            stub.set_defaults(func=lambda _args, exc=exc: _raise(exc))
    return parser, sub


def _failed(message: str, status: int, as_json: bool, diagnostics: list = ()) -> int:
    """A failed command's exit status; with --json, its JSON object on stdout first, so CI parses
    every outcome: {"ok": false, "exit": status, "error": message, "diagnostics": [...]}."""
    if as_json:
        print(json.dumps({"ok": False, "exit": status, "error": message,
                          "diagnostics": [d.as_json() for d in diagnostics]}, ensure_ascii=False))
    return status


def _version() -> str:
    try:
        return version("sortie")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def _raise(exc: Exception) -> int:
    raise exc


def _missing(exc: ImportError) -> str | None:
    """What a command that could not import the studio says instead of a traceback (None for any
    other import error: a bug, to be shown as one)."""
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").partition(".")[0] in STUDIO_MODULES:
        return f"needs the studio, which is not installed here (no module '{exc.name}'): {STUDIO_HINT}"
    if "shared object" in str(exc):  # Qt's own libraries are there, a system one it loads is not
        return (f"Qt cannot load a system library: {exc} (README, The two commands, lists the packages "
                "Qt needs on Debian and Ubuntu)")
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser, sub = build_parser()
    if not argv:
        argv = ["studio"] if "studio" in sub.choices else ["--help"]
    as_json = "--json" in argv[:argv.index("--")] if "--" in argv else "--json" in argv
    try:
        args = parser.parse_args(argv)
    except BadArguments as exc:  # as argparse says it, and, with --json, as an object CI can parse
        print(f"{exc.usage}{exc}", file=sys.stderr)
        return _failed(str(exc), 2, as_json)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:  # bad input the command found: said plainly, never a traceback
        print(f"sortie {args.command}: {exc}", file=sys.stderr)
        return _failed(f"sortie {args.command}: {exc}", 2, as_json)
    except Failed as exc:  # refused for what the content holds
        for diag in exc.diagnostics:
            print(diag.format(), file=sys.stderr)
        print(f"sortie {args.command}: {exc}", file=sys.stderr)
        return _failed(f"sortie {args.command}: {exc}", 1, as_json, exc.diagnostics)
    except ImportError as exc:  # a headless install asked for the studio, or Qt lacks a system library
        if (why := _missing(exc)) is None:
            raise
        print(f"sortie {args.command}: {why}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
