"""The hex-mat rules engine (`engine.MinisEngine`): the mat, moves, fire, the sequence of play, victory, bots."""
