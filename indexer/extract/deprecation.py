"""Deprecation signals: what a file says about itself, or about names it lists, being legacy.

`extract_deprecations(path, data)` -> `Signal`s, cached per blob with the other path facts and
read by legacy detection (`indexer.contradictions.legacy`). Only the conventions ecosystems
already use to say "deprecated" count, each where it speaks about a whole file or package:

| kind | what | subject |
|---|---|---|
| `moved-stub` | a short doc page or README whose text says it moved ("Moved to ...", "This page has moved", "have been moved to") | the file (a README: its folder, unless it says its documentation moved) |
| `self-deprecated` | Go `// Deprecated:` before `package`, a Go `// Package x is deprecated`; Python `warnings.warn(..., DeprecationWarning)` at module level; Java/Kotlin `@Deprecated` on a top-level type; npm `"deprecated"`; Helm `deprecated: true`; a README whose first lines carry a deprecation heading or notice; code saying "this collector/module/package/... is deprecated" | the file (a README, package.json, Chart.yaml: its folder) |
| `listed-deprecated` | names under a "Deprecated" heading of a README or doc page, or a table row whose cell says deprecated | a name, matched to one path by legacy detection |
| `prose` | "X is deprecated in favour of Y", "X has been replaced by Y", "Y replaces X", "X moved to Y" with X a code span | a name; Y the successor |

Deprecations of APIs, flags and config keys inside a file are not signals: they are not paths.
"""
from __future__ import annotations

import posixpath
import re
from itertools import islice, takewhile
from typing import NamedTuple
from indexer.extract.languages import TEST_FILE
from indexer.regex import lazy


class Signal(NamedTuple):
    line: int
    kind: str  # moved-stub | self-deprecated | listed-deprecated | prose
    subject: str  # "." for the file itself, "./" for its folder, else a name
    successor: str  # a name or path, or ""
    text: str

    def to_row(self) -> str:
        return "\t".join((str(self.line), self.kind, self.subject, self.successor, self.text[:200]))

    @classmethod
    def from_row(cls, row: str) -> "Signal":
        line, kind, subject, successor, text = (row.split("\t") + [""] * 5)[:5]
        return cls(int(line), kind, subject, successor, text)


_DOCS = (".md", ".markdown", ".rst", ".txt", ".adoc", ".mdx")
#: Folders of release-note fragments (go-changelog, towncrier, changesets, reno, antsibull): each
#: file tells what a change did to the product, never that the file itself moved or is deprecated.
_RELEASE_NOTES = lazy(r"(?:^|/)(?:\.changelog|changelog\.d|\.changes|newsfragments|\.changeset|"
                      r"changelogs/fragments|releasenotes/notes)/")
