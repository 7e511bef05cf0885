"""A person at the text prompt, as a playtester types: numbers past the first page, hex codes, paging,
help, and the board in words; every answer it does not understand says what it expects."""

import pytest

from engine.core.controllers import Quit
from engine.core.game import Game, run
from engine.rulesets.launch import find_scenario
from engine.cli.prompt import TerminalController
from engine.cli.situation import Situation, clock

from .conftest import answers


def first_decision(scenario: str, side: str, seed: int = 5):
    """A game at `side`'s first question, the other sides played by the hard bot."""
    launch = find_scenario(scenario)
    game = Game(launch.ruleset.engine, launch.scenario, launch.content, seed)
    return game, until(game, side)


def until(game: Game, side: str):
    while game.pending.side != side:
        game.submit(game.engine.bot(game.pending.side, "hard").choose(game.pending, game))
    return game.pending


def person(*typed: str):
    """A TerminalController reading `typed` in turn (then Ctrl-D), and what it wrote."""
    said = []
    return TerminalController(answers(*typed), said.append), said


@pytest.fixture(scope="module")
def zekes():
    """Zekes in the Slot, seed 5: the USA moves corsair-3 first, with 109 moves to choose from."""
    game, decision = first_decision("hex-minis/zekes-in-the-slot", "usa")
    assert decision.side == "usa" and len(decision.options) == 109
    return game, decision


def test_a_number_past_the_first_page_takes_that_option_not_the_labels_holding_it(zekes):
    game, decision = zekes
    prompt, said = person("31")
    assert prompt.choose(decision, game) is decision.options[30]  # was: the moves whose hexes hold "31"


def test_plus_shows_the_next_page_numbered_on_and_a_hex_code_narrows_the_list(zekes):
    game, decision = zekes
    prompt, said = person("+", "0105", "0912", "2")
    chosen = prompt.choose(decision, game)
    text = "\n".join(said)
    assert "   31. " in text and "   60. " in text and "49 more" in text
    assert "no option's label holds '0105'" in text  # a hex code is not option 105
    assert "0912" in chosen["label"] and chosen is [o for o in decision.options if "0912" in o["label"]][1]


def test_what_is_not_understood_says_what_is_expected_and_keeps_the_list(zekes):
    game, decision = zekes
    prompt, said = person("loop", "500", "", "?")
    with pytest.raises(Quit):  # EOF, as Ctrl-D
        prompt.choose(decision, game)
    assert "  no option's label holds 'loop': type a number from 1 to 109, part of a label, all, or ? for help" in said
    assert "  there is no option 500: type a number from 1 to 109, or ? for help" in said
    assert "  type an option's number (1 to 109), part of its label, or ? for help" in said
    assert sum(line.startswith("    1. ") for line in said) == 1  # the list was not printed again
    assert any("units        every unit you can see" in line for line in said)


def test_units_says_where_everything_is_from_the_plane_deciding(zekes):
    game, decision = zekes
    prompt, said = person("units")
    with pytest.raises(Quit):
        prompt.choose(decision, game)
    assert "  (distances and o'clock from corsair-3)" in said
    # zero-b-3 flew to 1205 facing S before the first USA card: 8 rows up the mat, 2 columns right
    zero = next(line for line in said if line.startswith("    zero-b-3 "))
    assert zero.startswith("    zero-b-3 (a6m5-zero-navy) at 1205 facing S; 9 away at 12 o'clock;")
    assert "corsair-4 (f4u-corsair) at 1213 facing N; 2 away at 3 o'clock" in "\n".join(said)


@pytest.mark.parametrize("dx, dy, heading, hours", [
    (0, 10, 90, 12), (10, 0, 90, 3), (0, -10, 90, 6), (-10, 0, 90, 9), (10, 10, 0, 10), (10, -1, 0, 12),
])
def test_clock_counts_clockwise_from_the_nose(dx, dy, heading, hours):
    assert clock(dx, dy, heading) == hours


