"""The page's own CSS and JavaScript, inlined so the report is one file that works from file://.

Both are constants: no repository text ever reaches them, which is what lets the page's
Content-Security-Policy allow exactly these two blocks by hash and nothing else. The
JavaScript only enhances: without it every row is visible in its rendered order.

Filters and sort order live in the URL fragment (`#filter-owner=platform-guild&findings-q=x`)
so a filtered view can be linked to, and so a headless browser can be told what to apply.
"""
from __future__ import annotations

import base64
import hashlib

CSS = """
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --border: #d0d7de; --panel: #f6f8fa;
  --accent: #0550ae; --focus: #0969da;
  --error: #a40e26; --error-bg: #ffebe9; --warning: #7d4e00; --warning-bg: #fff8c5;
  --note: #0550ae; --note-bg: #ddf4ff; --ok: #116329; --ok-bg: #dafbe1;
  --muted-bg: #eaeef2; --legacy: #cf222e; --successor: #1a7f37; --fresh: #8c959f;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23;
    --accent: #4493f8; --focus: #58a6ff;
    --error: #ffa198; --error-bg: #3c1618; --warning: #e3b341; --warning-bg: #3a2c00;
    --note: #79c0ff; --note-bg: #0c2d6b; --ok: #56d364; --ok-bg: #0f3d1e;
    --muted-bg: #262c36; --legacy: #ff7b72; --successor: #3fb950; --fresh: #6e7681;
  }
}
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--fg); }
body {
  margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  background: var(--bg); color: var(--fg);
}
a { color: var(--accent); }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: 0.5rem 1rem; z-index: 10; }
.skip:focus { left: 0.5rem; }
.wrap { max-width: 1400px; margin: 0 auto; padding: 0 1.5rem; }
body > header { border-bottom: 1px solid var(--border); background: var(--panel); padding: 1rem 0; }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 0.75rem; padding-top: 0.5rem; border-top: 1px solid var(--border); }
h3 { font-size: 1.1rem; margin: 1.25rem 0 0.5rem; }
.facts { display: flex; flex-wrap: wrap; gap: 0.25rem 2rem; margin: 0; }
.facts div { display: flex; gap: 0.5rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
nav { position: sticky; top: 0; z-index: 5; background: var(--bg); border-bottom: 1px solid var(--border); }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0; padding: 0.5rem 0; }
nav a { text-decoration: none; font-weight: 600; }
nav a:hover { text-decoration: underline; }
section { scroll-margin-top: 3rem; }
.lead { color: var(--muted); margin-top: 0; }
.notes { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--border); }
thead th { background: var(--panel); font-size: 0.85rem; white-space: nowrap; }
tbody th { font-weight: normal; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.statement { max-width: 38rem; }
.small { font-size: 0.85rem; color: var(--muted); }
.nowrap { white-space: nowrap; }
.wrapall { overflow-wrap: anywhere; }
code.path { overflow-wrap: break-word; }
td.source { min-width: 11rem; overflow-wrap: break-word; }
.badge { display: inline-block; padding: 0 0.45rem; border-radius: 1rem; font-size: 0.8rem; font-weight: 600;
  border: 1px solid currentColor; white-space: nowrap; }
.s-active, .sev-ok { color: var(--ok); background: var(--ok-bg); }
.s-expired, .sev-warning { color: var(--warning); background: var(--warning-bg); }
.s-superseded, .s-proposed, .s-rejected { color: var(--muted); background: var(--muted-bg); }
.sev-error { color: var(--error); background: var(--error-bg); }
.sev-note { color: var(--note); background: var(--note-bg); }
.tag { display: inline-block; font-size: 0.8rem; color: var(--muted); background: var(--muted-bg);
  border-radius: 0.25rem; padding: 0 0.3rem; margin: 0 0.2rem 0.2rem 0; }
.filters { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; padding: 0.75rem;
  background: var(--panel); border: 1px solid var(--border); border-radius: 0.4rem; margin: 0.5rem 0; }
.filters label { display: flex; flex-direction: column; font-size: 0.85rem; font-weight: 600; }
select, input[type=search], button { font: inherit; color: var(--fg); background: var(--bg);
  border: 1px solid var(--border); border-radius: 0.3rem; padding: 0.25rem 0.5rem; }
input[type=search] { min-width: 18rem; }
button { cursor: pointer; }
th button { background: none; border: none; padding: 0; font-weight: 700; color: var(--accent); }
th button::after { content: " \\2195"; color: var(--muted); }
th[aria-sort=ascending] button::after { content: " \\2191"; }
th[aria-sort=descending] button::after { content: " \\2193"; }
.count { margin: 0.25rem 0; font-weight: 600; }
.card { border: 1px solid var(--border); border-radius: 0.5rem; padding: 0.25rem 1rem 0.5rem; margin: 1rem 0;
  background: var(--bg); }
.card h3 .arrow { color: var(--muted); }
.evidence li { margin: 0.2rem 0; }
.activity td { vertical-align: middle; }
.spark { display: block; }
.spark .bar { fill: currentColor; }
.spark .axis, .hist .axis { fill: var(--border); }
.spark.legacy { color: var(--legacy); }
.spark.successor { color: var(--successor); }
.hist .stale { fill: var(--legacy); }
.hist .fresh { fill: var(--fresh); }
.chart { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.chart figure { margin: 0; }
.chart table { width: auto; }
.key { display: inline-block; width: 0.8em; height: 0.8em; vertical-align: -0.05em; margin-right: 0.3em; }
.key.stale { background: var(--legacy); }
.key.fresh { background: var(--fresh); }
.key.legacy { background: var(--legacy); }
.key.successor { background: var(--successor); }
.empty { color: var(--muted); font-style: italic; }
.nodata { border: 1px dashed var(--border); border-radius: 0.4rem; padding: 0.75rem 1rem; color: var(--muted); }
pre.block { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--panel); border: 1px solid var(--border);
  border-radius: 0.4rem; padding: 1rem; max-height: 40rem; overflow: auto; }
meter { width: 12rem; }
details summary { cursor: pointer; color: var(--accent); }
footer { color: var(--muted); border-top: 1px solid var(--border); margin-top: 3rem; padding: 1rem 0 2rem; }
@media (max-width: 800px) { .statement { max-width: none; } input[type=search] { min-width: 0; width: 100%; } }
"""

