"""Hex-mat content kinds: planes, turrets, the shooting table, the core rules, the conversion, the board, scenarios."""
