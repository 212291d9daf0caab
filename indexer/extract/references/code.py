"""Program source: path words in comments and string literals, and imports of modules.

Regex first, parse never: the path-shaped words of the whole file are found in one pass and
only those few are placed (comment, string, or code) by looking at their own line and at the
nearest block-comment or docstring delimiters before them. A word in plain code (`a/b` is a
division) is not a reference.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from indexer.extract.references.found import Found
from indexer.extract.references.prose import sentence_at
from indexer.extract.references.shell import ShellReader
from indexer.extract.references.tokens import SEPARATOR, occurrences, path_words
from indexer.regex import lazy


@dataclass(frozen=True)
class Syntax:
    """Where a language's comments and docstrings are, for the code reader."""

    line_comments: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...] = ()  # (open, close) of block comments and docstrings
    docstrings: bool = False  # Python: a triple-quoted string is prose

    @property
    def line_tokens(self) -> re.Pattern[str]:
        """Escapes, quotes and line-comment leaders: all that decides where a word sits."""
        return _line_tokens(self.line_comments)


@lru_cache(maxsize=None)
def _line_tokens(leaders: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join([r"\\.", "['\"`]", *(re.escape(leader) for leader in leaders)]))


_C = Syntax(("//",), (("/*", "*/"),))
SYNTAX = {
    "python": Syntax(("#",), docstrings=True),
    "ruby": Syntax(("#",), (("=begin", "=end"),)),
    "bash": Syntax(("#",)),
    "javascript": _C, "typescript": _C, "tsx": _C, "go": _C, "java": _C, "csharp": _C, "c": _C,
    "cpp": _C, "rust": _C, "kotlin": _C, "bicep": _C, "protobuf": _C, "scala": _C, "swift": _C,
    "dart": _C, "groovy": _C,
    "php": Syntax(("//", "#"), (("/*", "*/"),)),
    "hcl": Syntax(("#", "//"), (("/*", "*/"),)),
    "sql": Syntax(("--",), (("/*", "*/"),)),
    "lua": Syntax(("--",), (("--[[", "]]"),)),
    "css": Syntax((), (("/*", "*/"),)),
    "html": Syntax((), (("<!--", "-->"),)),
    "perl": Syntax(("#",)), "r": Syntax(("#",)), "elixir": Syntax(("#",)),
}
EXTRA_EXTENSIONS = {
    ".vue": "html", ".svelte": "html", ".xml": "html", ".scala": "scala", ".swift": "swift",
    ".dart": "dart", ".groovy": "groovy", ".gradle": "groovy", ".lua": "lua", ".pl": "perl",
    ".pm": "perl", ".r": "r", ".ex": "elixir", ".exs": "elixir", ".scss": "css", ".less": "css",
    ".jinja": "html", ".j2": "html", ".twig": "html", ".erb": "html",
}

_PYTHON_IMPORT = lazy(
    r"^[ \t]*(?:from[ \t]+(\.+[\w.]*|[A-Za-z_][\w.]*)[ \t]+import\b"
    r"|import[ \t]+([A-Za-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?"
    r"(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?)*))", re.M)
#: (The look-ahead names every first character a match can have: positions that cannot start
#: one are passed over without trying the four alternatives, a third faster, the same matches.)
_JS_IMPORT = lazy(r"(?=[fri \t])(?:\bfrom|^[ \t]*import|\brequire\(|\bimport\()[ \t]*['\"]([^'\"\n]+)['\"]",
                        re.M)
#: A bundler's option naming a file its build writes (Rollup's, Vite's and Rolldown's
#: `entryFileNames: 'client/env.mjs'`, esbuild's `outfile`), the string value right after it.
_OUTPUT_OPTION = lazy(r"\b(?:entry|chunk|asset|sourcemap)FileNames['\"]?\s*:\s*['\"`]$"
                      r"|\b(?:outfile|outdir|outDir|outputDir|outputFolder|outputFile)['\"]?\s*:\s*['\"`]$")  # (Playwright's reports)
