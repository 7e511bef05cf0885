"""What a person playing one side may see of a game's log: secrets and face-down units left out."""

from engine.core.game import Game
from engine.rulesets.launch import find_scenario
from engine.core.sight import Sight, Watch, hidden_from
from engine.rulesets.aw.play.fog import sighted

PLACED = [{"seq": 1, "type": "unit.placed", "unit": "yak.1", "name": "Yak 1", "side": "vvs", "unit_type": "yak"},
          {"seq": 2, "type": "unit.placed", "unit": "yak.12", "name": "Yak 12", "side": "vvs", "unit_type": "yak"}]


def test_a_hidden_unit_is_named_nowhere_in_an_event_not_even_inside_a_label():
    sight = Sight({"luftwaffe"})
    sight.learn(PLACED)
    moved = {"seq": 3, "type": "aw.combat", "units": ["yak.1", "yak.12"], "why": "Yak 1, yak.1 and yak.12 at K5"}
    shown = sight.show(moved, frozenset({"yak.1"}))
    assert shown["units"] == ["a vvs unit", "yak.12"]  # yak.12 is not yak.1
    assert shown["why"] == "a vvs unit, a vvs unit and yak.12 at K5"
    mode = {"seq": 4, "type": "decision", "side": "vvs", "kind": "aw.mode",
            "action": {"type": "mode", "unit": "yak.1", "label": "Yak 1 flies as a fighter (3 air combat, speed 4)"}}
    assert sight.show(mode, frozenset({"yak.1"}))["action"] == {"type": "mode", "label": "a choice about a vvs unit"}
    placed = sight.show(PLACED[0], frozenset({"yak.1"}))
    assert placed["unit"] == "a vvs unit" and "unit_type" not in placed and "name" not in placed
    changed = {"seq": 5, "type": "unit.changed", "unit": "yak.1", "state": {"mode": "bomber"}}
    assert sight.show(changed, frozenset({"yak.1"}))["state"] == {"face": "down"}
    assert sight.show(moved) == moved and Sight({"vvs"}).show(moved) == moved  # nothing hidden: as logged


def test_air_wars_hides_what_the_fog_of_war_hides_and_a_person_at_both_sides_sees_all():
    launch = find_scenario("red-eagles")
    engine = launch.ruleset.engine
    game = Game(engine, launch.scenario, launch.content, 1)
    bots = {side: engine.bot(side, "hard") for side in game.sides}
    while not hidden_from(game, ["vvs"]):  # the Luftwaffe bases its first units face down
        game.submit(bots[game.pending.side].choose(game.pending, game))
    hidden = hidden_from(game, ["vvs"])
    assert hidden == {u.id for u, seen in sighted(game.state, "vvs") if not seen}
    assert all(game.state.units[uid].side == "luftwaffe" and not game.state.units[uid].revealed for uid in hidden)
    assert hidden_from(game, ["vvs", "luftwaffe"]) == frozenset()
    foggy = Game(engine, launch.scenario, launch.content, 1, {"fog-of-war": False})
    minis = find_scenario("zekes-in-the-slot")  # the minis hide none
    zekes = Game(minis.ruleset.engine, minis.scenario, minis.content, 1)
    assert hidden_from(zekes, ["usa"]) == frozenset() and minis.ruleset.engine.lookout(zekes.state) is None
    bots = {side: engine.bot(side, "hard") for side in foggy.sides}
    while len(foggy.log) < len(game.log):
        foggy.submit(bots[foggy.pending.side].choose(foggy.pending, foggy))
        assert hidden_from(foggy, ["vvs"]) == frozenset()


class _Fog:
    """A ruleset whose hidden set is whatever the test says, and whose 'reveal' events show units."""

    def __init__(self) -> None:
        self.now: frozenset[str] = frozenset()

    def hidden(self, state, side):
        return self.now

    def lookout(self, state):
        return self

    def sees(self, event):
        return event.get("units", []) if event["type"] == "reveal" else [], event.get("covered", [])


class _Game:
    def __init__(self, engine) -> None:
        self.engine, self.state, self.over, self.log = engine, object(), False, []

    def play(self, *events):
        self.log += events
        return list(events)


