"""orgmemory scan [PATH]"""
from __future__ import annotations

import importlib
import os
import sys
import time

import click

from indexer.commands.options import cache_dir_option, config_option, now_option, repo_option, fail_on_option, fails
from indexer.output import SCAN_FORMATS, scan_renderer



@click.command("scan")
@click.argument("paths", nargs=-1, type=click.Path())
@now_option
@click.option("--format", "fmt", type=click.Choice(sorted(SCAN_FORMATS)), default="text",
              show_default=True, help="text: severity path:line: rule message. json: the contract's object. "
              "sarif: SARIF 2.1.0 for code scanning. github: Actions annotations. json-lines: a finding a line.")
@fail_on_option()
@click.option("--staged", is_flag=True, help="Scan only the files staged for the next commit.")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False),
              help="Report only findings not in this baseline (see `orgmemory baseline`).")
@click.option("--since", "since_ref", metavar="REF",
              help="Report only findings on lines changed since the git revision REF.")
@click.option("--sarif-file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also write the SARIF log to FILE, from the same scan (CI: annotations on stdout, SARIF for upload).")
@click.option("--color", type=click.Choice(("auto", "always", "never")), default="auto", show_default=True,
              help="Colour the text format. auto: only on a terminal, and never when NO_COLOR is set.")
@click.option("-q", "--quiet", is_flag=True, help="Text format: print the summary alone.")
@click.option("-v", "--verbose", is_flag=True, help="Also print, on stderr, how long the scan and each stage took, what it read, and its notes.")
@click.option("--include-vendored", is_flag=True,
              help="Report TODOs and references in vendored and generated code too (.gitattributes "
                   "linguist-vendored/-generated, vendor/, third_party/, lock files...; as scan.vendored: report).")
@config_option
@cache_dir_option
@repo_option
def command(paths, now, fmt, fail_on, staged, baseline_path, since_ref, config_path, cache_dir,
            repo=None, sarif_file=None, color="auto", quiet=False, verbose=False, include_vendored=False):
    """Scan a git repository for contradictory artifacts.

    Reports stale TODOs (aged per line by git blame), legacy paths and what still points at
    them, dangling references, standard violations and expired standards. Only files git
    tracks are read; scan.exclude in .orgmemory.yaml leaves out more.

    PATHS (files or folders, as pre-commit passes them) or --staged restrict reading, blaming
    and reporting to those tracked files, so a pre-commit run costs what the commit touches;
    without them, or with the repository's own folder, the whole repository is scanned. With
    an earlier complete scan in the cache (same configuration and --now), PATHS get what a
    complete scan reports on them; without one, a note says what reading them alone leaves out.
    The repository is --repo, else the one containing the first PATH, else the one
    containing the current folder: `orgmemory scan ../other-repo` scans that repository.

    \b
    Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 usage or config error.
    """
    from indexer.commands.options import resolve_repo

    from indexer.git.discover import read_state

    path = resolve_repo(repo, paths[0] if paths else None)  # the repository's root
    # (the scan's own, read once: FILES and --since look at it too; the scan's module is imported
    # while `git status` stats the work tree)
    state = read_state(path, meanwhile=lambda: importlib.import_module("indexer.scan.run"))
    from indexer.scan.run import run_scan
    only = _only(path, paths, staged, state)
    if baseline_path or since_ref:
        from indexer.scan import narrow as narrow
    changes = narrow.changes_since(path, since_ref, state) if since_ref else None  # a bad REF fails fast
    started = time.monotonic()
    result = run_scan(path, now, cache_dir=cache_dir, config_path=config_path,
                      progress=terminal_progress(), only=only,
                      include_vendored=include_vendored, state=state)
    elapsed = time.monotonic() - started
    result = _collapsed(result, only)
    if baseline_path:
        result = narrow.without_baselined(result, baseline_path)
    if changes is not None:
        result = narrow.since(result, since_ref, changes)
    if fmt == "text":
        from indexer.output import text

        sys.stdout.write(text.render(result, color=use_color(color, sys.stdout), quiet=quiet,
                                     grouped=sys.stdout.isatty()))
    else:
        sys.stdout.write(scan_renderer(fmt)(result))
    if sarif_file:
        from indexer.atomic import write_atomic

        write_atomic(sarif_file, scan_renderer("sarif")(result))
    if fmt == "github" and os.environ.get("GITHUB_STEP_SUMMARY"):
        # the runner's job summary file, appended to as its protocol asks (GitHub docs, "Adding a job summary")
        from indexer.output.github import step_summary

        with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as fh:
            fh.write(step_summary(result))
    if verbose:
        hit = result.parsed == 0 and result.files > 0 and not result.timings  # (a delta may parse nothing)
        click.echo(f"orgmemory: scanned {result.files} files in {elapsed:.2f} s: "
                   + ("the result of an identical earlier scan" if hit else
                      f"{result.parsed} parsed, {result.files - result.parsed} from the cache"), err=True)
        for stage, seconds in result.timings.items():  # empty on a memo hit: no stage ran
            click.echo(f"orgmemory:   {stage:<40} {seconds:6.2f} s" if seconds is not None
                       else f"orgmemory:   {stage}", err=True)  # (why a scan after a change ran in full)
        for note in result.notes if fmt != "text" else ():  # the text report lists them itself
            click.echo(f"orgmemory: note: {note}", err=True)
    if fails(result.findings, fail_on):
        sys.exit(1)


def use_color(choice: str, stream) -> bool:
    """--color always/never decide; auto: a terminal and no NO_COLOR (https://no-color.org)."""
    if choice != "auto":
        return choice == "always"
    return not os.environ.get("NO_COLOR") and stream.isatty()


def _collapsed(result, only):
    """One finding per (rule, path, line, message): a path written as a code span and as a link on
    one line is one finding. With FILES, the summary counts the files checked, not the repository's."""
    import dataclasses

    seen: set = set()
    kept = []
    for f in result.findings:
        key = (f.rule, f.path, f.line, f.message)
        if key not in seen:
            seen.add(key)
            kept.append(f)
    changes = {}
    if len(kept) != len(result.findings):
        changes["findings"] = tuple(kept)
    if only is not None:
        changes["files"] = len(only)
    return dataclasses.replace(result, **changes) if changes else result


def _only(root: str, paths, staged: bool, state=None) -> frozenset[str] | None:
    """The tracked files PATHS and --staged name, or None for the whole repository (no PATH, or
    one that is the repository's root); `state`: the scan's `read_state`, whose index they are
    looked up in."""
    files = [p for p in paths if os.path.realpath(p) != root]  # `scan ../other-repo`: all of it
    if not files and not staged:
        return None
    from indexer.scan import narrow as narrow

    only = narrow.tracked_files(root, files, state) if files else frozenset()
    return only | narrow.staged_files(root) if staged else only


def terminal_progress():
    """The scan's progress bar for `run_scan(progress=...)`: on stderr, and only when stderr is a
    terminal (never in a pipe or a log). `scan`, `report` and `baseline` share it."""
    return _progress if sys.stderr.isatty() else None


def _progress(total: int):
    """A bar on stderr that appears only once the work has taken more than half a second."""
    started = time.monotonic()
    state = {"bar": None, "done": 0}

    def update(n: int) -> None:
        state["done"] += n
        if state["bar"] is None and time.monotonic() - started > 0.5:
            state["bar"] = click.progressbar(length=total, label="scanning", file=sys.stderr)
            state["bar"].update(state["done"])
        elif state["bar"] is not None:
            state["bar"].update(n)
            if state["done"] >= total:
                state["bar"].render_finish()
    return update
