"""A new pack, ready for a modder's editor and CI (`sortie new pack`, the studio's New Pack): its
manifest; the schemas beside it; VS Code settings giving the YAML language server those schemas
for pack.yaml and for every record (one glob: the ruleset's schema picks each record's kind);
and a GitHub Actions workflow that validates and checks the format on every push."""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from .generate import write_schemas
from .pack import MANIFEST, PackManifest, write_atomic
from .ruleset import ContentRules
from .yamlio import dump_yaml

SCHEMAS = "schemas"
SETTINGS = Path(".vscode") / "settings.json"
EXTENSIONS = Path(".vscode") / "extensions.json"
WORKFLOW = Path(".github") / "workflows" / "sortie.yml"

# Where the workflow installs Sortie from when this installation cannot say (PyPI's "sortie" is
# another project): the README's form, for the modder to complete.
UNKNOWN_SOURCE = "sortie @ git+https://…/sortie.git"

WORKFLOW_TEXT = """\
# Written by `sortie new pack`: validates the pack and checks its format on every push and pull
# request; each finding shows on its line of the pull request.
name: sortie
on: [push, pull_request]
jobs:
  validate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - run: python -m pip install "{install}"
      - run: sortie validate --strict --github .
      - run: sortie fmt --check .
"""


def manifest_text(manifest: PackManifest) -> str:
    """pack.yaml as a person would write it: id, name, version first, then what was given."""
    data = manifest.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    return dump_yaml({"id": manifest.id, "name": manifest.name, "version": manifest.version, **data})


def editor_settings(ruleset: ContentRules) -> dict:
    """VS Code's `yaml.schemas`: the manifest's schema for pack.yaml, the ruleset's for the rest
    (paths relative to the workspace, the pack's folder)."""
    return {"yaml.schemas": {
        f"./{SCHEMAS}/pack.json": MANIFEST,
        f"./{SCHEMAS}/{ruleset.id}.json": ["**/*.yaml", "**/*.yml", f"!{MANIFEST}", "!.github/**"],
    }}


def pack_files(manifest: PackManifest, ruleset: ContentRules, install: str) -> dict[Path, str]:
    """What a new pack holds besides its schemas, by path inside the pack."""
    return {
        Path(MANIFEST): manifest_text(manifest),
        SETTINGS: json.dumps(editor_settings(ruleset), indent=2) + "\n",
        EXTENSIONS: json.dumps({"recommendations": ["redhat.vscode-yaml"]}, indent=2) + "\n",
        WORKFLOW: WORKFLOW_TEXT.format(install=install),
    }


def existing(root: Path) -> list[Path]:
    """What a new pack at `root` would write that is there already (and is never overwritten)."""
    return [root / p for p in (Path(MANIFEST), SETTINGS, EXTENSIONS, WORKFLOW, Path(SCHEMAS)) if (root / p).exists()]


def write_pack(root: Path, manifest: PackManifest, ruleset: ContentRules, install: str) -> list[Path]:
    """Write the new pack at `root` (raises OSError when it cannot); the files written, in order."""
    written = []
    for path, text in pack_files(manifest, ruleset, install).items():
        write_atomic(root / path, text)
        written.append(root / path)
    return written + write_schemas([ruleset], root / SCHEMAS, docs=False)


def installed_from() -> tuple[str, bool]:
    """A pip requirement for the Sortie running here, from its install record (PEP 610), when it
    came from a repository; else the README's form to complete, and False."""
    try:
        recorded = distribution("sortie").read_text("direct_url.json")
    except PackageNotFoundError:
        recorded = None
    source = json.loads(recorded) if recorded else {}
    vcs = source.get("vcs_info")
    if vcs and vcs.get("vcs") == "git":
        return f"sortie @ git+{source['url']}@{vcs['commit_id']}", True
    return UNKNOWN_SOURCE, False
