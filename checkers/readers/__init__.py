"""Readers of recorded sessions, one module per source kind (see :mod:`checkers.sources`)."""
