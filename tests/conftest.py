"""Fixtures that build real git repositories with backdated history.

Git runs with system and global config disabled and a fixed identity, so the tests need no
set-up on the machine and produce the same commits everywhere.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest


def git_env(when: str | None = None, author: str = "Ada Lovelace") -> dict[str, str]:
    env = dict(os.environ)
    email = author.lower().replace(" ", ".") + "@example.com"
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_AUTHOR_NAME=author,
        GIT_AUTHOR_EMAIL=email,
        GIT_COMMITTER_NAME=author,
        GIT_COMMITTER_EMAIL=email,
    )
    if when:
        stamp = f"{when}T12:00:00+00:00" if len(when) == 10 else when
        env.update(GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
    return env


class GitRepo:
    """A throw-away repository: `write`, `commit(when=...)`, `git(...)`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str, when: str | None = None, author: str = "Ada Lovelace") -> str:
        return subprocess.run(
            ["git", *args], cwd=self.root, env=git_env(when, author),
            check=True, capture_output=True, text=True,
        ).stdout

    def write(self, path: str, text: str | bytes) -> Path:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            target.write_bytes(text)
        else:
            target.write_text(text, encoding="utf-8")
        return target

    def commit(self, when: str, message: str = "change", author: str = "Ada Lovelace",
               files: dict[str, str | bytes] | None = None) -> str:
        for path, text in (files or {}).items():
            self.write(path, text)
        self.git("add", "-A", when=when, author=author)
        self.git("commit", "-q", "--allow-empty", "-m", message, when=when, author=author)
        return self.git("rev-parse", "HEAD").strip()


def tracked_paths(root) -> frozenset[str]:
    """What a scan passes the history: every file git tracks (the index) and the folders above them."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True,
                           text=True).stdout.split("\0")
    paths: set[str] = set()
    for name in filter(None, files):
        parts = name.split("/")
        paths.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
    return frozenset(paths)


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


@pytest.fixture(autouse=True)
def _isolated_git(monkeypatch: pytest.MonkeyPatch) -> None:
    """The code under test runs git too: give it the same hermetic configuration."""
    for key, value in git_env().items():
        if key.startswith("GIT_"):
            monkeypatch.setenv(key, value)


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Caches go to a folder of each test (as they went to each test's repository before), never
    to the user's cache directory: test repositories often share their root commit."""
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(tmp_path_factory.mktemp("orgmemory-cache")))
