"""The validator: schema, ids, references, dice tables, ruleset lint rules, suppressions.

`Workspace` loads packs once and resolves `extends`; `check_pack` produces the
full list of findings for a pack. The command line, CI and the studio's Issues
panel all go through here.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Iterable, Mapping

from .diagnostics import Diagnostic, FieldPath, Severity, did_you_mean, format_path, sort_key
from .dice import check_table
from .loader import (
    BUNDLED_CONTENT,
    Entry,
    Pack,
    display_path,
    find_pack_root,
    find_pack_roots,
    load_entry,
    load_pack,
    read_document,
    read_manifest,
)
from .model import Record
from .pack import MANIFEST
from .ruleset import ContentRules, LintContext
from .walk import iter_dice_tables, iter_refs
from .yamlio import Document


class UsageError(Exception):
    """A command-line argument that names nothing usable."""


# How far below a folder on the search path, or beside a pack, packs are looked for: a pack in
# it, or in a folder of packs in it.
SEARCH_DEPTH = 2


class Workspace:
    """Packs loaded from disk, each loaded once, with `extends` resolved, read with the kinds and
    lint rules of `rulesets` (id -> ruleset; `engine.rulesets.workspace()` makes one with all)."""

    def __init__(self, rulesets: Mapping[str, ContentRules], search_paths: Iterable[Path] = ()) -> None:
        self.rulesets = dict(rulesets)
        self.kinds = {k.kind_id(): k for r in self.rulesets.values() for k in r.kinds}
        self.packs: dict[Path, Pack] = {}
        extra = [Path(p) for p in os.environ.get("SORTIE_PACK_PATH", "").split(os.pathsep) if p]
        self.search_paths = [Path(p) for p in search_paths] + extra + [BUNDLED_CONTENT]
        self._index: dict[str, Path] | None = None
        self._providers: dict[int, dict[tuple[str, str], Pack]] = {}
        self._ids: dict[Path, str | None] = {}  # pack folder -> the id its manifest gives, once read

    def pack(self, root: Path) -> Pack:
        key = Path(root).resolve()
        if key not in self.packs:
            pack = load_pack(root, self.kinds, self.rulesets)
            self.packs[key] = pack
            self._resolve_base(pack)
        return self.packs[key]

    def relink(self, pack: Pack, manifest: Document) -> None:
        """Read a pack's manifest again from an edited document and resolve its base again."""
        read_manifest(pack, manifest, self.rulesets)
        pack.base = None
        self._ids.clear()  # its id may be another now
        self._providers.pop(id(pack), None)  # a new chain: other packs are outside it
        self._resolve_base(pack)

    def search_roots(self) -> list[Path]:
        """The pack folders on the search path, in its order: in each folder on it, or up to
        SEARCH_DEPTH folders down (SORTIE_PACK_PATH=~ would otherwise walk the whole disk)."""
        return [root for folder in self.search_paths if folder.is_dir()
                for root in find_pack_roots(folder, SEARCH_DEPTH)]

    def packs_by_id(self) -> dict[str, Path]:
        """Pack id -> folder, of the packs on the search path (the first of an id wins, as for `extends`)."""
        if self._index is None:
            self._index = {}
            self._add_to_index(self.search_roots())
        return dict(self._index)

    def _candidates(self, near: Path) -> dict[str, Path]:
        """Pack id -> folder, for packs beside `near` and on the search path."""
        local = self.packs_by_id()
        if near.parent.is_dir():  # (a pack in the home folder has the whole of it beside it)
            for root in find_pack_roots(near.parent, SEARCH_DEPTH):
                pid = self._manifest_id(root)
                if pid:
                    local[pid] = root
        return local

    def _add_to_index(self, roots: list[Path]) -> None:
        for root in roots:
            pid = self._manifest_id(root)
            if pid and pid not in self._index:
                self._index[pid] = root

    @staticmethod
    def _manifest_id(root: Path) -> str | None:
        return _manifest_field(root, "id")

    def provider(self, pack: Pack, kinds: tuple[str, ...], rid: str) -> Pack | None:
        """A pack of `pack`'s ruleset, found as `extends` would find it but outside its chain,
        that holds a record of one of `kinds` with id `rid`: the base a modder forgot to extend."""
        if id(pack) not in self._providers:  # looked for once a pack: a forgotten base leaves dozens
            chain = {id(p) for p in pack.chain()}
            held: dict[tuple[str, str], Pack] = {}
            for root in self._candidates(pack.root).values():
                if root.resolve() == pack.root.resolve() or _manifest_field(root, "ruleset") != pack.ruleset:
                    continue  # a pack of another ruleset holds none of its records: not loaded to find out
                other = self.pack(root)
                if id(other) not in chain and other.ruleset == pack.ruleset:
                    for key in other.effective():
                        held.setdefault(key, other)
            self._providers[id(pack)] = held
        held = self._providers[id(pack)]
        return next((held[(k, rid)] for k in kinds if (k, rid) in held), None)

    def _resolve_base(self, pack: Pack) -> None:
        manifest = pack.manifest
        if manifest is None or not manifest.extends:
            return
        doc = pack.manifest_doc
        line, col = doc.locate(("extends",))

        def fail(code: str, message: str) -> None:
            pack.diagnostics.append(
                Diagnostic(Severity.ERROR, code, message, doc.file, line, col, "extends")
            )

        if manifest.extends == manifest.id:
            fail("pack.extends", f"this pack's own id is '{manifest.id}', so it would extend itself: a pack "
                 "copied from its base keeps the base's id; give this one its own id")
            return
        candidates = self._candidates(pack.root)
        loaded = {p.id: p for p in self.packs.values() if p.manifest}
        if manifest.extends in loaded:
            base = loaded[manifest.extends]
        elif manifest.extends in candidates:
            base = self.pack(candidates[manifest.extends])
        else:
            known = sorted(set(candidates) | set(loaded))
            # An installation made without the bundled packs (the wheel carries them) has none to look in.
            bundled = "in the bundled content" if BUNDLED_CONTENT.is_dir() else (
                "in the bundled content, which this installation does not have: put the folder of a "
                "Sortie checkout's content/ on SORTIE_PACK_PATH")
            fail(
                "pack.extends",
                f"base pack '{manifest.extends}' not found beside this pack, on SORTIE_PACK_PATH "
                f"or {bundled}.{did_you_mean(manifest.extends, known)}",
            )
            return
        if any(p is pack for p in base.chain()):
            fail("pack.extends", f"'extends' forms a cycle through '{manifest.extends}'")
            return
        if base.ruleset and base.ruleset != manifest.ruleset:
            fail(
                "pack.extends",
                f"base pack '{base.id}' is for ruleset '{base.ruleset}', not '{manifest.ruleset}'",
            )
            return
        pack.base = base
        shadowed = [root for root in self._same_id(base.id, pack.root) if root != base.root.resolve()]
        if shadowed:  # one pack silently in place of another: only ref.unknown errors downstream said so
            pack.diagnostics.append(Diagnostic(
                Severity.WARNING, "pack.shadowed", f"base pack '{base.id}' is the one in {display_path(base.root)}; "
                f"the pack in {display_path(shadowed[0])} has the same id and is not used: give one its own id",
                doc.file, line, col, "extends"))

    def _same_id(self, pack_id: str, near: Path) -> list[Path]:
        """Every pack folder beside `near` or on the search path whose id is `pack_id`."""
        roots = [*self.search_roots(), *(find_pack_roots(near.parent, SEARCH_DEPTH) if near.parent.is_dir() else ())]
        return sorted({root.resolve() for root in roots if self._id_of(root) == pack_id})

    def _id_of(self, root: Path) -> str | None:
        key = root.resolve()
        if key not in self._ids:
            self._ids[key] = self._manifest_id(root)
        return self._ids[key]