def test_a_pocket_air_war_maneuver_says_where_it_ends_and_the_nearest_enemy_from_there():
    game, decision = first_decision("pocket-air-war/sweep-four-versus-four", "allies", seed=2)
    game.submit(decision.options[0])  # the players fly the allies planes
    game.submit(next(o for o in until(game, "allies").options if "keep" in o["label"]))  # spitfire-1's Energy
    decision = game.pending
    assert decision.kind == "paw.maneuver"
    prompt, said = person("level flight 5", "wingover")
    with pytest.raises(Quit):
        prompt.choose(decision, game)
    wingovers = said[said.index(next(line for line in said if "wingover" in line)):]
    assert not any(line.startswith("         ") for line in wingovers)  # not the solo AI's "wingover" card
    # spitfire-1 at (330, 60) heading 90, five 15 mm steps ahead; bf109-1 dead ahead
    assert Situation(game, decision).view.units["bf109-1"].pos == (330.0, 450.0)
    level = [line for line in said if "level flight 5 steps" in line][-1]
    assert level.endswith("  → ends at (330, 135) heading 90°, Energy 5, standard, bf109-1 315 mm at 12 o'clock")


def test_units_never_names_a_unit_the_side_cannot_identify():
    launch = find_scenario("red-eagles/red-eagles")
    engine = launch.ruleset.engine
    bots = {side: engine.bot(side, "easy") for side in ("vvs", "luftwaffe")}
    seen = []

    class Look:
        def choose(self, decision, game):
            board = Situation(game, decision)
            if board.hidden:
                seen.append((board.hidden, board.lines()))
                raise Quit
            return bots["vvs"].choose(decision, game)

    game = Game(engine, launch.scenario, launch.content, 3)
    with pytest.raises(Quit):
        run(game, {"vvs": Look(), "luftwaffe": bots["luftwaffe"]})
    (hidden, lines), = seen
    text = "\n".join(lines)
    assert "a luftwaffe unit at " in text
    assert not any(unit in text for unit in hidden)


def test_a_card_offered_is_shown_with_what_it_does():
    game, decision = first_decision("red-eagles/red-eagles", "vvs", seed=3)
    prompt, said = person()
    with pytest.raises(Quit):
        prompt.choose(decision, game)
    at = said.index("    1. play Long-Range Aviation")  # was the name alone: the text came after it was played
    assert said[at + 1] == ("         Long-Range Aviation: Wild Card. First pick: the long-range aviation (LRA) unit "
                            "from the Reinforcements Box. Later picks: refit one unit.")
    assert said[at + 2] == "    2. play no more cards now"


def test_a_minis_move_says_what_its_guns_would_fire_at_from_where_it_ends(zekes):
    """Of 109 moves, the ones that bring a gun to bear say so: the first plane on the line from the
    end hex is an enemy within reach (the enemies do not move while this card is played)."""
    from engine.rulesets.hm.play.fire import line_target

    game, decision = zekes
    board = Situation(game, decision)
    state, plane = game.state, game.state.planes[decision.context["plane"]]
    said = {o["to"] + str(o["facing"]): board.option_end(o) for o in decision.options if o["type"] == "move"}
    firing = {k: v for k, v in said.items() if v}
    assert firing and len(firing) < len(said)
    for option in (o for o in decision.options if o["type"] == "move"):
        shot = line_target(state, plane, option["facing"], state.table.ranges.front, state.mat.at[option["to"]])
        text = said[option["to"] + str(option["facing"])]
        assert (shot is None) == ("forward guns" not in text)
        if shot:
            assert text.startswith(f"forward guns at {shot.target.id}, range {shot.range}, ")
    person_, out = person("+", "+", "+", "q")  # every page of the list
    with pytest.raises(Quit):
        person_.choose(decision, game)
    assert any("→ forward guns at" in line for line in out)
