"""What the prime index holds: active standards, resolutions and findings as `IndexDoc`s.

* Standards: every one not superseded (superseded ones are kept in the YAML for the record and
  never primed). Expiry is decided at prime time against `--now`.
* Resolutions: one per legacy path, from the scan's `resolutions` (the contradiction
  stage), plus every `legacy:` entry of the YAML that stage did not resolve, because a declared
  legacy path is a resolution by definition.
* Findings: the scan's findings except those a resolution or a standard already says:
  `legacy-path` of a resolved path, `legacy-reference` listed among a resolution's
  `still_pointing`, `expired-standard` (the standard itself carries the mark), and other
  findings on a line reported as `suspicious-instruction` (that finding stands for the line).

Payloads are plain JSON so the read side needs nothing but `json`.
"""
from __future__ import annotations

import posixpath
from typing import Any, Iterable, Mapping

from indexer.findings import Finding
from indexer.models import Config, Evidence, LegacyPath, Resolution, Standard
from indexer.prime.index import IndexDoc

MAX_STILL_POINTING = 20
SKIPPED_RULES = frozenset({"expired-standard"})
SUSPICIOUS = "suspicious-instruction"
# what the block shows of a finding (stored records are read on every prime: keep them small)
FINDING_FIELDS = ("rule", "severity", "path", "line", "fingerprint", "message", "text", "standard",
                  "require", "glob", "kind", "target")
_STANDARD_FIELDS = ("id", "statement", "kind", "priority", "scope", "tags", "source", "owner",
                    "added", "review_by", "file", "line")


def build_documents(config: Config, findings: Iterable[Finding], resolutions: Iterable[Mapping[str, Any]],
                    dates: Mapping[str, Mapping[int, dict[str, Any]]] | None = None) -> list[IndexDoc]:
    """`dates` says when each finding's line changed and who changed it (`provenance`)."""
    active = [s for s in config.standards if s.in_force]  # never superseded ones nor proposals
    resolved = merged_resolutions(config.legacy, resolutions)
    tags_by_standard = {s.id: s.tags for s in active}
    docs = [standard_doc(s, order) for order, s in enumerate(active)]
    docs += [resolution_doc(r) for r in resolved]
    findings = list(findings)
    covered_paths = {r["legacy_path"] for r in resolved}
    covered_refs = {(ref["path"], ref["line"]) for r in resolved for ref in r.get("still_pointing", ())}
    suspicious = {(f.path, f.line) for f in findings if f.rule == SUSPICIOUS}
    for finding in findings:
        if _already_said(finding, covered_paths, covered_refs, suspicious) or _low_information(finding):
            continue
        docs.append(finding_doc(finding, tags_by_standard, (dates or {}).get(finding.path, {}).get(finding.line)))
    return docs


_MARKERS = frozenset("todo fixme xxx hack bug note optimize review later tbd finish this comment here it do fix "
                     "something needs need maybe cleanup clean implement implemented remove".split())


def _low_information(finding: Finding) -> bool:
    """A marker comment that says nothing beyond its marker ("TODO: ...", "TODO: fix this",
    "FIXME(bob): finish"): fewer than two words of content, not worth an agent's tokens."""
    if finding.rule != "stale-todo":
        return False
    import re

    text = str(finding.details.get("text") or finding.message)
    text = re.sub(r"\([^)]*\)", " ", text)  # TODO(owner)
    words = [w for w in re.findall(r"[^\W\d_]{2,}", text.lower()) if w not in _MARKERS]
    return len(words) < 2


def _already_said(finding: Finding, covered_paths: set[str], covered_refs: set[tuple[str, int]],
                  suspicious: set[tuple[str, int | None]]) -> bool:
    """Said by a resolution or a standard, or a line that `suspicious-instruction` stands for."""
    if finding.rule in SKIPPED_RULES:
        return True
    if finding.rule != SUSPICIOUS and (finding.path, finding.line) in suspicious:
        return True
    if finding.rule == "legacy-path":
        return finding.path in covered_paths
    if finding.rule == "legacy-reference":
        return (finding.path, finding.line) in covered_refs
    return False


