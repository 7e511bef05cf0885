"""Pocket Air War previews: each kind drawn as its printed component looks."""

from __future__ import annotations

from .counters import ground_target
from .dashboard import dashboard
from .defences import aaa_dashboard, flak_dashboard
from .templates import fire_template, turning_template
from .theater import theater, theater_table, timeline

PREVIEWS = {
    "paw.dashboard": dashboard,
    "paw.turning_template": turning_template,
    "paw.fire_template": fire_template,
    "paw.aaa_dashboard": aaa_dashboard,
    "paw.flak_dashboard": flak_dashboard,
    "paw.ground_target": ground_target,
    "paw.theater": theater,
    "paw.timeline": timeline,
    "paw.theater_table": theater_table,
}
