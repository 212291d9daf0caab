"""orgmemory: a repository-grounded organizational knowledge indexer."""

__version__ = "0.2.0"
