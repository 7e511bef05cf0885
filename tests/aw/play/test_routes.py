"""A route a player chooses (17.0): checked step by step, flown as given, saved and replayed."""

from __future__ import annotations

import pytest

from engine.core.controllers import Quit
from engine.core.decisions import IllegalAction
from engine.core.game import SaveMismatch, resume, run
from engine.cli.prompt import TerminalController
from engine.rulesets.aw.play import flying

from .games import ENGINE, board, bundled, new_game, put, with_decoys_and_flak


def _fly_to(game, st, side, unit):
    """The flying generator and its question where `unit` flies to."""
    gen = flying.flying(game, st, side)
    decision = next(gen)
    return gen, gen.send(decision.match({"type": "fly", "unit": unit}))


def _send(gen, action) -> None:
    """Carry out the flight (the segment ends there when nothing else may fly)."""
    try:
        gen.send(action)
    except StopIteration:
        pass


def _flight(game):
    return [e for e in game.log if e["type"] == "aw.flight"][-1]


@pytest.mark.parametrize("route", [None, ["G6", "G7", "H7", "H6"]])
def test_a_chosen_route_over_an_enemy_base_reveals_both_where_the_engine_route_avoids_it(route):
    game, st = board()
    put(st, "pe-2.1", "G5", airborne=True)  # speed 4
    put(st, "ju87.1", "G7")  # based at the Luftwaffe airbase south of the way
    gen, decision = _fly_to(game, st, "vvs", "pe-2.1")
    action = {"type": "move", "at": "H6"} | ({"route": route} if route else {})
    chosen = decision.match(action)
    _send(gen, chosen)
    flight = _flight(game)
    if route is None:  # the engine's way: shortest, meeting nobody
        assert flight["path"] in (["G6", "H6"], ["H5", "H6"])
        assert not st.units["pe-2.1"].revealed and not st.units["ju87.1"].revealed
    else:
        assert chosen["route"] == route and chosen["label"] == "fly to H6 via G6 G7 H7"
        assert flight["path"] == route and st.units["pe-2.1"].square == st.static.index["H6"]
        assert st.units["pe-2.1"].revealed and st.units["ju87.1"].revealed  # recon on purpose (22.0)
        (reveal,) = [e for e in game.log if e["type"] == "aw.reveal"]
        assert reveal["at"] == "G7"


@pytest.mark.parametrize("route, reason", [
    (["H6"], r"step 1 of the route: H6 does not share a grid side with G5 \(17.0: through grid sides, not diagonally\)"),
    (["G6", "H6", "H5", "H6", "H7"], r"the route enters 5 squares; the speed is 4 \(17.0\)"),
    (["G6", "G7", "H7"], "the route ends at H7, not at H6"),
    (["G6", "Z99", "H6"], "step 2 of the route: 'Z99' is not a square of the map"),
    ("G6 H6", "a route is a list of the squares entered"),
    ([], "the route ends at G5, not at H6"),
    (["G4", "H4", "H5", "H6"], r"step 2 of the route: enemy air units in the air over G4 stop the move there; "
                               r"it cannot go on to H4 \(17.1\)"),
])
def test_an_illegal_route_is_refused_with_the_step_that_is_wrong(route, reason):
    game, st = board()
    put(st, "pe-2.1", "G5", airborne=True)
    put(st, "me109.1", "G4", airborne=True)  # stops whoever enters G4
    _, decision = _fly_to(game, st, "vvs", "pe-2.1")
    with pytest.raises(IllegalAction, match=reason):
        decision.match({"type": "move", "at": "H6", "route": route})
    assert decision.match({"type": "move", "at": "G4", "route": ["G4"]})["route"] == ["G4"]  # in, and stop


