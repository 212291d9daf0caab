"""The work folder: clones, scan caches, one result per repository, one manifest per run.

    WORK/repos/<key>/      the clone (key: a slug of the name and a hash of source and ref)
    WORK/cache/<key>/      that repository's scan cache (so a re-scan after a change is warm)
    WORK/results/<key>.json the latest result of that repository (`task.scan_one`'s dict)
    WORK/runs/<now>_<UTC time>.json  what one run saw: the per-repository summaries, for
                           "over time" in the report
    WORK/standards/        the clone of a git `--standards` source

Every file is replaced atomically (`indexer.atomic`), so an interrupted run leaves the last
complete result of each repository.
"""
from __future__ import annotations

import json
import os
import time
from datetime import date

from indexer.atomic import write_atomic

__all__ = ["result_path", "load_result", "save_result", "save_manifest", "load_manifests",
           "load_results"]


def result_path(workdir: str, key: str) -> str:
    return os.path.join(workdir, "results", key + ".json")


def load_result(workdir: str, key: str) -> dict | None:
    try:
        with open(result_path(workdir, key), encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def save_result(workdir: str, key: str, result: dict) -> None:
    os.makedirs(os.path.join(workdir, "results"), exist_ok=True)
    write_atomic(result_path(workdir, key), json.dumps(result, sort_keys=True, separators=(",", ":")))


def load_results(workdir: str, keys: list[str] | None = None) -> list[dict]:
    """The stored results (of `keys`, or every one), sorted by name."""
    folder = os.path.join(workdir, "results")
    if keys is None:
        try:
            keys = [name[:-5] for name in os.listdir(folder) if name.endswith(".json")]
        except FileNotFoundError:
            keys = []
    found = [r for r in (load_result(workdir, key) for key in keys) if r is not None]
    return sorted(found, key=lambda r: str(r.get("name")))


def save_manifest(workdir: str, now: date, manifest: dict) -> str:
    folder = os.path.join(workdir, "runs")
    os.makedirs(folder, exist_ok=True)
    stamp = now.isoformat() + time.strftime("_%Y%m%dT%H%M%SZ", time.gmtime())
    path = os.path.join(folder, stamp + ".json")
    suffix = 1
    while os.path.exists(path):
        suffix += 1
        path = os.path.join(folder, f"{stamp}-{suffix}.json")
    write_atomic(path, json.dumps(manifest, sort_keys=True, indent=1))
    return path


def load_manifests(workdir: str) -> list[dict]:
    """Every run manifest, oldest first (by file name: `--now`, then the UTC time)."""
    folder = os.path.join(workdir, "runs")
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except FileNotFoundError:
        return []
    out = []
    for name in names:
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            out.append(data)
    return out
