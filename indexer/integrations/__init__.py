"""Where orgmemory meets other tools: Claude Code hooks and settings, agent instruction files.

Each module follows one tool's own conventions exactly and does its own I/O at the edges;
the commands in `indexer.commands` only parse options and report.
"""
