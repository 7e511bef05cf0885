"""The Air Force rules engine: which scenarios it plays, their options, set-up, bots.

A scenario is played by one of its variants; a variant is playable when the basic game covers
it (no optional rule it needs, no surface units, special rules the engine knows, a victory the
engine scores). The others are listed with the reason (`unplayable`), so `sortie list` and the
studio can say plainly that they need rules not built yet (issue 22).

Options (booleans, as every engine's): `variant:<id>` plays another playable variant than the
first; `matchup:...` fixes every group's aircraft (the first is on by default): a line of
Suggested Aircraft is `matchup:<line>`, and a line offering several types for a group is one
option per pairing, `matchup:<line>/<card>/<card>` in the line's force order (Air Melee's
1943-45: `matchup:1943-45/p-51d/fw-190a`), so no choice is left that another option ignores;
`planes:<n>` flies n planes in each group whose `counts` allow it (Air Melee: four a side).
"""

from __future__ import annotations

from itertools import product

from engine.content.model import Record
from engine.core.contract import EngineHooks
from engine.core.game import ContentLookup, Game, Rules

from ..draw.layout import AfBoard
from ..kinds.scenario import Group, Matchup, Scenario, Variant
from .fire import Gunnery
from .flight import Handbook
from .table import Table, Waiting

# Special rules the basic game plays (by id); a variant with another is left for issue 22.
BUILT_SPECIAL_RULES = frozenset({"exchange-sections", "collisions-at-setup", "v1-appearance", "v1-course",
                                 "v1-characteristics"})
BUILT_WINS = frozenset({"most_kills", "most_vp", "destroy_all"})
BUILT_AWARDS = frozenset({"destroy_enemy"})


def _need(content: ContentLookup, kind: str, record_id: str, what: str) -> Record:
    record = content.get(kind, record_id)
    if record is None:
        raise ValueError(f"{what} names {kind} '{record_id}', which is not in the pack")
    return record


def variant_problem(variant: Variant) -> str | None:
    """What `variant` uses that the basic game does not build yet, or None when it can be played."""
    if variant.optional_rules:
        return f"uses the optional rules {', '.join(variant.optional_rules)}"
    if variant.night:
        return "is played at night (spotting)"
    if variant.terrain is not None:
        return "has surface terrain"
    for group in variant.groups:
        if group.unit is not None:
            return f"sets up surface units ({group.name})"
        uses = [what for what, on in (("formations", group.formations), ("bombs or rockets", group.loadouts),
                                      ("take-off", group.engines_stopped),
                                      ("ground control", group.ground_controlled)) if on]
        if uses:
            return f"flies its {group.name} with {', '.join(uses)}"
        if group.entry is not None and not group.entry.turns:
            return f"brings its {group.name} in by a die roll each turn"
    unknown = [r.id for r in variant.special_rules if r.id not in BUILT_SPECIAL_RULES]
    if unknown:
        return f"has the special rules {', '.join(unknown)}"
    if variant.victory.win.type not in BUILT_WINS:
        return f"is won by '{variant.victory.win.type}'"
    awards = [a.event for a in variant.victory.awards if a.event not in BUILT_AWARDS]
    if awards:
        return f"scores {', '.join(sorted(set(awards)))}"
    return None


def playable_variants(scenario: Scenario) -> list[Variant]:
    return [v for v in scenario.variants if variant_problem(v) is None]


def pairings(matchup: Matchup) -> list[tuple[str, dict[str, str]]]:
    """The option keys a line of Suggested Aircraft offers, each with the card it gives every
    group: the line itself when it names one type per group, else one per pairing."""
    if all(len(f.aircraft) == 1 for f in matchup.forces):
        return [(f"matchup:{matchup.id}", {f.group: f.aircraft[0] for f in matchup.forces})]
    return [(f"matchup:{matchup.id}/" + "/".join(cards), {f.group: c for f, c in zip(matchup.forces, cards)})
            for cards in product(*(f.aircraft for f in matchup.forces))]


def _choices(variants: list[Variant]) -> dict[str, dict[str, str]]:
    """Every matchup option of the variants, in the print's order: key -> {group: card}."""
    seen: dict[str, dict[str, str]] = {}
    for v in variants:
        for m in v.matchups:
            for key, cards in pairings(m):
                seen.setdefault(key, cards)
    return seen


def option_defaults(scenario: Scenario) -> dict[str, bool]:
    variants = playable_variants(scenario)
    out: dict[str, bool] = {f"variant:{v.id}": False for v in variants[1:]}
    choices = list(_choices(variants))
    if len(choices) > 1:  # the only pairing: nothing to choose
        out.update({key: i == 0 for i, key in enumerate(choices)})
    counts = sorted({n for v in variants for g in v.groups for n in g.counts})
    for n in counts:
        out[f"planes:{n}"] = False
    return out


