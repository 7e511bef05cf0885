"""What a game system implements to plug into Sortie: one typed contract for every ruleset.

A ruleset is one folder under `engine/rulesets/` exposing a `Ruleset`. Its content kinds and lint
rules are all the validator and the editor need; a ruleset that can be played adds a rules engine
(`RulesEngine`), one whose scenarios are set up on a board adds a layout (`ScenarioLayout`), and a
ruleset with a scenario generator adds it (`MissionGenerator`). The optional hooks of an engine and
a layout have defaults in `EngineHooks` and `LayoutHooks`, so a caller asks every ruleset the same
question and a ruleset answers only what it has something to say about.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Protocol, runtime_checkable

from engine.content.model import Record
from engine.content.ruleset import LintRule
from engine.drawing.shapes import Drawing

if TYPE_CHECKING:  # the game drives an engine; the engine's methods take the game
    from .game import ContentLookup, Controller, Game, Rules
    from .layout import Edit, Piece


class Lookout(Protocol):
    """Reads a game's events in order and says what each lets the other side identify."""

    def sees(self, event: dict) -> tuple[frozenset[str], frozenset[str]]:
        """(units brought into view, units taken out of view) by `event`."""
        ...


class EngineHooks:
    """The optional parts of a rules engine, with what they mean when a ruleset has none.

    Subclassed by every engine, so views and prompts call them on any ruleset without looking
    them up by name."""

    #: decisions whose moves may carry a route a person gives (Air Wars' 17.0)
    route_kinds: frozenset[str] = frozenset()
    #: decisions written in secret and revealed together (Air Force's plots): a view lets a person
    #: look an option over before writing it, and take the last one back until the reveal
    written_kinds: frozenset[str] = frozenset()

    def option_place(self, game: "Game", decision: Any, option: dict) -> dict | None:
        """Where an offered action puts a unit when its parameters do not say (`pos`/`heading` on a
        free mat, `to` a cell), for boards that let a person pick actions by clicking."""
        return None

    def option_note(self, game: "Game", decision: Any, option: dict) -> str:
        """A few words a person at the prompt reads beside an option ('' for none)."""
        return ""

    def option_route(self, game: "Game", decision: Any, option: dict) -> tuple[list[str], str] | None:
        """The cells a move passes through and why that route is refused ('' if it is not)."""
        return None

    def hidden(self, state: Any, side: str) -> frozenset[str]:
        """Enemy units on the board `side` cannot identify now (face-down counters)."""
        return frozenset()

    def unplayable(self, scenario: Record) -> str | None:
        """Why this engine cannot play `scenario` yet ('needs optional rules not built yet'), or None
        when it can: listed, not offered, by `sortie list` and the studio."""
        return None

    def lookout(self, state: Any) -> Lookout | None:
        """What each event lets the other side identify from then on (`engine.core.sight.Watch`);
        None for a ruleset that hides nothing."""
        return None


@runtime_checkable
class RulesEngine(Protocol):
    """What a ruleset provides to play its scenarios (with the hooks of `EngineHooks`)."""

    bot_strengths: tuple[str, ...]
    route_kinds: frozenset[str]
    written_kinds: frozenset[str]

    def sides(self, scenario: Record) -> list[str]: ...

    def option_defaults(self, scenario: Record) -> dict[str, bool]: ...

    def setup(self, game: "Game") -> Any: ...

    def play(self, game: "Game") -> "Rules": ...

    def bot(self, side: str, strength: str) -> "Controller": ...

    def board(self, scenario: Record, content: "ContentLookup") -> Any:
        """The `engine.core.board.Board` the scenario is played on (for views)."""
        ...

    def option_place(self, game: "Game", decision: Any, option: dict) -> dict | None: ...

    def option_note(self, game: "Game", decision: Any, option: dict) -> str: ...

    def option_route(self, game: "Game", decision: Any, option: dict) -> tuple[list[str], str] | None: ...

    def hidden(self, state: Any, side: str) -> frozenset[str]: ...

    def unplayable(self, scenario: Record) -> str | None: ...

    def lookout(self, state: Any) -> Lookout | None: ...