#: Historical documents by convention (on top of `scan.history_paths`): what they say is no
#: claim about the present (`indexer.contradictions.stage.historical_test`), nor are their signals
#: read (`indexer.contradictions.legacy.deprecation_notices`), so none are extracted.
HISTORICAL = lazy(
    r"(?:^|/)(?:CHANGELOG|CHANGES|HISTORY|NEWS|RELEASE[-_ ]?NOTES|RELEASES)(?:\.[\w.]+)?$"
    # (after a capital word: pyramid's `BFG_HISTORY.rst`, its history before it was renamed; not
    # a `doc-changes.md`, on changing the docs)
    r"|(?:^|/)(?-i:[A-Z][A-Z0-9]*_(?:CHANGELOG|CHANGES|HISTORY|NEWS))(?:\.[\w.]+)?$"
    # (and a part of one: gevent's `changelog_pre.rst`, `changelog_1_5.rst`, `whatsnew_1_4.rst`,
    # borg's `changes_1.x.rst`, CodeIgniter's `upgrade_152.rst`, the files of its day; not
    # pyinstaller's `changelog-entries.rst`, on writing one)
    # (and release notes set aside: pmd's `release_notes_old_pmd7.md`; kotlinx.coroutines'
    # `CHANGES_UP_TO_1.7.md`, its changes up to that version)
    r"|(?:^|/)(?:changelog|history|changes|upgrade|release[-_]?notes)[-_](?:pre|old|older|archive|legacy|v?\d|up[-_]?to[-_]v?\d)"
    r"[\w.-]*\.(?:rst|md|txt|adoc)$"
    # (`released/`: argo-workflows' `.features/released/v4.1.0/`, each feature's note of a release;
    # wekan's `old-CHANGELOG/2026/01.md`)
    r"|(?:^|/)(?:(?:old|archived?|previous|past)[-_]?)?(?:change[-_]?logs?|changes|releases|released|release-notes|release_notes|whatsnew"
    r"|adrs?|decisions|designs|design[-_]proposals|proposals|rfcs?|keps?|seps?|swips?|history|announce|announcements"
    r"|newsfragments|changelog\.d|changes\.d|upcoming_changes)/"
    # a root `design/` of proposals (velero's `design/Implemented/*.md`), external-dns'
    # `docs/proposal/`; below the root, a docs site's `design/` pages describe the design as it is
    # (k3d's, kind's)
    r"|^design/|(?:^|/)docs?/proposal/"
    # a release's copy of the docs beside the current ones: Hugo's `site/content/docs/v1.18/`
    # beside `docs/main/` (velero keeps 31), Docusaurus' `versioned_docs/version-2.1/`
    r"|(?:^|/)(?:docs?|documentation|content|site|website)/(?:[^/]+/)*?v?\d+(?:\.\d+)+(?:\.x)?/"
    r"|(?:^|/)versioned_docs/"
    # a version control system's log kept as a file (derby's `java/demo/vtis/svn_log.txt`, its
    # VTI demo's data: the paths of commits from 2007)
    r"|(?:^|/)(?:svn|git|hg)[-_]?log(?:\.(?:txt|log))?$"
    r"|(?:^|/)[^/]*deprecat[^/]*\.(?:rst|md|txt|adoc)$"
    # a blog's posts, each of its day (goreleaser's `www/content/blog/`, copilot-cli's `blogs/`,
    # Jekyll's `_posts/`, Hugo's `content/posts/`: sonobuoy's `site/content/posts/2019-05-15-...md`):
    # pages, not a `blog/` application's code
    r"|(?:^|/)(?:blogs?|_posts|content/(?:[^/]+/)?posts)/(?:[^/]+/)*[^/]+\.(?:md|mdx|markdown|rst)$"
    # a page named by its day: a post (Pelican's and Jekyll's `2016-04-15-slug.md`: hypothesis'
    # `website/content/`), meeting notes
    r"|(?:^|/)(?:19|20)\d\d-[01]\d-[0-3]\d-[^/]+\.(?:md|mdx|markdown|rst)$"
    # one release's notes, named by its version: numpy's `release/1.13.2-notes.rst`, `whats_new_3.5.rst`,
    # k9s's `change_logs/release_v0.17.0.md`, statsmodels' `release/version0.10.rst`
    r"|(?:^|/)(?:(?:release(?:[-_]?notes?)?|version|whats[-_]?new|changes|changelog)[-_]?)?v?\d+(?:[._]\d+)+"
    r"(?:[-_](?:notes|release[-_]?notes|changes|changelog|migration[-_]guide))?\.(?:rst|md|txt|adoc)$"
    # a guide from one version to the next (fastapi-users' `docs/migration/7x_to_8x.md`, `v1-to-v2.md`;
    # each version's parts bounded: a name of 3,000 `1_` is read in one pass, not one per start)
    r"|(?:^|/)[^/]*?(?<![A-Za-z0-9.])v?\d{1,4}(?:x|[._](?:\d{1,4}|x)){0,3}[-_]to[-_]v?\d{1,4}(?:x|[._](?:\d{1,4}|x)){0,3}(?![A-Za-z0-9])[^/]*\.(?:rst|md|txt|adoc)$"
    # documents set aside as done (basedpyright's `.github/plans/archived/FIX_11453_..._PLAN.md`, a
    # docs' `archive/` or `_archive/`, arcade's, which its Sphinx build excludes; documents only, and
    # not a code package's `pkg/archive/README.md`)
    r"|(?:^|/)(?:archived|(?:docs?|documentation|plans?|notes)/_?archives?)/(?:[^/]+/)*[^/]+\.(?:md|mdx|rst|txt|adoc)$"
    # plans carried out, set aside (prefect's `plans/completed/`; a plan not set aside still speaks)
    r"|(?:^|/)plans?/(?:completed|done|shipped|implemented)/(?:[^/]+/)*[^/]+\.(?:md|mdx|rst|txt|adoc)$"
    # a `notes/` folder's files named by a version: a release's notes (coredns' `notes/coredns-1.0.2.md`)
    r"|(?:^|/)(?:release[-_]?)?notes/[^/]*[-_]v?\d+(?:\.\d+)*\.(?:md|rst|txt|adoc)$"
    # a year's news (gunicorn's `docs/content/2010-news.md`)
    r"|(?:^|/)(?:19|20)\d\d[-_](?:news|changelog|changes|release[-_]?notes)\.(?:rst|md|txt|adoc)$"
    # a PostgreSQL extension's upgrade script from one version to the next, frozen once released
    # (pgmq's `sql/pgmq--0.24.0--0.25.0.sql`, whose pgrx comments name the sources of that day)
    r"|[^/]--v?\d[\w.]*--v?\d[\w.]*\.sql$",
    re.I,
)
#: A move said of the page itself: "This document has been moved", "The upgrading page has moved".
_THIS_MOVED = lazy(r"(?i)\b(?:this|the)\s+(?:[\w-]+\s+)?(?:page|document|docs|documentation|project|repository|folder"
                   r"|directory|guide|section)\s+(?:has\s+|have\s+|was\s+|were\s+)?(?:been\s+)?moved\b")