def chosen_variant(scenario: Scenario, options: dict[str, bool]) -> Variant:
    variants = playable_variants(scenario)
    if not variants:
        raise ValueError(f"scenario '{scenario.id}' {unplayable(scenario)}")
    on = [v for v in variants[1:] if options.get(f"variant:{v.id}")]
    if len(on) > 1:
        raise ValueError(f"options {', '.join(f'variant:{v.id}' for v in on)}: switch on one variant")
    return on[0] if on else variants[0]


def chosen_aircraft(variant: Variant, options: dict[str, bool]) -> dict[str, str]:
    """{group: card} of the matchup option switched on (the first when none is; the default gives
    way to the one a person switched on)."""
    choices = [c for m in variant.matchups for c in pairings(m)]
    if not choices:
        return {}
    on = [c for c in choices if options.get(c[0])]
    if len(on) > 1:
        on = [c for c in on if c[0] != choices[0][0]] or on
    if len(on) > 1:
        raise ValueError(f"options {', '.join(key for key, _ in on)}: switch on one matchup")
    return (on[0] if on else choices[0])[1]


def group_aircraft(variant: Variant, group: Group, options: dict[str, bool]) -> str:
    """The data card a plane group flies: fixed by the set-up, else by the matchup option."""
    if group.aircraft:
        return group.aircraft[0]
    card = chosen_aircraft(variant, options).get(group.id)
    if card is None:
        raise ValueError(f"group '{group.id}' has no aircraft: the set-up and the matchup give none")
    return card


def group_count(group: Group, options: dict[str, bool]) -> int:
    for n in group.counts:
        if options.get(f"planes:{n}"):
            return n
    if group.count is None:
        return len(group.area.hexes) or 1
    return group.count


def unplayable(scenario: Scenario) -> str | None:
    """Why no variant of the scenario can be played yet, or None when one can."""
    if playable_variants(scenario):
        return None
    v = scenario.variants[0]
    return f"needs optional rules not built yet (issue 22): '{v.name}' {variant_problem(v)}"


def setup(game: Game) -> Table:
    scenario: Scenario = game.scenario
    content = game.content
    where = f"scenario '{scenario.id}'"
    variant = chosen_variant(scenario, game.options)
    board = _need(content, "af.board", scenario.board, where)
    rules = content.records("af.rules")[0]
    hb = Handbook.of(rules, content.records("af.maneuver"), board.up)
    grid = board.grid()
    cards = {c.id: c for c in content.records("af.data_card")}
    table = Table(scenario, variant, board, grid, hb, Gunnery.of(content, grid), cards,
                  automatic=frozenset(s.id for s in variant.sides if s.automatic), endless=not variant.map_fixed)
    table.max_turns = min((e.turns for e in variant.victory.ends if e.type == "turns" and e.turns), default=None)
    place: list[Waiting] = []
    for group in variant.groups:
        card = group_aircraft(variant, group, game.options)
        _need(content, "af.data_card", card, f"{where}, group '{group.id}'")
        for n in range(1, group_count(group, game.options) + 1):
            w = Waiting(f"{group.id}-{n}", group.side, card, group)
            table.group_of[w.id] = group.id
            (table.waiting if group.entry is not None else place).append(w)
        if group.entry is not None:
            table.entry_hexes[group.id] = list(group.area.hexes)
    table.extra["to_place"] = place
    game.emit("af.setup", variant=variant.id, variant_name=variant.name,
              planes={w.id: w.card for w in place + table.waiting},
              board="fixed sections: a plane flying off the board is out" if variant.map_fixed
              else "sections exchanged as needed: the board follows the planes")
    return table


class AfEngine(EngineHooks):
    bot_strengths = ("easy", "hard")
    written_kinds = frozenset({"af.plot"})

    def sides(self, scenario: Scenario) -> list[str]:
        variants = playable_variants(scenario) or scenario.variants
        return [s.id for s in variants[0].sides]

    def option_defaults(self, scenario: Scenario) -> dict[str, bool]:
        return option_defaults(scenario)

    def unplayable(self, scenario: Scenario) -> str | None:
        return unplayable(scenario)

    def setup(self, game: Game) -> Table:
        return setup(game)

    def play(self, game: Game) -> Rules:
        from .sequence import play
        return play(game)

    def bot(self, side: str, strength: str):
        from .bots import Bot
        if strength not in self.bot_strengths:
            raise ValueError(f"bot strength '{strength}': expected one of {', '.join(self.bot_strengths)}")
        return Bot(side, strength)

    def board(self, scenario: Scenario, content: ContentLookup):
        return AfBoard(_need(content, "af.board", scenario.board, f"scenario '{scenario.id}'"))

    def option_note(self, game: Game, decision, option: dict) -> str:
        from .sequence import option_note
        return option_note(game, decision, option)

    def option_place(self, game: Game, decision, option: dict) -> dict | None:
        from .sequence import option_place
        return option_place(game, decision, option)

    def option_route(self, game: Game, decision, option: dict) -> tuple[list[str], str] | None:
        from .sequence import option_route
        return option_route(game, decision, option)
