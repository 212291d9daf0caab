"""orgmemory fleet scan | merge | report"""
from __future__ import annotations

import json
import os
import sys
import time

import click

from indexer.commands.options import DayType, now_option
from indexer.errors import OrgmemoryError

_WORK = click.option("--work", "workdir", type=click.Path(file_okay=False), default="orgmemory-fleet",
                     show_default=True, help="The work folder: clones, caches, results, run manifests.")
_STANDARDS = click.option(
    "--standards", metavar="FILE|git+URL@REF#PATH",
    help="The org standards file: a path, or a git source like "
         "git+https://host/org/standards.git@main#org.orgmemory.yaml. Merged under each "
         "repository's own .orgmemory.yaml (the repository wins by id). One file: it cannot "
         "use `extends` of its own. Results cite it as <org standards>:LINE.")
_OUTPUT = [
    click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
                 help="text: a summary. json: the whole report object."),
    click.option("--html", "html_out", type=click.Path(dir_okay=False),
                 help="Also write the report as one self-contained HTML page to this file."),
    click.option("--usage", "usage", multiple=True, type=click.Path(dir_okay=False, exists=True),
                 help="A prime usage log (usage.jsonl from a cache folder) to tell which org "
                      "standards were never primed. Repeatable."),
]


def _output_options(function):
    for option in reversed(_OUTPUT):
        function = option(function)
    return function


@click.group("fleet")
def command() -> None:
    """Scan many repositories and show where the org standards stand across them.

    \b
    orgmemory fleet scan repos.txt --standards org.orgmemory.yaml --now 2026-11-01
    orgmemory fleet report --html fleet.html
    orgmemory fleet merge ci-results/*.json --standards org.orgmemory.yaml --html fleet.html

    Every repository is untrusted input, as in a single scan: cloned with https, ssh (and
    file for local folders you listed) only, never prompted for credentials, scanned by
    `orgmemory scan` in its own process under a time limit. One repository that fails is
    a failure in the results, never the end of the run.
    """


@command.command("scan")
@click.argument("list_file", metavar="LIST", type=click.Path(dir_okay=False))
@_WORK
@_STANDARDS
@now_option
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="local: a process pool on this machine. dask: a Dask cluster "
                   "(orgmemory[fleet]); a local one unless --address names a scheduler.")
@click.option("--address", metavar="tcp://HOST:PORT",
              help="The Dask scheduler to run on (implies --engine dask). The workers must "
                   "run this orgmemory and see --work at the same path.")
@click.option("--workers", type=click.IntRange(1, 256), default=lambda: os.cpu_count() or 1,
              show_default="CPU count", help="Parallel repositories (pool size or local Dask workers).")
@click.option("--timeout", type=click.FloatRange(1, 86400), default=900, show_default=True,
              help="Seconds allowed per repository (clone + scan); a LIST entry may set its own.")
