"""Campaign cards (11.0): picking, the windows in which each may be played, effects,
dispositions, wild cards (30.9), reinforcement cards (30.13) and ground battles (30.10).

A card is offered in a window of the Sequence of Play when its phase and
segment allow it there and one of its effects would do something there, so a
side is asked only when it has a real choice.
"""

from __future__ import annotations

from itertools import combinations
from typing import Generator

from engine.core.decisions import Decision

from ..kinds.cards import CampaignCard
from . import arrivals
from .losses import take_losses
from .state import DAMAGE, REINFORCEMENTS, Battle, Effect, HandCard, State

PLANNING_WINDOWS = ("card_pick", "reinforcement", "redeploy")
# Where an effect does its work when its card names no segment.
HOME = {"reinforcements": "reinforcement", "refit": "reinforcement", "command_level": "reinforcement",
        "airbase_counters": "redeploy", "ground_battle": "flying", "reveal": "flying"}
COMBAT_WINDOW = {"air": "air_combat", "aa": "aa", "bombing": "bomb", "strafing": "bomb"}


def shuffle_decks(game, st: State) -> None:
    for side in st.static.order:
        setup = st.static.setups[side]
        st.sides[side].deck = game.dice.shuffle(list(setup.deck), f"{side} shuffles its campaign deck (29.0)")


def pick(game, st: State, side: str) -> Generator:
    """Pick cards up to the command level (11.1); 'Immediate' cards are played at once (11.2)."""
    ss = st.sides[side]
    count = min(ss.command_level, len(ss.deck))
    picked, ss.deck = ss.deck[:count], ss.deck[count:]
    for card_id in picked:
        st.picks[card_id] = st.picks.get(card_id, 0) + 1
        ss.hand.append(HandCard(card_id, st.picks[card_id] == 1))
    st.emit("aw.cards_picked", side=side, cards=picked, hidden=True,
            why=f"command level {ss.command_level} (11.1)")
    for held in [h for h in ss.hand if h.card in picked and st.static.cards[h.card].immediate]:
        yield from play(game, st, side, held, "immediate (11.2)")


def offered(game, st: State, side: str, window: str) -> list[HandCard]:
    """Cards of the hand that may be played in `window` and would do something there."""
    out = []
    for held in st.sides[side].hand:
        card = st.static.cards[held.card]
        effects = _window_effects(st, card, window)
        for effect in effects:  # most cards have none here
            if _useful(game, st, side, card, effect, window, held):
                out.append(held)
                break
    return out


def _window_effects(st: State, card: CampaignCard, window: str) -> tuple:
    """The effects of a card that may make it worth playing in `window`, found once per scenario
    (they depend on the card, its phase and segment, and the game's options only)."""
    cache = st.static.cache.setdefault("card effects by window", {})
    found = cache.get((card.id, window))
    if found is None:
        if card.immediate or not _phase_ok(card, window in PLANNING_WINDOWS) or card.segment not in (None, window):
            found = ()
        else:
            found = tuple(e for e in _effects(st, card) if card.segment is not None or _home(e) == window)
        cache[(card.id, window)] = found
    return found


def _phase_ok(card: CampaignCard, planning: bool) -> bool:
    return card.phase == "any" or (card.phase == "planning") == planning


def _home(effect) -> str:
    return COMBAT_WINDOW[effect.combat] if effect.type == "combat_bonus" else HOME[effect.type]


def _effects(game_or_state, card: CampaignCard) -> list:
    """The card's effects the game's options switch on."""
    return [e for e in card.effects if e.option is None or game_or_state.options.get(e.option, True)]


def _useful(game, st: State, side: str, card: CampaignCard, effect, window: str, held: HandCard) -> bool:
    t = effect.type
    if t == "combat_bonus":
        return side in st.bonus_window
    if t == "command_level":
        target = side if effect.applies_to == "own" else st.static.enemy[side]
        bounds = st.static.setups[target].command_level
        new = max(bounds.min, min(bounds.max, st.command_level(target) + effect.delta))
        return new != st.command_level(target)
    if t == "reinforcements":  # units the first time the card is picked, refits later (30.13)
        if held.first_pick:
            return any(arrivals.matches(u, pick) for u in st.in_box(side, REINFORCEMENTS) if u.id not in st.scheduled
                       for pick in effect.picks)
        return bool(effect.later_picks_refits) and _refittable(st, side, [])
    if t == "refit":
        return _refittable(st, side, effect.unit_types)
    if t == "ground_battle":
        return st.active == side
    if t == "reveal":
        return st.active == side or window != "flying"
    spare, movable = arrivals.airbase_choice(st, side)  # airbase counters (30.3)
    return spare is not None or bool(movable)