#: A bundler's configuration, whose `output: {file: 'builds/x.mjs'}` names the bundle it writes
#: (spacetime's `plugins/age/rollup.config.js`, lit's `rollup.config.typescript.js`).
_BUNDLER_CONFIG = lazy(r"(?:^|/)(?:rollup|rolldown|vite)\.config(?:\.[\w-]+)?\.[cm]?[jt]s$")
_BUNDLE_FILE = lazy(r"\bfile['\"]?\s*:\s*['\"`]$")
#: A call that writes, creates or removes the file its first argument names (Go's `os.Create("x")`
#: and `os.WriteFile`, cobra's `GenBashCompletionFile("completion/bash.sh")`, Node's
#: `fs.writeFileSync`): no claim the file exists (devspace's `hack/gencompletion/generate.go`
#: writes the completions its repository no longer keeps). And a Rails generator's (Thor's)
#: actions, which write into the application they run in: `create_file "x"`, the second argument
#: of `copy_file "en.yml", "config/locales/devise.en.yml"` and `template` (devise's); a folder made:
#: cucumber's `create_directory('features/support')`, `FileUtils.mkdir_p("tmp/x")`.
_WRITE_CALL = lazy(r"(?:\b(?:os|ioutil)\.(?:Create|WriteFile|Mkdir|MkdirAll|Remove|RemoveAll)"
                   r"|\bfs(?:\.promises)?\.(?:writeFile|appendFile|mkdir|rm|rmdir|unlink|createWriteStream)(?:Sync)?"
                   r"|\b(?:Gen|Write|Save|Dump)\w{0,40}File)\(\s*['\"`]$"
                   r"|\b(?:create_file|remove_file|append_to_file|prepend_to_file|inject_into_file|insert_into_file"
                   r"|gsub_file|empty_directory|create_directory|mkdir_p)[ \t(]+['\"]$"
                   r"|\b(?:copy_file|template|migration_template)[ \t(]+(['\"])[^'\"\n]{1,60}\1[ \t]*,[ \t]*['\"]$")
_WRITE_REACH = 80  # the characters before a string that such a call is looked for in
#: A path joined to a folder a build writes (vitest's `resolve(distRoot, 'client/favicon.svg')`,
#: `os.path.join(BUILD_DIR, "x")`): the build's output, not a file of the repository.
_BUILT_CALL = lazy(r"\b(?:resolve|join)\(\s*(?:[\w$]+\.)*\w*(?:dist|Dist|DIST|build|Build|BUILD)\w*\s*,\s*['\"`]$")
#: A path joined to a home or installation folder (arthas' `new File(javaHome, "lib/tools.jar")`,
#: `path.join(os.homedir(), "x")`, `filepath.Join(homeDir, "x")`): a file of that tree, not the repository's.
_HOME_CALL = lazy(r"\b(?:File|[jJ]oin|get|of)\(\s*(?:[\w$]+\.)*\w*(?:home|Home|HOME)\w*(?:\(\))?\s*,\s*['\"`]$")
#: A key or argument that takes a repository's `owner/name` (fastlane's actions' examples,
#: `repository_name: "fastlane/fastlane"`, `repo: "..."`): the string names no path.
_REPOSITORY_KEY = lazy(r"\b(?:repo|repository)(?:[_-]?(?:name|slug))?['\"]?\s*(?:[:=]|=>)\s*['\"`]$", re.I)
_JS_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
_GO_IMPORT = lazy(r"^[ \t]*import[ \t]+(?:\w+[ \t]+)?\"([^\"]+)\"|^[ \t]*import[ \t]*\(([^)]*)\)", re.M)
_GO_BLOCK_ITEM = lazy(r"\"([^\"]+)\"")
_IMPORTS = {"python": (_PYTHON_IMPORT, "import"), "go": (_GO_IMPORT, "go-import"),
            "javascript": (_JS_IMPORT, "js-import"), "typescript": (_JS_IMPORT, "js-import"),
            "tsx": (_JS_IMPORT, "js-import")}
