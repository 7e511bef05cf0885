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