def _refittable(st: State, side: str, unit_types: list[str]) -> bool:
    """Does the Damage Box hold a unit a refit could bring back (12.0)?"""
    return any((u.air and (not unit_types or u.type in unit_types))
               or (not u.air and arrivals.ground_refittable(st, u, unit_types))
               for u in st.in_box(side, DAMAGE))


def wild_sets(st: State, side: str, window: str) -> list[tuple[HandCard, ...]]:
    """Sets of wild cards that may be played together instead (11.4, 30.9)."""
    rule = st.static.scenario.wild_cards
    if rule is None or rule.segment != window or not st.static.setups[side].wild_card_effects:
        return []
    wild = [h for h in st.sides[side].hand if st.static.cards[h.card].wild_card]
    return list(combinations(wild, rule.cards_needed)) if len(wild) >= rule.cards_needed else []


def window(game, st: State, side: str, name: str) -> Generator:
    """Offer `side` the cards it may play in this window, until it passes."""
    while True:
        cards = offered(game, st, side, name)
        wild = wild_sets(st, side, name)
        if not cards and not wild:
            return
        options = [{"type": "play", "card": h.card, "label": f"play {st.static.cards[h.card].name}"}
                   for h in cards]
        options += [{"type": "play_wild", "cards": [h.card for h in combo],
                     "label": "play " + " + ".join(st.static.cards[h.card].name for h in combo)
                     + " together as wild cards (30.9)"} for combo in wild]
        options.append({"type": "pass", "label": "play no more cards now"})
        action = yield Decision(side, "aw.card", f"{name.replace('_', ' ')}: play a campaign card?",
                                options, context={"window": name},
                                explain=_explain_card(st, side, name))
        if action["type"] == "pass":
            return
        if action["type"] == "play_wild":
            yield from play_wild(game, st, side, action["cards"])
        else:
            held = next(h for h in st.sides[side].hand if h.card == action["card"])
            yield from play(game, st, side, held, name.replace("_", " "))


def _explain_card(st: State, side: str, name: str):
    def explain(action: dict) -> str:
        card = st.static.cards.get(action.get("card", ""))
        if card is None or card.id not in [h.card for h in st.sides[side].hand]:
            return f"'{action.get('card')}' is not a card in {side}'s hand"
        where = card.segment or card.phase
        return (f"{card.name} is played in the {where.replace('_', ' ')} "
                f"{'segment' if card.segment else 'phase'} (11.2) and would do nothing "
                f"in this {name.replace('_', ' ')} window")
    return explain


def play(game, st: State, side: str, held: HandCard, when: str) -> Generator:
    card = st.static.cards[held.card]
    st.sides[side].hand.remove(held)
    st.log.add({"seq": None, "type": "aw.card_played", "side": side, "card": card.id, "name": card.name,
                "when": when, "first_pick": held.first_pick, "text": card.text or ""})
    keeps_face_up = False
    for effect in _effects(game, card):
        keeps_face_up |= effect.type == "ground_battle"
        yield from apply(game, st, side, card, effect, held.first_pick)
    if not keeps_face_up:
        dispose(st, side, card)


def play_wild(game, st: State, side: str, card_ids: list[str]) -> Generator:
    """Wild cards played together: ignore their own effects, apply the scenario's (30.9)."""
    hand = st.sides[side].hand
    for card_id in card_ids:
        hand.remove(next(h for h in hand if h.card == card_id))
        st.sides[side].discards.append(card_id)
    st.emit("aw.wild_cards", side=side, cards=card_ids, why="played together, then discarded (11.4, 30.9)")
    for effect in st.static.setups[side].wild_card_effects:
        if effect.option is None or game.options.get(effect.option, True):
            yield from apply(game, st, side, None, effect, False)


def dispose(st: State, side: str, card: CampaignCard) -> None:
    """11.3: discard (out of play), permanent (stays face up), reshuffle (end of the phase)."""
    ss = st.sides[side]
    {"discard": ss.discards, "permanent": ss.permanent, "reshuffle": ss.to_reshuffle}[card.disposition].append(card.id)


def reshuffle(game, st: State) -> None:
    """End of a phase: cards played with 'Reshuffle' go back into the deck, shuffled (11.3)."""
    for side in st.static.order:
        ss = st.sides[side]
        if ss.to_reshuffle:
            back, ss.to_reshuffle = ss.to_reshuffle, []
            ss.deck = game.dice.shuffle(ss.deck + back, f"{side} reshuffles {', '.join(back)} into its deck (11.3)")