_QUOTES = "'\"`"
_DOCSTRING_QUOTES = ('"' * 3, "'" * 3)
_LONGEST_LINE = 1000  # longer lines are minified or generated code


def extract(found: Found, text: str, language: str) -> None:
    syntax = SYNTAX.get(language)
    if syntax is None or len(text) > _LONGEST_LINE * len(found.lines) / 4:
        return
    _imports(found, text, language)
    if language == "python" and ("Path(" in text or "open(" in text):
        _python_paths(found)
    imported = {(r.line - 1, r.target) for r in found.references}
    placer = _Placer(text, syntax)
    # lines not read: a Rust file's test modules, a Gradle build's blocks said of every project
    skipped = _rust_test_modules(found.lines) if language == "rust" and "test" in text else ()
    if found.path.endswith((".gradle", ".gradle.kts")) and ("subprojects" in text or "allprojects" in text):
        skipped = _gradle_shared_blocks(found.lines)
    # (a Homebrew formula installs from the archive it downloads: its strings are that archive's paths)
    archive = language == "ruby" and _HOMEBREW_FORMULA.search(text) is not None
    bundler = language in _JS_LANGUAGES and "file" in text and _BUNDLER_CONFIG.search(found.path) is not None
    # a `//go:generate` line is a command `go generate` runs in the package's folder, read as shell
    # (crossplane's `//go:generate rm -rf ../cluster/webhookconfigurations/manifests.yaml` deletes)
    generate = ShellReader(found) if language == "go" and _GO_GENERATE in text else None
    index = counted_to = 0
    last = -1
    # only the lines holding a separator (`tokens.SEPARATOR`) can hold a path word: found in
    # one pass over the text instead of a look at every line
    for separator in SEPARATOR.finditer(text):
        index += text.count("\n", counted_to, separator.start())
        counted_to = separator.start()
        if index == last or index in skipped:
            continue
        last = index
        line = found.lines[index]
        if generate is not None and line.startswith(_GO_GENERATE):
            generate.line(index, line[len(_GO_GENERATE):], len(_GO_GENERATE))
            continue
        offset = text.rfind("\n", 0, counted_to) + 1
        for column, word in path_words(line):
            place = placer.place(offset + column, line, column)
            if place == "comment" and (_in_example_section(found.lines, index) or _commented_code(line)):
                continue
            if place == "string" and archive:
                continue
            if place == "string" and (language in _JS_LANGUAGES and _OUTPUT_OPTION.search(line, 0, column)
                                      or bundler and _BUNDLE_FILE.search(line, 0, column)
                                      or _WRITE_CALL.search(line, max(0, column - _WRITE_REACH), column)
                                      or _BUILT_CALL.search(line, max(0, column - _WRITE_REACH), column)
                                      or ("ome" in line or "OME" in line)
                                      and _HOME_CALL.search(line, max(0, column - _WRITE_REACH), column)
                                      or word.count("/") == 1 and _REPOSITORY_KEY.search(line, 0, column)):
                continue
            if place == "string" and language == "html" and "%" in word:  # an attribute's URL, which a
                from urllib.parse import unquote  # browser decodes: vite's `src="./asset/percent%25.png"`

                word = unquote(word)
            if place and (index, word) not in imported:
                sentence = _comment_sentence(found.lines, index, column, syntax) if place == "comment" else None
                found.add(index, word, place, column, sentence=sentence)


_GO_GENERATE = "//go:generate "
#: `Path("setup.cfg")`, `open("data/x.json")`, `Path(__file__).parent / "x.toml"`,
#: `os.path.join(os.path.dirname(__file__), "x.toml")`: a literal relative path the code reads.
_PY_OPENED = lazy(r"(?<![\w.])(?:(?:pathlib\.)?(?:Pure)?Path|open|io\.open)\(\s*[rbRB]?(['\"])([^'\"\s{}%$<>*?]+)\1\s*(\)|,)")
_PY_BESIDE = lazy(r"(?:Path\(__file__\)(?:\.resolve\(\))?((?:\.parent)+)\s*/\s*"
                        r"|os\.path\.join\(\s*os\.path\.dirname\(\s*(?:os\.path\.(?:abspath|realpath)\()?__file__\)?\s*\)\s*,\s*)"
                        r"[rbRB]?(['\"])([^'\"\s{}%$<>*?]+)\2")