@click.option("--force", is_flag=True, help="Scan every repository, even unchanged ones.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one line per repository. json: the run manifest.")
def scan(list_file, workdir, standards, now, engine, address, workers, timeout, force, fmt):
    """Clone or update every repository in LIST and scan it with the org standards.

    LIST is a text file with one repository a line, `SOURCE [REF]` (an https:// or ssh://
    URL, git@host:org/repo.git, a file:// URL or a local folder; REF a branch, tag or
    commit, default the remote's HEAD), or a YAML file (*.yaml) listing such strings or
    mappings {url: | path:, ref:, name:, history: full|blobless, timeout: SECONDS}.
    `history: blobless` clones with --filter=blob:none (git fetches old blobs only if the
    scan's blame needs them); the default is full history, which ageing TODOs needs.

    A repository whose HEAD, own .orgmemory.yaml, the org standards, orgmemory's version
    and --now are those of its stored result is not scanned again. Results go to
    WORK/results/, and each run's summary to WORK/runs/ (for migration progress over time).

    \b
    Exit codes: 0 every repository scanned, 1 some failed (listed), 2 bad input.
    """
    from indexer.fleet import engine as engines, store
    from indexer.fleet.aggregate import summarize
    from indexer.fleet.specs import read_list
    from indexer.fleet.standards import load_org_standards

    specs = read_list(list_file)
    workdir = os.path.abspath(workdir)
    os.makedirs(workdir, exist_ok=True)
    org = load_org_standards(standards, workdir)
    if org.text:
        from indexer.atomic import write_atomic

        write_atomic(os.path.join(workdir, "org-standards.yaml"), org.text.decode("utf-8", "replace"))
    # the last run's rows carry each result's key: an unchanged re-run reads no result file
    last_rows = {} if force else {os.path.basename(str(r.get("result")))[:-5]: r for r in
                                  (store.load_manifests(workdir)[-1:] or [{}])[0].get("repositories") or ()}
    previous = {} if force else {
        s.key: _reusable_key(last_rows.get(s.key) or store.load_result(workdir, s.key)) for s in specs}
    started = time.monotonic()
    finished: dict[str, dict] = {}
    tty = sys.stderr.isatty()

    def on_result(spec, result):
        if result.get("status") == "unchanged":
            row = last_rows.get(spec.key)
            stored = {**row, "summarized": True} if row and row.get("key") else (store.load_result(workdir, spec.key) or result)
            finished[spec.key] = {**stored, "reused": True}
        else:
            finished[spec.key] = result
            store.save_result(workdir, spec.key, result)
        if tty:
            click.echo(f"\r{len(finished)}/{len(specs)} repositories", err=True, nl=False)

    engines.run_all(specs, workdir, org, now, timeout, previous, "dask" if address else engine,
                    workers, address, on_result)
    if tty:
        click.echo("", err=True)
    seconds = round(time.monotonic() - started, 2)
    rows = []
    for spec in specs:
        result = finished.get(spec.key) or {"name": spec.name, "source": spec.display,
                                            "status": "failed", "stage": "worker", "error": "no result"}
        row = dict(result) if result.get("summarized") else summarize(result, org)
        row.pop("summarized", None)
        row["key"] = result.get("key")
        row["reused"] = bool(result.get("reused"))
        row["result"] = os.path.relpath(store.result_path(workdir, spec.key), workdir)
        rows.append(row)
    manifest = {"fleet_run": 1, "now": now.isoformat(), "standards": org.display or None,
                "standards_digest": org.digest, "engine": "dask" if address else engine,
                "workers": workers, "seconds": seconds, "repositories": rows}
    path = store.save_manifest(workdir, now, manifest)
    failed = [r for r in rows if r["status"] == "failed"]
    if fmt == "json":
        click.echo(json.dumps(manifest, indent=2, sort_keys=True))
    else:
        for row in rows:
            click.echo(_line(row))
        reused = sum(r["reused"] and r["status"] != "failed" for r in rows)
        click.echo(f"{len(rows) - len(failed) - reused} scanned, {reused} unchanged, {len(failed)} failed "
                   f"of {len(rows)} repositories in {seconds} s; results in {workdir} "
                   f"(run {os.path.basename(path)}).")
    sys.exit(1 if failed else 0)


def _reusable_key(result: dict | None) -> str | None:
    """A stored result is kept when it succeeded or failed on its configuration (same inputs,
    same error); a clone error, a timeout or a crash is always tried again."""
    if result and (result.get("status") == "ok" or result.get("stage") == "config"):
        return result.get("key")
    return None


def _line(row: dict) -> str:
    from indexer.fleet.safe import shown
    from indexer.fleet.task import one_line

    name = one_line(str(row["name"]), 120)
    if row["status"] == "failed":
        again = ", unchanged" if row.get("reused") else ""
        return f"{name}: FAILED ({row.get('stage')}{again}): {shown(row.get('error'), 400)}"
    state = "unchanged" if row.get("reused") else "scanned"
    memory = "" if row.get("has_memory") in (True, None) else ", no .orgmemory.yaml"
    return f"{name}: {state}, {row.get('findings', 0)} findings{memory} ({row.get('seconds') or 0} s)"


@command.command("merge")
@click.argument("results", nargs=-1, required=True, type=click.Path(exists=True))
@_STANDARDS
@click.option("--now", type=DayType(), default=None,
              help="The date to judge org review_by dates against. [default: the newest --now of the results]")
@_output_options
def merge(results, standards, now, fmt, html_out, usage):
    """Put per-repository results made anywhere into one fleet report.

    RESULTS are files or folders of JSON: `orgmemory scan --format json` output (say, one per
    job of a CI matrix, named after its repository) or fleet results (WORK/results/*.json).
    A plain scan cannot tell whether a repository has its own .orgmemory.yaml, what it
    overrides or what is in a standard's scope: those show as unknown. Have a CI job run
    `orgmemory fleet scan` on a one-line list `.` and upload WORK/results/*.json for all of it.
    """
    from indexer.fleet.aggregate import read_result_file
    from indexer.fleet.standards import load_org_standards

    files = []
    for given in results:
        if os.path.isdir(given):
            files += sorted(os.path.join(given, n) for n in os.listdir(given) if n.endswith(".json"))
        else:
            files.append(given)
    if not files:
        raise OrgmemoryError("no .json result files in " + ", ".join(results))
    loaded = [read_result_file(f) for f in files]
    names: dict[str, str] = {}
    for path, result in zip(files, loaded):
        if result["name"] in names:
            raise OrgmemoryError(f"{path}: repository name {result['name']!r} is also the name in {names[result['name']]}")
        names[result["name"]] = path
    org = load_org_standards(standards, os.path.join(os.getcwd(), "orgmemory-fleet")) if standards else _no_org()
    if now is None:
        now = max((_day(r.get("now")) for r in loaded if _day(r.get("now"))), default=None)
    _emit(loaded, org, now, [], usage, fmt, html_out)


