"""What a repository's files suggest about its conventions, for `orgmemory init`.

Everything here is a guess from file names and a few small files (Dockerfiles, YAML that may
be CloudFormation), so every result is a `Proposal`: evidence a human confirms or deletes,
never a standard in force. Pure over its inputs: a list of repo-relative paths and a reader.
"""
from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

__all__ = ["Proposal", "Inferred", "infer"]

Reader = Callable[[str], str | None]  # repo path -> text (small files only), None if unreadable

PROGRAMMING_LANGUAGES = {
    ".py": "Python", ".ts": "TypeScript", ".tsx": "TypeScript", ".js": "JavaScript",
    ".jsx": "JavaScript", ".mjs": "JavaScript", ".cjs": "JavaScript", ".go": "Go", ".java": "Java",
    ".kt": "Kotlin", ".cs": "C#", ".fs": "F#", ".rs": "Rust", ".rb": "Ruby", ".php": "PHP",
    ".c": "C", ".h": "C", ".cc": "C++", ".cpp": "C++", ".hpp": "C++", ".swift": "Swift",
    ".scala": "Scala", ".sh": "Shell", ".ps1": "PowerShell", ".sql": "SQL", ".dart": "Dart",
}
LOCKFILES = {  # base name -> (ecosystem, package manager)
    "package-lock.json": ("javascript", "npm"), "pnpm-lock.yaml": ("javascript", "pnpm"),
    "yarn.lock": ("javascript", "yarn"), "bun.lockb": ("javascript", "bun"), "bun.lock": ("javascript", "bun"),
    "poetry.lock": ("python", "Poetry"), "uv.lock": ("python", "uv"), "Pipfile.lock": ("python", "Pipenv"),
    "pdm.lock": ("python", "PDM"), "requirements.txt": ("python", "pip (requirements.txt)"),
    "Cargo.lock": ("rust", "Cargo"), "go.sum": ("go", "Go modules"), "Gemfile.lock": ("ruby", "Bundler"),
    "composer.lock": ("php", "Composer"), "packages.lock.json": ("dotnet", "NuGet"),
    "gradle.lockfile": ("jvm", "Gradle"), "pom.xml": ("jvm", "Maven"),
}
ECOSYSTEMS = {"javascript": "JavaScript", "python": "Python", "rust": "Rust", "go": "Go", "ruby": "Ruby",
              "php": "PHP", "dotnet": ".NET", "jvm": "JVM"}
CI_SYSTEMS = (  # (name, how its configuration is recognised)
    ("GitHub Actions", re.compile(r"^\.github/workflows/[^/]+\.ya?ml$")),
    ("GitLab CI", re.compile(r"^\.gitlab-ci\.ya?ml$")),
    ("Azure Pipelines", re.compile(r"(^|/)azure-pipelines[^/]*\.ya?ml$")),
    ("Jenkins", re.compile(r"(^|/)Jenkinsfile$")),
    ("CircleCI", re.compile(r"^\.circleci/config\.ya?ml$")),
    ("Bitbucket Pipelines", re.compile(r"^bitbucket-pipelines\.yml$")),
)
_CLOUDFORMATION = re.compile(r"AWSTemplateFormatVersion|Transform:\s*['\"]?AWS::Serverless")
_FROM = re.compile(r"^\s*FROM\s+(?:--platform=\S+\s+)?(\S+)", re.IGNORECASE | re.MULTILINE)
_VENDORED = ("vendor", "third_party", "third-party", "external")
_MIN_LANGUAGE_FILES = 3


@dataclass(frozen=True)
class Proposal:
    """One inferred fact, with the evidence a human needs to confirm or delete it."""

    id: str
    statement: str
    evidence: str
    tags: tuple[str, ...]
    scope: tuple[str, ...] = ()


@dataclass
class Inferred:
    """What `init` proposes for a new `.orgmemory.yaml`."""

    proposals: list[Proposal] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)  # proposed scan.exclude
    history_paths: list[str] = field(default_factory=list)  # proposed scan.history_paths


def infer(paths: Sequence[str], read: Reader) -> Inferred:
    out = Inferred()
    for guess in (_languages, _iac, _package_managers, _ci, _test_naming, _container_bases):
        out.proposals += guess(paths, read)
    out.exclude = sorted({f"{p.split('/')[0]}/**" for p in paths if p.split("/")[0] in _VENDORED})
    out.history_paths = _history_paths(paths)
    return out


# --------------------------------------------------------------------------- the guesses
def _languages(paths: Sequence[str], read: Reader) -> Iterable[Proposal]:
    counts = Counter(PROGRAMMING_LANGUAGES[ext] for ext in map(_extension, paths) if ext in PROGRAMMING_LANGUAGES)
    main = [(name, n) for name, n in counts.most_common() if n >= _MIN_LANGUAGE_FILES][:4]
    if main:
        names = [name for name, _ in main]
        yield Proposal("languages", f"The code base is written mainly in {_and(names)}.",
                       ", ".join(f"{name}: {n} files" for name, n in main),
                       ("languages", *(_tag(name) for name in names)))