#: What a line does with the path that is no claim it exists: write, create, test, delete.
_PY_NO_CLAIM = lazy(r"\.(?:write_\w+|touch|mkdir|exists|is_file|is_dir|unlink|rmdir)\(|\bexists\(|\bmakedirs\(|rmtree\("
                          r"|,\s*(?:mode\s*=\s*)?[rbRB]?['\"][rb]*[wax]")


def _python_paths(found: Found) -> None:
    """Literal relative paths Python code opens (`code-path`; `base` "." for the module's folder,
    "..", "../.." for `Path(__file__).parent.parent`). Writes, creations and existence tests are
    not claims; test files are never read for these (`indexer.contradictions.resolve`)."""
    in_docstring = False
    for index, line in enumerate(found.lines):
        triples = line.count('"' * 3) + line.count("'" * 3)
        was_in, in_docstring = in_docstring, in_docstring != bool(triples % 2)
        if was_in or triples or not ("open(" in line or "Path(" in line or "__file__" in line) \
                or line.lstrip().startswith("#") or _PY_NO_CLAIM.search(line):
            continue  # docstrings and comments describe code; only code opens files (each pattern
            # below holds one of those three: the rest of the lines are not tried)
        line = line.split(" #", 1)[0]
        for match in _PY_BESIDE.finditer(line):
            parents = (match.group(1) or ".parent").count(".parent")
            base = "/".join([".."] * (parents - 1)) or "."
            found.add(index, match.group(3), "code-path", match.start(3), base=base, judge=False)
        for match in _PY_OPENED.finditer(line):
            if match.group(2).startswith("/"):
                continue
            found.add(index, match.group(2), "code-path", match.start(2), judge=False)


#: A doc comment's line: its leaders (`#`, `//`, `///`, `*` of a `/** */` block) and what follows.
_DOC_LINE = lazy(r"^\s*(?:#+|/{2,}!?|/?\*+)\s?(.*)$")
#: A tag of a documentation comment (YARD, JSDoc, PHPDoc): `@example` and what ends its section.
_DOC_TAG = lazy(r"^@(\w+)")
_EXAMPLE_REACH = 80  # lines looked back for the tag a comment line's section starts with


def _in_example_section(lines: list[str], index: int) -> bool:
    """Whether line `index` lies in an example of a documentation comment: the `@example`
    section (YARD, JSDoc, PHPDoc), from the tag to the next tag or the comment's end, or a fenced
    code block (a Rust doc comment's ```` ``` ````, TSDoc's, KDoc's). Code that shows a use,
    whose paths are the reader's: rubocop documents each cop with `lib/layoutManager.rb` as the
    file name it flags, ripgrep's matcher with `matched("src/generated.rs")`. Read back over the
    comment's lines to the tag that opens the section, counting fences on the way."""
    fences = 0
    for at in range(index, max(index - _EXAMPLE_REACH, -1), -1):
        line = lines[at]
        if not line.lstrip().startswith(("#", "//", "*", "/*")):
            break  # not a comment's line, or the comment ended above
        body = _DOC_LINE.match(line).group(1)
        if at < index and body.lstrip().startswith(("```", "~~~")):
            fences += 1
        tag = _DOC_TAG.match(body)
        if tag is not None:
            return tag.group(1) == "example" or fences % 2 == 1
    return fences % 2 == 1


#: An import commented out: Vue CLI's scaffolded route `//   component: () => import(/* webpackChunkName:
#: "about" */ './views/About.vue'),`, kept in garden's eight example apps after their `About.vue`
#: went; `// const x = require('./x')`; `// import X from './x'`. Code to put back, or not: no claim.
_COMMENTED_IMPORT = lazy(r"""\b(?:import|require)\s*\(|\bimport\s[^'"\n]{0,200}?\bfrom\s*['"]""")


