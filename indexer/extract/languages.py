"""The language table: which files orgmemory reads comments from, and how.

Each `Language` says how to recognise its files (extensions, exact base names or base-name
globs such as `Dockerfile.*`) and how its comments are found, in one of two ways:

* `grammar`: a tree-sitter grammar wheel, named `module.factory` (e.g.
  `tree_sitter_typescript.language_tsx`), and `comment_nodes`, the node types that are comments.
  `embedded` lists tree-sitter query patterns for code of another language inside this one;
  the capture name is the name of that language in this table (HTML `<script>` is JavaScript,
  a Makefile recipe line is shell, a Markdown `html_block` is HTML).
* `lexer`: a small hand-written comment lexer in `indexer.extract.comments`, used where no
  maintained grammar wheel exists (protobuf, AsciiDoc, CSS).

Grammar vs lexer, and the quirks worth knowing:

| language | how | notes |
|---|---|---|
| Python, JavaScript, TypeScript, TSX, Go, Java, C#, C, C++, Rust, Ruby, Kotlin, Bash, TOML, Dockerfile, HCL, SQL | grammar | plain comment nodes (Ruby `=begin`, SQL `/* */` = `marginalia`) |
| PHP | grammar | also `<!-- -->` in the HTML around `<?php` |
| HTML | grammar | also `<script>` (JavaScript) and `<style>` (CSS lexer) comments |
| reStructuredText | grammar | `comment` nodes are `..` comments; directives, targets and literal blocks are not |
| Markdown | grammar | no comment nodes: `<!-- -->` in `html_block`s and inline HTML (`markdown_inline`, internal) parsed as HTML; fenced/indented code, code spans and prose never count |
| Makefile | grammar | `#` comments, plus recipe lines parsed as shell (`\t# TODO` in a recipe is a shell comment) |
| YAML | grammar, lexer `yaml` on error | templated YAML (Helm `{{- if }}` lines) defeats the grammar; then a line lexer reads `#` comments |
| Bicep | grammar | `.bicepparam` `param x = v` lines parse with errors; comments are still found |
| protobuf | lexer `c-style` | no grammar wheel: `//` and `/* */`, skipping string literals |
| Jsonnet | lexer `c-style` | no grammar wheel: `//` and `/* */` (`#` comments are not read) |
| AsciiDoc | lexer `asciidoc` | no grammar wheel: `//` lines (not `///`) and `////` blocks, outside listing/literal/passthrough blocks |
| CSS | lexer `css` | no grammar wheel: `/* */`, skipping string literals |

Files are matched by exact base name first, then by extension, then by base-name glob, and, for
a file without an extension, by its `#!` line. Unknown files get `None`: the caller reports them
as unsupported rather than guessing.

This module must stay cheap to import: it names grammar modules as strings and never imports
tree-sitter.
"""
from __future__ import annotations

import fnmatch
import posixpath
import re
from dataclasses import dataclass

from indexer.regex import lazy

#: A test's file, by the conventions of its folder or its name: what it names or says is data
#: under test, or made by the test.
#: (`e2e/`, `e2e_playwright/`: end-to-end tests, streamlit's, whose apps list made-up script names)
TEST_FILE = lazy(r"(?:^|/)(?:tests?|t|spec|specs|__tests__|testdata|test[-_]data|testfiles|fixtures|testing|e2e(?:[-_][a-z]+)?)/"
                 r"|(?:^|/)(?:test_[^/]*|[^/]*(?:[-_.]tests?|[_.]spec)\.\w+|conftest\.py"  # (biome's `server.tests.rs`, angular-cli's `x_spec.ts`)
                 r"|[^/]*[-_]test[-_]utils?\.\w+"
                 # (a CamelCase test module: SCons' `FSTests.py`, Java's `FooTest.java`)
                 r"|[^/]*[A-Za-z0-9]Tests?\.(?:py|java|kt|scala|groovy|cs|php|rb|js|ts|swift|cpp|cc))$")


