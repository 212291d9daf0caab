"""collect: run the per-blob extractors over a snapshot, through the cache.

Extraction is a pure function of a blob's bytes and its file name, so its results are cached
by blob SHA: a second scan of an unchanged repository reads no file and parses nothing.
Files that cannot be text (binary, huge, not UTF-8, unreadable), and tracked paths that are no
longer a regular file inside the repository (a link out of it, a FIFO), are skipped and counted.

A cold run extracts its many files in worker processes (one per CPU, forked, fed chunks of
files), and starts the history's `git log` beside them (`on_cold`: the scan's `indexer.git.history.LogPrefetch`).
"""
from __future__ import annotations

import hashlib
import importlib
import os
from dataclasses import dataclass, field
from typing import Any, Callable

from indexer.cache import Cache
from indexer.confine import Inside
from indexer.git.discover import WORKTREE_REASONS, blob_sha, read_worktree
from indexer.models import Reference, Snapshot, Todo
from indexer.forking import fork_safe, usable_cpus
from indexer.regex import lazy

EXTRACTOR_VERSION = 75  # 75: a version control log kept as a file (`svn_log.txt`) is historical, the links a document tells markdown-link-check to skip are not read, a JSON schema's draft-4 `id` is a name, `/bin/mv` is `mv`; 74: a program's message under a test of deprecation is said of what was tested; 73: an ExDoc autolink (`` (`Kernel#x`) ``) names no file, an AsciiDoc link macro's text is no part of its URL, a path pinned at a commit (`x.yaml @ b'<sha>'`) names that commit's file; 72: class-path resources, xdoc and TypeScript sources, a home folder's paths, commented-out calls, `vendored/`, glued short options, CI `_script` keys and working folders, Chinese output verbs, Java internal APIs; 71: a Qt Linguist `.ts` is no TypeScript, Paradox labels and nested API links, a link's balanced parentheses, "a file named", a code block under a Deprecated heading, a table without a first header, a hidden Kotlin declaration; 70: Paradox's API directives, Asciidoctor's xref IDs, `${{ }}` in a path, "if it exists", "(create)", the CDDL's header, set-aside release notes and extension upgrade scripts are historical, a go.mod's, a version section's and a translation's deprecations; 69: `npm run --prefix x build` runs `build`; 68: a JSON manifest's `name`, `repo` and `repository` name packages, a YAML anchor names its value, VitePress' `<<< @/x` is from the site's source folder, an rst `` `x`_ `` names a target, `create_directory`/`mkdir_p` make folders, vendors' media types are no paths, "your `x`" is the reader's; 67: a composite action's steps run in the checkouts it makes, a bundler configuration's `file:` names the bundle it writes, `myNewFunction.js` is a placeholder, a tool's message about another file (`x.pyi:58: error: ... is deprecated`) deprecates nothing here, retool's `_tools/src/` is vendored, a Compose service's `command:` and `entrypoint:` (or one commented out) run in its container, a hosted URL ends at a string's escape (`\n`), `make sure` is English, `old-CHANGELOG/` is historical; 66: a link's `:66` after its file is an editor's line, a JSX component's relative `src` is the component's, `{name-with-hyphen}` is a variable, a docs `_archive/` folder is historical, "if `x` exists", "(if any)", "New: `x`", "New file `x`" and "(new; ...)" claim nothing, an MkDocs configuration's `docs_dir` is among its definitions, a Rust `#[test]` function outside a test module is a test, a title "RFC/Tracking: x" is a proposal's; 65: a scaffold (`npm init x`, `npx create-x`, `degit`) makes the folder it is given, `versionX.X` is a version placeholder, `version0.10.rst` a release's notes, a document that pins the commit of its source is historical; 64: a path joined to a build folder (`resolve(distRoot, "x")`) is the build's output, a Sphinx `conf.py` names the pages it writes in a comment too (and the `.html` pages its templates make), `your_x`, `my-x` and `some_x` are placeholders, `2.0.0-rc.N` a version placeholder, a document that says it is a transcript is historical, a table of parameters lists no deprecated paths, `git mv`'s sources are gone after it, a folder a script clones is made there, a nested workflow's `uses: ./x` is its project's, a `_toctree.yml`'s `local:` is a page without its suffix, `degit` scaffolds a project, `x.tests.rs` is a test, "moved to amend" is a motion, `blogs/` are posts, a title that ends "Execution Plan" or "Design Document" is a plan's, Playwright's `outputFolder:` is written, `inexistent` and `nothing.x` are missing on purpose; 63: a marker written as a tag (`@FIXME`) is one; 62: a `/*` in a string or a line comment opens no block comment, `vX.Y` is a placeholder, `swip/` is historical, a Sphinx `conf.py` names the pages it writes; 61: an OpenAPI Generator client's README is generated, a `notes/` folder's versioned files and a page named by its day are historical, TOML front matter (`+++`) is no prose and a page whose front matter names the repository it was copied from names nothing here, a heading that says the page moved is a stub's text, a pytest id opens a run's output, `owner/name` before `#1` or "repo" or as a `repo:` value is a repository, `x.x.x` a placeholder, a `}` in a Rust test's string ends no module, a file its grammar is too slow on is skipped, a Rails generator's `copy_file`/`template` destination is written, every redirect of a configuration is a route, a `plans/completed/` folder's documents are historical, `e2e/` is a test folder, `yarn stop-X` and `yarn reset-{dialect}` run no script; 60: controller-gen's `output:crd:dir=x` names what it writes; 59: a string a call writes, creates or removes (`os.Create("x")`, `GenBashCompletionFile("x")`) is no claim, a partial's `../` link from a page of directory URLs is the importing page's; 58: a document whose status line or title says it is a proposal or a plan is historical; 57: a README's "documentation has moved" moves the page, not its folder, `make a x` is English; 56: a Mintlify configuration (`mint.json`, a `docs.json` of its schema) marks its folder a site, its redirects' sources routes; 55: a Next.js configuration's redirect and rewrite sources are routes, a document that says it is kept as history (or a `RELEASE.md` whose headings are versions) is historical, a webpack bundle's banner marks generated code, `rfc/` is historical, grep's pattern is no path, `npm run x:*` names no one script and a command after `--` is another program's, "create a `x`" and "your :file:`x`" give an example; 54: an import commented out (`// import('./views/About.vue')`) names nothing, "the input looks like x" and "for this example" give an example, `filename.py` and `my_ext.cpp` are placeholders, a Gradle build's `subprojects { }` and `allprojects { }` blocks name each project's paths, a link's `\` is a `/`, a guide from one version to the next (`7x_to_8x.md`) is historical, a shell block's line that opens with a status mark (`✓`) is output, a write-file action's `path:` names what the job writes, a reStructuredText link's embedded `<name_>` refers to a target by name, an `archived/` folder's documents are historical, a Hugo theme's `exampleSite/` is the theme's, a Makefile's definitions list the files its recipes write (`make-writes`); 53: a Hugo site serves its default language (`content/en/`) at its root, a tree listing or a code block of paths that names a placeholder project (`mypackage/`) is that project's, `*.make` files are makefiles, make's automatic variables (`$*`) end no path, a variable a script gives a path and then writes names no claim, "must not exist", "does not ship" and "do not commit" say a path is absent on purpose, `kep/` is historical, OpenAPI Generator's and swagger-codegen's headers mark generated code, a `cd` inside a subshell ends with it, after `cd $ROOT` a relative `cd` moves below it, a name written with a variable in it (`x/${p}.LICENSE`) makes the names it can take, a YAML entry commented out at the live entries' column or below a commented-out key is an option, `*.Makefile` is a makefile, a short page moved only when it says so first, points where it went or names itself; 52: output options `--output-file`, `--output-dir`, `--outdir` name what a command writes, words after `make -C dir` are relative to dir (a variable: elsewhere), a commented-out `COPY --from` names nothing, the text of a Markdown link to a URL is that URL's label, pytest's `norecursedirs` is an exclusion list, a kustomization's commented-out `#- path: x` is an option, `v1.XX` a placeholder, a printed `Error ...:` line in a code block no command, a test's string saying "this package is deprecated" is data, a `.. raw:: html` block's `href` and `src` are links, a code block's `:caption:` names nothing, a Markdown reference definition no link uses is no link, `sep/` (enhancement proposals) is historical, a `x_not_found` name is missing on purpose; 51: a document's commands and paths after it clones a repository and moves into it are the clone's, "save the following as x" is the reader's, a rendered Helm manifest's `# Source:` header names the chart's template, a Hugo configuration's own content mounts are among its definitions, "may get moved to" says no page moved, Hugo's `content/posts/` is historical; 50: "e.g." ends no sentence, a `//go:generate` line is shell, an upload-artifact or cache step's `path:` names what the job made, `changelog_pre.rst` and `whatsnew_1_4.rst` are historical; 49: a package.json's dependencies install programs `yarn run` runs, `yarn --cwd x` takes a folder, a Hugo module import's mounts name its paths, a script's words after `cd` into a folder it cloned or made with `mktemp` are not this repository's, a document's shell blocks share what they create, `BFG_HISTORY.rst` and `released/` are historical; 48: a toctree's `genindex`/`modindex` is a page Sphinx makes, a workflow's `uses: ./x` of another repository checked out at `x` names nothing here; 47: a reStructuredText substitution (`|x/y.py|_`) is a name, a commented-out YAML list entry (`#- x`) names nothing, a hosted URL ends before `<`, "their own x" gives an example; 46: a release's copy of the docs (`docs/v1.18/`, `versioned_docs/`), a root `design/` and `docs/proposal/` are historical, a Dockerfile's COPY of the program its ENTRYPOINT runs names no path, a `make` after an English word runs nothing, `yarn --flag` no script, a bare name among its variants (`README.txt`, `README.rst`) is the convention, "create a `x` file" an example, `.PHONY=x` no target; 45: a quote in a trailing comment is a quotation too; 44: "you could use this `x`" gives an example; 43: a quoted "this module is deprecated" in prose or a comment is a quotation; 42: "run from the root of a k/k checkout" gives another repository's commands; 41: "used by this module is deprecated" is said of another subject; 40: a hosted URL ends before a `\`, a JSON schema's `$id` is no link, a workflow's quoted `!path` filter is an exclusion, `~/` working directories are the runner's, `make WHAT="a b"` passes a variable, a year's news and a version's migration guide are historical; 39: a blog's posts (`blog/`, `_posts/`) are historical; 38: a workflow step's `working-directory` an earlier step made is no reference; `designs/`, `proposals/`, `rfcs/`, `keps/` are historical; 37: `make x 2>/dev/null` names no target `2`; a Markdown page's mkdocstrings objects (`::: a.b.C`) among its definitions; `change_logs/` and `release_v1.2.md` are historical, a program's "this chart is deprecated" speaks of its input, `.. program-output::` runs a command, "in the root of the [a/b] repo" gives an example; 36: a shell code block's line that opens with a time or a date is a log, not a command; 35: a Markdown link to an e-mail address names no file; 34: a code span's command names no path it creates (`shell.read_code_span`), an HTML attribute's URL escapes are decoded, a bundler's output file names (`entryFileNames: 'x.mjs'`) are skipped; 33: a release's notes named by its version (`release/1.13.2-notes.rst`) and numpy's `upcoming_changes/` are historical (no deprecation signals); `some_file.py` a placeholder; 32: a line holding a terminal escape (captured output) is not read for references; 31: a Markdown fence's language given in an attribute list with spaces (`{ .dockerfile .annotate }`), a fence without a language that opens with a prompt read as a transcript, a Rust file's `#[cfg(test)]` modules, a doc comment's fenced examples and a Homebrew formula's strings skipped, "could look like" and "you would create" an example, `make lint PKG_NAME=x` names no target `PKG_NAME`; 30: a package script a Markdown doc has the reader add, or runs after scaffolding a project, is no command of this repository; a workflow step run in another repository's checkout folder; 29: paths in a documentation comment's `@example` section (YARD, JSDoc) are the reader's; 28: release-note fragments (`.changelog/`, `newsfragments/`) give no deprecation signals; 27: a Markdown shell line that only deletes (`rm -f x`) names no claim; 26: a GitHub Actions job's steps after a checkout of another repository into the workspace are that repository's; 25: a comment in a Markdown shell block (`# ... make sure ...`) read as a comment, not commands; 24: MyST labels (`(name)=`) among a page's definitions, a MyST toctree's `---` option fences, a shell session's output lines skipped; 23: a TypeScript barrel's `export ... from` read as imports; 22: "a new file X", "create X", examples throughout a file, `cd` into a run-time folder
#: Lines longer than this many bytes are read as empty by every extractor. Human-written lines
#: are far shorter (minified code and data blobs are not); several readers (tree-sitter's rst
#: scanner, the Markdown link and code-span patterns, the AsciiDoc cross-reference pattern,
#: make's rule pattern) cost the square of a line's length, so a hostile 100,000-character line
#: would take minutes. With this bound a file costs at most its size times this length.
MAX_LINE_BYTES = 4096
_BINARY_SNIFF = 8000
#: A file at least this large may be extracted without its references (`collect`'s `lean`).
LEAN_BYTES = 32 * 1024


