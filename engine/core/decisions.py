"""Decision points: what the engine asks a side, and the legal answers it will accept.

Actions are small JSON-able dicts with a `type` and parameters, plus a human
`label`. The engine offers every legal action; whatever a controller returns is
matched against them (labels ignored) and refused with a reason if it is not
among them, so no controller — bot, person or network peer — is trusted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .events import canonical

Action = dict[str, Any]


class IllegalAction(Exception):
    """Raised by `Game.submit` for an action the rules do not allow now; `str()` says why."""


def action_key(action: Action) -> str:
    return canonical({k: v for k, v in action.items() if k != "label"})


@dataclass
class Decision:
    side: str
    kind: str  # what is being decided, e.g. "aw.fly" or "hm.move"
    prompt: str
    options: list[Action]
    context: dict[str, Any] = field(default_factory=dict)  # for views: unit, square...
    # Optional: explains why an action is not legal, in the rules' own terms.
    explain: Callable[[Action], str] | None = None

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"decision {self.kind} for {self.side} offers no action")
        self._index: dict[str, Action] | None = None

    def match(self, action: Action) -> Action:
        """The offered action equal to `action`, or IllegalAction with the reason."""
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction(f"an action is a mapping with a 'type'; got {action!r}")
        # A bot or prompt usually hands back one of the offered dicts: no need to spell
        # every option as canonical JSON (the bulk of a decision's cost in long games).
        for offered in self.options:
            if offered is action:
                return offered
        if self._index is None:
            self._index = {action_key(a): a for a in self.options}
        found = self._index.get(action_key(action))
        if found is not None:
            return found
        reason = self.explain(action) if self.explain else ""
        if not reason:
            kinds = sorted({a["type"] for a in self.options})
            reason = (
                f"'{action.get('type')}' with these parameters is not legal now "
                f"({self.prompt}); legal action types: {', '.join(kinds)}"
            )
        raise IllegalAction(reason)

    def by_label(self, label: str) -> Action | None:
        return next((a for a in self.options if a.get("label") == label), None)