def test_a_unit_hidden_before_a_decision_is_shown_from_the_event_that_reveals_it_not_before():
    fog = _Fog()
    game, watch = _Game(fog), Watch({"vvs"})
    fog.now = frozenset({"bf109.1", "ju87.1", "he111.1"})
    assert watch.note(game, game.play({"type": "placed"})) == [fog.now]
    # a move into contact reveals bf109.1 midway; ju87.1 is shown by no event (this ruleset
    # says nothing of stacks); he111.1 stays face down; me110.1 is flipped face down at the end
    fog.now = frozenset({"he111.1", "me110.1"})
    events = game.play({"type": "moved"}, {"type": "reveal", "units": ["bf109.1", "yak.1"]}, {"type": "combat"})
    before, at, after = watch.note(game, events)
    assert before == {"bf109.1", "ju87.1", "he111.1", "me110.1"}
    assert at == after == {"ju87.1", "he111.1", "me110.1"}  # ju87.1 waits for the next reading
    assert watch.note(game, game.play({"type": "moved"})) == [fog.now]
    game.over = True
    assert watch.note(game, game.play({"type": "result"})) == [frozenset()]  # the end shows everything


def test_in_red_eagles_a_stack_revealed_by_contact_is_masked_in_the_lines_before_the_contact():
    launch = find_scenario("red-eagles")
    engine = launch.ruleset.engine
    game = Game(engine, launch.scenario, launch.content, 1)
    bots = {side: engine.bot(side, "hard") for side in game.sides}
    watch, seen, found = Watch({"vvs"}), 0, None
    while found is None and not game.over:
        before = hidden_from(game, ["vvs"])
        game.submit(bots[game.pending.side].choose(game.pending, game))
        new, seen = game.log[seen:], len(game.log)
        hidden = watch.note(game, new)
        for i, event in enumerate(new):
            revealed = before.intersection(event["units"] if event["type"] == "aw.reveal" else ()) - hidden[-1]
            if revealed and any(uid in str(e) for e in new[:i] for uid in revealed):
                found = (new, hidden, i, revealed)
                break
    assert found, "no contact in seed 1 revealed a face-down Luftwaffe unit named in the lines before it"
    new, hidden, i, revealed = found
    assert new[i]["type"] == "aw.reveal"
    assert all(revealed <= h for h in hidden[:i])  # face down until the contact
    assert all(not revealed & h for h in hidden[i:])  # named from the reveal on
    sight = Sight({"vvs"})
    sight.learn(game.log)
    named = [e for e in new[:i] if any(uid in str(e) for uid in revealed)]
    assert all(sight.show(e, h) != e for e, h in zip(new[:i], hidden[:i]) if e in named)


def test_the_other_sides_campaign_cards_are_counted_not_named():
    """Red Eagles: each side picks its cards in secret (11.1); the other player learns how many."""
    launch = find_scenario("red-eagles")
    engine = launch.ruleset.engine
    game = Game(engine, launch.scenario, launch.content, 3)
    bots = {side: engine.bot(side, "hard") for side in game.sides}
    while not any(e["type"] == "aw.cards_picked" and e["side"] == "luftwaffe" for e in game.log):
        game.submit(bots[game.pending.side].choose(game.pending, game))
    picked = next(e for e in game.log if e["type"] == "aw.cards_picked" and e["side"] == "luftwaffe")
    assert len(picked["cards"]) >= 1
    shown = Sight({"vvs"}).show(picked)
    assert shown["cards"] == len(picked["cards"]) and shown["side"] == "luftwaffe"
    assert not [c for c in picked["cards"] if c in str(shown)]
    assert Sight({"luftwaffe"}).show(picked) == picked


def test_a_hidden_unit_used_as_a_key_is_masked_and_two_such_keys_are_both_kept():
    sight = Sight({"luftwaffe"})
    sight.learn(PLACED)
    bombing = {"seq": 3, "type": "aw.bombing", "how": {"yak.1": "bomb", "yak.12": "strafe", "target": "K5"}}
    shown = sight.show(bombing, frozenset({"yak.1", "yak.12"}))
    assert shown["how"] == {"a vvs unit": "bomb", "a vvs unit (2)": "strafe", "target": "K5"}
