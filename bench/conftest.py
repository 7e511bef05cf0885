"""Benchmarks run Qt headless and share the test suite's toy ruleset and pack fixtures."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.conftest import make_pack, toy_rulesets  # noqa: E402,F401 - fixtures
from tests.studio.conftest import bundled_window, sandbox  # noqa: E402,F401 - fixtures
