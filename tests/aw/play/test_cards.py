"""Campaign cards (11.0): picks, windows, dispositions, wild cards, reinforcement cards,
ground battles, airbase counters and command levels (30.1, 30.3, 30.9, 30.13)."""

from __future__ import annotations

import pytest

from engine.rulesets.aw.play import cards, combat
from engine.rulesets.aw.play.state import HandCard

from .games import board, drive, option, put


def _hold(st, side, *card_ids, first=True):
    for card_id in card_ids:
        st.sides[side].deck.remove(card_id)
        st.sides[side].hand.append(HandCard(card_id, first))


def _window(game, st, side, name, answer=None):
    return drive(cards.window(game, st, side, name), answer)[1]


def _on_top(st, side, card_id):
    st.sides[side].deck.remove(card_id)
    st.sides[side].deck.insert(0, card_id)


def test_each_side_picks_as_many_cards_as_its_command_level():
    game, st = board()
    before = len(game.log)
    drive(cards.pick(game, st, "vvs"))
    drive(cards.pick(game, st, "luftwaffe"), lambda d: d.options[-1])
    assert len(st.sides["vvs"].hand) == 2  # VVS command level 2 (29.1)
    assert len(st.sides["luftwaffe"].hand) + len(st.sides["luftwaffe"].discards) == 3  # 3 (29.2)
    (vvs, lw) = [e for e in game.log[before:] if e["type"] == "aw.cards_picked"]
    assert vvs["hidden"] and len(vvs["cards"]) == 2 and len(lw["cards"]) == 3


def test_an_immediate_card_is_played_as_soon_as_it_is_picked():
    game, st = board()
    _on_top(st, "luftwaffe", "lw-strike-on-vvs-hq")
    drive(cards.pick(game, st, "luftwaffe"), lambda d: d.options[-1])
    assert st.command_level("vvs") == 1 and "lw-strike-on-vvs-hq" in st.sides["luftwaffe"].discards
    st.sides["luftwaffe"].deck.insert(0, st.sides["luftwaffe"].discards.pop())
    drive(cards.pick(game, st, "luftwaffe"), lambda d: d.options[-1])
    assert st.command_level("vvs") == 1  # never below one (30.1)
    assert any(e["type"] == "aw.no_effect" and "30.1" in e["why"] for e in game.log)


def test_cards_are_offered_only_in_their_segment_and_when_they_would_do_something():
    game, st = board()
    _hold(st, "luftwaffe", "lw-experten", "lw-flak-concentration", "lw-viii-fliegerkorps")
    assert cards.offered(game, st, "luftwaffe", "bomb") == []  # no Luftwaffe bomber could bomb
    st.bonus_window = {"luftwaffe"}
    assert [h.card for h in cards.offered(game, st, "luftwaffe", "air_combat")] == ["lw-experten"]
    assert [h.card for h in cards.offered(game, st, "luftwaffe", "aa")] == ["lw-flak-concentration"]
    assert cards.offered(game, st, "luftwaffe", "reinforcement") == []


def test_combat_bonus_adds_a_die_per_fighter_for_the_hour():
    game, st = board()
    _hold(st, "luftwaffe", "lw-experten")
    put(st, "me109.1", "H5", airborne=True)
    put(st, "ju87.1", "H5", airborne=True)
    put(st, "yak.1", "H5", airborne=True)
    game.dice.load(*[1] * 9)
    drive(combat.air_combat(game, st, "vvs"), lambda d: option(d, type="play") if d.kind == "aw.card" else d.options[0])
    (event,) = [e for e in game.log if e["type"] == "aw.air_combat"]
    lw = {v["column"]: (v["printed"], v["dice"]) for v in event["fire"] if v["side"] == "luftwaffe"}
    assert lw == {"fighters": (3, 4), "bombers": (1, 1)}  # fighters only
    assert "lw-experten" in st.sides["luftwaffe"].to_reshuffle
    assert [e.until for e in st.effects] == ["hour"]  # lapses at the end of the hour (sequence tests)


@pytest.mark.parametrize("errata, fb_dice", [(True, 3), (False, 2)])
def test_card_07_errata_adds_fighter_bombers_when_switched_on(errata, fb_dice):
    game, st = board(options={"errata-card-07": errata})
    _hold(st, "vvs", "vvs-kuban-escalator")
    put(st, "p-40.1", "H5", airborne=True)  # FB, fighter mode: 2 dice
    put(st, "me109.1", "H5", airborne=True)
    game.dice.load(*[1] * 8)
    drive(combat.air_combat(game, st, "vvs"), lambda d: option(d, type="play") if d.kind == "aw.card" else d.options[0])
    (event,) = [e for e in game.log if e["type"] == "aw.air_combat"]
    assert [v["dice"] for v in event["fire"] if v["side"] == "vvs"] == [fb_dice]


