"""What a file defines that references may name: make targets, package scripts, site routes,
MyST labels (`(name)=` above a heading, which `[text](name)` links to in a Sphinx project), and
the Python objects a page renders with mkdocstrings (`::: hatch.env.plugin.interface.X`), whose
docstrings' relative links are the page's, and a Hugo configuration's own content mounts
(`[[module.mounts]]`: `../geps` served as `content/geps`), which its pages' links see.

A Sphinx `conf.py` that uses intersphinx is noted too: there, a `:doc:` that names no local
document may name one of another project; and so are the pages it names (`changelog.md`,
`other/full-config.rst`), which it may write before the build.

`extract_definitions(path, data)` is pure and cached per blob with the references, so the
resolver can tell `make deploy-old` or a Jekyll permalink from a dangling one without reading
any file again. `"*"` among make targets means the Makefile accepts targets it does not list
(a `%:` catch-all rule or a computed target name). A Next.js configuration's redirect and
rewrite sources are routes, as front matter's permalinks are; so are a Mintlify site's redirects,
whose configuration marks its folder as the site.
"""
from __future__ import annotations

import json
import posixpath
import re
from indexer.extract.languages import is_makefile
from indexer.extract.references.tokens import is_mkdocs_config
from indexer.regex import lazy

_MAKE_RULE = lazy(r"^([^\t#=:\s][^#=:]*?)\s*::?(?!=)", re.M)
_FRONT_MATTER_ROUTE = lazy(r"^(permalink|redirect_from|aliases|slug|url)\s*:\s*(.*)$")
_LIST_ITEM = lazy(r"^\s+-\s+(.+)$")
_GO_MODULE = lazy(r"^module\s+(\S+)", re.M)
_MYST_TARGET = lazy(rb"^\((?P<label>[^()\s]+)\)=[ \t]*\r?$", re.M)
_MKDOCSTRINGS = lazy(rb"^:::[ \t]+(?P<name>[A-Za-z_][\w.]*)[ \t]*\r?$", re.M)
_HUGO_CONFIG = ("hugo.toml", "config.toml")
_MOUNTS = 64
_TOML_HEADER = lazy(r"^\s*\[")
#: A Next.js configuration's redirect or rewrite `source: '/docs'`: a route of the app (one with a
#: parameter, `/blog/:slug`, or a pattern, is not one path).
_NEXT_SOURCE = lazy(r"""\bsource\s*:\s*['"`](/[^'"`\s:*()]{0,200})['"`]""")
#: A configuration's redirects kept as routes, each a set member the resolver asks: all of a real
#: site's (prefect's Mintlify `docs.json` has 319; the first 64 alone left 138 links to its old
#: URLs reported), a bound on one made to be huge.
_ROUTES = 4096
#: A Next.js app's configuration: its folder's `pages/` and `app/` are its routes (`RepoPaths.next_pages`).
NEXT_CONFIGS = ("next.config.js", "next.config.mjs", "next.config.cjs", "next.config.ts")
#: A Mintlify site's configuration: `mint.json`, or a `docs.json` of Mintlify's schema.
_MINTLIFY_CONFIGS = ("mint.json", "docs.json")
_MOUNT_KEY = lazy(r"^\s*(source|target)\s*=\s*[\"']([^\"'\n]*)[\"']")
#: A page's name in a Sphinx `conf.py`, in a string or a comment: one it copies or writes before
#: the build (jupyter_server's `osp.join(HERE, "other", "changelog.md")`, `"other/full-config.rst"`;
#: nbconvert's "# Automatically generate config_options.rst", by a script it runs; a built page its
#: templates make, sphinx's `html_additional_pages = {'contents': 'contents.html'}`).
_CONF_PAGE = lazy(r"(?<![\w./-])([\w./-]{1,200}\.(?:md|rst|txt|ipynb|html))(?![\w-])")


