"""Argument helpers shared by the commands."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from engine.content.diagnostics import Diagnostic, did_you_mean
from engine.content.loader import Pack
from engine.content.pack import MANIFEST, write_atomic
from engine.content.validate import Report, UsageError, validate_paths
from engine.core.dice import MAX_SEED
from engine.rulesets import workspace
from engine.rulesets.launch import Launch, find_scenario


class Failed(Exception):
    """A command refused for a reason in the content (its pack has errors, the mission generator
    cannot roll a mission): exit status 1, said on stderr and, with --json, as a JSON object."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | tuple = ()) -> None:
        super().__init__(message)
        self.diagnostics = list(diagnostics)


def pack_errors(pack_id: str, diagnostics: list[Diagnostic]) -> Failed:
    return Failed(f"pack '{pack_id}' has errors; fix them first", diagnostics)


def cannot_write(path: Path, exc: OSError | None = None) -> UsageError:
    """Why `path` cannot be written, in words a person can act on ("File exists" from making
    the folders of `a-file/out.json` is not)."""
    if path.is_dir():
        why = "a folder"
    else:
        wanted_folders = [path, *path.parents] if isinstance(exc, (FileExistsError, NotADirectoryError)) \
            else path.parents  # a folder was to be made at `path` itself, or only above it
        blocker = next((p for p in wanted_folders if p.exists() and not p.is_dir()), None)
        why = (f"{blocker} is a file, not a folder" if blocker
               else exc.strerror or str(exc) if exc else "permission denied")
    return UsageError(f"{path}: cannot write: {why}")


def write_output(path: Path, text: str) -> None:
    """Write a file a command was asked for (whole or not at all), or say plainly why it cannot."""
    try:
        write_atomic(path, text if text.endswith("\n") else text + "\n")
    except OSError as exc:
        raise cannot_write(path, exc) from None


def check_writable(path: Path) -> None:
    """Fail before a long run, not after it, when its output file could not be written. Its
    folders are made when it is written, so a run refused later leaves no empty ones behind."""
    existing = next(p for p in Path(os.path.abspath(path)).parents if p.exists())
    if path.is_dir() or not existing.is_dir() or not os.access(existing, os.W_OK):
        raise cannot_write(path)


def seed(text: str) -> int:
    """An argparse type: a seed from 0 to MAX_SEED. Python's generator plays seed -N as N, so a
    negative seed would quietly repeat another's game (and a run from -5 play its dice twice);
    a seed of 80 digits made a mission id too long for its own model."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more; got '{text}'") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more; got {value} (the generator would play it as seed {-value})")
    if value > MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SEED} (what the studio's seed boxes hold); got {value}")
    return value


def seat(side: str, spec: str, strengths: tuple[str, ...], human: bool = True) -> str:
    """Who plays `side` from `--side SIDE=SPEC`: 'human', or a bot strength (bare 'bot': the strongest)."""
    kind, colon, strength = spec.partition(":")
    if human and spec == "human":
        return spec
    if kind == "bot" and (strength in strengths or not colon):
        return strength or strengths[-1]
    choices = "human, bot or bot:STRENGTH" if human else "bot or bot:STRENGTH"
    raise UsageError(f"--side {side}={spec}: expected {choices} with STRENGTH one of {', '.join(strengths)}")


def distinct_files(**paths: Path | None) -> None:
    """Refuse two file options naming one file: the file written last would replace the other
    (a log over the save it was asked to keep, or over the save being resumed)."""
    seen: dict[Path, str] = {}
    for option, path in paths.items():
        if path is None:
            continue
        key = Path(os.path.abspath(path))
        if key in seen:
            raise UsageError(f"--{seen[key]} and --{option} both name {path}; give each its own file")
        seen[key] = option


def parse_pairs(items: list[str], what: str) -> dict[str, str]:
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise UsageError(f"--{what} expects NAME=VALUE; got '{item}'")
        if out.get(name, value) != value:  # which one was meant? the last would win unseen
            raise UsageError(f"--{what} {name} given twice: {name}={out[name]} and {item}")
        out[name] = value
    return out


def parse_options(raw: dict[str, str]) -> dict[str, bool]:
    out = {}
    for name, value in raw.items():
        if value.lower() not in ("on", "off", "true", "false", "yes", "no", "1", "0"):
            raise UsageError(f"--option {name}: expected on or off; got '{value}'")
        out[name] = value.lower() in ("on", "true", "yes", "1")
    return out


def one_pack(path: Path) -> Report:
    """The validation report of the one pack at `path`, or of the pack of that id on the search path
    (`sortie sheets red-eagles`, as `play` takes one); a UsageError when there is none or several."""
    ws = workspace()
    if not path.exists() and len(path.parts) == 1:
        known = ws.packs_by_id()
        if str(path) not in known:
            raise UsageError(f"{path}: no such folder, nor a pack of that id.{did_you_mean(str(path), known)} "
                             f"Packs: {', '.join(sorted(known)) or 'none'} (more on SORTIE_PACK_PATH)")
        path = known[str(path)]
    report = validate_paths([path], ws)
    if not report.packs:
        raise UsageError(f"{path}: not a pack (a pack is a folder with {MANIFEST})")
    if len(report.packs) != 1:
        raise UsageError(f"{path} holds {len(report.packs)} packs; name one")
    check_manifest(report.packs[0])
    return report


def check_manifest(pack: Pack) -> None:
    """A pack whose manifest does not load has no ruleset to draw, print or roll with."""
    if pack.manifest is None:
        first = pack.diagnostics[0].format() if pack.diagnostics else f"{pack.root / MANIFEST}: not loaded"
        raise UsageError(f"pack '{pack.id}': its {MANIFEST} has errors (`sortie validate {pack.root}` "
                         f"lists them). First: {first}")


def playable(spec: str) -> Launch:
    """The scenario `spec` names; `Failed` with the validator's errors when its pack has any, so a
    game is never started on content the validator refuses."""
    launch = find_scenario(spec)
    if launch.errors:
        raise pack_errors(launch.pack_id, launch.errors)
    return launch