def apply(game, st: State, side: str, card: CampaignCard | None, effect, first_pick: bool) -> Generator:
    why = f"{card.name} ({card.id})" if card else "wild cards (30.9)"
    t = effect.type
    if t == "combat_bonus":
        until = "game" if card is not None and card.disposition == "permanent" else effect.duration
        st.effects.append(Effect(side, card.id if card else "", effect, until))
        st.log.add({"seq": None, "type": "aw.bonus", "side": side, "card": card.id if card else None,
                    "combat": effect.combat, "dice": effect.dice, "per": effect.per, "applies_to": effect.applies_to,
                    "unit_types": list(effect.unit_types), "until": until})
    elif t == "reinforcements":
        if first_pick:
            yield from arrivals.reinforce(game, st, side, effect.picks, f"{why}: first pick (30.13)")
        else:
            yield from arrivals.refit(game, st, side, effect.later_picks_refits, [],
                                      f"{why}: picked again, refits (30.13)")
    elif t == "refit":
        yield from arrivals.refit(game, st, side, effect.count, list(effect.unit_types), why)
    elif t == "command_level":
        target = side if effect.applies_to == "own" else st.static.enemy[side]
        yield from change_command_level(game, st, target, effect.delta, why)
    elif t == "airbase_counters":
        for _ in range(effect.count):
            yield from arrivals.build_airbase(game, st, side, why)
    elif t == "ground_battle":
        square = st.static.place_square[effect.place]
        st.battles[square] = Battle(card.id, side, square, st.static.enemy[side])
        st.emit("aw.ground_battle", side=side, card=card.id, at=st.static.label(square),
                why="a target for both players until the end of the next player's hour (30.10)")
    elif t == "reveal":
        yield from _reveal(st, side, card, effect, why)


def _reveal(st: State, side: str, card: CampaignCard | None, effect, why: str) -> Generator:
    """The player may examine enemy units for as long as the card says (22.0 "by play of a
    pertinent card"; the card's terms win, 11.4). Examining turns nothing face up, as radar."""
    enemy = st.static.enemy[side]
    units = [u for u in st.units.values() if u.side == enemy and u.square is not None]
    shown = None  # every enemy unit on the map, for as long as the card is in force
    if effect.scope == "one_square":
        if units:
            squares = sorted({u.square for u in units})
            options = [{"type": "reveal", "at": st.static.label(sq), "label": f"examine {st.static.describe(sq)}"}
                       for sq in squares]
            action = yield Decision(side, "aw.reveal", f"{why}: examine the enemy units of one square", options)
            chosen = st.static.index[action["at"]]
            units = [u for u in units if u.square == chosen]
        shown = frozenset(u.id for u in units)
    until = "game" if card is not None and card.disposition == "permanent" else effect.duration
    st.effects.append(Effect(side, card.id if card else "", effect, until, shown))
    st.emit("aw.examine", side=side, units=[u.id for u in units], until=until, why=f"{why} (22.0, 11.4)")


def change_command_level(game, st: State, side: str, delta: int, why: str) -> Generator:
    """Within the scenario's bounds (30.1); excess air units abort at once (14.0 Note)."""
    bounds = st.static.setups[side].command_level
    old = st.command_level(side)
    new = max(bounds.min, min(bounds.max, old + delta))
    if new == old:
        st.emit("aw.no_effect", side=side, why=f"{why}: command level stays {old} (bounds {bounds.min}-{bounds.max}, 30.1)")
        return
    st.sides[side].command_level = new
    st.emit("aw.command_level", side=side, level=new, was=old, why=why)
    squares = sorted({u.square for u in st.in_the_air(side)})
    over = [sq for sq in squares if len(st.airborne(side, sq)) > new]
    st.excess = bool(over)
    for sq in over:
        stack = st.airborne(side, sq)
        yield from take_losses(game, st, side, stack, 0, len(stack) - new,
                               f"over the stacking limit of command level {new} (14.0)")
    st.excess = False


def close_battles(st: State, ended_hour_of: str | None) -> None:
    """Discard ground battle cards whose window has passed (30.10); None: the day ended."""
    for square, battle in sorted(st.battles.items()):
        if ended_hour_of is None or battle.closes_after == ended_hour_of:
            del st.battles[square]
            st.sides[battle.side].discards.append(battle.card)
            st.emit("aw.ground_battle_closed", card=battle.card, at=st.static.label(square),
                    why="discarded at the end of the next player's hour (30.10)")
