"""Air Wars content kinds: the records a pack holds (sides, counters, map, CRTs, roster, cards, scenarios)."""
