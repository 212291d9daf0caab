"""The task as weighted search terms: stems of its words, plus a few related concepts.

Tasks are phrased as actions ("Containerize the worker", "Add a page"); standards are tagged
by topic (docker, container, frontend, ui). Stemming bridges word forms; `RELATED` bridges the
gap between an action or a product and the topic an organisation tags it with. It maps generic
engineering vocabulary only, never names of one organisation, and a related term weighs less
than a word the task actually used. `TASK_FILLER` drops the verbs every task has.
"""
import functools
import re
from typing import Iterable, NamedTuple

from indexer.prime import index

RELATED_WEIGHT = 0.5
# A module or URL the task names (`github.com/beevik/ntp`, `https://...`) is another project's
# name: its words are no place or topic of this repository ("github" would match `.github/`).
# (It starts where a name does, not at every `.` inside one: tried at each word of `a.a.a...`, a
# 40,000-character task took 9 s.)
_MODULE = re.compile(r"(?:https?://|(?<![\w.-]))[\w-]+(?:\.[\w-]+)*\.(?:com|org|io|net|dev|in|me|co)/\S*")
PATH_WEIGHT = 0.5

TASK_FILLER = frozenset("""
    add adding added create creating make making implement implementing write writing new need needs
    want wants please fix fixing update updating change changes changing modify switch switching use
    using support let also via into get our task feature able ensure sure should would could
    must some any thing things way work working do does done just instead its
""".split())

RELATED: dict[str, str] = {
    "containerize": "container docker image dockerfile",
    "container": "docker image dockerfile",
    "docker": "container image dockerfile",
    "dockerfile": "docker container image",
    "kubernetes": "k8s container deployment cluster",
    "k8s": "kubernetes container cluster",
    "frontend": "web ui page component",
    "ui": "frontend web page component",
    "page": "frontend ui web",
    "screen": "frontend ui page",
    "component": "frontend ui",
    "react": "frontend web ui",
    "css": "frontend ui style",
    "backend": "service api server",
    "endpoint": "api route http",
    "route": "api endpoint http",
    "api": "endpoint route http",
    "s3": "storage blob bucket aws",
    "bucket": "storage blob s3",
    "blob": "storage",
    "upload": "storage",
    "attachment": "storage upload",
    "infrastructure": "iac cloud",
    "iac": "infrastructure",
    "scaffold": "infrastructure template",
    "provision": "infrastructure iac",
    "terraform": "iac infrastructure",
    "deploy": "release pipeline environment",
    "release": "deploy version",
    "ship": "deploy release",
    "rollout": "deploy release",
    "pipeline": "ci deploy workflow",
    "ci": "pipeline workflow",
    "workflow": "ci pipeline",
    "log": "observability",
    "trace": "observability telemetry",
    "metric": "observability telemetry",
    "monitor": "observability metrics alerting",
    "secret": "credentials security",
    "credential": "secret security",
    "password": "secret credentials",
    "token": "secret credentials",
    "dependency": "dependencies package",
    "package": "dependencies",
    "install": "dependencies package",
    "library": "dependencies",
    "database": "db sql schema migration",
    "db": "database",
    "migration": "database schema",
    "sql": "database",
    "privacy": "pii gdpr retention",
    "pii": "privacy gdpr",
    "gdpr": "privacy pii",
    "retention": "privacy",
    "script": "shell bash",
    "shell": "bash script",
    "bash": "shell script",
    "branch": "git",
    "commit": "git",
    "auth": "authentication security",
    "login": "authentication auth",
    "queue": "messaging",
    "typescript": "ts",
    "javascript": "js",
    "python": "py",
}


def task_terms(task: str, paths: Iterable[str] = ()) -> list[tuple[str, float]]:
    """(stem, weight) pairs for the task, best weight per stem, in a stable order."""
    weights: dict[str, float] = {}
    text = _MODULE.sub(" ", task)
    # A file the task names is named as a path is (`--paths`): its words weigh `PATH_WEIGHT`, and
    # `select` holds that file's own findings to the name floor.
    _add(weights, [stem for stem in _stems(" ".join(named_files(text))) if not stem.isdigit()], PATH_WEIGHT)
    for stem in _stems(_without_named_files(text)):
        if stem.isdigit():
            continue  # a version or an issue number ("from 1.10.0 to 1.11.1 (#3640)"), no concept of the task
        _add(weights, (stem,), 1.0)
        for word in _related(stem):
            _add(weights, _stems(RELATED[word]), RELATED_WEIGHT)
    for path in paths:
        _add(weights, [stem for stem in _stems(file_name(path)) if not stem.isdigit()], PATH_WEIGHT)
    return sorted(weights.items())