@command.command("report")
@_WORK
@_STANDARDS
@click.option("--now", type=DayType(), default=None,
              help="The date to judge org review_by dates against. [default: the last run's --now]")
@_output_options
def report(workdir, standards, now, fmt, html_out, usage):
    """Report on the last `fleet scan` in WORK: the standards × repositories matrix, migration
    progress per declared legacy path (over time, from earlier runs), expired and never-primed
    org standards, stale-TODO and dangling-reference counts, repositories without memory,
    and failures.
    """
    from indexer.fleet import store
    from indexer.fleet.standards import describe, load_org_standards

    manifests = store.load_manifests(workdir)
    if not manifests:
        raise OrgmemoryError(f"{workdir}: no fleet run found; run `orgmemory fleet scan LIST --work {workdir}` first")
    last = manifests[-1]
    keys = [os.path.basename(r["result"])[:-5] for r in last.get("repositories") or () if r.get("result")]
    results = store.load_results(workdir, keys)
    failed_without_result = [r for r in last.get("repositories") or ()
                             if r.get("status") == "failed" and not any(x.get("name") == r.get("name") for x in results)]
    results += [{"fleet_result": 1, **{k: r.get(k) for k in ("name", "source", "status", "stage", "error")}}
                for r in failed_without_result]
    if standards:
        org = load_org_standards(standards, workdir)
    else:
        org = _no_org()
        copy = os.path.join(workdir, "org-standards.yaml")
        if last.get("standards") and os.path.isfile(copy):
            with open(copy, "rb") as handle:
                org = describe(handle.read(), last["standards"])
    _emit(results, org, now or _day(last.get("now")), manifests, usage, fmt, html_out)


def _emit(results, org, now, manifests, usage, fmt, html_out) -> None:
    from indexer.fleet.aggregate import aggregate

    data = aggregate(results, org, now, manifests, usage)
    if html_out:
        from indexer.atomic import write_atomic
        from indexer.fleet.page import render

        write_atomic(html_out, render(data))
    if fmt == "json":
        click.echo(json.dumps(data, indent=2, sort_keys=True))
    else:
        click.echo(_text(data) + (f"\nWrote {html_out}" if html_out else ""))


def _text(data: dict) -> str:
    from indexer.fleet.task import one_line

    s = data["summary"]
    lines = [f"{s['repositories']} repositories: {s['scanned']} scanned, {s['failed']} failed, "
             f"{s['without_memory']} without .orgmemory.yaml, {s['findings']} findings (--now {data['now']})."]
    for row in data["standards"]["rows"]:
        parts = [f"{len(row['violating'])} violating ({row['violations']} findings)"]
        for key, label in (("overridden", "overridden"), ("expired", "expired"), ("not_applicable", "n/a")):
            if row[key]:
                parts.append(f"{len(row[key])} {label}")
        lines.append(f"standard {one_line(row['id'], 80)}: " + ", ".join(parts))
    for item in data["migration"]:
        done = len(item["repositories_done"])
        total = done + len(set(item["repositories_pointing"]) | set(item["repositories_holding"]))
        lines.append(f"legacy {one_line(item['path'], 120)}: {done}/{total} repositories migrated, "
                     f"{item['references']} references left in {len(item['repositories_pointing'])}")
    for item in data["standards_health"]:
        if item["expired"] or item["never_primed"]:
            lines.append(f"org standard {one_line(item['id'], 80)}: "
                         + ", ".join(x for x in ("expired" if item["expired"] else "",
                                                 "never primed" if item["never_primed"] else "") if x))
    if data["without_memory"]:
        lines.append("without .orgmemory.yaml: " + ", ".join(one_line(n, 120) for n in data["without_memory"]))
    for failure in data["failures"]:
        lines.append(f"failed {one_line(str(failure['name']), 120)} ({failure.get('stage')}): "
                     f"{failure.get('error')}")
    return "\n".join(lines)


def _day(value):
    from datetime import date

    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def _no_org():
    from indexer.fleet.standards import NO_STANDARDS

    return NO_STANDARDS
