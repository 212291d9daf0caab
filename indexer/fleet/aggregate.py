"""The platform team's view of a fleet, as one plain dict (`fleet report --format json`).

Input: results, either `scan_one`'s dicts (a `fleet scan` work folder) or plain
`orgmemory scan --format json` objects from anywhere (a CI matrix). A plain scan cannot tell
whether the repository has its own memory file, which standards it overrides or which are in
its scope: those cells are `null` (unknown), never guessed.

Sections: `standards` (the standards x repositories matrix), `migration` (per declared legacy
path, with the earlier runs), `standards_health` (expired, never primed), `repositories`
(stale-todo and dangling-reference counts, ...), `without_memory`, `failures`.
"""
from __future__ import annotations

import json
import os
from collections import Counter
from datetime import date
from typing import Iterable

from indexer.errors import OrgmemoryError
from indexer.fleet.safe import shown
from indexer.fleet.standards import OrgStandards

__all__ = ["normalize", "read_result_file", "summarize", "aggregate", "REPORT_VERSION"]

REPORT_VERSION = 1
DANGLING = ("dangling-reference", "dangling-command")


def read_result_file(path: str) -> dict:
    """One per-repository JSON file (a fleet result or a scan's JSON); exit 2 when it is neither."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise OrgmemoryError(f"{path}: cannot read ({error.strerror})") from None
    except ValueError as error:
        raise OrgmemoryError(f"{path}: not JSON ({error})") from None
    return normalize(data, path)


def normalize(data: object, origin: str) -> dict:
    if isinstance(data, dict) and data.get("fleet_result") == 1 and isinstance(data.get("name"), str):
        return data
    if isinstance(data, dict) and isinstance(data.get("findings"), list) and data.get("version") == 1:
        stem = os.path.basename(origin).rsplit(".", 1)[0]
        return {"fleet_result": 1, "name": stem or os.path.basename(str(data.get("root") or "repo")),
                "source": origin, "status": "ok", "stage": None, "error": None,
                "head": data.get("head"), "now": data.get("now"), "scan": data,
                "memory": None, "applicable": None}
    raise OrgmemoryError(f"{origin}: neither an `orgmemory scan --format json` object nor a "
                         "fleet result")


def summarize(result: dict, org: OrgStandards) -> dict:
    """What the report needs of one repository (also stored per run in the manifest)."""
    out = {key: result.get(key) for key in ("name", "source", "ref", "status", "stage", "error",
                                            "head", "now", "seconds", "max_rss_mb")}
    scan = result.get("scan")
    if result.get("status") != "ok" or not isinstance(scan, dict):
        return out
    findings = [f for f in scan.get("findings") or () if isinstance(f, dict)]
    memory = result.get("memory")
    own_ids = set(memory.get("ids") or ()) if isinstance(memory, dict) else None
    out["has_memory"] = bool(memory.get("file")) if isinstance(memory, dict) else None
    out["counts"] = dict(sorted(Counter(str(f.get("rule")) for f in findings).items()))
    out["findings"] = len(findings)
    violations = Counter(str(f.get("standard")) for f in findings if f.get("rule") == "standard-violation")
    expired = {str(f.get("standard")) for f in findings if f.get("rule") == "expired-standard"}
    applicable = result.get("applicable") if isinstance(result.get("applicable"), dict) else None
    ids = org.ids or sorted(set(violations) | expired)
    out["standards"] = {
        sid: {"violations": violations.get(sid, 0),
              "applicable": applicable.get(sid) if applicable is not None else None,
              "overridden": (sid in own_ids) if own_ids is not None else None,
              "expired": sid in expired}
        for sid in ids}
    legacy: dict[str, dict] = {}
    present = result.get("legacy_present") if isinstance(result.get("legacy_present"), dict) else {}
    for resolution in scan.get("resolutions") or ():
        if isinstance(resolution, dict) and resolution.get("declared"):
            path = str(resolution.get("legacy_path") or "").strip("/")
            # a plain scan JSON: a declared path that exists has more evidence than its declaration
            there = present.get(path, any(isinstance(e, dict) and e.get("kind") != "declared"
                                          for e in resolution.get("evidence") or ()))
            legacy[path] = {"present": bool(there), "references": len(resolution.get("still_pointing") or ()),
                            "successor": resolution.get("successor")}
    for item in org.legacy:
        legacy.setdefault(item["path"], {"present": False, "references": 0, "successor": item.get("successor")})
    out["legacy"] = legacy
    return out


def aggregate(results: Iterable[dict], org: OrgStandards, now: date | None,
              manifests: Iterable[dict] = (), usage: Iterable[str] = ()) -> dict:
    repos = [summarize(r, org) for r in results]
    scanned = [r for r in repos if r.get("status") == "ok"]
    primed = _primed(usage)
    return {
        "version": REPORT_VERSION,
        "now": now.isoformat() if now else None,
        "org": org.org,
        "standards_file": org.display or None,
        "summary": {
            "repositories": len(repos), "scanned": len(scanned),
            "failed": sum(r.get("status") == "failed" for r in repos),
            "without_memory": sum(r.get("has_memory") is False for r in scanned),
            "findings": sum(r.get("findings", 0) for r in scanned),
        },
        "standards": _matrix(scanned, org),
        "migration": _migration(scanned, org, list(manifests)),
        "standards_health": _health(scanned, org, now, primed),
        "repositories": [_row(r) for r in repos],
        "without_memory": [r["name"] for r in scanned if r.get("has_memory") is False],
        "memory_unknown": [r["name"] for r in scanned if r.get("has_memory") is None],
        "failures": [{**{k: r.get(k) for k in ("name", "source", "stage")}, "error": shown(r.get("error"), 400)}
                     for r in repos if r.get("status") == "failed"],
    }


def _matrix(scanned: list[dict], org: OrgStandards) -> dict:
    ids = org.ids or sorted({sid for r in scanned for sid in r.get("standards", {})})
    rows = []
    for sid in ids:
        cells = {r["name"]: r.get("standards", {}).get(sid) for r in scanned}
        rows.append({
            "id": sid,
            "statement": next((s["statement"] for s in org.standards if s["id"] == sid), None),
            "cells": cells,
            "violating": sorted(n for n, c in cells.items() if c and c["violations"]),
            "violations": sum(c["violations"] for c in cells.values() if c),
            "not_applicable": sorted(n for n, c in cells.items() if c and c["applicable"] is False),
            "overridden": sorted(n for n, c in cells.items() if c and c["overridden"]),
            "expired": sorted(n for n, c in cells.items() if c and c["expired"]),
        })
    return {"repositories": [r["name"] for r in scanned], "rows": rows}


def _migration(scanned: list[dict], org: OrgStandards, manifests: list[dict]) -> list[dict]:
    declared_by_org = {item["path"] for item in org.legacy}
    paths = sorted({p for r in scanned for p in r.get("legacy", {})})
    out = []
    for path in paths:
        states = {r["name"]: r["legacy"][path] for r in scanned if path in r.get("legacy", {})}
        pointing = sorted(n for n, s in states.items() if s["references"])
        holding = sorted(n for n, s in states.items() if s["present"])
        successor = next((s.get("successor") for s in states.values() if s.get("successor")), None)
        out.append({
            "path": path, "successor": successor, "declared_by": "org" if path in declared_by_org else "repository",
            "repositories_pointing": pointing, "repositories_holding": holding,
            "references": sum(s["references"] for s in states.values()),
            "repositories_done": sorted(set(states) - set(pointing) - set(holding)),
            "history": _history(path, manifests),
        })
    return out


def _history(path: str, manifests: list[dict]) -> list[dict]:
    """Per `--now` day of earlier runs (the last run of each day): repositories and references."""
    by_day: dict[str, dict] = {}
    for manifest in manifests:
        day = manifest.get("now")
        rows = [r for r in manifest.get("repositories") or () if isinstance(r, dict)]
        states = [r["legacy"][path] for r in rows if isinstance(r.get("legacy"), dict) and path in r["legacy"]]
        if day and states:
            by_day[day] = {"now": day,
                           "repositories": sum(1 for s in states if s.get("references") or s.get("present")),
                           "references": sum(int(s.get("references") or 0) for s in states)}
    return [by_day[d] for d in sorted(by_day)]


def _health(scanned: list[dict], org: OrgStandards, now: date | None, primed: Counter | None) -> list[dict]:
    out = []
    for standard in org.standards:
        sid = standard["id"]
        review_by = standard.get("review_by")
        out.append({
            "id": sid, "owner": standard.get("owner"), "review_by": review_by,
            "expired": bool(review_by and now and review_by < now.isoformat()),
            "expired_in": sorted(r["name"] for r in scanned if (r.get("standards", {}).get(sid) or {}).get("expired")),
            "primed": primed.get(sid, 0) if primed is not None else None,
            "never_primed": (primed.get(sid, 0) == 0) if primed is not None else None,
        })
    return out


def _primed(usage: Iterable[str]) -> Counter | None:
    """How often each id was injected, from `usage.jsonl` logs; None when none were given."""
    files = list(usage)
    if not files:
        return None
    counts: Counter = Counter()
    for path in files:
        try:
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    try:
                        entry = json.loads(line)
                    except ValueError:
                        continue
                    if isinstance(entry, dict):
                        counts.update(str(i) for i in entry.get("ids") or () if isinstance(i, str))
        except OSError as error:
            raise OrgmemoryError(f"--usage {path}: cannot read ({error.strerror})") from None
    return counts


def _row(summary: dict) -> dict:
    counts = summary.get("counts") or {}
    row = {k: summary.get(k) for k in ("name", "source", "ref", "status", "head", "has_memory",
                                       "seconds", "max_rss_mb")}
    if summary.get("status") == "ok":
        row.update(findings=summary.get("findings", 0),
                   stale_todo=counts.get("stale-todo", 0),
                   dangling=sum(counts.get(rule, 0) for rule in DANGLING),
                   legacy_references=counts.get("legacy-reference", 0),
                   violations=counts.get("standard-violation", 0),
                   expired=counts.get("expired-standard", 0))
    return row