def test_dispositions_discard_reshuffle_at_the_end_of_the_phase_and_permanent():
    game, st = board()
    _hold(st, "vvs", "vvs-soviet-intelligence", "vvs-repair-brigades")
    put(st, "yak.1", "K7")
    st.remove(st.units["yak.1"], "damage", "test")
    _window(game, st, "vvs", "reinforcement", lambda d: d.options[0] if d.kind == "aw.card" else d.options[0])
    side = st.sides["vvs"]
    assert "vvs-soviet-intelligence" in side.discards and "vvs-repair-brigades" in side.to_reshuffle
    cards.reshuffle(game, st)
    assert "vvs-repair-brigades" in side.deck and not side.to_reshuffle
    permanent = st.static.cards["lw-experten"].model_copy(update={"disposition": "permanent"})
    st.static.cards["lw-experten-permanent"] = permanent.model_copy(update={"id": "lw-experten-permanent"})
    try:
        st.sides["luftwaffe"].hand.append(HandCard("lw-experten-permanent", True))
        drive(cards.play(game, st, "luftwaffe", st.sides["luftwaffe"].hand[-1], "test"))
        assert st.sides["luftwaffe"].permanent == ["lw-experten-permanent"]
        assert [e.until for e in st.effects] == ["game"]
    finally:
        del st.static.cards["lw-experten-permanent"]


def test_two_wild_cards_played_together_raise_the_command_level_and_are_discarded():
    game, st = board()
    _hold(st, "vvs", "vvs-guards-regiments", "vvs-long-range-aviation", first=False)
    put(st, "yak.1", "K7")
    st.remove(st.units["yak.1"], "damage", "test")  # each card alone would refit it (30.13)
    asked = _window(game, st, "vvs", "reinforcement", lambda d: option(d, type="play_wild"))
    assert {o["type"] for o in asked[0].options} == {"play", "play_wild", "pass"}
    assert st.command_level("vvs") == 3
    assert sorted(st.sides["vvs"].discards) == ["vvs-guards-regiments", "vvs-long-range-aviation"]
    assert st.sides["vvs"].hand == [] and st.in_box("vvs", "reinforcements")  # no reinforcements came


def test_a_single_wild_card_plays_for_its_own_effect():
    game, st = board()
    _hold(st, "vvs", "vvs-long-range-aviation")
    drive(cards.window(game, st, "vvs", "reinforcement"))
    assert st.units["il-4.1"].on_map  # the LRA unit, first pick (30.13)
    assert "vvs-long-range-aviation" in st.sides["vvs"].to_reshuffle


def test_reinforcement_cards_bring_units_the_first_time_and_refits_later():
    game, st = board()
    _hold(st, "luftwaffe", "lw-luftflotte-4")
    drive(cards.window(game, st, "luftwaffe", "reinforcement"))
    assert st.units["me109.3"].on_map  # the Me109 of the Reinforcements Box
    cards.reshuffle(game, st)
    for uid in ("ju87.1", "he111.1"):
        put(st, uid, "G7")
        st.remove(st.units[uid], "damage", "test")
    _hold(st, "luftwaffe", "lw-luftflotte-4", first=False)
    drive(cards.window(game, st, "luftwaffe", "reinforcement"))
    assert st.units["ju87.1"].on_map and st.units["he111.1"].on_map  # two refits (30.13)
    assert sorted(e["unit"] for e in game.log if e["type"] == "aw.refit") == ["he111.1", "ju87.1"]


def test_a_reinforcement_card_is_offered_only_when_it_would_bring_or_refit_a_unit():
    """30.13: "Reinforcement cards will provide additional air units the first time they are
    picked", refits the second and later times. Set-up comes in the redeployment segment of turn 1
    (29.0), so in its reinforcement segment no Lend Lease unit is in the Reinforcements Box yet:
    played then, the card's first pick would bring nothing and be spent. It is not offered, and
    held (11.3 Note) it brings its unit on a later turn."""
    game, st = board()
    _hold(st, "vvs", "vvs-lend-lease")
    assert {st.units[u].box for u in ("p-39.1", "p-39.2", "p-40.1", "a-20.1")} == {"unplaced"}
    assert cards.offered(game, st, "vvs", "reinforcement") == []
    st.remove(st.units["p-40.1"], "reinforcements", "test: the Lend Lease unit not picked at set-up (29.1)")
    assert [h.card for h in cards.offered(game, st, "vvs", "reinforcement")] == ["vvs-lend-lease"]
    drive(cards.window(game, st, "vvs", "reinforcement"))
    assert st.units["p-40.1"].on_map
    cards.reshuffle(game, st)
    _hold(st, "vvs", "vvs-lend-lease", first=False)
    assert cards.offered(game, st, "vvs", "reinforcement") == []  # nothing in the Damage Box to refit
    put(st, "yak.1", "K7")
    st.remove(st.units["yak.1"], "damage", "test")
    assert [h.card for h in cards.offered(game, st, "vvs", "reinforcement")] == ["vvs-lend-lease"]