#: ("X moved to amend the document", a motion in a meeting's minutes, is no move: brew's governance.)
_MOVED = lazy(r"(?i)\b(?:(?:has|have|had)\s+(?:been\s+)?moved|was\s+moved|were\s+moved|moved)\s+(?:to|into)\b"
              r"(?!\s+(?:amend|adopt|approve|accept|reject|table|close|open|vote|elect|ratify|appoint|extend|suspend)\b)"
              r"|\bthis\s+(?:page|document|project|repository|folder|directory)\s+(?:has\s+)?moved\b")
#: A move said of documentation ("The docs have moved to", "User-facing documentation has moved",
#: fastlane's "The fastlane docs were moved to", hypothesis' "The Hypothesis python readme has moved").
_DOCS_MOVED = lazy(r"(?i)\b(?:documentation|docs|readme)\s+(?:(?:has|have|was|were)\s+)?(?:been\s+)?moved\b")
#: What comes before a bare "moved to" that makes it a move to come, not one made: pack's `pkg/README.md`,
#: "Some packages may get moved to `imgutil` when a project wide common API is developed".
_NOT_YET = lazy(r"(?i)\b(?:(?:may|might|could|would|will|should|can|to)(?:\s+not)?(?:\s+\w+)?\s+(?:get|be)|gets?)\s+$")
_GO_PACKAGE_DEPRECATED = lazy(r"^//\s*(?:Deprecated:|Package\s+\w+\s+is\s+deprecated\b)")
_PY_MODULE_WARNING = lazy(r"^warnings\.warn\(.*\b(?:Pending)?DeprecationWarning\b")
_JAVA_TOP_LEVEL = lazy(r"^@Deprecated\b")
#: A Kotlin declaration hidden from its users, not retired: kotlinx.serialization's
#: `@Deprecated("Inserted into generated code and should not be used directly", level = DeprecationLevel.HIDDEN)`.
_HIDDEN_API = lazy(r"DeprecationLevel\.HIDDEN|\bnot\s+(?:be\s+)?used\s+directly\b")
#: A Java class deprecated to keep users off an internal API, not retired: freemarker's AST classes,
#: "@deprecated This is an internal FreeMarker API with no backward compatibility guarantees".
_INTERNAL_API = lazy(r"(?i)@deprecated\s+(?:this\s+(?:class\s+)?is\s+)?(?:an?\s+|only\s+)?(?:for\s+)?internal\b|\binternal\s+use\s+only\b"
                     r"|\bnot\s+(?:a\s+)?part\s+of\s+the\s+public\s+API\b|\bnot\s+(?:be\s+)?used\s+directly\b"
                     r"|\bmeant\s+to\s+be\s+internal\b")
_JAVADOC_LINES = 60  # how far above a class its Javadoc is looked for
_TYPE_AFTER = lazy(r"^(?:public\s+|final\s+|abstract\s+)*(?:class|interface|enum|record|object)\b")
_SELF_NOUNS = ("collector|module|package|plugin|exporter|library|script|tool|integration|provider|component|"
               "service|crate|extension")
