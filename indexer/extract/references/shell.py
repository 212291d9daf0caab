"""Shell code, wherever it appears: scripts, Makefile recipes, CI `run:` steps, package scripts.

A path the script itself creates before using it (`mkdir -p out`, `> report.txt`, `cp a b`,
`git clone url dir`) is no claim about the repository, nor is a path it only deletes or tests
for (`rm -f x`, `[ -f x ]`). After `cd dir`, later words may be relative to `dir`: each
reference carries that folder as its `base`. After a `cd` to an absolute folder the script
made (`git clone url /opt/x`) or a temporary one (`/tmp/x`), relative words are relative to a
folder outside the repository: no claim about it, until a `cd` to a variable; so are words after
a `cd` into a folder named at run time below the current one (`cd "mbedtls-${VERSION}"` after
unpacking a download). (Another absolute folder may be a copy of the repository: a container's
`cd /app && ./build.sh`.)
"""
from __future__ import annotations

import posixpath

from indexer.extract.references.found import Found
from indexer.extract.references.tokens import ELSEWHERE, blanked, clean, is_variable, path_words, repository_name
from indexer.regex import lazy

#: A prompt that opens a session's command (`$ make`, `(venv) $ pip`, `PS C:\\> ./build.ps1`); not `#`
#: or `>`, which begin a script's comments and its continued lines as often.
_SESSION_PROMPT = lazy(r"^\s*(?:\$|PS[^>]*>|\(\w+\)\s*\$)\s+")
_MAKE = lazy(r"(?:g?make|mingw32-make)(?:\s|$)")


class ShellSession:
    """A transcript (a `console` code block) read line by line (`is_output` of each). Once a
    line opened with a prompt, a line without one that does not continue the command before it
    (`\\`) is that command's output: `error: cannot parse: src/black_primer/cli.py:5:6` under
    `$ black src/` tells what a run printed on the reader's files, not which paths this
    repository has. Under `$ make ...` it is a recipe line make echoes, read as the command it
    is (a `docker build` of a folder deleted since). A transcript without prompts is read as a
    script, and a `bash` block is one whatever its prompts (`$ npm ci` above `./tools/cut.sh
    1.0` is two commands)."""

    def __init__(self) -> None:
        self.prompted = False
        self.continued = False
        self.echoing = False

    def is_output(self, line: str) -> bool:
        prompt = _SESSION_PROMPT.match(line)
        if prompt is None and self.prompted and not self.continued:
            return not self.echoing
        if prompt is not None:
            self.prompted = True
            self.echoing = _MAKE.match(line, prompt.end()) is not None
        self.continued = line.rstrip().endswith("\\")
        return False


_SEPARATOR = lazy(r"&&|\|\||;|\|")
#: What comes before a command's name: wrappers, variable assignments, and the system folder a
#: script names it in (petsc's `createpatch` runs `/bin/mv x x.bak`, which is `mv`).
_LEADING = lazy(r"^\s*(?:(?:sudo|exec|time|env|command|nohup)\s+|[A-Za-z_]\w*=\S*\s+)*"
                r"(?:(?:/usr)?(?:/local)?/s?bin/(?=\w))?")
#: A line that opens with a pytest test's id (`test_x.py::test_y[int8] PASSED`) is pytest's
#: output, not a command (xarray's contributing guide shows a run: 11 lines).
_TEST_ID = lazy(r"^[\w./-]+\.py::")
_GUARD = lazy(r"^(?:rm|rmdir|unlink|shred)\b|^\$[({]RM[)}]|^(?:\[\[?|test)\s+!?\s*-[a-zA-Z]\s|^if\s+\[\[?\s")
#: A command that makes a new project (`npm init fastify`, `npm create vite@latest my-app`, `yarn
#: create`, `npx create-react-app my-app`, a template copied by `npx degit solidjs/templates/js
#: my-app`): in a doc, the package scripts run after it are that project's; in a script, its last
#: argument is a folder it makes (stencil's workflow: `npm init stencil component tmp-component-starter`).
SCAFFOLD = lazy(r"\b(?:npm\s+(?:init|create)\s+[\w@]|(?:yarn|pnpm|bun)\s+create\s|npx\s+(?:--yes\s+|-y\s+)?create-"
                r"|(?:npx\s+)?(?:degit|giget)\s+[\w@])")
