"""orgmemory hook claude-code | pre-commit

Entry points other tools run for us. Nothing heavy is imported here: `claude-code` must stay
on the prime fast path, and `pre-commit` imports the scanner only once it has files to scan.
"""
from __future__ import annotations

import os
import sys

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, repo_option, fail_on_option, fails

@click.group("hook")
def command():
    """Entry points for other tools' hooks (Claude Code, pre-commit)."""


@command.command("claude-code")
@click.option("--budget", type=click.IntRange(min=1), default=1500, show_default=True,
              help="Tokens the injected block may take (it is also cut below 10,000 characters).")
@now_option
@config_option
@cache_dir_option
def claude_code(budget, now, config_path, cache_dir):
    """Answer a Claude Code SessionStart or UserPromptSubmit hook event read from stdin.

    Prints {"hookSpecificOutput": {"hookEventName": ..., "additionalContext": ...}} with the
    priming block for the prompt, scoped to the event's cwd. Always exits 0: when anything
    fails it says so in one line on stderr and prints nothing, so the prompt goes on unprimed.
    Register it with `orgmemory install claude-code`.
    """
    from indexer.integrations import claude_code as hook

    hook.run(getattr(sys.stdin, "buffer", None), budget, now, cache_dir=cache_dir, config_path=config_path)


@command.command("pre-commit")
@click.argument("files", nargs=-1, type=click.Path())
@click.option("--baseline", "baseline_path", default=".orgmemory-baseline.json", show_default=True,
              type=click.Path(dir_okay=False),
              help="Findings in this baseline are not reported (used when the file exists; "
                   "relative to the repository root).")
@fail_on_option("Fail the commit when a new finding has this severity or a worse one.")
@now_option
@config_option
@cache_dir_option
@repo_option
def pre_commit(files, baseline_path, fail_on, now, config_path, cache_dir, repo):
    """Scan the FILES pre-commit passes and report their findings that are not in the baseline.

    Only those files are read and blamed, so the hook costs what the commit touches. When the
    cache holds an earlier complete scan of the repository (`orgmemory scan`, same configuration
    and --now), the answer is that scan brought up to date for the changed files: what a complete
    scan reports on FILES. Without one, a note says what the narrowed answer rests on. Use it
    from .pre-commit-config.yaml (hook id `orgmemory`), not by hand: `orgmemory scan --staged
    --baseline FILE` does the same for the index.
    """
    if not files:
        return
    from indexer.scan import narrow as narrow
    from indexer.commands.options import resolve_repo
    from indexer.git.discover import read_state
    from indexer.output import scan_renderer
    from indexer.scan.run import run_scan

    root = resolve_repo(repo)
    state = read_state(root)  # (the scan's own: the files are looked up in its index, not by one more git)
    only = narrow.tracked_files(root, files, state)
    if not only:
        return
    from indexer.commands.scan import _collapsed

    result = _collapsed(run_scan(root, now, cache_dir=cache_dir, config_path=config_path, only=only, state=state),
                        only)
    result = narrow.without_baselined(result, os.path.join(root, baseline_path), required=False)
    sys.stdout.write(scan_renderer("text")(result))
    if fails(result.findings, fail_on):
        sys.exit(1)