#: "this module" as the subject, not the object of "used by", "of", ... (ansible's apt_key: "The
#: C(apt-key) command used by this module has been deprecated" is said of the command). "from"
#: is not among them: sympy's "Importing anything else from this module is deprecated" is said of it.
_NOT_AFTER = r"(?<!\bby\s)(?<!\bof\s)(?<!\bin\s)(?<!\bfor\s)(?<!\bwith\s)(?<!\bto\s)"
_SELF = lazy(rf"(?i){_NOT_AFTER}\bthis\s+(?:{_SELF_NOUNS}|chart)\s+(?:is|has\s+been)\s+deprecated\b")
#: In a program, a chart is data it reads (helm's), never the program itself.
_SELF_IN_PROGRAM = lazy(rf"(?i){_NOT_AFTER}\bthis\s+(?:{_SELF_NOUNS})\s+(?:is|has\s+been)\s+deprecated\b")
#: A tool's message about a file, as a test's expected output keeps it (mypy-protobuf's
#: `test_negative/output.expected.3.10`: "x.pyi:58: error: ... This service is deprecated", and
#: without the line's number): said of what it names.
_DIAGNOSTIC = lazy(r"^\S+:\s*(?:error|warning|note|info):")
_PROGRAMS = (".go", ".py", ".js", ".mjs", ".cjs", ".ts", ".java", ".kt", ".rb", ".rs", ".c", ".cc", ".cpp", ".h", ".cs",
             ".php", ".swift", ".scala")
#: A condition's keyword (`_tests_deprecation`).
_CONDITION = lazy(r"\b(?:if|elif|unless|when)\b")
#: A program's translations: each string is a message of the product's, about what it shows.
_TRANSLATIONS = lazy(r"(?:^|/)(?:i18n|l10n|locales?|lang|languages|translations)/")
#: Data files: what says something of the file itself is a comment (a chart's values file's "#
#: This chart is deprecated"); a value is what the data says of something else.
_DATA = (".yaml", ".yml", ".json", ".toml", ".ini", ".cfg", ".xml", ".properties")
#: A document that says in its opening that it is kept as history, wherever it lies (fission's
#: `docs/test-migration/01-migration-status.md`: "Migration is complete; this file is preserved as
#: a history of decisions"), or that it is a transcript: historical as a changelog is, so neither its
#: paths nor its signals are read.
_SAYS_HISTORICAL = lazy(
    rb"(?i)\bthis\s+(?:document|file|page|doc|guide|plan|design|proposal|note|record)\s+(?:is|was|has\s+been)\s+"
    rb"(?:now\s+|only\s+)?(?:(?:preserved|kept|retained|archived)\s+(?:here\s+)?(?:as|for)\s+(?:an?\s+)?"
    rb"(?:history|historical|archival|the\s+record)|historical\b|archived\b|of\s+historical\s+interest)"
    # a session's record (aider's examples: "This is a chat transcript of a fairly complex code
    # change", "In this chat transcript, the user asks ..."): the files as they were that day
    rb"|\bthis\s+(?:is\s+an?\s+)?(?:chat\s+|session\s+|terminal\s+)?transcript\b")
_OPENING = 2048  # (the bytes searched: where a document says what it is)
#: A source pinned at a commit, on a line of the opening (rxjs's ported-test ledger: "**RxJS 7
#: source:** `7.x` at `e5351d0...`", 3,993 paths of that branch; a fork's "Upstream commit:
#: `52266a6...`"): the paths are that commit's. (A commit in a URL or after `@` is a link's.)
_PINNED_SOURCE = lazy(rb"(?im)^[^\n]{0,60}\b(?:source|upstream|pinned)\b[^\n]{0,60}?(?<![/\w@])[0-9a-f]{40}(?![\w/])")
#: A proposal or a plan, by its status line (an RFC's, a KEP's, a design doc's: "Status: awaiting
#: maintainer sign-off", "**Status:** Draft", "| Status | Accepted |"): what it names is what it
#: proposes, or the code as it stood when it was written (pipenv's `docs/dev/` initiatives name
#: the files they add and the ones they renamed since), as a `proposals/` folder's documents do.
#: Not a project's maturity ("Status: beta", "WIP"), which a README gives of the present.
_PROPOSAL_STATUS = lazy(rb"(?im)^[ \t>*_|-]{0,6}status[ \t*_]{0,12}[:|][ \t*_]*(?:draft|proposed|awaiting|under[ \t]+review"
                        rb"|in[ \t]+review|accepted|approved|implemented|rejected|superseded|withdrawn|deferred|provisional)\b")
#: ... or by its title: "# Plan: ...", "# Proposal: ...", "# RFC/Tracking: ...", "# X Design Proposal
#: (T_C.3)", "# X PRD", "# X — Execution Plan", "# X — Design Document" (a title of the opening's 2 KB).
_PROPOSAL_TITLE = lazy(r"(?i)^(?:(?:implementation|execution|design)\s+)?(?:plan|proposal|rfc(?:[-\s]?\d+)?)(?:/\w+)?\s*[:\u2014\u2013]"
                       r"|\bproposal\s*(?:\([^)]{0,80}\))?$|\bPRD\b|\bproduct\s+requirements\s+document\b"
                       # (azure-dev's "# Azure AI Custom Training Extension — Execution Plan" and its
                       # "— Design Document": the files a change will add)
                       r"|\b(?:implementation|execution)\s+plan$|\bdesign\s+(?:document|doc)$")