_SCAFFOLD_WORDS = frozenset({"npm", "npx", "yarn", "pnpm", "bun", "init", "create", "degit", "giget"})
_CREATES_ALL = lazy(r"^(?:mkdir|touch|tee|virtualenv|truncate)\b")
_CREATES_LAST = lazy(r"^(?:cp|mv|ln|rsync|install|git\s+clone|git\s+mv|python3?\s+-m\s+venv)\b")
#: `git mv a b`: the repository's own move, after which `a` is gone (pachyderm's `v2move.sh`, run
#: once in 2021, moves `src/client/pfs` to `src/pfs`): its sources are no claim, its target is made.
_GIT_MOVE = lazy(r"^git\s+mv\s")
#: A download into the current folder under the URL's last name: `curl -LO URL` (`-O`, in any
#: cluster of short options, or `--remote-name`) and `wget URL`.
_DOWNLOAD = lazy(r"^(?:curl\b(?=.*\s(?:-[a-zA-Z]*O[a-zA-Z]*|--remote-name(?:-all)?)(?:\s|$))|wget\b)")
_GREP = lazy(r"^(?:[efz]?grep|rg)\s")
#: grep's options whose value is the next word (`-e` and `-f` give the pattern).
_GREP_VALUED = frozenset({"-e", "--regexp", "-f", "--file", "-A", "-B", "-C", "-m", "-d", "-D", "--max-count"})
_FIND_PATTERN = lazy(r"\s-(?:i?path|i?wholename|i?name|i?regex)\s+(\S+)")
#: An option naming what the command writes: curl's `-o`, wget's `-O`, pip-compile's
#: `--output-file=requirements/prod.txt`, venom's `--output-dir e2e/results`, build's `--outdir`,
#: controller-gen's `output:crd:dir=./config/crd/bases` (cluster-api's, since moved to `core/`), an
#: option that generates (pytest-mpl's `--mpl-generate-hash-library=sunpy/tests/x.json`, psalm's
#: `--generate-stubs=x`).
_OUTPUT_OPTION = lazy(r"(?:^|\s)(?:-o|-O|--output(?:-(?:document|file|dir|directory|path))?|--out-?(?:dir|file)"
                      r"|-d|--directory|--target-directory|output(?::[\w-]+){0,3}:(?:dir|config)"
                      r"|--[\w-]*generate[\w-]*(?==))[\s=]+([^\s;&|]+)")
_REDIRECT = lazy(r"(?<![<>])(?:\d|&)?>>?\|?\s*([^\s;&|)<>]+)")
_HEREDOC = lazy(r"<<-?\s*['\"]?([A-Za-z_]\w*)['\"]?")
#: An archive's suffix: the folder it unpacks to is named without it (`x-1.0-bin.zip`, `x-1.0-bin/`).
_ARCHIVE = lazy(r"\.(?:zip|tgz|tar(?:\.(?:gz|xz|bz2|zst))?)$")
#: The folders a build writes its output to, never tracked: `cd` into one leaves the repository's tree.
_BUILD_OUTPUTS = frozenset({"target"})
_CD = lazy(r"^(?:cd|pushd)\s+(?:--\s+)?(['\"]?)([^\s;&|'\"]+)\1\s*$")
_OPTION = lazy(r"^-")
_TEMPORARY = lazy(r"^/(?:var/)?tmp(?:/|$)")
_STARTS_WITH_VARIABLE = lazy(r"^[$%@{]")
_COMMENT_START = lazy(r"(?:^|(?<=\s))#")
_WORD = lazy(r"[^\s]+")
#: What a line needs to hold for its reading to find or change anything: a path word's `/`, a
#: comment's `#`, a `cd`/`pushd`, a heredoc's `<<`, and what `_creations` looks for (a
#: redirection's `>`, an output option's `-o`/`-O`/`-d`, which `--output` and `--directory`
#: hold too, a creating command's name, a scaffold's). Two lines in three of git/git's test scripts hold none.
_MAY_ACT = lazy(r"[/#>]|<<|cd|pushd|-[oOd]|mkdir|touch|tee|virtualenv|truncate|cp|mv|ln|rsync|install"
                r"|clone|venv|mktemp|init|create|degit|giget")
