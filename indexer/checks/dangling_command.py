"""dangling-command: documentation tells the reader to run a make target or package script
that no Makefile or package.json in the repository defines (`make deploy-old`,
`npm run legacy-build`). Only read where a command is an instruction: docs, not scripts.
"""
from __future__ import annotations

import posixpath
from typing import Iterator

from indexer.findings import Finding, fingerprint
from indexer.contradictions.resolve import MISSING
from indexer.rulepack import RuleSettings

RULE = "dangling-command"
SCOPE = "file"  # a file's commands against every file's definitions (the world)
DOC_EXTENSIONS = frozenset({".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc", ".asciidoc"})


def check(ctx, rule: RuleSettings) -> Iterator[Finding]:
    found = ctx.contradictions
    for resolved in found.resolved:
        reference = resolved.reference
        if reference.kind != "command" or resolved.status != MISSING or reference.deprecated:
            continue
        if posixpath.splitext(reference.path)[1].lower() not in DOC_EXTENSIONS:
            continue
        if not found.is_claim_site(reference.path):
            continue
        tool, _, name = reference.target.partition(" ")
        name = name.removeprefix("run ")
        where = "no Makefile has a target" if tool == "make" else "no package.json has a script"
        yield Finding(rule=RULE, severity=rule.severity, path=reference.path, line=reference.line,
                      message=f"`{reference.target}`: {where} {name}",
                      fingerprint=fingerprint(RULE, reference.path, f"{reference.target} {reference.text}"),
                      details={"command": reference.target, "tool": tool, "name": name})
