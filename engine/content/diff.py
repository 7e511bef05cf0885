"""What changed between two versions of a pack, in the game's terms: records added, removed and
renamed, and each changed value with its field path, its old and its new value.

Headless and given loaded packs (`engine.content.loader.Pack`): the command line loads them from
folders or git revisions (`sortie diff`), the studio from the saved files and the editor.

A plain recursive comparison of the records' dumps, not a diff library: the paths it gives are the
`FieldPath`s the rest of Sortie speaks (`rows[3].plane`, the form of suppressions and of the
studio's jump to a field), a list whose items were inserted is aligned with difflib's
`SequenceMatcher`, and a reference that followed a rename is told from a changed value by the
kind's own schema, which no generic diff knows of.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .diagnostics import FieldPath, Severity, format_path
from .loader import Entry, Pack
from .pack import MANIFEST, canonical_order
from .refactor import references_in

ADDED, REMOVED, CHANGED, RENAMED = "added", "removed", "changed", "renamed"
MANIFEST_KIND = "pack"  # the manifest's changes are listed as those of a record of this kind

# How alike two records of a kind must be, apart from their ids, to be one renamed record: the share
# of their values that are equal. Lower when the references to the old id now name the new one.
SIMILAR = 0.6
SIMILAR_FOLLOWED = 0.3
# Beyond this many pairs of a record gone and one come, of a kind, an unreferenced pair is compared
# whole rather than value by value (a pack reorganised wholesale would take minutes).
MAX_PAIRS = 2000


@dataclass(frozen=True)
class Change:
    """One value: `op` is added (no old value), removed (no new value) or changed."""

    op: str
    path: FieldPath
    old: Any = None
    new: Any = None

    @property
    def field(self) -> str:
        return format_path(self.path)

    def as_json(self) -> dict:
        out: dict[str, Any] = {"op": self.op, "path": self.field}
        if self.op != ADDED:
            out["old"] = self.old
        if self.op != REMOVED:
            out["new"] = self.new
        return out


@dataclass(frozen=True)
class Followed:
    """A reference to a renamed record that now names its new id: part of the rename."""

    kind: str
    id: str
    path: FieldPath

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.id} at {format_path(self.path)}"


@dataclass
class RecordDiff:
    """What happened to one record; `id` is its new id (its old one when removed)."""

    kind: str
    id: str
    status: str
    old_id: str | None = None
    old_file: str | None = None
    new_file: str | None = None
    changes: list[Change] = field(default_factory=list)
    followed: list[Followed] = field(default_factory=list)

    @property
    def file(self) -> str | None:
        return self.new_file or self.old_file

    def as_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "id": self.id, "status": self.status}
        if self.status == RENAMED:
            out["old_id"] = self.old_id
            out["followed"] = [f.label for f in self.followed]
        if self.old_file:
            out["old_file"] = self.old_file
        if self.new_file:
            out["new_file"] = self.new_file
        if self.changes:
            out["changes"] = [c.as_json() for c in self.changes]
        return out


@dataclass
class PackDiff:
    old_label: str
    new_label: str
    records: list[RecordDiff] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # files that did not load, compared as written
    # (kind, new id) of a rename in another pack -> the references of this pack that followed it
    followed_elsewhere: dict[tuple[str, str], list[Followed]] = field(default_factory=dict)

    def renames(self) -> dict[tuple[str, str], str]:
        """(kind, old id) -> new id of the records renamed."""
        return {(r.kind, r.old_id): r.id for r in self.records if r.status == RENAMED}

    @property
    def same(self) -> bool:
        return not self.records

    def by_kind(self) -> dict[str, list[RecordDiff]]:
        out: dict[str, list[RecordDiff]] = {}
        for record in self.records:
            out.setdefault(record.kind, []).append(record)
        return out

    def counts(self) -> dict[str, int]:
        out = {ADDED: 0, REMOVED: 0, RENAMED: 0, CHANGED: 0}
        for record in self.records:
            out[record.status] += 1
        return out

    def as_json(self) -> dict:
        return {
            "same": self.same,
            "old": self.old_label,
            "new": self.new_label,
            "counts": self.counts(),
            "kinds": {kind: [r.as_json() for r in records] for kind, records in self.by_kind().items()},
            "problems": self.problems,
        }


# --------------------------------------------------------------------------- values


def compare(old: Any, new: Any, path: FieldPath = ()) -> list[Change]:
    """Every value that differs between two plain-data trees, with its path. Mappings are compared
    key by key; lists item by item, aligned first so that an inserted row is one added row, not a
    change of every row after it."""
    out: list[Change] = []
    _compare(old, new, tuple(path), out)
    return out


def _compare(old: Any, new: Any, path: FieldPath, out: list[Change]) -> None:
    if _same(old, new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(new) + [k for k in old if k not in new]:
            if key not in old:
                out.append(Change(ADDED, path + (key,), None, new[key]))
            elif key not in new:
                out.append(Change(REMOVED, path + (key,), old[key], None))
            else:
                _compare(old[key], new[key], path + (key,), out)
    elif isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new)):
                _compare(a, b, path + (i,), out)
            return
        matcher = difflib.SequenceMatcher(None, [_key(v) for v in old], [_key(v) for v in new], autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                continue
            paired = min(i2 - i1, j2 - j1)
            for k in range(paired):
                _compare(old[i1 + k], new[j1 + k], path + (j1 + k,), out)
            for k in range(i1 + paired, i2):
                out.append(Change(REMOVED, path + (k,), old[k], None))
            for k in range(j1 + paired, j2):
                out.append(Change(ADDED, path + (k,), None, new[k]))
    else:
        out.append(Change(CHANGED, path, old, new))


def _same(a: Any, b: Any) -> bool:
    """Equal as data: 1 and True are not the same value (Python says they are)."""
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return _key(a) == _key(b)
    return a == b and type(a) is type(b)


def _key(value: Any) -> str:
    """A value as text that is equal exactly when the values are equal as data."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):  # keys of several types (1 and 'a': a file as written), or a cycle
        return repr(_sorted_keys(value))