@dataclass
class Collected:
    """What extraction found in the scanned files, by path."""

    todos: dict[str, list[Todo]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)  # path -> reason
    content_sha: dict[str, str] = field(default_factory=dict)  # path -> SHA of the bytes scanned
    parsed: int = 0  # files read and extracted in this run (0 on a warm run)
    references: dict[str, list[Reference]] = field(default_factory=dict)  # path -> its references
    suppressions: dict[str, list[Any]] = field(default_factory=dict)  # path -> `orgmemory: ignore[...]`s
    definitions: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # make targets, scripts, routes
    generated: set[str] = field(default_factory=set)  # files whose header says they are generated
    vendored: dict[str, str] = field(default_factory=dict)  # path -> "vendored" | "generated" (set aside)
    set_aside: dict[str, int] = field(default_factory=dict)  # what was not reported: files, todos, references


def classify(data: bytes) -> str | None:
    """Why these bytes are not scannable text, or None."""
    if b"\0" in data[:_BINARY_SNIFF]:
        return "binary"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "not-utf8"
    return None


def read_file(root: str, path: str, max_bytes: int, inside: Callable[[str], bool] | None = None
              ) -> tuple[bytes | None, str | None]:
    """The scannable text of a tracked file, or None and why it is skipped (see `read_worktree`)."""
    data, reason = read_worktree(root, path, max_bytes, inside)
    reason = reason or classify(data)
    return (None, reason) if reason else (data, None)