def extract_definitions(path: str, data: bytes) -> dict[str, list[str]]:
    base = posixpath.basename(path)
    extension = posixpath.splitext(base)[1].lower()
    if is_makefile(path):
        text = data.decode("utf-8", "replace")
        writes = _recipe_writes(text)
        return {"make": _make_targets(text), **({"make-writes": writes} if writes else {})}
    if base == "package.json":
        return _package_names(data)
    if base == "conf.py":
        pages = sorted({m.group(1) for m in _CONF_PAGE.finditer(data.decode("utf-8", "replace"))})[:_ROUTES]
        return {**({"sphinx": ["intersphinx"]} if b"intersphinx" in data else {}),
                **({"sphinx-pages": pages} if pages else {})}
    if base in _HUGO_CONFIG and b"module.mounts" in data:
        mounts = _hugo_mounts(data.decode("utf-8", "replace"))
        return {"hugo-mounts": mounts} if mounts else {}
    if base in NEXT_CONFIGS and b"source" in data:
        routes = sorted({m.group(1) for m in _NEXT_SOURCE.finditer(data.decode("utf-8", "replace"))})[:_ROUTES]
        return {"routes": routes} if routes else {}
    if base in _MINTLIFY_CONFIGS and (base == "mint.json" or b"mintlify" in data[:4096]):
        return _mintlify(data)
    if is_mkdocs_config(path):
        docs = mkdocs_docs_dir(path, data.decode("utf-8", "replace").splitlines())
        return {"mkdocs-docs": [docs]} if docs != "docs" else {}
    if base == "go.mod":
        module = _GO_MODULE.search(data.decode("utf-8", "replace"))
        return {"go-module": [module.group(1)]} if module else {}
    if extension in (".md", ".markdown", ".mdx", ".html", ".htm"):
        found: dict[str, list[str]] = {}
        if data.startswith(b"---"):
            routes = _front_matter_routes(data.decode("utf-8", "replace"))
            if routes:
                found["routes"] = routes
        if extension in (".md", ".markdown") and b")=" in data:
            labels = sorted({m.group("label").decode("utf-8", "replace") for m in _MYST_TARGET.finditer(data)})
            if labels:
                found["labels"] = labels
        if extension in (".md", ".markdown") and b":::" in data:
            rendered = sorted({m.group("name").decode("ascii") for m in _MKDOCSTRINGS.finditer(data)})
            if rendered:
                found["docstrings"] = rendered
        return found
    return {}


_DOCS_DIR = lazy(r"^docs_dir\s*:\s*['\"]?([^'\"#\s]+)")


def mkdocs_docs_dir(path: str, lines: list[str]) -> str:
    """Where an MkDocs configuration's pages live, from its folder: its `docs_dir` (default `docs`;
    toga's `mkdocs.en.yml` in `docs/` says `en`); "" for another file."""
    if not is_mkdocs_config(path):
        return ""
    for line in lines:
        match = _DOCS_DIR.match(line)
        if match:
            return match.group(1).strip("/") or "docs"
    return "docs"


def resolved_against(definitions):
    """A file's definitions as references resolve against them: less the deprecation signals
    `indexer.extract.facts` files beside them (under "deprecated"), which only legacy detection
    reads and whose line numbers move with any edit above them (a new CHANGELOG entry)."""
    if isinstance(definitions, dict) and "deprecated" in definitions:
        return {name: value for name, value in definitions.items() if name != "deprecated"}
    return definitions


def _mintlify(data: bytes) -> dict[str, list[str]]:
    """A Mintlify site (its folder serves `a/b.mdx` at `/a/b`: the `docs.json` in mem0's `docs/`),
    and the sources of its redirects as routes (one with a parameter, `/:slug*`, is not one path)."""
    try:
        config = json.loads(data)
    except (ValueError, RecursionError):  # (a broken file is still the site's; nesting past the stack)
        config = None
    redirects = config.get("redirects") if isinstance(config, dict) else None
    sources = {r["source"] for r in redirects if isinstance(r, dict) and isinstance(r.get("source"), str)} \
        if isinstance(redirects, list) else set()
    routes = sorted(s for s in sources if s.startswith("/") and not any(c in s for c in ":*()"))[:_ROUTES]
    return {"site": ["mintlify"], **({"routes": routes} if routes else {})}


def _hugo_mounts(text: str) -> list[str]:
    """A Hugo TOML configuration's `[[module.mounts]]` into `content`, as "source\ttarget" (the
    source from the configuration's folder), the first `_MOUNTS` (a site has a few; each link of
    its pages is tried against each). (Those of an imported module, `module.imports.mounts`, are
    that module's files.)"""
    mounts: list[dict[str, str]] = []
    mount: dict[str, str] | None = None
    for line in text.splitlines():
        if _TOML_HEADER.match(line):
            mount = {} if "".join(line.split()) == "[[module.mounts]]" else None
            if mount is not None:
                mounts.append(mount)
        elif mount is not None and (key := _MOUNT_KEY.match(line)):
            mount[key.group(1)] = key.group(2)
    into_content = [m for m in mounts if m.get("source") and (m.get("target") == "content"
                                                             or m.get("target", "").startswith("content/"))]
    return [f"{m['source']}\t{m['target']}" for m in into_content][:_MOUNTS]


