"""The gun-range lint reads every gun line a plane may fly with, the series' too."""

from __future__ import annotations

from tests.af.conftest import changed


def test_a_series_gun_reaching_past_the_range_table_is_flagged_where_it_is(get, lint):
    series = changed(get("data_card", "me-109g"), lambda d: d["series"][0]["guns"][0].update(range=9))
    assert [p for _, code, p, _ in lint(series) if code == "af.gun_range"] == [("series", 0, "guns", 0, "range")]