def collect(snapshot: Snapshot, cache: Cache, markers: tuple[str, ...], max_bytes: int,
            progress: Callable[[int], None] | None = None,
            only: frozenset[str] | None = None, on_cold: Callable[[], None] | None = None,
            on_todo_files: Callable[[list[str]], None] | None = None,
            lean: Callable[[str], bool] | None = None) -> Collected:
    """Extract from every tracked file, or from `only` those (a pre-commit run's staged files).

    The files the cache does not know are extracted in worker processes when there are many
    (`_extract_many`); the result is the same as extracting them one by one here.
    `on_todo_files(paths)`: called as the workers' answers come in, with those of each chunk's
    files that hold a TODO and are not generated (the scan starts its commit-graph once they
    are enough).
    `lean(path)`: whether nobody will read the file's references (a delta scan's changed
    changelogs). It is asked of a file the cache does not know, read here and of `LEAN_BYTES` or
    more (reading a smaller one's costs less than the question): such a file is extracted without
    its references, unless it holds a TODO (`_entry`), and that entry, not the blob's whole, is
    not cached.
    """
    from indexer.extract.rows import restore

    kind = blob_kind(markers, max_bytes)
    out = Collected()
    paths = sorted(snapshot.files if only is None else only & snapshot.files.keys())
    keys = {path: _key(snapshot.files[path], path) for path in paths if path not in snapshot.dirty}
    cached = cache.get_many(kind, keys.values())
    # Clean files the cache lacks: their key is known before reading, so they can be read and
    # extracted anywhere. Dirty files are keyed by their content, looked up once read (below).
    missing = [path for path in paths if path in keys and keys[path] not in cached]
    if len(missing) >= PARALLEL_MIN_FILES:
        # A cold run: the caller may start work that can run beside the extraction (the scan
        # starts the history's `git log`, `indexer.git.history.LogPrefetch`).
        if on_cold is not None:
            on_cold()
    extracted = _extract_many(snapshot.root, missing, markers, max_bytes, progress, on_todo_files)
    fresh: dict[str, Any] = {}
    inside: Inside | None = None
    for path in paths:
        key = keys.get(path)
        entry = cached.get(key) if key else None
        content_sha = snapshot.files[path]
        if entry is None and path in extracted:
            entry, reason = extracted[path]
            out.parsed += 1
            if reason not in WORKTREE_REASONS:
                fresh[key] = entry
        elif entry is None:
            inside = inside or Inside(snapshot.root)
            data, reason = read_file(snapshot.root, path, max_bytes, inside)
            if path in snapshot.dirty and data is not None:
                content_sha = blob_sha(data)
                key = _key(content_sha, path)
                entry = cache.get_many(kind, [key]).get(key)
            if entry is None:
                whole = lean is None or data is None or len(data) < LEAN_BYTES or not lean(path)
                entry = _entry(path, data, reason, markers, references=whole)
                out.parsed += 1
                if reason not in WORKTREE_REASONS and key and (whole or entry.get("todos")):  # (then read whole)
                    fresh[key] = entry
            if progress:
                progress(1)
        out.content_sha[path] = content_sha
        restore(out, path, entry)
        if entry.get("generated"):
            out.generated.add(path)
        if entry.get("skip"):
            out.skipped[path] = entry["skip"]
        elif entry.get("todos"):
            out.todos[path] = [_todo_from_row(path, row) for row in entry["todos"]]
    cache.put_many(kind, fresh)
    return out


