"""Resolve references: which repository path each one names, and whether that path exists.

A target resolves against the referring file's folder first, then the repository root (and
the folder a `cd` moved to, the Sphinx source root for `/`-rooted `:doc:` paths, the site
roots for `/`-rooted links). Existing is enough. A missing target is a claim only when it
looks like one; these are not (`NOT_A_CLAIM`, with the reason):

* globs, variables, placeholders (`path/to/`, `<name>`, `myproject/`) and paths outside the repo;
* paths through a tracked symlink or submodule, or that git ignores (one `git check-ignore`);
* "weak" mentions (prose, code spans, comments, strings, config values, shell words) whose
  first folder exists nowhere it could start from: a tutorial's `polls/views.py` is no claim
  about this repository; nor one that exists under another folder (a template name), nor one
  that does not look like a file (`client/server`) -- unless history shows it was removed;
* links to another repository's files, and site URLs in a static site's docs.

Imports are resolved to say which module they name; a missing module is never a claim here.
"""
from __future__ import annotations

import functools
import os
import posixpath
import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Mapping, Sequence

from indexer.confine import read_inside
from indexer.extract.languages import TEST_FILE
from indexer.extract.references import tokens
from indexer.git.discover import DEFAULT_BRANCHES, current_branch, ignored as git_ignored
from indexer.git.history import History
from indexer.models import Reference
from indexer.contradictions.paths import (ASTRO_CONFIGS, DOCUSAURUS_CONFIGS, TEMPLATE_SUFFIXES, TEMPLATE_TREE, RepoPaths,
                                           path_stem, stem_of, template_suffix, template_tree, unnumbered)
from indexer.regex import lazy

EXISTS = "exists"
MISSING = "missing"
NOT_A_CLAIM = "not-a-claim"

STRONG_KINDS = frozenset({"md-link", "sphinx-doc", "rst-include", "rst-link", "adoc-include",
                          "adoc-link", "docker-copy", "ci-uses", "ci-workdir", "config-extends",
                          "make-include", "repo-url", "manifest-include", "go-replace"})
IMPORT_KINDS = frozenset({"import", "js-import", "go-import"})
DOC_SUFFIXES = (".rst", ".txt", ".md", ".markdown", ".mdx", ".adoc", ".html")
#: The sources Sphinx reads a page from, besides none: reStructuredText, and MyST's Markdown.
_SPHINX_SOURCES = (".rst", ".md", ".txt")
#: The suffixes of a page's source after the suffix it is built to (Middleman's `x.html.markdown`;
#: `x.html.erb` is `_rendered`'s).
_TEMPLATE_SOURCES = (".md", ".markdown", ".haml", ".slim")
#: The files a docs site builds pages from: its documents, the notebooks nbsphinx and MyST-NB
#: render (xarray's `:doc:` links and gallery name `examples/weather-data`, an `.ipynb`), and
#: Literate Agda's documents (agda's toctree lists `built-ins`, its `built-ins.lagda.rst`).
SOURCE_SUFFIXES = (*DOC_SUFFIXES, ".ipynb", ".lagda.rst", ".lagda.md")
_DOCS_FOLDERS = frozenset({"docs", "doc", "documentation"})
_ACTION_FILES = ("action.yml", "action.yaml")
_DEPENDENCY_FOLDERS = frozenset({"vendor", "node_modules"})
_LISTING_AT_LEAST = 4  # entries a tree listing needs before the share of them that exist says whose it is
#: A Next.js page's suffixes (its `pageExtensions` by default, and MDX's).
_NEXT_PAGE_SUFFIXES = (".js", ".jsx", ".ts", ".tsx", ".md", ".mdx")
_INDEXES = ("index.md", "README.md", "index.rst", "index.html", "_index.md", "index.mdx", "readme.md")
#: A module specifier in a line read as text (a `.vue` component, a VitePress page's `<script
#: setup>`): `from './_data/blog.data'` names `blog.data.ts`, as the bundler resolves it.
_JS_IMPORT = lazy(r"\bfrom\s+['\"]|\bimport\s*\(\s*['\"]|\brequire\s*\(\s*['\"]")
#: A C or C++ `#include "x/y.h"` (Objective-C's `#import`): the compiler looks in the including
#: file's folder, then on the include path the build sets (`-I`), which this repository's files
#: cannot tell us. jq moved `src/decNumber/` to `vendor/decNumber/` and builds with
#: `-I$(srcdir)/vendor`: its `#include "decNumber/decNumber.h"` still finds the header.
_C_INCLUDE = lazy(r'#\s*(?:include|import)\s*"')
_C_INCLUDE_SYSTEM = lazy(r"#\s*(?:include|import)\s*<")
#: The system's headers below `sys/` (POSIX's and the common ones of Linux, the BSDs and Solaris),
#: and POSIX's network headers: named as they are included, wherever they are named.
_SYSTEM_HEADER = lazy(r"^(?:sys/(?:types|stat|wait|time|times|timeb|select|socket|mman|ioctl|param|resource|un|uio"
                      r"|utsname|ipc|msg|sem|shm|statvfs|statfs|vfs|file|fcntl|sysctl|syscall|epoll|event|inotify"
                      r"|prctl|ptrace|mount|sysinfo|cdefs|queue|errno|signal|poll|eventfd|timerfd|signalfd|random"
                      r"|xattr|endian|capability|personality|auxv|user|sysmacros|utime|mkdev|filio|sockio|sendfile"
                      r"|atomic|stream|procfs|systeminfo|loadavg|termios|ttycom|dir|unistd|limits)"
                      r"|netinet/(?:in|tcp|udp|ip|ip6|in_systm|ip_icmp|icmp6|if_ether)|arpa/(?:inet|nameser)"
                      r"|net/(?:if|route))\.h$")
#: A template tag (Jinja, Django, Nunjucks, Twig): the name is looked up on the template loader's
#: path, which holds a theme's and installed packages' templates (fastapi's MkDocs overrides
#: `{% include "partials/nav.html" %}` from the Material theme).
_TEMPLATE_TAG = lazy(r"\{%-?\s*(?:include|extends|import|from|embed)\s+([\"'])([^\"']+)\1")
#: A Dockerfile's `COPY`/`ADD` line, in a doc's code block.
_DOCKERFILE_COPY = lazy(r"(?:COPY|ADD)\s")
#: A tracked Dockerfile, in any of its usual names.
_DOCKERFILE = lazy(r"(?i)(?:^|/)(?:(?:docker|container)file(?:\.[^/]*)?|[^/]*\.dockerfile)$")
#: Code kept to show how the project is used (fastapi's tutorials in `docs_src/`, twisted's
#: `docs/*/howto/listings/`): run in the reader's project, it opens the reader's files.
_EXAMPLE_CODE = lazy(r"(?:^|/)(?:examples?|samples?|demos?|docs_src|listings|snippets)/")
#: A translation's folder (`docs/de/`, `content/pt-br/`, `zh-hant/`), and the default language's.
_LANGUAGE = lazy(r"[a-z]{2}(?:[-_][a-zA-Z]{2,4})?")
_DEFAULT_LANGUAGES = ("en", "en-us", "en-US", "en_US")
#: The languages docs are most translated into, by their codes (`_default_language`).
_TRANSLATIONS = frozenset({"ar", "bn", "cs", "da", "de", "el", "es", "fa", "fi", "fr", "he", "hi", "hu", "id", "it",
                           "ja", "ko", "nl", "pl", "pt", "ro", "ru", "sv", "th", "tr", "uk", "vi", "zh"})
_ZOLA_CONFIGS = ("config.toml", "zola.toml")
#: rustdoc's intra-doc link (`struct@form::MultipartForm`, any `a::b`: actix-multipart's README; the
#: crate's own page, `crate`) and
#: the pages it makes of items (`../migration/trait.Migration.html`: diesel's doc comments, 4).
_RUSTDOC = lazy(r"::|^(?:struct|enum|trait|fn|mod|macro|type|const|static|union|derive|attr|prim|primitive|method)@"
                r"|^(?:crate|self|super)(?:#|$)"  # (axum's `[sharing-state]: crate#sharing-state-with-handlers`)
                r"|(?:^|/)(?:trait|struct|enum|fn|macro|type|constant|static|union|primitive|derive|attr|keyword)\.\w+\.html$")
_SETUP_FILES = ("setup.py", "pyproject.toml", "setup.cfg")
#: A site generator's link alias (Rocket's guide: `@api/master/rocket`, `@git/master/examples`, `@chat`).
_LINK_ALIAS = lazy(r"@[A-Za-z][\w-]*(?:/|$)")
_PAGE_ENDINGS = (".md", ".mdx", ".rst", ".markdown", "/index.md", "/index.mdx")
_IMAGE = lazy(r"(?i)\.(?:png|jpe?g|gif|svg|webp|avif|ico)$")
#: A URL's segment that names a version of the docs (`4.x`, `v2`, `1.10`, `latest`, `stable`).
_URL_VERSION = lazy(r"v?\d+(?:\.(?:\d+|x))+|v\d+|latest|stable")
#: The folders an AsciiDoc build's `imagesdir` names.
_IMAGE_FOLDERS = ("img", "images")
_PELICAN_LINKS = tuple(f"{open_}{name}{close}" for name in ("filename", "static", "attach")
                       for open_, close in (("{", "}"), ("|", "|")))
_SASS_IMPORT = lazy(r"@(?:use|forward|import)\b")
_SASS_SUFFIXES = (".scss", ".sass", ".css")
#: A Maven site's sources, whose `.html` links name the pages and reports the site build writes.
_MAVEN_SITE = lazy(r"(?:^|/)src/site/")
_SITE_SOURCES = (".xml", ".md", ".apt", ".fml")
#: A Go type's method (`InfoInvoker.Invoke`), named after its package's folder.
_GO_METHOD = lazy(r"[A-Z]\w*\.[A-Za-z_]\w*")
#: What a build compiles, links and packs, never committed unless history says so.
_BUILT_BINARIES = (".o", ".a", ".so", ".obj", ".lo", ".la", ".lib", ".dylib", ".dll", ".jar", ".war", ".class")
#: What dune builds of an `(executable (name x))` its folder's `dune` file declares (`_missing`).
_DUNE_EXECUTABLES = (".exe", ".bc", ".bc.js")
_JS_SUFFIXES = (".js", ".ts", ".tsx", ".jsx", ".mjs", ".cjs", ".json", ".vue", ".svelte", ".d.ts")
_JS_SOURCES = tuple(suffix for suffix in _JS_SUFFIXES if suffix != ".json")
#: The modules a function's handler (`file.export`) names.
_MODULE_SUFFIXES = (*_JS_SOURCES, ".py", ".go", ".rb")
_RUBY_SOURCES = (".rb", ".rake", ".gemspec")
#: The sources and builds of JVM modules, whose paths may be class-path paths (`RepoPaths.class_path`).
_JVM_SOURCES = (".java", ".kt", ".kts", ".scala", ".groovy", ".gradle")
#: The TypeScript sources a JavaScript file is compiled from: a TS project names its modules by the
#: `.js` they become (blockly's build names `core/blockly.js`, its `core/blockly.ts`; ESM imports).
_TYPESCRIPT_SOURCES = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
_FIXTURE = lazy(r"(?:^|/)(?:fixtures|__fixtures__)/")
_DOTTED_NAME = lazy(r"([A-Za-z_]\w*)(?:\.[A-Za-z_]\w*)+")
#: The `.proto` files protoc ships in its own include folder (protobuf-go's
#: `import "google/protobuf/any.proto"`): found wherever protoc runs, never in the repository.
_WELL_KNOWN_PROTOS = frozenset(f"google/protobuf/{name}.proto" for name in (
    "any", "api", "descriptor", "duration", "empty", "field_mask", "source_context", "struct", "timestamp",
    "type", "wrappers", "cpp_features", "java_features", "compiler/plugin"))
#: Ruby's `require 'x/y'` and `require_relative "x/y"` name `x/y.rb` (capistrano's
#: `require_relative "configuration/servers"` is `configuration/servers.rb`, whatever folder of
#: that name it once had).
_RUBY_REQUIRE = lazy(r"\b(?:require|require_relative|autoload)\b")
_HOSTED = lazy(r"https?://(?:www\.)?([\w.-]+)/([\w.-]+)/([\w.-]+?)(?:\.git)?/(?:-/)?(?:blob|tree|raw|src)/"
               r"([^/]+)/(.*)"
               r"|https?://raw\.githubusercontent\.com/([\w.-]+)/([\w.-]+)/([^/]+)/(.*)")
#: Settings that name where a tool writes (`profile_file = <folder>/profiles.txt`), not what it reads.
_SETTING_KEY = lazy(r"^\W*([\w.-]+)[\"']?\s*[:=]")
#: The words that call what follows an example, on the referring line itself.
_FOR_EXAMPLE = lazy(r"(?i)\bfor\s+(?:example|instance)\b|\be\.g\.")
#: A URL built from a site's address and a path (conda's `join_url(CONDA_HOMEPAGE_URL,
#: "docs/config.html")`, `urljoin(BASE, "x")`): the path is the site's.
_URL_JOIN = lazy(r"(?i)\b(?:url_?join|join_?url)\s*\(")
#: Keys and certificates: made or handed out where they are used, never committed (bandersnatch's
#: compose file mounts `../banderx/certificate.crt` and `private.key` from the reader's disk).
_SECRET_FILE = lazy(r"(?i)\.(?:key|pem|crt|cer|csr|p12|pfx|jks|keystore)$")
#: A line of code that says its path is written to: "path to write the generated documentation to",
#: "output directory", "where to save the report".
_WRITTEN_TO = lazy(r"(?i)\b(?:write|save|dump|output)\b(?:\s+\w+){0,4}\s+(?:to|into|in)\b"
                   r"|\boutput\s+(?:dir|directory|folder|path|file)\b|\bwhere\s+to\s+(?:write|save|put)\b")
#: Code that asks whether the path exists, or says that it does not: knative's
#: `if fileExists("hack/update-dep.sh")`, then `fmt.Println("hack/update-dep.sh script doesn't exist")`.
#: (Ruby's too: rubocop-rails' `File.exist?('config/database.yml')`, openstreetmap-website's
#: `Rails.root.join("config/application.yml").exist?`)
_EXISTENCE_TEST = lazy(r"(?i:exists?\??|is_?file|is_?dir)\s*\(|\.exists?\?|\bos\.L?[Ss]tat\("
                       r"|(?i:\b(?:does\s+not|doesn'?t|not)\s+exist|\bnot\s+found\b)")
#: A towncrier news fragment's name (`1234.bugfix.rst`, `+abc.feature.md`): a release turns the
#: fragments into its notes and deletes them.
_NEWS_FRAGMENT = lazy(r"^(?:\d+|\+[\w-]*)\.(?:feature|bugfix|bug|fix|doc|docs|removal|misc|breaking|contrib"
                      r"|packaging|deprecation|trivial|improvement|change|vendor|process)s?(?:\.\d+)?(?:\.(?:rst|md|txt))?$")
#: A command-line option's default on its line (click's, typer's, argparse's): the path is looked up
#: where the program runs, in a package's module the user's project (Flask-AppBuilder's
#: `@click.option("--target", default="app/translations")`).
_CLI_OPTION = lazy(r"\b(?:option|argument|add_argument|Option|Argument)\s*\(")
_DEFAULT = lazy(r"\bdefault\s*=")
_OUTPUT_WORDS = frozenset({"out", "output", "outdir", "log", "logfile", "cache", "report", "profile",
                           "profiles", "dump", "tmp", "temp", "artifact", "artifacts", "junit", "coverage",
                           "result", "results", "save", "dest", "destination", "write"})
#: Where a docs build takes files it copies to the site root beside the pages (`_assets_beside`).
_ASSET_FOLDERS = ("assets", "public", "static")
#: The suffixes of a source the build renders a file of the same name from (`_rendered`).
_RENDERED_SUFFIXES = (*sorted(TEMPLATE_SUFFIXES), ".in")
#: A path cut short by an interpolation (Ruby `"config/#{env}.rb"`, shell, Jinja, ERB): a template.
_INTERPOLATIONS = ("#{", "${", "{{", "<%")
#: `./configure && make && make install`: docs that build third-party software from source.
GNU_STANDARD_TARGETS = frozenset({"all", "install", "uninstall", "clean", "distclean", "check",
                                  "dist", "install-strip", "installcheck", "maintainer-clean"})
#: `[#123](url)`, `[x](link)`, `post.url`: a template's placeholder, not a file.
#: `client/config.Config`, `helper/testlog.HCLogger`: a Go package's import path and one of its
#: exported names (nomad's comments and contributing guide), not a file with an extension; k6's
#: `js/modules/k6.K6.Group`, an exported type's method.
_GO_QUALIFIED = lazy(r"(?:^|/)[a-z][a-z0-9_]*(?:\.[A-Z][A-Za-z0-9_]*)*\.[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$")
_PLACEHOLDER_LINK = lazy(r"(?i)(?:[\w.]+\.)?(?:url|uri|link|href|path|target|todo|tbd|xxx)"
                         r"|(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)")  # a template's `ENGLISH_VERSION_URL`
