"""Air Force's rules engine: planes' state, written movement, fire and damage (§V–IX)."""
