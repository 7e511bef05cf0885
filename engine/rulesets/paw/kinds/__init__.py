"""Pocket Air War content kinds: dashboards, templates, defences, crew, theaters, missions, the solo AI tables, scenarios."""
