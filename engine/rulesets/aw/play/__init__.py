"""The Air Wars rules engine (`engine.AirWarsEngine`), its state and rule modules, and its bots."""
