"""Sortie's headless core: content model, validator, rules engines and command line.

Nothing under this package may import Qt; the studio builds on it, never the reverse.
"""
