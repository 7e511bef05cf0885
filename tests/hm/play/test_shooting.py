"""Resolve Shooting: the line ahead (4 hexes), tail guns (2), planes block, the table, damage."""

from __future__ import annotations

import pytest

from .kit import content, events, fighter, move_to, new_game, scenario, squadron


def duel(records, monkeypatch, shooter="p-61a-black-widow", target_at=(9, 6), rolls=(), others=(), at=(9, 9),
         facing=0, target="a6m5-zero-navy"):
    """`shooter` (red, card AS, drawn first) at `at`; an enemy `target` (blue) at `target_at`."""
    squadrons = [squadron("s", "red", shooter, [fighter("shooter", *at, facing, "AS")]),
                 squadron("t", "blue", target, [fighter("target", *target_at, 0, "2H")])]
    for i, (pid, side, ptype, col, row) in enumerate(others):
        squadrons.append(squadron(f"o{i}", side, ptype, [fighter(pid, col, row, 0, f"{i + 3}H")]))
    scen = scenario(squadrons)
    return new_game(monkeypatch, scen, content(records, scen), rolls=rolls, decks=[["AS", "2H"]])


# Each gun die hits on the printed roll for the range: 3-6, 4-6, 5-6, 6.
TABLE = {1: {3, 4, 5, 6}, 2: {4, 5, 6}, 3: {5, 6}, 4: {6}}


@pytest.mark.parametrize("distance", [1, 2, 3, 4])
def test_every_cell_of_the_shooting_table(records, monkeypatch, distance):
    # The P-61A rolls six dice (Gun rating 6): one of each face shows which faces hit at this range.
    game = duel(records, monkeypatch, target_at=(9, 8 - distance), rolls=[1, 2, 3, 4, 5, 6])
    move_to(game, "0908", 0)
    (shot,) = events(game, "hm.shot")
    assert (shot["range"], shot["rolls"], shot["hits"]) == (distance, [1, 2, 3, 4, 5, 6], len(TABLE[distance]))
    assert shot["need"] == {1: "3-6", 2: "4-6", 3: "5-6", 4: "6"}[distance]
    assert game.state.planes["target"].hits == len(TABLE[distance])
    roll = next(e for e in events(game, "roll") if e["for"].startswith("shooter forward guns"))
    assert (roll["count"], roll["range"]) == (6, distance)  # Gun rating = dice rolled


def test_fighters_shoot_only_straight_ahead_up_to_four_hexes(records, monkeypatch):
    game = duel(records, monkeypatch, target_at=(9, 3))  # five hexes ahead of 0908
    move_to(game, "0908", 0)
    assert not events(game, "hm.shot")
    game = duel(records, monkeypatch, target_at=(10, 6))  # near, but off the line of hexes ahead
    move_to(game, "0908", 0)
    assert not events(game, "hm.shot")


def test_planes_block_the_line_friend_or_foe(records, monkeypatch):
    game = duel(records, monkeypatch, target_at=(9, 5), others=[("friend", "red", "p-40-warhawk", 9, 7)])
    move_to(game, "0908", 0)
    assert not events(game, "hm.shot")  # "you can't shoot through friendly planes"
    game = duel(records, monkeypatch, target_at=(9, 5), others=[("nearer", "blue", "a6m5-zero-navy", 9, 6)],
                rolls=[6] * 6)
    move_to(game, "0908", 0)
    assert [s["target"] for s in events(game, "hm.shot")] == ["nearer"]


def test_tail_gun_fires_along_the_line_behind_up_to_two_hexes(records, monkeypatch):
    game = duel(records, monkeypatch, shooter="me110g", target_at=(9, 10), rolls=[4])
    move_to(game, "0908", 0)
    (shot,) = events(game, "hm.shot")
    assert (shot["weapon"], shot["range"], shot["rolls"], shot["hits"]) == ("tail gun", 2, [4], 1)
    game = duel(records, monkeypatch, shooter="me110g", target_at=(9, 11))
    move_to(game, "0908", 0)
    assert not events(game, "hm.shot")  # three hexes behind: out of the tail gun's reach


def test_hits_equal_to_the_damage_rating_shoot_the_plane_down(records, monkeypatch):
    # A Navy Zero has Damage 4; six dice at range 1 with four hits.
    game = duel(records, monkeypatch, target_at=(9, 7), rolls=[3, 4, 5, 6, 1, 2])
    move_to(game, "0908", 0)
    removed = events(game, "unit.removed")
    assert removed == [{**removed[0], "unit": "target", "box": "shot_down", "destroyed": True, "by": ["shooter"]}]
    assert game.state.planes["target"].status == "shot_down" and "2H" not in game.state.deck
    assert [c["card"] for c in events(game, "hm.card_removed")] == ["2H"]
    assert game.state.kills == {"red": 1, "blue": 0} and game.state.score == {"red": 1, "blue": 0}
    assert events(game, "hm.score")[0]["points"] == 1


def test_hits_below_the_damage_rating_are_recorded_and_change_nothing_else(records, monkeypatch):
    game = duel(records, monkeypatch, target_at=(9, 7), rolls=[3, 4, 5, 1, 1, 2])
    move_to(game, "0908", 0)
    target = game.state.planes["target"]
    assert target.hits == 3 and target.on_mat and target.speed(game.state.rules) == 3
    assert {"unit": "target", "state": {"hits": 3}}.items() <= events(game, "unit.changed")[0].items()