@dataclass(frozen=True)
class Language:
    """How files of one language are recognised and their comments found."""

    name: str
    extensions: tuple[str, ...] = ()  # lower case, with the dot
    filenames: tuple[str, ...] = ()  # exact base names, or base-name globs such as "Dockerfile.*"
    grammar: str | None = None  # "module.factory" of a tree-sitter grammar wheel
    comment_nodes: tuple[str, ...] = ()
    embedded: tuple[str, ...] = ()  # query patterns; capture name = embedded language's name
    lexer: str | None = None  # name of a comment lexer in indexer.extract.comments
    lexer_on_error: str | None = None  # lexer used instead when the grammar reports errors

    def __post_init__(self) -> None:
        if (self.grammar is None) == (self.lexer is None):
            raise ValueError(f"{self.name}: give exactly one of grammar or lexer")


_C_COMMENTS = ("comment",)
_LINE_AND_BLOCK = ("line_comment", "block_comment")
MAKEFILE_NAMES = ("Makefile", "makefile", "GNUmakefile")
MAKEFILE_SUFFIXES = (".mk", ".mak", ".make", ".makefile")  # (`debug.Makefile`: its extension, lowered)

LANGUAGES: tuple[Language, ...] = (
    Language("python", (".py", ".pyi", ".pyw"), grammar="tree_sitter_python.language",
             comment_nodes=_C_COMMENTS),
    Language("javascript", (".js", ".mjs", ".cjs", ".jsx"),
             grammar="tree_sitter_javascript.language", comment_nodes=_C_COMMENTS),
    Language("typescript", (".ts", ".mts", ".cts"),
             grammar="tree_sitter_typescript.language_typescript", comment_nodes=_C_COMMENTS),
    Language("tsx", (".tsx",), grammar="tree_sitter_typescript.language_tsx",
             comment_nodes=_C_COMMENTS),
    Language("go", (".go",), grammar="tree_sitter_go.language", comment_nodes=_C_COMMENTS),
    Language("java", (".java",), grammar="tree_sitter_java.language",
             comment_nodes=_LINE_AND_BLOCK),
    Language("csharp", (".cs", ".csx"), grammar="tree_sitter_c_sharp.language",
             comment_nodes=_C_COMMENTS),
    Language("c", (".c",), grammar="tree_sitter_c.language", comment_nodes=_C_COMMENTS),
    Language("cpp", (".h", ".hh", ".hpp", ".hxx", ".h++", ".cc", ".cpp", ".cxx", ".c++",
                     ".ipp", ".tpp", ".inl"),
             grammar="tree_sitter_cpp.language", comment_nodes=_C_COMMENTS),
    Language("rust", (".rs",), grammar="tree_sitter_rust.language",
             comment_nodes=_LINE_AND_BLOCK),
    Language("ruby", (".rb", ".rake", ".gemspec"), ("Rakefile", "Gemfile", "Vagrantfile"),
             grammar="tree_sitter_ruby.language", comment_nodes=_C_COMMENTS),
    Language("php", (".php", ".phtml"), grammar="tree_sitter_php.language_php",
             comment_nodes=_C_COMMENTS, embedded=("(program (text) @html)",)),
    Language("kotlin", (".kt", ".kts"), grammar="tree_sitter_kotlin.language",
             comment_nodes=_LINE_AND_BLOCK),
    Language("bash", (".sh", ".bash"), (".bashrc", ".bash_profile", ".profile"),
             grammar="tree_sitter_bash.language", comment_nodes=_C_COMMENTS),
    Language("yaml", (".yml", ".yaml"), grammar="tree_sitter_yaml.language",
             comment_nodes=_C_COMMENTS, lexer_on_error="yaml"),
    Language("toml", (".toml",), grammar="tree_sitter_toml.language", comment_nodes=_C_COMMENTS),
    Language("dockerfile", (".dockerfile",),
             ("Dockerfile", "Containerfile", "Dockerfile.*", "Containerfile.*"),
             grammar="tree_sitter_dockerfile.language", comment_nodes=_C_COMMENTS),
    Language("hcl", (".tf", ".tfvars", ".hcl"), grammar="tree_sitter_hcl.language",
             comment_nodes=_C_COMMENTS),
    Language("bicep", (".bicep", ".bicepparam"), grammar="tree_sitter_bicep.language",
             comment_nodes=_C_COMMENTS),
    Language("sql", (".sql",), grammar="tree_sitter_sql.language",
             comment_nodes=("comment", "marginalia")),
    Language("markdown", (".md", ".markdown"), grammar="tree_sitter_markdown.language",
             embedded=("(html_block) @html", "(inline) @markdown_inline")),
    Language("markdown_inline", grammar="tree_sitter_markdown.inline_language",
             embedded=('((html_tag) @html (#match? @html "^<!--"))',)),
    Language("html", (".html", ".htm"), grammar="tree_sitter_html.language",
             comment_nodes=_C_COMMENTS,
             embedded=("(script_element (raw_text) @javascript)",
                       "(style_element (raw_text) @css)")),
    Language("rst", (".rst",), grammar="tree_sitter_rst.language", comment_nodes=_C_COMMENTS),
    Language("makefile", MAKEFILE_SUFFIXES, MAKEFILE_NAMES,
             grammar="tree_sitter_make.language", comment_nodes=_C_COMMENTS,
             embedded=("(recipe_line) @bash",)),
    Language("protobuf", (".proto",), lexer="c-style"),
    Language("jsonnet", (".jsonnet", ".libsonnet"), lexer="c-style"),
    Language("asciidoc", (".adoc", ".asciidoc"), lexer="asciidoc"),
    Language("css", (".css",), lexer="css"),
)