#: A comment that is a call from its first word, with a quoted argument: code commented out (the
#: `bin/setup` Rails generates keeps `#   FileUtils.cp "config/database.yml.sample", "config/database.yml"`).
_COMMENTED_CALL = lazy(r"""^\s*(?://|#)\s*[\w:]+(?:\.\w+)+[ \t]*(?:\([ \t]*)?['"]""")


def _commented_code(line: str) -> bool:
    """Whether `line` is a whole-line comment that holds an import (`_COMMENTED_IMPORT`) or is a
    call (`_COMMENTED_CALL`); a comment after code (`import x from './x'; // see the guide`) is not one."""
    return line.lstrip().startswith(("//", "/*", "*", "#")) and (
        _COMMENTED_IMPORT.search(line) is not None or _COMMENTED_CALL.match(line) is not None)


#: A Homebrew formula or cask (`class RipgrepBin < Formula`): `man1.install "doc/rg.1"` names a
#: file of the release archive it downloads (ripgrep's `pkg/brew/ripgrep-bin.rb`).
_HOMEBREW_FORMULA = lazy(r"^[ \t]*class[ \t]+\w+[ \t]*<[ \t]*(?:Formula|Cask)\b", re.M)  # (not `\s`: one line)

#: A Rust module compiled for tests only: `#[cfg(test)]`, then (attributes, comments aside)
#: `mod tests {`, to the brace that closes it at the same indentation.
_CFG_TEST = lazy(r"^\s*#\[cfg\(test\)\]\s*$")
_TEST_ATTRIBUTE = lazy(r"^\s+#\[(?:\w+::)?test\b")
#: What opens an item (after its indentation): a declaration, an attribute, a doc comment.
_RUST_ITEM = (r"(?:(?:pub(?:\([^)]*\))?\s+)?(?:async\s+|unsafe\s+)?(?:fn|mod|impl|struct|enum|trait|use|const|static"
              r"|type|macro_rules!)\b|#\[|//[/!])")
_MOD_OPEN = lazy(r"^(\s*)(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{\s*$")
#: A test function at a file's top level (`#[test]`, `#[tokio::test]`), and the function it marks.
_TOP_LEVEL_TEST = lazy(r"^#\[(?:\w+::)?test\b")
_TOP_LEVEL_FN = lazy(r"^(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s")


def _rust_test_modules(lines: list[str]) -> set[int]:
    """The lines of a Rust file's unit-test modules and top-level test functions: they test the
    code on made-up paths (ripgrep's `matched("src/drop.tmp")`, the `src/main.c` of sccache's
    expected preprocessor output), as a test file does, and name no file of the repository
    (`indexer.contradictions.resolve` exempts test files by their path)."""
    out: set[int] = set()
    index = 0
    while index < len(lines):
        if _CFG_TEST.match(lines[index]):
            at = index + 1
            while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith(("#[", "//"))):
                at += 1
            opened = _MOD_OPEN.match(lines[at]) if at < len(lines) else None
            if opened:
                close, at = opened.group(1) + "}", at + 1
                while at < len(lines) and lines[at].rstrip() != close:
                    at += 1
                # a `}` alone in a test's string (a fixture's JSON) ends nothing: while tests follow
                # it, indented as the module's are, and no item at the module's own indentation
                # (another module, a function, its comment), the module goes on (starship's `package.rs`)
                item = re.compile(re.escape(opened.group(1)) + _RUST_ITEM)
                while True:
                    following = at + 1
                    while following < len(lines) and lines[following].rstrip() != close:
                        following += 1
                    between = lines[at + 1:following]
                    if following >= len(lines) or any(item.match(line) for line in between) \
                            or not any(_TEST_ATTRIBUTE.match(line) for line in between):
                        break
                    at = following
                out.update(range(index, at + 1))
            index = at  # (what was skipped opens no module: each line is read once)
        elif _TOP_LEVEL_TEST.match(lines[index]):  # a test function outside a module (sccache's
            at = index + 1                         # `src/config.rs`): to its closing `}`
            while at < len(lines) and (not lines[at].strip() or lines[at].startswith(("#[", "//"))):
                at += 1
            if at < len(lines) and _TOP_LEVEL_FN.match(lines[at]):
                while at < len(lines) and lines[at].rstrip() != "}":
                    at += 1
                out.update(range(index, at + 1))
            index = at
        index += 1
    return out


