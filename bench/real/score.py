"""Score `orgmemory scan` on the real-repository dev set against the hand labels.

    python bench/real/checkout.py                      # work trees at the pinned commits
    python bench/real/score.py                         # scan each (one at a time) and score
    python bench/real/score.py --reuse --details       # score saved scans; list misses/false hits
    python bench/real/score.py --markdown              # the table for README.md

Labels: labels/<name>.json, a list of {path, line, rule, token, verdict: tp|fp, reason}.
A finding matches a label on (rule, path, line); legacy-path matches on (rule, path) alone; a
stale TODO's note said on several lines (one finding, its `lines`) matches the label of each.
A finding matching a tp label is a TP, one matching an fp label an FP; a tp label no finding
matches is a miss (FN); a finding with no label is "unjudged" (not in precision, listed under
--details so someone can label it). Only the rules below are scored.
Raw scan JSON goes to --scans (default /tmp/orgmemory-devset-scans), never into the repo.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = ("stale-todo", "dangling-reference", "legacy-path", "legacy-reference")


def key(rule: str, path: str, line) -> tuple:
    return (rule, path) if rule == "legacy-path" else (rule, path, int(line or 0))


def run_scan(repo: dict, work: Path, scans: Path, cache_root: Path, orgmemory: str) -> dict | None:
    tree = work / repo["name"]
    if not tree.is_dir():
        print(f"skip {repo['name']}: no work tree at {tree} (run checkout.py)", file=sys.stderr)
        return None
    cache = cache_root / repo["name"]
    cmd = [orgmemory, "scan", str(tree), "--format", "json", "--now", repo["now"],
           "--fail-on", "never", "--cache-dir", str(cache)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    took = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        print(f"{repo['name']}: scan failed ({proc.returncode}): {proc.stderr.strip()[:400]}", file=sys.stderr)
        return None
    scans.mkdir(parents=True, exist_ok=True)
    (scans / f"{repo['name']}.json").write_text(proc.stdout)
    print(f"{repo['name']}: scanned in {took:.1f} s", file=sys.stderr)
    return json.loads(proc.stdout)


def score(findings: list[dict], labels: list[dict]) -> dict:
    """Per rule: tp, fp, fn, unjudged counts and the lists behind them."""
    by_key = {}
    for label in labels:
        by_key[key(label["rule"], label["path"], label.get("line"))] = label
    out = {rule: {"tp": [], "fp": [], "fn": [], "unjudged": []} for rule in RULES}
    matched = set()
    # a stale TODO's note said on several lines is one finding naming them (`lines`): the labels are per line
    findings = [{**f, "line": line} for f in findings for line in f.get("lines") or [f.get("line")]]
    for f in findings:
        if f["rule"] not in RULES:
            continue
        k = key(f["rule"], f["path"], f.get("line"))
        label = by_key.get(k)
        if label is None:
            out[f["rule"]]["unjudged"].append(f)
        elif k in matched:
            continue  # a second finding on the same labelled key counts once
        else:
            matched.add(k)
            out[f["rule"]]["tp" if label["verdict"] == "tp" else "fp"].append((f, label))
    for k, label in by_key.items():
        if label["verdict"] == "tp" and k not in matched and label["rule"] in RULES:
            out[label["rule"]]["fn"].append(label)
    return out


def ratio(a: int, b: int) -> str:
    return f"{a / b:.2f}" if b else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only these repositories (default: all)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/orgmemory-devset"))
    parser.add_argument("--scans", type=Path, default=Path("/tmp/orgmemory-devset-scans"))
    parser.add_argument("--cache-root", type=Path, default=Path("/tmp/devset-cache"))
    parser.add_argument("--orgmemory", default=os.environ.get("ORGMEMORY_BIN", "orgmemory"))
    parser.add_argument("--repos", type=Path, default=HERE / "repos.json",
                        help="the repositories to score (unseen.json: check sets, not for tuning); an entry's "
                             "\"labels\" names its label file (default <name>.json)")
    parser.add_argument("--reuse", action="store_true", help="read saved scans instead of scanning")
    parser.add_argument("--details", action="store_true", help="list misses, false hits, unjudged")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)

    repos = [r for r in json.loads(args.repos.read_text())
             if not args.names or r["name"] in args.names]
    totals = {rule: defaultdict(int) for rule in RULES}
    rows = []
    details = []
    for repo in repos:
        saved = args.scans / f"{repo['name']}.json"
        if args.reuse and saved.exists():
            data = json.loads(saved.read_text())
        else:
            data = run_scan(repo, args.work, args.scans, args.cache_root, args.orgmemory)
            if data is None:
                continue
        label_file = HERE / "labels" / repo.get("labels", f"{repo['name']}.json")
        labels = json.loads(label_file.read_text()) if label_file.exists() else []
        result = score(data["findings"], labels)
        before = len(rows)
        for rule in RULES:
            r = result[rule]
            n = {k: len(v) for k, v in r.items()}
            if not any(n.values()) and not any(l["rule"] == rule for l in labels):
                continue
            rows.append((repo["name"], rule, n))
            for k in n:
                totals[rule][k] += n[k]
            for f, label in r["fp"]:
                details.append(f"{repo['name']} {rule} FALSE HIT {f['path']}:{f.get('line')} — {label['reason']}")
            for label in r["fn"]:
                details.append(f"{repo['name']} {rule} MISS {label['path']}:{label.get('line')} "
                               f"[{label['token']}] — {label['reason']}")
            for f in r["unjudged"]:
                details.append(f"{repo['name']} {rule} UNJUDGED {f['path']}:{f.get('line')} "
                               f"{f.get('message', '')[:140]}")
        if len(rows) == before:
            rows.append((repo["name"], "(no findings, no labels)", dict.fromkeys(("tp", "fp", "fn", "unjudged"), 0)))
    for rule in RULES:
        n = totals[rule]
        if any(n.values()):
            rows.append(("ALL", rule, dict(n)))

    header = ("repo", "rule", "TP", "FP", "FN", "unjudged", "precision", "recall")
    table = [(name, rule, n["tp"], n["fp"], n["fn"], n["unjudged"],
              ratio(n["tp"], n["tp"] + n["fp"]), ratio(n["tp"], n["tp"] + n["fn"]))
             for name, rule, n in rows]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(["---", "---"] + ["---:"] * 6) + "|")
        for row in table:
            cells = [f"**{c}**" if row[0] == "ALL" else str(c) for c in row]
            print("| " + " | ".join(cells) + " |")
    else:
        print(f"{'repo':18} {'rule':19} {'TP':>4} {'FP':>4} {'FN':>4} {'unjudged':>8} {'prec':>5} {'recall':>6}")
        for row in table:
            print(f"{row[0]:18} {row[1]:19} {row[2]:4} {row[3]:4} {row[4]:4} {row[5]:8} {row[6]:>5} {row[7]:>6}")
    if args.details:
        print()
        print("\n".join(details))
    return 0


if __name__ == "__main__":
    sys.exit(main())
