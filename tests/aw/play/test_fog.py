"""Fog of war (22.0), decoys and air recon (22.1, 22.2), radar (23.0, 30.5)."""

from __future__ import annotations

from engine.core.sight import Sight, Watch
from engine.rulesets.aw import RULESET
from engine.rulesets.aw.play import arrivals, cards, combat, flying, sequence
from engine.rulesets.aw.play.fog import Lookout, face_down, reveal, seen_by, tops
from engine.rulesets.aw.play.state import HandCard

from .games import ENGINE, RandomPlayer, board, bundled, drive, new_game, option, put, variant, with_decoys_and_flak


def _fly(game, st, side, unit, at, kind="move"):
    drive(flying.flying(game, st, side), [{"type": "fly", "unit": unit}, {"type": kind, "at": at}, {"type": "end"}])


def test_only_the_top_unit_of_a_face_down_stack_can_be_examined():
    game, st = board()
    put(st, "ju87.1", "G7")
    put(st, "he111.1", "G7")  # placed last: on top
    assert seen_by(st, "vvs") == {"he111.1"}


def test_revealed_units_stay_face_up_for_the_day_then_all_flip_down_at_redeployment():
    game, st = board()
    put(st, "ju87.1", "G7")
    put(st, "he111.1", "G7")
    reveal(st, [st.units["ju87.1"]], "test")
    assert seen_by(st, "vvs") == {"ju87.1", "he111.1"}
    face_down(st)
    assert not st.units["ju87.1"].revealed and seen_by(st, "vvs") == {"he111.1"}


def test_luftwaffe_radar_shows_flying_vvs_units_west_of_the_front_only():
    game, st = board()
    put(st, "pe-2.1", "F5", airborne=True)  # west of the front, in radar cover
    put(st, "pe-2.2", "F5", airborne=True)
    put(st, "la-5.1", "M5", airborne=True)  # east
    put(st, "la-5.2", "M5", airborne=True)
    seen = seen_by(st, "luftwaffe")
    assert {"pe-2.1", "pe-2.2"} <= seen and len(seen & {"la-5.1", "la-5.2"}) == 1  # the top one only
    put(st, "me109.1", "L5", airborne=True)
    put(st, "me109.2", "L5", airborne=True)
    assert len(seen_by(st, "vvs") & {"me109.1", "me109.2"}) == 1  # the VVS has no radar


def test_with_fog_of_war_off_everything_is_open():
    game, st = board(options={"fog-of-war": False})
    put(st, "ju87.1", "G7")
    put(st, "he111.1", "G7")
    assert seen_by(st, "vvs") == {"ju87.1", "he111.1"}


def test_a_decoy_flying_into_enemy_units_reveals_them_and_is_removed_to_the_abort_box():
    game, st = board(content=with_decoys_and_flak())
    put(st, "ju87.1", "I8")
    put(st, "he111.1", "I8")
    put(st, "vvs-decoy.1", "H9", airborne=True)  # over the sea: nothing met on the way
    _fly(game, st, "vvs", "vvs-decoy.1", "I8")
    assert st.units["ju87.1"].revealed and st.units["he111.1"].revealed  # air recon (22.2)
    assert st.units["vvs-decoy.1"].box == "abort"
    assert [e["reason"] for e in game.log if e["type"] == "unit.removed"] == ["decoy revealed (22.1)"]
    st.phase = "planning"
    drive(arrivals.returns(game, st, "vvs"))  # back as a reinforcement next turn (12.0 Decoys)
    assert st.units["vvs-decoy.1"].on_map and not st.units["vvs-decoy.1"].airborne


def test_a_decoy_in_a_stack_is_lost_on_contact_and_the_rest_fly_on():
    game, st = board(content=with_decoys_and_flak())
    put(st, "vvs-decoy.1", "K8", airborne=True)
    put(st, "pe-2.1", "K8", airborne=True)
    drive(flying.flying(game, st, "vvs"), [{"type": "fly_stack", "at": "K8"}, {"type": "move", "at": "I8"},
                                         {"type": "end"}])  # the only route passes Novorossiysk (J8)
    assert st.units["vvs-decoy.1"].box == "abort"
    assert st.static.label(st.units["pe-2.1"].square) == "I8" and st.units["pe-2.1"].revealed
    legs = [e["to"] for e in game.log if e["type"] == "unit.moved" and e["unit"] == "pe-2.1"][1:]
    assert legs == ["J8", "I8"]


