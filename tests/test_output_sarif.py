"""SARIF `partialFingerprints` tell identical lines in one file apart (defect 8 of the unseen check).

GitHub code scanning identifies an alert by its partial fingerprint: two identical TODO lines in
one file share the finding fingerprint (rule + path + text), so without an occurrence number their
alerts merge into one.
"""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from _integrations import NOW, invoke, scan_json

SCHEMA = Path(__file__).with_name("sarif-schema-2.1.0.json")
KEY = "orgmemory/v1"


def _sarif(root) -> dict:
    return json.loads(invoke("scan", str(root), "--now", NOW, "--format", "sarif").stdout)


def test_identical_todo_lines_in_one_file_get_distinct_stable_partial_fingerprints(repo):
    """The same note on three lines of a file is one result, the other lines its related locations;
    the same note in another file, and another note, are results of their own."""
    same = "# TODO: remove with v3.7\n"
    repo.commit("2022-01-01", files={"a.py": same + "x = 1\n" + same + same + "# TODO: other\n",
                                     "b.py": same, "c.py": "# TODO: other\n" + same})
    log = _sarif(repo.root)
    jsonschema.validate(log, json.loads(SCHEMA.read_text(encoding="utf-8")))
    results = log["runs"][0]["results"]
    assert len({r["partialFingerprints"][KEY] for r in results}) == len(results) == 5
    findings = {(f["path"], f["line"]): f["fingerprint"] for f in scan_json(repo.root)["findings"]}
    a = {line: fp for (path, line), fp in findings.items() if path == "a.py"}
    by_uri = {}
    for r in results:
        loc = r["locations"][0]["physicalLocation"]
        by_uri[(loc["artifactLocation"]["uri"], loc["region"]["startLine"])] = r["partialFingerprints"][KEY]
    # the finding fingerprint is unchanged (baselines key on it); SARIF adds the occurrence in line order
    assert by_uri[("a.py", 1)] == f"{a[1]}:1" and by_uri[("a.py", 5)] == f"{a[5]}:1"
    assert by_uri[("b.py", 1)] == f"{findings[('b.py', 1)]}:1"
    related = next(r["relatedLocations"] for r in results if r["partialFingerprints"][KEY] == f"{a[1]}:1")
    assert [(x["id"], x["physicalLocation"]["region"]["startLine"]) for x in related] == [(1, 3), (2, 4)]

    # stable: an unrelated line inserted above keeps every value (the alert is tracked, not re-opened)
    repo.commit("2022-01-02", files={"a.py": "import os\n" + same + "x = 1\n" + same + same + "# TODO: other\n"})
    moved = sorted(r["partialFingerprints"][KEY] for r in _sarif(repo.root)["runs"][0]["results"])
    assert moved == sorted(by_uri.values())