def _manifest_field(root: Path, key: str) -> str | None:
    """A text field of the pack's manifest, read without loading the pack."""
    doc = read_document(root / MANIFEST, root)
    data = doc.data if doc.ok else None
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


# --------------------------------------------------------------------------- checks


def _emitter(entry: Entry, out: list[Diagnostic]):
    doc, rec = entry.doc, f"{entry.kind}:{entry.id}"

    def emit(severity, code: str, path: FieldPath, message: str) -> None:
        severity = Severity(severity)
        line, col = doc.locate(path)
        out.append(
            Diagnostic(severity, code, message, doc.file, line, col, format_path(path), rec)
        )

    return emit


# Up to how many ids of the kind a reference to none of them lists (two sides, a ruleset's few tables);
# beyond it, a list would bury the message.
FEW_TO_LIST = 8


class PackIndex:
    """What the checks of each entry read of its packs as a whole, worked out once for all the
    entries of a pack (`check_pack`): worked out per entry, validation grew with the square of
    the record count."""

    def __init__(self, pack: Pack | None, effective: dict[tuple[str, str], Entry]) -> None:
        self.pack, self.effective = pack, effective

    @cached_property
    def by_kind(self) -> dict[str, list[Record]]:
        """The effective records of each kind, in the order of `effective`."""
        out: dict[str, list[Record]] = defaultdict(list)
        for (kind, _), entry in self.effective.items():
            out[kind].append(entry.record)
        return out

    @cached_property
    def broken(self) -> list[Entry]:
        """The files of the pack and its bases that did not load."""
        return [e for p in (self.pack.chain() if self.pack else ()) for e in p.entries if e.record is None]

    @cached_property
    def broken_kinds(self) -> frozenset[str | None]:
        """Their kinds (None: of a kind not known)."""
        return frozenset(e.kind for e in self.broken)