@pytest.mark.parametrize("route, drawn", [
    (None, None),  # the engine's route
    (["G6", "G7", "H7", "H6"], ["G5", "G6", "G7", "H7", "H6"]),
    (["G6", "H6"], ["G5", "G6", "H6"]),
    (["H6"], ["G5", "H6"]),  # the diagonal step refused is drawn: that is where it goes wrong
    (["G6", "Z99", "H6"], ["G5", "G6"]),
    (["G6", "H6", "H5", "H6", "H7"], ["G5", "G6", "H6", "H5", "H6", "H7"]),  # one step past the speed
    (["G4", "H4", "H5", "H6"], ["G5", "G4", "H4"]),
    (["G6", "G7", "H7"], ["G5", "G6", "G7", "H7"]),
])
def test_a_board_is_told_the_squares_a_route_passes_and_how_far_a_refused_one_goes(route, drawn):
    """What the studio draws under the highlighted destination: from the stack's square along the
    person's route as far as the step refused, or along the engine's route."""
    game, st = board()
    put(st, "pe-2.1", "G5", airborne=True)
    put(st, "me109.1", "G4", airborne=True)
    _, decision = _fly_to(game, st, "vvs", "pe-2.1")
    option = {"type": "move", "at": "H6"} | ({"route": route} if route is not None else {})
    squares, problem = ENGINE.option_route(game, decision, option)
    if route is None:
        assert squares == ["G5", *flying.default_route(decision, "H6")] and not problem
        assert ENGINE.option_route(game, decision, {"type": "cancel"}) is None
        return
    assert squares == drawn
    refused = decision.explain(option)
    assert problem == refused and bool(problem) == (decision.accept(option) is None)


def test_a_route_is_checked_after_the_move_it_belongs_to():
    game, st = board()  # VVS command level 2
    put(st, "pe-2.1", "G5", airborne=True)
    put(st, "la-5.1", "H6", airborne=True)
    put(st, "la-5.2", "H6", airborne=True)
    _, decision = _fly_to(game, st, "vvs", "pe-2.1")
    with pytest.raises(IllegalAction, match=r"command level, 14.0"):  # the stacking limit at the end, as ever
        decision.match({"type": "move", "at": "H6", "route": ["G6", "H6"]})
    with pytest.raises(IllegalAction, match="only a move or a landing follows a route"):
        decision.match({"type": "cancel", "route": []})


def test_a_decoy_in_the_air_does_not_stop_a_route():
    game, st = board(content=with_decoys_and_flak())
    put(st, "me109.1", "G5", airborne=True)
    put(st, "vvs-decoy.1", "G6", airborne=True)  # no combat capability: no one stops for it (22.1)
    gen, decision = _fly_to(game, st, "luftwaffe", "me109.1")
    _send(gen, decision.match({"type": "move", "at": "H7", "route": ["G6", "H6", "H7"]}))
    assert _flight(game)["path"] == ["G6", "H6", "H7"] and st.units["me109.1"].square == st.static.index["H7"]
    assert st.units["vvs-decoy.1"].box == "abort"  # met on the way, revealed and removed


def test_a_landing_follows_the_chosen_route():
    game, st = board()
    put(st, "pe-2.1", "L4", airborne=True)
    gen, decision = _fly_to(game, st, "vvs", "pe-2.1")
    _send(gen, decision.match({"type": "land", "at": "L6", "route": ["K4", "K5", "K6", "L6"]}))
    flight = _flight(game)
    assert flight["path"] == ["K4", "K5", "K6", "L6"] and flight["landed"]
    assert not st.units["pe-2.1"].airborne


class Routing:
    """Plays like `test_play.ByPosition`, but flies each move of two squares or more the other
    way round the rectangle it spans when the engine lets it (the first step along the other axis)."""

    def __init__(self) -> None:
        self.routes = 0

    def choose(self, decision, game):
        options = [o for o in decision.options if o["type"] != "cancel"]
        option = options[len(game.log) % len(options)]
        if isinstance(decision, flying.FlyToDecision) and option["type"] in ("move", "land"):
            default = flying.default_route(decision, option["at"])
            if len(default) > 1:
                static = game.state.static
                a, b = static.squares[decision.start], static.squares[static.index[option["at"]]]
                row_first = [static.labels[a.row * static.cols + c] for c in _steps(a.col, b.col)]
                row_first += [static.labels[r * static.cols + b.col] for r in _steps(a.row, b.row)]
                routed = decision.accept({**option, "route": row_first})
                if routed is not None and row_first != default:
                    self.routes += 1
                    return routed
        return option


def _steps(a: int, b: int) -> list[int]:
    return list(range(a + 1, b + 1)) if b > a else list(range(a - 1, b - 1, -1))


