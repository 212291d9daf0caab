"""Per-rule precision and recall of `orgmemory scan` against a labelled corpus.

    python3 ../shared/corpus/make_brownfield.py /tmp/bf
    python bench/accuracy.py /tmp/bf --now 2026-11-01

Labels (`<repo>.labels.json`): `expected` findings must be reported (recall), `forbidden` ones
must not (a reported forbidden entry is a false positive). A finding matches a label on rule,
path and line (a label with line null matches any line of that path).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys


def matches(finding: dict, label: dict) -> bool:
    if label.get("rule") not in (None, finding["rule"]) or finding["path"] != label["path"]:
        return False
    if label.get("standard") and finding.get("standard") not in (None, label["standard"]):
        return False
    return label.get("line") is None or finding["line"] == label["line"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo")
    parser.add_argument("--now", default="2026-11-01")
    parser.add_argument("--labels")
    parser.add_argument("--orgmemory", default="orgmemory")
    args = parser.parse_args(argv)
    labels = json.load(open(args.labels or args.repo.rstrip("/") + ".labels.json"))
    proc = subprocess.run([args.orgmemory, "scan", args.repo, "--now", args.now, "--format", "json",
                           "--fail-on", "never"], capture_output=True, text=True)
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        return 2
    findings = json.loads(proc.stdout)["findings"]
    rules = sorted({label["rule"] for label in labels["expected"]})
    print(f"{'rule':22} {'expected':>8} {'found':>6} {'missed':>6} {'forbidden hit':>13} {'recall':>7}")
    failed = False
    for rule in rules:
        expected = [label for label in labels["expected"] if label["rule"] == rule]
        found = [label for label in expected if any(matches(f, label) for f in findings)]
        forbidden = [label for label in labels["forbidden"] if label.get("rule") in (rule, None)
                     and any(matches(f, label) for f in findings if f["rule"] == rule)]
        recall = len(found) / len(expected)
        print(f"{rule:22} {len(expected):8} {len(found):6} {len(expected) - len(found):6} "
              f"{len(forbidden):13} {recall:7.2f}")
        for label in expected:
            if label not in found:
                print(f"    missed: {label['path']}:{label.get('line')} {label['note']}")
        for label in forbidden:
            print(f"    forbidden: {label['path']}:{label.get('line')} {label['note']}")
        failed |= bool(forbidden) or len(found) < len(expected)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
