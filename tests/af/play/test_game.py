"""The game loop (§V-IX, §XXI, §XXII): set-up, the secret simultaneous turn, victory, bots, replays.

Each test names the section it pins. Games are played by the engine's own bots, seeded.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.content.view import ContentView
from engine.core.decisions import IllegalAction
from engine.core.game import Game, resume, run
from engine.core.sight import Sight
from engine.rulesets.af import RULESET
from engine.rulesets.af.play.sequence import PlotDecision, limits

ENGINE = RULESET.engine


@pytest.fixture(scope="module")
def content(pack) -> ContentView:
    return ContentView.of_pack(pack)


@pytest.fixture(scope="module")
def scenarios(records) -> dict:
    return {rid: r for (kind, rid), r in records.items() if kind == "af.scenario"}


def bots(scenario, strength: str = "easy") -> dict:
    return {side: ENGINE.bot(side, strength) for side in ENGINE.sides(scenario)}


def play(scenarios, content, name: str, seed: int, options=None, strength: str = "easy") -> Game:
    game = Game(ENGINE, scenarios[name], content, seed, options)
    run(game, bots(scenarios[name], strength), max_decisions=20_000)
    return game


# --------------------------------------------------------------------------- the scenarios


def test_only_the_basic_game_scenarios_are_offered_the_rest_say_what_they_need(scenarios):
    """§XXI and §XXII's basic level play; the others need optional rules (issue 22)."""
    assert ENGINE.unplayable(scenarios["solitaire-v-1"]) is None
    assert ENGINE.unplayable(scenarios["air-melee"]) is None
    for rid in ("bomber-formations", "night-fighters", "low-altitude-mission", "ploesti-raid"):
        why = ENGINE.unplayable(scenarios[rid])
        assert why and why.startswith("needs optional rules not built yet"), rid


def test_air_melee_options_are_its_matchups_aircraft_and_four_a_side(scenarios):
    """§XXII Suggested Aircraft: each matchup option fixes both sides' aircraft, the first on; a
    line offering several types is one option per pairing; two planes a side, or four."""
    options = ENGINE.option_defaults(scenarios["air-melee"])
    assert options["matchup:battle-of-britain"] and not options["matchup:1941-42"]
    assert "planes:4" in options and not options["planes:4"]
    pairings = [k for k in options if k.startswith("matchup:1943-45/")]
    assert len(pairings) == 6 * 2 and "matchup:1943-45/p-51d/fw-190a" in pairings
    assert not any(k.startswith(("allied:", "german:")) for k in options)  # no per-line aircraft options


def test_a_pairing_option_fixes_the_aircraft_of_both_sides(scenarios, content):
    """§XXII Suggested Aircraft, 1943-45: the option names the types flown, and they are flown."""
    game = Game(ENGINE, scenarios["air-melee"], content, 1, {"matchup:1943-45/p-51d/fw-190a": True})
    planes = game.log.of_type("af.setup")[0]["planes"]
    assert sorted(set(planes.values())) == ["fw-190a", "p-51d"]
    with pytest.raises(ValueError, match="switch on one matchup"):
        Game(ENGINE, scenarios["air-melee"], content, 1,
             {"matchup:1941-42": True, "matchup:1943-45/p-51d/fw-190a": True})


@pytest.mark.parametrize("name, options, strength", [
    ("air-melee", None, "easy"),
    ("air-melee", None, "hard"),
    ("air-melee", {"planes:4": True, "matchup:1943-45/p-51d/me-109g": True}, "easy"),
    ("air-melee", {"variant:advanced": True, "matchup:1941-42": True}, "easy"),
    ("solitaire-v-1", None, "easy"),
    ("solitaire-v-1", {"matchup:suggested/tempest-v": True}, "hard"),
])
def test_a_seeded_bot_game_ends_and_replays_byte_for_byte(scenarios, content, name, options, strength):
    """§V: the same seed and decisions give the same log bytes, played again or resumed."""
    game = play(scenarios, content, name, 3, options, strength)
    assert game.over
    again = play(scenarios, content, name, 3, options, strength)
    assert again.log.to_jsonl() == game.log.to_jsonl()
    replayed = resume(ENGINE, scenarios[name], content, game.save())
    assert replayed.over and replayed.log.to_jsonl() == game.log.to_jsonl()


