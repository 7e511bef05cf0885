"""Regenerate docs/screenshots/playtest-*.png and studio-sweep.png: the playtest's Play tab
(watching, a person playing, fog of war, an Air Force plot on the board's fan), a replay, the
Balance tab, and the sweep dialog.

    .venv/bin/python docs/make_playtest_screenshots.py

Opens the bundled packs (edits are made in the editor and never saved; autosave goes to
a temporary folder), renders offscreen, and never touches the saved window layout.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from engine.content.loader import BUNDLED_CONTENT  # noqa: E402
from studio.app import application  # noqa: E402
from studio.commands import SetField  # noqa: E402
from studio.main_window import MainWindow  # noqa: E402
from studio.playtest import open_playtest, open_replay  # noqa: E402
from studio.playtest.run import PERSON  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def settle(app, seconds: float = 0.3) -> None:
    end = time.time() + seconds
    while time.time() < end:
        app.processEvents()
        time.sleep(0.01)


def until(app, condition, timeout: float = 120) -> None:
    end = time.time() + timeout
    while not condition():
        if time.time() > end:
            raise TimeoutError("the playtest did not get there in time")
        app.processEvents()
        time.sleep(0.01)


def edit(window, kind, rid, path, value) -> None:
    rec = window.open_record(kind, rid)
    rec.doc.stack.push(SetField(rec.doc, rec.uid, path, value))


def watch(app, window) -> None:
    """A hex-mat game at a burst of fire: the shot, its dice and why."""
    playtest = open_playtest(window, window.open_record("hm.scenario", "zekes-in-the-slot"))
    playtest.resize(1400, 900)
    view = playtest.play
    view.to_the_end()
    until(app, lambda: not view.run.busy)
    events = view.events
    shot = next(i for i, e in enumerate(events) if e["type"] == "hm.shot" and e["hits"] and i > 200)
    view.set_cursor(shot)
    view.board.zoom_to_units()
    settle(app)
    playtest.grab().save(str(OUT / "playtest-watch.png"))
    playtest.close()


def person(app, window) -> None:
    """Pocket Air War with the Allies played by hand: where each offered maneuver ends, a
    maneuver highlighted with its path, and an illegal one refused with the engine's reason."""
    playtest = open_playtest(window, window.open_record("paw.scenario", "sweep-four-versus-four"))
    playtest.resize(1400, 900)
    view = playtest.play
    view.set_seat("allies", PERSON)
    view.speed.setValue(0)
    view.run.play()
    while True:
        until(app, lambda: view.run.person_to_move() is not None)
        decision = view.run.person_to_move()
        if decision.kind == "paw.maneuver":
            break
        # full Energy, for many maneuvers to show; anything else as offered first
        view.submit(max(decision.options, key=lambda o: o.get("to", 0)))
    view.run.pause()
    settle(app, 0.8)
    decision = view.run.person_to_move()
    x, y, _turn = view.painter.poses(view.board.view)[decision.context["plane"]]
    reach = view.painter.cell_mm * 9
    view.board.region = QRectF(x - reach * 1.6, y - reach * 1.4, reach * 3.2, reach * 2)
    view.board.fit()
    turn = next(i for i, o in enumerate(decision.options) if o["type"] == "turn" and o.get("steps", 0) >= 3)
    view.decision.options.setCurrentRow(turn)
    view.decision.json.setText(json.dumps({"type": "turn", "plane": decision.context["plane"], "template": "A",
                                           "side": "left", "steps": 2}))
    view.decision.try_json()
    view.decision.options.setCurrentRow(turn)
    settle(app)
    playtest.grab().save(str(OUT / "playtest-person.png"))
    playtest.close()


def fog(app, window) -> None:
    """Red Eagles with the VVS played by hand: the Luftwaffe counters the VVS cannot identify are
    blank on the board and 'a luftwaffe unit' in the log."""
    playtest = open_playtest(window, window.open_record("aw.scenario", "red-eagles"))
    playtest.resize(1400, 900)
    view = playtest.play
    view.set_seat("vvs", PERSON)
    for _ in range(200):
        view.to_the_end()
        until(app, lambda: not view.run.busy)
        hidden = view.run.hidden_at[-1] or ()
        if len(hidden) >= 3 and any(e["type"] == "decision" and e["side"] == "luftwaffe"
                                    and "a luftwaffe unit" in str(view.log.model.shown(i))
                                    for i, e in enumerate(view.events[-40:], len(view.events) - 40)):
            break
        view.submit(view.run.person_to_move().options[0])
    settle(app, 0.5)
    last = next(i for i in range(len(view.events) - 1, 0, -1)
                if "a luftwaffe unit" in str(view.log.model.shown(i)) and view.events[i]["type"] == "decision")
    view.set_cursor(last)
    settle(app)
    playtest.grab().save(str(OUT / "playtest-fog.png"))
    playtest.close()


