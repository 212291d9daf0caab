"""`RepoPaths`: every path git knows in the work tree, with the lookups references need.

Built from the snapshot plus the tracked paths the scan leaves out (symlinks, submodules,
`scan.exclude`d files): an excluded file still exists, so a reference to it is not dangling.
Folders count as paths. Lookups are set operations: this is consulted once or more per
reference of the repository. While `trace` is a set, every point lookup adds its key to it
(`indexer.contradictions.deps`): what a file's resolutions rest on, so that a later scan after
a path was added or removed knows which files to resolve again.
"""
from __future__ import annotations

import functools
import posixpath
from typing import Iterable, Mapping

from indexer.extract.definitions import NEXT_CONFIGS
from indexer.extract.references.tokens import is_mkdocs_config
from indexer.regex import lazy

#: The suffixes of template sources: `Dockerfile.tt` renders `Dockerfile`, and names the rendered
#: project's files, whose own sources carry the same suffix (`./bin/rails` is `bin/rails.tt`). Not
#: Helm's `.tpl`: a chart's helpers name the chart's own files (`.Files.Get "config/x.conf"`).
TEMPLATE_SUFFIXES = frozenset({".tt", ".tmpl", ".j2", ".jinja", ".jinja2", ".template",
                               ".mustache", ".hbs", ".ejs", ".erb", ".eex"})
TEMPLATE_ENDINGS = tuple(TEMPLATE_SUFFIXES)  # (a C call per path before `template_suffix`)
#: A generator's project skeleton: its templates name the files of the project it makes
#: (kubevela's SDK generator copies its `_scaffold/go/` into each SDK it makes).
#: A folder of templates (`templates/`, `_template/`, gh's `ext_tmpls/`), skeletons or scaffolds.
TEMPLATE_TREE = lazy(r"(?:^|/)_?(?:[a-z]+[_-])?(?:templates?|tmpls?|skeleton|scaffold|blueprints?)/")
#: A name's number prefix, which Nuxt Content and Docusaurus order pages by and leave out of their
#: URLs (`1.getting-started/02.installation.md` is `/getting-started/installation`); not a
#: version's or a date's number (`1.2.md`, `2024-01-05-x.md`).
_NUMBER_PREFIX = lazy(r"^\d+[-_.](?=[^\d\W])")
_SPHINX_INDEX = ("index.rst", "index.txt", "index.md", "contents.rst", "contents.txt")
#: Files that only a docs build writes at its output's root (their folder is generated output,
#: committed or not): Sphinx's, MkDocs', Javadoc's and Dokka's list of packages (Exposed's
#: committed `docs/api/`, whose pages link pages Dokka did not write: 93), ESDoc's search index
#: (js-joda's committed `docs/`, whose index names 432 source files of old releases) and TypeDoc's
#: (postgrest-js' `docs/v1/`, whose `spec.json` names 261 sources of its day). A marker with a
#: folder lies that far below the output's root.
_BUILT_SITE_MARKERS = ("searchindex.js", ".buildinfo", "search_index.json", "objects.inv", "package-list", "element-list",
                       "script/search_index.js", "assets/js/search.json")
#: The folder a marker of its name alone may lie in below the output's root: MkDocs' `search/`.
_BUILT_SITE_SUBFOLDERS = ("search",)
#: A JavaScript configuration's names: Docusaurus and Astro read any module flavour
#: (typescript-eslint's `packages/website/docusaurus.config.mts`).
_MODULE_FLAVOURS = ("js", "mjs", "cjs", "ts", "mts", "cts")
DOCUSAURUS_CONFIGS = tuple(f"docusaurus.config.{flavour}" for flavour in _MODULE_FLAVOURS)
ASTRO_CONFIGS = tuple(f"astro.config.{flavour}" for flavour in _MODULE_FLAVOURS)
_SITE_MARKERS = ("_config.yml", "_config.yaml", "mkdocs.yml", "mkdocs.yaml", "hugo.toml", "hugo.yaml", "book.toml",
                 *DOCUSAURUS_CONFIGS, "conf.py",
                 # (Rspress and Vocs serve their `docs/` and `pages/` from a site's root: rspress'
                 # `/guide/start/getting-started.mdx`, its `website/docs/en/guide/start/`)
                 *ASTRO_CONFIGS,
                 *(f"{tool}.config.{flavour}" for tool in ("rspress", "vocs") for flavour in _MODULE_FLAVOURS),
                 "firebase.json",  # (Firebase Hosting serves a site's build: rxjs.dev's generated `/api/` pages)
                 "ddoc.hjson",  # (ddoc serves `src/skins.md` at `skins/`: broot's `../skins` from `conf_file.md`)
                 # (Elastic's docs-builder reads a docset's `/x.md` links from its `docset.yml`'s
                 # folder: apm-agent-python's `/reference/configuration.md`, its `docs/reference/`)
                 "docset.yml")
