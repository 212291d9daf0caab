"""Path references: the repo-path mentions of one file (`readers.extract_references`), and the
shapes of a path-looking word (`tokens`) that the resolver shares.

The readers are imported by `readers` only, so a scan that resolves references without reading
a file (`--since`, a warm delta) does not load them.
"""
