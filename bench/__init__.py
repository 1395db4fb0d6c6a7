"""Benchmarks: ``python -m bench`` (see bench/__main__.py). Targets live here, not in timed tests."""
