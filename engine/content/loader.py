"""Loading packs from disk into records, keeping every file's positions.

Loading never raises on bad content: each file becomes an `Entry` that holds
its parsed document, its record when the record is well-formed, and the
findings that stop it from being so.
"""

from __future__ import annotations

import os
import re
import stat
import typing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from .diagnostics import Diagnostic, FieldPath, Severity, did_you_mean, format_path
from .model import PATTERN_WORDS, Record
from .pack import MANIFEST, RECORD_SUFFIXES, PackManifest
from .yamlio import Document, parse_yaml

MAX_FILE_BYTES = 4 * 1024 * 1024


def bundled_content() -> Path:
    """The folder of the bundled packs. A wheel installs them inside the engine package
    (engine/bundled: pyproject maps content/ there, so Sortie owns the name); a checkout and its
    editable install keep them in content/ beside engine/. The installed place comes first, so an
    installed engine never reads another distribution's site-packages/content."""
    engine = Path(__file__).resolve().parents[1]
    installed = engine / "bundled"
    return installed if installed.is_dir() else engine.parent / "content"


BUNDLED_CONTENT = bundled_content()


def display_path(path: Path) -> str:
    """Paths relative to the working directory when below it, so lines are clickable. The path as
    named, not where its symbolic links lead: a message names the file the person can find."""
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


@dataclass(eq=False)
class Entry:
    """One record file."""

    path: Path
    doc: Document
    pack: "Pack | None" = None
    record: Record | None = None
    kind: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    model: type[Record] | None = None  # the kind's model, also when the record does not validate

    @property
    def file(self) -> str:
        return self.doc.file

    @property
    def id(self) -> str | None:
        if self.record is not None:
            return self.record.id
        data = self.doc.data
        value = data.get("id") if isinstance(data, dict) else None
        return value if isinstance(value, str) else None

    @property
    def key(self) -> tuple[str, str] | None:
        return (self.kind, self.id) if self.kind and self.id else None


@dataclass(eq=False)
class Pack:
    root: Path
    manifest: PackManifest | None
    manifest_doc: Document
    entries: list[Entry] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    base: "Pack | None" = None

    @property
    def id(self) -> str:
        return self.manifest.id if self.manifest else self.root.name

    @property
    def ruleset(self) -> str | None:
        return self.manifest.ruleset if self.manifest else None

    def chain(self) -> list["Pack"]:
        """This pack then its bases, nearest first; stops at a cycle."""
        seen, out, pack = set(), [], self
        while pack is not None and id(pack) not in seen:
            seen.add(id(pack))
            out.append(pack)
            pack = pack.base
        return out

    def effective(self) -> dict[tuple[str, str], Entry]:
        """(kind, id) -> the entry that wins: this pack's over its bases'."""
        out: dict[tuple[str, str], Entry] = {}
        for pack in reversed(self.chain()):
            out.update(pack.owners())
        return out

    def owners(self) -> dict[tuple[str, str], Entry]:
        """(kind, id) -> this pack's entry holding it. Of two files with one id, the one named after
        it: a copy made to start a new record, its id left as it was, is the other, wherever it sorts."""
        out: dict[tuple[str, str], Entry] = {}
        for entry in self.entries:
            if entry.record is not None:
                held = out.get(entry.key)
                if held is None or (held.path.stem != entry.id and entry.path.stem == entry.id):
                    out[entry.key] = entry
        return out


# --------------------------------------------------------------------------- records


def _unwrap_model(annotation: Any) -> type[BaseModel] | None:
    origin = typing.get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation) if origin is not None else ():
        found = _unwrap_model(arg)
        if found is not None:
            return found
    return None


def _value_at(data: Any, path: FieldPath) -> Any:
    for part in path:
        data = data[part]
    return data


def _indented_too_little(owner: type[BaseModel] | None, mapping: Any, key: str) -> str | None:
    """The key above `key` in `mapping` whose value's model has a field `key`: what a line indented
    too little looks like (`climb:` then `step: 3` in its column), where "did you mean" guesses wrong."""
    if owner is None or not isinstance(mapping, dict):
        return None
    above = list(mapping)[: list(mapping).index(key)] if key in mapping else []
    for name in reversed(above):
        info = owner.model_fields.get(name)
        sub = _unwrap_model(info.annotation) if info else None
        listed = info is not None and typing.get_origin(info.annotation) in (list, tuple)
        if sub is not None and not listed and key in sub.model_fields:
            return name
    return None


