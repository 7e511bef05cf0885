"""Hex-mat drawings: stat cards, turret arcs, the shooting table and the scenario on its mat."""
