"""Extraction: pure functions from a file's bytes to the facts it states (TODOs, references)."""
