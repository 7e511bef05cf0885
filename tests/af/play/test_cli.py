"""`sortie play air-melee --side allies=human`: a person writes log codes at the prompt (§VI)."""

from __future__ import annotations

from engine.cli import main


def test_a_person_types_log_codes_and_an_illegal_one_is_refused_with_the_rule(monkeypatch, capsys):
    """§VI: '2R' from level flight is refused with the rule; a straight code is typed after '='."""
    answers = iter(["I-B10 facing 2", "1", "I-B14 facing 2", "1", "speed 5, bank L", "1", "speed 5, bank L", "1",
                    "?", "2R", "=5", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "air-melee", "--seed", "1", "--side", "allies=human"]) == 0
    out = capsys.readouterr().out
    assert "a log code (§VI)" in out  # '?' says what may be typed
    assert "refused: `2R` at speed increment Maneuver at" in out and "(§VI, Turn Maneuver)" in out
    assert "allies chose: 5\n" in out
    assert "axis chose: (chosen in secret)" in out


def test_list_offers_the_basic_game_and_names_what_the_rest_need(capsys):
    """§XXI, §XXII playable; the other scenarios need optional rules (issue 22)."""
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "air-force/solitaire-v-1: Solitaire Scenario V-1\n  sides: pilot, v1s" in out
    assert "air-force/ploesti-raid: Raid on the Ploesti Refinery\n  not playable yet: needs optional rules" in out
    assert main(["play", "ploesti-raid"]) == 2
    assert "not playable yet" in capsys.readouterr().err
