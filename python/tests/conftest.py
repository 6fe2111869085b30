"""Shared setup of the package's tests: where the clone's vectors and tool
are, and one hypothesis profile (derandomized, so every run draws the same
examples; no deadline, since the exact path may take milliseconds)."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
VECTORS = os.path.join(ROOT, "vectors")
TOOL = os.path.join(ROOT, "rankmetrics")

try:
    from hypothesis import HealthCheck, settings
    settings.register_profile(
        "oracle", derandomize=True, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("oracle")
except ImportError:
    pass