def plot(app, window) -> None:
    """Air Melee with the Allies by hand: the fan of a plane's end states on the hex board, one
    arrow clicked and its plot previewed (code, end state, next turn's speed) before Write."""
    from studio.playtest.frames import PLACE_KEY

    playtest = open_playtest(window, window.open_record("af.scenario", "air-melee"))
    playtest.resize(1400, 900)
    view = playtest.play
    view.set_seat("allies", PERSON)
    view.speed.setValue(0)
    view.run.play()
    while True:
        until(app, lambda: view.run.person_to_move() is not None)
        decision = view.run.person_to_move()
        if decision.kind == "af.plot":
            break
        view.submit(decision.options[len(decision.options) // 2])  # set up in from the board's edge
    view.run.pause()
    settle(app, 0.5)
    fan = sorted((p for p in view.places if p.facing is not None), key=lambda p: (p.value, p.facing))
    view.board_clicked(f"{PLACE_KEY}{fan[len(fan) // 2].option}")
    view.board.zoom_to_units()
    settle(app)
    playtest.grab().save(str(OUT / "playtest-af-plot.png"))
    playtest.close()


def sweep(app, window) -> None:
    """Game > Sweep This Field... on the Zero's front guns over Yamamoto's Defeat: the curve."""
    from studio.playtest.sweep import open_sweep

    window.open_record("hm.fighter", "a6m5-zero-navy")
    guns = window.form.editor_at(("guns_front",))
    dialog = open_sweep(window, guns)
    dialog.resize(1100, 640)
    dialog.games.setValue(100)
    dialog.start()
    until(app, lambda: not dialog.busy, 600)
    settle(app, 0.5)
    dialog.grab().save(str(OUT / "studio-sweep.png"))
    dialog.close()


def replay(app, window, folder: Path) -> None:
    """A replay reopened after an edit: the first event where the game now differs."""
    playtest = open_playtest(window, window.open_record("hm.scenario", "zekes-in-the-slot"))
    view = playtest.play
    view.to_the_end()
    until(app, lambda: not view.run.busy)
    view.ask_path = lambda: folder / "zekes.replay.json"
    path = view.save_replay()
    playtest.close()
    edit(window, "hm.fighter", "f4u-corsair", ("guns_front",), 6)
    again = open_replay(window, path)
    again.resize(1400, 900)
    settle(app)
    again.play.board.zoom_to_units()
    settle(app)
    again.grab().save(str(OUT / "playtest-replay.png"))
    again.close()
    window.session.undo_group.activeStack().undo()


def balance(app, window) -> None:
    """Two balance runs on the same seeds, before and after giving the Zero more guns."""
    playtest = open_playtest(window, window.open_record("hm.scenario", "zekes-in-the-slot"))
    playtest.resize(1400, 900)
    panel = playtest.balance
    playtest.tabs.setCurrentWidget(panel)
    panel.start()
    until(app, lambda: not panel.busy, 600)
    edit(window, "hm.fighter", "a6m5-zero-navy", ("guns_front",), 3)
    panel.start()
    until(app, lambda: not panel.busy, 600)
    settle(app, 0.5)
    playtest.grab().save(str(OUT / "playtest-balance.png"))
    playtest.close()
    window.session.undo_group.activeStack().undo()


def main() -> int:
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SORTIE_RECOVERY_DIR"] = str(Path(tmp) / "recovery")
        window = MainWindow([BUNDLED_CONTENT], remember=False)
        window.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
        window.resize(1400, 900)
        window.show()
        for make in (watch, person, fog, plot):
            make(app, window)
        replay(app, window, Path(tmp))
        balance(app, window)
        sweep(app, window)
        window.close()
    print(f"wrote {OUT}/playtest-*.png and studio-sweep.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