_GRADLE_SHARED = lazy(r"^\s*(?:subprojects|allprojects)\s*\{")


def _gradle_shared_blocks(lines: list[str]) -> set[int]:
    """The lines of a Gradle build's `subprojects { }` and `allprojects { }` blocks: what they say
    is said in each project, and `file('src/integration-test/java')` there is each one's folder
    (jib's root build.gradle, whose own `src/` moved into `jib-core/` in 2018). Braces counted by
    line: a build file's blocks open and close on lines of their own."""
    out: set[int] = set()
    index = 0
    while index < len(lines):
        if _GRADLE_SHARED.match(lines[index]):
            depth, start = 0, index
            while index < len(lines):
                depth += lines[index].count("{") - lines[index].count("}")
                if depth <= 0:
                    break
                index += 1
            out.update(range(start, index + 1))
        index += 1
    return out


def _comment_sentence(lines: list[str], index: int, column: int, syntax: Syntax) -> str | None:
    """The sentence of a word in a run of full-line comments (`# ...` over several lines)."""
    stripped = lines[index].lstrip()
    leader = next((lead for lead in syntax.line_comments if stripped.startswith(lead)), None)
    if leader is None:
        return None
    first = last = index
    while first > 0 and index - first < 6 and lines[first - 1].lstrip().startswith(leader):
        first -= 1
    while last + 1 < len(lines) and last - index < 6 and lines[last + 1].lstrip().startswith(leader):
        last += 1
    texts = [line.lstrip()[len(leader):] for line in lines[first:last + 1]]
    shift = len(lines[index]) - len(stripped) + len(leader)
    return sentence_at(texts, index - first, max(column - shift, 0), paragraphs=True)


