"""The crash test for the studio (`tests/crash.py`): its save and its autosave, in a studio of their
own, killed or failing (ENOSPC, EIO) at each filesystem call of their writes in turn. Every file
is then its old or its new content, whole, no temporary file is left in sight, a failure is said
in the studio with the file and the reason, and recovery offers back exactly the unsaved edits."""

import textwrap

import pytest

from tests.crash import CALLS, crash_at_every_call, crashing, files
from tests.studio.test_window import Button, make_window, rec_of

HOW = ["kill", "ENOSPC", pytest.param("EIO", marks=pytest.mark.slow)]
SPEEDS = {"spit": 9, "hurri": 8}  # the edits made and not saved (on disk: 5 and 4)


def studio(packs, sandbox, speeds: dict[str, int], then: str) -> str:
    """A script: the studio on the child pack, the speeds set (unsaved), then `then` (a save, or
    an autosave), each question the studio asks written to stderr; it exits 0 if `then` wrote."""
    return textwrap.dedent(f"""
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication, QMessageBox
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, {str(sandbox / "settings")!r})
        app = QApplication([])
        from studio.commands import SetField
        from studio.main_window import MainWindow
        w = MainWindow([{str(packs[1])!r}])
        w.ask = lambda title, text, *a, **k: print(title, text, file=sys.stderr) or QMessageBox.StandardButton.No
        w.recovery.failed.connect(lambda text: print(text, file=sys.stderr))
        for rec in list(w.session.records()):
            if rec.kind == "toy.plane" and rec.id in {speeds!r}:
                rec.doc.stack.push(SetField(rec.doc, rec.uid, ("speed",), {speeds!r}[rec.id]))
        {then}
    """)


def recovered(qtbot, packs) -> dict[str, int]:
    """The speeds a studio opened now shows, once it has recovered what it offers."""
    window = make_window(qtbot, [packs[1]], answers=[Button.Yes])
    window.recovery.timer.stop()  # no autosave of its own while the next crash is tried
    return {rid: rec_of(window, "toy.plane", rid).data["speed"] for rid in SPEEDS}


@pytest.mark.parametrize("how", HOW)
def test_a_save_crashing_at_each_call_leaves_records_old_or_new_and_the_edits_recoverable(qtbot, packs, sandbox, how):
    base = packs[0]
    typed = files(base)
    recovery = sandbox / "recovery"

    def reset():
        for path, text in typed.items():
            (base / path).write_bytes(text)
        for leftover in recovery.glob("*.json"):
            leftover.unlink()

    def then():  # the save did not finish: the autosave made before it offers every edit back
        assert recovered(qtbot, packs) == SPEEDS
        for leftover in recovery.glob("*.json"):
            leftover.unlink()

    script = studio(packs, sandbox, SPEEDS, "quietly(w.recovery.autosave); sys.exit(0 if w.save() else 1)")
    calls = crash_at_every_call(script, base, how, reset, env={"SORTIE_RECOVERY_DIR": str(recovery)},
                                toy=True, said="Could not write {file}: {reason}", then=then)
    assert calls >= len(SPEEDS) * len(CALLS)


@pytest.mark.parametrize("how", HOW)
def test_an_autosave_crashing_at_each_call_offers_back_the_edits_of_one_autosave(qtbot, packs, sandbox, how):
    recovery = sandbox / "recovery"
    env = {"SORTIE_RECOVERY_DIR": str(recovery)}
    earlier = {"spit": 7}  # an autosave of the first edit only, before the second was made
    done = crashing(studio(packs, sandbox, earlier, "sys.exit(0 if w.recovery.autosave() else 1)"), 0, how, True, env)
    assert done.returncode == 0, done.stderr
    old = files(recovery)

    def reset():
        for leftover in recovery.iterdir():
            leftover.unlink()
        for path, text in old.items():
            (recovery / path).write_bytes(text)

    def then():  # the edits of the earlier autosave, or of this one: never a mixture, never none
        assert recovered(qtbot, packs) in ({"spit": 7, "hurri": 4}, SPEEDS)

    script = studio(packs, sandbox, SPEEDS, "sys.exit(0 if w.recovery.autosave() else 1)")
    calls = crash_at_every_call(script, recovery, how, reset, env=env, toy=True,
                                said="Autosave of base failed: {file}: {reason}", then=then)
    assert calls >= len(CALLS)
