"""Safe YAML reading with source positions, and stable diff-friendly writing.

Reading is built on PyYAML's event stream rather than its constructors so that
we control everything a hostile or broken file could abuse: only plain data is
built (no tags that construct objects), duplicate keys are reported, nesting is
bounded, aliases cannot expand without limit, and every value keeps the line
and column it came from. Scalars are resolved with YAML 1.2 core rules, so
`no` stays a string and `1-5` stays a dice range.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .diagnostics import Diagnostic, FieldPath, Severity, format_path

try:  # libyaml's parser is several times faster; the pure one behaves the same
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

MAX_DEPTH = 64
MAX_NODES = 200_000

_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_SPECIAL_FLOATS = {
    ".inf": math.inf, ".Inf": math.inf, ".INF": math.inf,
    "+.inf": math.inf, "+.Inf": math.inf, "+.INF": math.inf,
    "-.inf": -math.inf, "-.Inf": -math.inf, "-.INF": -math.inf,
    ".nan": math.nan, ".NaN": math.nan, ".NAN": math.nan,
}
_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUE = {"true", "True", "TRUE"}
_FALSE = {"false", "False", "FALSE"}
_STD = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_STD + t for t in ("str", "int", "float", "bool", "null")}
_COLLECTION_TAGS = {_STD + "map", _STD + "seq"}


@dataclass
class Document:
    """One parsed YAML file: its data, where each value came from, and any findings."""

    file: str
    data: Any = None
    positions: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)
    header: str = ""  # leading comment lines, kept on write-back
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    def locate(self, path: FieldPath, *, key: bool = False) -> tuple[int, int]:
        """Line and column of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while True:
            if key and path in self.key_positions:
                return self.key_positions[path]
            if path in self.positions:
                return self.positions[path]
            if not path:
                return (1, 1)
            path = path[:-1]

    def error(self, code: str, message: str, path: FieldPath = (), *, at=None) -> None:
        line, col = at if at else self.locate(path)
        self.diagnostics.append(
            Diagnostic(Severity.ERROR, code, message, self.file, line, col, format_path(path))
        )


class _Abort(Exception):
    """Stops the event walk once the document cannot be built safely."""


def _mark(event) -> tuple[int, int]:
    m = event.start_mark
    return (m.line + 1, m.column + 1) if m is not None else (1, 1)


def _resolve_plain(value: str) -> Any:
    if value in _NULLS:
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    if _INT.match(value):
        return int(value)  # may raise ValueError on absurdly long digit strings
    if _FLOAT.match(value):
        return float(value)
    if value in _SPECIAL_FLOATS:
        return _SPECIAL_FLOATS[value]
    return value


class _Frame:
    __slots__ = ("container", "path", "pending_key", "anchor", "size", "is_map")

    def __init__(self, container, path, anchor):
        self.container = container
        self.path = path
        self.pending_key = None
        self.anchor = anchor
        self.size = 1
        self.is_map = isinstance(container, dict)


def _decode(raw: bytes, doc: Document) -> str | None:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        doc.error(
            "yaml.encoding",
            f"byte 0x{raw[exc.start]:02x} is not valid UTF-8; save the file as UTF-8",
            at=(line, col),
        )
        return None


def _header(text: str) -> str:
    lines = []
    for line in text.splitlines(keepends=True):
        if line.startswith("#"):  # kept with "\n" endings, as everything Sortie writes (not CRLF)
            lines.append(line.rstrip("\r\n") + "\n")
        elif line.strip() == "" and lines:
            continue
        else:
            break
    return "".join(lines)


def dropped_comments(text: str) -> list[int]:
    """Lines (1-based) of comments a write-back drops: every comment below the leading block of
    comment lines. A '#' is a comment's when it lies outside every scalar the scanner reads."""
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")), len(lines))
    scalars = []
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.ScalarToken):
                scalars.append((token.start_mark.index, token.end_mark.index))
    except yaml.YAMLError:
        return []  # a file that does not parse is never written back
    found = set()
    for match in re.finditer("#", text):
        at = match.start()
        line = text.count("\n", 0, at)
        if line >= first and not any(a <= at < b for a, b in scalars):
            found.add(line + 1)
    return sorted(found)


