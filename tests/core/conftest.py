"""The core suites use the shared fixtures of tests/conftest.py; `write` is re-exported for them."""

from tests.conftest import write  # noqa: F401
