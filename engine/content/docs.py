"""Reference documentation generated from the content models, like the schemas.

`docs/reference/<ruleset>.md` lists every kind with its fields, types, units,
ranges and descriptions, so the docs cannot drift from the data they describe.
"""

from __future__ import annotations

from pathlib import Path

from .ruleset import ContentRules

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs" / "reference"


def _type_of(prop: dict, defs: dict) -> str:
    if "$ref" in prop:
        return defs.get(prop["$ref"].rsplit("/", 1)[-1], {}).get("title", "object")
    if "const" in prop:
        return f"`{prop['const']}`"
    if "enum" in prop:
        return " \\| ".join(f"`{v}`" for v in prop["enum"])
    if "anyOf" in prop:
        return " or ".join(_type_of(p, defs) for p in prop["anyOf"])
    if "oneOf" in prop:
        return " or ".join(_type_of(p, defs) for p in prop["oneOf"])
    if prop.get("type") == "array":
        return f"list of {_type_of(prop.get('items', {}), defs)}"
    if prop.get("type") == "object" and "additionalProperties" in prop:
        return f"map of {_type_of(prop['additionalProperties'], defs)}"
    if "x-ref" in prop:
        return "id of " + " / ".join(prop["x-ref"])
    return str(prop.get("type", "any"))


def _limits(prop: dict) -> str:
    parts = []
    for key, sym in (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"), ("exclusiveMaximum", "<")):
        if key in prop:
            parts.append(f"{sym} {prop[key]}")
    for sub in prop.get("anyOf", []):
        sub_limits = _limits(sub)
        if sub_limits:
            parts.append(sub_limits)
    if "x-unit" in prop:
        parts.append(prop["x-unit"])
    return ", ".join(parts)


def _table(schema: dict, defs: dict) -> list[str]:
    required = set(schema.get("required", []))
    lines = ["| field | type | range / unit | description |", "|---|---|---|---|"]
    for name, prop in schema.get("properties", {}).items():
        mark = f"**{name}**" if name in required else name
        desc = (prop.get("description") or "").replace("\n", " ").replace("|", "\\|")
        lines.append(f"| {mark} | {_type_of(prop, defs)} | {_limits(prop)} | {desc} |")
    return lines


def render_ruleset(ruleset: ContentRules, schemas: dict[str, dict]) -> str:
    lines = [f"# {ruleset.name} (`{ruleset.id}`)", "", ruleset.description, "",
             "Generated from the content models by `sortie schemas`; do not edit.", ""]
    for kind in ruleset.kind_ids():
        schema = schemas[f"{kind}.json"]
        defs = schema.get("$defs", {})
        lines += [f"## `{kind}`", "", (schema.get("description") or "").strip(), ""]
        lines += _table(schema, defs) + [""]
        for name, sub in sorted(defs.items()):
            if sub.get("properties"):
                lines += [f"### {sub.get('title', name)}", "", (sub.get("description") or "").strip(), ""]
                lines += _table(sub, defs) + [""]
    if ruleset.lint_rules:
        lines += ["## Lint rules", "", "Checks `sortie validate` makes on this ruleset's records beyond what their schemas say.",
                  "", "| code | kinds | what it checks |", "|---|---|---|"]
        for rule in ruleset.lint_rules:
            kinds = ", ".join(rule.kinds) or "all"
            summary = rule.summary or (type(rule).__doc__ or "").strip().splitlines()[0]
            lines.append(f"| `{rule.code}` | {kinds} | {summary} |")
        lines.append("")
    return "\n".join(lines)