def test_a_card_picked_a_second_time_counts_as_a_later_pick():
    game, st = board()
    st.picks.clear()
    first_picks = []
    for _ in range(2):
        _on_top(st, "luftwaffe", "lw-luftflotte-4")
        drive(cards.pick(game, st, "luftwaffe"), lambda d: d.options[-1])
        held = next(h for h in st.sides["luftwaffe"].hand if h.card == "lw-luftflotte-4")
        st.sides["luftwaffe"].hand.remove(held)
        st.sides["luftwaffe"].deck.append(held.card)
        first_picks.append(held.first_pick)
    assert first_picks == [True, False] and st.picks["lw-luftflotte-4"] == 2


def test_ground_battle_cards_are_played_at_the_start_of_the_players_own_hour():
    game, st = board()
    _hold(st, "vvs", "vvs-krymskaya-offensive")
    st.active = "luftwaffe"
    assert cards.offered(game, st, "vvs", "flying") == []
    st.active = "vvs"
    assert [h.card for h in cards.offered(game, st, "vvs", "flying")] == ["vvs-krymskaya-offensive"]
    drive(cards.window(game, st, "vvs", "flying"))
    assert st.battles[st.static.index["K8"]].closes_after == "luftwaffe"
    cards.close_battles(st, None)  # the end of the day closes it in any case
    assert st.battles == {} and st.sides["vvs"].discards == ["vvs-krymskaya-offensive"]


def test_vvs_airbase_counters_go_on_soviet_ground_never_at_myashako_three_at_most():
    game, st = board()
    _hold(st, "vvs", "vvs-field-airfields")
    asked = _window(game, st, "vvs", "redeploy", lambda d: option(d, at="K6") if d.kind == "aw.site" else d.options[0])
    sites = {o["at"] for o in asked[1].options}
    assert "J9" not in sites and "K3" not in sites and "K6" in sites  # not Myashako, not on an airbase
    assert all(st.static.squares[st.static.index[s]].territory == "vvs" for s in sites)
    assert st.airbase(st.static.index["K6"], "vvs") == (2, 2)  # capacity and AA as printed (30.3, 30.4)
    for at in ("L4", "M6"):
        cards.reshuffle(game, st)
        _hold(st, "vvs", "vvs-field-airfields")
        _window(game, st, "vvs", "redeploy", lambda d, at=at: option(d, at=at) if d.kind == "aw.site" else d.options[0])
    cards.reshuffle(game, st)
    put(st, "la-5.1", "K6")
    _hold(st, "vvs", "vvs-field-airfields")
    asked = _window(game, st, "vvs", "redeploy",
                    lambda d: option(d, unit="vvs-airbase.2") if d.kind == "aw.airbase_move"
                    else option(d, at="N5") if d.kind == "aw.site" else d.options[0])
    moves = {o.get("unit") for o in asked[1].options}
    assert moves == {"vvs-airbase.2", "vvs-airbase.3", None}  # not the one with a unit based (30.3)
    assert st.static.label(st.units["vvs-airbase.2"].square) == "N5"


def test_an_airbase_card_is_offered_only_when_it_could_place_or_move_a_counter():
    """30.3: a card places an airbase counter, or, all three being on the map, moves one. With
    every counter on the map and in use none can move: the card would do nothing and is held."""
    game, st = board()
    for n, at in enumerate(("K6", "L4", "M6"), 1):
        st.place(st.units[f"vvs-airbase.{n}"], st.static.index[at], "test")
    _hold(st, "vvs", "vvs-field-airfields")
    assert [h.card for h in cards.offered(game, st, "vvs", "redeploy")] == ["vvs-field-airfields"]
    for uid, at in (("la-5.1", "K6"), ("la-5.2", "L4"), ("la-5.3", "M6")):
        put(st, uid, at)
    assert cards.offered(game, st, "vvs", "redeploy") == []
    st.remove(st.units["la-5.3"], "abort", "test")
    assert [h.card for h in cards.offered(game, st, "vvs", "redeploy")] == ["vvs-field-airfields"]


def test_a_lower_command_level_aborts_air_units_over_the_new_limit_at_once():
    game, st = board()
    for uid in ("me109.1", "me109.2", "fw190.1"):
        put(st, uid, "H5", airborne=True)
    drive(cards.change_command_level(game, st, "luftwaffe", -1, "test"))
    assert st.command_level("luftwaffe") == 2
    assert sum(st.units[u].box == "abort" for u in ("me109.1", "me109.2", "fw190.1")) == 1
    drive(cards.change_command_level(game, st, "luftwaffe", +5, "test"))
    assert st.command_level("luftwaffe") == 4  # the scenario maximum (30.1)
