"""Shared test settings: hypothesis without deadlines (CI machines are slow and shared)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")