def _iac(paths: Sequence[str], read: Reader) -> Iterable[Proposal]:
    tools = {
        "Terraform": [p for p in paths if p.endswith(".tf")],
        "Bicep": [p for p in paths if p.endswith(".bicep")],
        "Pulumi": [p for p in paths if re.search(r"(^|/)Pulumi(\.[^/]+)?\.ya?ml$", p)],
        "AWS CDK": [p for p in paths if posixpath.basename(p) == "cdk.json"],
        "CloudFormation": [p for p in paths if _is_cloudformation(p, read)],
    }
    for tool, files in tools.items():
        if files:
            yield Proposal(f"iac-{_tag(tool)}", f"Infrastructure is described as code with {tool}.",
                           _files_evidence(files), ("infrastructure", "iac", _tag(tool)),
                           _common_scope(files))


def _package_managers(paths: Sequence[str], read: Reader) -> Iterable[Proposal]:
    by_ecosystem: dict[str, Counter] = {}
    files: dict[str, list[str]] = {}
    for path in paths:
        found = LOCKFILES.get(posixpath.basename(path))
        if found:
            by_ecosystem.setdefault(found[0], Counter())[found[1]] += 1
            files.setdefault(found[0], []).append(path)
    for ecosystem, managers in sorted(by_ecosystem.items()):
        names = [name for name, _ in managers.most_common()]
        how = names[0] if len(names) == 1 else f"{_or(names)} (mixed: confirm which one is the standard)"
        yield Proposal(f"packages-{ecosystem}",
                       f"{ECOSYSTEMS[ecosystem]} dependencies are managed with {how}.",
                       _files_evidence(files[ecosystem]), ("dependencies", ecosystem, *map(_tag, names)),
                       _common_scope(files[ecosystem]))


def _ci(paths: Sequence[str], read: Reader) -> Iterable[Proposal]:
    for name, pattern in CI_SYSTEMS:
        files = [p for p in paths if pattern.search(p)]
        if files:
            yield Proposal(f"ci-{_tag(name)}", f"Continuous integration runs on {name}.",
                           _files_evidence(files), ("ci", _tag(name)))


def _test_naming(paths: Sequence[str], read: Reader) -> Iterable[Proposal]:
    styles = {
        "Python": Counter({"test_*.py": sum(bool(re.search(r"(^|/)test_[^/]*\.py$", p)) for p in paths),
                           "*_test.py": sum(p.endswith("_test.py") for p in paths)}),
        "JavaScript/TypeScript": Counter({"*.test.*": sum(bool(re.search(r"\.test\.[jt]sx?$", p)) for p in paths),
                                          "*.spec.*": sum(bool(re.search(r"\.spec\.[jt]sx?$", p)) for p in paths)}),
    }
    for language, counts in styles.items():
        (style, n), (_, other) = counts.most_common()
        if n >= _MIN_LANGUAGE_FILES and n >= 4 * other:
            yield Proposal(f"tests-{_tag(language)}", f"{language} test files are named {style}.",
                           f"{n} of {n + other} test files", ("tests", "conventions", _tag(language)))


def _container_bases(paths: Sequence[str], read: Reader) -> Iterable[Proposal]:
    dockerfiles = [p for p in paths if re.search(r"(^|/)(Dockerfile|Containerfile)(\.[^/]*)?$", p)]
    registries = Counter()
    for path in dockerfiles:
        images = _FROM.findall(read(path) or "")
        if images:
            registries[_registry(images[-1])] += 1
    (registry, n), *_ = registries.most_common() or [("", 0)]
    if n > len(dockerfiles) / 2:
        yield Proposal("container-base", f"Container images are built FROM {registry} base images.",
                       f"{n} of {len(dockerfiles)} Dockerfiles", ("docker", "container", "image"))


def _history_paths(paths: Sequence[str]) -> list[str]:
    found = [f"{name}*" for name in ("CHANGELOG", "HISTORY") if any(p.startswith(name) for p in paths)]
    for folder in ("docs/adr", "doc/adr", "adr", "docs/decisions"):
        if any(p.startswith(folder + "/") for p in paths):
            found.append(f"{folder}/**")
    return found


# --------------------------------------------------------------------------- helpers
def _is_cloudformation(path: str, read: Reader) -> bool:
    if _extension(path) not in (".yaml", ".yml", ".json", ".template"):
        return False
    if not re.search(r"(template|cloudformation|cfn|stack)", path, re.IGNORECASE):
        return False
    return bool(_CLOUDFORMATION.search(read(path) or ""))


def _registry(image: str) -> str:
    """`mcr.microsoft.com` for `mcr.microsoft.com/x:1`, `Docker Hub` for `python:3.11-slim`."""
    first = image.split("/")[0]
    return first if "/" in image and ("." in first or ":" in first) else "Docker Hub"


def _extension(path: str) -> str:
    return posixpath.splitext(path)[1].lower()


def _files_evidence(files: Sequence[str]) -> str:
    shown = ", ".join(sorted(files)[:3])
    return f"{len(files)} file{'s' * (len(files) != 1)}: {shown}" + (", ..." if len(files) > 3 else "")


def _common_scope(files: Sequence[str]) -> tuple[str, ...]:
    """The deepest folder holding all the files, as a scope; the whole repo when it is the root."""
    folder = posixpath.commonpath([posixpath.dirname(f) or "." for f in files]) if files else ""
    return (f"{folder}/**",) if folder not in ("", ".") else ()


def _tag(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("#", "sharp").replace("+", "p")).strip("-")


def _and(names: Sequence[str], word: str = "and") -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


def _or(names: Sequence[str]) -> str:
    return _and(names, "or")
