"""Pocket Air War drawings: each kind as its printed component looks, the free mat and a scenario on it."""