def blob_kind(markers: tuple[str, ...], max_bytes: int) -> str:
    """The cache kind of the per-blob entries extracted with these settings (keyed by `_key`)."""
    return "blob/v%d/%s/%d" % (EXTRACTOR_VERSION, _digest(",".join(markers)), max_bytes)


def _entry(path: str, data: bytes | None, reason: str | None, markers: tuple[str, ...],
           references: bool = True) -> dict[str, Any]:
    """The cache entry of one file: why it was skipped, or its TODOs and path facts (without
    its references unless `references` or it holds a TODO: the paths a TODO names are looked up
    through the references read from it, and a delta records those lookups,
    `indexer.contradictions.deps`)."""
    from indexer.extract.comments import TooSlowToParse
    from indexer.extract.facts import blob_facts
    from indexer.extract.todos import extract_todos

    if reason or data is None:
        return {"skip": reason}
    data = without_long_lines(data)
    try:
        todos = [_todo_row(t) for t in extract_todos(path, data, markers)]
        entry = {"todos": todos, **blob_facts(path, data, references or bool(todos))}
    except TooSlowToParse:
        return {"skip": "too-slow-to-parse"}
    head = data[:1024]
    # (every header names one of the two: most files are passed by substring tests, not the pattern's 20 us)
    if (b"enerated" in head or b"webpackBootstrap" in head) and GENERATED_HEADER.search(head) \
            or b"enerated by the [" in data and _README.search(path) and GENERATED_README.search(data):
        entry["generated"] = True
    return entry