def _sorted_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return sorted(((repr(k), _sorted_keys(v)) for k, v in value.items()), key=lambda kv: kv[0])
    if isinstance(value, list):
        return [_sorted_keys(v) for v in value]
    return (type(value).__name__, value)


def _leaves(value: Any) -> int:
    if isinstance(value, dict):
        return sum(_leaves(v) for v in value.values()) or 1
    if isinstance(value, list):
        return sum(_leaves(v) for v in value) or 1
    return 1


def _weight(change: Change) -> int:
    if change.op == CHANGED:
        return max(_leaves(change.old), _leaves(change.new)) if isinstance(change.old, (dict, list)) else 1
    return _leaves(change.new if change.op == ADDED else change.old)


def similarity(old: dict, new: dict) -> float:
    """The share of two records' values that are equal, ids and kinds aside (1.0: the same)."""
    a, b = _bare(old), _bare(new)
    total = max(_leaves(a), _leaves(b), 1)
    return max(0.0, 1.0 - sum(_weight(c) for c in compare(a, b)) / total)


# --------------------------------------------------------------------------- records


def entry_data(entry: Entry, full: bool = True) -> dict | None:
    """A record's data as the game reads it: every field, defaults included (a default written
    out is no change), in canonical order; a file that does not load, as written."""
    if entry.record is not None:
        record = entry.record
        if full:
            data = record.model_dump(mode="json")
            if "name" in data and "name" not in record.model_fields_set:
                data["name"] = None  # an unnamed record goes by its id: no change of its own in a rename
        else:
            data = record.model_dump(mode="json", exclude_unset=True)
        data["kind"], data["id"] = record.kind_id(), record.id
        return canonical_order(data, type(record))
    data = entry.doc.data
    return copy.deepcopy(data) if isinstance(data, dict) else None


