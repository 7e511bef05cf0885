"""Pocket Air War previews: each kind drawn as its printed component looks."""

from __future__ import annotations

from engine.drawing.sheets import as_printed

from .counters import ground_target, plane_counters, target_counters
from .dashboard import dashboard
from .defences import aaa_dashboard, flak_dashboard
from .markers import damage_markers, skill_markers
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

# What a player prints and cuts out: the dashboards, templates, counters and markers.
COMPONENTS = {
    "paw.dashboard": as_printed(dashboard),
    "paw.dashboard:counters": plane_counters,
    "paw.aaa_dashboard": as_printed(aaa_dashboard),
    "paw.flak_dashboard": as_printed(flak_dashboard),
    "paw.turning_template": as_printed(turning_template),
    "paw.fire_template": as_printed(fire_template),
    "paw.ground_target": target_counters,
    "paw.damage_marker": damage_markers,
    "paw.crew_skill": skill_markers,
}