JS = """
(function () {
  "use strict";

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $$(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  /* The fragment holds filters (a=b&c=d); a bare #id is an ordinary anchor. */
  function fragmentParams() {
    var hash = location.hash.slice(1);
    return hash.indexOf("=") < 0 ? null : new URLSearchParams(hash);
  }

  function controls() { return $$("[data-param]"); }

  function writeFragment() {
    var params = new URLSearchParams();
    controls().forEach(function (c) {
      var value = c.dataset.param === "findings-sort" ? c.dataset.value : c.value;
      if (value) { params.set(c.dataset.param, value); }
    });
    var text = params.toString();
    try {
      history.replaceState(null, "", text ? "#" + text : location.pathname + location.search);
    } catch (error) {
      /* Some browsers refuse history changes on file:// pages; the view still works. */
    }
  }

  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  /* ---------------------------------------------------------------- standards */
  function applyStandards() {
    var table = $("#standards-table");
    if (!table) { return; }
    var want = {};
    $$("[data-standards-filter]").forEach(function (s) { want[s.dataset.standardsFilter] = s.value; });
    var rows = $$("tbody tr", table), shown = 0;
    rows.forEach(function (row) {
      var ok = (!want.kind || row.dataset.kind === want.kind) &&
               (!want.owner || row.dataset.owner === want.owner) &&
               (!want.status || row.dataset.status === want.status) &&
               (!want.tag || row.dataset.tags.split(" ").indexOf(want.tag) >= 0);
      row.hidden = !ok;
      if (ok) { shown += 1; }
    });
    $("#standards-count").textContent = "Showing " + shown + " of " + plural(rows.length, "standard", "standards") + ".";
  }

  function clearStandardFilters() {
    $$("[data-standards-filter]").forEach(function (s) { s.value = ""; });
    applyStandards();
  }

  /* ---------------------------------------------------------------- findings */
  function applyFindings() {
    var table = $("#findings-table");
    if (!table) { return; }
    var query = $("#findings-q").value.trim().toLowerCase();
    var rule = $("#findings-rule").value, severity = $("#findings-severity").value;
    var rows = $$("tbody tr", table), shown = 0;
    rows.forEach(function (row) {
      var ok = (!rule || row.dataset.rule === rule) && (!severity || row.dataset.severity === severity) &&
               (!query || row.textContent.toLowerCase().indexOf(query) >= 0);
      row.hidden = !ok;
      if (ok) { shown += 1; }
    });
    $("#findings-count").textContent = "Showing " + shown + " of " + plural(rows.length, "listed finding", "listed findings") + ".";
  }

  function sortFindings(key, direction) {
    var table = $("#findings-table");
    if (!table) { return; }
    var body = $("tbody", table), sign = direction === "ascending" ? 1 : -1;
    var rows = $$("tr", body);
    rows.sort(function (a, b) {
      var d = (Number(a.getAttribute("data-sort-" + key)) - Number(b.getAttribute("data-sort-" + key))) * sign;
      return d || Number(a.dataset.index) - Number(b.dataset.index);
    });
    rows.forEach(function (row) { body.appendChild(row); });
    $$("thead th", table).forEach(function (th) {
      var button = $("button", th);
      if (!button) { return; }
      var active = button.dataset.sortKey === key;
      th.setAttribute("aria-sort", active ? direction : "none");
      button.dataset.value = active ? key + "-" + (direction === "ascending" ? "asc" : "desc") : "";
    });
  }

  function onSortClick(event) {
    var button = event.currentTarget, th = button.closest("th");
    var direction = th.getAttribute("aria-sort") === "descending" ? "ascending" : "descending";
    sortFindings(button.dataset.sortKey, direction);
    writeFragment();
  }

  /* ---------------------------------------------------------------- state */
  function applyFragment() {
    var params = fragmentParams();
    if (!params) {
      var target = location.hash && document.getElementById(location.hash.slice(1));
      if (target && target.closest("#standards-table") && target.hidden) { clearStandardFilters(); }
      return;
    }
    controls().forEach(function (c) {
      if (c.tagName === "BUTTON") { return; }
      c.value = params.get(c.dataset.param) || "";
    });
    var sort = params.get("findings-sort");
    if (sort && /^(age|severity)-(asc|desc)$/.test(sort)) {
      var parts = sort.split("-");
      sortFindings(parts[0], parts[1] === "asc" ? "ascending" : "descending");
    }
    applyStandards();
    applyFindings();
  }

  $$("[data-standards-filter]").forEach(function (s) {
    s.addEventListener("change", function () { applyStandards(); writeFragment(); });
  });
  var clear = $("#standards-clear");
  if (clear) { clear.addEventListener("click", function () { clearStandardFilters(); writeFragment(); }); }
  ["#findings-rule", "#findings-severity"].forEach(function (id) {
    var select = $(id);
    if (select) { select.addEventListener("change", function () { applyFindings(); writeFragment(); }); }
  });
  var search = $("#findings-q");
  if (search) { search.addEventListener("input", function () { applyFindings(); writeFragment(); }); }
  $$("th button[data-sort-key]").forEach(function (b) { b.addEventListener("click", onSortClick); });
  window.addEventListener("hashchange", applyFragment);

  applyStandards();
  applyFindings();
  applyFragment();
  document.documentElement.dataset.ready = "true";
})();
"""


def csp_hash(text: str) -> str:
    """The CSP source expression that allows exactly this inline block."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def content_security_policy() -> str:
    """Nothing may load from anywhere; only the page's own style and script run."""
    return (f"default-src 'none'; style-src {csp_hash(CSS)}; script-src {csp_hash(JS)}; "
            "img-src data:; base-uri 'none'; form-action 'none'")