def test_air_melee_four_a_side_places_eight_planes_in_their_edge_areas(scenarios, content):
    """§XXII Set-up: no more than three hexes from the 5-6 side and the 2-3 side."""
    game = play(scenarios, content, "air-melee", 5, {"planes:4": True})
    placed = game.log.of_type("unit.placed")
    assert len(placed) == 8
    board = game.state.board
    for event in placed:
        x, _ = board.cell(event["at"])
        assert (x < 3) if event["side"] == "allies" else (x >= board.width - 3), event
    altitudes = {e["state"]["altitude"] for e in placed}
    assert len(altitudes) == 1 and altitudes.pop() % 2000 == 0  # one 2d6 roll x 2,000 ft for all


def test_air_melee_ends_after_twenty_turns_most_kills_then_vp(scenarios, content):
    """§XXII Victory Conditions: after twenty turns the side with more kills wins, VP break ties."""
    for seed in range(4):
        game = play(scenarios, content, "air-melee", seed)
        o = game.outcome
        assert o.turns <= 20
        kills, vp = o.details["kills"], o.details["vp"]
        if kills["allies"] != kills["axis"]:
            assert o.winner == max(kills, key=kills.get)
        elif vp["allies"] != vp["axis"]:
            assert o.winner == max(vp, key=vp.get)
        else:
            assert o.winner is None


def test_v1s_enter_on_turns_1_4_7_and_fly_straight_at_a_steady_speed_and_altitude(scenarios, content):
    """§XXI Order of Appearance, Speed and Altitude, Course and Speed."""
    game = play(scenarios, content, "solitaire-v-1", 2)
    entered = game.log.of_type("af.entered")
    assert [e["turn"] for e in entered][: len(entered)] == [1, 4, 7][: len(entered)]
    assert {e["at"] for e in entered} <= {"I-F1", "I-N1", "II-I1"}
    assert len({e["at"] for e in entered}) == len(entered)
    for e in entered:
        assert e["speed"] in (7, 8, 9) and e["altitude"] in (1000, 2000, 2500, 3000, 3500, 4000)
        moves = [m for m in game.log.of_type("af.moved") if m["plane"] == e["plane"]]
        assert all(m["speed"] == e["speed"] and m["altitude"] == e["altitude"] and m["facing"] == 4
                   and m["code"] == str(e["speed"]) for m in moves)
    o = game.outcome
    destroyed = sum(1 for r in game.log.of_type("unit.removed") if r["unit"].startswith("v1s") and r["box"] == "destroyed")
    assert (o.winner == "pilot") == (destroyed == 3)


# --------------------------------------------------------------------------- the turn


def _removed_at(game: Game) -> dict[str, int]:
    return {e["unit"]: e["seq"] for e in game.log.of_type("unit.removed")}


@pytest.mark.parametrize("seed", range(3))
def test_no_plane_acts_after_it_is_destroyed(scenarios, content, seed):
    """§IX: a destroyed plane is removed at the end of the phase and neither moves nor fires again."""
    game = play(scenarios, content, "air-melee", seed, {"planes:4": True})
    gone = _removed_at(game)
    for e in game.log:
        for pid in {e.get("plane"), e.get("firer")} | set(e.get("plots", {})):
            if pid in gone:
                assert e["seq"] < gone[pid], (pid, e)
        if e["type"] == "decision.pending":
            assert not any(f" {pid} " in e["prompt"] and e["seq"] > seq for pid, seq in gone.items())


def _check_limits(game: Game) -> None:
    t = game.state
    cards = {e["unit"]: t.cards[e["unit_type"]] for e in game.log.of_type("unit.placed")}
    for m in game.log.of_type("af.moved"):
        if m.get("fate"):  # a spin that broke it up or took it into the ground: removed at once
            continue
        card = cards[m["plane"]]
        assert 0 < m["altitude"] <= card.ceiling_ft, m
        band = card.band_for(m["altitude"])
        assert 0 <= m["speed"] <= band.speeds.dive, m


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), four=st.booleans(), matchup=st.sampled_from(["battle-of-britain", "1941-42"]))
def test_speeds_and_altitudes_stay_within_the_cards(scenarios, content, seed, four, matchup):
    """§VI-VII: every status written is within the card's speeds and ceiling (random bot games)."""
    _check_limits(play(scenarios, content, "air-melee", seed, {"planes:4": four, f"matchup:{matchup}": True}))


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), four=st.booleans(), strength=st.sampled_from(["easy", "hard"]),
       name=st.sampled_from(["air-melee", "solitaire-v-1"]))