#: The title: a Markdown document's first line (after its front matter), or a reStructuredText one's underlined.
_TITLE = lazy(rb"\A(?:---\r?\n(?:[^\n]*\n){0,40}?---\r?\n)?\s*(?:#[ \t]+([^\n]+)|([^\s#][^\n]*)\r?\n[=~^*-]{3,}[ \t]*\r?$)",
               re.M)
_FRONT_PAGES = lazy(r"(?i)(?:^|/)(?:README|CONTRIBUTING|AGENTS|CLAUDE)(?:\.[\w.]+)?$")
#: `RELEASE.md` is a project's release process (kserve's, helm's) or its changelog (kedro's, whose
#: `# Release 0.19.0` headings go back to 2019): a changelog when three headings name versions.
_RELEASE_DOC = lazy(r"(?i)(?:^|/)release\.(?:md|rst|txt)$")
_VERSION_HEADING = lazy(rb"(?im)^#{1,3}[ \t]+(?:release[ \t]+|version[ \t]+)?\[?v?\d+\.\d+"
                        rb"|^(?:release[ \t]+)?v?\d+\.\d+[^\n]{0,40}\n[=~^-]{3,}")


def says_historical(path: str, data: bytes) -> bool:
    """Whether a document is historical by what it says: in its opening, that it is kept as history,
    that it is a proposal or a plan, or the commit of the source it describes (`_PINNED_SOURCE`),
    or, a `RELEASE.md`, in its headings, that it is a changelog."""
    if not path.lower().endswith(_DOCS):
        return False
    if _RELEASE_DOC.search(path) and len(list(islice(_VERSION_HEADING.finditer(data), 3))) == 3:
        return True
    opening = data[:_OPENING]
    return _SAYS_HISTORICAL.search(opening) is not None or _PINNED_SOURCE.search(opening) is not None \
        or not _FRONT_PAGES.search(path) and _proposes(opening)


def _proposes(opening: bytes) -> bool:
    """Whether a document's opening says it is a proposal or a plan (`_PROPOSAL_STATUS`, `_PROPOSAL_TITLE`)."""
    if _PROPOSAL_STATUS.search(opening):
        return True
    title = _TITLE.match(opening)
    if title is None:
        return False
    text = (title.group(1) or title.group(2)).decode("utf-8", "replace").strip().rstrip("#").strip()
    return _PROPOSAL_TITLE.search(text) is not None


_README_NOTICE = lazy(r"(?i)^\W*(?:deprecation\s+(?:warning|notice)|deprecated\b|this\s+\w+\s+is\s+deprecated"
                            r"|\W*warning\W*\s*deprecated|no\s+longer\s+maintained)")
#: A Markdown heading that is a version's name alone (`## v1`, `### Version 2.x`).
_VERSION_SECTION = lazy(r"(?i)^#{1,6}\s+`?(?:version\s+)?v?\d+(?:\.(?:\d+|x))*`?\s*$")
_HEADING = lazy(r"^(?:#{1,6}\s+(?P<md>.+?)\s*#*\s*$|(?P<rst>[^\s].*)\n[=\-~^\"'`#*+]{3,}\s*$)")
_UNDERLINES = "=-~^\"'`#*+"  # (the characters an reStructuredText underline is made of, in `_HEADING`)
_DEPRECATED_WORD = lazy(r"(?i)(?<![a-z])deprecated(?![a-z])")  # also `_deprecated_`
_CODE = lazy(r"`([^`\s]{2,80})`")
_IN_FAVOUR = lazy(r"(?i)`(?P<old>[^`\s]{2,80})`\s+(?:is|was|has\s+been)\s+(?:now\s+)?"
                        r"(?:deprecated\s+in\s+favou?r\s+of|replaced\s+by|superseded\s+by|moved\s+to)\s+"
                        r"`?(?P<new>[^`\s,;]{2,80})`?"
                        r"|`(?P<new2>[^`\s]{2,80})`\s+(?:replaces|supersedes)\s+`(?P<old2>[^`\s]{2,80})`")