def _make_targets(text: str) -> list[str]:
    targets: set[str] = set()
    for match in _MAKE_RULE.finditer(text):
        for name in match.group(1).split():
            if name == ".PHONY":
                continue
            if name == "%" or "$" in name:
                targets.add("*")
            elif "%" not in name:
                targets.add(name)
    for line in text.splitlines():
        if line.startswith(".PHONY"):  # (`.PHONY=help`, misspell's vendored Makefile, sets a variable)
            head, colon, names = line.partition(":")
            if colon and head.rstrip() == ".PHONY":
                targets.update(names.split())
    return sorted(targets)


#: A recipe line's file it writes: `> dist/kube-flannel.yml`, `cp chart/x.tgz dist/flannel.tgz`
#: (the last word of a `cp`, `mv` or `install`). A name with a variable in it is not read.
_RECIPE_WRITE = lazy(r"(?<![>&2])>>?\s*([\w./-]+)\s*(?:$|[;&|)])"
                     r"|^\t[@-]*\s*(?:cp|mv|install)\b(?:\s+-\S+)*(?:\s+[^\s;&|]+)+?\s+([\w./-]+)\s*$", re.M)
_RECIPE_WRITES = 64  # (a Makefile writes a few; each is a path other files' missing names are tried against)
_COPIES = lazy(r"^\t[@-]*\s*(?:cp|mv|install)\b")


def _recipe_writes(text: str) -> list[str]:
    """The files a Makefile's recipes write, from its folder: flannel's `release-helm` copies the
    chart to `dist/flannel.tgz`, which its release workflow uploads after `make release-helm`."""
    found: set[str] = set()
    for line in text.splitlines():
        if not line.startswith("\t") or ">" not in line and not _COPIES.search(line):
            continue
        for match in _RECIPE_WRITE.finditer(line):
            name = match.group(1) or match.group(2)
            if name.startswith("/") or name == "-":  # (`/dev/null`, a system path)
                continue
            if "/" in name or "." in name.lstrip("."):
                found.add(name.removeprefix("./"))
        if len(found) >= _RECIPE_WRITES:
            break
    return sorted(found)[:_RECIPE_WRITES]


_DEPENDENCIES = ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies")


def _package_names(data: bytes) -> dict[str, list[str]]:
    """A manifest's scripts, and the programs its packages likely install (`bins`), which `yarn
    run X` and `pnpm X` run as well when no script is X: the package's own `bin`, and each
    dependency's name or scope (`@playwright/test` installs `playwright`, `@docusaurus/core`
    `docusaurus`). Which programs a dependency installs is in its own manifest, not here."""
    try:
        manifest = json.loads(data)
    except (ValueError, RecursionError):  # RecursionError: `[[[[...` nested deeper than Python's stack
        return {}
    if not isinstance(manifest, dict):
        return {"scripts": []}
    scripts = manifest.get("scripts")
    bins: set[str] = set()
    own = manifest.get("bin")
    if isinstance(own, dict):
        bins.update(name for name in own if isinstance(name, str))
    elif isinstance(own, str) and isinstance(manifest.get("name"), str):
        bins.add(manifest["name"].rpartition("/")[2])
    for field in _DEPENDENCIES:
        dependencies = manifest.get(field)
        for name in dependencies if isinstance(dependencies, dict) else ():
            bins.add(name[1:].partition("/")[0] if name.startswith("@") else name)
    names = {"scripts": sorted(scripts) if isinstance(scripts, dict) else []}
    if bins:
        names["bins"] = sorted(bins)
    return names


def _front_matter_routes(text: str) -> list[str]:
    """`permalink:`, `redirect_from:` and Hugo `aliases:` of a page: URLs that reach it."""
    lines = text.split("\n")
    routes: list[str] = []
    listing = False
    for line in lines[1:200]:
        if line.strip() in ("---", "..."):
            break
        item = _LIST_ITEM.match(line)
        if listing and item:
            routes.append(item.group(1).strip().strip("'\""))
            continue
        listing = False
        route = _FRONT_MATTER_ROUTE.match(line)
        if route:
            value = route.group(2).strip()
            if value:
                routes.extend(v.strip().strip("'\"") for v in value.strip("[]").split(","))
            else:
                listing = True
    return [r for r in routes if r]
