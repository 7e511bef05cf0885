"""What a person types at the prompt, shared by the prompt's and `sortie play`'s tests."""

import pytest


def answers(*typed: str):
    """A `read(prompt)` giving `typed` in turn, then Ctrl-D (EOFError)."""
    queue = iter(typed)

    def read(prompt=""):
        try:
            return next(queue)
        except StopIteration:
            raise EOFError from None

    return read


@pytest.fixture
def typing(monkeypatch):
    """Make the person at `sortie play`'s prompt type the answers given, then Ctrl-D."""
    return lambda *typed: monkeypatch.setattr("builtins.input", answers(*typed))