#: Hugo's configuration before `hugo.toml`: a site root where `content/` and `layouts/`, `themes/`
#: or `archetypes/` lie beside it (minikube's `site/config.toml`, the `config.json` of rclone's docs);
#: alone, a name many tools use.
_HUGO_CONFIGS = ("config.toml", "config.yaml", "config.yml", "config.json")
#: A Nuxt app's configuration: a site root where a `content/` folder lies beside it (Nuxt Content
#: serves its pages: MassTransit's `doc/content/3.documentation/...` at `/documentation/...`).
_NUXT_CONFIGS = tuple(f"nuxt.config.{flavour}" for flavour in _MODULE_FLAVOURS)
#: Hugo's configuration since 0.110.
_HUGO_NAMES = ("hugo.toml", "hugo.yaml", "hugo.json")
#: Hugo's configuration folder's defaults, beside `content/`.
_HUGO_CONFIG_FOLDER = tuple(f"config/_default/{name}" for name in (*_HUGO_NAMES, *_HUGO_CONFIGS))
#: Where a Next.js app's pages are (`RepoPaths.next_pages`): its two routers' folders, and the
#: `content/` that Nextra and Fumadocs read.
_NEXT_PAGE_FOLDERS = ("pages", "src/pages", "app", "src/app", "content", "src/content")
#: Folders that hold sample projects: a generator's templates, tests' and docs' example projects.
_SAMPLE_FOLDERS = frozenset({"testdata", "templates", "template", "examples", "example", "samples", "sample",
                             "skeleton", "scaffold", "scaffolds", "fixtures", "boilerplate"})
#: A package's own manifest: paths in its code and docs are often relative to its folder.
PACKAGE_MANIFESTS = frozenset({"package.json", "pyproject.toml", "setup.py", "setup.cfg", "go.mod",
                                "Cargo.toml", "pom.xml", "build.gradle", "build.gradle.kts", "Chart.yaml"})
_MANIFEST_ENDINGS = tuple(PACKAGE_MANIFESTS)
#: A JVM module's source sets and the folders in each that are on its class path.
_SOURCE_SETS = ("main", "test")
_CLASS_PATH_FOLDERS = ("resources", "java", "kotlin", "scala", "groovy")