def _records(pack: Pack, problems: list[str], side: str) -> dict[tuple[str, str], Entry]:
    """(kind, id) -> entry of the pack's own records, those that do not load included."""
    out = dict(pack.owners())
    for entry in pack.entries:
        if entry.record is None:
            first = next((d for d in entry.diagnostics if d.severity is Severity.ERROR), None)
            problems.append(f"{_file(entry)} ({side}) does not load"
                            + (f": line {first.line}: {first.message}" if first else "") + "; compared as written")
            data = entry.doc.data
            kind = entry.kind or (data.get("kind") if isinstance(data, dict) else None)
            if isinstance(kind, str) and entry.id and (kind, entry.id) not in out:
                out[(kind, entry.id)] = entry
    return out


def _file(entry: Entry) -> str:
    """Where the record is inside its pack (a revision's files are in a temporary folder)."""
    root = entry.pack.root if entry.pack else None
    try:
        return entry.path.relative_to(root).as_posix() if root else entry.file
    except ValueError:
        return entry.file


def _references(entries: Iterable[Entry]) -> list[tuple[Entry, FieldPath, str, tuple[str, ...]]]:
    return [(e, path, value, kinds) for e in entries for path, value, kinds in references_in(e)]


def _set_at(data: Any, path: FieldPath, value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _get_at(data: Any, path: FieldPath) -> Any:
    for part in path:
        if isinstance(data, dict) and part in data or isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def _reference_counts(entries: Iterable[Entry]) -> Counter:
    """(kind, id) -> how many references name it, for each kind a reference may be to."""
    out: Counter = Counter()
    for _, _, value, kinds in _references(entries):
        for kind in kinds:
            out[(kind, value)] += 1
    return out


def _find_renames(old: dict, new: dict, old_data: dict, new_data: dict) -> dict[tuple[str, str], tuple[str, str]]:
    """old key -> new key of the records that were renamed: of a kind that lost one id and gained
    another, alike apart from the id, and with no reference in the new pack left naming the old id."""
    gone = [k for k in old if k not in new and old_data.get(k) is not None]
    came = [k for k in new if k not in old and new_data.get(k) is not None]
    before, after = _reference_counts(old.values()), _reference_counts(new.values())
    many = sum(1 for o in gone for n in came if o[0] == n[0]) > MAX_PAIRS
    candidates = []
    for o in gone:
        if after[o]:  # references left naming the old id: a removal (they now dangle) and an addition
            continue
        for n in came:
            if o[0] != n[0]:
                continue
            followed = before[o] > 0 and after[n] >= before[o]
            if before[o] and not followed:
                continue
            if many and not followed:  # hundreds gone and come: only a copy under a new id, unreferenced
                score = 1.0 if _key(_bare(old_data[o])) == _key(_bare(new_data[n])) else 0.0
            else:
                score = similarity(old_data[o], new_data[n])
            if score >= (SIMILAR_FOLLOWED if followed else SIMILAR):
                candidates.append((score, o, n))
    renames: dict = {}
    taken: set = set()
    for score, o, n in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        if o not in renames and n not in taken:
            renames[o] = n
            taken.add(n)
    return renames


def _bare(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("id", "kind")}


def diff_packs(old: Pack, new: Pack, old_label: str | None = None, new_label: str | None = None,
               renamed_elsewhere: Mapping[tuple[str, str], str] | None = None) -> PackDiff:
    """Record by record and field by field, what changed from `old` to `new` (the packs' own
    records: their bases are not compared), grouped by kind and sorted by id.

    `renamed_elsewhere` ((kind, old id) -> new id) are renames in other packs, the packs this one
    extends: a reference to one of them that followed it is part of that rename, not a change
    (`PackDiff.followed_elsewhere` lists them)."""
    result = PackDiff(old_label or str(old.root), new_label or str(new.root))
    old_entries = _records(old, result.problems, "old")
    new_entries = _records(new, result.problems, "new")
    broken = {k for k, e in {**old_entries, **new_entries}.items() if e.record is None}
    # Both sides as written when either does not load: a default spelt out is then no change.
    old_data = {k: entry_data(e, full=k not in broken) for k, e in old_entries.items()}
    new_data = {k: entry_data(e, full=k not in broken) for k, e in new_entries.items()}
    renames = _find_renames(old_entries, new_entries, old_data, new_data)
    renamed_to = {**(renamed_elsewhere or {}), **{o: n[1] for o, n in renames.items()}}

    # The old records with their references to renamed records put in the new ids: what followed.
    followed: dict[tuple[str, str], list[Followed]] = {n: [] for n in renames.values()}
    for key, entry in old_entries.items():
        data = old_data[key]
        if data is None:
            continue
        for path, value, kinds in references_in(entry):
            kind = next((k for k in kinds if (k, value) in renamed_to), None)
            if kind is None or _get_at(data, path) != value:
                continue
            target = (kind, renamed_to[(kind, value)])
            where = renames.get(key, key)
            new_entry = new_entries.get(where)
            if new_entry is None or _get_at(new_data[where], path) != target[1]:
                continue
            _set_at(data, path, target[1])
            into = followed if target in followed else result.followed_elsewhere
            into.setdefault(target, []).append(Followed(where[0], where[1], path))

    for key in sorted(set(old_entries) | set(new_entries)):
        o, n = old_entries.get(key), new_entries.get(key)
        if key in renames.values():
            continue
        if o is not None and n is not None:
            changes = compare(old_data[key], new_data[key]) if old_data[key] is not None else []
            if changes:
                result.records.append(RecordDiff(key[0], key[1], CHANGED, None, _file(o), _file(n), changes))
        elif o is not None and key in renames:
            target = renames[key]
            a = {k: v for k, v in old_data[key].items() if k != "id"}
            b = {k: v for k, v in new_data[target].items() if k != "id"}
            result.records.append(RecordDiff(key[0], target[1], RENAMED, key[1], _file(o),
                                             _file(new_entries[target]), compare(a, b), followed[target]))
        elif o is not None:
            result.records.append(RecordDiff(key[0], key[1], REMOVED, None, _file(o), None))
        else:
            result.records.append(RecordDiff(key[0], key[1], ADDED, None, None, _file(n)))
    manifest = compare(_manifest(old), _manifest(new))
    if manifest:
        result.records.insert(0, RecordDiff(MANIFEST_KIND, new.id, CHANGED, None, "pack.yaml",
                                            "pack.yaml", manifest))
    result.records.sort(key=lambda r: (r.kind != MANIFEST_KIND, r.kind, r.id))
    return result


def diff_pack_sets(pairs: list[tuple[Pack | None, Pack | None, str, str]]) -> list[PackDiff]:
    """The diffs of several packs at once, (old, new, old label, new label) each, a pack only on one
    side (None on the other) added or removed whole. A rename in one pack whose references in
    another (a pack built on it) followed is one rename: those references are listed with it."""
    def one(old, new, old_label, new_label, elsewhere=None) -> PackDiff:
        if old is None or new is None:
            pack = new or old
            status = ADDED if old is None else REMOVED
            return PackDiff(old_label, new_label, [RecordDiff(MANIFEST_KIND, pack.id, status, None,
                                                              None if old is None else MANIFEST,
                                                              None if new is None else MANIFEST)])
        return diff_packs(old, new, old_label, new_label, elsewhere)

    diffs = [one(*pair) for pair in pairs]
    renames = [d.renames() for d in diffs]
    if not any(renames):
        return diffs
    elsewhere = [{k: v for j, r in enumerate(renames) if j != i for k, v in r.items()} for i in range(len(diffs))]
    diffs = [one(*pair, elsewhere[i]) for i, pair in enumerate(pairs)]
    held = {(r.kind, r.id): r for d in diffs for r in d.records if r.status == RENAMED}
    for d in diffs:
        for target, refs in d.followed_elsewhere.items():
            if target in held:
                held[target].followed.extend(refs)
    return diffs


def _manifest(pack: Pack) -> Any:
    if pack.manifest is not None:
        return pack.manifest.model_dump(mode="json")
    data = pack.manifest_doc.data
    return data if isinstance(data, dict) else {}


# --------------------------------------------------------------------------- forms

_PLAIN = re.compile(r"[A-Za-z0-9][\w .,:/+'()-]*\Z")


def show(value: Any, limit: int | None = None) -> str:
    """A value as one short line: plain words as they are, the rest as JSON."""
    if isinstance(value, str) and _PLAIN.match(value) and value == value.strip() and value not in (
            "true", "false", "null"):
        text = value
    else:
        text = json.dumps(value, ensure_ascii=False)
    if limit and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def _change_text(change: Change) -> str:
    if change.op == ADDED:
        return f"{change.field}: added {show(change.new, 200)}"
    if change.op == REMOVED:
        return f"{change.field}: removed (was {show(change.old, 200)})"
    return f"{change.field}: {show(change.old, 200)} → {show(change.new, 200)}"


def headline(diff: PackDiff) -> str:
    counts = diff.counts()
    if diff.same:
        return f"{diff.old_label} → {diff.new_label}: no change"
    said = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    return f"{diff.old_label} → {diff.new_label}: {len(diff.records)} record(s) differ ({said})"


def record_line(record: RecordDiff) -> str:
    """`renamed  spitfire-i → spitfire-ia (2 references followed)` and the like."""
    if record.status == RENAMED:
        refs = len(record.followed)
        return (f"renamed  {record.old_id} → {record.id} ({refs} reference{'s' * (refs != 1)} followed; "
                f"{record.old_file} → {record.new_file})")
    return f"{record.status:<8} {record.id} ({record.file})"


def as_text(diff: PackDiff) -> str:
    lines = [headline(diff)]
    for kind, records in diff.by_kind().items():
        lines += ["", kind]
        for record in records:
            lines.append("  " + record_line(record))
            lines += ["      " + _change_text(c) for c in record.changes]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def as_markdown(diff: PackDiff) -> str:
    """For a pull-request comment: a heading and a table a kind."""
    counts = diff.counts()
    lines = [f"## Game changes: `{diff.old_label}` → `{diff.new_label}`", ""]
    if diff.same:
        return "\n".join(lines + ["No record changed.", ""])
    lines.append(", ".join(f"**{n}** {status}" for status, n in counts.items() if n))
    for kind, records in diff.by_kind().items():
        lines += ["", f"### `{kind}`", "", "| record | change | field | old | new |", "|---|---|---|---|---|"]
        for r in records:
            name = f"`{r.old_id}` → `{r.id}`" if r.status == RENAMED else f"`{r.id}`"
            if r.status == RENAMED:
                refs = len(r.followed)
                lines.append(f"| {name} | renamed | `id` | `{r.old_id}` | `{r.id}` ({refs} reference{'s' * (refs != 1)} followed) |")
            elif r.status in (ADDED, REMOVED):
                lines.append(f"| {name} | {r.status} | | | |")
            for c in r.changes:
                old = "" if c.op == ADDED else f"`{_cell(show(c.old, 80))}`"
                new = "" if c.op == REMOVED else f"`{_cell(show(c.new, 80))}`"
                lines.append(f"| {name} | {c.op} | `{_cell(c.field)}` | {old} | {new} |")
    if diff.problems:
        lines += ["", "Files that do not load (compared as written):", ""]
        lines += [f"- {_cell(p)}" for p in diff.problems]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- one file, for git


def flat_lines(data: Any, path: FieldPath = ()) -> list[str]:
    """`path: value` for every value of a record, a list of plain values on one line: what `git
    diff` compares through `sortie diff --textconv`, so each changed value is one changed line."""
    if isinstance(data, dict) and data:
        return [line for key, value in data.items() for line in flat_lines(value, path + (key,))]
    if isinstance(data, list) and data and any(isinstance(v, (dict, list)) for v in data):
        return [line for i, value in enumerate(data) for line in flat_lines(value, path + (i,))]
    shown = f"[{', '.join(show(v) for v in data)}]" if isinstance(data, list) and data else show(data)
    return [f"{format_path(path) or '(value)'}: {shown}"]


def record_view(entry: Entry) -> str | None:
    """A record file as its flattened values, defaults included; None when it holds no record."""
    data = entry_data(entry)
    if data is None or not isinstance(data.get("kind"), str):
        return None
    head = f"# {data['kind']} {data.get('id', '')}".rstrip()
    if entry.record is None:
        head += " (does not load: as written)"
    return "\n".join([head] + flat_lines({k: v for k, v in data.items() if k not in ("kind", "id")})) + "\n"