def parse_yaml(source: bytes | str, file: str = "<input>") -> Document:
    """Parse one YAML document into plain data with positions; never raises on bad input."""
    doc = Document(file=file)
    text = source if isinstance(source, str) else _decode(source, doc)
    if text is None:
        return doc
    doc.header = _header(text)
    try:
        _build(text, doc)
    except _Abort:
        doc.data = None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        doc.error("yaml.syntax", f"malformed YAML: {_explain(exc, text)}", at=at)
        doc.data = None
    except yaml.reader.ReaderError as exc:  # control characters and the like
        before = text[: exc.position]
        at = (before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1)
        doc.error(
            "yaml.syntax",
            f"character #x{exc.character:04x} is not allowed in YAML; remove it",
            at=at,
        )
        doc.data = None
    if doc.ok and doc.data is None:
        doc.error("yaml.empty", "file is empty; expected a mapping with 'kind' and 'id'")
    return doc


_INDENT_PROBLEMS = ("did not find expected key", "expected <block end>", "did not find expected '-' indicator")


def _explain(exc: yaml.MarkedYAMLError, text: str) -> str:
    """The parser's complaint in a modder's words: it speaks of tokens and block ends where
    the mistake is nearly always an indent that does not line up, a tab, or an unquoted ': '."""
    problem = exc.problem or exc.context or "malformed YAML"
    mark, opened = exc.problem_mark, exc.context_mark
    if mark is None:
        return problem
    line = text.splitlines()[mark.line] if mark.line < len(text.splitlines()) else ""
    said = f" (the parser says: {problem})"
    if line[mark.column: mark.column + 1] == "\t" or "'\\t'" in problem:
        return "a tab: YAML is indented with spaces only; replace the tab with spaces" + said
    if problem.startswith("mapping values are not allowed"):
        if ": " in line[: mark.column].lstrip(" -"):
            return ("a second ': ' on one line: quote a value that holds ': ', "
                    "e.g. name: 'Spitfire: Mk I'" + said)
        return (f"line {mark.line + 1} is indented further than the line above it: a key goes "
                "in the same column as the other keys of its mapping" + said)
    at_start = mark.column == len(line) - len(line.lstrip(" "))
    if problem.startswith(_INDENT_PROBLEMS) and not at_start and ("'" in line or '"' in line):
        return ("text after a quoted value: quote a value that holds quotes whole, in '...', where a "
                "single quote inside is written twice ('It''s') and a double quote needs nothing" + said)
    if problem.startswith(_INDENT_PROBLEMS) and opened is not None and at_start:
        return (f"line {mark.line + 1} does not line up with the block it belongs to, which starts at line "
                f"{opened.line + 1}, column {opened.column + 1}: the keys of one mapping, and the '- ' of "
                "the items of one list, go in one column" + said)
    if opened is not None and exc.context and "flow" in exc.context:
        return f"{problem}: the bracket opened at line {opened.line + 1}, column {opened.column + 1} is not closed"
    return problem