class RepoPaths:
    #: The keys of the point lookups made while it is a set (`indexer.contradictions.deps`).
    trace: "set[str] | None" = None

    def __init__(self, files: Iterable[str], left_out: Mapping[str, str] | None = None) -> None:
        self.files = frozenset(files)
        left_out = dict(left_out or {})
        self.links = frozenset(p for p, why in left_out.items() if why in ("symlink", "submodule"))
        self.all_files = self.files | frozenset(left_out)
        paths: set[str] = set()
        for path in self.all_files:  # (with `rpartition`: posixpath.dirname is 2.5x slower, per scan)
            while path and path not in paths:
                paths.add(path)
                path = path.rpartition("/")[0]
        self.paths = frozenset(paths)

    def exists(self, path: str) -> bool:
        if self.trace is not None:
            self.trace.add("e" + path)
        return path in self.paths or path == ""

    def is_file(self, path: str) -> bool:
        """A tracked file (a scanned one or one the scan leaves out), not a folder."""
        if self.trace is not None:
            self.trace.add("f" + path)
        return path in self.all_files

    def has_name(self, name: str) -> bool:
        """Some path's base name, with or without its extension (`names`)."""
        if self.trace is not None:
            self.trace.add("n" + name)
        return name in self.names

    def has_stem(self, stem: str) -> bool:
        """Some file without its extension (`stems`)."""
        if self.trace is not None:
            self.trace.add("s" + stem)
        return stem in self.stems

    def has_suffix(self, tail: str) -> bool:
        """Some file's tail of two or more segments (`suffixes`)."""
        if self.trace is not None:
            self.trace.add("x" + tail)
        return tail in self.suffixes

    def has_unnumbered_suffix(self, tail: str) -> bool:
        """Some file's tail of two or more segments with their number prefixes left out
        (`unnumbered_suffixes`)."""
        if self.trace is not None:
            self.trace.add("u" + tail)
        return tail in self.unnumbered_suffixes

    def has_made_tail(self, tail: str) -> bool:
        """A file a generator here renders from one of its templates ends with `tail`, of two or
        more segments (`made_tails`). Traced as `has_suffix`; `changed_keys` counts these tails."""
        if self.trace is not None:
            self.trace.add("x" + tail)
        return tail in self._made_tails

    @functools.cached_property
    def _made_tails(self) -> frozenset[str]:
        return frozenset(tail for path in self.all_files if path.endswith(TEMPLATE_ENDINGS)
                         for tail in made_tails(path))

    def has_sample_copies(self, tail: str) -> bool:
        """Two or more files of the sample projects the repository keeps (`testdata/`,
        `templates/`, `examples/`...) end with `tail` (kubebuilder's seven `.../cmd/main.go`).
        Traced as `has_suffix`: the same paths move its answer."""
        if self.trace is not None:
            self.trace.add("x" + tail)
        return tail in self._sample_tails

    @functools.cached_property
    def _sample_tails(self) -> frozenset[str]:
        counts: dict[str, int] = {}
        for path in self.all_files:
            parts = path.split("/")
            inside = next((at for at, part in enumerate(parts[:-2]) if part in _SAMPLE_FOLDERS), None)
            for start in range(inside + 1, len(parts) - 1) if inside is not None else ():
                tail = "/".join(parts[start:])
                counts[tail] = counts.get(tail, 0) + 1
        return frozenset(tail for tail, count in counts.items() if count >= 2)

    def through_link(self, path: str) -> str | None:
        """The tracked symlink or submodule `path` lies in (or is), if any."""
        if not self.links or path.split("/", 1)[0] not in self._link_tops:
            return None  # (every folder above `path` starts with its first name)
        while path:
            if path in self.links:
                return path
            path = posixpath.dirname(path)
        return None

    @functools.cached_property
    def _link_tops(self) -> frozenset[str]:
        """The first name of each link's path."""
        return frozenset(link.split("/", 1)[0] for link in self.links)

    @functools.cached_property
    def folders(self) -> frozenset[str]:
        """Every folder that holds a tracked path."""
        return self.paths - self.all_files

    @functools.cached_property
    def folders_named(self) -> dict[str, list[str]]:
        """Base name -> the folders of that name (a lookup for what a notice names)."""
        out: dict[str, list[str]] = {}
        for path in self.folders:
            out.setdefault(path.rpartition("/")[2], []).append(path)
        return out

    @functools.cached_property
    def files_stemmed(self) -> dict[str, list[str]]:
        """Base name without its extension -> the files of that stem."""
        out: dict[str, list[str]] = {}
        for path in self.all_files:
            out.setdefault(stem_of(path.rpartition("/")[2]), []).append(path)
        return out

    @functools.cached_property
    def stems(self) -> frozenset[str]:
        """Files without their extension (`a/b` for `a/b.py`): how imports name modules."""
        return frozenset(map(path_stem, self.all_files))

    @functools.cached_property
    def names(self) -> frozenset[str]:
        """Base names of every path, and of every file without its extension: a cheap "could be
        here" test. (Each file's name is taken once, and each distinct name stemmed once.)"""
        files = {p.rpartition("/")[2] for p in self.all_files}
        return frozenset(files.union((p.rpartition("/")[2] for p in self.folders), map(stem_of, files)))

    @functools.cached_property
    def suffixes(self) -> frozenset[str]:
        """Every tail of two or more segments of every file (`b/c.py` for `a/b/c.py`)."""
        tails: set[str] = set()
        for path in self.all_files:
            parts = path.split("/")
            for start in range(1, len(parts) - 1):
                tails.add("/".join(parts[start:]))
        return frozenset(tails)

    @functools.cached_property
    def unnumbered_suffixes(self) -> frozenset[str]:
        """`suffixes` of the files with a number prefix in their path, without the prefixes."""
        tails: set[str] = set()
        for path in self.all_files:
            tails.update(unnumbered_tails(path))
        return frozenset(tails)

    @functools.cached_property
    def sphinx_roots(self) -> tuple[str, ...]:
        """Folders with a Sphinx `conf.py` beside an index: where `/`-rooted `:doc:` paths start.
        A `conf.py` with no index beside it serves the folders below it that have one
        (readthedocs.org's, with sphinx-multiproject, builds its `user/` and `dev/` docs, whose
        `/builds` is `user/builds.rst`)."""
        roots = []
        confs = {posixpath.dirname(p) for p in self._ending(("conf.py",)) if posixpath.basename(p) == "conf.py"}
        for folder in confs:
            if any(posixpath.join(folder, name) in self.paths for name in _SPHINX_INDEX):
                roots.append(folder)
            else:
                roots += [child for child in self.folders if posixpath.dirname(child) == folder
                          and any(posixpath.join(child, name) in self.paths for name in _SPHINX_INDEX)]
        return tuple(sorted(roots, key=lambda root: (-len(root), root)))  # (innermost first, in one order)

    def sphinx_root_of(self, path: str) -> str | None:
        for root in self.sphinx_roots:
            if root == "" or path == root or path.startswith(root + "/"):
                return root
        return None

    @functools.cached_property
    def built_sites(self) -> tuple[str, ...]:
        """Folders of built documentation (Sphinx, MkDocs output) that someone committed."""
        roots = set()
        for path in self._ending(_BUILT_SITE_MARKERS):
            marker = next((m for m in _BUILT_SITE_MARKERS if ("/" + path).endswith("/" + m)), None)
            if marker is None:  # (`mysearchindex.js`)
                continue
            root = posixpath.dirname(path[:len(path) - len(marker)])  # (`a/b/` -> `a/b`; `` -> ``)
            if "/" not in marker and posixpath.basename(root) in _BUILT_SITE_SUBFOLDERS:
                root = posixpath.dirname(root)
            roots.add(root)
        return tuple(sorted(roots))

    def in_built_site(self, path: str) -> bool:
        return any(root == "" or path.startswith(root + "/") for root in self.built_sites)

    def in_site(self, path: str) -> bool:
        """Whether `path` lies in a static site's or docs generator's folder (`site_roots`)."""
        return any(root == "" or path.startswith(root + "/") for root in self.site_roots)

    @functools.cached_property
    def site_roots(self) -> tuple[str, ...]:
        """Folders of static-site and docs generators, whose `/x` links are site URLs."""
        roots = {posixpath.dirname(p) for p in self._ending(_SITE_MARKERS) if posixpath.basename(p) in _SITE_MARKERS}
        roots |= set(self.mkdocs_roots)
        roots |= {folder for p in self._ending(_HUGO_CONFIGS) if posixpath.basename(p) in _HUGO_CONFIGS
                  and self.exists(posixpath.join(folder := posixpath.dirname(p), "content"))
                  and any(self.exists(posixpath.join(folder, part)) for part in ("layouts", "themes", "archetypes"))}
        # (or in its configuration folder: kubernetes-ingress' `site/config/_default/config.toml`)
        roots |= {folder for p in self._ending(_HUGO_CONFIG_FOLDER)
                  if p.split("/")[-3:-1] == ["config", "_default"]
                  and self.exists(posixpath.join(folder := posixpath.dirname(posixpath.dirname(posixpath.dirname(p))),
                                                 "content"))}
        roots |= {folder for p in self._ending(_NUXT_CONFIGS) if posixpath.basename(p) in _NUXT_CONFIGS
                  and self.exists(posixpath.join(folder := posixpath.dirname(p), "content"))}
        # (a Grav site's `config/system.yaml` beside its `pages/`: select2's `docs/pages/03.configuration/
        # 01.options-api/docs.md` is served at `/configuration/options-api`)
        roots |= {folder for p in self._ending(("config/system.yaml",)) if p.split("/")[-2:-1] == ["config"]
                  and self.exists(posixpath.join(folder := posixpath.dirname(posixpath.dirname(p)), "pages"))}
        roots |= {posixpath.dirname(posixpath.dirname(p)) for p in self.files  # VitePress, VuePress
                  if (".vitepress/config." in p or ".vuepress/config." in p)
                  and posixpath.basename(posixpath.dirname(p)) in (".vitepress", ".vuepress")
                  and posixpath.basename(p).startswith("config.")}
        roots |= set(self.docsify_roots)
        return tuple(sorted(roots, key=lambda root: (-len(root), root)))  # (innermost first, in one order)

    @functools.cached_property
    def _tool_marks(self) -> list[str]:
        """The files that mark a docsify site or a Writerside project: one pass over the paths."""
        return self._ending(("_sidebar.md", "writerside.cfg"))

    @functools.cached_property
    def writerside_roots(self) -> tuple[str, ...]:
        """Folders of JetBrains Writerside projects (`writerside.cfg`)."""
        return tuple(sorted(posixpath.dirname(p) for p in self._tool_marks if posixpath.basename(p) == "writerside.cfg"))

    @functools.cached_property
    def docsify_roots(self) -> tuple[str, ...]:
        """Folders of docsify sites: a folder's `index.html` loads it, and its `_sidebar.md` links
        pages from there (kube-linter's sidebar links `/using-kubelinter.md`)."""
        sidebars = [posixpath.dirname(p) for p in self._tool_marks if posixpath.basename(p) == "_sidebar.md"]
        return tuple(sorted(folder for folder in sidebars
                            if self.is_file(posixpath.join(folder, "index.html") if folder else "index.html")))

    @functools.cached_property
    def mkdocs_roots(self) -> tuple[str, ...]:
        """The folders of MkDocs configurations (`mkdocs.yml`), whose `docs/` holds the pages."""
        return tuple(sorted({posixpath.dirname(p) for p in self.files if "mkdocs" in p and is_mkdocs_config(p)}))

    @functools.cached_property
    def next_pages(self) -> tuple[tuple[str, str], ...]:
        """(app, folder): the folders Next.js apps (a `next.config.*` in the app's folder) serve pages
        from: `pages/` and `app/` (or under `src/`), and the `content/` that Nextra and Fumadocs
        read, innermost app first."""
        roots = {posixpath.dirname(p) for p in self._ending(NEXT_CONFIGS) if posixpath.basename(p) in NEXT_CONFIGS}
        # an app with a catch-all page (`pages/[...slug].tsx`) may serve its `docs/` through it:
        # spaCy's website renders `docs/usage/training.mdx` at `/usage/training`
        catch_all = {p.partition("/[...")[0].partition("/[[...")[0] for p in self.files
                     if "/[..." in p or "/[[..." in p} if roots else set()
        return tuple((root, folder) for root in sorted(roots, key=lambda root: (-len(root), root))
                     for name in _NEXT_PAGE_FOLDERS + (("docs",) if _serves_all(root, catch_all) else ())
                     if self.exists(folder := posixpath.join(root, name)))

    @functools.cached_property
    def hugo_roots(self) -> tuple[str, ...]:
        """The site roots that are Hugo's: a `hugo.*` configuration, or an earlier `config.*` beside
        `content/` (`site_roots` asks more of that one)."""
        def holds(root: str, name: str) -> bool:
            return self.is_file(posixpath.join(root, name) if root else name)

        return tuple(root for root in self.site_roots
                     if any(holds(root, name) for name in _HUGO_NAMES)
                     or any(holds(root, name) for name in _HUGO_CONFIGS + _HUGO_CONFIG_FOLDER)
                     and self.exists(posixpath.join(root, "content")))

    def _ending(self, names: tuple[str, ...]) -> list[str]:
        """The files whose path ends with one of `names` (one C call per path: the roots below
        ask a few names of thousands of files, each time a delta's paths move)."""
        return [p for p in self.files if p.endswith(names)]

    @functools.cached_property
    def package_roots(self) -> frozenset[str]:
        """Folders holding a package manifest (package.json, pyproject.toml, go.mod, pom.xml...)."""
        return frozenset(p.rpartition("/")[0] for p in self._ending(_MANIFEST_ENDINGS)
                         if p.rpartition("/")[2] in PACKAGE_MANIFESTS)

    def package_bases(self, path: str, sources: bool = True) -> list[str]:
        """Where a path written in `path` may start besides its folder and the root: the folders of
        the packages it lies in (innermost first), and (with `sources`) their `src/` (a `src` layout)."""
        out: list[str] = []
        folder = posixpath.dirname(path)
        while True:
            if self.trace is not None:
                self.trace.add("p" + folder)
            if folder in self.package_roots:
                out.append(folder)
                source = posixpath.join(folder, "src") if folder else "src"
                if sources and self.exists(source):
                    out.append(source)
            if not folder:
                return out
            folder = posixpath.dirname(folder)

    def class_path(self, path: str) -> list[str]:
        """The class-path folders of the modules `path` lies in (`src/main/resources/`,
        `src/test/java/`...): a class loads the resources it names from there, by their path in
        the class path (jmeter's `getResourceFileAsText("org/apache/jmeter/help.txt")`, its
        `src/core/src/main/resources/org/apache/jmeter/help.txt`), and a Gradle build names its
        module's files so (`exclude("org/apache/jmeter/visualizers/RenderInBrowser.java")`)."""
        return [folder for module in self.package_bases(path, sources=False)
                for source_set in _SOURCE_SETS for name in _CLASS_PATH_FOLDERS
                if self.exists(folder := posixpath.join(module, "src", source_set, name))]


