"""End-to-end tests: the real bot process (``python -m bot``) against a local Discord double."""