def test_decoys_do_not_stop_enemy_movement():
    game, st = board(content=with_decoys_and_flak())
    put(st, "vvs-decoy.1", "E4", airborne=True)
    put(st, "me109.1", "D4", airborne=True)
    options = flying.Destinations(st, "luftwaffe", [st.units["me109.1"]]).build()
    assert "H4" in {o["at"] for o in options if o["type"] == "move"}


def test_aa_units_fire_with_the_airbase_and_are_revealed_doing_so():
    game, st = board(content=with_decoys_and_flak())
    put(st, "lw-flak.1", "G7")  # with the Bagerovo airbase (AA 3)
    put(st, "pe-2.1", "G7", airborne=True)
    game.dice.load(1, 1, 1, 1, 1)
    _, asked = drive(combat.aa_fire(game, st, "vvs"))
    assert {o["type"] for o in asked[0].options} == {"fire", "fire_printed", "hold"}
    (fire,) = [e for e in game.log if e["type"] == "aw.aa_fire"]
    assert fire["dice"] == 5 and st.units["lw-flak.1"].revealed


def test_aa_may_keep_its_units_hidden_and_fire_the_airbase_alone():
    game, st = board(content=with_decoys_and_flak())
    put(st, "lw-flak.1", "G7")
    put(st, "pe-2.1", "G7", airborne=True)
    game.dice.load(1, 1, 1)
    drive(combat.aa_fire(game, st, "vvs"), lambda d: option(d, type="fire_printed"))
    (fire,) = [e for e in game.log if e["type"] == "aw.aa_fire"]
    assert fire["dice"] == 3 and not st.units["lw-flak.1"].revealed


def _recon(game, st):
    """The Luftwaffe holds Aerial Reconnaissance and plays it at the start of its own hour."""
    st.sides["luftwaffe"].deck.remove("lw-aerial-reconnaissance")
    st.sides["luftwaffe"].hand.append(HandCard("lw-aerial-reconnaissance", True))
    st.active = "luftwaffe"
    return lambda d: option(d, type="play", card="lw-aerial-reconnaissance") if d.kind == "aw.card" else d.options[-1]


def test_a_card_lets_the_player_examine_enemy_units_for_as_long_as_it_says():
    """22.0: enemy stacks may be inspected "by play of a pertinent card"; 11.4: "If the card
    contradicts the rules, then the card takes precedence". Aerial Reconnaissance reads "Examine
    all VVS units on the map this hour": the whole stack for that hour, then only its top again;
    examining turns nothing face up, so a decoy stays on the map (22.1 removes revealed ones)."""
    game, st = board(content=with_decoys_and_flak())
    put(st, "pe-2.1", "K7")  # based at Slavyanskaya
    put(st, "vvs-decoy.1", "K7")
    put(st, "pe-2.2", "K7")  # placed last: the top of the stack
    assert seen_by(st, "luftwaffe") == {"pe-2.2"}
    drive(sequence.side_hour(game, st, "luftwaffe"), _recon(game, st))
    assert not st.sides["luftwaffe"].hand
    (examined,) = [e for e in game.log if e["type"] == "aw.examine"]
    assert examined["until"] == "hour" and set(examined["units"]) == {"pe-2.1", "pe-2.2", "vvs-decoy.1"}
    assert seen_by(st, "luftwaffe") == {"pe-2.2"}  # the hour is over
    assert st.units["vvs-decoy.1"].square is not None and not st.units["pe-2.1"].revealed


def test_while_the_card_is_in_force_every_enemy_unit_on_the_map_can_be_examined():
    game, st = board()
    put(st, "pe-2.1", "K7")
    put(st, "pe-2.2", "K7")
    drive(cards.window(game, st, "luftwaffe", "flying"), _recon(game, st))
    put(st, "la-5.1", "K3")
    put(st, "la-5.2", "K3")
    assert seen_by(st, "luftwaffe") == {"pe-2.1", "pe-2.2", "la-5.1", "la-5.2"}
    assert seen_by(st, "vvs") == set()  # the card is the Luftwaffe's