def _reference_diagnostics(entry: Entry, index: PackIndex, emit, provider=None) -> None:
    effective = index.effective
    for path, value, kinds in iter_refs(entry.record):
        if any((k, value) in effective for k in kinds):
            continue
        by_kind = index.by_kind
        unloaded = _unloaded(index.broken, value, kinds)
        if unloaded is not None:  # one error, where the record is: not one more at each record using it
            emit(Severity.INFO, "ref.unloaded", path,
                 f"{' or '.join(kinds)} '{value}' is in {unloaded.file}, which did not load: its error is "
                 "reported there")
            continue
        why = _why_missing(entry, value, kinds, effective, provider)
        candidates = [r for k in kinds for r in by_kind.get(k, [])]
        named = [r.id for r in candidates if r.name and r.name.lower() == value.lower()]
        if why:
            hint = why
        elif named:
            hint = f" Did you mean '{named[0]}'?"
        else:
            ids = sorted({r.id for r in candidates})
            hint = did_you_mean(value, ids) or (
                f" Expected one of: {', '.join(ids)}." if 0 < len(ids) <= FEW_TO_LIST else "")
        emit(
            Severity.ERROR,
            "ref.unknown",
            path,
            f"no {' or '.join(kinds)} with id '{value}'.{hint}".rstrip(),
        )


def _unloaded(broken: list[Entry], value: str, kinds: tuple[str, ...]) -> Entry | None:
    """The file of the entry's packs that holds the referenced record but did not load, if any."""
    return next((other for other in broken if (other.id == value or other.path.stem == value)
                 and other.kind in (None, *kinds)), None)


def _why_missing(entry: Entry, value: str, kinds: tuple[str, ...], effective: dict, provider) -> str:
    """Why a referenced id is not there, when the reason is one a modder would not guess: the id
    is a record of another kind, or a pack not extended holds it."""
    pack = entry.pack
    others = sorted(k for (k, rid) in effective if rid == value and k not in kinds)
    if others:
        return f" '{value}' is a record of kind {' and '.join(others)}; this field takes an id of kind {' or '.join(kinds)}."
    holder = provider(kinds, value) if provider and pack else None
    if holder is None:
        return ""
    if pack.base is None:
        return f" Pack '{holder.id}' has one, but this pack extends no pack: add 'extends: {holder.id}' to its pack.yaml."
    return (f" Pack '{holder.id}' has one, but this pack's 'extends' ({pack.base.id}) does not lead to it:"
            f" extend '{holder.id}' (or a pack that extends it) instead.")


def check_entry(
    entry: Entry,
    effective: dict[tuple[str, str], Entry] | None,
    ruleset: ContentRules | None,
    provider=None,
    index: PackIndex | None = None,
) -> list[Diagnostic]:
    """Every finding for one record file, suppressions applied. `provider(kinds, id)` names a
    pack outside the entry's chain that holds a missing reference (`Workspace.provider`);
    `index`, of the entry's pack and `effective`, is shared by the entries of a pack."""
    out = list(entry.diagnostics)
    record = entry.record
    if record is None:
        return out
    found: list[Diagnostic] = []
    emit = _emitter(entry, found)
    index = index or PackIndex(entry.pack, effective if effective is not None else {(entry.kind, record.id): entry})
    unloaded = index.broken_kinds
    if effective is not None:
        _reference_diagnostics(entry, index, emit, provider)
    for path, table in iter_dice_tables(record):
        check_table(table, path, emit)
    if ruleset is not None:
        effective = index.effective

        def lookup(kind: str, rid: str) -> Record | None:
            hit = effective.get((kind, rid))
            return hit.record if hit else None

        def records_of(kind: str):
            return iter(index.by_kind.get(kind, ()))

        def locate(kind: str, rid: str) -> str | None:
            hit = effective.get((kind, rid))
            return _where(hit) if hit else None

        ctx = LintContext(record, lookup, records_of, lambda s, c, p, m: emit(s, c, p, m), locate,
                          lambda kind: None in unloaded or kind in unloaded)
        for rule in ruleset.lint_rules:
            if rule.applies_to(entry.kind):
                ctx.code = rule.code
                rule.check(record, ctx)
    # Without the ruleset its lint rules did not run, and a rule may hold back a finding while a file
    # did not load (LintContext.partial): a suppression matching nothing then is not unused.
    out.extend(_apply_suppressions(entry, found, report_unused=ruleset is not None and not unloaded))
    return out