#: `git clone URL [folder]`: its arguments after the options (`-b main`, `--depth 1` take one).
_CLONE = lazy(r"^git\s+clone\b")
_CLONE_VALUED = frozenset({"-b", "--branch", "--depth", "-o", "--origin", "-c", "--config", "--reference",
                           "--separate-git-dir", "-u", "--upload-pack", "--filter", "-j", "--jobs"})
#: `MANIFEST=deploy/ci.yaml`: a variable given a path, and `$MANIFEST` or `"${MANIFEST}"`, its use.
_ASSIGNMENT = lazy(r"^(?:(?:export|local|readonly|declare)\s+)?([A-Za-z_]\w*)=([\"']?)([^\s\"'$;&|`]+)\2\s*$")
_VARIABLE_WORD = lazy(r"\$\{?([A-Za-z_]\w*)\}?")
_VARIABLE_PIECE = lazy(r"\$\{[^}/]*\}|\$\([^)/]*\)|\$\w+")
#: names made with a variable kept per script (each later word is tried against them), and
#: variables written (each a pass over the script's references)
_MADE_LIKE = 64
#: `ROOT=$(mktemp -d)`: a variable that names a new temporary folder.
_TEMPORARY_VARIABLE = lazy(r"^\s*(?:(?:export|local|readonly)\s+)?([A-Za-z_]\w*)=[\"']?\$\(\s*mktemp\b")