def test_a_bot_knows_what_the_card_shows_while_it_is_in_force():
    """The bot's knowledge is kept until the enemy changes; a card shown or run out changes it too."""
    game, st = board()
    put(st, "pe-2.1", "K7")
    put(st, "pe-2.2", "K7")
    bot = RULESET.engine.bot("luftwaffe", "hard")

    def known():
        return {u.id for stack in bot.intel(st).stacks.values() for u in stack.known}

    assert known() == {"pe-2.2"}
    drive(cards.window(game, st, "luftwaffe", "flying"), _recon(game, st))
    assert known() == {"pe-2.1", "pe-2.2"}
    st.effects.clear()
    assert known() == {"pe-2.2"}


def _one_square(data):
    data["effects"] = [{"type": "reveal", "scope": "one_square", "duration": "turn"}]


def test_a_card_showing_one_square_shows_the_units_there_and_no_others():
    game, st = board(content=variant(bundled(), {("aw.campaign_card", "lw-aerial-reconnaissance"): _one_square}))
    put(st, "pe-2.1", "K7")
    put(st, "pe-2.2", "K7")
    put(st, "la-5.1", "K3")
    put(st, "la-5.2", "K3")
    answer = _recon(game, st)
    drive(cards.window(game, st, "luftwaffe", "flying"),
          lambda d: option(d, type="reveal", at="K7") if d.kind == "aw.reveal" else answer(d))
    assert seen_by(st, "luftwaffe") == {"pe-2.1", "pe-2.2", "la-5.2"}  # K7, and the top of K3


def test_a_card_showing_one_square_shows_nothing_when_no_enemy_unit_is_on_the_map():
    game, st = board(content=variant(bundled(), {("aw.campaign_card", "lw-aerial-reconnaissance"): _one_square}))
    drive(cards.window(game, st, "luftwaffe", "flying"), _recon(game, st))
    put(st, "pe-2.1", "K7")
    put(st, "pe-2.2", "K7")
    assert seen_by(st, "luftwaffe") == {"pe-2.2"}


def test_the_lookout_orders_every_stack_as_the_state_does():
    """`Lookout` reads the stacks from the log: at every decision of a game (the hard bot against
    random play, which puts units on top, 14.0), the top of each stack of each side is the
    state's (`tops`), and it knows no other stack."""
    game = new_game(bundled(), 4)
    bots = {"luftwaffe": ENGINE.bot("luftwaffe", "hard"), "vvs": RandomPlayer(4)}
    lookout, read, checked = Lookout(), 0, 0
    while not game.over:
        game.submit(bots[game.pending.side].choose(game.pending, game))
        for event in game.log[read:]:
            lookout.sees(event)
        read = len(game.log)
        st = game.state
        expected = {}
        for side in st.sides:
            on_map = [u for u in st.of_side[side] if u.square is not None]
            expected.update({(side, st.static.labels[sq], air): top.id for (sq, air), top in tops(on_map).items()})
        assert {key: lookout.top(*key) for key in lookout.stacks if lookout.stacks[key]} == expected
        checked += len(expected)
    assert checked > 5_000 and game.log.of_type("aw.on_top")


def test_a_unit_left_on_top_when_the_one_above_takes_off_is_named_from_then_on():
    """22.0: the enemy may examine the top unit of a stack. The VVS see the Ju 87 left at the
    top of the Luftwaffe's stack at G7 from the take-off that leaves it there, not from their next
    decision; before it, it is "a luftwaffe unit"."""
    game, st = board()
    put(st, "ju87.1", "G7")
    put(st, "ju87.2", "G7")  # on top
    watch, sight = Watch({"vvs"}), Sight({"vvs"})
    watch.note(game, list(game.log))
    read = len(game.log)
    drive(flying.flying(game, st, "luftwaffe"), [
        {"type": "fly", "unit": "ju87.2"}, {"type": "move", "at": "G5"},
        {"type": "fly", "unit": "ju87.1"}, {"type": "move", "at": "H7"}, {"type": "end"}])
    new = game.log[read:]
    sight.learn(game.log)
    hidden = watch.note(game, new)
    left = next(i for i, e in enumerate(new) if e["type"] == "unit.changed" and e["unit"] == "ju87.2")
    assert all("ju87.1" in h for h in hidden[:left]) and not any("ju87.1" in h for h in hidden[left:])
    took_off = next(i for i, e in enumerate(new) if e["type"] == "unit.changed" and e["unit"] == "ju87.1")
    assert sight.show(new[took_off], hidden[took_off])["unit"] == "ju87.1"