_TABLE_FIRST_CELL = lazy(r"^\|?\s*`?(?P<name>[@\w][\w./@-]{1,80}?)`?\s*\|")
#: A table whose first column holds an API's names, not files (feast's `| Parameter | Type | ... |`,
#: whose row "`value_type` | ... | Deprecated" is no word on `feast/value_type.py`: 68 findings), or
#: has no header (akka's `| |Operator|Description|`, whose first cells are each operator's kind:
#: "|Sink|lazyInitAsync|Deprecated by ..." is no word on its `operators/Sink/` pages).
_NAMES_COLUMN = lazy(r"(?i)^(?:\|\s*|\|?\s*(?:parameters?|param|arguments?|args?|options?|flags?|fields?|keys?|propert(?:y|ies)"
                     r"|attributes?|settings?|(?:environment\s+)?variables?|env\s+vars?|columns?|inputs?|outputs?"
                     r"|methods?|functions?|commands?|config(?:uration)?\s+keys?)\s*)\|")
_LIST_ITEM = lazy(r"^\s*[-*+]\s+`?(?P<name>[@\w][\w./@-]{1,80}?)`?(?:\s|:|$)")
_MAX_STUB_LINES = 12


def extract_deprecations(path: str, data: bytes) -> list[Signal]:
    if _RELEASE_NOTES.search(path) or HISTORICAL.search(path) or says_historical(path, data):
        return []  # (a note about the product: "nodes ... moved to a different pool"; a changelog's
        # "X moved to Y" is history)
    if b"eprecat" not in data and b"DEPRECAT" not in data and b"oved" not in data and b"eplace" not in data:
        return []
    text = data.decode("utf-8", "replace")
    lines = text.splitlines()
    name = posixpath.basename(path)
    lower = name.lower()
    out: list[Signal] = []
    if lower.endswith(_DOCS):
        own = posixpath.basename(posixpath.dirname(path)) if lower.startswith("readme") else lower.partition(".")[0]
        out += _doc_signals(lines, lower, own)
    elif lower.endswith(".go"):
        out += _go_signals(lines)
    elif lower.endswith((".py", ".pyi")) and "DeprecationWarning" in text:
        out += [Signal(i, "self-deprecated", ".", "", line.strip()) for i, line in enumerate(lines, 1)
                if "DeprecationWarning" in line and _PY_MODULE_WARNING.match(line)][:1]
    elif lower.endswith((".java", ".kt")):
        out += _java_signals(lines)
    elif name == "package.json":
        out += [Signal(i, "self-deprecated", "./", "", line.strip()) for i, line in enumerate(lines, 1)
                if re.match(r'^\s{0,2}"deprecated"\s*:\s*(?:"[^"]+"|true)', line)][:1]
    elif name == "Chart.yaml":
        out += [Signal(i, "self-deprecated", "./", "", line.strip()) for i, line in enumerate(lines, 1)
                if re.match(r"^deprecated:\s*true\b", line)][:1]
    # (a line's match holds the word; no other character folds to its letters: only the lines
    # that hold it are searched, the whole text never, which cost 0.4 CPU-s on git/git's catalogs)
    if name == "go.mod":
        # Go deprecates a module by the comment above its `module` line; a comment elsewhere is of
        # a requirement (AdGuardHome's "This package is deprecated" on one it requires)
        module = next((i for i, line in enumerate(lines) if line.startswith("module ")), 0)
        comments = list(takewhile(lambda i: lines[i].startswith("//"), range(module - 1, -1, -1)))
        out += [Signal(i + 1, "self-deprecated", "./", "", lines[i].strip()) for i in comments
                if lines[i].startswith("// Deprecated:")][:1]
        return out
    if not out and not lower.endswith(_DOCS) and b"deprecated" in data.lower():
        # (a program's "this chart is deprecated" is what it says of its input, helm's
        # `slog.Warn("this chart is deprecated")`; node_exporter's collectors warn "This collector
        # is deprecated" of themselves)
        program = lower.endswith(_PROGRAMS)
        nouns = _SELF_IN_PROGRAM if program else _SELF
        # (a value is data: odo's depguard message "This package is deprecated since Go 1.13", and
        # so is a test's string: operator-lifecycle-manager's `Message: "This package is deprecated"`,
        # and a translation's: FreshRSS' `app/i18n/en/conf.php`, "This service is deprecated")
        data_file = lower.endswith(_DATA) or program and (TEST_FILE.search(path) is not None
                                                           or _TRANSLATIONS.search(path) is not None)
        for i, line in enumerate(lines, 1):
            if data_file and not line.lstrip().startswith(("#", "//", ";")):
                continue
            found = nouns.search(line) if "deprecated" in line.lower() else None
            if found and not _quoted(line, found.start(), program) and not _DIAGNOSTIC.match(line) \
                    and not (program and any(_tests_deprecation(above) for above in lines[max(0, i - 4):i - 1])):
                out.append(Signal(i, "self-deprecated", ".", "", line.strip()))
                break
    return out


