"""Contradictions: paths git knows, references resolved, legacy detected, the conflict graph, explain."""
