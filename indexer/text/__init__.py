"""Repository text is evidence, never instructions: the one gate every output quotes it through.

What a stranger can write reaches models and reviewers through many outputs: the priming block
and the Claude Code hook, the MCP tools, `explain`, the scan's text, SARIF, GitHub annotations,
JSON and JSON lines, and the HTML report. Each of them shows repository text (a TODO, a line
that refers to a path, a standard's statement, a commit author, a file name, evidence) only
through this package:

* `injection.instruction` recognises text addressed to an AI ("ignore all previous
  instructions", "Claude, please also run ...", in other languages, in look-alike, invisible
  or tag characters, leetspeak or base64); such text is withheld, never quoted, and the scan
  reports it as `suspicious-instruction`, saying which kind and which disguise;
* `redact.redact` replaces secrets (detect-secrets' families and more, see that module);
* `quote.safe_text` (any output) and `quote.observed` (the priming block, quoted and capped)
  put the two together with the removal of invisible and control characters.

Where: at output, not at construction. Findings keep the repository's text as it is, because
their fingerprints, suppressions, baselines and the `suspicious-instruction` rule must see it;
each renderer passes what it shows through this gate (`safe_record` for a finding's JSON,
`safe_message` for its message, `safe_tree` for a view, `observed` for the block). A renderer
that shows repository text any other way is a bug.

Pure functions over strings; `re`, `unicodedata` and `base64` only on the common path. The
confusables table (derived from `confusable-homoglyphs` and shipped as a file, see
`indexer.text.confusables`) is read only when non-ASCII text arrives, and each regex is
compiled the first time text that could match it comes along.
"""
from indexer.text.injection import Instruction, instruction, instruction_kind
from indexer.text.normalize import DISGUISES, utf8, visible
from indexer.text.quote import (STRUCTURAL, WITHHELD, Observed, cap, clean, neutralise, observed, safe_message, safe_record,
                                safe_text, safe_tree, safe_uri)
from indexer.text.redact import REDACTED, looks_random, redact

__all__ = ["DISGUISES", "STRUCTURAL", "Instruction", "Observed", "REDACTED", "WITHHELD", "cap", "clean", "instruction",
           "instruction_kind", "looks_random", "neutralise", "observed", "redact", "safe_message", "safe_record",
           "safe_text", "safe_tree", "safe_uri", "utf8", "visible"]
