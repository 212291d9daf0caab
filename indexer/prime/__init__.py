"""The priming block: what a coding agent should know for one task, within a token budget.

The fast path (`orgmemory prime` on an up-to-date index) reads the SQLite index and nothing else:
`state` probes the repository with one `git status`, `index` reads the committed generation,
`query` turns the task into weighted terms, `select` ranks and fits the budget, `render` writes
the block, `sanitize` makes repository text safe to show and `usage` logs what was injected.
`refresh` (scan + `provenance` + `documents` + index write) runs only when the index is stale;
only it imports the scanner.
"""
