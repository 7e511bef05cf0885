"""Whole games with random legal play and with bots keep the invariants after every event."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import run

from .games import ENGINE, RandomPlayer, bundled, new_game
from .invariants import checked  # noqa: F401 - fixture

CONTENT = bundled()


def checks(examples: int):
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@checks(200)
@given(seed=st.integers(0, 2**31), fog=st.booleans())
def test_random_legal_play_keeps_the_invariants(checked, seed, fog):
    game = new_game(CONTENT, seed, {"fog-of-war": fog})
    checker = checked[-1]
    run(game, {side: RandomPlayer(seed + i) for i, side in enumerate(game.sides)},
        on_decision=lambda g: checker.agrees(g.state))
    assert checker.events == len(game.log)


@checks(60)
@given(seed=st.integers(0, 2**31), strengths=st.sampled_from([("hard", "hard"), ("hard", "easy"), ("easy", "hard")]))
def test_bot_games_keep_the_invariants(checked, seed, strengths):
    game = new_game(CONTENT, seed)
    checker = checked[-1]
    bots = {side: ENGINE.bot(side, strength) for side, strength in zip(game.sides, strengths)}
    outcome = run(game, bots, on_decision=lambda g: checker.agrees(g.state))
    assert checker.turn_ends == outcome.turns == 5 and checker.events == len(game.log)
