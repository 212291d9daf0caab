"""The on-disk cache: per-blob extraction and per-line blame results, in one SQLite file.

SQLite gives us what a directory of JSON files would not: atomic multi-row writes, safe
concurrent runs (WAL + busy timeout), one read for a whole table on the warm path, and a
detectable corruption (`DatabaseError`), after which the file is rebuilt, never trusted.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
from typing import Any, Iterable, Mapping

SCHEMA_VERSION = 1
DEFAULT_DIRNAME = ".orgmemory"


def cache_dir_for(root: str, override: str | None = None) -> str:
    """`--cache-dir`, else $ORGMEMORY_CACHE_DIR, else `<repo>/.orgmemory`.

    A shared override directory gets one sub-folder per repository, so two repositories with
    the same file at the same path never read each other's blame.
    """
    base = override or os.environ.get("ORGMEMORY_CACHE_DIR")
    if not base:
        return os.path.join(root, DEFAULT_DIRNAME)
    digest = hashlib.sha1(os.path.realpath(root).encode()).hexdigest()[:12]
    return os.path.join(base, f"{os.path.basename(root) or 'repo'}-{digest}")


def ensure_dir(directory: str) -> None:
    os.makedirs(directory, exist_ok=True)
    ignore = os.path.join(directory, ".gitignore")
    if not os.path.exists(ignore):
        with open(ignore, "w", encoding="utf-8") as fh:
            fh.write("# created by orgmemory: this folder is a cache\n*\n")


class Cache:
    def __init__(self, directory: str) -> None:
        self.directory = directory
        self.path = os.path.join(directory, "cache.sqlite3")
        self.warnings: list[str] = []
        self._db: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            ensure_dir(self.directory)
            try:
                self._db = self._open()
            except sqlite3.DatabaseError as exc:
                self._db = self._rebuild(exc)
        return self._db

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            db.execute("DROP TABLE IF EXISTS entries")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute(
            "CREATE TABLE IF NOT EXISTS entries"
            " (kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (kind, key))"
            " WITHOUT ROWID"
        )
        return db

    def _rebuild(self, exc: Exception) -> sqlite3.Connection:
        self._warn(f"cache {self.path} is unreadable ({exc}); rebuilding it")
        for suffix in ("", "-wal", "-shm"):
            try:
                os.remove(self.path + suffix)
            except FileNotFoundError:
                pass
        return self._open()

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        print(f"orgmemory: warning: {message}", file=sys.stderr)

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, Any]:
        """The cached values among `keys`; corrupt rows count as missing."""
        wanted = list(keys)
        if not wanted:
            return {}
        found: dict[str, Any] = {}
        try:
            db = self._connect()
            for start in range(0, len(wanted), 900):
                chunk = wanted[start:start + 900]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(
                    f"SELECT key, value FROM entries WHERE kind = ? AND key IN ({marks})", (kind, *chunk)
                )
                for key, value in rows:
                    try:
                        found[key] = json.loads(value)
                    except ValueError:
                        continue
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)
            return {}
        return found

    def get_text(self, kind: str, key: str) -> str | None:
        """One value stored by `put_text`, as it was written."""
        try:
            row = self._connect().execute(
                "SELECT value FROM entries WHERE kind = ? AND key = ?", (kind, key)).fetchone()
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)
            return None
        return row[0] if row else None

    def put_many(self, kind: str, items: Mapping[str, Any]) -> None:
        if items:
            self._write([(kind, key, json.dumps(value, separators=(",", ":"))) for key, value in items.items()])

    def put_text(self, kind: str, key: str, text: str) -> None:
        self._write([(kind, key, text)])

    def _write(self, rows: list[tuple[str, str, str]]) -> None:
        try:
            db = self._connect()
            with db:
                db.execute("BEGIN IMMEDIATE")
                db.executemany("INSERT OR REPLACE INTO entries (kind, key, value) VALUES (?, ?, ?)", rows)
        except sqlite3.OperationalError as exc:
            self._warn(f"could not write the cache ({exc}); results stay correct, the next run redoes the work")
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