def _apply_suppressions(entry: Entry, found: list[Diagnostic], report_unused: bool) -> list[Diagnostic]:
    rules = entry.record.suppress
    used = [False] * len(rules)
    out = []
    for diag in found:
        for i, rule in enumerate(rules):
            if diag.severity is not Severity.INFO and rule.matches(diag.code, diag.path):
                used[i] = True
                diag = diag.suppress(rule.reason)
                break
        out.append(diag)
    for i, rule in enumerate(rules):
        if not used[i] and report_unused:
            line, col = entry.doc.locate(("suppress", i))
            out.append(
                Diagnostic(
                    Severity.WARNING,
                    "suppress.unused",
                    f"suppression of '{rule.code}'"
                    + (f" at {rule.path}" if rule.path else "")
                    + " matches no finding; remove it",
                    entry.file,
                    line,
                    col,
                    f"suppress[{i}]",
                    f"{entry.kind}:{entry.id}",
                )
            )
    return out


def check_pack(pack: Pack, ruleset: ContentRules | None, workspace: Workspace | None = None) -> list[Diagnostic]:
    """Every finding for a pack; with the `workspace` it was loaded in, a reference to a record
    of a pack it does not extend says so."""
    out = list(pack.diagnostics)
    # A base that was not found (pack.extends, said above): every reference to it and every rule
    # that looks at other records would fail for that one cause, so those wait for it, said once.
    orphan = pack.manifest is not None and bool(pack.manifest.extends) and pack.base is None
    if orphan:
        line, col = pack.manifest_doc.locate(("extends",))
        waiting = sum(1 for e in pack.entries if e.record is not None)
        out.append(Diagnostic(Severity.INFO, "pack.unchecked", f"the references and lint rules of {waiting} record(s) "
                              "are not checked until 'extends' names a base pack that is found",
                              pack.manifest_doc.file, line, col, "extends"))
    provider = (lambda kinds, rid: workspace.provider(pack, kinds, rid)) if workspace else None
    replaced = pack.base.effective() if pack.base else {}
    owners = pack.owners()
    effective = {**replaced, **owners}  # pack.effective(), from the two halves it is made of
    index = PackIndex(pack, effective)
    for entry in pack.entries:
        if entry.key and entry.record is not None:
            if entry.key in replaced and owners[entry.key] is entry:
                out.append(_replaces(entry, replaced[entry.key]))
            if owners[entry.key] is not entry:
                other = owners[entry.key]
                line, col = entry.doc.locate(("id",))
                out.append(
                    Diagnostic(
                        Severity.ERROR,
                        "id.duplicate",
                        f"{entry.kind} '{entry.id}' is already defined in {_where(other)}",
                        entry.file,
                        line,
                        col,
                        "id",
                    )
                )
                continue
            stem = entry.path.stem
            if stem != entry.id:
                line, col = entry.doc.locate(("id",))
                out.append(
                    Diagnostic(
                        Severity.WARNING,
                        "id.filename",
                        f"file is named '{entry.path.name}' but holds id '{entry.id}'; "
                        f"name it '{entry.id}{entry.path.suffix}' so ids and files stay in step",
                        entry.file,
                        line,
                        col,
                        "id",
                    )
                )
        out.extend(check_entry(entry, None, None) if orphan else check_entry(entry, effective, ruleset, provider, index))
    return out


def _where(entry: Entry) -> str:
    """`file:line` of a record's id: where a message sends the modder to see another record."""
    return f"{entry.file}:{entry.doc.locate(('id',))[0]}"