def test_a_unit_shown_on_top_is_hidden_again_while_another_covers_it():
    """The view errs on showing less: the Ju 87 left on top at G5 is named until a Bf 109 lands
    on it in the air (then "a luftwaffe unit"), and again once it flies out from under it."""
    game, st = board()
    put(st, "ju87.1", "G5", airborne=True)
    put(st, "ju87.2", "G5", airborne=True)  # on top
    put(st, "me109.1", "G3", airborne=True)
    watch = Watch({"vvs"})
    watch.note(game, list(game.log))
    read = len(game.log)
    drive(flying.flying(game, st, "luftwaffe"), [
        {"type": "fly", "unit": "ju87.2"}, {"type": "move", "at": "H4"},
        {"type": "fly", "unit": "me109.1"}, {"type": "move", "at": "G5"},
        {"type": "fly", "unit": "ju87.1"}, {"type": "move", "at": "G8"}, {"type": "end"}])
    new = game.log[read:]
    hidden = watch.note(game, new)
    moved = [i for i, e in enumerate(new) if e["type"] == "unit.moved"]
    assert [new[i]["unit"] for i in moved] == ["ju87.2", "me109.1", "ju87.1"]
    named = ["ju87.1" not in h for h in hidden]
    assert named == [moved[0] <= i < moved[1] or i >= moved[2] for i in range(len(new))]


def test_the_watch_hides_what_the_state_hides_after_every_decision_radar_too():
    """The lookout's view equals the state's: over a game (the hard bots, the VVS flying into the
    Luftwaffe's radar cover, 23.0), what the Luftwaffe's view hides at the last event of each
    decision is what the state hides after it. The Lookout did not follow radar: a VVS unit flown
    into cover was "a vvs unit" until the next decision."""
    from engine.core.sight import hidden_from

    game = new_game(bundled(), 1)  # the lookout without radar missed two units here
    bots = {side: ENGINE.bot(side, "hard") for side in ("luftwaffe", "vvs")}
    watch = Watch({"luftwaffe"})
    radar = {game.state.static.labels[s] for s in game.state.static.radar["luftwaffe"]}
    vvs = {u.id for u in game.state.of_side["vvs"]}
    watch.note(game, list(game.log))
    checked = into_cover = 0
    while not game.over:
        read = len(game.log)
        game.submit(bots[game.pending.side].choose(game.pending, game))
        new = game.log[read:]
        hidden = watch.note(game, new)
        if new and not game.over:
            assert hidden[-1] == hidden_from(game, {"luftwaffe"})
            checked += 1
        into_cover += sum(e["type"] == "unit.moved" and e["unit"] in vvs and e["to"] in radar for e in new)
    assert checked > 100 and into_cover > 10


def test_a_stack_flown_into_radar_cover_is_named_from_its_move_not_the_next_decision():
    """23.0: the Luftwaffe may examine every flying VVS unit in its radar cover (west of the
    front). The Pe-2s flying together from M5 into J4 are both named from the moves that bring them
    there, the one covered by the other as well, not from the Luftwaffe's next decision."""
    game, st = board()
    put(st, "pe-2.1", "M5", airborne=True)
    put(st, "pe-2.2", "M5", airborne=True)
    watch = Watch({"luftwaffe"})
    assert watch.note(game, list(game.log))[-1] == {"pe-2.1"}  # under pe-2.2, east of the front
    read = len(game.log)
    drive(flying.flying(game, st, "vvs"), [{"type": "fly_stack", "at": "M5"}, {"type": "move", "at": "J4"},
                                           {"type": "end"}])
    new = game.log[read:]
    hidden = watch.note(game, new)
    assert [e["unit"] for e in new if e["type"] == "unit.moved"] == ["pe-2.1", "pe-2.2"]
    assert not any(hidden)  # the Pe-2 2 covering the Pe-2 1 at J4 hid it until the next decision