def _serves_all(root: str, catch_all: set[str]) -> bool:
    """Whether the Next.js app at `root` has a catch-all page (its `pages/`, `app/`, under `src/` too)."""
    return any(folder == posixpath.join(root, name) for folder in catch_all for name in _NEXT_PAGE_FOLDERS)


def path_stem(path: str) -> str:
    """`posixpath.splitext(path)[0]`, as `stem_of` is for a base name."""
    slash = path.rfind("/")
    dot = path.rfind(".")
    if dot > slash + 1 and (path[slash + 1] != "." or path[slash + 1:dot].strip(".")):
        return path[:dot]
    return path


def stem_of(name: str) -> str:
    """`posixpath.splitext(name)[0]` for a base name, without its generality (13k files of moby:
    a third of the time): a name's leading dots start no extension."""
    dot = name.rfind(".")
    return name[:dot] if dot > 0 and name[:dot].strip(".") else name


def unnumbered_tails(path: str) -> list[str]:
    """The tails of two or more segments of `path` without its names' number prefixes, if it has any."""
    parts = path.split("/")
    names = [unnumbered(part) for part in parts]
    if names == parts:
        return []
    return ["/".join(names[start:]) for start in range(1, len(parts) - 1)]


def template_suffix(path: str) -> str:
    """`.tt` for `Dockerfile.tt`, `.j2` for `nginx.conf.j2`; "" for a file that is no template."""
    suffix = posixpath.splitext(path)[1]
    return suffix if suffix in TEMPLATE_SUFFIXES else ""


def template_tree(path: str):
    """Where the template folder `path` lies in ends (`TEMPLATE_TREE`'s match), when `path` is a
    template source there; None for any other file."""
    if path.endswith(TEMPLATE_ENDINGS) and template_suffix(path):
        return TEMPLATE_TREE.search(path)
    return None


def made_tails(path: str) -> list[str]:
    """The tails of two or more segments of the file a generator's template renders, below its
    template folder: `config/dev.exs` of phoenix's `installer/templates/phx_single/config/dev.exs.eex`."""
    if not (tree := template_tree(path)):
        return []
    parts = path[tree.end():-len(template_suffix(path))].split("/")
    return ["/".join(parts[start:]) for start in range(len(parts) - 1)]


def unnumbered(name: str) -> str:
    """A name without its number prefix (`_NUMBER_PREFIX`), if it has one."""
    return _NUMBER_PREFIX.sub("", name, count=1) if name[:1].isdigit() else name