def without_long_lines(data: bytes, limit: int = MAX_LINE_BYTES) -> bytes:
    """`data` with every line longer than `limit` bytes emptied (line numbers are kept)."""
    if len(data) <= limit:
        return data
    lines = data.split(b"\n")
    if max(map(len, lines)) <= limit:
        return data
    return b"\n".join(b"" if len(line) > limit else line for line in lines)


# --------------------------------------------------------------------------- many files at once
#: Below this many files to extract, worker processes cost more than they save.
PARALLEL_MIN_FILES = 48
#: Files per task sent to a worker: small enough to balance a few slow files, large enough
#: that the round trips do not matter.
_CHUNK = 16


def _extract_many(root: str, paths: list[str], markers: tuple[str, ...], max_bytes: int,
                  progress: Callable[[int], None] | None,
                  on_todo_files: Callable[[list[str]], None] | None = None,
                  ) -> dict[str, tuple[dict[str, Any], str | None]]:
    """path -> (cache entry, skip reason) of clean files, extracted by worker processes.

    Extraction is pure (bytes and file name in, JSON-ready entry out), so the workers give
    what this process would. Forked workers start in milliseconds and inherit the imports.
    Returns {} when the files are few, or fork is unsafe (a multi-threaded caller) or
    missing; only what was done when a worker failed (the caller extracts the rest itself).
    """
    workers = min(usable_cpus(), len(paths) // _CHUNK)
    context = _fork_context() if len(paths) >= PARALLEL_MIN_FILES and workers >= 2 else None
    if context is None:
        return {}
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    for module in ("indexer.extract.facts", "indexer.extract.todos"):  # imported once, here:
        importlib.import_module(module)  # the forked workers inherit them

    chunks = [paths[start:start + _CHUNK] for start in range(0, len(paths), _CHUNK)]
    out: dict[str, tuple[dict[str, Any], str | None]] = {}
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            tasks = [(root, chunk, markers, max_bytes) for chunk in chunks]
            # (every worker is forked by the first task `map` submits: a thread `on_todo_files`
            # starts is never copied into one)
            for chunk, results in zip(chunks, pool.map(_extract_chunk, tasks)):
                out.update(zip(chunk, results))
                if progress:
                    progress(len(chunk))
                if on_todo_files:
                    on_todo_files([path for path, (entry, _) in zip(chunk, results)
                                   if entry.get("todos") and not entry.get("generated")])
    except (OSError, BrokenProcessPool):  # no process to be had, or a worker was killed
        pass
    return out


def extract_in_workers(root: str, paths: list[str], markers: tuple[str, ...], max_bytes: int
                       ) -> dict[str, tuple[dict[str, Any], str | None]]:
    """The speed path of `collect` alone (worker processes), to check it against the serial one:
    path -> (cache entry, skip reason); {} when workers cannot run here (`workers_possible`)."""
    return _extract_many(root, paths, markers, max_bytes, None)


def workers_possible() -> bool:
    """Whether `collect` can extract in worker processes here (fork is safe, two CPUs)."""
    return _fork_context() is not None and usable_cpus() >= 2


def _extract_chunk(task: tuple[str, list[str], tuple[str, ...], int]
                   ) -> list[tuple[dict[str, Any], str | None]]:
    """In a worker: (entry, skip reason) per path of one chunk."""
    root, paths, markers, max_bytes = task
    inside = Inside(root)
    results = []
    for path in paths:
        data, reason = read_file(root, path, max_bytes, inside)
        results.append((_entry(path, data, reason, markers), reason))
    return results


def _fork_context():
    """The `fork` multiprocessing context, when forking this process is safe and cheap."""
    import multiprocessing

    if not fork_safe():
        return None
    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return None


def _key(sha: str, path: str) -> str:
    """Language is chosen from the file name, so the name is part of what was extracted."""
    return f"{sha}:{os.path.basename(path)}"


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def _todo_row(todo: Todo) -> list[Any]:
    return [todo.line, todo.marker, todo.text, todo.author_tag, todo.deadline, list(todo.paths)]


def _todo_from_row(path: str, row: list[Any]) -> Todo:
    line, marker, text, author_tag, deadline, paths = row
    return Todo(path=path, line=line, marker=marker, text=text, author_tag=author_tag,
                deadline=deadline, paths=tuple(paths))


# --------------------------------------------------------------------------- vendored and generated
#: Vendored and generated files, in the gitignore syntax of `indexer.globs`. Modelled on GitHub
#: Linguist's `lib/linguist/vendor.yml` and `lib/linguist/generated.rb`
#: (https://github.com/github-linguist/linguist), narrowed to what is unambiguous outside GitHub.
#: `.gitattributes` (`linguist-vendored`, `linguist-generated`, either `=false`) overrides them.
VENDORED_PATTERNS = (
    "vendor/", "vendors/", "_vendor/", "vendored/", "_vendored/", "third_party/", "third-party/", "thirdparty/",
    "3rdparty/",
    "node_modules/", "bower_components/", "jspm_packages/", "Godeps/_workspace/", "Carthage/Build/",
    "Pods/", ".yarn/releases/", ".yarn/plugins/", ".pnp.cjs", ".pnp.js",
    "*.min.js", "*.min.css", "*-min.js", "*.min.mjs",
    # a Hugo theme's demo site, shipped with the theme (metallb keeps hugo-theme-relearn's: 163
    # links among its pages, each the theme's)
    "**/themes/*/exampleSite/",
    # an Obsidian vault's community plugins, bundled as their authors built them (livewire's `docs/`)
    "**/.obsidian/plugins/",
    # retool's GOPATH of the tools a Go project pins (twirp's `_tools/src/golang.org/x/tools/`)
    "_tools/src/",
    # copies of other projects kept inline (Nuitka's `nuitka/build/inline_copy/` of SCons, zlib, zstd)
    "inline_copy/",
)
GENERATED_PATTERNS = (
    # protobuf / gRPC stubs
    "*.pb.go", "*.pb.gw.go", "*_grpc.pb.go", "*.pb.cc", "*.pb.h", "*_pb2.py", "*_pb2.pyi",
    "*_pb2_grpc.py", "*_pb.js", "*_pb.d.ts", "*_grpc_pb.js", "*_grpc_pb.d.ts", "*.pb.swift",
    # lock files
    "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb",
    "poetry.lock", "Pipfile.lock", "pdm.lock", "uv.lock", "Cargo.lock", "go.sum", "composer.lock",
    "Gemfile.lock", "Podfile.lock", "flake.lock", "mix.lock", "pubspec.lock", "packages.lock.json",
    # other generators' output
    "zz_generated.*.go", "*.designer.cs", "*.g.dart", "*.freezed.dart", "*.js.map", "*.css.map",
    # a bundler's output (dart-pad's `codemirror-dart.bundle.js`, whose `// src/Lexer.ts` comments
    # name the sources of another project it bundled)
    "*.bundle.js",
    # R's revdepcheck reports: other packages' build logs and test failures (dplyr's `revdep/failures.md`)
    "**/revdep/*.md",
)
#: Go's convention (`// Code generated ... DO NOT EDIT.`), `@generated`, and OpenAPI Generator's and
#: swagger-codegen's headers (jobset's Python SDK: "Generated by OpenAPI Generator
#: (https://openapi-generator.tech)", its template's TODO in 134 models), and webpack's bundle banner
#: (`/******/ (() => { // webpackBootstrap`: werf's GitHub Actions' `dist/index.js`, built by ncc with
#: their dependencies' TODOs) in a file's first KiB.
GENERATED_HEADER = lazy(rb"(?m)^(?:\W{0,4}(?:Code generated\b.{0,200}\bDO NOT EDIT|.{0,80}@generated\b"
                        rb"|.{0,80}\b[Gg]enerated by:? (?:the )?(?:OpenAPI[- ]Generator\b|https?://openapi-generator\.tech"
                        rb"|https?://github\.com/swagger-api/swagger-codegen))"
                        rb"|/\*{6}/ .{0,80}// webpackBootstrap\b)")
#: The README OpenAPI Generator and swagger-codegen write beside a client, wherever in it (after
#: the API's own description) it says so: it links the `XApi.md` pages the generator writes into
#: `docs/` beside it, which a repository may leave out (dbt-core's `crates/dbt-cloud-api/`: 301).
GENERATED_README = lazy(rb"(?i)generated by the \[(?:OpenAPI[- ]Generator|swagger-codegen)\]\(")
_README = lazy(r"(?i)(?:^|/)README(?:\.\w+)?$")
_ATTRIBUTES = ("linguist-vendored", "linguist-generated")
#: The rules that report what a file's authors wrote (TODOs, paths it names, legacy): quiet in
#: vendored/generated code. A standard that forbids a lock file, or an instruction to an AI in a
#: vendored README, is still reported.
VENDORED_QUIET = frozenset({"stale-todo", "dangling-reference", "dangling-command", "legacy-path",
                            "legacy-reference", "bad-suppression"})


def classify_vendored(root: str, paths, generated: set[str] = frozenset(),
                      copies: tuple[str, ...] | None = None) -> dict[str, str]:
    """path -> "vendored" | "generated" for the tracked `paths` that are third-party or machine-made:
    `.gitattributes` first (answered by `git check-attr`), then the default patterns and the
    generated-file header. (`copies`: the repository's `upstream_copies`, when `paths` are a few
    of its files.)"""
    from indexer.globs import compile_globs

    paths = list(paths)
    vendored_globs, generated_globs = compile_globs(VENDORED_PATTERNS), compile_globs(GENERATED_PATTERNS)
    attributes = _linguist_attributes(root, paths)
    libraries = _kept_libraries(paths)
    copies = upstream_copies(paths) if copies is None else copies
    out: dict[str, str] = {}
    for path in paths:
        marks = attributes.get(path, {})
        for kind, attribute, default in (
                ("vendored", "linguist-vendored",
                 lambda p: vendored_globs.match(p) or libraries and tuple(p.split("/", 2)[:2]) in libraries
                 or copies and p.startswith(copies)),
                ("generated", "linguist-generated",
                 lambda p: generated_globs.match(p) or p in generated)):
            value = marks.get(attribute, "unspecified")
            if value in ("set", "true") or (value == "unspecified" and default(path)):
                out[path] = kind
                break
    return out


#: Root folders that hold other projects' code in C and C++ trees (redis' `deps/`, Linguist's `^deps/`,
#: `extern(al)?/`, astropy's `cextern/`, osm2pgsql's `contrib/`), and the files that mark one of their
#: subfolders as a library kept whole: its license, its authors, its own autotools build (gevent keeps
#: c-ares without its license).
_LIBRARY_FOLDERS = ("deps", "extern", "external", "cextern", "contrib")
_LIBRARY_MARK = lazy(r"(?i)^(?:licen[sc]e|copying|copyright|authors)(?:[.-]\w+)?$|^configure\.ac$")


def _kept_libraries(paths: list[str]) -> frozenset[tuple[str, ...]]:
    """(folder, name) of each `deps/<name>/` (or `extern/`, `external/`) holding its own license
    file, authors or `configure.ac`: a third-party library (redis' `deps/jemalloc/COPYING`). Such a
    folder without one may be the project's own (Julia's `deps/build.jl`)."""
    return frozenset(tuple(parts[:2]) for path in paths if path.startswith(_LIBRARY_FOLDERS)
                     and len(parts := path.split("/")) == 3 and parts[0] in _LIBRARY_FOLDERS
                     and _LIBRARY_MARK.match(parts[2]))


#: The files that say a folder is a copy of another project's: an `UPSTREAM` note (go-tools'
#: `lintcmd/cache/UPSTREAM`, "This package is a copy of cmd/go/internal/cache"), or the upstream
#: commit in a `commit.txt` beside the copy's license (pyright's `typeshed-fallback/`, whose 102
#: TODOs are typeshed's).
UPSTREAM_MARKS = ("UPSTREAM", "commit.txt")
_MARK_ENDINGS = tuple("/" + name for name in UPSTREAM_MARKS)
LICENSE_FILE = lazy(r"(?i)^(?:licen[sc]e|copying)(?:[.-]\w+)?$")


def upstream_copies(paths) -> tuple[str, ...]:
    """The folders (`folder/`) holding another project's copy, by `UPSTREAM_MARKS` (one pass of
    `str.endswith` over the paths; the licenses are looked for only beside a `commit.txt`)."""
    marked = [p for p in paths if p.endswith(_MARK_ENDINGS)]
    if not marked:
        return ()
    noted = {p.rpartition("/")[0] for p in marked if p.endswith("/UPSTREAM")}
    pinned = {p.rpartition("/")[0] for p in marked if p.endswith("/commit.txt")}
    if pinned:
        noted.update(folder for p in paths if (parts := p.rpartition("/"))[0] in pinned
                     and LICENSE_FILE.match(parts[2]) and (folder := parts[0]))
    return tuple(sorted(folder + "/" for folder in noted if folder))


def _linguist_attributes(root: str, paths: list[str]) -> dict[str, dict[str, str]]:
    """path -> {attribute: value} from `git check-attr`, asked only when a `.gitattributes`
    (or `info/attributes`) can say something about linguist."""
    if not any(p == ".gitattributes" or p.endswith("/.gitattributes") for p in paths) or not paths:
        return {}
    from indexer.git.discover import attributes

    return attributes(root, paths, _ATTRIBUTES)


def set_aside_vendored(collected: Collected, root: str, paths, report: bool = False) -> None:
    """Classify vendored/generated files and, unless `report`, take their TODOs and references out
    of what the checks read (the files themselves stay, so references to them still resolve).
    Counts go to `collected.set_aside`."""
    collected.vendored = classify_vendored(root, paths, collected.generated)
    if report or not collected.vendored:
        return
    todos = references = 0
    for path in collected.vendored:
        todos += len(collected.todos.pop(path, ()))
        references += len(collected.references.pop(path, ()))
    collected.set_aside = {"files": len(collected.vendored), "todos": todos, "references": references}


def vendored_folders(vendored, paths, among: set[str] | None = None) -> frozenset[str]:
    """Folders every tracked file of which is vendored or generated (`among`: of these folders
    alone, reading only the paths under them)."""
    candidates, mixed = _folders_by_kind(vendored, paths, among)
    return frozenset(candidates - mixed)


def folders_all_vendored(vendored, paths, among: set[str]) -> dict[str, bool]:
    """folder -> whether every tracked file under it is vendored or generated, for the folders of
    `among` that hold a path."""
    candidates, mixed = _folders_by_kind(vendored, paths, among)
    return {folder: folder not in mixed for folder in candidates | mixed}


def _folders_by_kind(vendored, paths, among: set[str] | None) -> tuple[set[str], set[str]]:
    """(the folders holding a vendored or generated file, those holding another file; of `among`
    alone, each folder's paths read only until one of another kind is met: a delta asks of the
    few folders above a path added, ansible's `test/` holds 10k files)."""
    mixed: set[str] = set()
    candidates: set[str] = set()
    if among is None:
        for path in paths:
            parts = path.split("/")
            (candidates if path in vendored else mixed).update("/".join(parts[:depth])
                                                               for depth in range(1, len(parts)))
        return candidates, mixed
    open_ = set(among)  # (the folders no file of another kind was met under yet)
    under = tuple(folder + "/" for folder in open_)
    for path in paths:
        if not path.startswith(under):
            continue
        parts = path.split("/")
        folders = [folder for folder in ("/".join(parts[:depth]) for depth in range(1, len(parts))) if folder in among]
        if path in vendored:
            candidates.update(folders)
        else:
            mixed.update(folders)
            open_.difference_update(folders)
            if not open_:
                break
            under = tuple(folder + "/" for folder in open_)
    return candidates, mixed
