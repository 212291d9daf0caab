"""The knowledge graph of the conflicts, and one resolved truth per legacy path.

Nodes are paths (`("path", "deploy/legacy")`), artifacts (a doc line, comment, config entry
or TODO: `("artifact", "README.md:23")`) and standards (`("standard", "deploy-v2-only")`).
Edges say `reference` (artifact -> path it names), `contains` (folder -> what is inside),
`successor` (legacy path -> its successor), `supersedes` (standard -> standard),
`asks-to-migrate` (TODO/comment -> legacy path) and `mentions` (standard -> path).

Only what bears on a conflict is in the graph: references into legacy paths and their
successors, the comments that ask to migrate, the standards that name them. From it,
`resolutions` states per legacy path what is true now, why, and who still says otherwise.

`resolutions` reads only what the graph's `mentions` edges say (`mentions`, below), so a scan
never builds the graph: `Contradictions.graph` builds it when something asks for it, and
networkx is imported then (never by a scan or by `prime`).
"""
from __future__ import annotations

import posixpath
import re
from typing import Iterable

from typing import TYPE_CHECKING

from indexer.models import Evidence, Resolution, Standard

_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
_POINTING_SHOWN = 8

if TYPE_CHECKING:
    import networkx as nx


def build_graph(found, standards: Iterable[Standard]) -> "nx.MultiDiGraph":
    import networkx as nx

    graph = nx.MultiDiGraph()
    for legacy in found.legacy:
        _add_path(graph, legacy.path, legacy=True, declared=legacy.declared, confidence=legacy.confidence)
        if legacy.successor:
            _add_path(graph, legacy.successor)
            graph.add_edge(("path", legacy.path), ("path", legacy.successor), kind="successor")
        for watched in filter(None, (legacy.path, legacy.successor)):
            for resolved in found.incoming(watched):
                _add_reference(graph, resolved, found.is_claim_site(resolved.reference.path))
        for ask in legacy.asks:
            artifact = ("artifact", f"{ask.path}:{ask.line}")
            graph.add_node(artifact, kind="artifact", path=ask.path, line=ask.line, text=ask.text)
            graph.add_edge(artifact, ("path", legacy.path), kind="asks-to-migrate")
    for standard in standards:
        _add_standard(graph, standard, found.legacy)
    return graph


def _add_reference(graph: "nx.MultiDiGraph", resolved, claim: bool) -> None:
    """artifact -reference-> path, once per reference (a path may be watched twice)."""
    reference = resolved.reference
    artifact = ("artifact", f"{reference.path}:{reference.line}")
    if artifact not in graph:
        graph.add_node(artifact, kind="artifact", path=reference.path, line=reference.line, text=reference.text)
    node = ("path", resolved.path)
    _add_path(graph, resolved.path)
    known = graph.get_edge_data(artifact, node, default={}).values()
    if not any(data.get("resolved") is resolved for data in known):
        graph.add_edge(artifact, node, kind="reference", resolved=resolved,
                       deprecated=reference.deprecated, claim=claim)


def mentions(standard: Standard, path: str) -> bool:
    """Whether `standard`'s statement names `path` (the graph's `mentions` edge)."""
    return re.search(rf"(?<![\w/.-]){re.escape(path)}(?![\w-])", standard.statement) is not None


def _add_standard(graph: "nx.MultiDiGraph", standard: Standard, legacy_paths) -> None:
    node = ("standard", standard.id)
    graph.add_node(node, kind="standard", statement=standard.statement, file=standard.file,
                   line=standard.line, superseded=standard.superseded)
    for other in standard.supersedes:
        graph.add_edge(node, ("standard", other), kind="supersedes")
    for legacy in legacy_paths:
        for watched in filter(None, (legacy.path, legacy.successor)):
            if mentions(standard, watched):
                graph.add_edge(node, ("path", watched), kind="mentions")


def _add_path(graph: "nx.MultiDiGraph", path: str, **attributes) -> None:
    """The path's node, joined by `contains` edges to its folders up to the root."""
    node = ("path", path)
    if node in graph:
        graph.nodes[node].update(attributes)
        return
    graph.add_node(node, kind="path", **attributes)
    parent = posixpath.dirname(path)
    while parent and ("path", parent) not in graph:
        graph.add_node(("path", parent), kind="path")
        graph.add_edge(("path", parent), ("path", path), kind="contains")
        path, parent = parent, posixpath.dirname(parent)
    if parent:
        graph.add_edge(("path", parent), ("path", path), kind="contains")


def resolutions(found, standards: Iterable[Standard]) -> list[Resolution]:
    """One `Resolution` per legacy path: the standards in force whose `mentions` edge reaches the
    path or its successor (what the graph says, without building it)."""
    standards = [s for s in standards if s.in_force]
    out = []
    for legacy in found.legacy:
        stating = [s for s in standards
                   if mentions(s, legacy.path) or legacy.successor and mentions(s, legacy.successor)]
        pointing = found.pointing.get(legacy.path, [])
        evidence = list(legacy.evidence) + [
            Evidence(kind="standard", summary=f"standard {s.id}: {s.statement}", path=s.file, line=s.line)
            for s in stating]
        out.append(Resolution(
            id=f"legacy:{legacy.path}",
            legacy_path=legacy.path,
            successor=legacy.successor,
            declared=legacy.declared,
            confidence=legacy.confidence,
            statement=statement(legacy, stating, pointing),
            evidence=tuple(evidence),
            still_pointing=tuple(r.reference for r in pointing),
        ))
    return out


def statement(legacy, stating: list[Standard], pointing) -> str:
    """"Deploy through deploy/v2. deploy/legacy is legacy (declared in ...). Still pointing at it: ..." """
    truth = _truth(legacy, stating)
    reasons = []
    for evidence in legacy.evidence:
        if evidence.kind == "declared":
            reasons.append(f"declared in {evidence.path}:{evidence.line}")
        elif evidence.kind in ("activity", "activity-info"):
            reasons.append(evidence.summary)
        elif evidence.kind == "name":
            reasons.append(evidence.summary)
    asks = [e for e in legacy.evidence if e.kind == "migrate-comment"]
    if asks:
        reasons.append(f"{len(asks)} comment{'s' * (len(asks) != 1)} ask to migrate off it"
                       if len(asks) != 1 else f"{asks[0].path}:{asks[0].line} asks to migrate off it")
    if not legacy.declared:
        reasons.append(f"detected, confidence {legacy.confidence:.2f}")
    text = f"{truth} {legacy.path} is legacy ({'; '.join(reasons)})."
    if pointing:
        shown = [f"{r.reference.path}:{r.reference.line}" for r in pointing[:_POINTING_SHOWN]]
        more = len(pointing) - len(shown)
        text += f" Still pointing at it: {', '.join(shown)}" + (f" and {more} more." if more else ".")
    else:
        text += " Nothing else points at it."
    return text


def _truth(legacy, stating: list[Standard]) -> str:
    """The current truth: a standard's sentence naming the successor, else a plain one."""
    if legacy.successor:
        for standard in stating:
            for sentence in _SENTENCE.findall(" ".join(standard.statement.split())):
                if legacy.successor in sentence and legacy.path not in sentence:
                    return sentence.strip().rstrip(".") + "."
        return f"Use {legacy.successor}."
    return f"Do not build on {legacy.path}."