def test_a_game_with_chosen_routes_is_saved_and_resumed_into_the_same_game():
    content = bundled()
    full = new_game(content, 9)
    player = Routing()
    run(full, {side: player for side in full.sides})
    save = full.save()
    routed = [d["action"] for d in save["decisions"] if "route" in d["action"]]
    assert player.routes > 5 and len(routed) == player.routes
    flights = [e["path"] for e in full.log if e["type"] == "aw.flight"]
    assert all(action["route"] in flights for action in routed)
    again = resume(ENGINE, full.scenario, content, save)
    assert again.log.to_jsonl() == full.log.to_jsonl()
    tampered = [dict(d, action=dict(d["action"], route=d["action"]["route"][::-1]))
                if "route" in d["action"] else d for d in save["decisions"]]
    with pytest.raises(SaveMismatch, match="no longer applies: step 1 of the route"):  # checked again on resume
        resume(ENGINE, full.scenario, content, {**save, "decisions": tampered})


def test_bots_fly_the_engine_route():
    game = new_game(bundled(), 3)
    run(game, {side: ENGINE.bot(side, "hard") for side in game.sides})
    moves = [d["action"] for d in game.decisions if d["kind"] == "aw.fly_to"]
    assert moves and not any("route" in a for a in moves)


def _person(*typed: str):
    """A TerminalController reading `typed` in turn (then Ctrl-D), and what it wrote."""
    queue, said = iter(typed), []

    def read(prompt=""):
        said.append(prompt)
        try:
            return next(queue)
        except StopIteration:
            raise EOFError from None

    return TerminalController(read, said.append), said


@pytest.fixture
def over_the_sea():
    """A Pe-2 in the air over G5, with a Ju 87 at the airbase G7."""
    game, st = board()
    put(st, "pe-2.1", "G5", airborne=True)
    put(st, "ju87.1", "G7")
    return game, st, _fly_to(game, st, "vvs", "pe-2.1")[1]


def test_at_the_prompt_a_square_via_squares_is_the_move_by_that_route(over_the_sea):
    game, st, decision = over_the_sea
    prompt, said = _person("H6 via g6, G7 h7")
    action = prompt.choose(decision, game)
    assert action == {"type": "move", "at": "H6", "route": ["g6", "G7", "h7", "H6"]}
    assert decision.match(action)["route"] == ["G6", "G7", "H7", "H6"]  # as the map spells them
    shown = next(line for line in said if ". fly to I6" in line)
    assert shown.endswith("fly to I6  → via G6 H6")  # the engine's own route, shown with each option


def test_at_the_prompt_an_option_number_via_squares_or_via_alone_asks_for_the_squares(over_the_sea):
    game, st, decision = over_the_sea
    number = next(i for i, o in enumerate(decision.options, 1) if (o["type"], o.get("at")) == ("move", "I6"))
    prompt, said = _person(f"{number} via H5 I5")
    assert prompt.choose(decision, game)["route"] == ["H5", "I5", "I6"]
    prompt, said = _person("I6 via", "H5 H6 I6")
    assert prompt.choose(decision, game) == {"type": "move", "at": "I6", "route": ["H5", "H6", "I6"]}
    assert any(line.startswith("  the squares to enter on the way to I6") for line in said)
    prompt, said = _person("I6 via", "")
    assert prompt.choose(decision, game) is decision.offer("move", "I6")  # Enter: the engine's route


def test_at_the_prompt_a_via_naming_no_single_place_says_what_is_expected():
    game, st = board()
    put(st, "pe-2.1", "L4", airborne=True)  # the VVS airbase L6 in reach: fly or land there
    decision = _fly_to(game, st, "vvs", "pe-2.1")[1]
    prompt, said = _person("Z9 via A1", "L6 via K5", "?")
    with pytest.raises(Quit):
        prompt.choose(decision, game)
    assert "  no option goes to 'Z9': before 'via', a square or an option's number, e.g. 'C5 via B4 B5'" in said
    assert any(line.startswith("  'L6' is 2 options (fly to L6") and "land at L6" in line for line in said)
    assert any("X via A B    take option X" in line for line in said)
    prompt, said = _person("land at L6 via K5 K6")
    assert prompt.choose(decision, game) == {"type": "land", "at": "L6", "route": ["K5", "K6", "L6"]}
