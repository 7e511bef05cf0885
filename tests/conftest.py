"""Test configuration: Qt always headless."""

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"
