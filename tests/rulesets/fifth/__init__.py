"""A fifth game system in one folder, the least a ruleset can be: one kind and one lint rule.

`test_fifth_system.py` drops this folder beside the bundled rulesets and checks that the command
line, the studio and the contract test pick it up with no other file edited.
"""

from engine.content.model import Record, field, kind_literal
from engine.content.ruleset import LintRule
from engine.core.contract import Ruleset


class Kite(Record):
    """A kite, the fifth system's only kind."""

    kind: kind_literal("fifth.kite")
    span: int = field("Span.", unit="cm", ge=1, le=500)


class TooWide(LintRule):
    """A kite wider than 300 cm does not fly."""

    code = "fifth.too_wide"
    kinds = ("fifth.kite",)

    def check(self, record: Kite, ctx) -> None:
        if record.span > 300:
            ctx.emit_warning(("span",), f"span {record.span} cm: a kite over 300 cm does not fly")


RULESET = Ruleset(id="fifth", name="Fifth", description="A test game system.", kinds=(Kite,),
                  lint_rules=(TooWide(),))