def file_name(path: str) -> str:
    """What a path names: its last segment without the extension (`TypeToken` of
    `gson/src/main/java/com/google/gson/reflect/TypeToken.java`). The folders above it are shared
    by a whole module (`src`, `main`, `java`): as task words they would match every record there,
    and what lies in or beside the path is found by the path itself (`select`'s path bonus)."""
    name = path.rstrip("/").rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[0] if "." in name[1:] else name


def _add(weights: dict[str, float], stems: Iterable[str], weight: float) -> None:
    for stem in stems:
        if weights.get(stem, 0.0) < weight:
            weights[stem] = weight


_STOP_WORDS = index.STOP_WORDS | TASK_FILLER


def _stems(text: str) -> tuple[str, ...]:
    return tuple(index.stems(text, _STOP_WORDS))


def _related(stem: str) -> list[str]:
    """The `RELATED` words with this stem, so `containers` and `logging` find them too.

    Only words with the stem's first letter are stemmed (a stem keeps its word's first letter,
    which a test checks for every word here): a prime stems a few of them, not all.
    """
    return [word for word in RELATED if word[:1] == stem[:1] and stem in _stems(word)]


# `type(scope): subject` (Conventional Commits): the type is no area, the scope is.
_KINDS = frozenset("""
    feat feature fix bugfix hotfix chore build ci docs doc refactor test tests perf style revert release
    deps dep wip bump merge cleanup fixup squash
""".split())
_REWORDS = re.compile(r"^(?:(?:fixup|squash|amend)!\s*)+|^revert\s+\"?", re.IGNORECASE)
_BRACKET = re.compile(r"^\[([^\]]{2,80})\]")
_PREFIX = re.compile(r"^([\w.\-/, ]{2,60}?)(?:\(([^)]{1,60})\))?!?:\s")


class Scope(NamedTuple):
    """What a task says of where its work is (`task_scope`)."""

    area: tuple[tuple[str, ...], ...] = ()  # the segments of the area it names, each as stems
    files: tuple[str, ...] = ()  # the names of the files it names (`named_files`)
    paths: tuple[str, ...] = ()  # the files it names by their path from the root, lower case (`guide/setup.md`)
    ci: bool = False  # its type is `ci`, the one Conventional Commits type that names a place (`is_ci_config`)
    words: frozenset[str] = frozenset()  # its own words as written, plain (`plain_form`): what a file name is held to


def task_scope(task: str) -> Scope:
    """What a task says of where its work is. Its area, by the convention of commit subjects and PR titles:
    `[area] subject`, `area: subject`, `area/sub: subject`, `type(area): subject`; none when it
    names none (a bare `fix: ...`, or `build(deps): ...`). The files it names, whether it is of type
    `ci` (`ci: ...`, `ci(scope): ...`, `[CI] ...`), and its own words."""
    text = _REWORDS.sub("", task.strip()).strip()
    words = frozenset(plain_form(word) for word in _WORDS.findall(_without_named_files(_MODULE.sub(" ", task)).lower())
                      if len(word) >= index.MIN_WORD and not word.isdigit() and word not in _STOP_WORDS)
    match = _BRACKET.match(text) or _PREFIX.match(text)
    return Scope(area=_area(text), files=named_files(task), paths=named_paths(task),
                 ci=bool(match) and match.group(1).strip().lower() == "ci", words=words)


_WORDS = re.compile(index.TOKEN_PATTERN)


def words_of_name(name: str) -> list[str]:
    """The plain words of a file's own name (`node_groups.tf`: node, group)."""
    return [plain_form(word) for word in _WORDS.findall(file_name(name).lower())]