def test_speeds_and_altitudes_stay_within_the_cards_long(scenarios, content, seed, four, strength, name):
    """§VI-VII, as above over many more games (`pytest -m slow`)."""
    options = {"planes:4": four} if name == "air-melee" else None
    game = play(scenarios, content, name, seed, options, strength)
    _check_limits(game)
    gone = _removed_at(game)
    assert all(m["seq"] < gone.get(m["plane"], 10**9) for m in game.log.of_type("af.moved"))


def _to_axis_plot_after_allies(scenarios, content, seed: int) -> Game:
    """A game driven by easy bots to the first axis plot written after an allied one in the same wave."""
    scenario = scenarios["air-melee"]
    game = Game(ENGINE, scenario, content, seed)
    players = bots(scenario)
    while game.pending is not None:
        d = game.pending
        if d.kind == "af.plot" and d.side == "axis" and game.decisions[-1]["kind"] == "af.plot" \
                and game.decisions[-1]["side"] == "allies":
            return game
        game.submit(players[d.side].choose(d, game))
    raise AssertionError("no axis plot after an allied one")


def test_a_plot_is_hidden_from_the_other_side_until_the_reveal(scenarios, content):
    """§V Step 3: moves are written secretly. Not in the state bots read, not in the log the other
    side sees, not on the board, until `af.reveal`."""
    game = _to_axis_plot_after_allies(scenarios, content, 1)
    plotted = game.decisions[-1]["action"]
    pid, code = plotted["plane"], plotted["code"]
    at = max(e["seq"] for e in game.log if e["type"] == "decision" and e["side"] == "allies")
    t = game.state
    assert pid not in t.moved and t.planes[pid].maneuvers == t.planes[pid].maneuvers
    assert not any(e["type"] in ("af.reveal", "af.moved", "unit.moved", "unit.changed") for e in game.log[at:])
    sight = Sight({"axis"})
    sight.learn(game.log)
    shown = [sight.show(e) for e in game.log]
    secret = [e for e in shown if e["type"] == "decision" and e["side"] == "allies" and e["kind"] == "af.plot"]
    assert secret and all(e["action"] == {"type": "plot", "label": "(chosen in secret)"} for e in secret)
    assert all(code not in str(e) for e in shown[at:])


def test_the_bots_do_not_read_the_other_sides_plot(scenarios, content):
    """§V: an axis bot deciding after an allied plot chooses the same whatever that plot was."""
    first = _to_axis_plot_after_allies(scenarios, content, 4)
    save = first.save()
    n = len(save["decisions"])
    other = resume(ENGINE, scenarios["air-melee"], content, save, upto=n - 1)
    d = other.pending
    assert d.kind == "af.plot" and d.side == "allies"
    taken = save["decisions"][-1]["action"]["code"]
    other.submit(next(o for o in reversed(d.options) if o["code"] != taken))
    assert other.decisions[-1]["action"]["code"] != taken
    pick = lambda g: ENGINE.bot("axis", "hard").choose(g.pending, g)  # noqa: E731
    assert first.pending.plane == other.pending.plane
    assert pick(first) == pick(other)


def _first_plot(scenarios, content, seed: int = 1) -> Game:
    scenario = scenarios["air-melee"]
    game = Game(ENGINE, scenario, content, seed)
    players = bots(scenario)
    while game.pending.kind != "af.plot":
        game.submit(players[game.pending.side].choose(game.pending, game))
    return game


def test_an_illegal_typed_code_is_refused_with_the_step_and_the_rule(scenarios, content):
    """§II / §VI maneuverability screen: a P-47D at 10,000 ft, Maneuver speed, must fly 3 hexes
    straight before a turn: '2R' is refused naming the rule, '3R' accepted."""
    game = _first_plot(scenarios, content)
    t = game.state
    p = replace(t.planes[game.pending.plane.id], card="p-47d", altitude=10_000, speed=4, bank="RB", carry=0)
    decision = PlotDecision(t, p)
    with pytest.raises(IllegalAction) as refused:
        decision.match({"type": "plot", "plane": p.id, "code": "2R1"})
    text = str(refused.value)
    assert "`2R`" in text and "Maneuver" in text and "3 straight hexes" in text and "§VI" in text
    assert decision.match({"type": "plot", "plane": p.id, "code": "3r"})["code"] == "3R"
    with pytest.raises(IllegalAction, match="at character"):
        decision.match({"type": "plot", "plane": p.id, "code": "3Q"})