def _tests_deprecation(line: str) -> bool:
    """Whether a program's line tests whether something is deprecated: the message under it speaks
    of what it tested (Nuitka's plugin loader, `elif plugin_class.isDeprecated():` over "This plugin
    has been deprecated, do not enable it anymore.")."""
    return "eprecat" in line and _CONDITION.search(line) is not None


def _quoted(line: str, at: int, program: bool) -> bool:
    """Whether the words at `at` are a quotation (inside `"..."`): in prose or a program's comment
    they are someone's words (this repository's own rule text quotes "This collector is
    deprecated"); in a program's code, a string is what the program says (its log message)."""
    before = line[:at]
    if before.count('"') % 2 == 0:
        return False
    return not program or line.lstrip().startswith(_COMMENT_OPENERS) or "#" in before or "//" in before


_COMMENT_OPENERS = ("#", "//", "/*", "*", "--", ";")


def _says_moved(line: str) -> bool:
    """Whether the line says something moved (`_MOVED`), not that it may move (`_NOT_YET`)."""
    return any(not _NOT_YET.search(line, max(0, match.start() - 40), match.start()) for match in _MOVED.finditer(line))


def _names_itself(line: str, own: str) -> bool:
    """Whether a word just before the line's "moved" is the page's own name (`own`: its file's
    stem, a README's folder): scrapy's `djangoitem.rst`, "DjangoItem has been moved into a
    separate project"; fabric's `upgrading.rst`, "The upgrading page has moved to"."""
    key = _plain(own)
    return bool(key) and any(_plain(word) == key for match in _MOVED.finditer(line)
                             for word in line[max(0, match.start() - 60):match.start()].split()[-3:])


def _plain(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())


def _doc_signals(lines: list[str], name: str, own: str = "") -> list[Signal]:
    """(`own`: the page's own name, `_names_itself`.)"""
    out: list[Signal] = []
    readme = name.startswith("readme")
    subject = "./" if readme else "."
    # (a heading is no stub's text, unless it says the page moved: fastlane's `docs/Actions.md`,
    # "#### This document was moved to our new <https://docs.fastlane.tools/actions/> page")
    body = list(islice(((i, line) for i, line in enumerate(lines, 1)
                        if line.strip() and not line.startswith(("---", "#", "orphan:", "=", ":"))
                        and not re.fullmatch(r"[=\-~^]{3,}", line.strip())
                        or line.startswith("#") and _THIS_MOVED.search(line)), _MAX_STUB_LINES + 1))
    if len(body) <= _MAX_STUB_LINES:
        # a stub says so first, or points where it went: a short README's later "its functionality
        # was moved into kubelet" (csi-driver-host-path's deploy folders) is said of something else
        moved = next(((i, line) for n, (i, line) in enumerate(body) if _says_moved(line)
                      and (n == 0 or _first_target(line) or _THIS_MOVED.search(line) or _names_itself(line, own))),
                     None)
        if moved:
            # a README's "User-facing documentation has moved to docs/x/" (opentelemetry-operator's
            # `cmd/otel-allocator/`, whose next line says it holds the source code) moves the page, not its folder
            said_of = "." if readme and _DOCS_MOVED.search(moved[1]) else subject
            out.append(Signal(moved[0], "moved-stub", said_of, _first_target(moved[1]), moved[1].strip()))
    if readme:
        version_section = False  # (under a heading of a version: nebula's `cert/README.md`, "## v1",
        # "This version is deprecated", of the certificates' first version, not the package)
        for i, line in enumerate(lines[:15], 1):
            if line.startswith("#") and not _README_NOTICE.match(line.lstrip("#> *_")):
                version_section = _VERSION_SECTION.match(line) is not None
            elif not version_section and _README_NOTICE.match(line.lstrip("#> *_")):
                out.append(Signal(i, "self-deprecated", "./", "", line.strip()))
                break
    # Without the word, no heading or status cell says deprecated: only `_IN_FAVOUR`'s lines
    # (each holds a code span) can speak, and headings need not be followed.
    listing = any("deprecated" in line.lower() for line in lines)
    heading_deprecated = False
    names_table = False  # (in a table of an API's names: `_NAMES_COLUMN`)
    fenced = False  # (a code block's lines are its program's: borgmatic's "Deprecated command hooks"
    # show `- umount /some/filesystem` in a YAML example, no list of its `borg/umount.py`)
    for i, line in enumerate(lines, 1):
        if not listing:
            if "`" in line:
                out += _in_favour(i, line)
            continue
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced:
            continue
        nxt = lines[i] if i < len(lines) else ""
        # (a heading is a `#` line, or a line over an underline: the pattern is tried on those alone)
        heading = _HEADING.match(line) if line.startswith("#") else None
        if heading is None and nxt[:1] in _UNDERLINES and nxt:
            heading = _HEADING.match(line + "\n" + nxt)
        if heading and (heading.group("md") or heading.group("rst")):
            title = heading.group("md") or heading.group("rst")
            heading_deprecated = bool(re.fullmatch(r"(?i)\W*deprecated(?:\s+\w+){0,2}\W*", title))
            continue
        if "`" in line:
            out += _in_favour(i, line)
        in_table = line.lstrip().startswith("|")
        if not in_table:
            names_table = False
        elif not (i > 1 and lines[i - 2].lstrip().startswith("|")):  # (a table's first row: its header)
            names_table = _NAMES_COLUMN.match(line.strip()) is not None
        if not heading_deprecated and not in_table or in_table and names_table:
            continue  # (only a list under a "Deprecated" heading, or a table row, lists a name)
        row = _TABLE_FIRST_CELL.match(line) or _LIST_ITEM.match(line)
        if row is None or re.fullmatch(r"[-:| ]+", line.strip()):
            continue
        if heading_deprecated or (line.lstrip().startswith("|") and _status_cell_deprecated(line)
                                  and not _DEPRECATED_WORD.search(row.group("name"))):
            if row.group("name").lower() not in ("name", "package", "collector", "module", "description"):
                out.append(Signal(i, "listed-deprecated", row.group("name"), "", line.strip()))
    return out