class ShellReader:
    """Reads the lines of one shell program in order (`persist_cd=False` for Makefile recipes)."""

    def __init__(self, found: Found, persist_cd: bool = True, created: set[str] | None = None) -> None:
        self.found = found
        self.base: str | None = ""  # the folder a `cd` moved to; None after `cd "$somewhere"`
        self.away = False  # after `cd /tmp/x`: relative words are not the repository's
        self.persist_cd = persist_cd
        self.created: set[str] = set() if created is None else created  # (shared by a workflow's steps)
        #: folders that are not this repository: another one it clones, a temporary one (`cd` leaves it)
        self.elsewhere: set[str] = set()
        self.heredoc: str | None = None
        #: the variables given a path (`MANIFEST=deploy/ci.yaml`): their line, and the path's words
        self.assigned: dict[str, tuple[int, list[str]]] = {}
        self.written = 0  # how many of them a command wrote (each takes a pass over the references)
        self.subshells: list[tuple[str | None, bool]] = []  # (base, away) where each open `(` began
        #: the names a command made with a variable in them (`> "x/${package}.LICENSE"` in a loop),
        #: as the text before their first variable and after their last (no pattern: a name of the
        #: repository's text with many variables would backtrack)
        self.made_like: list[tuple[str, str]] = []

    def line(self, index: int, text: str, offset: int = 0) -> None:
        """One line of the program: its code, and its `#` comment as comment text."""
        if self.heredoc is not None:
            if text.strip() == self.heredoc:
                self.heredoc = None
            return
        if text.strip() in ("(", ")"):  # a subshell's lines: a `cd` inside it ends with it (ytt's `(` `cd tmp` ... `)`)
            if text.strip() == "(":
                self.subshells.append((self.base, self.away))
            elif self.subshells:
                self.base, self.away = self.subshells.pop()
            return
        if _MAY_ACT.search(text) is None:  # (nothing to find; `base` and `away` left as they are,
            return  # already reset after the line before when they do not persist)
        code, comment_at = split_comment(text)
        if comment_at is not None:
            # (a commented-out command is read where the script stands: `cd helm`, then `# helm template ./x`)
            self.found.words(index, text[comment_at + 1:], "comment", offset + comment_at + 1, base=self.base or "")
        for start, part in _parts(code):
            self._segment(index, part, offset + start)
        heredoc = _HEREDOC.search(code) if "<<" in code else None
        if heredoc:
            self.heredoc = heredoc.group(1)
        if not self.persist_cd:
            self.base, self.away = "", False

    def _segment(self, index: int, segment: str, offset: int) -> None:
        temporary = _TEMPORARY_VARIABLE.match(segment) if "mktemp" in segment else None
        if temporary:
            self.elsewhere.update(("$" + temporary.group(1), "${" + temporary.group(1) + "}"))
        lead = _LEADING.match(segment)
        command = segment[lead.end():]
        offset += lead.end()
        cd = _CD.match(command.strip()) if command.lstrip().startswith(("cd", "pushd")) else None
        if cd:
            folder = cd.group(2)
            word = clean(folder)
            if is_created(self.elsewhere, folder):
                self.away, self.base = True, None  # (ingress-nginx clones ModSecurity, then `cd ModSecurity/`)
                return
            if word and ("/" in word or word.startswith(".")) and not self.away:
                self.found.add(index, word, "shell", offset, base=self.base or "")
            if is_variable(folder):
                # `cd "$ROOT"`: anywhere, this repository included; `cd "mbedtls-${VERSION}"`: a
                # folder named at run time below this one (an unpacked download): not the repository's
                self.away = _STARTS_WITH_VARIABLE.match(folder) is None
            elif folder.startswith("/"):
                self.away = _TEMPORARY.match(folder) is not None or is_created(self.created, folder)
            if is_variable(folder) or folder.startswith(("/", "~", "-")) or self.base is None and folder.startswith(".."):
                self.base = None
            else:  # (after `cd $ROOT`, a folder below it: sig-storage-local-static-provisioner's `cd
                # $ROOT; cd helm; helm template ./provisioner`, tried from the script's folder and the root)
                self.base = posixpath.normpath(posixpath.join(self.base or "", folder))
            return
        if _GUARD.match(command):
            return
        if command.startswith("git") and _GIT_MOVE.match(command):
            self._creations(command)
            return
        assignment = _ASSIGNMENT.match(command) if "=" in command else None
        if assignment:
            self.assigned[assignment.group(1)] = (index, [word for _, word in path_words(assignment.group(3))])
        made = self._creations(command) | _patterns(command)
        base, away = self.base or "", self.away
        into = _make_folder(command) if "make" in command and ("-C" in command or "--directory=" in command) else None
        if into is not None:  # `make -C docs html`: its words are relative to that folder
            if is_variable(into) or into.startswith(("/", "~")):
                away = True  # (external-provisioner's `make WHAT=test/e2e/e2e.test "-C${GOPATH}/src/..."`)
            else:
                base = posixpath.normpath(posixpath.join(base, into))
        for column, word in path_words(command):
            if is_created(self.created, word) or column in made or away and not word.startswith("/") \
                    or self.made_like and self._made_like(posixpath.normpath(word)):
                continue
            self.found.add(index, word, "shell", offset + column, base=base)

    def _creations(self, command: str) -> set[int]:
        """Record the paths `command` creates; return the columns of those words."""
        columns: set[int] = set()
        created: list[tuple[int, str]] = []
        creates_all = _CREATES_ALL.match(command) is not None
        if creates_all or _CREATES_LAST.match(command):
            words = [(m.start(), m.group()) for m in _WORD.finditer(command)]
            arguments = [(c, w) for c, w in words[1:] if not _OPTION.match(w)]
            created = arguments if creates_all else arguments[-1:]
        if "-" in command or "output:" in command:  # every output option starts with one, or is controller-gen's
            for match in _OUTPUT_OPTION.finditer(command):
                created.append((match.start(1), match.group(1)))
        if ("init" in command or "create" in command or "git" in command) and SCAFFOLD.match(command):
            arguments = []
            for column, word in ((m.start(), m.group()) for m in _WORD.finditer(command)):
                if word == "--":  # (what follows is the template's options: `-- --template react`)
                    break
                if not _OPTION.match(word) and word not in _SCAFFOLD_WORDS:
                    arguments.append((column, word))
            created += arguments[1:][-1:]  # (after the template: the folder it is made in)
        if "clone" in command and _CLONE.match(command):
            folder = posixpath.normpath(_cloned(command)[1])
            if folder != ".":
                self.elsewhere.add(folder)
                # (and made here: a later step's `working-directory: transformers/` of accelerate's
                # workflow, which cloned it, names no folder of this repository)
                self.created.add(folder)
        if "://" in command and _DOWNLOAD.match(command):  # the file is named after its URL
            for match in _WORD.finditer(command):
                url = match.group().strip("'\"")
                if "://" in url:
                    name = url.split("?", 1)[0].split("#", 1)[0].rpartition("/")[2].strip("'\"")
                    if name:
                        self.created.add(name)
        if ">" in command:  # and every redirection holds one
            for match in _REDIRECT.finditer(command):
                created.append((match.start(1), match.group(1)))
        for column, word in created:
            word = word.strip("'\"")
            folder, _, name = posixpath.normpath(word).rpartition("/")
            if folder and not is_variable(folder) and is_variable(name) and _VARIABLE_PIECE.sub("", name) \
                    and len(self.made_like) < _MADE_LIKE:
                # conda-lock's `curl ... > "conda_lock/_vendor/${package}.LICENSE"`, then `diff
                # conda_lock/_vendor/poetry-core.LICENSE ...`: one of the files the loop wrote
                pieces = _VARIABLE_PIECE.split(name)
                self.made_like.append((f"{folder}/{pieces[0]}", pieces[-1]))
            variable = _VARIABLE_WORD.fullmatch(word) if word.startswith("$") else None
            if variable and variable.group(1) in self.assigned and self.written < _MADE_LIKE:
                self._written(*self.assigned.pop(variable.group(1)))
            if word:
                self.created.add(posixpath.normpath(word))
                columns.update((column, column + 1))  # a quoted word's path starts one column later
        return columns

    def _made_like(self, path: str) -> bool:
        """Whether `path` is one of the names a command wrote with a variable in it (`made_like`)."""
        return any(path.startswith(head) and path.endswith(tail) and len(path) >= len(head) + len(tail)
                   and "/" not in path[len(head):len(path) - len(tail)] for head, tail in self.made_like)

    def _written(self, index: int, words: list[str]) -> None:
        """A variable's path is what a later command writes (security-profiles-operator's
        `OPERATOR_MANIFEST=deploy/operator-ci.yaml`, then `cp deploy/operator.yaml
        ${OPERATOR_MANIFEST}`): the reference read at its assignment claims nothing."""
        self.written += 1
        for word in words:
            self.created.add(posixpath.normpath(word))
        self.found.references[:] = [r for r in self.found.references
                                    if not (r.line == index + 1 and r.kind == "shell" and r.target in words)]