def test_the_offered_end_states_are_labelled_by_their_codes_and_a_typed_code_matches_one(scenarios, content):
    """§VI Codes for Writing in the Log: each offered end state is its log code."""
    game = _first_plot(scenarios, content)
    d = game.pending
    options = d.options
    assert options and all(o["label"] == o["code"] for o in options)
    straight = f"{d.plane.speed}"
    assert any(o["code"] == straight for o in options)
    assert d.typed(straight) is None and d.typed("=" + straight)["code"] == straight
    assert d.match({"type": "plot", "plane": d.plane.id, "code": straight.lower()})["code"] == straight


def test_the_views_hooks_place_and_route_a_plot_where_it_ends(scenarios, content):
    """§VI Codes: the studio draws an offered plot from the plane's hex to its end hex, facing and
    altitude (`option_place`, `option_route`), and a plot that may not be written with the rule."""
    game = _first_plot(scenarios, content)
    d, t = game.pending, game.state
    start = t.label(d.plane)
    for option in d.options[::97]:
        where = ENGINE.option_place(game, d, option)
        p = d.flown(option["code"])
        assert where == {"to": t.grid.label(p.cell), "facing": p.facing, "altitude": p.altitude}
        cells, problem = ENGINE.option_route(game, d, option)
        assert cells[0] == start and problem == ""
        if t.grid.contains(p.cell):
            assert cells[-1] == where["to"]
    cells, problem = ENGINE.option_route(game, d, {"type": "plot", "plane": d.plane.id, "code": "1R1R1R1R1R1R1R1R1R"})
    assert cells[0] == start and "§VI" in problem
    assert ENGINE.written_kinds == {"af.plot"} and d.kind in ENGINE.written_kinds


def test_a_move_is_logged_with_the_hexes_it_flew_through(scenarios, content):
    """§VIII Movement Execution: each plane's move event carries its way, start excluded, to the
    end hex (the studio's reveal glides the planes along it)."""
    game = play(scenarios, content, "air-melee", 5)
    moves = [e for e in game.log.of_type("unit.moved") if "path" in e]
    assert moves
    on_board = {game.state.grid.label(c) for c in game.state.grid.cells()}
    for m in moves:
        assert set(m["path"]) <= on_board, m  # the board's hexes only
        if m["to"] in on_board and m["path"]:
            assert m["path"][-1] == m["to"], m


def test_an_endless_board_moves_under_the_planes(scenarios, content):
    """§VI Board Limits (reading): an endless board; every plane shifts alike (columns two at a time,
    keeping the grid's shape) so that all are on the board again, positions relative kept."""
    game = _first_plot(scenarios, content)
    t = game.state
    ids = sorted(t.planes)
    t.planes[ids[0]] = replace(t.planes[ids[0]], cell=(-1, 10))
    before = {pid: t.planes[pid].cell for pid in ids}
    limits(game, t)
    shift = game.log.of_type("af.shift")[-1]
    assert shift["columns"] % 2 == 0 and (shift["columns"], shift["rows"]) != (0, 0)
    for pid in ids:
        assert t.planes[pid].cell == (before[pid][0] + shift["columns"], before[pid][1] + shift["rows"])
        assert t.grid.contains(t.planes[pid].cell)


def test_a_plane_off_a_fixed_board_is_out(scenarios, content):
    """§XXI: the board sections cannot be moved; a plane flying off the map is out of the game."""
    game = play(scenarios, content, "solitaire-v-1", 1)
    left = [e for e in game.log.of_type("unit.removed") if e["box"] == "out of the game"]
    assert all("flew off the board" in e["why"] for e in left)


def test_advantage_puts_the_target_in_the_first_wave(scenarios, content):
    """§V Determination of Advantage: an enemy at 12 o'clock within 6 hexes and no more than
    2,500 ft above writes and moves first; mutual advantage cancels."""
    from engine.rulesets.af.play.sequence import advantage
    game = _first_plot(scenarios, content)
    t = game.state
    a, b = sorted(p.id for p in t.live("allies"))[0], sorted(p.id for p in t.live("axis"))[0]
    keep = {a: t.planes[a], b: t.planes[b]}
    t.planes = {a: replace(keep[a], cell=(10, 10), facing=0, altitude=10_000),
                b: replace(keep[b], cell=(10, 7), facing=0, altitude=12_500)}
    assert advantage(game, t) == [[b], [a]]
    t.planes[b] = replace(t.planes[b], altitude=12_600)  # more than 2,500 ft above: no advantage
    assert advantage(game, t) == [sorted([a, b])]
    t.planes[b] = replace(t.planes[b], altitude=10_000, facing=3)  # nose to nose: mutual
    assert advantage(game, t) == [sorted([a, b])]