class _Placer:
    """Tells comment from string from code, for words met in increasing offset order."""

    def __init__(self, text: str, syntax: Syntax) -> None:
        self.text = text
        self.syntax = syntax
        self.counted_to = 0
        self.docstring_quotes = dict.fromkeys(_DOCSTRING_QUOTES, 0)
        self._starts: dict[str, list[int]] = {}
        self._real: dict[str, list[int]] = {}

    def _occurrences(self, needle: str) -> list[int]:
        """The sorted offsets of every occurrence of `needle` (found once per file: an `rfind`
        per word would read the file again for each word)."""
        starts = self._starts.get(needle)
        if starts is None:
            starts = self._starts[needle] = occurrences(self.text, needle)
        return starts

    def _in_block(self, offset: int, opener: str, closer: str) -> bool:
        """Whether a block comment holds `offset`: the last opener before it that opens one (not
        one in a string or a line comment: nuxt's `'src/**/*.ts'` and `// shims for #build/*`)
        with no closer after it."""
        openers = self._real_openers(opener)
        index = bisect_right(openers, offset - len(opener)) - 1
        if index < 0:
            return False
        closers = self._occurrences(closer)
        last = bisect_right(closers, offset - len(closer)) - 1
        return last < 0 or closers[last] < openers[index] + len(opener)

    def _real_openers(self, opener: str) -> list[int]:
        """The offsets of the openers that open a block comment, each line read once (a line
        longer than `_LONGEST_LINE` is not read: its openers count)."""
        found = self._real.get(opener)
        if found is not None:
            return found
        found = self._real[opener] = []
        text, starts, at = self.text, self._occurrences(opener), 0
        while at < len(starts):
            line_start = text.rfind("\n", 0, starts[at]) + 1
            line_end = text.find("\n", starts[at])
            line_end = len(text) if line_end < 0 else line_end
            columns = []
            while at < len(starts) and starts[at] < line_end:
                columns.append(starts[at] - line_start)
                at += 1
            if line_end - line_start > _LONGEST_LINE:
                found += [line_start + column for column in columns]
            else:
                places = self._places(text[line_start:line_end], columns)
                found += [line_start + column for column, place in zip(columns, places) if place is None]
        return found

    def _places(self, line: str, columns: list[int]) -> Iterator[str | None]:
        """`comment`, `string` or None (plain code) for each of the ascending `columns` of `line`,
        from the line alone: its quotes, escapes and line-comment leaders before each."""
        tokens = self.syntax.line_tokens.finditer(line)
        token = next(tokens, None)
        quote = comment = None
        for column in columns:
            while comment is None and token is not None and token.start() < column:
                piece = token.group()
                if quote:
                    if piece == quote:
                        quote = None
                elif piece in _QUOTES:
                    quote = piece
                elif piece[0] != "\\":
                    comment = "comment"  # (every column after a line comment's leader is the comment's)
                token = next(tokens, None)
            yield comment or ("string" if quote else None)

    def place(self, offset: int, line: str, column: int) -> str | None:
        """`comment`, `string` or None (plain code) for the word at `offset`."""
        text, syntax = self.text, self.syntax
        for opener, closer in syntax.blocks:
            if self._in_block(offset, opener, closer):
                return "comment"
        if syntax.docstrings:
            for triple in _DOCSTRING_QUOTES:
                self.docstring_quotes[triple] += text.count(triple, self.counted_to, offset)
            self.counted_to = offset
            if any(count % 2 for count in self.docstring_quotes.values()):
                return "comment"
        if column > _LONGEST_LINE:
            return None
        return next(self._places(line, [column]))


def _imports(found: Found, text: str, language: str) -> None:
    pattern, kind = _IMPORTS.get(language, (None, ""))
    if pattern is None or "import" not in text and "require" not in text and "from" not in text:
        return  # (`from`: a TypeScript barrel's `export { x } from './x'` says neither of the others)
    line = counted_to = 0
    for match in _import_matches(pattern, text, language):
        line += text.count("\n", counted_to, match.start())
        counted_to = match.start()
        if language == "go" and match.group(2) is not None:  # an import block: each path on its own line
            block_start = match.start(2)
            for item in _GO_BLOCK_ITEM.finditer(match.group(2)):
                at = line + text.count("\n", match.start(), block_start + item.start())
                found.add(at, item.group(1), kind, judge=False)
            continue
        for target in _imported(language, match):
            found.add(line, target, kind, judge=False)


def _import_matches(pattern, text: str, language: str) -> Iterator[re.Match]:
    """`pattern.finditer(text)`. Python's and Go's import patterns start at a line's start and
    hold `import` on that line, so for them only the lines holding it are tried: the regex read
    the rest of a file line by line, where a Go file's imports are a few lines at its top."""
    if language not in ("python", "go"):
        yield from pattern.finditer(text)
        return
    end = tried = -1
    start = looked = 0  # the line start of the last `import` found, and how far back was read for it
    at = text.find("import")
    while at >= 0:
        newline = text.rfind("\n", looked, at)  # (from the last one on: linear on a long line)
        start, looked = (newline + 1 if newline >= 0 else start), at
        if start > tried and start >= end:
            tried = start
            match = pattern.match(text, start)
            if match:
                yield match
                end = match.end()
        at = text.find("import", at + 6)


def _imported(language: str, match: re.Match) -> list[str]:
    if language == "python":
        if match.group(1):
            return [match.group(1)]
        return [name.split()[0] for name in match.group(2).split(",") if name.split()]
    if language == "go":
        return [match.group(1)] if match.group(1) else _GO_BLOCK_ITEM.findall(match.group(2))
    specifier = match.group(1)
    local = specifier.startswith((".", "/")) or "/" in specifier and not specifier.startswith("@")
    return [specifier] if local else []