# --------------------------------------------------------------------------- standards
def standard_doc(standard: Standard, order: int) -> IndexDoc:
    payload = {name: value for name, value in standard.to_json().items() if name in _STANDARD_FIELDS}
    payload["order"] = order
    specific = [glob for glob in standard.scope if glob.strip("*/")]
    return IndexDoc(
        key=f"standard:{standard.id}", kind="standard", payload=payload,
        text=standard.statement, tags=" ".join(standard.tags), paths=" ".join(specific),
        ident=standard.id,
    )


# --------------------------------------------------------------------------- resolutions
def merged_resolutions(legacy: Iterable[LegacyPath],
                       resolutions: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The contradiction stage's resolutions, completed by declared legacy paths it lacks."""
    out = {r["legacy_path"]: dict(r) for r in resolutions}
    for entry in legacy:
        out.setdefault(entry.path, declared_resolution(entry).to_json())
    return [_trimmed(out[path]) for path in sorted(out)]


def declared_resolution(entry: LegacyPath) -> Resolution:
    successor = f"; use {entry.successor}" if entry.successor else ""
    since = f" since {entry.since.isoformat()}" if entry.since else ""
    return Resolution(
        id=f"legacy:{entry.path}", legacy_path=entry.path, successor=entry.successor, declared=True,
        confidence=1.0, statement=f"{entry.path} is legacy{since}{successor}. {entry.note or ''}".strip(),
        evidence=(Evidence(kind="declared", summary=f"declared legacy in {entry.file}", path=entry.file,
                           line=entry.line, date=entry.since.isoformat() if entry.since else None),),
    )


def _trimmed(resolution: dict[str, Any]) -> dict[str, Any]:
    pointing = sorted(resolution.get("still_pointing") or (), key=lambda r: (r["path"], r["line"]))
    resolution["still_pointing"] = pointing[:MAX_STILL_POINTING]
    resolution["still_pointing_total"] = len(pointing)
    return resolution


def resolution_doc(resolution: Mapping[str, Any]) -> IndexDoc:
    pointing = resolution.get("still_pointing", ())
    evidence = resolution.get("evidence", ())
    places = [resolution["legacy_path"], resolution.get("successor") or ""]
    places += [ref["path"] for ref in pointing]
    text = " ".join([resolution.get("statement", ""), *(e.get("summary", "") for e in evidence),
                     *(ref.get("text", "") for ref in pointing)])
    return IndexDoc(
        key=f"resolution:{resolution['id']}", kind="resolution", payload=dict(resolution),
        text=text, tags="legacy deprecated migration successor", paths=" ".join(p for p in places if p),
        ident=resolution["legacy_path"], dirs=_dirs(p for p in places if p),
    )


# --------------------------------------------------------------------------- findings
def finding_doc(finding: Finding, tags_by_standard: Mapping[str, tuple[str, ...]],
                dated: dict[str, Any] | None = None) -> IndexDoc:
    full = finding.to_json()
    payload = {name: full[name] for name in FINDING_FIELDS if full.get(name) not in (None, "", [])}
    if "text" in payload or "standard" in payload:
        payload.pop("message", None)  # the block quotes the text, or names the standard
    payload["dated"] = dated or {}
    standard = full.get("standard")
    tags = tags_by_standard.get(standard, ()) if isinstance(standard, str) else ()
    return IndexDoc(
        key=f"finding:{finding.fingerprint}:{finding.line or 0}", kind="finding", payload=payload,
        text=str(full.get("text") or finding.message), tags=" ".join(tags), paths=finding.path,
        ident=finding.rule, dirs=_dirs([finding.path]),
    )


def _dirs(paths: Iterable[str]) -> tuple[str, ...]:
    """Each path and every folder above it: what `--paths` looks records up by."""
    out: set[str] = set()
    for path in paths:
        path = posixpath.normpath(path).strip("/")
        while path and path != ".":
            out.add(path)
            path = posixpath.dirname(path)
    return tuple(sorted(out))