def _patterns(command: str) -> set[int]:
    """The columns of the words `command` takes as patterns, not paths: `find . -path ./vendor
    -prune`'s, and grep's (or rg's) first argument, unless `-e` or `-f` gives it (microk8s' `grep -v
    "./microk8s-resources/actions/ingress.yaml"` keeps a deleted file out of a list)."""
    columns: set[int] = set()
    if command.startswith("find ") and "-" in command:
        columns.update(c for m in _FIND_PATTERN.finditer(command) for c in (m.start(1), m.start(1) + 1))
    elif _GREP.match(command):
        words = [(m.start(), m.group()) for m in _WORD.finditer(command)][1:]
        given = False  # (`-e` or `-f` gave the pattern: every argument is a file)
        for at, (column, word) in enumerate(words):
            valued = at > 0 and words[at - 1][1] in _GREP_VALUED
            if valued and words[at - 1][1] in ("-e", "--regexp"):
                columns.update((column, column + 1))
            if word in ("-e", "--regexp", "-f", "--file") or word.startswith("--file="):
                given = True
            elif not (given or valued or _OPTION.match(word)):
                columns.update((column, column + 1))  # (a quoted word's path starts one column later)
                break
    return columns


def _cloned(command: str) -> tuple[str, str]:
    """(URL, folder) of `git clone`: its first argument, and its second or the URL's last name
    without `.git`."""
    arguments: list[str] = []
    valued = False
    for word in command.split()[2:]:
        if valued:
            valued = False
        elif word.startswith("-"):
            valued = word in _CLONE_VALUED
        else:
            arguments.append(word.strip("'\""))
    url = arguments[0] if arguments else ""
    if len(arguments) >= 2:
        return url, arguments[1]
    return url, repository_name(url)