def plain_form(word: str) -> str:
    """A lower-case word without its plural ending (`groups`, `flags`, `classes`, `policies`): a
    file name is an identifier, matched by the word's form and not by its stem, which joins more
    than forms of one word (Porter2 makes `terminate` and `terminal` both `termin`)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "zes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


# Where CI is configured, by the conventions of the common CI services.
_CI_CONFIG = (r"(?:^|/)(?:\.github/workflows/|\.github/actions/|\.circleci/|\.buildkite/|\.gitlab/ci/|"
                        r"\.gitlab-ci\.ya?ml$|\.travis\.ya?ml$|azure-pipelines[\w.-]*\.ya?ml$|Jenkinsfile$|"
                        r"\.?appveyor\.ya?ml$|\.drone\.ya?ml$|\.woodpecker/|bitbucket-pipelines\.ya?ml$)")


def is_ci_config(path: str) -> bool:
    """A CI service's configuration (`.github/workflows/test.yml`, `.gitlab-ci.yml`, `Jenkinsfile`):
    the place a `ci: ...` task is about."""
    return bool(_compiled(_CI_CONFIG).search(path))


def _area(text: str) -> tuple[tuple[str, ...], ...]:
    match = _BRACKET.match(text)
    if match:
        area = match.group(1)
    else:
        match = _PREFIX.match(text)
        if not match:
            return ()
        kind, scope = match.group(1).strip(), match.group(2)
        if scope is not None:
            area = scope
        elif kind.lower() in _KINDS or " " in kind:
            return ()  # a type, or a sentence with a colon in it
        else:
            area = kind
    segments = [tuple(stem for stem in _stems(part) if stem not in _KINDS) for part in re.split(r"[/,\s]+", area)]
    return tuple(segment for segment in segments if segment)


# A file a task names (`Update vault_read_test.go`, `Update test.yml`: GitHub's own subject for an
# edit in its web editor) by its name and a common extension: `config_options.Deprecated` or
# `github.token` name no file.
_NAMED_FILE = r"(?<![\w.-])([\w.-]*\w\.([A-Za-z][A-Za-z0-9]{0,10}))(?![\w-])"
_NAMED_PATH = r"(?<![\w./-])((?:\.?/)?(?:[\w.-]+/)+[\w.-]*\w\.[A-Za-z][A-Za-z0-9]{0,10})(?![\w/-])"
_EXTENSIONS = frozenset("""
    go py pyi js mjs cjs ts tsx jsx java kt kts scala rb rs c h cc cpp hpp cs swift m php pl lua sh bash zsh
    ps1 bat md rst txt adoc html css scss vue svelte json jsonc yml yaml toml ini cfg conf xml gradle
    properties tf tfvars hcl sql proto lock mod sum ttar tpl tmpl j2 dockerfile mk cmake bzl
""".split())


def _unless_named(match: re.Match) -> str:
    return " " if match.group(2).lower() in _EXTENSIONS else match.group(0)


def _without_named_files(text: str) -> str:
    return _compiled(_NAMED_FILE).sub(_unless_named, text) if "." in text else text


def named_files(task: str) -> tuple[str, ...]:
    """The names of the files a task names, lower case, as written (`vault_read_test.go`;
    `docs/orgmemory-yaml.md` gives `orgmemory-yaml.md`): a file's words in a task name that file, not a concept."""
    if "." not in task:
        return ()
    return tuple(dict.fromkeys(name.rsplit("/", 1)[-1].lower() for name, extension in
                               _compiled(_NAMED_FILE).findall(_MODULE.sub(" ", task))
                               if extension.lower() in _EXTENSIONS))


def named_paths(task: str) -> tuple[str, ...]:
    """The files a task names by a path with a folder, lower case (`fix the links in
    guide/setup.md`: `guide/setup.md`): where the work is, as `--paths` would say."""
    if "/" not in task:
        return ()
    return tuple(dict.fromkeys(path.lower().removeprefix("./") for path in _compiled(_NAMED_PATH).findall(_MODULE.sub(" ", task))
                               if path.rsplit(".", 1)[-1].lower() in _EXTENSIONS and not path.startswith(("/", "../"))))


@functools.cache
def _compiled(pattern: str) -> re.Pattern:
    """A pattern compiled when first used: most tasks name no file and are of no `ci` type, and
    the hooks import this module on every prompt."""
    return re.compile(pattern)


def in_scope(scope: tuple[tuple[str, ...], ...], path: str, rooted: bool = False) -> bool:
    """Whether `path` lies in the area `task_scope` read: the area's segments are consecutive
    segments of the path (its first ones, when `rooted`), a folder named exactly so (`prometheus`
    is not `prometheus-exporter/`), the last one also the start of a file's name (`ntp` is
    `ntp_linux.go`)."""
    parts = [p for p in path.strip("/").split("/") if p]
    if not scope or not parts:
        return False
    stems = [tuple(_stems(part)) for part in parts[:-1]] + [tuple(_stems(file_name(parts[-1])))]
    for start in range(1 if rooted else len(stems) - len(scope) + 1):
        window = stems[start:start + len(scope)]
        if all(a == b for a, b in zip(scope[:-1], window[:-1])):
            last, got = scope[-1], window[-1]
            at_file = start + len(scope) == len(stems) and "." in parts[-1][1:]
            if got == last or (at_file and got[:len(last)] == last):
                return True
    return False
