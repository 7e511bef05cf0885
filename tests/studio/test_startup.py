"""The editor opens without loading what only a playtest needs."""

import os
import subprocess
import sys


def test_editor_opens_without_the_playtest_window_or_matplotlib():
    # a fresh interpreter: this test session has long since imported both
    code = ("import sys, studio.app, studio.main_window; "
            "print(sorted(m for m in ('matplotlib', 'studio.playtest.window') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}).stdout
    assert out.strip() == "[]"