def _make_folder(command: str) -> str | None:
    """The folder `make -C DIR` (`-CDIR`, `--directory=DIR`, quoted or not) runs in; None if the
    command runs no make in another folder."""
    words = [word.strip("'\"") for word in command.split()]
    if "make" not in words:
        return None
    after = words[words.index("make") + 1:]
    for at, word in enumerate(after):
        if word == "-C":
            return after[at + 1] if at + 1 < len(after) else None
        if word.startswith(("-C", "--directory=")):
            return word.removeprefix("--directory=") if word.startswith("--") else word[2:]
    return None


def is_created(created: set[str], word: str) -> bool:
    """Whether `word` is a path a script made (`created`), or lies in one: the path, or a part of
    it up to one of its `/`, is in `created` (set lookups: a test script makes hundreds)."""
    path = posixpath.normpath(word)
    if path in created:
        return True
    cut = path.find("/")
    while cut >= 0:
        if path[:cut] in created:
            return True
        cut = path.find("/", cut + 1)
    return False


def read_code_span(found: Found, index: int, code: str, column: int) -> None:
    """A code span in prose (Markdown's and AsciiDoc's `x`, reStructuredText's ``x``), read as a
    command: what it runs (`Found.commands`), and its path words but those it creates: `cp
    config.example.yaml config.yaml` or `ln -s 1234.bugfix.rst CHANGES/1240.bugfix.rst` claims
    no `config.yaml` or `CHANGES/1240.bugfix.rst` here (`ShellReader._creations`)."""
    follow_clone(found, code)  # (gloo's "`git clone https://github.com/solo-io/gloo && cd gloo`")
    found.commands(index, code, column)
    found.words(index, blanked(code, _created_spans(code)), "code-span", column, paragraphs=True)


def doc_shell_line(found: Found, index: int, text: str, offset: int = 0, sentence: str | None = None) -> None:
    """A shell line of a document's code block: the commands it runs and the path words it names,
    read in order with the document's shell lines before it. What they created is no claim
    (`doc_shell_words`); once they cloned a repository and moved into it (`git clone URL`, then
    `cd` into its folder), what follows is the clone's (`Found.clone`): gateway-api's conformance
    reports clone each implementation and run its make targets. The resolver keeps them when the
    clone is this repository or a fork of it."""
    if _TEST_ID.match(text.lstrip()):
        return
    follow_clone(found, text)
    found.commands(index, text, offset)
    doc_shell_words(found, index, text, offset, sentence=sentence)


def follow_clone(found: Found, text: str) -> None:
    """Note a document's `git clone URL [folder]` and `unzip x.zip` (`tar xzf x.tar.gz`), and a `cd`
    into or out of its clone or unpacked folder, or into a build's output (`..`, an absolute or
    variable folder: out; a folder below: still in it)."""
    if "cd" not in text and "clone" not in text and "unzip" not in text and "tar" not in text:
        return
    for _start, part in _parts(text):
        command = part[_LEADING.match(part).end():].strip()
        if command.startswith("git") and _CLONE.match(command):
            url, folder = _cloned(command)
            found.clones[posixpath.normpath(folder)] = url
        elif command.startswith(("unzip", "tar")) and (folder := _unpacked(command)):
            found.clones[folder] = ELSEWHERE + folder
        elif command.startswith(("cd", "pushd")) and (cd := _CD.match(command)):
            folder = cd.group(2)
            if found.clone:
                if folder.startswith(("..", "/", "~", "-")) or is_variable(folder):
                    found.clone = ""
            else:
                found.clone, found.clone_section = _entered(found.clones, folder), found.section


