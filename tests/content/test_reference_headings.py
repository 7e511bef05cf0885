"""Every heading of the generated reference says what its table is about.

A sub-model without a class docstring renders as a bare heading over its field
table (and leaves the studio's field help empty); 53 of them once did.
"""

import pytest

from engine.content.generate import generated_files
from engine.rulesets import rulesets

DOCS = {path.name: text for path, text in generated_files(rulesets().values()).items() if path.suffix == ".md"}


def bare_headings(page: str) -> list[str]:
    """Headings followed, past blank lines, directly by a table or another heading."""
    lines = [line for line in page.splitlines() if line.strip()]
    return [line for line, after in zip(lines, lines[1:] + ["#"]) if line.startswith("#")
            and after.startswith(("#", "|"))]


def test_a_heading_with_nothing_before_its_table_is_found():
    page = "# R\n\nAbout R.\n\n## `r.kind`\n\n| field |\n|---|\n\n### Sub\n\nWhat Sub is.\n\n| field |\n"
    assert bare_headings(page) == ["## `r.kind`"]
    assert bare_headings("## Last\n\n") == ["## Last"]


@pytest.mark.parametrize("name", sorted(DOCS))
def test_every_heading_has_text_before_its_table(name):
    assert bare_headings(DOCS[name]) == [], (
        f"docs/reference/{name}: headings with nothing under them; give the model a class docstring "
        "saying what it is in the game and where the rulebook has it")