#: `#!` interpreters (base name, version digits dropped) -> language name.
SHEBANG_INTERPRETERS = {"sh": "bash", "bash": "bash", "dash": "bash", "python": "python",
                        "node": "javascript", "ruby": "ruby"}

_BY_NAME = {lang.name: lang for lang in LANGUAGES}
_BY_EXTENSION = {ext: lang for lang in LANGUAGES for ext in lang.extensions}
_BY_FILENAME = {name: lang for lang in LANGUAGES for name in lang.filenames if "*" not in name}
_FILENAME_GLOBS = tuple(
    (name, lang) for lang in LANGUAGES for name in lang.filenames if "*" in name
)
_SHEBANG = re.compile(rb"#!\s*(\S+)(?:\s+(.*))?")
_MARKUP_STARTS = (b"<?xml", b"<!DOCTYPE", b"<TS")
_VERSION_SUFFIX = re.compile(r"[\d.]+$")


def is_makefile(path: str) -> bool:
    """A makefile by its name: `Makefile`, an included fragment (`*.mk`; kubernetes-csi's
    `release-tools/build.make`, which every sidecar's `Makefile` includes), or one run with `make
    -f` (compose-on-kubernetes' `debug.Makefile`)."""
    base = posixpath.basename(path)
    return base in MAKEFILE_NAMES or posixpath.splitext(base)[1].lower() in MAKEFILE_SUFFIXES


def language_named(name: str) -> Language:
    return _BY_NAME[name]


def language_for(path: str, first_line: bytes = b"") -> Language | None:
    """The language of `path` (repo-relative, `/`-separated), or None when it is not known.

    `first_line` is read for files without an extension, to honour a `#!` line, and for a `.ts`,
    which is XML when it is a Qt Linguist translation (qBittorrent's `src/lang/*.ts`, whose
    `<location filename=...>` elements lupdate rewrites: 4,136 of them named removed sources).
    """
    base = posixpath.basename(path)
    if base in _BY_FILENAME:
        return _BY_FILENAME[base]
    extension = posixpath.splitext(base)[1].lower()
    if extension == ".ts" and first_line.lstrip(b"\xef\xbb\xbf \t\r").startswith(_MARKUP_STARTS):
        return None
    if extension in _BY_EXTENSION:
        return _BY_EXTENSION[extension]
    for pattern, language in _FILENAME_GLOBS:
        if fnmatch.fnmatchcase(base, pattern):
            return language
    if not extension:
        return _language_from_shebang(first_line)
    return None


def _language_from_shebang(first_line: bytes) -> Language | None:
    match = _SHEBANG.match(first_line)
    if not match:
        return None
    program = posixpath.basename(match.group(1).decode("utf-8", "replace"))
    if program == "env":
        arguments = (match.group(2) or b"").decode("utf-8", "replace").split()
        program = next((arg for arg in arguments if not arg.startswith("-")), "")
    name = SHEBANG_INTERPRETERS.get(_VERSION_SUFFIX.sub("", program))
    return _BY_NAME[name] if name else None