def _model_at(cls: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model class that owns the field at `loc` (for "did you mean" on keys)."""
    current: type[BaseModel] | None = cls
    for part in loc:
        if current is None:
            return None
        if isinstance(part, int):
            continue
        info = current.model_fields.get(part)
        if info is None:
            continue  # a union branch tag
        current = _unwrap_model(info.annotation)
    return current


def _data_path(data: Any, loc: tuple) -> FieldPath:
    """Keep the parts of a pydantic location that exist in the data (drop union tags)."""
    out: list = []
    current = data
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(current, dict) and part in current:
            current = current[part]
            out.append(part)
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            current = current[part]
            out.append(part)
        elif last and isinstance(current, dict):
            out.append(part)
    return tuple(out)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_QUOTED = re.compile(r"'([^']*)'")


def _one_of(values: list[str], given: Any) -> str:
    """'expected 'a', 'b' or 'c'; got 'x'', with the closest value when there is a choice."""
    quoted = [f"'{v}'" for v in values]
    listed = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    hint = did_you_mean(str(given), values) if len(values) > 1 else ""
    return f"expected {listed}; got {_short(given)}" + (f".{hint}" if hint else "")


def schema_diagnostics(
    cls: type[BaseModel], data: Any, error: ValidationError, doc: Document
) -> list[Diagnostic]:
    grouped: dict[FieldPath, list[tuple[str, bool]]] = {}
    worded: set[FieldPath] = set()
    one_of: dict[FieldPath, tuple[list[str], Any]] = {}  # the values a field takes, from every union branch
    for err in error.errors(include_url=False):
        loc = tuple(err["loc"])
        path = _data_path(data, loc)
        etype = err["type"]
        if etype == "literal_error" and _QUOTED.findall(err["ctx"]["expected"]):
            known, _ = one_of.setdefault(path, ([], err["input"]))
            known.extend(v for v in _QUOTED.findall(err["ctx"]["expected"]) if v not in known)
        elif etype == "union_tag_invalid":  # pydantic: "input tag 'x' found using 'type' does not match ..."
            key = err["ctx"]["discriminator"].strip("'")
            one_of[path + (key,)] = (_QUOTED.findall(err["ctx"]["expected_tags"]), err["ctx"]["tag"])
        elif etype == "union_tag_not_found":  # pydantic: "unable to extract tag using discriminator 'type'"
            key = err["ctx"]["discriminator"].strip("'")
            given = err["input"] if isinstance(err["input"], dict) else {}
            typo = next((k for k in given if did_you_mean(str(k), [key])), None)
            hint = f"; '{typo}' is not a field: did you mean '{key}'?" if typo is not None else ""
            grouped.setdefault(path + (key,), []).append(
                (f"required field '{key}' is missing: it says which kind of entry this is{hint}", False))
        elif etype == "extra_forbidden":
            owner = _model_at(cls, loc[:-1])
            choices = list(owner.model_fields) if owner else []
            parent = _indented_too_little(owner, _value_at(data, path[:-1]), str(loc[-1]))
            if parent:
                message = (f"unknown field '{loc[-1]}' here, but '{parent}' above has a field '{loc[-1]}': "
                           f"indent it under '{parent}:'")
            else:
                message = f"unknown field '{loc[-1]}'.{did_you_mean(str(loc[-1]), choices)}".rstrip()
            if not parent and not did_you_mean(str(loc[-1]), choices) and choices:
                message += f" Expected one of: {', '.join(choices)}"
            grouped.setdefault(path, []).append((message, True))
        elif etype == "missing":
            name = loc[-1]
            owner = _model_at(cls, loc[:-1])
            info = owner.model_fields.get(name) if owner else None
            hint = f" ({info.description})" if info and info.description else ""
            grouped.setdefault(path, []).append((f"required field '{name}' is missing{hint}", False))
        elif etype == "string_pattern_mismatch":
            words = PATTERN_WORDS.get(err["ctx"]["pattern"])
            if words:  # they say all a value may be: a roll's "should be a valid integer" would mislead
                worded.add(path)
                message = f"expected {words}"
            else:  # the field's description says what the pattern means, with an example
                owner = _model_at(cls, loc[:-1])
                info = next((owner.model_fields[p] for p in reversed(loc) if owner and p in owner.model_fields), None)
                described = f" ({info.description.rstrip('.')})" if info and info.description else ""
                message = f"{err['msg'][0].lower()}{err['msg'][1:]}{described}"
            grouped.setdefault(path, []).append((f"{message}; got {_short(err['input'])}", False))
        elif etype in ("too_short", "too_long") and err["ctx"].get("field_type") == "List":
            # pydantic's "List should have at least 1 item after validation, not 0" speaks of its workings
            bound = err["ctx"]["min_length" if etype == "too_short" else "max_length"]
            owner = _model_at(cls, loc[:-1])
            info = owner.model_fields.get(loc[-1]) if owner else None
            hint = f" ({info.description.rstrip('.')})" if info and info.description else ""
            count = err["ctx"]["actual_length"]
            grouped.setdefault(path, []).append((
                f"expected {'at least' if etype == 'too_short' else 'at most'} {bound} item{'s' * (bound != 1)}"
                f"{hint}; got {count or 'an empty list'}", False))
        else:
            msg = err["msg"]
            msg = msg[0].lower() + msg[1:] if msg else msg
            grouped.setdefault(path, []).append((f"{msg}; got {_short(err['input'])}", False))
    for path, (values, given) in one_of.items():
        grouped.setdefault(path, []).append((_one_of(values, given), False))
    out = []
    for path, messages in grouped.items():
        if path in worded:
            messages = [(m, k) for m, k in messages if m.startswith("expected ")]
        text = " or ".join(dict.fromkeys(m for m, _ in messages))
        is_key = any(k for _, k in messages)
        if messages[0][0].startswith("required field"):
            line, col = doc.locate(path[:-1])
        else:
            line, col = doc.locate(path, key=is_key)
        out.append(
            Diagnostic(Severity.ERROR, "schema", text, doc.file, line, col, format_path(path))
        )
    return out


def build_record(doc: Document, kinds: dict[str, type[Record]], ruleset: str | None):
    """(kind, record or None, diagnostics) for a parsed document."""
    data = doc.data
    diags: list[Diagnostic] = []

    def err(code: str, message: str, path: FieldPath = (), key: bool = False) -> None:
        line, col = doc.locate(path, key=key)
        diags.append(Diagnostic(Severity.ERROR, code, message, doc.file, line, col, format_path(path)))

    if not isinstance(data, dict):
        err("record.shape", f"a record is a mapping of fields; got {type(data).__name__}")
        return None, None, diags
    kind = data.get("kind")
    available = [k for k in kinds if ruleset is None or k.startswith(ruleset + ".")]
    if kind is None:
        err("record.kind", "missing 'kind'; expected one of: " + ", ".join(sorted(available)))
        return None, None, diags
    if not isinstance(kind, str) or kind not in kinds:
        hint = did_you_mean(str(kind), available) or " Expected one of: " + ", ".join(sorted(available))
        err("record.kind", f"unknown kind {_short(kind)}.{hint}", ("kind",))
        return None, None, diags
    if ruleset and not kind.startswith(ruleset + "."):
        err(
            "record.kind",
            f"kind '{kind}' belongs to another ruleset; this pack's ruleset is '{ruleset}'",
            ("kind",),
        )
        return kind, None, diags
    cls = kinds[kind]
    try:
        record = cls.model_validate(data)
    except ValidationError as exc:
        diags.extend(schema_diagnostics(cls, data, exc, doc))
        return kind, None, diags
    return kind, record, diags


def read_document(path: Path, root: Path | None = None) -> Document:
    """Read and parse one file, refusing files that escape `root` or are too large."""
    name = display_path(path)
    doc = Document(file=name)
    try:
        if root is not None:
            try:
                path.resolve().relative_to(root.resolve())
            except ValueError:
                doc.error("pack.escape", f"file resolves outside its pack ({path.resolve()}); not read")
                return doc
        raw = read_bounded(path, MAX_FILE_BYTES, "content files")
    except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of symbolic links (Python 3.11)
        doc.error("file.read", f"cannot read file: {getattr(exc, 'strerror', None) or exc}")
        return doc
    except FileRefused as exc:
        doc.error(exc.code, str(exc))
        return doc
    return parse_yaml(raw, name)


class FileRefused(Exception):
    """A file not read at all; `code` is the diagnostic's."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def read_bounded(path: Path, limit: int, what: str) -> bytes:
    """The file's bytes, refusing what only looks like a file: a named pipe or a device would
    block or never end (its size says 0), and nothing bigger than `limit` is ever held."""
    too_large = FileRefused("yaml.too_large", f"file is over {limit} bytes; {what} are limited to that")
    with open(path, "rb", opener=lambda p, flags: os.open(p, flags | os.O_NONBLOCK)) as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("file.read", "not a regular file (a pipe, device or socket); not read")
        if info.st_size > limit:  # said at once, not after reading up to the limit
            raise too_large
        raw = handle.read(limit + 1)  # and if it grew since
    if len(raw) > limit:
        raise too_large
    return raw


def load_entry(path: Path, pack: "Pack | None", kinds: dict[str, type[Record]]) -> Entry:
    return entry_from_document(path, read_document(path, pack.root if pack else None), pack, kinds)


def entry_from_document(
    path: Path, doc: Document, pack: "Pack | None", kinds: dict[str, type[Record]]
) -> Entry:
    """An entry for a parsed document, read from disk or held in an editor's memory."""
    entry = Entry(path=path, doc=doc, pack=pack)
    entry.diagnostics.extend(doc.diagnostics)
    if doc.ok:
        entry.kind, entry.record, diags = build_record(doc, kinds, pack.ruleset if pack else None)
        entry.model = kinds.get(entry.kind or "")
        entry.diagnostics.extend(diags)
    return entry


def _record_files(root: Path) -> Iterable[Path]:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        # A nested pack is its own pack, not part of this one.
        dirnames[:] = [d for d in dirnames if not (Path(dirpath) / d / MANIFEST).exists()]
        for name in sorted(filenames):
            if name.startswith(".") or not name.endswith(RECORD_SUFFIXES):
                continue
            if Path(dirpath) == root and name == MANIFEST:
                continue
            yield Path(dirpath) / name


def load_pack(root: Path, kinds: dict[str, type[Record]], rulesets: Iterable[str]) -> Pack:
    root = Path(root)
    doc = read_document(root / MANIFEST, root)
    pack = Pack(root=root, manifest=None, manifest_doc=doc)
    read_manifest(pack, doc, rulesets)
    for path in _record_files(root):
        pack.entries.append(load_entry(path, pack, kinds))
    return pack


def read_manifest(pack: Pack, doc: Document, rulesets: Iterable[str]) -> None:
    """Take `doc` as the pack's manifest: the validated manifest (None when it does not
    validate) and its findings. Loading calls it, and so does an editor of pack.yaml."""
    pack.manifest, pack.manifest_doc = None, doc
    pack.diagnostics = [  # an empty manifest wants a manifest's fields, not a record's
        replace(d, message="pack.yaml is empty; expected a mapping with id, name, version, ruleset")
        if d.code == "yaml.empty" else d for d in doc.diagnostics]
    if doc.ok:
        if not isinstance(doc.data, dict):
            doc.error("pack.manifest", "pack.yaml must be a mapping with id, name, version, ruleset")
            pack.diagnostics.append(doc.diagnostics[-1])
        else:
            try:
                pack.manifest = PackManifest.model_validate(doc.data)
            except ValidationError as exc:
                pack.diagnostics.extend(schema_diagnostics(PackManifest, doc.data, exc, doc))
                pack.manifest = _linkable(pack, doc.data, exc)
    known = list(rulesets)
    declared = doc.data.get("ruleset") if isinstance(doc.data, dict) else None
    if isinstance(declared, str) and declared not in known:
        line, col = doc.locate(("ruleset",))
        pack.diagnostics.append(
            Diagnostic(
                Severity.ERROR,
                "pack.ruleset",
                f"unknown ruleset '{declared}'.{did_you_mean(declared, known)}"
                f" Known rulesets: {', '.join(known)}",
                doc.file,
                line,
                col,
                "ruleset",
            )
        )
        pack.manifest = None


# The fields a manifest may be wrong in and still link its pack (a version typo, an empty name), read
# as unset: its records are then checked against their base, rather than each reference to the base
# becoming an error of its own. Its id, ruleset and base are what the pack rests on: not among them.
_STAND_IN = {"name": None, "version": "0", "description": None, "authors": [], "license": None}


def _linkable(pack: Pack, data: dict, error: ValidationError) -> PackManifest | None:
    """The manifest with its wrong fields stood in for (the name by the folder's), or None when a
    field not in `_STAND_IN` is wrong; its findings are reported all the same."""
    wrong = {err["loc"][0] if err["loc"] else "" for err in error.errors()}
    if not wrong <= set(_STAND_IN):
        return None
    stand_in = {**_STAND_IN, "name": pack.root.name}
    return PackManifest.model_validate({**data, **{k: stand_in[k] for k in wrong}})


def find_pack_root(path: Path) -> Path | None:
    """The nearest folder at or above `path` that holds a pack manifest."""
    path = path.resolve()
    for folder in [path] + list(path.parents):
        if (folder / MANIFEST).is_file():
            return folder
    return None


def find_pack_roots(folder: Path, depth: int | None = None) -> list[Path]:
    """Pack folders at or below `folder`, at most `depth` folders down if given (a pack's own
    subfolders are not searched)."""
    if (folder / MANIFEST).is_file():
        return [folder]
    roots, top = [], len(folder.parts)
    for dirpath, dirnames, filenames in os.walk(folder):
        here = Path(dirpath)
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        if MANIFEST in filenames and here != folder:
            roots.append(here)
            dirnames[:] = []
        elif depth is not None and len(here.parts) - top >= depth:
            dirnames[:] = []
    return sorted(roots)
