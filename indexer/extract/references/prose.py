"""Sentences around a reference, whether they retire what they name, and documented commands.

A reference is only a claim that its target is current when its own sentence does not say
otherwise ("Do not use deploy/legacy", "scripts/x.sh was removed", "use v2 instead"). Wrapped
paragraphs are joined first, so a sentence broken over two lines still reads as one.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator

from indexer.extract.references.tokens import blank_paths
from indexer.regex import lazy

DEPRECATION = lazy(
    r"(?ix)"
    r"\b(?:do\s+not|don'?t|never|stop)\s+(?:use|using|add|call|run|extend|edit|change|touch|rely)\b"
    r"|\bdeprecat\w*|\bobsolete\b|\bno\s+longer\b|\bretired?\b|\bfrozen\b|\bsunset\w*\b"
    r"|\bsuperseded\b|\breplaced\s+(?:by|with)\b|\binstead\b|\bin\s+favou?r\s+of\b"
    r"|\b(?:was|were|has\s+been|have\s+been|got|is|are|been)\s+(?:re)?(?:moved|renamed|deleted|dropped)\b"
    r"|\bmoved\s+(?:from|to|out|away|into)\b|\brenamed\s+(?:from|to)\b"
    r"|\bmigrat\w*\s+(?:off|away|from)\b|\bmigrated\b"
    r"|\b(?:will|to|should|must)\s+be\s+(?:re)?(?:moved|deleted|dropped|retired)\b"
    r"|\bscheduled\s+for\s+(?:removal|deletion)\b|\bremoved\s+in\b"
    r"|\bused\s+to\s+(?:be|live|sit)\b|\bformerly\b|\bpreviously\b|\bno\s+more\b"
)
EXAMPLE = lazy(
    r"(?ix)\bfor\s+(?:this\s+)?(?:example|instance)\b|\be\.g\.|\bsuch\s+as\b|\bpretend\b|\bsuppose\b"
    r"|\bimagine\b|\blet'?s\s+say\b|\bsay\s+you\b|\bhypothetical\w*\b|\bsomething\s+like\b"
    r"|\b(?:could|might|would|may|should)\s+look\s+(?:like|something\s+like)\b"
    # syft's "sort files by schema version, where the input looks like "schema/json/schema-1.12.1.json""
    r"|\b(?:input|output|format|name|path|value|line|string|entry|argument|result)s?\s+looks?\s+like\b"
    r"|\bwill\s+be\s+(?:saved|written|created|generated|stored|placed|put|output)\b"
    r"|\b(?:is|are|gets?)\s+(?:created|generated|written)\b"
    r"|\b(?:has|have)\s+been\s+(?:output|generated|built|written|created)\b"
    r"|\bwould\s+be\s+(?:located|found|placed|stored|saved|written|created|defined|named|called)\b"
    r"|\b(?:creates?|generates?|writes?|outputs?)\s+(?:(?:a|an|the)\s+)?(?:new\s+)?(?:file|folder|directory)\b"
    r"|\b(?:a|an)\s+new\s+(?:empty\s+)?(?:file|folder|directory)\b"
    r"|\b(?:a|an)\s+(?:file|folder|directory)\s+(?:named|called)\b"  # (vcr's Cucumber steps: 'a file named "lib/server.rb" with:')
    r"|\bcreate[`'\"\s]+(?:[.,;:)]|$)"
    # "Let's create a ``.github/workflows/publish-to-pypi.yml`` file." (its path blanked; every
    # space bounded, so that a long run of them costs no more than a short one)
    r"|\bcreate\s{1,3}(?:a|an|the)\s{1,3}(?:new\s{1,3})?(?:`{1,2}\s{1,3}`{1,2}|'\s{1,3}'|\"\s{1,3}\"|\s{0,3})\s{1,3}"
    r"(?:file|folder|directory)\b"
    # Robyn's "was about to create an `src/app.py`": a path after "create a" is a new one
    r"|\bcreate\s{1,3}(?:a|an)\s{1,3}(?:new\s{1,3})?(?:`{1,2}\s{1,3}`{1,2}|'\s{1,3}'|\"\s{1,3}\")"
    r"|\byou\s+(?:would|will|should|can|could|may|must|then)\s+create\b|\byou\s+(?:could|might)\s+use\b"
    r"|\bsave\s+(?:the\s+following|this|it|these|them)\b"  # conftest's "Save the following as `policy/x.rego`:"
    # pdoc's "This will create an HTML file at `docs/demo.html`", kubespray's "this script will create
    # `contrib/.../k8s_cluster.yml`" (not kubebuilder's "`x.yaml` will generate the images")
    r"|\b(?:will|would)\s+(?:create|generate|write|produce)\s+(?:`{1,2}\s{1,3}`{1,2}|'\s{1,3}'|\"\s{1,3}\""
    r"|(?:a|an|the)\s+(?:new\s+)?(?:\w+\s+)?(?:file|folder|directory)\b)"
    # (reStructuredText's "your :file:`docs/conf.py`" too: cornice's upgrade notes)
    r"|\byour\s+(?:own\s+)?(?:\w+\s+)?:?(?:project|app|application|site|repo|repository|package|code|directory|folder|file)\b"
    # (and "your `x`": filament's "Add Tailwind's CSS layers to your `resources/css/app.css`", the
    # reader's app's file)
    r"|\byour\s{1,3}(?:`{1,2}\s{1,3}`{1,2}|'\s{1,3}'|\"\s{1,3}\")"
    r"|\btheir\s+own\b"  # maturin: "Checks if user has provided their own header at `target/header.h`"
    # absent on purpose (multidict): "the `tests/__init__.py` module must not exist", "this repo does
    # not ship its own `.github/PULL_REQUEST_TEMPLATE.md`", "do not commit build artefacts (`x.h.old`)"
    r"|\b(?:must|should|shall)\s+not\s+exist\b|\b(?:does\s+not|doesn'?t)\s+ship\b"
    # asked about, or planned (prisma's agent skill: "If `docs/a.md`, `docs/b.md`, or `docs/c.md`
    # exist — append to the matching one"; its plans' "`x` (if any)", "New: `x`", "New file `x`",
    # "`x` (new; named-export parity)", slidev's "`scripts/check-skills-drift.mjs` (create)";
    # react-router's agent skill: "Document the flag in `docs/upgrading/future-flags.md` if it
    # exists", "`x` if present"); every run bounded
    r"|\bif\s{1,3}(?:the\s{1,3}(?:file|folder|directory)\s{1,3})?(?:[\s,`'\"]|\bor\b|\band\b|\bit\b|\bthey\b|\bone\b)"
    r"{1,40}?\s(?:exists?|is\s+present|are\s+present)\b"
    # the CDDL's header, copied with a file of another project (FlameGraph's scripts, copied into
    # libgit2's benchmarks): "You can obtain a copy of the license at docs/cddl1.txt"
    r"|\b(?:copy\s+of|include)\s+the\s+licen[cs]e\s+(?:file\s+)?at\b"
    r"|\((?:if\s+any|create|to\s+be\s+created)\)|\bnew:\s|\bnew\s{1,3}(?:file|folder|directory)\s{1,3}(?:`{1,2}\s|\s)|\(new\b[;,:)]"
    r"|\b(?:do\s+not|don'?t|never)\s+commit\b"
    # (the same in Chinese and Japanese, before the path: arthas' agent instructions, "生成
    # `.codex/review-report.md` 审查报告", "输出到 `.codex/context-scan.json`")
    r"|(?:生成|输出[到至]?|写入|写到|创建|保存[到至为]|作成|出力)\s{0,3}[`'\"\s]"
    r"|\bif\s+(?:you\s+have|present)\b|\bin\s+order\s+to\s+run\s+a\s+particular\b"
    r"|\b(?:in|of|from)\s+the\s+(?!same\b|this\b|our\b)(?:[\w.-]+|\[[^\]]*\])\s+repo(?:sitory)?\b"
    r"|\b(?:another|other|upstream|external|separate)\s+(?:repo(?:sitory)?|project)\b"
    r"|\b(?:in|from|inside)\s+(?:the\s+root\s+of\s+)?(?:a|an)\s+(?:\S+\s+)?(?:checkout|clone)\b"
    r"(?!\s+of\s+(?:this|our)\b)"
)
#: A sentence's end; not the last dot of "e.g." or "i.e.", after which it goes on (crossplane's
#: "in the error message (e.g. `failed to parse apis/xrd.yaml`)" gives an example).
_SENTENCE_END = lazy(r"(?<![eE]\.g)(?<![iI]\.e)[.!?](?=\s|$)")
_BLOCK_START = lazy(r"^\s*(?:[-*+]\s|\d+[.)]\s|#{1,6}\s|\||>|\.\.\s|[=\-~^`#*+]{3,}\s*$)")
_MAX_JOINED = 6


def marks_deprecated(sentence: str) -> bool:
    """True when the sentence (its paths blanked, so `deploy/deprecated` is no verdict) retires them."""
    return DEPRECATION.search(blank_paths(sentence)) is not None


def marks_example(sentence: str) -> bool:
    """True when the sentence gives its paths as an example, or says they get created."""
    return EXAMPLE.search(blank_paths(sentence)) is not None


#: A word each alternative of DEPRECATION / EXAMPLE holds (lower case): an ASCII sentence
#: holding none of a pattern's words cannot match it, and is not searched. Keep them in step
#: with the patterns (tests/test_extract_speed.py checks one phrase per alternative).
DEPRECATION_WORDS = ("not", "don", "never", "stop", "deprecat", "obsolete", "longer", "retire",
                     "frozen", "sunset", "superseded", "replaced", "instead", "favo", "moved",
                     "renamed", "deleted", "dropped", "migrat", "scheduled", "used", "formerly",
                     "previously", "more")
EXAMPLE_WORDS = ("example", "instance", "e.g.", "such", "pretend", "suppose", "imagine", "say",
                 "hypothetical", "something", "will", "create", "generated", "written", "file",
                 "folder", "directory", "your", "have", "particular", "been", "would", "repo", "project",
                 "look", "checkout", "clone", "could", "might", "their", "save", "exist", "ship", "commit",
                 "present", "if any", "new:", "(new", "licen")


@lru_cache(maxsize=8192)
def verdicts(sentence: str) -> tuple[bool, bool]:
    """(`marks_deprecated`, `marks_example`) of one sentence, its paths blanked once.

    Non-ASCII text is always searched: case-blind matching knows more than `str.lower`
    (`ſ` matches `s`)."""
    deprecation = example = True
    if sentence.isascii():
        lowered = sentence.lower()
        deprecation = any(word in lowered for word in DEPRECATION_WORDS)
        example = any(word in lowered for word in EXAMPLE_WORDS)
        if not deprecation and not example:
            return False, False
    blanked = blank_paths(sentence)
    return (deprecation and DEPRECATION.search(blanked) is not None,
            example and EXAMPLE.search(blanked) is not None)


def lead_in(lines: list[str], index: int) -> str:
    """The paragraph just before line `index` (a code block's "For example:" line)."""
    end = index - 1
    while end >= 0 and not lines[end].strip():
        end -= 1
    start = end
    while start > 0 and end - start < 3 and lines[start - 1].strip():
        start -= 1
    return " ".join(line.strip() for line in lines[start:end + 1]) if end >= 0 else ""


def sentence_at(lines: list[str], index: int, column: int, paragraphs: bool) -> str:
    """The sentence holding `lines[index][column]`; across wrapped lines when `paragraphs`."""
    first = last = index
    if paragraphs:
        while (first > 0 and index - first < _MAX_JOINED and lines[first - 1].strip()
               and not _BLOCK_START.match(lines[first])):
            first -= 1
        while (last + 1 < len(lines) and last - index < _MAX_JOINED and lines[last + 1].strip()
               and not _BLOCK_START.match(lines[last + 1])):
            last += 1
    before = " ".join(line.strip() for line in lines[first:index])
    current = lines[index]
    head = (before + " " if before else "") + current[:column].lstrip()
    tail = current[column:].rstrip() + (" " + " ".join(line.strip() for line in lines[index + 1:last + 1])
                                        if last > index else "")
    starts = [m.end() for m in _SENTENCE_END.finditer(head)]
    end = _SENTENCE_END.search(tail)
    return (head[starts[-1] if starts else 0:] + (tail[:end.end()] if end else tail)).strip()


# --------------------------------------------------------------------------- commands
_PACKAGE_BUILTINS = frozenset({
    "install", "i", "ci", "add", "remove", "rm", "uninstall", "un", "update", "up", "upgrade",
    "exec", "dlx", "x", "create", "init", "publish", "pack", "link", "ln", "unlink", "audit",
    "outdated", "list", "ls", "why", "info", "view", "config", "c", "cache", "store", "root",
    "bin", "prune", "rebuild", "dedupe", "import", "licenses", "env", "setup", "server",
    "global", "workspace", "workspaces", "set", "plugin", "version", "npm", "node", "login",
    "logout", "whoami", "owner", "search", "help", "fetch", "patch", "patch-commit", "deploy",
    "recursive", "doctor", "self-update", "approve-builds", "catalog", "constraints", "dedup",
    "explain", "generate-lock-entry", "check", "autoclean", "tag", "team", "token", "unplug",
    "outdated", "run", "start", "restart", "stop", "test", "t", "tst",
})
COMMAND = lazy(
    r"(?:^|(?<=[\s;&|(`$]))(?:"
    r"(?P<make>make)(?P<make_args>(?:\s+(?:-[A-Za-z]+(?:\s+(?!-)[^\s;&|`]+)?|-{1,2}[\w-]+=\S+"
    r"|[A-Z_]\w*=(?:\"[^\"]*\"|'[^']*'|<[^<>\n]{0,80}>|(?![\"'<])\S*)))*)"  # (`X=<my registry>` a placeholder)
    # (each target ends where a word does: not at `=` (a variable) or `/` (a path))
    r"\s+(?P<make_targets>[A-Za-z0-9_][\w.-]*(?:\s+[A-Za-z0-9_][\w.-]*)*)(?=[\s;&|)<>`'\",:!?]|$)"
    r"|(?P<npm>npm)\s+run(?:-script)?\s+(?:--?[\w-]+(?:[= ][\w./@-]+)?\s+)*(?P<npm_script>(?!-)[\w:.-]+)"
    r"|(?P<pm>pnpm|yarn)\s+(?:--?[\w-]+(?:[= ][\w./@-]+)?\s+)*(?:run\s+)?(?P<pm_script>(?!-)[\w:.-]+)"
    r")"
)
_MAKE_DIRECTORY = lazy(r"-C\s+(\S+)|--directory=(\S+)")
#: A script name ending in a placeholder (`stop-X`, `test:N`), which the text has the reader fill in.
_SCRIPT_PLACEHOLDER = lazy(r"[-:](?:X|XX|N)$")
#: yarn's and pnpm's options that take the next word as their value (a folder, a workspace).
_PM_VALUED = frozenset({"--cwd", "--dir", "-C", "--filter", "-F", "--prefix"})


#: Words after which `make` still runs (`sudo make install`, `then make`); after any other word it
#: is English, as in a shell block's flag descriptions (kpt's "it would also make sense to set",
#: "don't make any changes.").
_RUNS_NEXT = frozenset({"sudo", "doas", "time", "env", "nohup", "nice", "exec", "command", "then", "do", "else",
                        "xargs", "watch"})


def _runs_here(text: str, start: int) -> bool:
    """Whether a command word at `start` is where a shell runs one: the start, after an operator,
    a wrapper (`_RUNS_NEXT`), its option or a variable assignment (`V=1 make`)."""
    end = start  # (walked back over the space and the word before: no copy of the line's head)
    while end > 0 and text[end - 1].isspace():
        end -= 1
    if end == 0 or text[end - 1] in ";&|(`$!{":
        return True
    begin = end
    while begin > 0 and not text[begin - 1].isspace():
        begin -= 1
    word = text[begin:end]
    return word in _RUNS_NEXT or word.startswith("-") and word != "--" or "=" in word


def _handed_on(text: str, start: int) -> bool:
    """Whether the command at `start` follows a `--`, the words another program runs (werf's `werf
    kube-run frontend_image ... -- npm run e2e-tests`, in a Pod of the reader's image; `kubectl exec
    pod -- make test`): not this repository's."""
    before = text[max(0, start - 4):start].rstrip()
    return before.endswith("--") and (len(before) == 2 or before[-3].isspace())


def commands(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, `make X` / `npm run X` / `pnpm X` / `yarn X`, folder from `make -C`) in `text`."""
    for match in COMMAND.finditer(text):
        if match.group("make"):
            if not _runs_here(text, match.start()):
                continue
            args = match.group("make_args") or ""
            where = _MAKE_DIRECTORY.search(args)
            folder = (where.group(1) or where.group(2)) if where else ""
            targets = match.group("make_targets").split()
            if targets[0] in ("a", "an", "the", "sure"):
                continue  # English: gitsign's flag table, "-s, --sign   make a signature"; indico's
                # SELinux policy in a heredoc, "; make sure the uwsgi socket is writable"
            if text[match.end("make_targets"):match.end("make_targets") + 1] in ("<", ">") and targets[-1].isdigit():
                targets.pop()  # `make x 2>/dev/null`: the stream a redirection sends away
            for target in targets:
                if not re.fullmatch(r"[\w.-]+", target) or "=" in target:
                    break
                yield match.start(), f"make {target}", folder
        elif text[match.end() - 1:match.end() + 1].endswith("*") or _handed_on(text, match.start()):
            continue  # (`npm run website:*`: the scripts a name begins; after `--`: another program's)
        elif text[match.end():match.end() + 1] in ("{", "<") or _SCRIPT_PLACEHOLDER.search(match.group()):
            continue  # a name to fill in: sequelize's `yarn reset-{dialect}`, `yarn stop-X`
        elif match.group("npm"):
            yield match.start(), f"npm run {match.group('npm_script')}", ""
        else:
            script = match.group("pm_script")
            if text[match.start():match.start("pm_script")].split()[-1] in _PM_VALUED:
                continue  # `yarn --cwd ui …`: the folder, then a command not shown
            explicit_run = re.search(r"\srun\s", match.group()) is not None
            if explicit_run or script not in _PACKAGE_BUILTINS:
                yield match.start(), f"{match.group('pm')} run {script}", ""