#: A repository named in a project's metadata: `module github.com/o/n`, `"url": "git+https://github.com/o/n.git"`,
#: `Source = "https://github.com/o/n"`. The hosts that serve `blob/<ref>/<path>` pages.
_PROJECT_URL = lazy(r"(?:^module\s+|[\"'](?:git\+)?(?:https?://|ssh://git@|git@)?)"
                    r"(github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)[:/]([\w.-]+)/([\w.-]+?)"
                    r"(?:\.git)?(?=[/\"'\s#]|$)", re.M)
#: A Go module's path on any host (`carvel.dev/ytt`, `sigs.k8s.io/gateway-api/v2`): host, folders, name.
_GO_MODULE_PATH = lazy(r"^module[ \t]+([\w.-]+)/(?:([\w./-]+?)/)?(?!v\d+[ \t]*$)([\w.-]+?)(?:/v\d+)?[ \t]*$", re.M)
#: A repository named in a document (`github.com/briandowns/spinner`, in a badge's URL or a `go get`).
_HOSTED_REPOSITORY = lazy(r"\bgithub\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?(?=[/\"')\]\s#?]|$)")
_README = lazy(r"(?i)^readme(?:\.\w+)?$")
_OPENING = 2048  # (the bytes of a README read for the repositories it names)
_LICENSE_FILES = ("LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "COPYING", "License", "license")
#: A license's text, alone or in a folder of them (Pillow's `wheels/dependency_licenses/FREETYPE2.txt`,
#: REUSE's `LICENSES/`): the files it names are the licensed project's. (A text: not a `license.go`.)
_LICENSE_TEXT = lazy(r"(?i)(?:^|/)(?:[\w.-]*[-_])?licen[cs]es/(?:[^/]+/)*|(?:^|/)(?=licen[cs]e|copying|notice(?:\.\w+)?$)")
_TEXT_SUFFIXES = ("", ".txt", ".text", ".md", ".markdown", ".rst")
#: A first line that is a comment of one path and nothing else: the file's name as it was written
#: (or the second, in a block comment's ` * ` lines: haproxy's `/*` then ` * include/haproxy/mailer.h`
#: in `include/haproxy/mailers.h`).
_NAME_HEADER = lazy(r"^(?:#|//|/\*|<!--|--|;)\s*\.?/?[\w.@/-]+\.\w+\s*(?:\*/|-->)?$")
_NAME_HEADER_BELOW = lazy(r"^\s*\*\s*\.?/?[\w.@/-]+\.\w+\s*$")
#: A comment that opens with a path of the file's own name and says what the file is: psycopg2's
#: `lib/extras.py` says `# psycopg/extras.py - miscellaneous extra goodies for psycopg`, the
#: name it is installed under (`_NAME_HEADER`'s, with words after it).
_NAME_LINE = lazy(r"^(?:#|//|/?\*|--|;)\s*\.?/?(?:[\w.@-]+/)*([\w.@-]+\.\w+)\s+--?\s+\w")
#: Doxygen's `@file` (or `\file`) command, naming the file it documents: libgit2's
#: `include/git2/blob.h` says `@file git2/blob.h`, the name it is included by.
_DOXYGEN_FILE = lazy(r"^\s*(?:/\*\*?|\*|//[/!]?)\s*[@\\]file\s+\.?/?(?:[\w.@-]+/)*([\w.@-]+\.\w+)\s*(?:\*/)?$")
#: How far into a file its opening comments reach (a license or a docstring before them).
_OPENING_LINES = 40
#: An Elixir module's name (`Oban.Lifeline`), the name of the page ExDoc writes for it.
_MODULE_NAME = lazy(r"[A-Z]\w*(?:\.[A-Z]\w*)*")
#: The pages Javadoc writes for each package, which its doc comments (and `package.html`) link.
_JAVADOC_PAGES = ("package-summary.html", "package-tree.html", "package-frame.html")
#: A Python traceback's frame: where some run's code was, as that run printed it.
_TRACEBACK_FRAME = lazy(r'\bFile "([^"\n]+)", line \d+')
#: A GitHub Actions workflow.
_WORKFLOW = lazy(r"\.github/workflows/[^/]+\.ya?ml$")
#: Jekyll's layouts and includes: their relative links are relative to each page they make.
_PAGE_PARTS = lazy(r"(?:^|/)_(?:layouts|includes)/")
#: The keys of pyproject.toml whose URL is the project's own repository (`Homepage`, `"Bug Tracker"`,
#: `urls.Source` in `[project]`, poetry's `repository`), not another's: scikit-build's `Examples` is
#: its sample projects' repository.
_PROJECT_KEY = lazy(r"[ \t]*(?:(?:project\.)?urls\.)?[\"']?(?:home(?:[-_ ]?page)?|repo(?:sitory)?|source(?:[-_ ]?code)?"
                    r"|code|github|issues"
                    r"|(?:bug|issue)s?[-_ ]?(?:tracker|reports?)?|tracker|change[-_ ]?log|changes|release[-_ ]?notes"
                    r"|history|documentation|docs|download)[\"']?[ \t]*=", re.I)
#: A repository's page on github.com, named from the site's root (`/owner/name/blob/main/x.md`).
_GITHUB_PAGE = lazy(r"/[\w.-]+/[\w.-]+/(?:blob|tree)/")
_RELATIVE_GITHUB_PAGE = lazy(r"\.\./(?:(?:blob|tree)/[^/]+/(?P<path>.+)|(?:security|issues|pulls|wiki|discussions"
                            r"|releases|actions|projects|pulse|graphs)(?:/|$))")
#: An issue or pull request template: GitHub shows it on the new issue's or pull request's page,
#: and its authors link the repository's files from the root (`[guidelines](CONTRIBUTING.md)`).
_GITHUB_TEMPLATE = lazy(r"(?i)^(?:\.github/|docs/)?(?:pull_request_template|issue_template)(?:\.md|/)"
                        r"|^\.github/(?:ISSUE_TEMPLATE|PULL_REQUEST_TEMPLATE)/")
#: An agent's instructions (Claude Code's `CLAUDE.md` and `.claude/`, AGENTS.md, Gemini's, Copilot's,
#: Cursor's rules): an agent reads them working at the root, and their authors write paths from
#: there (okteto's `.claude/CLAUDE.md` links `.claude/context/testing.md`).
_AGENT_INSTRUCTIONS = lazy(r"(?:^|/)(?:CLAUDE|AGENTS|GEMINI)(?:\.local)?\.md$|^\.(?:claude|cursor|gemini|windsurf)/"
                           r"|^\.github/(?:copilot-instructions\.md$|instructions/|prompts/|agents/)")
#: The sentence places its paths in another repository, or in the reader's own files ("copy this
#: to your workflow file, for example `.github/workflows/pr.yml`"): history here says nothing
#: about them, a file of that name this repository once had included.
_SOMEONE_ELSES = lazy(r"(?i)\b(?:in|on|of|from)\s+(?:the\s+\[?(?!same\b|this\b|our\b)[\w.-]+|\[?[\w.-]+/[\w.-]+)"
                      r"\s+repo(?:sitory)?\b"  # (goldilocks' "from the [vertical-pod-autoscaler repository](…)")
                      r"|\b(?:another|other|upstream|external|separate)\s+(?:repo(?:sitory)?|project)\b"
                      # (masonite's "your .env file or your config/application.py file": a path between)
                      r"|\byour\s+(?:own\s+)?(?:[\w.`'\"/-]+\s+)?(?:file|project|repo|repository)\b"
                      # (filament's "Add Tailwind's CSS layers to your `resources/css/app.css`", a file
                      # its history deleted in 2020: the reader's app's; reStructuredText's too: Sylius'
                      # "Put this configuration inside your ``app/config/config.yml``")
                      r"|\byour\s+``?[^`\n]+`")
#: The reader's home folder: molecule's "`.config/molecule/config.yml` file in your `$HOME`
#: directory", a path of the reader's whatever this repository once kept under that name; or
#: their user folders (tox's "located in the OS-specific user config directory under `tox/config.ini`").
_READERS_HOME = lazy(r"(?i)\byour\s+(?:`?\$HOME\b|home\s+(?:dir|directory|folder)\b)"
                     r"|\buser(?:'s|s')?\s+(?:level\s+)?(?:config(?:uration)?|data|cache|home)\s+(?:dir|directory|folder)\b")


@dataclass(frozen=True)
class Resolved:
    """What one reference's target turned out to be: a path that exists, one missing, or no claim."""

    reference: Reference
    status: str  # EXISTS | MISSING | NOT_A_CLAIM
    path: str | None = None  # the repository path it names: found, or where it was expected
    why: str = ""  # for NOT_A_CLAIM: the reason
    looked_in: tuple[str, ...] = ()  # for MISSING: the candidate paths
    removed: bool = False  # history shows a candidate was renamed or deleted
    # the paths history says went away that this answer rests on (`Resolver.settle` keeps the
    # answer only if HEAD's main line had them)
    gone: tuple[str, ...] = ()


class Resolver:
    def __init__(self, root: str, paths: RepoPaths, history: History,
                 definitions: Mapping[str, Mapping[str, list[str]]], head: str | None = None,
                 cache=None) -> None:
        self.root = root
        self.paths = paths
        self.history = history
        self.definitions = definitions
        self.head, self.cache = head, cache  # what `settle` asks of the main line (HEAD if None), cached
        self._remote: tuple[str, str, str] | None | bool = False
        self._modules: dict[tuple[str, str, str], tuple[str | None, set[str] | None]] = {}
        self._upstream_readmes: dict[str, bool] = {}  # README -> whether it names an upstream (`_upstream_readme`)
        self._off_mainline: frozenset[str] = frozenset()  # removed paths HEAD's main line never had
        self._gone: list[str] | None = None  # the removed paths the answer being made rests on
        #: file -> the keys of the lookups its answers rest on, when asked for (`resolve_traced`)
        self.deps: dict[str, set[str]] | None = None

    def resolve_all(self, references: Iterable[Reference]) -> list[Resolved]:
        results = [self.resolve(r) for r in references]
        return self._without_ignored(results)

    def resolve(self, reference: Reference) -> Resolved:
        """`reference` resolved, with the removed paths its answer rests on (`Resolved.gone`)."""
        self._gone = gone = []
        try:
            result = self._resolve(reference)
        finally:
            self._gone = None
        if result.status == MISSING and result.removed and self.paths.trace is not None:
            self.history.fate(result.path, self.paths.exists)  # (what dangling-reference tells of it)
        return replace(result, gone=tuple(dict.fromkeys(gone))) if gone else result

    def resolve_traced(self, references: Iterable[Reference]) -> tuple[list[Resolved], set[str]]:
        """`resolve` of each, with the keys of every lookup the answers rest on
        (`indexer.contradictions.deps`: what a delta after paths moved finds the files to resolve by)."""
        outer, self.paths.trace = self.paths.trace, set()
        try:
            return [self.resolve(r) for r in references], self.paths.trace
        finally:
            self.paths.trace = outer

    def _was_removed(self, path: str) -> bool:
        """Whether history shows `path` went away (and HEAD's main line had it, once `settle`
        has asked): what every answer that rests on a removal asks."""
        if self.paths.trace is not None:
            self.paths.trace.add("r" + path)
        if path in self._off_mainline or not self.history.was_removed(path):
            return False
        if self._gone is not None:
            self._gone.append(path)
        return True

    def _resolve(self, reference: Reference) -> Resolved:
        if reference.base.startswith(tokens.ELSEWHERE):
            return Resolved(reference, NOT_A_CLAIM, why="in a folder an archive unpacks to or a build writes")
        if "://" in reference.base or reference.base.startswith("git@"):  # read in a document's clone
            if not self._is_own(reference.base):
                return Resolved(reference, NOT_A_CLAIM, why="in a clone of another repository")
            own = replace(reference, base="")  # (this one's root)
            name = tokens.repository_name(reference.base)
            if reference.target.startswith(name + "/"):
                # a link's text that names the path after the repository's name: TTS' README labels
                # its link to the repository's root README `[TTS/README.md](https://github.com/mozilla/TTS/tree/dev#x)`
                inside = self._resolve(replace(own, target=reference.target[len(name) + 1:]))
                if inside.status == EXISTS:
                    return replace(inside, reference=reference)
            return replace(self._resolve(own), reference=reference)
        kind = reference.kind
        if kind == "command":
            return self._command(reference)
        if kind in IMPORT_KINDS:
            return self._import(reference)
        if kind == "exclusion":
            return self._exclusion(reference)
        if kind == "bare-name":
            return self._bare_name(reference)
        if kind == "tree-entry":
            return self._tree_entry(reference)
        if kind == "code-path":
            return self._code_path(reference)
        target = reference.target
        bases: list[str]
        if kind == "repo-url":
            target = self._same_repo_path(target)
            if target is None:
                return Resolved(reference, NOT_A_CLAIM, why="a file of another repository or revision")
            bases = [""]
        elif kind == "sphinx-doc" and not target.startswith("/") and \
                (root := self.paths.sphinx_root_of(reference.path)) is not None:
            target, bases = _sphinx_docname(posixpath.dirname(reference.path), root, target), [root]
        elif target.startswith(_PELICAN_LINKS) and kind in ("md-link", "rst-link", "rst-include"):
            # Pelican's `{filename}x` and `|static|/x`: a path from the page, or (with `/`) from the
            # content folder, one of the page's (its `samples/content/pictures/Sushi.jpg`)
            target = target[len(next(p for p in _PELICAN_LINKS if target.startswith(p))):]
            folder = posixpath.dirname(reference.path)
            bases = _ancestors(folder) if target.startswith("/") else [folder]
        elif kind == "md-link" and target.startswith("@/"):
            content = self._zola_content(reference.path)
            if content is None:
                return Resolved(reference, NOT_A_CLAIM, why="a Zola internal link outside a Zola site's content")
            target, bases = target[1:], [content]
        elif "://" in target:  # (twisted's `` `NEWS.rst <[https://github.com/...>`_ ``: markup around a URL)
            return Resolved(reference, NOT_A_CLAIM, why="a URL, not a path")
        else:
            bases = self._bases(reference)
            if bases is None:
                return Resolved(reference, NOT_A_CLAIM, why="a site URL, not a file")
        return self._path(reference, target, bases)

    def _bare_name(self, reference: Reference) -> Resolved:
        """`CONTRIBUTING.rst` named bare: exists when one tracked file has that name (beside the
        referrer or at the root when several do); dangling only when it was removed from the root
        or the referrer's folder and no file of that name is left anywhere."""
        name = reference.target
        folder = posixpath.dirname(reference.path)
        for candidate in (posixpath.join(folder, name) if folder else name, name):
            if self.paths.exists(candidate):
                return Resolved(reference, EXISTS, candidate)
        if self.paths.has_name(name):
            return Resolved(reference, NOT_A_CLAIM, why="a file of that name exists elsewhere")
        removed = [c for c in dict.fromkeys((name, posixpath.join(folder, name) if folder else name))
                   if self._was_removed(c)]
        if removed and not reference.example and not reference.deprecated:
            return Resolved(reference, MISSING, removed[0], looked_in=tuple(removed), removed=True)
        return Resolved(reference, NOT_A_CLAIM, why="a conventional file name, not this repository's")

    def _tree_entry(self, reference: Reference) -> Resolved:
        """An entry of a tree listing (`indexer.extract.references.tree`): its listed path, under
        the listing's root taken from the doc's folder or the repository root. Missing is a claim
        only when the listing is about this repository -- its named root folder exists (a `.` root:
        the entry's listed parent is a named folder that exists) -- and the entry's own parent
        exists (a missing folder is one finding, not one per file listed under it). A listing whose
        lead-in gives it as an example or as what a command creates claims nothing."""
        root, target = reference.base, reference.target
        folder = posixpath.dirname(reference.path)
        bases = [b for b in dict.fromkeys((folder, "")) if not root or self.paths.exists(posixpath.join(b, root))]
        for base in bases:
            candidate = posixpath.normpath(posixpath.join(base, target))
            if self.paths.exists(candidate):
                return Resolved(reference, EXISTS, candidate)
        parent = posixpath.dirname(target)
        if not bases or reference.example or not root and not parent:
            return Resolved(reference, NOT_A_CLAIM, why="a listing of a project that is not this repository")
        for base in bases:
            candidate = posixpath.normpath(posixpath.join(base, target))
            if candidate.startswith("../") or not self.paths.exists(posixpath.dirname(candidate)):
                continue
            if self.paths.through_link(candidate):
                return Resolved(reference, NOT_A_CLAIM, why="through a tracked link")
            if self._generated_folder(candidate):
                return Resolved(reference, NOT_A_CLAIM, why="under a build output folder")
            return Resolved(reference, MISSING, candidate, looked_in=(candidate,),
                            removed=self._was_removed(candidate))
        return Resolved(reference, NOT_A_CLAIM, why="its listed folder does not exist either")

    def _code_path(self, reference: Reference) -> Resolved:
        """A literal relative path Python code opens (`Path("setup.cfg")`, `open("data/x.json")`,
        `Path(__file__).parent / "x"`): resolved against the module's folder (or the folder its
        `__file__` arithmetic names) and the repository root. Missing is a claim only outside
        tests, for a word with a file extension whose folder exists there, not git-ignored, and,
        named bare with no `__file__` arithmetic, a file this repository once had, named by a
        script (a package's module looks it up where it runs)."""
        folder = posixpath.dirname(reference.path)
        word = reference.target.removeprefix("./")
        if reference.base:
            bases = [posixpath.normpath(posixpath.join(folder, reference.base))]
        else:
            bases = list(dict.fromkeys(("", folder)))
        bases = [b if b != "." else "" for b in bases if b != ".." and not b.startswith("../")]
        if not bases:
            return Resolved(reference, NOT_A_CLAIM, why="outside the repository")
        candidates = [posixpath.normpath(posixpath.join(b, word)) for b in bases]
        for candidate in candidates:
            if self.paths.exists(candidate):
                return Resolved(reference, EXISTS, candidate)
        if TEST_FILE.search(reference.path) or self.paths.through_link(candidates[0]):
            return Resolved(reference, NOT_A_CLAIM, why="a path in a test: tests build the files they name")
        if _EXAMPLE_CODE.search(reference.path) and not any(self._was_removed(c) for c in candidates):
            return Resolved(reference, NOT_A_CLAIM, why="example code: run in the reader's project, it opens their files")
        if not tokens.has_file_extension(word) or tokens.is_placeholder(word) \
                or self.paths.has_suffix(word) or self.paths.has_name(posixpath.basename(word)):
            return Resolved(reference, NOT_A_CLAIM, why="not shaped like a file of this repository")
        anchored = [c for c in candidates if not c.startswith("../") and self.paths.exists(posixpath.dirname(c))]
        if not anchored:
            return Resolved(reference, NOT_A_CLAIM, why="its folder does not exist either")
        if self._generated_folder(anchored[0]):
            return Resolved(reference, NOT_A_CLAIM, why="under a build output folder")
        removed = [c for c in anchored if self._was_removed(c)]
        if "/" not in word and not reference.base and (not removed or self.paths.is_file(
                posixpath.join(folder, "__init__.py") if folder else "__init__.py")):
            # pylint's `RC_NAMES = (Path("pylintrc.toml"), ...)`, flit's `Path('entry_points.txt')`:
            # a name looked up where the program runs, which this repository never had; in a
            # package's module, whatever it had (distutils' `yield pathlib.Path('setup.cfg')`,
            # the user's, after the repository's own went in 2024). A script's is still a claim.
            return Resolved(reference, NOT_A_CLAIM, why="a file name the program looks for where it runs")
        return Resolved(reference, MISSING, (removed or anchored)[0], looked_in=tuple(anchored), removed=bool(removed))

    def _exclusion(self, reference: Reference) -> Resolved:
        """An entry of an exclusion or ignore list (`paths-ignore:`, `.jshintignore`, `.gitattributes`):
        what it names may well not exist, so it is a claim only when history shows that very path
        went away -- a list left behind by a move or a deletion. Never a use of what it names."""
        word = reference.target.strip("/").removeprefix("./")
        if tokens.is_variable(word) or tokens.is_glob(word) or not word:
            return Resolved(reference, NOT_A_CLAIM, why="an exclusion list entry")
        for base in (posixpath.dirname(reference.path), ""):
            candidate = posixpath.normpath(posixpath.join(base, word))
            if self.paths.exists(candidate):
                return Resolved(reference, NOT_A_CLAIM, candidate, why="an exclusion list entry")
        if self._was_removed(word) and not self.paths.through_link(word):
            return Resolved(reference, MISSING, word, looked_in=(word,), removed=True)
        return Resolved(reference, NOT_A_CLAIM, why="an exclusion list entry: need not exist")

    # ------------------------------------------------------------------ paths
    def _bases(self, reference: Reference) -> list[str] | None:
        folder = posixpath.dirname(reference.path)
        kind, target = reference.kind, reference.target
        if target.startswith("/"):
            if kind in ("sphinx-doc", "rst-include"):
                root = self.paths.sphinx_root_of(reference.path)
                if root is not None:
                    return [root]
                # (outside a docs root, included by its documents: litestar's CONTRIBUTING.rst and its
                # :doc:`/release-notes/changelog`; or in a docs tree no `conf.py` marks, read from
                # the folder of its `index.rst`: doctrine's `docs/en/sidebar.rst`, `/reference/types`)
                return [*self.paths.sphinx_roots,
                        *(a for a in _ancestors(folder) if a and self.paths.is_file(a + "/index.rst")), ""]
            if kind == "md-link":
                bases = ["", *self.paths.site_roots, *self._site_asset_bases, *self._mkdocs_pages(reference.path),
                         *self._docusaurus_docs(reference.path), *self._astro_pages(reference.path),
                         *self._hugo_content(reference.path),
                         *self._hugo_mounted(reference.path, absolute=True), *self._next_pages(reference.path),
                         *(root for root in self._mintlify_roots if not root or reference.path.startswith(root + "/"))]
                if posixpath.splitext(target)[1] in (".html", ".htm"):
                    bases += _ancestors(folder)  # a built page's site root is one of the page's folders
                return list(dict.fromkeys(bases + [assets for assets, _ in self._assets_beside(folder)]))
            return None
        if kind == "sphinx-doc":
            return [folder, *self.paths.sphinx_roots]  # outside a docs root: included by its documents
        # a partial (a `_partials/` page, which Docusaurus and others do not serve) is shown in the
        # pages that import it, beside its folder: its links are theirs (devspace's 942)
        including = [posixpath.dirname(folder)] if kind == "md-link" and posixpath.basename(folder).startswith("_") else []
        if kind == "md-link" and target.startswith("../") and self._directory_url_page(reference.path):
            # MkDocs/Hugo-style directory URLs serve `guide/page.md` at `guide/page/`: raw HTML
            # in it resolves one folder deeper than the source file
            stem = stem_of(posixpath.basename(reference.path))
            # (and the asset folders laid over the site's root: contour's `resources/adopters.md`,
            # served at `/resources/adopters/`, shows `../../img/adopters/x.svg` from its theme's `static/`)
            return [folder, posixpath.join(folder, stem), *self._linked_folders(reference.path),
                    *self._default_language(folder), *including,
                    *(posixpath.join(assets, inside, stem) for assets, inside in self._assets_beside(folder))]
        if kind == "md-link":
            # (with the asset folder's own name, it is copied whole: Panini, Foundation's, serves
            # foundation-sites' `docs/pages/card.md` at the root, beside `assets/`, so its
            # `assets/img/generic/rectangle-1.jpg` is `docs/assets/img/generic/rectangle-1.jpg`: 45)
            beside = [posixpath.normpath(posixpath.join(posixpath.dirname(assets) if target.startswith(
                          posixpath.basename(assets) + "/") else assets, inside))
                      for assets, inside in self._assets_beside(folder)]
            content = self._docusaurus_content(reference.path) \
                if target.endswith((".md", ".mdx")) and not target.startswith(("./", "../")) else []
            if not target.startswith("../") and self._directory_url_page(reference.path):
                return [folder, *self._site_asset_bases, *beside,  # a theme's files are laid over the pages at build
                        *self._default_language(folder), *self._docsify_site(reference.path), *content]
            if _GITHUB_TEMPLATE.search(reference.path) or _AGENT_INSTRUCTIONS.search(reference.path):
                beside.append("")  # shown on an issue or pull request page, or read by an agent at the root
            # a link written as a folder URL (`../basics/`) is a site's: built with folder URLs (here or
            # elsewhere, as prometheus' docs are), the page is served one folder deeper than its file
            # (and so is a page's URL without its suffix: cpp-httplib's cookbook links its sibling page
            # `c11-progress-callback.md` as `../c11-progress-callback`, GitHub would find neither)
            deeper = [posixpath.join(folder, stem_of(posixpath.basename(reference.path)))] \
                if (target.endswith("/") or target.startswith("../") and "." not in posixpath.basename(target)) \
                and _served_as_folder(reference.path) else []
            return [folder, *beside, *self._linked_folders(reference.path), *self._default_language(folder), *deeper,
                    *including, *self._hugo_mounted(reference.path), *self._next_served_above(reference.path),
                    *self._docsify_site(reference.path), *content, *self._writerside_sources(reference.path)]
        if kind == "adoc-link" and (module := self._antora_module(reference.path)):
            return [posixpath.join(module, "pages"), posixpath.join(module, "images"), folder]
        if kind == "make-include":
            # make reads an `include` from the folder it runs in: a fragment's own folder when run
            # there, else a folder above it whose makefile includes it (minikube's root `Makefile`
            # includes `hack/prow/prow.mk`, which includes `./hack/prow/prow_images.mk`)
            return _ancestors(folder)
        if kind == "manifest-include":
            # read from the folder setup runs in: its own, or without a setup file the nearest above
            # that has one (pygame's `buildconfig/MANIFEST.in`, a template its root setup.py reads)
            setup = next((f for f in _ancestors(folder) if self._holds_any(f, _SETUP_FILES)), "")
            return [folder] if setup == folder else [setup, folder]
        if kind == "adoc-link":
            # a chapter another document includes is read from that document's folder, above it:
            # keepassxc's `topics/AutoType.adoc`, which its `UserGuide.adoc` includes, links `xref:UserGuide.adoc[]`
            return _ancestors(folder)[:-1] or [folder]
        if kind == "adoc-include":
            # read from the document's folder, or from the `--base-dir` its build gives, a folder
            # above it (util-linux's man pages `include::man-common/footer.adoc[]` from the root)
            return _ancestors(folder)
        if kind in ("rst-link", "config-extends", "go-replace"):
            return [folder]
        # (`./book` starts where the reader stands, never inside a package's `src/`: mdBook's
        # "defaults to `./book`" is no word on the `src/book/` module it once had)
        bases = [folder, "", *self.paths.package_bases(reference.path, sources=not target.startswith("./")),
                 *(self._rendering_pages(reference.path) if target.endswith(".md") else ())]
        if target.startswith("../") and _WORKFLOW.match(reference.path):
            # a workflow's steps run at the checkout's root (or their `working-directory`), never in
            # `.github/workflows/`: slidev's smoke test's `working-directory: ../temp/slidev-project`
            # is a folder beside the checkout, which an earlier step made
            bases.remove(folder)
        if "__FILE__" in reference.text and reference.path.endswith(_RUBY_SOURCES):
            # Ruby's `File.expand_path("../tasks/git.rake", __FILE__)` takes the file for a folder:
            # `lib/capistrano/scm/git.rb`'s is `lib/capistrano/scm/tasks/git.rake`
            bases.insert(0, reference.path)
        if reference.base:
            bases += [posixpath.normpath(posixpath.join(folder, reference.base)),
                      posixpath.normpath(reference.base)]
        return list(dict.fromkeys(bases))

    def _hugo_content(self, path: str) -> list[str]:
        """Where a Hugo site serves `/` from for the page `path`: its `content/` folder, or in a
        multilingual site the page's language's (`content/en/`) and the default language's."""
        out: list[str] = []
        for root in self.paths.hugo_roots:
            content = posixpath.join(root, "content") if root else "content"
            if path.startswith(content + "/"):
                language = path[len(content) + 1:].partition("/")[0]
                if _LANGUAGE.fullmatch(language) and self.paths.exists(posixpath.join(content, language)):
                    out.append(posixpath.join(content, language))
                out += [folder for default in _DEFAULT_LANGUAGES
                        if self.paths.exists(folder := posixpath.join(content, default))]
                out.append(content)
        return list(dict.fromkeys(out))

    @functools.cached_property
    def hugo_urls(self) -> dict[str, str]:
        """The URL path each file and folder of a Hugo site's `content/` is served at (Hugo lower-cases
        a path and makes its spaces hyphens: kopia's `content/docs/Advanced/Storage Tiers/_index.md`
        is `docs/advanced/storage-tiers/`, which its pages link as `../storage-tiers/`) -> the path,
        where the two differ; a page (`x.md`, `x/_index.md`) also under its URL without the suffix.
        Made of all the paths at once: part of the frame (`indexer.contradictions.deps.frame_of`)."""
        contents = tuple((posixpath.join(root, "content") if root else "content") + "/"
                         for root in self.paths.hugo_roots)
        out: dict[str, str] = {}
        if not contents:
            return out
        for path in sorted(self.paths.files):  # (in one order: of two paths at one URL, the same is kept)
            if not path.startswith(contents):
                continue
            page = path_stem(path) if path.endswith((".md", ".markdown", ".html")) else None
            if page is not None and posixpath.basename(page) in ("_index", "index"):
                page = posixpath.dirname(page)
            for name in filter(None, (path, page, *_ancestors(posixpath.dirname(path)))):
                url = name.lower().replace(" ", "-")
                if url != name:
                    out.setdefault(url, name)
        return out

    def _hugo_url(self, reference: Reference, candidates) -> str | None:
        """The file or folder of a Hugo site that one of `candidates`, written as its URL, names."""
        if reference.kind != "md-link" or not self.paths.hugo_roots:
            return None
        urls = self.hugo_urls
        return next((urls[url] for c in candidates if (url := c.rstrip("/").lower()) in urls), None)

    @functools.cached_property
    def _hugo_mounts(self) -> list[tuple[str, str]]:
        """(source, target) of the Hugo sites' own content mounts (`[[module.mounts]]`, gateway-api's
        `source = "../geps"`, `target = "content/geps"` beside `content/en` into `content`), the
        source from the repository root."""
        out: list[tuple[str, str]] = []
        for root in self.paths.hugo_roots:
            for name in ("hugo.toml", "config.toml"):
                config = posixpath.join(root, name) if root else name
                for mount in self.definitions.get(config, {}).get("hugo-mounts", ()):
                    source, _, target = mount.partition("\t")
                    source = posixpath.normpath(posixpath.join(root, source))
                    if not source.startswith("../"):
                        out.append(("" if source == "." else source, target))
        return out

    def _hugo_mounted(self, path: str, absolute: bool = False) -> list[str]:
        """Where a link of the page `path` may land through a Hugo site's content mounts, which
        lay several folders over one `content/`: gateway-api's `geps/gep-1016/index.md`, served as
        `content/geps/gep-1016/`, links `../overview.md` and `/geps/overview/`, which are
        `site/content/en/geps/overview.md`. (`absolute`: for a `/x` link, the bases of `content/`.)"""
        mounts = self._hugo_mounts
        if not mounts:
            return []
        folder = posixpath.dirname(path)
        if absolute:
            served = "content"
        else:  # the page's folder as Hugo serves it
            served = next((target + folder[len(source):] for source, target in mounts
                           if _under(folder, source)), None)
            if served is None:
                return []
        out = []
        for source, target in mounts:  # (a base is where `served` lies in the real folders of a mount)
            if _under(served, target):
                out.append(posixpath.normpath(posixpath.join(source, served[len(target):].lstrip("/"))))
            elif _under(target, served):
                out.append(posixpath.normpath(posixpath.join(source, posixpath.relpath(served, target))))
        return ["" if base == "." else base for base in dict.fromkeys(out) if not base.startswith("..")]

    def _default_language(self, folder: str) -> list[str]:
        """A translation's `folder` in the default language (`docs/de/docs/x` -> `docs/en/docs/x`,
        when `docs/en/` exists): a docs build makes a page a translation lacks from the default
        language's (mkdocs-static-i18n's fallback, Hugo's, fastapi's own build), so its links
        also find the pages only that language has."""
        parts = folder.split("/")
        for index, part in enumerate(parts):
            if part in _DEFAULT_LANGUAGES or not _LANGUAGE.fullmatch(part):
                continue
            for default in _DEFAULT_LANGUAGES:
                if self.paths.exists("/".join([*parts[:index], default])):
                    return ["/".join([*parts[:index], default, *parts[index + 1:]])]
            # the default language's pages in the folder the translations lie in (mkdocs-static-i18n's
            # `docs/ja/` beside the English `docs/`: openai-agents-python's `docs/ja/agents.md` links
            # `ref/lifecycle.md`, the English `docs/ref/lifecycle.md`); a named language only (`ui/`,
            # `io/` are folders)
            if index and part.partition("-")[0].partition("_")[0] in _TRANSLATIONS \
                    and self.paths.exists(beside := "/".join([*parts[:index], *parts[index + 1:]])):
                return [beside]
        return []

    def _linked_folders(self, path: str) -> list[str]:
        """The folders of the tracked symlinks to a page, where a docs build also reads it
        (ansible-lint's `docs/rules/args.md` links to `src/ansiblelint/rules/args.md`, whose
        `../autofix.md` is the one in its `docs/` folder). (Through a link to a folder above it,
        the page's links would be resolved through that link: what lies there is not known.)"""
        return [posixpath.dirname(link) for link in self.link_targets_by_path.get(path, ())]

    @functools.cached_property
    def link_targets_by_path(self) -> dict[str, list[str]]:
        return link_targets(self.root, self.paths.links)

    @functools.cached_property
    def _site_asset_bases(self) -> tuple[str, ...]:
        """Where a static site's build takes files from besides its pages: the themes kept in the
        repository (`*/themes/<name>`), the sites' `public/`, `static/`, `overrides/`, VuePress'
        `.vuepress/public/` folders, and a
        Hugo site's `assets/` (its global resources: `resources.Get`, and where its link and image
        render hooks look last)."""
        out = [p for p in self.paths.folders if p.rpartition("/")[0].rpartition("/")[2] in ("themes", "theme")]
        for root in self.paths.site_roots:
            names = ("public", "static", "overrides", "theme", ".vuepress/public",
                     *(("assets",) if root in self.paths.hugo_roots else ()))
            out += [c for name in names if self.paths.exists(c := posixpath.join(root, name) if root else name)]
        return tuple(sorted(set(out)))

    @functools.cached_property
    def _theme_statics(self) -> tuple[str, ...]:
        """The `static/` folders of the themes kept in the repository (`*/themes/<name>/static`),
        which a Hugo build lays over the site's root (contour's `site/themes/contour/static/img/`:
        its pages' `/img/x.png`)."""
        return tuple(sorted(p for p in self.paths.folders if p.endswith("/static")
                            and p.rpartition("/")[0].rpartition("/")[0].rpartition("/")[2] == "themes"))

    def _assets_beside(self, folder: str) -> list[tuple[str, str]]:
        """The asset folders a docs build copies to the site root beside the pages: `assets/`,
        `public/` or `static/` next to a folder the page lies in (rails' `guides/assets/` beside
        `guides/source/`, Hugo's `static/` beside `content/`), each with the page's folder inside
        that source folder: `images/x.png` on `guides/source/a.md` is `guides/assets/images/x.png`.
        VuePress' `.vuepress/public/` lies inside the site it serves (polaris' `docs/`). A Hugo
        site serves its default language's `content/en/` at the root (jobset's
        `content/en/docs/overview/` is `/docs/overview/`, whose `../../images/x.png` is
        `static/images/x.png`)."""
        out = []
        source = folder
        while source:
            parent = posixpath.dirname(source)
            inside = posixpath.relpath(folder, source)
            language, _, rest = inside.partition("/")
            served = [inside, rest or "."] if language in _DEFAULT_LANGUAGES and parent in self.paths.hugo_roots \
                and posixpath.basename(source) == "content" else [inside]
            for name in _ASSET_FOLDERS:
                assets = posixpath.join(parent, name) if parent else name
                if assets != source and self.paths.exists(assets) and not self.paths.is_file(assets):
                    out += [(assets, path) for path in served]
            if parent in self.paths.hugo_roots and posixpath.basename(source) == "content":
                themes = posixpath.join(parent, "themes/") if parent else "themes/"
                out += [(static, path) for static in self._theme_statics if static.startswith(themes)
                        for path in served]
            public = posixpath.join(source, ".vuepress", "public")  # VuePress keeps its inside the site
            if self.paths.exists(public):
                out.append((public, posixpath.relpath(folder, source)))
            source = parent
        return out

    @functools.cached_property
    def _generators(self) -> frozenset[str]:
        """Folders of generator code: beside a `templates/` skeleton of template sources (rails'
        `generators/rails/app/app_generator.rb` beside `app/templates/Dockerfile.tt`, a Yeoman
        `generators/app/index.js` beside `app/templates/*.ejs`). The code writes the project it
        makes: `template "github/ci.yml", ".github/workflows/ci.yml"` names the made file."""
        out = set()
        for path in self.paths.all_files:
            if match := template_tree(path):
                out.add(path[:match.start()])
        return frozenset(out)

    @functools.cached_property
    def _working_folders(self) -> frozenset[str]:
        return working_folders(deletion_counts(self.history), self.paths.all_files, self.history.deleted_in)

    def _directory_url_page(self, path: str) -> bool:
        """A Markdown page (not an index) of a static site whose pages are served as folders."""
        return _served_as_folder(path) and any(
            (root == "" or path.startswith(root + "/"))
            and not self.paths.is_file(posixpath.join(root, "book.toml"))  # mdBook: `x.md` is `x.html`
            for root in self.paths.site_roots)

    def _path(self, reference: Reference, target: str, bases: list[str]) -> Resolved:
        word = target.rstrip("/") or target
        relative = word.lstrip("/")
        pairs = {}
        for base in bases:
            candidate = posixpath.normpath(posixpath.join(base, relative))
            if candidate != ".." and not candidate.startswith("../"):
                pairs.setdefault(candidate, base)
        template = template_suffix(reference.path)
        # (a module a JS file imports, or a file a package.json script hands to a Node program, which
        # looks for it with the suffixes Node does: mocha's `--ui bdd test/interfaces/bdd.spec`; and a
        # JS string's relative path, a module a bundler or a resolver finds so: an `import(` a formatter
        # broke over lines, harbor's Angular routes; sentry's `resolve('./runtime/plugins/sentry.client')`)
        imported = reference.kind not in STRONG_KINDS and (_JS_IMPORT.search(reference.text) is not None or (
            reference.kind == "shell" and posixpath.basename(reference.path) == "package.json") or (
            reference.kind == "string" and reference.path.endswith(_JS_SOURCES) and target.startswith(("./", "../"))))
        sass = reference.path.endswith((".scss", ".sass")) and _SASS_IMPORT.search(reference.text) is not None
        required = reference.kind == "string" and reference.path.endswith(_RUBY_SOURCES) \
            and _RUBY_REQUIRE.search(reference.text) is not None
        # (a file kept compressed is served so: domoticz' `www/index.html` loads `js/bootbox.min.js`,
        # committed as `www/js/bootbox.min.js.gz`, which its web server sends as it is: 37)
        for candidate in pairs:
            for variant in self._variants(reference.kind, candidate) + ([candidate + template] if template else []) \
                    + ([candidate + suffix for suffix in _JS_SUFFIXES] if imported else []) \
                    + (_sass_files(candidate) if sass else []) + ([candidate + ".rb"] if required else []) \
                    + [candidate + ".gz"] + _source_of(candidate, reference.path):
                if self.paths.exists(variant):
                    return Resolved(reference, EXISTS, variant if variant != "." else "")
        if not pairs:
            return Resolved(reference, NOT_A_CLAIM, why="outside the repository")
        if reference.path.endswith(_JVM_SOURCES) and not target.startswith(("/", "./", "../")):
            # (looked for after the others, and not a folder that makes a missing name a claim:
            # jmeter's "default to `org/apache/jmeter/jmeter.properties` from the classpath", which
            # its build copies from `bin/`, is no word on `src/main/resources/`)
            loaded = next((path for root in self.paths.class_path(reference.path)
                           if self.paths.exists(path := posixpath.join(root, relative))), None)
            if loaded is not None:
                return Resolved(reference, EXISTS, loaded)
        if reference.path.endswith(_C_FAMILY) and target.endswith(_C_HEADERS) \
                and not target.startswith(("/", "./", "../")):
            # (the same: a C or C++ file names a header from an include root its build gives, a
            # folder above its own: tesseract's `src/ccmain/tesseractclass.h` names `ccutil/ccutil.h`,
            # its `src/ccutil/ccutil.h`, once `ccutil/ccutil.h`, before the sources moved into `src/`)
            above = next((path for root in _ancestors(posixpath.dirname(reference.path))
                          if self.paths.exists(path := posixpath.join(root, relative))), None)
            if above is not None:
                return Resolved(reference, EXISTS, above)
        documented = self._rdoc_output(reference, relative)
        if documented is not None:
            return Resolved(reference, EXISTS, documented)
        linked = next((link for c in pairs if (link := self.paths.through_link(c))), None)
        if linked:
            return Resolved(reference, NOT_A_CLAIM, linked, why=f"through the tracked link {linked}")
        return self._missing(reference, word, pairs)

    def _antora_module(self, path: str) -> str | None:
        """The Antora module a page lies in (`docs/modules/ROOT/`, under a folder holding
        `antora.yml`), whose `xref:` targets are named from its `pages/` and `image:` targets
        from its `images/`, wherever the page is (rubocop's `nav.adoc` and pages: 82 false)."""
        at = path.find("modules/")
        while at >= 0:
            if at == 0 or path[at - 1] == "/":
                component, rest = path[:at], path[at + len("modules/"):]
                name = rest.split("/", 1)[0]
                if "/" in rest and self.paths.exists(component + "antora.yml"):
                    return f"{component}modules/{name}"
            at = path.find("modules/", at + 1)
        return None

    def _next_pages(self, path: str) -> list[str]:
        """Where a Next.js app serves the `/a/b` a file of it links: `pages/a/b.mdx` (or under `src/`,
        or `a/b/index.jsx`), its App Router's `app/a/b/page.tsx`, the `content/a/b.mdx` Nextra and
        Fumadocs read (swr-site's `content/docs/mutation.mdx` is `/docs/mutation`), and, from a page
        of a language's `content/ru/` or `pages/ar/` folder, that language's (Robyn's docs link
        `/documentation/en/api_reference/openapi`, which is
        `docs_src/src/pages/documentation/en/api_reference/openapi.mdx`; nodejs.org's
        `apps/site/pages/ar/index.mdx` links `/download`, its `pages/ar/download/index.mdx`)."""
        out = []
        for root, folder in self.paths.next_pages:
            if root and not path.startswith(root + "/"):
                continue
            out.append(folder)
            if path.startswith(folder + "/"):
                language = path[len(folder) + 1:].partition("/")[0]
                if _LANGUAGE.fullmatch(language) and "/" in path[len(folder) + 1:]:
                    out.insert(-1, f"{folder}/{language}")
        return out

    def _zola_content(self, path: str) -> str | None:
        """The `content/` folder of the Zola site (a `config.toml` or `zola.toml` beside it) the
        page `path` is in, where its internal links (`@/a/b.md`) start (Zola's own docs: 34)."""
        parts = path.split("/")[:-1]
        for at, part in enumerate(parts):
            site = "/".join(parts[:at])
            if part == "content" and self._holds_any(site, _ZOLA_CONFIGS):
                return posixpath.join(site, "content")
        return None

    def _page_at_url(self, url: str, page: str) -> bool:
        """Whether a page of the repository ends with the URL's last folders: the site that serves
        it gives it a prefix of its own (turborepo's `docs/repo-docs/core-concepts/index.mdx` links
        `/repo/docs/core-concepts/remote-caching`, its `docs/repo-docs/core-concepts/remote-caching.mdx`),
        its names perhaps without their number prefixes (nuxt's `/docs/4.x/getting-started/installation`,
        its `docs/1.getting-started/02.installation.md`) or the version of the docs it names
        (livewire's `/docs/4.x/components`, its `components.md` in `docs/`: 265). From a page outside a
        Next.js app (whose routes its `pages/` and `app/` give), a URL of two folders is a page's
        tail as a whole: a site served from a folder below its pages' (alpine's
        `packages/docs/src/en/`: `/advanced/reactivity` is its `advanced/reactivity.md`)."""
        parts = [part for part in url.strip("/").split("/") if part]
        if len(parts) > 1 and "." not in parts[-1] and any(_URL_VERSION.fullmatch(part) for part in parts[:-1]):
            # the site's version of the page (livewire's `/docs/4.x/components`: `components.md` in `docs/`)
            unversioned = "/".join(part for part in parts if not _URL_VERSION.fullmatch(part))
            if any(self.paths.is_file(unversioned + ending) or self.paths.has_suffix(unversioned + ending)
                   for ending in _PAGE_ENDINGS):
                return True
        whole = len(parts) == 2 and not any(page.startswith(app + "/") for app, _ in self.paths.next_pages)
        if len(parts) < 3 and not whole or tokens.has_file_extension(parts[-1]):
            return False
        # (a tail of two folders at least, or of one with its index page: `/repo/docs/core-concepts`)
        tails = ("/".join(parts[start:]) + suffix for start in range(0 if whole else 1, len(parts))
                 for suffix in _PAGE_ENDINGS if len(parts) - start > 1 or suffix.startswith("/"))
        return any(self.paths.has_suffix(tail) or self.paths.has_unnumbered_suffix(tail) for tail in tails)

    def _holds_any(self, folder: str, names: tuple[str, ...]) -> bool:
        """Whether one of the files `names` lies in `folder`."""
        return any(self.paths.is_file(posixpath.join(folder, name)) for name in names)

    def _writerside_sources(self, path: str) -> list[str]:
        """The folders a Writerside project's topics name their code and images from: its
        `snippets/` and `images/` (Exposed's `topics/*.md` show `{src="exposed-dao/src/main/..."}`,
        its `snippets/exposed-dao/...`: 87)."""
        return [posixpath.join(root, folder) for root in self.paths.writerside_roots
                if not root or path.startswith(root + "/") for folder in ("snippets", "images")]

    def _docsify_site(self, path: str) -> list[str]:
        """The docsify site a page is in, whose relative links docsify reads from the site's root
        (its `relativePath` is off unless set): faraday's `docs/middleware/custom-middleware.md`
        links `getting-started/env-object.md`, its `docs/getting-started/env-object.md` (22)."""
        return [root for root in self.paths.docsify_roots if not root or path.startswith(root + "/")]

    def _mkdocs_pages(self, path: str) -> list[str]:
        """The pages folder (`docs_dir`, default `docs/`) of the MkDocs site the page `path` is in:
        a `/a` link is its page `a.md` there (kops' `/addons`, its `addons.md` there, not the root
        `addons/` it deleted; toga's `/images/x.png` from `docs/en/`, the `docs_dir: en` of its
        `mkdocs.en.yml` in `docs/`)."""
        return [pages for pages in self._mkdocs_docs if path.startswith(pages + "/")]

    @functools.cached_property
    def _mkdocs_docs(self) -> tuple[str, ...]:
        """The pages folders of the MkDocs sites: each configuration folder's `docs/`, and the
        `docs_dir` a configuration names (`indexer.extract.definitions`)."""
        folders = {posixpath.join(root, "docs") if root else "docs" for root in self.paths.mkdocs_roots}
        folders.update(posixpath.normpath(posixpath.join(posixpath.dirname(path), docs))
                       for path, definitions in self.definitions.items() if isinstance(definitions, dict)
                       for docs in definitions.get("mkdocs-docs", ()) if isinstance(docs, str))
        return tuple(sorted(f for f in folders if f != "." and not f.startswith("../")))

    def _docusaurus_docs(self, path: str) -> list[str]:
        """The docs folder (`docs/`, the classic preset's) of the Docusaurus site the page `path` is
        in: served at the site's root with `routeBasePath: '/'`, where a `/a` link is its page
        `a.md` (meltano's `/getting-started` is its `getting-started/index.mdx` there, not the
        `getting-started.md` beside its configuration it renamed in 2022)."""
        return [posixpath.join(root, "docs") for root in self.paths.site_roots
                if (not root or path.startswith(root + "/")) and self._holds_any(root, DOCUSAURUS_CONFIGS)]

    def _astro_pages(self, path: str) -> list[str]:
        """Where the Astro site the page `path` is in serves `/` from: Starlight's
        `src/content/docs/` and Astro's own `src/pages/` (bloc's `docs/src/content/docs/es/index.mdx`
        links `/es/architecture`, its `es/architecture.mdx` there: 31)."""
        return [posixpath.join(root, folder) for root in self.paths.site_roots
                if (not root or path.startswith(root + "/")) and self._holds_any(root, ASTRO_CONFIGS)
                for folder in ("src/content/docs", "src/pages")]

    def _docusaurus_content(self, path: str) -> list[str]:
        """Where Docusaurus looks for a page's link to a Markdown file that starts with neither `./`
        nor `../`, after the page's own folder: the docs folder the page is in (`docs/`, or a
        translation's `i18n/<locale>/docusaurus-plugin-content-docs/<version>/` and the docs or the
        version it translates). yew's `docs/concepts/function-components/introduction.mdx` links
        `advanced-topics/struct-components/introduction.mdx`, its `docs/advanced-topics/...` (146).
        (A version's own `versioned_docs/` are historical: they claim nothing.)"""
        out: list[str] = []
        for root in self.paths.site_roots:
            if root and not path.startswith(root + "/") or not self._holds_any(root, DOCUSAURUS_CONFIGS):
                continue
            prefix = root + "/" if root else ""
            parts = path[len(prefix):].split("/")
            if parts[0] == "docs":
                out.append(prefix + "docs")
            elif parts[0] == "i18n" and len(parts) > 4 and parts[2].startswith("docusaurus-plugin-content-docs"):
                out += [prefix + "/".join(parts[:4]),
                        prefix + ("docs" if parts[3] == "current" else "versioned_docs/" + parts[3])]
        return out

    @functools.cached_property
    def _mintlify_roots(self) -> tuple[str, ...]:
        """The folders of Mintlify sites (`indexer.extract.definitions`), which serve `a/b.mdx` at
        `/a/b` (mem0's `docs/` pages link `/api-reference/memory/add-memories`)."""
        return tuple(sorted(posixpath.dirname(path) for path, definitions in self.definitions.items()
                            if isinstance(definitions, dict) and "mintlify" in definitions.get("site", ())))

    def _next_served_above(self, path: str) -> list[str]:
        """A Next.js page that is a folder's (`app/a/b/page.mdx`, `pages/a/b/index.mdx`) is served at
        `/a/b`, without a slash: its relative links start from the folder above (nextra's
        `docs/app/docs/advanced/latex/page.mdx` links `../guide/markdown`, `/docs/guide/markdown`)."""
        name = posixpath.basename(path)
        if not name.startswith(("page.", "index.")) or posixpath.splitext(name)[1] not in _NEXT_PAGE_SUFFIXES:
            return []
        folder = posixpath.dirname(path)
        if any(folder.startswith(f + "/") for _, f in self.paths.next_pages):
            return [posixpath.dirname(folder)]
        return []

    def _rdoc_output(self, reference: Reference, relative: str) -> str | None:
        """RDoc publishes every file it documents at `files/<path>` (`files/x/README_rdoc.html` for
        `x/README.rdoc`), and its pages link there: `[Active Record](files/activerecord/README.rdoc)`
        in rails' `railties/RDOC_MAIN.md`. The file, found from the page's folder or one above it."""
        if reference.kind != "md-link" or not relative.startswith("files/"):
            return None
        rest = relative.removeprefix("files/")
        names = [rest]
        stem, extension = posixpath.splitext(rest)
        documented, _, suffix = stem.rpartition("_")  # (the last `_`: `(.+)_(\w+)`'s split, in linear time)
        if extension in (".html", ".htm") and documented and re.fullmatch(r"\w+", suffix):
            names.append(f"{documented}.{suffix}")
        for base in _ancestors(posixpath.dirname(reference.path)):
            for name in names:
                candidate = posixpath.normpath(posixpath.join(base, name))
                if self.paths.is_file(candidate):
                    return candidate
        return None

    def _variants(self, kind: str, candidate: str) -> list[str]:
        """A doc link may name a page by its source without suffix, or by its built `.html`."""
        if kind == "sphinx-doc":
            return [candidate + suffix for suffix in SOURCE_SUFFIXES] + [candidate]
        if kind == "config-extends" and not candidate.endswith(".json"):
            # TypeScript adds `.json` to an `extends` without it (jupyterlab's `../../tsconfigbase`)
            return [candidate, candidate + ".json"]
        stem, extension = posixpath.splitext(candidate)
        if kind in ("config", "prose") and extension in (".html", ".htm"):
            # a built page: xarray's `gallery.yml`, flax's sphinx-design cards (`:link: guides/index.html`)
            return [candidate] + [stem + suffix for suffix in SOURCE_SUFFIXES]
        # a page in the default language of a site that names its translations by suffix (MkDocs'
        # i18n plugin: copilot-cli's nav and links name `overrides/cdk.md`, its `cdk.en.md`)
        translated = [stem + ".en" + extension] if extension in (".md", ".mdx") else []
        if kind == "config":
            return [candidate, *translated]
        if kind not in ("md-link", "rst-link", "adoc-link"):
            return [candidate]
        variants = [candidate, *translated]
        if extension in ("", ".html", ".htm"):
            variants += [stem + suffix for suffix in SOURCE_SUFFIXES] + [stem + ".en.md"]
            if extension:  # a Middleman page's source keeps the suffix it is built to (serf's
                variants += [candidate + suffix for suffix in _TEMPLATE_SOURCES]  # `event.html.markdown`)
            variants += [posixpath.join(candidate, index) for index in _INDEXES]
            if not extension and any(candidate == f or candidate.startswith(f + "/") for _, f in self.paths.next_pages):
                variants += [candidate + suffix for suffix in _NEXT_PAGE_SUFFIXES]  # (a page: `_next_pages`)
        elif extension[1:].isdigit():  # a page named by its version (porter's `[1.0.1](./1.0.1/)`,
            variants += [candidate + suffix for suffix in DOC_SUFFIXES]  # `1.0.1.md`): no suffix
            variants += [posixpath.join(candidate, index) for index in _INDEXES]
        return variants

    def _rendered(self, kind: str, candidates: list[str]) -> bool:
        """Whether a template source beside a missing target renders it at build: numpy's NEP
        index lists `meta`, which `meta.rst.tmpl` becomes; autoconf makes `config.h` of `config.h.in`."""
        return any(self.paths.is_file(variant + suffix) for candidate in candidates
                   for variant in self._variants(kind, candidate) for suffix in _RENDERED_SUFFIXES)

    def _missing(self, reference: Reference, word: str, pairs: dict[str, str]) -> Resolved:
        """A target found nowhere: dangling, or one of the shapes that claim nothing."""
        exempt = self._shape_exemption(reference, word, list(pairs.values()))
        if exempt is not None:
            return exempt
        if (served := self._hugo_url(reference, pairs)) is not None:
            return Resolved(reference, EXISTS, served)
        if reference.kind == "md-link" and _GITHUB_PAGE.match(word) and _GITHUB_TEMPLATE.search(reference.path):
            # a template is shown on github.com, where Sonarr's pull request template links its
            # CONTRIBUTING.md as `/Sonarr/Sonarr/blob/v5-develop/CONTRIBUTING.md`
            own = self._same_repo_path("https://github.com" + word)
            if own is None:
                return Resolved(reference, NOT_A_CLAIM,
                                why="a page of github.com: another repository's, or a branch not checked out")
            if self.paths.exists(own):
                return Resolved(reference, EXISTS, own)
        if reference.kind == "md-link" and _GITHUB_TEMPLATE.search(reference.path) \
                and (page := _RELATIVE_GITHUB_PAGE.match(word)):
            # hydra's pull request template links `../blob/master/CONTRIBUTING.md` and `../security/policy`:
            # on the new pull request's page, `/ory/hydra/compare/...`, `../` is the repository's
            if page.group("path") is None:
                return Resolved(reference, NOT_A_CLAIM, why="a page of the repository on github.com")
            if self.paths.exists(page.group("path")):
                return Resolved(reference, EXISTS, page.group("path"))
        if reference.kind == "md-link" and ".docc/" in reference.path and not tokens.has_file_extension(word):
            # swift-nio's `Sources/NIO/Docs.docc/index.md` links `./NIOCore/EventLoop`: DocC's page of a symbol
            return Resolved(reference, NOT_A_CLAIM, why="a page of the DocC documentation: a module or a symbol")
        if _RUSTDOC.search(word) or reference.path.endswith(".rs") and word.endswith(".html"):
            # (hyper's `[Client](client/index.html)`: a page rustdoc makes, never a file of the repository)
            return Resolved(reference, NOT_A_CLAIM, why="a Rust item's documentation: rustdoc's link or page")
        if self._names_itself(word):
            return Resolved(reference, NOT_A_CLAIM, why="the repository's own name (its image, its project, its module)")
        if word in _WELL_KNOWN_PROTOS:
            return Resolved(reference, NOT_A_CLAIM, why="a protobuf well-known type: protoc's own include")
        if reference.kind == "comment" and reference.path.endswith(".go") and f"[{word}]" in reference.text \
                and not tokens.has_file_extension(word):
            # connect-go's "the standard library's [compress/gzip]": Go's doc link names a package
            return Resolved(reference, NOT_A_CLAIM, why="a Go doc link: a package's import path")
        if reference.path.endswith(".go") and not tokens.has_file_extension(word) \
                and any(self.paths.exists(path_stem(c)) or _GO_METHOD.fullmatch(posixpath.basename(c))
                        and self.paths.exists(posixpath.dirname(c)) for c in pairs):
            # tinygo's `b.mod.NamedFunction("runtime/interrupt.use")` and `//go:linkname x
            # internal/godebug.setUpdate`: a symbol, by its package's import path (a folder) and its
            # name; or a package's folder and a type's method (dubbo-go's "refer to server/InfoInvoker.Invoke()")
            return Resolved(reference, NOT_A_CLAIM, why="a Go symbol: its package's path and its name")
        if _LICENSE_TEXT.search(reference.path) and posixpath.splitext(reference.path)[1].lower() in _TEXT_SUFFIXES:
            return Resolved(reference, NOT_A_CLAIM, why="in a license's text: the licensed project's file")
        if reference.kind in ("adoc-include", "adoc-link") and _IMAGE.search(word) and not word.startswith(("/", "../")) \
                and any(self.paths.has_suffix(posixpath.join(folder, word.removeprefix("./"))) for folder in _IMAGE_FOLDERS):
            # micronaut's guide shows `image::arch/aop.png[]` from `src/main/docs/resources/img/`, the
            # `imagesdir` its documentation plugin sets (an AsciiDoc image is read from there)
            return Resolved(reference, NOT_A_CLAIM, why="an image in an images folder: the build's AsciiDoc imagesdir")
        if reference.kind == "comment" and (reference.line == 1 and _NAME_HEADER.match(reference.text)
                                            or reference.line == 2 and _NAME_HEADER_BELOW.match(reference.text) or (
                reference.line <= _OPENING_LINES and (named := _NAME_LINE.match(reference.text))
                and named.group(1) == posixpath.basename(reference.path))
                or (named := _DOXYGEN_FILE.match(reference.text)) and named.group(1) == posixpath.basename(reference.path)):
            # zod's `packages/docs/components/scroller.tsx` opens with `// app/RouteChangeListener.tsx`:
            # the name it was written under, not a file it points at
            return Resolved(reference, NOT_A_CLAIM, why="a file's opening comment of its own name")
        if word.endswith(_JAVADOC_PAGES) and reference.path.endswith((".java", ".html")):
            # commons-io's `DirectoryWalker.java` links `filefilter/package-summary.html` in its doc comment
            return Resolved(reference, NOT_A_CLAIM, why="a page Javadoc writes of a package")
        if 'File "' in reference.text and any(word in frame.group(1)
                                               for frame in _TRACEBACK_FRAME.finditer(reference.text)):
            # oauthlib's docstring shows `File "oauthlib/oauth2/rfc6749/grant_types.py", line 515, in ...`
            return Resolved(reference, NOT_A_CLAIM, why="a traceback's frame: where a past run's code was")
        if not word.startswith("/") and _PAGE_PARTS.search(reference.path):
            # Leaflet's `docs/_layouts/tutorial.html` links `../examples.html` from each tutorial's page
            return Resolved(reference, NOT_A_CLAIM, why="in a page layout: relative to each page it makes")
        if word.endswith(".__init__.py"):
            # altair's "written by tools/datasets.__init__.py": a package's module named in dots
            package = word[:-len(".__init__.py")]
            for base in pairs.values():
                found = posixpath.normpath(posixpath.join(base, package, "__init__.py"))
                if self.paths.is_file(found):
                    return Resolved(reference, EXISTS, found)
        if reference.kind == "md-link" and _LINK_ALIAS.match(reference.target):
            return Resolved(reference, NOT_A_CLAIM, why="a site generator's link alias")
        if template_tree(reference.path):
            return Resolved(reference, NOT_A_CLAIM, why="in a generator's template: a file of the project it makes")
        if self.paths.is_file(posixpath.join(posixpath.dirname(reference.path), "portfile.cmake")):
            # keepassxc's `utils/vcpkg_ports/argon2/CMakeLists.txt` builds argon2's `src/argon2.c`:
            # a vcpkg port's files are laid over the source it downloads
            return Resolved(reference, NOT_A_CLAIM, why="in a vcpkg port: a file of the project it builds")
        if (recipes := _SPACK_RECIPE.match(reference.path)) and self.paths.is_file(recipes.group(1) + "repo.yaml"):
            # a Spack package's recipe patches the source it downloads: `archer/package.py`'s
            # `filter_file(..., 'lib/CMakeLists.txt')` (spack's `var/spack/repos/builtin/`: 70)
            return Resolved(reference, NOT_A_CLAIM, why="in a Spack package: a file of the project it builds")
        if f"<{word}>" in reference.text and _C_INCLUDE_SYSTEM.search(reference.text):
            # lxd's cgo preambles, in Go comments: `#include <sys/types.h>`, the system's header
            return Resolved(reference, NOT_A_CLAIM, why="a header of the system's include path")
        if word.endswith(".h") and _SYSTEM_HEADER.match(word):
            # (named outside an include too: petsc's configure checks for a "POSIX.1 compatible
            # sys/wait.h", beside its own `src/sys/`, where a path would be looked for)
            return Resolved(reference, NOT_A_CLAIM, why="a header of the system's include path")
        c_include = reference.kind == "string" and _C_INCLUDE.match(reference.text) is not None
        if c_include and (self.paths.has_suffix(word) or (below := _below_parents(word)) != word and (
                self.paths.has_suffix(below) if "/" in below else self.paths.has_name(below))):
            # (the part below its `../` too: obs-studio's `graphics-hook/graphics-hook.h` includes
            # `../graphics-hook-info.h`, found on the include path in `shared/obs-hook-config/`)
            return Resolved(reference, NOT_A_CLAIM, why="a header found under another folder, on an include path")
        if reference.kind == "string" and reference.path.endswith(_JS_SOURCES) and not word.startswith(".") \
                and not tokens.has_file_extension(word) \
                and any(self.paths.has_suffix(word + suffix) for suffix in _JS_SUFFIXES):
            # nuxt's `resolve(nuxt.options.appDir, 'plugins/warn.dev.server')`: a module named from
            # the folder a variable holds, which the bundler finds with its suffix
            return Resolved(reference, NOT_A_CLAIM, why="a module under another folder, found with its suffix")
        if "handler" in reference.text.lower() and "." in word.rpartition("/")[2] and not tokens.has_file_extension(word) \
                and any(self.paths.is_file(path_stem(candidate) + suffix) for candidate in pairs for suffix in _MODULE_SUFFIXES):
            # a function's handler, its module and export: Serverless' and SST's `handler: src/api.handler`,
            # `src/api.ts`'s `handler` (not pachyderm's `../edges.jsonnet` beside an `edges.py`)
            return Resolved(reference, NOT_A_CLAIM, why="a module's export (a function's handler)")
        candidates = list(pairs)
        if (reference.kind == "sphinx-doc" or word.endswith(".html")) and self._written_by_sphinx(reference, candidates):
            return Resolved(reference, NOT_A_CLAIM, why="a page the Sphinx configuration writes before the build")
        if self._made_by_make.intersection(candidates):
            # buildah's Makefile lists `internal/mkcw/embed/entrypoint_arm64.gz`, which a rule of
            # it makes from the binary: the build's output, whatever the repository holds
            return Resolved(reference, NOT_A_CLAIM, why="a file a Makefile rule makes")
        removed = [v for c in candidates for v in self._variants(reference.kind, c)
                   if self._was_removed(v)]
        if not removed and word.endswith((".html", ".htm")) and _MAVEN_SITE.search(reference.path) \
                and not any(self._was_removed(path_stem(c) + suffix) for c in candidates for suffix in _SITE_SOURCES):
            # commons-vfs' `src/site/site.xml` links `commons-vfs2-ant/index.html`, a module's site, and
            # `commons-vfs2/dependencies.html`, a report: pages the Maven site build writes (a page
            # whose source the repository deleted is still reported)
            return Resolved(reference, NOT_A_CLAIM, why="a page the Maven site build generates")
        if not removed and word.endswith(_BUILT_BINARIES):
            # nodemcu's `app/Makefile` links `user/libuser.a` and 16 more libraries its sub-makes build;
            # micropython's makefiles list `shared/runtime/gchelper_thumb2.o`, made of `gchelper_thumb2.s`
            return Resolved(reference, NOT_A_CLAIM, why="an object file or a library: what the build makes")
        if not removed and word.endswith(_DUNE_EXECUTABLES) and any(
                self.paths.is_file(posixpath.join(posixpath.dirname(candidate), "dune")) for candidate in candidates):
            # opam's Makefile runs `dune exec -- src/crowbar/test.exe`, the executable that
            # `src/crowbar/dune` declares: dune builds it, it is never committed
            return Resolved(reference, NOT_A_CLAIM, why="an executable dune builds")
        if not removed and reference.kind in ("sphinx-doc", "md-link", "rst-link") and self._api_page(word):
            # panel's toctree lists `panel.auth`, and meltano's SDK docs link
            # `classes/singer_sdk.Stream`: pages its Sphinx build writes from the package's API
            return Resolved(reference, NOT_A_CLAIM, why="a page the docs build generates from a module's API")
        if c_include and not removed:
            # mypyc's `#include "internal/pycore_frame.h"`: CPython's, on the include path its build sets
            return Resolved(reference, NOT_A_CLAIM, why="a header of the include path (a dependency's, the system's)")
        if reference.kind not in STRONG_KINDS and (reference.example and _SOMEONE_ELSES.search(reference.text)
                                                   or _READERS_HOME.search(reference.text)):
            return Resolved(reference, NOT_A_CLAIM, why="said to be another repository's, or the reader's")
        if reference.kind == "config" and reference.target.startswith("../") \
                and reference.path.lower().endswith(DOC_SUFFIXES):
            # molecule's getting-started page shows a scenario's `requirements-file: ../requirements.yml`:
            # relative to that file, wherever the reader keeps it, whatever this repository once had
            return Resolved(reference, NOT_A_CLAIM, why="in a doc's config example: relative to the reader's config file")
        if not removed and (TEMPLATE_TREE.search(reference.path) and not self.paths.in_site(reference.path)
                            or posixpath.basename(reference.path).startswith("_template.")):
            # kubernetes/release's `cmd/krel/templates/latest/cri-tools/README.md`, copied into the
            # package it builds, links that package's `crictl.md` in its docs; textual's
            # `docs/styles/_template.md`, the page a new style's is copied from, its `style.py`
            return Resolved(reference, NOT_A_CLAIM, why="in a template: a file of where it is copied")
        if reference.kind == "docker-copy" and (not removed or TEST_FILE.search(reference.path)):
            # what a Dockerfile copies that this repository never had is built before the image
            # (moby's `COPY diagnosticClient`, a binary its Makefile builds) or is the project's
            # a template Dockerfile is for (azure-functions-core-tools' `COPY package.json`); a
            # test's Dockerfile copies from the context the test makes (tilt's `testdata/`)
            return Resolved(reference, NOT_A_CLAIM, why="built before the image, or a template's project file")
        if not removed and any(tag.group(2) == reference.target for tag in _TEMPLATE_TAG.finditer(reference.text)):
            return Resolved(reference, NOT_A_CLAIM, why="a template the template loader finds (a theme's, a package's)")
        if removed and reference.kind in ("shell", "config") and _DOCKERFILE_COPY.match(reference.text) \
                and reference.path.lower().endswith(DOC_SUFFIXES) and not self._has_dockerfile:
            return Resolved(reference, NOT_A_CLAIM, why="a doc's Dockerfile, and this repository has none: the reader's")
        if removed and reference.example and (reference.kind in ("shell", "config") or reference.kind
                                              not in STRONG_KINDS and _FOR_EXAMPLE.search(reference.text)):
            # a code block the doc gives as the reader's (its lead-in says so): the reader's
            # `./requirements.txt` in a Dockerfile example, whatever this repository once had; a
            # line that says "for example" of its path (twisted's "placed in the ``bin/``
            # directory; for example, ``bin/twistd``", terraform's "For example ... the
            # `.changes/v1.10/` folder"). (A comment's "is generated in (x.go)" is about something
            # else: its removal is evidence.)
            return Resolved(reference, NOT_A_CLAIM, why="given as an example, or said to be created")
        if reference.kind not in STRONG_KINDS and TEST_FILE.search(reference.path):
            return Resolved(reference, NOT_A_CLAIM, why="a path in a test: tests build the files they name")
        if _FIXTURE.search(reference.path):
            # rspress' route tests read `fixtures/content-processing/with-links.mdx`, whose link to
            # `intro.md` in `docs/` beside it is not there, on purpose
            return Resolved(reference, NOT_A_CLAIM, why="in a test's fixture: the input the test is given")
        if reference.kind == "string" and _WRITTEN_TO.search(reference.text):
            # flux's `StringVar(&cmdDocPath, "path", "./docs/cmd", "path to write the generated
            # documentation to")`: a folder the program writes, whatever the repository once kept there
            return Resolved(reference, NOT_A_CLAIM, why="a path the program writes to")
        if reference.kind == "string" and _EXISTENCE_TEST.search(reference.text):
            return Resolved(reference, NOT_A_CLAIM, why="a path the code tests for")
        if reference.kind not in STRONG_KINDS and "=" in reference.text and any(
                f"{operator}{space}{quote}{reference.target}{quote}" in reference.text
                for operator in ("==", "!=") for space in ("", " ") for quote in "\"'"):
            # Humanizer's docs workflow asks `[[ "$path" == ".github/workflows/jekyll-gh-pages.yml" ]]`,
            # and jq `select(.path == "...")`: a name a value is compared with, no file read (10)
            return Resolved(reference, NOT_A_CLAIM, why="a name compared with, not a file read")
        if reference.kind == "string" and reference.path.endswith(".py") and _cli_default(reference.text) \
                and self.paths.is_file(posixpath.join(posixpath.dirname(reference.path), "__init__.py")):
            return Resolved(reference, NOT_A_CLAIM, why="an installed program's option default: the user's path")
        if removed and reference.kind not in STRONG_KINDS and (filled := self._dependency_folder(removed[0])):
            # kubebuilder's agent guide has the reader run `go mod vendor`, then read
            # `vendor/sigs.k8s.io/controller-runtime/...`: it stopped vendoring in 2019
            return Resolved(reference, NOT_A_CLAIM, why=f"under {filled}/, which a package manager fills")
        if removed and reference.kind not in STRONG_KINDS and self.paths.has_sample_copies(word.removeprefix("./")):
            # kubebuilder's docs and scaffolders name the `cmd/main.go` of the project they make, which
            # its testdata projects and templates hold, whatever became of its own `cmd/main.go`
            return Resolved(reference, NOT_A_CLAIM, why="a file of the sample projects this repository keeps")
        if reference.kind not in STRONG_KINDS and not removed:
            candidates = [c for c, base in pairs.items() if self._anchored(base, word)]
            candidates = [c for c in candidates if self.paths.exists(posixpath.dirname(c))] or candidates
            weak = self._weak_exemption(reference, word, candidates)
            if weak is not None:
                return weak
        if removed and all(posixpath.dirname(v) in self._working_folders for v in removed):
            return Resolved(reference, NOT_A_CLAIM, why="in a tool's working folder, whose files come and go")
        expected = removed[0] if removed else candidates[0]
        generated = self._generated_folder(expected)
        if generated and not removed:
            return Resolved(reference, NOT_A_CLAIM, why=f"under {generated}/, a build output folder")
        if reference.kind == "md-link" and reference.path.endswith(".mdx") and word.startswith("/") \
                and not removed and not self._section_here(word, reference.path):
            # MDX is a site's format, built wherever its site is: HashiCorp's developer portal builds
            # waypoint's `website/content/`, whose `/hcp/docs/waypoint` is another section of it (342)
            return Resolved(reference, NOT_A_CLAIM, why="a URL of another section of the site the MDX page is built into")
        if reference.kind == "md-link" and reference.target.startswith("/") and not reference.text.startswith("<<< "):
            # (a VitePress snippet's `@/x` is a file the build reads, from the site's source folder: no URL)
            if self._is_route(reference.target):  # (a page declares it now, whatever page it once was)
                return Resolved(reference, NOT_A_CLAIM, why="a page route (permalink or redirect)")
            if self.paths.site_roots and not removed:
                return Resolved(reference, NOT_A_CLAIM, why="a URL of the docs site")
            if (reference.target.endswith("/") or "/" in reference.path and _IMAGE.search(word)
                    and not any(not root or reference.path.startswith(root + "/") for root in self._mintlify_roots)) \
                    and not removed and not self._anchored("", word.lstrip("/")):
                # compose's `docs/reference/*.md` are published on docs.docker.com: `/reference/compose-file/`
                # is a page there (a `/docs/gone/` beside a `docs/` folder is still this repository's); and
                # an image of that site (fiber's `docs/extra/benchmarks.md` shows `/img/v3/json.png`, which
                # gofiber/docs serves; a root README's is this repository's, as GitHub shows it, and so is
                # a page's of a site here: spree's Mintlify `docs/`)
                return Resolved(reference, NOT_A_CLAIM, why="a folder URL or an image of the site the docs are published on")
            if not removed and self._page_at_url(word, reference.path):
                return Resolved(reference, NOT_A_CLAIM, why="a page here, at the URL its site serves it")
        if not removed and self._upstream_readme(reference.path):
            return Resolved(reference, NOT_A_CLAIM, why="in another project's README, copied with its license:"
                                                         " that project's file")
        if reference.kind == "md-link" and not word.startswith("/") and self._route_from_permalink(reference.path, word):
            return Resolved(reference, NOT_A_CLAIM, why="a page's permalink, relative to this page's")
        if reference.kind == "md-link" and not removed:
            elsewhere = self._page_elsewhere(reference, word, candidates)
            if elsewhere is not None:
                return elsewhere
            if self._numbered_page(candidates):
                return Resolved(reference, NOT_A_CLAIM, why="a page named without its file's number prefix")
        if reference.kind == "md-link" and self._exdoc_page(word, reference.path):
            # (an extra moved to another folder keeps its page: phoenix's `up_and_running.html`)
            return Resolved(reference, NOT_A_CLAIM, why="a page ExDoc publishes: an extra, a module's, an auto-link")
        if reference.kind == "md-link" and not removed and "/" in word and not word.startswith(("/", "../")) \
                and _IMAGE.search(word) and self.paths.has_suffix(word.removeprefix("./")) \
                and self._in_mix_project(reference.path):
            # ExDoc writes its extras side by side, and copies the `assets:` folders into its output
            # by name: livebook's `docs/teams/deploy_app.md` shows `images/app_preview.png`, from
            # `docs/images/`, which its mix.exs copies as `images`: 39)
            return Resolved(reference, NOT_A_CLAIM, why="an asset ExDoc copies beside the pages it writes")
        if not removed and self._rendered(reference.kind, candidates):  # (asked last: 12 lookups a candidate)
            return Resolved(reference, NOT_A_CLAIM, why="rendered at build from a template source beside it")
        return Resolved(reference, MISSING, expected, looked_in=tuple(candidates), removed=bool(removed))

    def _api_page(self, word: str) -> bool:
        """Whether `word`'s last name is a dotted name in a Python package of the repository's
        (`panel.auth`, with `panel/__init__.py` at the root or under `src/`): the API page of
        that module or class, which autodoc, autosummary or a script writes at build."""
        name = posixpath.basename(word)
        match = _DOTTED_NAME.fullmatch(name)
        return match is not None and not tokens.has_file_extension(name) and any(
            self.paths.is_file(f"{root}{match.group(1)}/__init__.py") for root in ("", "src/"))

    def _section_here(self, url: str, page: str) -> bool:
        """Whether a root URL's folder is one of this repository's: a folder here ends with it (with
        two of its names at least, when it has two), or it is a page at the prefix its site gives it
        (turborepo's `/repo/docs/core-concepts`). A URL of one name is taken for this repository's."""
        parent = [part for part in url.strip("/").split("/") if part][:-1]
        if not parent:
            return True
        if self.paths.has_name(parent[-1]):  # (traced: a folder of that name coming or going asks again)
            tails = ["/".join(parent[start:]) for start in range(max(1, len(parent) - 1))]
            if any(folder == tail or folder.endswith("/" + tail)
                   for folder in self.paths.folders_named.get(parent[-1], ()) for tail in tails):
                return True
        return len(parent) >= 3 and self._page_at_url("/" + "/".join(parent), page)

    def _numbered_page(self, candidates: list[str]) -> bool:
        """Whether a page is linked by its built name without its file's number prefix: karma's
        `docs/config/04-preprocessors.md`, published as `preprocessors.html`."""
        for candidate in candidates:
            stem, extension = posixpath.splitext(candidate)
            if extension not in ("", ".html", ".htm") or stem.count("/") < 1:
                continue
            # (the page's own folder may be numbered too: MassTransit's `1.concepts/2.consumers.md` links `messages`)
            tail = "/".join(unnumbered(part) for part in stem.split("/")[-2:])
            if any(self.paths.has_unnumbered_suffix(tail + suffix) for suffix in SOURCE_SUFFIXES):
                return True
        return False

    def _exdoc_page(self, word: str, path: str) -> bool:
        """Whether a Mix project's doc links `word` as ExDoc publishes it: its extras side by side
        (absinthe's `guides/introduction/overview.md` links `schemas.md`, its `guides/schemas.md`;
        phoenix's `installation.html`), a module's page (`Oban.Lifeline.html`, the book's
        `Phoenix.epub`), or an auto-link (`` `Plug.Conn.assign/3` ``, `` `c:Ecto.Repo.one/2` ``)."""
        stem, extension = posixpath.splitext(word)
        quoted = word.startswith("`") and word.endswith("`")
        if not quoted and ("/" in word or extension not in (".md", ".html", ".epub")):
            return False
        if not self._in_mix_project(path):
            return False
        return quoted or _MODULE_NAME.fullmatch(stem) is not None or self.paths.has_name(stem + ".md")

    def _in_mix_project(self, path: str) -> bool:
        return any(self.paths.is_file(posixpath.join(a, "mix.exs") if a else "mix.exs")
                   for a in _ancestors(posixpath.dirname(path)))

    def _upstream_readme(self, path: str) -> bool:
        """Whether `path` is another project's README kept with its code: in a folder that holds a
        license, naming `github.com/<owner>/<the folder's name>` twice in its opening, which is not
        this repository (waypoint's `internal/pkg/spinner/` is briandowns/spinner: its README's 44
        `gifs/*.gif` are that repository's; not wasmtime's `crates/wasi-nn/`, whose README names
        the WebAssembly/wasi-nn proposal once)."""
        folder, name = posixpath.split(path)
        if not folder or not _README.match(name):
            return False
        known = self._upstream_readmes.get(path)
        if known is None:
            known = self._names_upstream(folder, path)
            self._upstream_readmes[path] = known
        return known and any(self.paths.is_file(posixpath.join(folder, license)) for license in _LICENSE_FILES)

    def _names_upstream(self, folder: str, path: str) -> bool:
        try:
            opening = read_inside(self.root, path, limit=_OPENING).decode("utf-8", "replace")
        except (OSError, ValueError):
            return False
        own = {(owner, name) for host, owner, name in self.identities() if host == "github.com"}
        folder_name = posixpath.basename(folder).lower()
        named = [(owner.lower(), name.lower()) for owner, name in _HOSTED_REPOSITORY.findall(opening)]
        return sum(1 for slug in named if slug[1] == folder_name and slug not in own) >= 2

    def _page_elsewhere(self, reference: Reference, word: str, candidates: list[str]) -> Resolved | None:
        """A relative link to a page history never had here, published from elsewhere: a built
        `.html` page whose source lies in another folder (cargo's `doc/man/*.md` are rendered
        into its book: `../reference/features.html` is `doc/book/src/reference/features.md`);
        or, from a docs site's page, a page of another site on the same host: a built page with
        no source here, or a page in a folder that does not exist (the Cargo Book's
        `../../std/macro.env.html`, `../../reference/conditional-compilation.md`)."""
        target = posixpath.normpath(word)
        while target.startswith("../"):
            target = target[3:]
        stem, extension = posixpath.splitext(target)
        built = extension in (".html", ".htm")
        if built and "/" in stem and any(self.paths.has_suffix(stem + suffix) for suffix in SOURCE_SUFFIXES):
            return Resolved(reference, NOT_A_CLAIM, why="a built page whose source is published from another folder")
        if not extension and not word.startswith(("./", "../")) and "/" in word:
            # a page named from its section's folder, as a wiki's export links them (flyway's
            # `documentation/Reference/Commands/Baseline.md` links `<Configuration/Flyway Namespace>`,
            # `documentation/Reference/Configuration/Flyway Namespace.md`: 820)
            for folder in _ancestors(posixpath.dirname(posixpath.dirname(reference.path)))[:-1]:
                if any(self.paths.is_file(posixpath.join(folder, word) + ending) for ending in _PAGE_ENDINGS):
                    return Resolved(reference, NOT_A_CLAIM, why="a page of the site, named from its section's folder")
            # a page under the URL an application serves its pages' folder at, a name no folder has
            # (friendica's help module serves `doc/database/db_user.md` as `help/database/db_user`:
            # `doc/database.md` links it so: 584)
            mount, _, rest = word.partition("/")
            if mount and rest and not self.paths.has_name(mount):
                for folder in _ancestors(posixpath.dirname(reference.path))[:-1]:
                    if any(self.paths.is_file(posixpath.join(folder, rest) + ending) for ending in _PAGE_ENDINGS):
                        return Resolved(reference, NOT_A_CLAIM, why="a page of the folder an application serves"
                                                                     f" under `{mount}/`")
        if not self.paths.in_site(reference.path):
            return None
        if built:
            return Resolved(reference, NOT_A_CLAIM, why="a built page with no source here: another site's on the same host")
        if word.startswith("../") and extension in DOC_SUFFIXES \
                and not any(self.paths.exists(posixpath.dirname(c)) for c in candidates):
            return Resolved(reference, NOT_A_CLAIM, why="a page in a folder the site does not have: another site's")
        return None

    def _shape_exemption(self, reference: Reference, word: str, bases: list[str]) -> Resolved | None:
        if tokens.is_variable(word) or any(reference.target + opener in reference.text for opener in _INTERPOLATIONS):
            rest = tokens.strip_variable_prefix(word)
            if rest:
                for base in ("", *bases):
                    found = posixpath.normpath(posixpath.join(base, rest))
                    if self.paths.exists(found):
                        return Resolved(reference, EXISTS, found)
            return Resolved(reference, NOT_A_CLAIM, why="holds a variable")
        if tokens.is_glob(word):
            return Resolved(reference, NOT_A_CLAIM, why="a glob")
        if tokens.is_placeholder(word):
            return Resolved(reference, NOT_A_CLAIM, why="a placeholder")
        if _NEWS_FRAGMENT.match(posixpath.basename(word)):
            # yarl's agent guide: "name the fragment after the issue number (e.g. `CHANGES/1234.bugfix.rst`)"
            return Resolved(reference, NOT_A_CLAIM, why="a news fragment: an example, or consumed by a release")
        if reference.kind == "md-link" and not tokens.has_file_extension(word) \
                and ("/" not in word or word in self._myst_labels) \
                and (self.paths.sphinx_root_of(reference.path) is not None
                     # (a page that defines MyST labels is MyST's wherever its Sphinx configuration
                     # is: pulumi builds `docs/architecture/` with `sphinx -c sphinx ..`)
                     or self.definitions.get(reference.path, {}).get("labels")):
            return Resolved(reference, NOT_A_CLAIM, why="a MyST cross-reference label")
        if reference.kind not in STRONG_KINDS and _GO_QUALIFIED.search(word):
            return Resolved(reference, NOT_A_CLAIM, why="a Go package's exported name (package.Name)")
        if reference.kind == "md-link" and _PLACEHOLDER_LINK.fullmatch(word):
            return Resolved(reference, NOT_A_CLAIM, why="a placeholder link target")
        if reference.kind == "md-link" and len(word) == 1 and word.isascii() and word.isalpha():
            return Resolved(reference, NOT_A_CLAIM, why="a one-letter destination: a site's shorthand (Hugo's"
                                                         " docs link a glossary term as `[term](g)`)")
        if reference.kind == "sphinx-doc" and self._other_projects_document(reference):
            return Resolved(reference, NOT_A_CLAIM, why="a document of another project (intersphinx)")
        file_prefix = self._file_prefix(list(pairs_of(word, bases)))
        if file_prefix:
            return Resolved(reference, NOT_A_CLAIM, why=f"{file_prefix} is a file: alternatives, not a path")
        return None

    def _sphinx_conf(self, path: str) -> tuple[str | None, dict]:
        """The Sphinx project `path` is in: its root, and its `conf.py`'s definitions."""
        root = self.paths.sphinx_root_of(path)
        if root is None:
            return None, {}
        conf = self.definitions.get(posixpath.join(root, "conf.py") if root else "conf.py", {})
        return root, conf if isinstance(conf, dict) else {}

    def _other_projects_document(self, reference: Reference) -> bool:
        """With intersphinx, Sphinx looks a `:doc:` it cannot find up in other projects' docs:
        `library/re` is Python's when no `library/` folder exists here."""
        root, conf = self._sphinx_conf(reference.path)
        if root is None:
            return False
        target = reference.target.strip("/")
        if "intersphinx" not in conf.get("sphinx", ()) or "/" not in target:
            return False
        bases = [root] if reference.target.startswith("/") else [posixpath.dirname(reference.path), root]
        return not any(self._anchored(base, target) for base in bases)

    def _written_by_sphinx(self, reference: Reference, candidates: list[str]) -> bool:
        """Whether the `conf.py` of the page's Sphinx project names the missing page (copies the
        CHANGELOG to it, writes it: jupyter_server's `other/changelog.md`, `other/full-config.rst`;
        a bare name, `changelog.md`, wherever the page is in the project)."""
        root, conf = self._sphinx_conf(reference.path)
        pages = conf.get("sphinx-pages")
        if root is None or not pages:
            return False
        written = {posixpath.normpath(posixpath.join(root, page)) for page in pages}
        names = {page for page in pages if "/" not in page}
        return any(variant in written or posixpath.basename(variant) in names
                   for candidate in candidates for variant in self._variants(reference.kind, candidate))

    def _file_prefix(self, candidates: list[str]) -> str | None:
        """`pyproject.toml/setup.cfg` runs through a file: it lists alternatives."""
        for candidate in candidates:
            parts = candidate.split("/")
            for end in range(1, len(parts)):
                prefix = "/".join(parts[:end])
                if self.paths.is_file(prefix):
                    return prefix
        return None

    def _weak_exemption(self, reference: Reference, word: str, anchored: list[str]) -> Resolved | None:
        """Prose, code spans, comments, strings, config and shell words claim less than links."""
        if not anchored:
            return Resolved(reference, NOT_A_CLAIM, why="its first folder exists nowhere here: an example")
        if not any(self.paths.exists(posixpath.dirname(c)) for c in anchored):
            return Resolved(reference, NOT_A_CLAIM, why="its folder does not exist either: not this repo's")
        if not (tokens.has_extension(word) or reference.target.endswith("/")) or tokens.names_a_host(word):
            return Resolved(reference, NOT_A_CLAIM, why="not shaped like a file")
        if reference.target.endswith("/"):
            # A folder that history never had: a namespace that looks like one (git's
            # `refs/heads/` beside its `refs/` code folder), or one made at run time. A folder
            # that went away is a claim (`removed`, which never reaches here).
            return Resolved(reference, NOT_A_CLAIM, why="a folder this repository never had")
        if reference.example:
            return Resolved(reference, NOT_A_CLAIM, why="given as an example, or said to be created")
        if _SECRET_FILE.search(word):
            return Resolved(reference, NOT_A_CLAIM, why="a key or certificate: made where it is used, never committed")
        tail = word.removeprefix("./")
        spelled = _other_spelling(tail)
        if self.paths.has_suffix(tail) or spelled and self.paths.has_suffix(spelled):
            # (ansible-lint's list of its config's names, `.config/ansible-lint.yml` and `.yaml`,
            # the first of which its examples' projects have)
            return Resolved(reference, NOT_A_CLAIM, why="exists under another folder")
        if self.paths.has_made_tail(tail):
            # phoenix's guides and generators name `config/dev.exs`, which its installer renders
            # from `installer/templates/phx_single/config/dev.exs.eex` into each project it makes
            return Resolved(reference, NOT_A_CLAIM, why="a file of the project a generator here makes from its templates")
        if _SOMEONE_ELSES.search(reference.text):
            return Resolved(reference, NOT_A_CLAIM, why="said to be another repository's, or the reader's")
        if reference.kind == "string" and TEST_FILE.search(reference.path):
            return Resolved(reference, NOT_A_CLAIM, why="a string in a test")
        if _URL_JOIN.search(reference.text):  # (in code, or in a message's f-string)
            return Resolved(reference, NOT_A_CLAIM, why="the path of a URL (joined to a site's address)")
        if reference.kind == "string" and posixpath.dirname(reference.path) in self._generators:
            return Resolved(reference, NOT_A_CLAIM, why="a generator's code: names the files of the project it makes")
        if reference.kind == "config" and reference.path.lower().endswith(DOC_SUFFIXES) and self._in_docs(reference.path):
            # tox's docs show `[env.fetch] script = "tools/fetch.py"`, poetry's `readme = [...]` of two
            # READMEs: the reader's configuration, naming the reader's files (a path this repository had
            # and lost is still a claim: `removed`)
            return Resolved(reference, NOT_A_CLAIM, why="in a docs page's configuration example: the reader's project")
        if reference.kind == "config" and _names_an_output(reference.text):
            return Resolved(reference, NOT_A_CLAIM, why="a setting that names a file the tool writes")
        if reference.base and not any(self.paths.exists(posixpath.normpath(posixpath.join(b, reference.base)))
                                      for b in (posixpath.dirname(reference.path), "")):
            return Resolved(reference, NOT_A_CLAIM, why=f"after `cd {reference.base}`, a folder not in the repository")
        if reference.kind == "string" and posixpath.basename(reference.path) == "conf.py" \
                and self.paths.sphinx_root_of(reference.path) == posixpath.dirname(reference.path):
            return Resolved(reference, NOT_A_CLAIM, why="a Sphinx setting: names built output as often as sources")
        return None

    def _in_docs(self, path: str) -> bool:
        """Whether `path` is a page of the documentation: under a top `docs/` (`doc/`,
        `documentation/`) folder, or inside a docs site or Sphinx project below the root. A root
        README describes this repository first, unless the repository is a GitHub Action (an
        `action.yml` beside it): its README shows the workflows of those who use it
        (gh-action-pypi-publish's `# .github/workflows/ci-cd.yml`)."""
        if "/" not in path:
            return path.lower().startswith("readme") and any(self.paths.is_file(name) for name in _ACTION_FILES)
        return path.split("/", 1)[0].lower() in _DOCS_FOLDERS or self.paths.in_site(path) \
            or self.paths.sphinx_root_of(path) is not None

    def _anchored(self, base: str, word: str) -> bool:
        """The word's first named folder exists where it would start from."""
        parts = word.split("/")
        index = 0
        while index < len(parts) - 1 and parts[index] in (".", ".."):
            index += 1
        anchor = posixpath.normpath(posixpath.join(base, *parts[:index + 1]))
        return len(parts) - index > 1 and not anchor.startswith("..") and self.paths.exists(anchor)

    def _dependency_folder(self, path: str) -> str | None:
        """The `vendor/` or `node_modules/` folder `path` lies in, when the repository tracks no
        such folder there now (`go mod vendor`, `npm install` make it)."""
        parts = path.split("/")
        for index, part in enumerate(parts[:-1]):
            if part in _DEPENDENCY_FOLDERS and not self.paths.exists("/".join(parts[:index + 1])):
                return part
        return None

    def _generated_folder(self, path: str) -> str | None:
        parts = path.split("/")
        for index, part in enumerate(parts):
            if part in tokens.GENERATED_FOLDERS and not self.paths.exists("/".join(parts[:index + 1])):
                return part
        return None

    def _route_from_permalink(self, page: str, target: str) -> bool:
        """Whether a relative link, followed from a URL the page's front matter gives it, reaches
        another page's (vega's `docs/docs/transforms.md` is `permalink: /docs/transforms/index.html`:
        its `[filter](filter)` is `/docs/transforms/filter/`, the permalink of `transforms/filter.md`),
        or a file the site serves there (pmd's `docs/pages/pmd/projectdocs/logo.md` is
        `permalink: pmd_projectdocs_logo.html`, at its site's root: its `images/logo/PMD.svg` is
        `docs/images/logo/PMD.svg`)."""
        definitions = self.definitions.get(page)
        routes = definitions.get("routes", ()) if isinstance(definitions, dict) else ()
        if not routes:
            return False
        site = max((root for root in self.paths.site_roots if not root or page.startswith(root + "/")),
                   key=len, default=None)
        for route in routes:
            route = "/" + route.strip().strip("/") + ("/" if route.strip().endswith("/") else "")
            base = route if route.endswith("/") else posixpath.dirname(route)
            url = posixpath.normpath(posixpath.join(base, target))
            if self._is_route(url) or site is not None and self.paths.exists(posixpath.join(site, url.lstrip("/"))):
                return True
        return False

    def _is_route(self, url: str) -> bool:
        return url.rstrip("/").removesuffix(".html") in self._routes

    @functools.cached_property
    def _made_by_make(self) -> frozenset[str]:
        """The files the Makefiles' rules name as their targets (`out/x.gz: x`) and their recipes
        write (`cp x.tgz dist/flannel.tgz`), from each one's folder."""
        made: set[str] = set()
        for path, definitions in self.definitions.items():
            for target in (*definitions.get("make", ()), *definitions.get("make-writes", ())) \
                    if isinstance(definitions, dict) else ():
                if "/" in target or "." in target.lstrip("."):
                    made.add(posixpath.normpath(posixpath.join(posixpath.dirname(path), target)))
        return frozenset(made)

    @functools.cached_property
    def _has_dockerfile(self) -> bool:
        """(Read from the tracked paths, which are part of the resolution cache's world.)"""
        # Only a path whose lowered text holds "erf" can match (no character but E, R and F matches
        # them regardless of case, and each lowers to hold its letter): the paths are searched for
        # it in C calls, and the pattern tried on those alone (lowering keeps every NUL).
        paths = list(self.paths.all_files)
        names = "\0".join(paths).lower()
        index, counted = 0, 0
        at = names.find("erf")
        while at >= 0:
            index, counted = index + names.count("\0", counted, at), at
            if _DOCKERFILE.search(paths[index]):
                return True
            end = names.find("\0", at)
            at = names.find("erf", end) if end >= 0 else -1
        return False

    @functools.cached_property
    def _myst_labels(self) -> frozenset[str]:
        """The labels Markdown pages define (`(name)=`): a link to one that holds a `/` (black's
        `[policy](labels/stability-policy)`) is a cross-reference too, not a path."""
        return frozenset(label for definitions in self.definitions.values() for label in definitions.get("labels", ()))

    def _rendering_pages(self, path: str) -> list[str]:
        """The folders of the Markdown pages that render the Python module `path` with mkdocstrings
        (`::: hatchling.builders.plugin.interface.BuilderInterface`): its docstrings' relative
        links are written from those pages (`[build](../../cli/reference.md)`)."""
        if not path.endswith(".py") or not self._docstring_pages:
            return []
        parts = path[:-3].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        found: list[str] = []
        for start in range(len(parts) - 1):  # (the module's dotted name from each folder: two parts or more)
            found += self._docstring_pages.get(".".join(parts[start:]), ())
        return sorted(set(found))

    @functools.cached_property
    def _docstring_pages(self) -> dict[str, tuple[str, ...]]:
        """A dotted name and each of its leading parts -> the folders of the pages rendering it."""
        pages: dict[str, set[str]] = {}
        for page, definitions in self.definitions.items():
            for name in definitions.get("docstrings", ()):
                parts = name.split(".")
                for end in range(1, len(parts) + 1):
                    pages.setdefault(".".join(parts[:end]), set()).add(posixpath.dirname(page))
        return {name: tuple(sorted(folders)) for name, folders in pages.items()}

    @functools.cached_property
    def _routes(self) -> frozenset[str]:
        """Permalinks and redirect sources declared in front matter (Jekyll, Hugo aliases); a
        folder's `index.html` is the folder's URL too (jekyll's `redirect_from: /help/index.html`)."""
        routes = {"/" + route.strip("/").removesuffix(".html")
                  for definitions in self.definitions.values() for route in definitions.get("routes", ())}
        return frozenset(routes | {route.removesuffix("/index") for route in routes if route.endswith("/index")})

    def settle(self, results: list[Resolved]) -> list[Resolved]:
        """Answers that rest on a removal HEAD's main line never had, made again without it.

        History reads side branches and histories merged in from other roots alike; a path
        deleted only inside another repository's history before it was merged (rails'
        actionmailbox deleted `app/views/...` before its subtree merge) was never this
        repository's. A deletion on a merged feature branch still counts: its merge's diff
        removes the path from the main line (`indexer.git.mainline`). One `git log` for the
        few paths asked, cached per HEAD; the answers kept for what this resolver resolves next."""
        asked = {p for r in results for p in r.gone} - self._off_mainline
        if not asked:
            return results
        from indexer.git.mainline import removals_of, touched

        off = asked - touched(self.root, asked, self.head, self.cache,
                              lambda ask: removals_of(self.history, ask, self.paths.exists))
        if not off:
            return results
        self._off_mainline |= off
        if self.deps is None:
            return [self.resolve(r.reference) if off.intersection(r.gone) else r for r in results]
        out = []
        for r in results:  # (what the answers made again rest on: their files' dependencies)
            if off.intersection(r.gone):
                (again,), keys = self.resolve_traced([r.reference])
                self.deps.setdefault(r.reference.path, set()).update(keys)
                r = again
            out.append(r)
        return out

    def _without_ignored(self, results: list[Resolved]) -> list[Resolved]:
        """The last step of every batch of answers: those resting on a removal off the main line
        made again (`settle`), then missing paths git ignores (build outputs, not dangling)
        taken out, with one check-ignore for all."""
        results = self._foreign_listings(self.settle(results))
        missing = {c for r in results if r.status == MISSING for c in r.looked_in}
        if not missing:
            return results
        # a folder is asked as one too: a folder-only pattern (`docs/_build/`) matches nothing
        # else, and git cannot tell a path that is not there is a folder
        folders = {c for r in results if r.status == MISSING for c in r.looked_in
                   if r.reference.target.endswith("/") or self.history.is_removed_folder(c)}
        # a toctree entry names its page without the suffix its ignore rule names (arcade's
        # `api/types` is `doc/api_docs/api/types.rst`, which `doc/api_docs/api/*.rst` ignores: a
        # script writes them), and so does a site's link (sqlfluff's VitePress `docsv/` links
        # `../reference/rules/layout` and `../reference/rules/`, pages its `reference/rules/*.md` ignores)
        sources: dict[str, set[str]] = {}
        for r in results:
            endings = _SPHINX_SOURCES if r.reference.kind == "sphinx-doc" else \
                _PAGE_ENDINGS if r.reference.kind == "md-link" else ()
            if r.status == MISSING and endings:
                for c in r.looked_in:
                    if not posixpath.splitext(c)[1]:
                        for ending in endings:
                            sources.setdefault(c + ending, set()).add(c)
        ignored = git_ignored(self.root, missing | {c + "/" for c in folders} | set(sources))
        ignored |= {c for c in folders if c + "/" in ignored}
        ignored |= {c for page in ignored.intersection(sources) for c in sources[page]}
        if not ignored:
            return results
        return [Resolved(r.reference, NOT_A_CLAIM, r.path, why="git ignores it (a build output)")
                if r.status == MISSING and ignored.intersection(r.looked_in) else r for r in results]

    def _foreign_listings(self, results: list[Resolved]) -> list[Resolved]:
        """A tree listing most of whose entries this repository does not have, and never had, is
        another project's layout (the Cargo Book's `src/main.rs`, `benches/large-input.rs` under
        a `.` it shares only `Cargo.toml` and `src/` with): its missing entries claim nothing. A
        listing of this repository with a few stale entries keeps them."""
        listings: dict[tuple[str, str, int], list[int]] = {}
        last: dict[tuple[str, str], tuple[int, int]] = {}  # (file, root) -> (listing's first line, last line)
        for index, result in enumerate(results):
            reference = result.reference
            if reference.kind != "tree-entry":
                continue
            key = (reference.path, reference.base)
            before = last.get(key)
            first = before[0] if before and 0 < reference.line - before[1] <= 2 else reference.line
            last[key] = (first, reference.line)
            listings.setdefault((*key, first), []).append(index)
        out = list(results)
        for indexes in listings.values():
            ours = sum(results[i].status == EXISTS or results[i].removed for i in indexes)  # here, or once here
            if len(indexes) < _LISTING_AT_LEAST or 2 * ours >= len(indexes):
                continue
            for i in indexes:
                if out[i].status == MISSING and not out[i].removed:
                    out[i] = Resolved(out[i].reference, NOT_A_CLAIM, out[i].path,
                                      why="a listing most of whose entries are not here: another project's layout")
        return out

    # ------------------------------------------------------------------ hosted links
    def _same_repo_path(self, url: str) -> str | None:
        match = _HOSTED.match(url)
        if not match:
            return None
        if match.group(1):
            host, owner, name, ref, rest = match.group(1, 2, 3, 4, 5)
        else:
            host, (owner, name, ref, rest) = "github.com", match.group(6, 7, 8, 9)
        if (host.lower(), owner.lower(), name.lower()) not in self.identities():
            return None
        if ref not in DEFAULT_BRANCHES:
            if self.paths.trace is not None:  # (its answer rests on which branch is checked out)
                self.paths.trace.add("b" + ref)
            if ref != self.branch:
                return None
        return rest.rstrip("/") or None

    def _names_itself(self, word: str) -> bool:
        """Whether `word` is this repository's `owner/name` or its module path (`host/owner/name...`)
        rather than a path: meltano's `docker run meltano/meltano`, its tap's `projects: meltano/meltano`
        (a `src/meltano/meltano` was deleted in 2018); chezmoi's `-coverpkg=chezmoi.io/chezmoi/...`."""
        lowered = word.lower().rstrip("/")
        for host, owner, name in self.identities():
            slug = f"{owner}/{name}" if owner else name
            if owner and lowered == slug or lowered == f"{host}/{slug}" or lowered.startswith(f"{host}/{slug}/"):
                return True
        return False

    def _is_own(self, url: str) -> bool:
        """Whether a document's `git clone URL` is this repository or a fork of it (its name is
        this repository's: `git clone https://github.com/<you>/name`). A URL that names nothing
        (`$REPO_URL`), or any when this repository's name is unknown, is taken for this one."""
        name = tokens.repository_name(url).lower()
        names = {own for _host, _owner, own in self.identities()}
        return not names or name in names or not name.replace("-", "").replace("_", "").replace(".", "").isalnum()

    def remote(self) -> tuple[str, str, str] | None:
        """(host, owner, name) of `origin`, lower-cased, or None."""
        if self._remote is False:
            from indexer.git.run import origin_identity

            self._remote = origin_identity(self.root)
        return self._remote  # type: ignore[return-value]

    def identities(self) -> frozenset[tuple[str, str, str]]:
        return self._identities

    @functools.cached_property
    def _identities(self) -> frozenset[tuple[str, str, str]]:
        """(host, owner, name) this repository goes by: the remote, and what the project's own
        metadata says, since a CI clone's remote can be anything: `go.mod`'s module path (on any
        host), package.json `repository`, pyproject.toml `[project.urls]` that name the project's
        own pages (all at the root)."""
        out = {self.remote()} - {None}
        texts: dict[str, str] = {}
        for name in ("go.mod", "package.json", "pyproject.toml"):
            if name in self.paths.all_files:
                try:
                    text = read_inside(self.root, name, limit=200_000).decode("utf-8", "replace")
                except (OSError, ValueError):
                    continue
                if name == "pyproject.toml":
                    text = "\n".join(line for line in text.splitlines() if _PROJECT_KEY.match(line))
                texts[name] = text
        for text in texts.values():
            for match in _PROJECT_URL.finditer(text):
                out.add(tuple(g.lower() for g in match.groups()))  # type: ignore[arg-type]
        if module := _GO_MODULE_PATH.search(texts.get("go.mod", "")):  # (`carvel.dev/ytt`: its name, for `_is_own`)
            out.add((module.group(1).lower(), (module.group(2) or "").lower(), module.group(3).lower()))
        return frozenset(out)  # type: ignore[arg-type]

    @functools.cached_property
    def branch(self) -> str:
        """HEAD's branch, asked once per scan (a hosted link on a tag asks for it: terraform's
        49 such links were 49 `git rev-parse` processes)."""
        return current_branch(self.root)

    # ------------------------------------------------------------------ imports
    def _import(self, reference: Reference) -> Resolved:
        key = (reference.kind, posixpath.dirname(reference.path), reference.target)
        module, keys = self._modules.get(key, (None, False))
        trace = self.paths.trace
        if keys is False or (keys is None and trace is not None):  # (a lookup's keys: what it rests on)
            self.paths.trace = set() if trace is not None else None
            try:
                module = self._module_path(*key)
            finally:
                keys, self.paths.trace = self.paths.trace, trace
            self._modules[key] = (module, keys)
        if trace is not None:
            trace.update(keys)
        if module is None:
            return Resolved(reference, NOT_A_CLAIM, why="a module from outside the repository")
        return Resolved(reference, EXISTS, module)

    def _module_path(self, kind: str, folder: str, target: str) -> str | None:
        """The repository file or package an import names, or None (standard library, packages)."""
        if kind == "import":
            first = target.lstrip(".").split(".", 1)[0]
            if not target.startswith(".") and not self.paths.has_name(first):
                return None
            candidates = _python_module_paths(folder, target)
        elif kind == "js-import":
            candidates = [posixpath.normpath(posixpath.join(b, target)) for b in (folder, "")]
        else:
            candidates = self._go_package_paths(target)
        for candidate in candidates:
            if candidate.startswith("..") or candidate == ".":
                continue
            if self.paths.exists(candidate):
                return candidate
            if self.paths.has_stem(candidate):
                return self._file_of(candidate)
        return None

    def _file_of(self, stem: str) -> str:
        folder = posixpath.dirname(stem)
        name = posixpath.basename(stem)
        for suffix in (".py", ".pyi", *_JS_SUFFIXES):
            if self.paths.exists(posixpath.join(folder, name + suffix)):
                return posixpath.join(folder, name + suffix)
        return stem

    def _go_package_paths(self, target: str) -> list[str]:
        out = []
        for path, definitions in self.definitions.items():
            for module in definitions.get("go-module", ()):
                if target == module or target.startswith(module + "/"):
                    out.append(posixpath.normpath(posixpath.join(posixpath.dirname(path),
                                                                 target[len(module):].lstrip("/"))))
        return out

    # ------------------------------------------------------------------ commands
    def _command(self, reference: Reference) -> Resolved:
        tool, _, name = reference.target.partition(" ")
        if tool == "make":
            known = _union(d.get("make") for d in self.definitions.values())
            manifest = "Makefile"
        else:
            name = name.removeprefix("run ")
            known = _union(d.get("scripts") for d in self.definitions.values())
            manifest = "package.json"
            if tool in ("yarn", "pnpm") and known is not None and name not in known:  # (a program, `yarn playwright`)
                known = _union([known, *(d.get("bins") for d in self.definitions.values())])
        if known is None:
            return Resolved(reference, NOT_A_CLAIM, why=f"no {manifest} in the repository")
        if tool == "make" and name in GNU_STANDARD_TARGETS:
            return Resolved(reference, NOT_A_CLAIM, why="a standard target of some other project's build")
        if name in known or "*" in known:
            return Resolved(reference, EXISTS, reference.target)
        return Resolved(reference, MISSING, reference.target, why=manifest)


#: A working folder (`working_folders`): this many files deleted there at least, and this many per file left.
_WORKING_DELETED, _WORKING_PER_FILE = 50, 20


def deletion_counts(history) -> dict[str, int]:
    """folder -> how many files history removed there and did not rename away, counting those
    whose commit's renames were not asked for yet (`History.maybe_deleted`: no more than that,
    and asking is a `git diff-tree` per commit), for the folders with enough of them to be a
    working folder (`working_folders`)."""
    deleted: dict[str, int] = {}
    for path in history.maybe_deleted():
        folder = path.rpartition("/")[0]  # (posixpath.dirname, at a third of its cost: ~50k paths)
        deleted[folder] = deleted.get(folder, 0) + 1
    return {folder: count for folder, count in deleted.items() if count >= _WORKING_DELETED}


def working_folders(deleted: Mapping[str, int], files: Iterable[str],
                    bounds: Callable[[dict[str, int]], Mapping[str, Sequence[int]]]) -> frozenset[str]:
    """Folders that still exist where files are made and consumed all the time (`.changeset/`,
    `newsfragments/`): at least 50 files deleted there (not renamed), 20 for each file left
    (`deleted`: `deletion_counts`, which may count files renamed away; `bounds`: given the
    folders that bound lets through and the count each needs, (at least, at most) the files
    deleted there, on one side of it, `History.deleted_in`). That one of their files is gone
    says nothing: docs describe the tool's workflow."""
    left: dict[str, int] = {}
    for path in files:
        folder = path.rpartition("/")[0]
        if folder in deleted:
            left[folder] = left.get(folder, 0) + 1
    needed = {folder: max(_WORKING_DELETED, _WORKING_PER_FILE * left[folder]) for folder in sorted(deleted)
              if folder in left}
    needed = {folder: count for folder, count in needed.items() if deleted[folder] >= count}
    if not needed:
        return frozenset()
    known = bounds(needed)
    return frozenset(folder for folder, count in needed.items() if known[folder][0] >= count)


def link_targets(root: str, links: Iterable[str]) -> dict[str, list[str]]:
    """Repository path -> the tracked symlinks among `links` that point at it: their text read,
    never followed; a link that points out of the repository, or is absolute, is left out. What
    the resolver reads a linked page's references from (`Resolver._linked_folders`), and what a
    delta compares with its base's (a link retargeted moves no path)."""
    from indexer.confine import Inside

    inside = Inside(root)
    out: dict[str, list[str]] = {}
    for link in sorted(links):
        folder = posixpath.dirname(link)
        if not inside(folder or "."):
            continue
        try:
            text = os.readlink(os.path.join(root, link))
        except (OSError, ValueError):
            continue  # a submodule, or a link this checkout lacks
        target = posixpath.normpath(posixpath.join(folder, text.replace(os.sep, "/")))
        if text.startswith("/") or target in (".", "..") or target.startswith("../"):
            continue
        out.setdefault(target, []).append(link)
    return out


def _served_as_folder(path: str) -> bool:
    """A Markdown page (not an index): a site built with folder URLs serves `guide/page.md` at
    `guide/page/`, so its relative links start one folder deeper than its file."""
    name = posixpath.basename(path).lower()  # (Docusaurus' `.mdx` pages too: weave-gitops' `../../policy/intro/`)
    return name.endswith((".md", ".markdown", ".mdx")) and name not in ("index.md", "readme.md", "_index.md", "index.mdx")


def _under(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or lies in it (`""`: the root holds every path)."""
    return not folder or path == folder or path.startswith(folder + "/")


def _below_parents(path: str) -> str:
    """`path` without its leading `./` and `../` parts."""
    while path.startswith(("./", "../")):
        path = path.partition("/")[2]
    return path


#: A Spack package's recipe, `<repository>/packages/<name>/package.py`, beside the repository's `repo.yaml`.
_SPACK_RECIPE = lazy(r"^((?:.*/)?)packages/[^/]+/package\.py$")
_C_HEADERS = (".h", ".hh", ".hpp", ".hxx", ".h++")
_C_FAMILY = (".c", ".cc", ".cpp", ".cxx", ".c++", *_C_HEADERS)


def _ancestors(folder: str) -> list[str]:
    """`folder` and every folder above it, the repository root last."""
    out = [folder]
    while folder:
        folder = posixpath.dirname(folder)
        out.append(folder)
    return out


def _other_spelling(word: str) -> str:
    """`x.yml` for `x.yaml` and the other way round: tools read either (`""` for other names)."""
    if word.endswith(".yaml"):
        return word[:-5] + ".yml"
    return word[:-4] + ".yaml" if word.endswith(".yml") else ""


def _source_of(candidate: str, named_in: str) -> list[str]:
    """The sources a built file named in the file `named_in` is made of: a JavaScript file's
    TypeScript, when named in JavaScript or TypeScript; an `.html` page's XML documentation source
    (Maven's xdoc, Anakia), when named in XML (jmeter's `xdocs/index.xml` links
    `usermanual/functions.html`, its `xdocs/usermanual/functions.xml`); its Markdown or other doc
    source, when named in HTML (samza's Jekyll page `docs/learn/documentation/versioned/index.html`
    links `api/high-level-api.html`, built from `api/high-level-api.md`); the Python module an API
    page is written from, when named in Python (allennlp's docstrings link
    `../predictors/predictor.md`, the page pydoc-markdown makes of `predictors/predictor.py`)."""
    stem, extension = posixpath.splitext(candidate)
    if extension in _TYPESCRIPT_SOURCES and named_in.endswith(_JS_SOURCES):
        return [stem + suffix for suffix in _TYPESCRIPT_SOURCES[extension]]
    if extension in (".html", ".htm") and named_in.endswith(".xml"):
        return [stem + ".xml"]
    if extension in (".html", ".htm") and named_in.endswith((".html", ".htm")):
        return [stem + suffix for suffix in SOURCE_SUFFIXES]  # (a site's page template: its pages' sources)
    if extension == ".md" and named_in.endswith(".py"):
        return [stem + ".py"]
    return []


def _sass_files(candidate: str) -> list[str]:
    """The files Sass loads for `@use 'a/b.c'`: the partial `a/_b.c.scss` or `a/b.c.scss` (and
    `.sass`, `.css`), or the folder's index (wagtail's `@forward 'tools/mixins.general'`); for
    `@import 'a/b.scss'` the partial `a/_b.scss` too (growthbook's `styles/_colors.scss`)."""
    folder, name = posixpath.split(candidate)
    suffixes = ("", *_SASS_SUFFIXES) if name.endswith(_SASS_SUFFIXES) else _SASS_SUFFIXES
    return [posixpath.join(folder, prefix + name + suffix) for prefix in ("_", "") for suffix in suffixes] \
        + [posixpath.join(candidate, prefix + "index" + suffix) for prefix in ("_", "") for suffix in _SASS_SUFFIXES]


def _names_an_output(line: str) -> bool:
    """`profile_file = <folder>/profiles.txt`, `log-dir: out/logs`: a key made of output words."""
    key = _SETTING_KEY.match(line)
    return key is not None and bool(_OUTPUT_WORDS.intersection(re.split(r"[_.-]", key.group(1).lower())))


def pairs_of(word: str, bases: list[str]) -> Iterable[str]:
    return (posixpath.normpath(posixpath.join(base, word.lstrip("/"))) for base in bases)


def _sphinx_docname(folder: str, root: str, target: str) -> str:
    """Sphinx joins a relative `:doc:` to the document's folder and clamps `..` at the source root."""
    inside = posixpath.relpath(folder, root) if root else folder
    return posixpath.normpath(posixpath.join("/", inside, target)).lstrip("/")


def _cli_default(text: str) -> bool:
    """Whether `text` holds an option's `default=` (`_CLI_OPTION` before `_DEFAULT`: two linear
    searches, where one pattern with `.*` between them is quadratic in a long line)."""
    default = _DEFAULT.search(text) if "default" in text else None
    return default is not None and _CLI_OPTION.search(text, 0, default.start()) is not None


def _union(lists: Iterable[list[str] | None]) -> set[str] | None:
    out: set[str] | None = None
    for names in lists:
        if names is not None:
            out = (out or set()) | set(names)
    return out


def _python_module_paths(folder: str, target: str) -> list[str]:
    """Where `import a.b` (or `from a import`) could live: relative, or the root or an ancestor."""
    if target.startswith("."):
        dots = len(target) - len(target.lstrip("."))
        base = folder
        for _ in range(dots - 1):
            base = posixpath.dirname(base)
        rest = target[dots:].replace(".", "/")
        return [posixpath.join(base, rest)] if rest else []
    rest = target.replace(".", "/")
    roots, current = [""], folder
    while current:
        roots.append(current)
        current = posixpath.dirname(current)
    return [posixpath.join(root, rest) for root in roots]