def _entered(clones: dict[str, str], folder: str) -> str:
    """What a `cd folder` moves into: a clone's URL or an unpacked folder's name (`clones`), the
    folder or one it lies in; `ELSEWHERE` for a build's output folder; "" for this repository's tree."""
    path = posixpath.normpath(folder)
    if path.startswith(("..", "/")):
        return ""
    parts = path.split("/")
    for end in range(len(parts), 0, -1):
        if (inside := clones.get("/".join(parts[:end]))) is not None:
            return inside
    return ELSEWHERE + path if _BUILD_OUTPUTS.intersection(parts) else ""


def _unpacked(command: str) -> str | None:
    """The folder `unzip x-1.0.zip` or `tar -xzf x-1.0.tar.gz` makes, named after the archive as a
    release's is; None for any other command (`tar czf`, which packs)."""
    words = command.split()
    if words[0] not in ("unzip", "tar") or words[0] == "tar" and not (
            len(words) > 1 and "x" in words[1] and "c" not in words[1] or "--extract" in words):
        return None
    for word in words[1:]:
        name = posixpath.basename(word.strip("'\""))
        if (stem := _ARCHIVE.sub("", name)) != name and stem and not is_variable(stem):
            return stem
    return None


def doc_shell_words(found: Found, index: int, text: str, offset: int = 0, sentence: str | None = None) -> None:
    """The path words of a shell line in a document's code block, less what it and the document's
    earlier shell lines create (`found.made`): cluster-api's quick start downloads `-o clusterctl`
    in one block and runs `chmod +x ./clusterctl` in the next, as the reader does in order."""
    text = blanked(text, _created_spans(text, found.made))
    for column, word in path_words(text):
        if not (found.made and is_created(found.made, word)):
            found.add(index, word, "shell", offset + column, sentence=sentence)


def _created_spans(code: str, made: set[str] | None = None) -> list[tuple[int, int]]:
    """Where the words of `code`'s commands that they create are (its `&&`, `;` or `|` parts
    each read as `ShellReader._segment` reads one); with `made`, what they create is added to it."""
    if _MAY_ACT.search(code) is None:
        return []
    reader = ShellReader(Found("", []), created=made)
    spans: list[tuple[int, int]] = []
    for start, part in _parts(code):
        at = start + _LEADING.match(part).end()
        command = code[at:start + len(part)]
        columns = reader._creations(command)
        spans += [(at + m.start(), at + m.end()) for m in _WORD.finditer(command) if m.start() in columns]
    return spans


def _parts(code: str):
    """(column, text) of each command of `code` between `&&`, `||`, `;` and `|` (not the blank one
    after a line's closing `&&`, which holds nothing)."""
    position = 0
    for part in _SEPARATOR.split(code):
        start = code.find(part, position)
        position = start + len(part)
        if part and not part.isspace():
            yield start, part


def split_comment(code: str) -> tuple[str, int | None]:
    """The code before an unquoted `#` comment, and that `#`'s column (or None)."""
    if "#" not in code:
        return code, None
    for match in _COMMENT_START.finditer(code):
        before = code[:match.start()]
        if before.count("'") % 2 == 0 and before.count('"') % 2 == 0:
            return before, match.start()
    return code, None


def read_script(found: Found) -> None:
    """A whole shell script (the `#!` line names no repo path)."""
    reader = ShellReader(found)
    for index, line in enumerate(found.lines):
        if not (index == 0 and line.startswith("#!")):
            reader.line(index, line)
