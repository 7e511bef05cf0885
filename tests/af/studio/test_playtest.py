"""F5 on an Air Force scenario (issue 21): the studio's generic playtest window plays it on the hex board.

A smoke test of the engine through the studio, not of the studio itself: bots play Air Melee to
the end; a person's seat is asked the secret plot with its end states listed, and a typed log
code is refused with the rule.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QComboBox, QMessageBox  # noqa: E402

from engine.content.loader import BUNDLED_CONTENT  # noqa: E402


@pytest.fixture(scope="module")
def studio(qapp, tmp_path_factory):
    from studio.main_window import MainWindow
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SORTIE_RECOVERY_DIR", str(tmp_path_factory.mktemp("recovery")))
        window = MainWindow([BUNDLED_CONTENT], remember=False)
        window.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
        window.resize(1400, 900)
        window.show()
        yield window
        window.close()


def _open(studio, rid: str):
    from studio.playtest import open_playtest
    window = open_playtest(studio, studio.open_record("af.scenario", rid))
    window.resize(1400, 900)
    return window


def test_f5_plays_air_melee_to_the_end_with_bots_on_the_hex_board(studio, qtbot):
    """§XXII: the playtest window runs a bot game of Air Melee to its result."""
    window = _open(studio, "air-melee")
    view = window.play
    view.end_action.trigger()
    qtbot.waitUntil(lambda: not view.run.busy and view.run.game.over, timeout=120_000)
    assert view.run.game.outcome.turns >= 1
    assert any(e["type"] == "unit.moved" for e in view.run.game.log)
    window.close()


def test_a_person_is_asked_the_secret_plot_and_a_typed_code_is_refused(studio, qtbot):
    """§V Step 3 / §VI: a person's seat writes each plane's move; an illegal code is refused."""
    from studio.playtest.view import PERSON
    window = _open(studio, "solitaire-v-1")
    view = window.play
    combo = view.findChild(QComboBox, "seat:pilot")
    combo.setCurrentIndex(combo.findData(PERSON))
    if not view.run.running:
        view.run_action.trigger()
    for _ in range(20):  # set-up: place, altitude, speed and bank, by the first offer
        qtbot.waitUntil(lambda: view.run.person_to_move() is not None, timeout=60_000)
        decision = view.run.person_to_move()
        if decision.kind == "af.plot":
            break
        assert view.run.submit(decision.options[0]) is None
    assert decision.kind == "af.plot" and decision.secret
    assert decision.options and all(o["label"] == o["code"] for o in decision.options[:50])
    plane = decision.context["plane"]
    refused = view.run.submit({"type": "plot", "plane": plane, "code": "1R1R1R1R1R1R1R1R1R"})
    assert refused and "§VI" in refused
    assert view.run.submit({"type": "plot", "plane": plane, "code": decision.options[0]["code"]}) is None
    window.close()


def _to_plot(view, qtbot):
    """Air Melee with the Allies by hand, set up by the middle offers (in from the board's edge), to
    the first plot."""
    from studio.playtest.view import PERSON
    view.set_seat("allies", PERSON)
    view.speed.setValue(0)
    view.run.play()
    while True:
        qtbot.waitUntil(lambda: view.run.person_to_move() is not None, timeout=60_000)
        decision = view.run.person_to_move()
        if decision.kind == "af.plot":
            return decision
        view.submit(decision.options[len(decision.options) // 2])


def test_a_click_on_the_fan_picks_an_end_state_to_look_over_and_write(studio, qtbot):
    """§VI written movement: the board shows an arrow per end hex and facing; a click narrows the
    list to the plots ending so and previews one (code, end state, next turn's speed) without
    writing it; Write writes it, and the last plot is held, unrevealed, until Reveal or Undo."""
    from studio.playtest.frames import PLACE_KEY
    window = _open(studio, "air-melee")
    view = window.play
    decision = _to_plot(view, qtbot)
    game = view.run.game
    fan = {(p.value, p.facing): p for p in view.places if p.facing is not None}
    assert len(fan) > 5
    (cell, facing), place = sorted(fan.items())[-1]
    view.board_clicked(f"{PLACE_KEY}{place.option}")
    assert view.run.person_to_move() is decision  # looked at, not written
    code = decision.options[view.chosen]["code"]
    end = game.engine.option_place(game, decision, decision.options[view.chosen])
    assert (end["to"], end["facing"]) == (cell, facing)
    shown = [view.decision.options.item(r) for r in range(view.decision.options.count())]
    assert all(("ends " + cell) in i.text() for i in shown if not i.isHidden())
    assert view.decision.preview.text().startswith(code) and "next turn's speed" in view.decision.preview.text()
    assert view.decision.choose_button.text() == "Write"
    view.decision.choose_current()
    qtbot.waitUntil(lambda: view.run.person_to_move() is not None, timeout=60_000)
    assert view.run.person_to_move().context["plane"] != decision.context["plane"]
    view.decision.choose_current()  # the second plane's: every allied plot is written
    assert view._held is not None and not view.news.isHidden() and "Reveal" in view.news.text.text()
    assert not any(e["type"] == "af.reveal" for e in view.log.model.events[:view.log.model.rowCount()])
    view.take_back()  # the last plot back: asked again, nothing revealed
    qtbot.waitUntil(lambda: view.run.person_to_move() is not None, timeout=60_000)
    assert view._held is None and not any(e["type"] == "af.reveal" for e in view.run.game.log)
    view.decision.choose_current()
    assert view._held is not None
    view.reveal()
    qtbot.waitUntil(lambda: any(e["type"] == "af.reveal" for e in view.events[:view.log.model.rowCount()]),
                    timeout=60_000)
    reveal = next(e for e in view.run.game.log if e["type"] == "af.reveal")
    assert reveal["plots"][decision.context["plane"]] == code
    window.close()
