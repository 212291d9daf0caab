"""orgmemory: a repository-grounded organizational knowledge indexer."""

__version__ = "0.1.0"