def _build(text: str, doc: Document) -> None:
    stack: list[_Frame] = []
    anchors: dict[str, tuple[Any, int]] = {}
    total = 0
    documents = 0
    root: list[Any] = []

    def fail(code: str, message: str, at) -> None:
        doc.error(code, message, at=at)
        raise _Abort

    def place(value: Any, at, size: int, path_hint=None) -> FieldPath | None:
        """Attach a finished value to its parent; returns the value's path."""
        nonlocal total
        total += size
        if total > MAX_NODES:
            fail(
                "yaml.too_large",
                f"document expands to more than {MAX_NODES} values (alias bomb?); "
                "content files should not need aliases on this scale" if anchors else
                f"file holds more than {MAX_NODES} values; a content file holds one record, far "
                "smaller than that: split it",
                at,
            )
        if not stack:
            root.append(value)
            return ()
        top = stack[-1]
        top.size += size
        if top.is_map:
            key, _ = top.pending_key
            top.container[key] = value
            top.pending_key = None
            return top.path + (key,)
        top.container.append(value)
        return top.path + (len(top.container) - 1,)

    def add_key(event, top: _Frame) -> None:
        at = _mark(event)
        key = event.value
        if key in top.container or (top.pending_key and top.pending_key[0] == key):
            fail(
                "yaml.duplicate_key",
                f"key '{key}' appears twice in the same mapping; remove one of them",
                at,
            )
        top.pending_key = (key, at)
        doc.key_positions[top.path + (key,)] = at

    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                fail(
                    "yaml.multiple_documents",
                    "a content file holds one record; split the documents into separate files",
                    _mark(event),
                )
            continue
        if isinstance(event, (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)):
            continue
        top = stack[-1] if stack else None
        expecting_key = top is not None and top.is_map and top.pending_key is None
        at = _mark(event)

        if isinstance(event, yaml.ScalarEvent):
            if expecting_key:
                add_key(event, top)
                continue
            value = _scalar(event, doc, fail, at)
            path = place(value, at, 1)
            doc.positions[path] = at
            if event.anchor:
                anchors[event.anchor] = (value, 1)
        elif isinstance(event, yaml.AliasEvent):
            if expecting_key:
                fail("yaml.complex_key", "mapping keys must be plain names", at)
            if event.anchor not in anchors:
                fail("yaml.syntax", f"alias *{event.anchor} names no anchor", at)
            value, size = anchors[event.anchor]
            path = place(value, at, size)
            doc.positions[path] = at
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if expecting_key:
                fail("yaml.complex_key", "mapping keys must be plain names, not collections", at)
            if event.tag and event.tag not in _COLLECTION_TAGS and event.tag not in ("!",):
                fail("yaml.tag", f"tag '{event.tag}' is not allowed in content files", at)
            if len(stack) >= MAX_DEPTH:
                fail("yaml.too_deep", f"nesting deeper than {MAX_DEPTH} levels", at)
            if top is None:
                path: FieldPath = ()
            elif top.is_map:
                path = top.path + (top.pending_key[0],)
            else:
                path = top.path + (len(top.container),)
            doc.positions[path] = at
            container: Any = {} if isinstance(event, yaml.MappingStartEvent) else []
            stack.append(_Frame(container, path, event.anchor))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            frame = stack.pop()
            place(frame.container, doc.positions.get(frame.path, at), frame.size)
            if frame.anchor:
                anchors[frame.anchor] = (frame.container, frame.size)
    doc.data = root[0] if root else None


def _scalar(event, doc: Document, fail, at) -> Any:
    tag = event.tag
    plain = event.implicit[0]
    if tag and tag not in ("!",) and tag not in _SCALAR_TAGS:
        fail("yaml.tag", f"tag '{tag}' is not allowed in content files", at)
    if tag == _STD + "str" or (not plain and tag in (None, "!")):
        return event.value
    try:
        return _resolve_plain(event.value)
    except ValueError:
        fail(
            "yaml.number",
            f"number with {len(event.value)} digits is far too large for any field",
            at,
        )


# --------------------------------------------------------------------------- writing


class _Dumper(yaml.SafeDumper):
    """Block style with indented lists, no aliases, no line folding."""

    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)

    def ignore_aliases(self, data):
        return True


def _str_representer(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar(_STD + "str", value, style=style)


_Dumper.add_representer(str, _str_representer)

FLOW_WIDTH = 100


def _flowify(node: yaml.Node, depth: int) -> int:
    """Mark small all-scalar collections below the top level as flow style.

    One row of a table on one line keeps diffs to the row that changed.
    Returns an estimate of the node's width in flow style (or a large number).
    """
    if isinstance(node, yaml.ScalarNode):
        if "\n" in node.value:
            return 10**6
        return len(node.value) + 2
    if isinstance(node, yaml.MappingNode):
        widths = [(_flowify(k, depth + 1), _flowify(v, depth + 1)) for k, v in node.value]
        children = [v for _, v in node.value]
        width = sum(a + b + 2 for a, b in widths) + 2
    else:
        children = node.value
        width = sum(_flowify(v, depth + 1) + 2 for v in children) + 2
    scalar_only = all(isinstance(c, yaml.ScalarNode) for c in children)
    if depth > 0 and scalar_only and width <= FLOW_WIDTH:
        node.flow_style = True
        return width
    node.flow_style = False
    return 10**6 if children else 2


def dump_yaml(data: Any, header: str = "") -> str:
    """Serialise plain data the one way Sortie always writes it."""
    out = io.StringIO()
    dumper = _Dumper(
        out,
        default_flow_style=False,
        allow_unicode=True,
        sort_keys=False,
        width=1_000_000,
        indent=2,
    )
    try:
        dumper.open()
        node = dumper.represent_data(data)
        _flowify(node, 0)
        dumper.serialize(node)
        dumper.close()
    finally:
        dumper.dispose()
    return header + out.getvalue()
