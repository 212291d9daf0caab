"""Moved to `indexer.text`, the one gate for every output; kept as a re-export for
`tests/test_prime_sanitize.py`, which reads the pattern tables to check the needle prefilter."""
from indexer.text import (REDACTED, WITHHELD, Observed, cap, clean, instruction_kind, looks_random, neutralise,
                          observed, redact)
from indexer.text.injection import _INSTRUCTIONS
from indexer.text.redact import _BEARER, _KEYED_SECRET, _PASSWORD, _SECRETS, _URL_CREDENTIALS, _redact_value

__all__ = ["REDACTED", "WITHHELD", "Observed", "cap", "clean", "instruction_kind", "looks_random", "neutralise",
           "observed", "redact", "_BEARER", "_INSTRUCTIONS", "_KEYED_SECRET", "_PASSWORD", "_SECRETS",
           "_URL_CREDENTIALS", "_redact_value"]