def _replaces(entry: Entry, base: Entry) -> Diagnostic:
    """A record holding a base record's kind and id: meant for an errata, by accident for a
    'new' plane that took a bundled id; either way the modder should see which record it hides."""
    line, col = entry.doc.locate(("id",))
    return Diagnostic(Severity.INFO, "pack.replaces",
                      f"{entry.kind} '{entry.id}' replaces the record of base pack '{base.pack.id}' at {_where(base)}: "
                      "every record of this pack sees this one instead", entry.file, line, col, "id", f"{entry.kind}:{entry.id}")


# --------------------------------------------------------------------------- reports


@dataclass
class Report:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    packs: list[Pack] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    def summary(self) -> dict[str, int]:
        totals = {s.value: 0 for s in Severity}
        for d in self.diagnostics:
            totals[d.severity.value] += 1
        totals["suppressed"] = sum(1 for d in self.diagnostics if d.suppressed is not None)
        return totals

    def as_json(self) -> dict:
        return {
            "ok": self.ok,
            "counts": dict(sorted(self.counts.items())),
            "diagnostics": [d.as_json() for d in self.diagnostics],
        }


def _shared_pack_ids(packs: list[Pack]) -> list[Diagnostic]:
    """A copied pack whose id was not changed: `extends` and PACK/ID then name either one."""
    first: dict[str, Pack] = {}
    out = []
    for pack in packs:
        if pack.manifest is None:
            continue
        other = first.setdefault(pack.id, pack)
        if other is not pack:
            doc = pack.manifest_doc
            line, col = doc.locate(("id",))
            out.append(Diagnostic(Severity.WARNING, "pack.duplicate_id", f"pack id '{pack.id}' is also the id "
                                  f"of the pack in {display_path(other.root)}; 'extends' and PACK/ID names cannot "
                                  "tell them apart: give this one its own id", doc.file, line, col, "id"))
    return out


def named(path: Path, names: set[Path]) -> bool:
    """Whether `path` is one of `names` (resolved files and folders) or inside one of them."""
    path = path.resolve()
    return path in names or any(path.is_relative_to(n) for n in names)


def validate_paths(paths: Iterable[str | Path], ws: Workspace) -> Report:
    """Validate pack folders, folders of packs and single files; see `sortie validate`."""
    report = Report()
    pack_roots: list[Path] = []
    only_files: dict[Path, set[Path]] = {}  # pack root -> the files and folders of it named
    loose: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise UsageError(f"{raw}: no such file or folder")
        roots = find_pack_roots(path) if path.is_dir() else []
        if roots:
            pack_roots.extend(roots)
            continue
        root = find_pack_root(path if path.is_dir() else path.parent)  # a folder inside a pack, too
        if root is None and path.is_dir():
            raise UsageError(f"{raw}: no pack found (a pack is a folder with {MANIFEST})")
        if root is None:
            loose.append(path)
        else:
            pack_roots.append(root)
            only_files.setdefault(root.resolve(), set()).add(path.resolve())
    seen_counts: dict[str, set[str]] = defaultdict(set)
    seen_roots: set[Path] = set()
    for root in pack_roots:
        key = root.resolve()
        if key in seen_roots:
            continue
        seen_roots.add(key)
        pack = ws.pack(root)
        report.packs.append(pack)
        diags = check_pack(pack, ws.rulesets.get(pack.ruleset or ""), ws)
        files = only_files.get(key)
        if files is not None:
            names = {f.resolve() for f in files}
            entries = [e for e in pack.entries if named(e.path, names)]
            shown = {e.file for e in entries}
            diags = [d for d in diags if d.file in shown]
            if (root / MANIFEST).resolve() in names:
                diags += pack.diagnostics
        else:
            entries = pack.entries
        report.diagnostics.extend(diags)
        for entry in entries:
            if entry.record is not None:
                seen_counts[entry.kind].add(entry.record.id)
    report.diagnostics.extend(_shared_pack_ids(report.packs))
    for path in loose:
        entry = load_entry(path, None, ws.kinds)
        ruleset = ws.rulesets.get((entry.kind or "").split(".")[0])
        report.diagnostics.extend(check_entry(entry, None, ruleset))
        if entry.record is not None:
            seen_counts[entry.kind].add(entry.record.id)
    report.counts = {k: len(v) for k, v in seen_counts.items()}
    report.diagnostics.sort(key=sort_key)
    return report
