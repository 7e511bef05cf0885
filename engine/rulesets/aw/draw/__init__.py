"""Air Wars drawings: the record previews, counters and the map layout of a scenario."""
