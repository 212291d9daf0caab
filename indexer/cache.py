"""The on-disk cache: per-blob extraction and per-line blame results, in one SQLite file.

SQLite gives us what a directory of JSON files would not: atomic multi-row writes, safe
concurrent runs (WAL + busy timeout), one read for a whole table on the warm path, and a
detectable corruption (`DatabaseError`), after which the file is rebuilt, never trusted.
A cache that cannot be opened or written at all (a read-only folder, a full disk, a folder
where the file should be) is a note, never a failure: the scan runs without it.

Where it lives is decided by `cache_dir_for` alone: one folder per repository under the user's
cache directory, named by the repository's identity (the root commit of HEAD's main line)
rather than by where it is checked out, so every command (scan, prime, hooks, report, MCP),
every clone and every CI runner that restores the folder share one cache. Every entry is keyed
by content already.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
from typing import Any, Iterable, Mapping

from indexer.confine import is_inside
from indexer.errors import OrgmemoryError

#: 2: `entries` is a rowid table (1 was WITHOUT ROWID, whose b-tree keeps whole rows in its inner
#: pages: a lookup that passed a row of megabytes read it whole to compare keys, 1-8 ms a read).
SCHEMA_VERSION = 2
CACHE_FILE = "cache.sqlite3"
TAG_FILE = "CACHEDIR.TAG"
TAG_SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55"  # https://bford.info/cachedir/
_TAG_TEXT = (TAG_SIGNATURE + "\n# This file is a cache directory tag created by orgmemory.\n"
             "# For information about cache directory tags see https://bford.info/cachedir/\n")
#: <base>/<_IDENTITIES>/<checkout key>: the folder name found by `git rev-list` ("-2": the main
#: line's root; the folders `_EARLIER_IDENTITIES` remembered were named by all the root commits)
_IDENTITIES = "identities-2"
_EARLIER_IDENTITIES = "identities"
#: <base>/<_IDENTITIES>/<_COMMITS>: "<commit> <folder name>" lines, the HEADs whose folder name a
#: checkout last found, and their first parents (newest last, at most `_KEEP_COMMITS`). A commit's
#: main line never changes, so a new checkout (a CI runner's, another clone) at one of them, or at
#: a commit whose first `_NEAR` first parents reach one, is named without the walk to the root:
#: the next push's, and a pull request's next merge commit, whose first parent is the base branch's
#: tip, as the last one's was.
_COMMITS = "commits"
_KEEP_COMMITS = 256
_NEAR = 64
_known: dict[str, str] = {}  # checkout key -> folder name, in this process
_in_use: list[str] = []  # the base `cache_dir_for` last resolved outside a work tree (`shared_file`)


class CacheLocationError(OrgmemoryError):
    """The cache folder asked for cannot be used safely; nothing was written."""


def cache_dir_for(root: str, override: str | None = None) -> str:
    """The repository's cache folder: `<base>/<identity>`.

    `base` is `override` (`--cache-dir`), else $ORGMEMORY_CACHE_DIR, else the user's cache
    directory. A base inside the work tree is used only when it is no symlink, is the user's,
    and is either new, untracked or tagged by orgmemory (`CACHEDIR.TAG`). Resolving a folder
    this function returned gives it back, so callers may pass either along.
    """
    root = os.path.realpath(root)
    base = override or os.environ.get("ORGMEMORY_CACHE_DIR") or _user_cache_dir()
    base = os.path.abspath(os.path.expanduser(base))
    parent, tail = os.path.split(base)
    if tail.startswith(("git-", "path-")) and tail == repository_key(root, parent):
        _in_use[:] = [] if _in_tree(root, parent) else [parent]
        return base
    name = repository_key(root, base)
    if _in_tree(root, base):
        _check_in_tree(root, base)
    _tag(base)
    _in_use[:] = [] if _in_tree(root, base) else [base]
    folder = os.path.join(base, name)
    if os.path.islink(folder):
        raise CacheLocationError(f"{folder}: the cache folder is a symlink; refused")
    return folder


def shared_file(name: str) -> str | None:
    """A file of orgmemory's own beside the repositories' folders (data not tied to a
    repository, such as the parsed rule pack): in $ORGMEMORY_CACHE_DIR, else in the base this
    process's `cache_dir_for` last used outside a work tree (a `--cache-dir`: no platformdirs,
    and the pathlib and tempfile it imports, ~14 ms, in a delta scan that needs the rules), else
    in the user's cache folder. None when there is no such folder or orgmemory did not make it
    (its `CACHEDIR.TAG`)."""
    base = os.environ.get("ORGMEMORY_CACHE_DIR") or (_in_use[0] if _in_use else None)
    if not base:
        try:
            base = _user_cache_dir()
        except Exception:  # noqa: BLE001 (no user cache folder: callers do without)
            return None
        _tag(base)  # the user's own cache folder, made as a scan makes it
    base = os.path.abspath(os.path.expanduser(base))
    # a `$ORGMEMORY_CACHE_DIR` is checked and tagged by `cache_dir_for` first
    return os.path.join(base, name) if _tagged(base) else None


def repository_key(root: str, base: str | None = None) -> str:
    """`git-<digest>` of the root commit of HEAD's main line (its chain of first parents), or
    `path-<digest>` of the checkout's path when there is no commit yet (the folder moves once
    there is one). The main line's root, not every root HEAD reaches: a history merged in from
    another repository (a subtree merge) adds a root and must not move the cache.

    The walk down the main line costs 0.1-0.4 s on long histories (rails' 46k first parents), so
    the answer is remembered per checkout (its path and its `.git`'s inode) under `base`, and per
    HEAD (`_COMMITS`): a new checkout of a commit seen before, as every CI run's fresh clone is,
    or of one a few first parents on, is named from that.
    """
    checkout = _checkout_key(root)
    if checkout in _known:
        return _known[checkout]
    remembered = os.path.join(base, _IDENTITIES, checkout) if base and not _in_tree(root, base) else None
    name = _read_small(remembered) if remembered else None
    if name is None:
        commits = os.path.join(base, _IDENTITIES, _COMMITS) if remembered else None
        line, name = _named_by_a_known_commit(root, commits) if commits else ((), None)
        if name is None:
            first = _root_commit(root)
            if not first:
                return "path-" + hashlib.sha256(root.encode("utf-8", "surrogateescape")).hexdigest()[:16]
            name = "git-" + hashlib.sha256(first.encode()).hexdigest()[:16]
        if remembered:
            _adopt_earlier_folder(base, checkout, name)
            _remember(remembered, name)
            if line:
                _remember_commits(commits, line, name)
    _known[checkout] = name
    return name


def _named_by_a_known_commit(root: str, commits: str) -> tuple[tuple[str, ...], str | None]:
    """(HEAD and its first parent, the folder name `_COMMITS` gives one of HEAD's first `_NEAR`
    first parents, or None); ((), None) in a shallow clone, whose main line ends where the clone
    does (its own name, as before: a result of a shallow history is never served to a whole one),
    or without a HEAD."""
    from indexer.git.run import FULL_SHA, git_process

    proc = git_process(root, "rev-parse", "--is-shallow-repository", "HEAD")
    answer = proc.stdout.decode("ascii", "replace").split() if proc.returncode == 0 else []
    if len(answer) != 2 or answer[0] != "false" or not FULL_SHA.fullmatch(answer[1]):
        return (), None
    head, known = answer[1], _known_commits(commits)
    if head in known:
        return (head,), known[head]
    proc = git_process(root, "rev-list", "--first-parent", f"--max-count={_NEAR}", head, "--")
    walked = proc.stdout.decode("ascii", "replace").split() if proc.returncode == 0 else []
    if walked[:1] != [head]:
        return (head,), None
    return tuple(walked[:2]), next((known[commit] for commit in walked if commit in known), None)


def _known_commits(path: str) -> dict[str, str]:
    """`_COMMITS`' lines as commit -> folder name, in file order (others are ignored)."""
    from indexer.git.run import FULL_SHA

    try:
        with open(path, encoding="ascii") as fh:
            lines = fh.read(_KEEP_COMMITS * 128).splitlines()
    except (OSError, ValueError):
        return {}
    known: dict[str, str] = {}
    for line in lines:
        commit, _, name = line.partition(" ")
        if FULL_SHA.fullmatch(commit) and _is_folder_name(name):
            known.pop(commit, None)
            known[commit] = name
    return known


def _remember_commits(path: str, line: tuple[str, ...], name: str) -> None:
    """Put the commits of `line` last in `_COMMITS`, HEAD last of all (a concurrent writer's lines
    may be lost: they are found again)."""
    known = _known_commits(path)
    for commit in reversed(line):
        known.pop(commit, None)
        known[commit] = name
    _remember(path, "\n".join(f"{commit} {folder}" for commit, folder in list(known.items())[-_KEEP_COMMITS:]))


def _is_folder_name(text: str) -> bool:
    return text.startswith("git-") and len(text) == 20 and text[4:].isalnum()


def _adopt_earlier_folder(base: str, checkout: str, name: str) -> None:
    """Rename the folder this checkout used when folders were named by every root commit (what
    `_EARLIER_IDENTITIES` remembered for it) to `name`, when no folder has that name yet: its
    entries are keyed by content and stay good, so the upgrade costs no cold scan and leaves no
    folder behind. Anything else (no such record, a folder already there, a concurrent scan
    that renamed it first) leaves things as they are."""
    record = os.path.join(base, _EARLIER_IDENTITIES, checkout)
    earlier = _read_small(record)
    if earlier is None or earlier == name:
        return
    source, target = os.path.join(base, earlier), os.path.join(base, name)
    if os.path.isdir(source) and not os.path.islink(source) and not os.path.lexists(target):
        try:
            os.rename(source, target)
        except OSError:
            return
    try:
        os.remove(record)
    except OSError:
        pass


def _user_cache_dir() -> str:
    import platformdirs

    return platformdirs.user_cache_dir("orgmemory", appauthor=False)


def _checkout_key(root: str) -> str:
    try:
        info = os.stat(os.path.join(root, ".git"))
        stamp = f"{info.st_dev}:{info.st_ino}"
    except OSError:
        stamp = "-"
    return hashlib.sha256(f"{root}\0{stamp}".encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _root_commit(root: str) -> str | None:
    from indexer.git.discover import root_commit

    return root_commit(root)


def _read_small(path: str) -> str | None:
    """A remembered folder name, if it is one (anything else is ignored and recomputed)."""
    try:
        with open(path, encoding="ascii") as fh:
            text = fh.read(64).strip()
    except (OSError, ValueError):
        return None
    return text if _is_folder_name(text) else None


def _remember(path: str, name: str) -> None:
    from indexer.atomic import write_atomic

    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, name + "\n")
    except (OSError, OrgmemoryError):  # (a read-only file: `indexer.atomic.ReadOnlyError`)
        pass  # remembered next time, perhaps; the answer is right either way


def _in_tree(root: str, base: str) -> bool:
    lexical = os.path.relpath(base, root)
    return is_inside(root, base) or not (lexical == ".." or lexical.startswith(".." + os.sep))


def _check_in_tree(root: str, base: str) -> None:
    """A cache inside the work tree: no symlink on the way, the user's, and ours or new."""
    relative = os.path.relpath(base, root)
    if relative == "." or relative.startswith(".."):
        raise CacheLocationError(f"{base}: the cache folder is the repository or a symlink into it; refused")
    walked = root
    for part in relative.split(os.sep):
        walked = os.path.join(walked, part)
        if os.path.islink(walked):
            raise CacheLocationError(f"{relative}: the cache folder is (inside) a symlink; refused")
    if not os.path.lexists(base):
        return
    info = os.lstat(base)
    if not os.path.isdir(base):
        raise CacheLocationError(f"{relative}: the cache folder is not a folder; refused")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise CacheLocationError(f"{relative}: the cache folder belongs to another user; refused")
    # A marker proves nothing in a tracked folder: the repository can commit one, and the index
    # beside it. Only an untracked folder that orgmemory made (or an empty one) is ours.
    if _tracked(root, relative):
        raise CacheLocationError(f"{relative}: the cache folder holds files tracked by git; refused "
                                 "(pick an untracked folder)")
    if not _tagged(base) and os.listdir(base):
        raise CacheLocationError(f"{relative}: the cache folder was not made by orgmemory (no "
                                 f"{TAG_FILE}); refused (pick a new or empty folder)")


def _tagged(base: str) -> bool:
    path = os.path.join(base, TAG_FILE)
    if os.path.islink(path):
        return False
    try:
        with open(path, encoding="ascii") as fh:
            return fh.read(len(TAG_SIGNATURE)) == TAG_SIGNATURE
    except (OSError, ValueError):
        return False


def _tracked(root: str, relative: str) -> bool:
    from indexer.git.discover import may_be_tracked

    return may_be_tracked(root, relative)


def _tag(base: str) -> None:
    """Create `base` with its `CACHEDIR.TAG` and a `.gitignore` of everything; failures are the
    cache's to report (it then runs without)."""
    try:
        os.makedirs(base, exist_ok=True)
        if not _tagged(base):
            ensure_dir(base)
            _create(os.path.join(base, TAG_FILE), _TAG_TEXT)
    except OSError:
        pass


def _create(path: str, text: str) -> None:
    """Write a new file, never through a symlink (`O_NOFOLLOW`); an existing one is left as is."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except FileExistsError:
        return
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)


def ensure_dir(directory: str) -> None:
    os.makedirs(directory, exist_ok=True)
    ignore = os.path.join(directory, ".gitignore")
    if not os.path.lexists(ignore):
        _create(ignore, "# created by orgmemory: this folder is a cache\n*\n")


class Cache:
    """The SQLite file in `directory`; unusable, it turns into a cache that holds nothing."""

    def __init__(self, directory: str) -> None:
        self.directory = directory
        self.path = os.path.join(directory, CACHE_FILE)
        self.warnings: list[str] = []
        self._db: sqlite3.Connection | None = None
        self._disabled = False

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is None and not self._disabled:
            try:
                ensure_dir(self.directory)
                if os.path.islink(self.path):
                    raise OSError(f"{CACHE_FILE} is a symlink")
                try:
                    self._db = self._open()
                except sqlite3.DatabaseError as exc:
                    self._db = self._rebuild(exc)
            except (OSError, sqlite3.Error) as exc:
                self._disable(exc)
        return self._db

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # No fsync: every entry can be made again, and a process that dies mid-write loses
            # nothing in WAL mode either way. An fsync at close wrote back the whole file when
            # it had just been restored or copied (CI's cache step): 10-15 ms of a `--since`.
            db.execute("PRAGMA synchronous=OFF")
            # nothing here needs scrubbing when deleted; builds that scrub by default (Debian's)
            # write every freed page as zeros: a superseded result of 1.2 MB written twice
            db.execute("PRAGMA secure_delete=OFF")
            if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                db.execute("DROP TABLE IF EXISTS entries")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            db.execute(
                "CREATE TABLE IF NOT EXISTS entries"
                " (kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (kind, key))"
            )
            db.execute("SELECT kind, key, value FROM entries LIMIT 0")  # a table of another shape fails here
        except BaseException:
            db.close()
            raise
        return db

    def _rebuild(self, exc: Exception) -> sqlite3.Connection | None:
        """A file SQLite cannot read (or a table of another shape) is deleted and made anew."""
        if _transient(exc):
            self._disable(exc)
            return None
        self._warn(f"cache {self.path} is unreadable ({exc}); rebuilding it")
        self.close()
        try:
            for suffix in ("", "-wal", "-shm"):
                try:
                    os.remove(self.path + suffix)
                except FileNotFoundError:
                    pass
            return self._open()
        except (OSError, sqlite3.Error) as again:
            self._disable(again)
            return None

    def _disable(self, exc: Exception) -> None:
        self.close()
        self._disabled = True
        self._warn(f"cache {self.path} cannot be used ({exc}); running without it")

    def reset(self, reason: str) -> None:
        """Forget every entry (they made the scan fail: written by something else)."""
        self._warn(f"cache {self.path} holds entries this version cannot read ({reason}); rebuilding it")
        self.close()
        try:
            for suffix in ("", "-wal", "-shm"):
                if os.path.lexists(self.path + suffix):
                    os.remove(self.path + suffix)
        except OSError as exc:
            self._disable(exc)

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        print(f"orgmemory: warning: {message}", file=sys.stderr)

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, Any]:
        """The cached values among `keys`; a row that is not a JSON object counts as missing."""
        stored = {_stored(key): key for key in keys}
        wanted = list(stored)
        if not wanted:
            return {}
        found: dict[str, Any] = {}
        try:
            db = self._connect()
            if db is None:
                return {}
            for start in range(0, len(wanted), 900):
                chunk = wanted[start:start + 900]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(
                    f"SELECT key, value FROM entries WHERE kind = ? AND key IN ({marks})", (kind, *chunk)
                )
                for key, value in rows:
                    try:
                        decoded = json.loads(value)
                    except (TypeError, ValueError):
                        continue
                    if isinstance(decoded, dict) and key in stored:
                        found[stored[key]] = decoded
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)
            return {}
        return found

    def get_flags(self, kind: str, key: str) -> dict[str, bool]:
        """The row `key` of `kind` as {name: yes or no}, what a per-HEAD cache of answers about
        paths keeps (`indexer.git.mainline`, `indexer.git.history.removed_paths`); {} when it
        is missing, entries of another shape left out."""
        row = self.get_many(kind, [key]).get(key)
        if not isinstance(row, dict):
            return {}
        return {name: value for name, value in row.items() if isinstance(name, str) and isinstance(value, bool)}

    def get_text(self, kind: str, key: str) -> str | None:
        """One value stored by `put_text`, as it was written."""
        try:
            db = self._connect()
            row = db.execute("SELECT value FROM entries WHERE kind = ? AND key = ?", (kind, _stored(key))).fetchone() \
                if db is not None else None
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)
            return None
        return _original(row[0]) if row and isinstance(row[0], str) else None

    def get_bytes(self, kind: str, key: str) -> bytes | None:
        """A value stored by `put_text`, as its UTF-8 bytes (surrogates passed: `_stored`), read
        without decoding it: what a search of megabytes for a few needles wants."""
        try:
            db = self._connect()
            row = db.execute("SELECT CAST(value AS BLOB) FROM entries WHERE kind = ? AND key = ?",
                             (kind, _stored(key))).fetchone() if db is not None else None
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)
            return None
        if not row or not isinstance(row[0], bytes):
            return None
        if row[0].startswith(b"\0"):  # (`_stored`'s second form: NUL and the bytes in hex)
            try:
                return bytes.fromhex(row[0][1:].decode("ascii"))
            except ValueError:
                return row[0]
        return row[0]

    def get_texts(self, kind: str, keys: Iterable[str]) -> dict[str, str]:
        """The values stored by `put_texts` among `keys`, as they were written."""
        stored = {_stored(key): key for key in keys}
        try:
            db = self._connect()
            if db is None or not stored:
                return {}
            marks = ",".join("?" * len(stored))
            rows = db.execute(f"SELECT key, value FROM entries WHERE kind = ? AND key IN ({marks})", (kind, *stored))
            return {stored[key]: _original(value) for key, value in rows if isinstance(value, str) and key in stored}
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)
            return {}

    def put_texts(self, kind: str, items: Mapping[str, str]) -> None:
        if items:
            self._write([(kind, key, text) for key, text in items.items()])

    def put_many(self, kind: str, items: Mapping[str, Any]) -> None:
        if items:
            self._write([(kind, key, json.dumps(value, separators=(",", ":"))) for key, value in items.items()])

    def put_text(self, kind: str, key: str, text: str) -> None:
        self._write([(kind, key, text)])

    def prune(self, kind: str, keep: Iterable[str] = (), kinds: Iterable[str] = ()) -> None:
        """Delete the rows of `kind` whose key is not in `keep`, and every row of `kinds` (what
        earlier formats left): one statement each over the primary key's range of the kind."""
        keep = [_stored(key) for key in keep]
        statements: list[tuple[str, tuple]] = []
        if len(keep) <= 900:
            marks = ",".join("?" * len(keep))
            statements.append((f"DELETE FROM entries WHERE kind = ? AND key NOT IN ({marks})", (kind, *keep)))
        statements += [("DELETE FROM entries WHERE kind = ?", (old,)) for old in kinds]
        self._execute(statements)

    def prune_keys(self, kind: str, keys: Iterable[str]) -> None:
        """Delete these rows of `kind`."""
        self._execute([("DELETE FROM entries WHERE kind = ? AND key = ?", (kind, _stored(key))) for key in keys])

    def keys_between(self, kind: str, low: str, high: str) -> list[str]:
        """The keys of `kind` from `low` (included) to `high` (excluded), from the primary key's index."""
        try:
            db = self._connect()
            if db is None:
                return []
            if _stored(low) != low or _stored(high) != high:
                return []  # (a range of keys that are no UTF-8: their stored forms are not in it)
            return [_original(key) for (key,) in db.execute(
                "SELECT key FROM entries WHERE kind = ? AND key >= ? AND key < ?", (kind, low, high))]
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)
            return []

    def _execute(self, statements: list[tuple[str, tuple]]) -> None:
        def apply(db: sqlite3.Connection) -> None:
            for sql, args in statements:
                db.execute(sql, args)

        if statements:
            self.transaction(apply, "could not prune the cache ({}); it is pruned on a later run")

    def _write(self, rows: list[tuple[str, str, str]]) -> None:
        self.transaction(lambda db: db.executemany(
            "INSERT OR REPLACE INTO entries (kind, key, value) VALUES (?, ?, ?)",
            [(kind, _stored(key), _stored(value)) for kind, key, value in rows]),
            "could not write the cache ({}); results stay correct, the next run redoes the work")

    def transaction(self, apply, busy: str) -> None:
        """`apply(db)` in one write transaction; a locked or read-only cache is a warning
        (`busy` with the reason), a damaged one is rebuilt."""
        try:
            db = self._connect()
            if db is None:
                return
            with db:
                db.execute("BEGIN IMMEDIATE")
                apply(db)
        except sqlite3.OperationalError as exc:
            self._warn(busy.format(exc))
        except sqlite3.DatabaseError as exc:
            self._db = self._rebuild(exc)

    def vacuum(self) -> None:
        """Rewrite the file without its free pages (`indexer.scan.retention`, after a sweep freed
        most of it); skipped, silently, while another process has it open in a transaction."""
        try:
            db = self._connect()
            if db is not None:
                db.execute("VACUUM")
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None


def _stored(text: str) -> str:
    """`text` as SQLite can hold it: itself, or, when it is no UTF-8 (a path git keeps as bytes,
    decoded with surrogates) or starts with NUL, NUL and the hex of its bytes. No key or value
    written otherwise starts with NUL (paths, SHAs, JSON), so the two forms never meet."""
    if text.startswith("\0"):
        return "\0" + text.encode("utf-8", "surrogatepass").hex()
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "\0" + text.encode("utf-8", "surrogatepass").hex()
    return text


def _original(text: str) -> str:
    """What `_stored` was given."""
    if text.startswith("\0"):
        try:
            return bytes.fromhex(text[1:]).decode("utf-8", "surrogatepass")
        except ValueError:
            return text
    return text


def _transient(exc: Exception) -> bool:
    """Errors that say nothing about the file's content: never a reason to delete it."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_FULL,
                                                sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN,
                                                sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM)
