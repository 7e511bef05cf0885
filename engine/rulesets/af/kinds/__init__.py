"""Air Force content kinds: data cards, the tables, the rules and optional rules, crews, ground units, the board, scenarios."""
