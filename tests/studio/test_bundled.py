"""The studio on the bundled packs: every kind gets a working form and preview."""

import time

import pytest
from PySide6.QtWidgets import QMessageBox

from engine.content.loader import BUNDLED_CONTENT
from studio.fields import YamlField
from studio.main_window import MainWindow

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


@pytest.fixture(scope="module")
def window(qapp, tmp_path_factory):
    import os

    os.environ["SORTIE_RECOVERY_DIR"] = str(tmp_path_factory.mktemp("recovery"))
    w = MainWindow([BUNDLED_CONTENT], remember=False)
    w.ask = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
    w.resize(1400, 900)
    w.show()
    yield w
    w.close()


def one_per_kind(window):
    seen = {}
    for rec in window.session.records():
        seen.setdefault(rec.kind, rec)
    return sorted(seen.values(), key=lambda r: r.kind)


def test_the_bundled_packs_open_clean(window):
    assert {d.id for d in window.session.docs} >= {"pocket-air-war", "air-force", "red-eagles", "hex-minis"}
    assert not [d.format() for d in window.session.diagnostics if d.severity.value == "error"]


def test_every_kind_gets_a_form_and_a_preview(window):
    report = []
    for rec in one_per_kind(window):
        start = time.perf_counter()
        window.show_record(rec)
        assert window.form.root is not None, rec.kind
        assert window.preview.status.property("warn") is not True, (rec.kind, window.preview.status.text())
        fallbacks = [e for e in window.form.root.findChildren(YamlField)]
        report.append((rec.kind, round(time.perf_counter() - start, 3), len(fallbacks)))
    print("\n".join(f"{k:28s} {t:6.3f}s  yaml fallbacks: {n}" for k, t, n in report))
