"""Ground targets and ships: what planes strafe, bomb and torpedo.

One kind covers both, because the rulebook treats ships as ground targets
that torpedoes can also hit. Values are authored samples; the worked examples
fix a few (bunker -6, radar station -2 strafing; airfield -3, battleship -5
bombing).
"""

from __future__ import annotations

from typing import Literal

from engine.content.model import Record, Ref, field, kind_literal

from .vocabulary import SpecialRule

TargetClass = Literal["ground", "ship"]
IntrinsicAaa = Literal["none", "troops", "armed"]


class GroundTarget(Record):
    """A ground target or ship counter."""

    kind: kind_literal("paw.ground_target")
    code: str = field("Abbreviation printed in the target tables, e.g. 'TR', 'DD', 'AAA'.",
                      min_length=1, max_length=12)
    category: TargetClass = field("'ship' can be torpedoed; 'ground' cannot.")
    strafing_defence: int = field(
        "Strafing Defense: modifier added to a strafing attacker's d20 result.", ge=-10, le=10
    )
    bombing_defence: int = field(
        "Bombing Defense: modifier added to the d20 result of bombs and torpedoes.",
        ge=-10,
        le=10,
    )
    turning_template: Ref("paw.turning_template") | None = field(
        "Letter printed on the counter: the template it turns on, as for planes. Null for "
        "stationary targets.",
        None,
    )
    steps_per_round: int = field(
        "Steps the target may move in the Movement phase (columns 1, trains 2).", 0,
        unit="steps", ge=0, le=5,
    )
    must_move: bool = field("Ships must move every round.", False)
    intrinsic_aaa: IntrinsicAaa = field(
        "Which AAA ruler the counter fires with on its own: 'troops', 'armed', or 'none'.",
        "none",
    )
    intrinsic_flak: bool = field("True when the counter also fires Flak.", False)
    flip_side: Ref("paw.ground_target") | None = field(
        "The counter's other side (a submarine's Periscope Depth side).", None)
    special_rules: list[SpecialRule] = field("Rules particular to this counter.",
                                             default_factory=list)
