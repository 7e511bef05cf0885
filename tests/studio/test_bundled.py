"""The studio on the bundled packs: every kind gets a working form and preview."""

import time

import pytest

from engine.content.loader import BUNDLED_CONTENT
from studio.fields import YamlField

pytestmark = pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")


@pytest.fixture
def window(bundled_window):
    return bundled_window


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


def test_renaming_a_bundled_plane_follows_it_into_the_errata_pack(window):
    """Only in memory: the bundled files are never written by this test."""
    plane = next(r for r in window.session.records() if r.kind == "paw.dashboard" and r.id == "bf-110")
    usages = window.session.used_by(plane)
    holders = {window.session.holder_of(u.entry).doc.id for u in usages}
    assert holders == {"pocket-air-war", "pocket-air-war-errata"}
    command = window.session.rename(plane, "bf-110c")
    try:
        for usage in command.plan.usages:
            holder = window.session.holder_of(usage.entry) or next(
                r for r in window.session.records() if r.path == usage.entry.path)
            value = holder.data
            for part in usage.path:
                value = value[part]
            assert value == "bf-110c"
        window.session.check_all()
        assert not [d for d in window.session.diagnostics if d.code == "ref.unknown"]
    finally:
        plane.doc.stack.undo()
    assert plane.id == "bf-110" and not any(d.is_modified() for d in window.session.docs)


def test_a_long_text_field_shows_its_start(window, qtbot):
    """Opening a record shows where a long source begins; typing at its end leaves the cursor there."""
    rec = next(r for r in window.session.records() if r.kind == "paw.crew_skill" and r.id == "ace")
    window.show_record(rec)
    source = window.form.editor_at(("source",)).edit
    assert len(source.text()) > 60 and source.cursorPosition() == 0
    window.jump(rec, ("source",))
    source.setFocus()
    source.end(False)
    qtbot.keyClicks(source, "!")
    try:
        assert source.text().endswith("!") and source.cursorPosition() == len(source.text())
    finally:
        rec.doc.stack.undo()
    assert not rec.doc.is_modified()


def test_grid_columns_open_as_wide_as_their_cells(window, qtbot):
    """A grid of phases shows each phase's whole name; a narrow column stays narrow."""
    from studio.grid import MAX_COLUMN

    rec = next(r for r in window.session.records() if r.kind == "af.rules")
    window.show_record(rec)
    grid = window.form.editor_at(("sequence_basic",))
    table, name = grid.table, grid.columns.index("name")
    longest = max(table.fontMetrics().horizontalAdvance(table.item(r, name).text()) for r in range(table.rowCount()))
    assert min(longest, MAX_COLUMN - 20) < table.columnWidth(name) <= MAX_COLUMN
    assert table.columnWidth(grid.columns.index("step")) < table.columnWidth(name) / 2


def test_a_kind_id_in_the_filter_lists_that_kind_only(window):
    """Found in a walk: typing aw.scenario in the Packs filter also listed every paw.scenario."""
    browser, proxy = window.browser, window.browser.proxy

    def kinds_listed():
        listed = []
        for p in range(proxy.rowCount()):
            pack = proxy.index(p, 0)
            listed += [proxy.index(k, 0, pack).data() for k in range(proxy.rowCount(pack))]
        return [text.split()[0] for text in listed if text]

    browser.filter.setText("aw.scenario")
    try:
        assert kinds_listed() == ["aw.scenario"]
        browser.filter.setText("scenario")  # not a kind's id: any row holding the text, as before
        assert {"aw.scenario", "paw.scenario", "hm.scenario"} <= set(kinds_listed())
    finally:
        browser.filter.clear()


def test_two_packs_of_one_name_are_told_apart_in_a_narrow_tree(window):
    """Found in a walk: in a Packs dock ~220 px wide, the base pack and its errata both read
    "Pocket Air War: Definitive Edit…"; cut in the middle, each keeps its id in view."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    tree = window.browser.tree
    proxy = tree.model()

    def shown(index):  # the row's text as the tree draws it in 200 pixels
        option = QStyleOptionViewItem()
        tree.itemDelegate().initStyleOption(option, index)
        return tree.fontMetrics().elidedText(index.data(), option.textElideMode, 200)

    packs = [proxy.index(r, 0) for r in range(proxy.rowCount())]
    paw = [shown(i) for i in packs if "(pocket-air-war" in i.data()]
    assert len(paw) == 2 and paw[0] != paw[1]
    record = proxy.index(0, 0, proxy.index(1, 0, packs[0]))  # a record reads from its start
    assert record.data() and shown(record)[:5] == record.data()[:5]


def test_field_help_names_the_shapes_a_field_may_take(window):
    """Found in a walk: the help of a campaign card's effect (a choice of shapes) said its type was
    "object | object | object | …"; it names them."""
    card = next(r for r in window.session.records() if r.kind == "aw.campaign_card" and r.data.get("effects"))
    window.show_record(card)
    window.show_help(window.form.editor_at(("effects", 0)))
    said = window.help.toPlainText()
    assert "CombatBonus or Reinforcements or" in said and "object" not in said.split("type", 1)[1]