def _in_favour(i: int, line: str) -> list[Signal]:
    """The `prose` signals of line `i`: "`X` is deprecated in favour of `Y`" and the like."""
    out = []
    for match in _IN_FAVOUR.finditer(line):
        old, new = match.group("old") or match.group("old2"), match.group("new") or match.group("new2")
        out.append(Signal(i, "prose", old, new.rstrip("."), line.strip()))
    return out


def _status_cell_deprecated(row: str) -> bool:
    """A table row with a cell that *starts* with "deprecated" (a status column: "Deprecated",
    "**deprecated** since 2.0", "deprecated, use X"), not a row whose prose merely mentions the
    word ("a name like legacy/old/deprecated/v1")."""
    cells = [cell.strip(" *_`") for cell in row.strip().strip("|").split("|")[1:]]
    return any(_DEPRECATED_WORD.match(cell) for cell in cells)


def _go_signals(lines: list[str]) -> list[Signal]:
    for i, line in enumerate(lines, 1):
        if line.startswith("package "):
            return []
        if _GO_PACKAGE_DEPRECATED.match(line):
            following = next((later for later in lines[i:] if not later.startswith("//")), "")
            if following.startswith("package "):
                return [Signal(i, "self-deprecated", ".", "", line.strip())]
    return []


def _java_signals(lines: list[str]) -> list[Signal]:
    for i, line in enumerate(lines, 1):
        if _JAVA_TOP_LEVEL.match(line) and not _HIDDEN_API.search(line):
            following = next((later for later in lines[i:] if not later.startswith("@")), "")
            if _TYPE_AFTER.match(following) and not _INTERNAL_API.search(_javadoc_above(lines, i - 1)):
                return [Signal(i, "self-deprecated", ".", "", line.strip())]
    return []


def _javadoc_above(lines: list[str], index: int) -> str:
    """The Javadoc comment that ends just above line `index` (0-based), or ""."""
    above = []
    for line in reversed(lines[max(0, index - _JAVADOC_LINES):index]):
        above.append(line)
        if "/**" in line:
            return " ".join(reversed(above))
    return ""


_LINK_TARGET = lazy(r"\]\(([^)\s]+)\)|\{doc\}`([^`]+)`|:doc:`(?:[^`<]*<)?([^`>]+)>?`|(https?://\S+)")


def _first_target(line: str) -> str:
    match = _LINK_TARGET.search(line)
    if not match:
        return ""
    return next(g for g in match.groups() if g).rstrip(".,)")