class LayoutHooks:
    """The optional parts of a scenario layout, with what they mean when a ruleset has none."""

    def counter(self, scenario: Any, content: Any, unit: Any) -> Drawing | None:
        """How a unit of a game looks at one moment (`engine.core.view.UnitView`: its type, side and
        event state), centred on (0, 0), facing up; None when unknown (a plain labelled disc).
        Playtest views draw the board from events with it."""
        return None

    def side_colour(self, scenario: Any, content: Any, side: str) -> str | None:
        """The colour a side's moves are drawn in (None: the view's own)."""
        return None

    def face_down(self, scenario: Any, content: Any, side: str) -> Drawing | None:
        """How a unit of `side` looks when its enemy cannot identify it (None: a plain mark)."""
        return None


@runtime_checkable
class ScenarioLayout(Protocol):
    """A scenario as pieces on its board, for editors (see `engine.core.layout`). Every call takes
    the content lookup too: where a piece may go depends on other records."""

    def board(self, scenario: Any, content: Any) -> Any:
        """The board (an `engine.core.board` grid or free mat) the scenario is set up on."""
        ...

    def pieces(self, scenario: Any, content: Any) -> list["Piece"]: ...

    def move(self, scenario: Any, content: Any, piece: "Piece", cell: str | None = None,
             pos: tuple[float, float] | None = None) -> list["Edit"]:
        """Field edits that put `piece` at `cell` or `pos`; raises ValueError with a reason if it can't."""
        ...

    def turn(self, scenario: Any, content: Any, piece: "Piece", facing: int | None = None,
             heading: float | None = None) -> list["Edit"]:
        """Field edits that turn `piece` to a facing (hex) or heading (mat)."""
        ...

    def set_value(self, scenario: Any, content: Any, piece: "Piece", name: str, value: Any) -> list["Edit"]:
        """Field edits that set one of `piece.values` (altitude, energy, speed ...)."""
        ...

    def counter(self, scenario: Any, content: Any, unit: Any) -> Drawing | None: ...

    def side_colour(self, scenario: Any, content: Any, side: str) -> str | None: ...

    def face_down(self, scenario: Any, content: Any, side: str) -> Drawing | None: ...


@runtime_checkable
class MissionGenerator(Protocol):
    """A generator of ready-to-play scenarios from a record and a seed (`sortie mission`)."""

    report: type[Exception]  # what it raises when the record cannot make a mission
    source_kind: str  # tools offer a mission on records of this kind

    def options_for(self, record: Any, seed: int) -> dict: ...

    def generate(self, content: Any, pack: str, **options: Any) -> Any: ...


Preview = Callable[[Any, Any], Drawing]  # (record, content lookup) -> how the printed component looks
ComponentMaker = Callable[[Any, Any], list]  # (record, content lookup) -> `engine.drawing.sheets.Component`s


@dataclass
class Ruleset:
    id: str
    name: str
    description: str
    kinds: tuple[type[Record], ...]
    lint_rules: tuple[LintRule, ...] = ()
    rulebook: str = ""
    #: the kind of its scenarios: what the layout sets up and the engine plays
    scenario_kind: str = ""
    #: kind id -> preview drawing of a record
    previews: dict[str, Preview] = field(default_factory=dict)
    #: kind id (or 'kind:variant') -> the pieces to print and cut out for a record
    components: dict[str, ComponentMaker] = field(default_factory=dict)
    engine: RulesEngine | None = None
    layout: ScenarioLayout | None = None
    mission: MissionGenerator | None = None

    def kind_ids(self) -> list[str]:
        return [k.kind_id() for k in self.kinds]

    def __post_init__(self) -> None:
        for kind in self.kinds:
            kid = kind.kind_id()
            if not kid.startswith(self.id + "."):
                raise ValueError(f"kind {kid!r} must be namespaced '{self.id}.'")
            kind.RULESET = self.id
        if (self.engine or self.layout) and self.scenario_kind not in self.kind_ids():
            raise ValueError(f"ruleset {self.id!r}: scenario_kind {self.scenario_kind!r} is not one of its kinds")
        for name, value, protocol in (("engine", self.engine, RulesEngine), ("layout", self.layout, ScenarioLayout),
                                      ("mission", self.mission, MissionGenerator)):
            if value is not None and not isinstance(value, protocol):
                missing = _missing(value, protocol)
                raise TypeError(f"ruleset {self.id!r}: its {name} lacks {', '.join(missing)} ({protocol.__name__})")


def _missing(value: Any, protocol: type) -> Iterable[str]:
    names = {n for n in vars(protocol) if not n.startswith("_")} | set(protocol.__annotations__)
    return sorted(n for n in names if not hasattr(value, n))
