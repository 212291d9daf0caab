"""Issue 16: git invocations and `extends` sources.

A repository's `.orgmemory.yaml` is untrusted: its `extends` entries reach `git fetch`, so a ref
or URL must never be read as an option, only allowed protocols may be spoken, every git call
for them is bounded in time, nothing outside the repository may be read or echoed, and URL
credentials never appear anywhere. Ageing must fail loudly, never report zero stale TODOs
because `git blame` failed. Outside targets are files in tmp_path; git's global configuration
is a temporary file (GIT_CONFIG_GLOBAL), never the real ~/.gitconfig.
"""
from __future__ import annotations

import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import GitRepo, git_env
from indexer.cli import cli
from indexer.memory.extends import parse_source

NOW = "2026-11-01"
ORG = "version: 1\nstandards:\n  - id: org-fact\n    statement: Every repository has an owner.\n    kind: fact\n"
SECRET = "hunter2-SECRET-9c1e"
TIMEOUT = 60  # a child that runs longer than this has hung: the test fails instead of the suite


# --------------------------------------------------------------------------- helpers
def invoke(*args: str, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)


def run_cli(*args: str, cwd: Path, env: dict | None = None, timeout: float = TIMEOUT
            ) -> tuple[subprocess.CompletedProcess | None, float]:
    """The real CLI in a child (its own session, killed with its git children on a hang):
    the completed process, or None when it ran past `timeout`, and the seconds it took."""
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "indexer", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                            start_new_session=True, text=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, time.monotonic() - started
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), time.monotonic() - started


def memory(repo: GitRepo, *extends: str, when: str = "2025-02-01") -> GitRepo:
    entries = "".join(f"  - '{entry}'\n" for entry in extends)
    repo.commit(when, files={".orgmemory.yaml": f"version: 1\nextends:\n{entries}standards: []\n"})
    return repo


def validate(repo: GitRepo, cache: Path, env: dict | None = None):
    return invoke("validate", str(repo.root / ".orgmemory.yaml"), "--cache-dir", str(cache), env=env)


def all_bytes(folder: Path) -> bytes:
    """Every file under `folder`, names and contents, for "this never appears" assertions."""
    out = b""
    for path in sorted(folder.rglob("*")):
        out += str(path).encode() + b"\n"
        if path.is_file() and not path.is_symlink():
            out += path.read_bytes()
    return out


@pytest.fixture
def git_org(tmp_path: Path) -> dict:
    """An org standards repository as a bare repository (file://) that dumb HTTP can serve."""
    source = GitRepo(tmp_path / "org-src")
    source.commit("2025-01-01", files={"org.orgmemory.yaml": ORG})
    bare = tmp_path / "srv" / "org.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(source.root), str(bare)], check=True, env=git_env())
    subprocess.run(["git", "update-server-info"], cwd=bare, check=True, env=git_env())
    return {"source": source, "bare": bare}


@pytest.fixture
def git_allow_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORGMEMORY_EXTENDS_PROTOCOLS", "https,ssh,file")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def git_http(git_org):
    """The bare repository over dumb HTTP on 127.0.0.1; `stop()` frees the port for a hang."""
    handler = lambda *a, **k: _Quiet(*a, directory=str(git_org["bare"].parent), **k)  # noqa: E731
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_address[1]

    def stop() -> None:
        server.shutdown()
        server.server_close()

    yield {"port": port, "stop": stop}
    if thread.is_alive():
        stop()


def hanging_server(port: int = 0) -> tuple[socket.socket, int, threading.Event]:
    """A TCP server on 127.0.0.1 that accepts connections and never answers."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(16)
    done = threading.Event()
    held: list[socket.socket] = []

    def accept() -> None:
        listener.settimeout(0.2)
        while not done.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue
        for conn in held:
            conn.close()
        listener.close()

    threading.Thread(target=accept, daemon=True).start()
    return listener, listener.getsockname()[1], done


# --------------------------------------------------------------------------- 1. option injection
def test_a_ref_is_never_read_as_an_option_of_git_fetch(repo, tmp_path, git_allow_file):
    marker = tmp_path / "PWNED"
    memory(repo, f"git+file:///proc/self/cwd@--upload-pack=touch {marker};false#.orgmemory.yaml")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2
    assert not marker.exists()
    assert ".orgmemory.yaml:3: extends[0]:" in result.stderr and "not a valid git ref" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("ref", ["-x", "--output=/tmp/x", "a..b", "x@{1}", "x y", ".hidden", "x.lock",
                                 "x/", "x//y", "x~1", "x^", "x:y", "x*", "x\\y"])
def test_refs_are_validated(ref):
    with pytest.raises(ValueError, match="not a valid git ref"):
        parse_source(f"git+https://host/org/s.git@{ref}#o.yaml")


@pytest.mark.parametrize("ref", ["main", "v3.1", "release/2025-01", "0123abc", "a" * 40, "refs/heads/x_y+z"])
def test_ordinary_refs_are_accepted(ref):
    assert parse_source(f"git+https://host/org/s.git@{ref}#o.yaml").ref == ref


@pytest.mark.parametrize("url", ["git+ssh://-oProxyCommand=touch${IFS}x/org.git@main",
                                 "git+ssh://-oProxyCommand=x@host/org.git@main",
                                 "git+https://-host/org.git"])
def test_urls_whose_host_or_user_start_with_a_dash_are_refused(repo, tmp_path, url):
    memory(repo, url)
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2
    assert "starts with '-'" in result.stderr
    assert not (tmp_path / "cache" / "extends").exists() or not any((tmp_path / "cache" / "extends").iterdir())


def test_since_ref_from_the_command_line_is_never_an_option(repo, tmp_path):
    """Already safe before issue 16 (rev-parse --verify refuses it): kept as a guard."""
    repo.commit("2025-01-01", files={"a.py": "x = 1\n"})
    out = tmp_path / "written"
    result = invoke("scan", str(repo.root), "--now", NOW, f"--since=--output={out}", "--cache-dir",
                    str(tmp_path / "cache"))
    assert result.exit_code == 2 and not out.exists()


# --------------------------------------------------------------------------- 2. protocols
@pytest.mark.parametrize("scheme", ["file", "http", "git"])
def test_file_http_and_git_protocols_are_off_unless_allowed(repo, tmp_path, git_org, scheme):
    url = f"git+file://{git_org['bare']}@main" if scheme == "file" else f"git+{scheme}://127.0.0.1:9/x.git"
    memory(repo, url + "#org.orgmemory.yaml")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2
    assert f"{scheme}:// extends sources are not allowed" in result.stderr
    assert "ORGMEMORY_EXTENDS_PROTOCOLS" in result.stderr
    assert not (tmp_path / "cache" / "extends").exists()


def test_file_protocol_works_when_allowed(repo, tmp_path, git_org, git_allow_file):
    memory(repo, f"git+file://{git_org['bare']}@main#org.orgmemory.yaml")
    result = invoke("facts", "list", "--format", "json", "--repo", str(repo.root), "--cache-dir",
                    str(tmp_path / "cache"))
    assert result.exit_code == 0, result.stderr
    assert [s["id"] for s in json.loads(result.stdout)["standards"]] == ["org-fact"]


@pytest.mark.parametrize("value", ["ext", "https,ext", "fd"])
def test_the_allow_list_never_admits_ext_or_fd(repo, tmp_path, monkeypatch, value):
    monkeypatch.setenv("ORGMEMORY_EXTENDS_PROTOCOLS", value)
    memory(repo, "git+https://127.0.0.1:9/x.git")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2 and "ORGMEMORY_EXTENDS_PROTOCOLS" in result.stderr


def test_user_hooks_never_run_in_a_clone(repo, tmp_path, git_org, git_allow_file, monkeypatch):
    hooks = tmp_path / "hooks"
    marker = tmp_path / "HOOK-RAN"
    hooks.mkdir()
    for name in ("post-checkout", "post-merge", "reference-transaction"):
        (hooks / name).write_text(f"#!/bin/sh\ntouch {marker}\n")
        (hooks / name).chmod(0o755)
    config = tmp_path / "gitconfig"
    config.write_text(f"[core]\n\thooksPath = {hooks}\n")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    memory(repo, f"git+file://{git_org['bare']}@main#org.orgmemory.yaml")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 0, result.stderr
    assert not marker.exists()


def test_a_hook_environment_never_points_the_clone_at_the_user_repository(repo, tmp_path, git_org,
                                                                           git_allow_file, monkeypatch):
    """Inside a git hook GIT_INDEX_FILE (and GIT_DIR) are set: the clone must not use them."""
    memory(repo, f"git+file://{git_org['bare']}@main#org.orgmemory.yaml")
    index = tmp_path / "hook-index"
    monkeypatch.setenv("GIT_INDEX_FILE", str(index))
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 0, result.stderr
    assert not index.exists()


# --------------------------------------------------------------------------- 3. timeouts
def test_a_remote_that_never_answers_does_not_hang_validate(repo, tmp_path):
    listener, port, done = hanging_server()
    try:
        memory(repo, f"git+http://127.0.0.1:{port}/x.git@main#org.orgmemory.yaml")
        env = {**os.environ, "ORGMEMORY_EXTENDS_PROTOCOLS": "https,http", "ORGMEMORY_GIT_TIMEOUT": "2"}
        proc, took = run_cli("validate", ".orgmemory.yaml", "--cache-dir", str(tmp_path / "cache"),
                             cwd=repo.root, env=env, timeout=30)
    finally:
        done.set()
    assert proc is not None, f"validate hung for {took:.0f} s"
    assert proc.returncode == 2 and took < 20
    assert "timed out after 2 s" in proc.stderr and "no cached copy" in proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_a_timeout_with_a_cached_clone_uses_it_with_a_note(repo, tmp_path, git_http):
    port = git_http["port"]
    memory(repo, f"git+http://user:{SECRET}@127.0.0.1:{port}/org.git@main#org.orgmemory.yaml")
    env = {**os.environ, "ORGMEMORY_EXTENDS_PROTOCOLS": "https,http", "ORGMEMORY_GIT_TIMEOUT": "2"}
    cache = tmp_path / "cache"
    args = ("scan", ".", "--now", NOW, "--format", "json", "--cache-dir", str(cache))
    first, _ = run_cli(*args, cwd=repo.root, env=env)
    assert first is not None and first.returncode == 0, first and first.stderr
    git_http["stop"]()
    listener, _, done = hanging_server(port)
    try:
        for stamp in cache.rglob("*.fetched"):
            os.utime(stamp, (time.time() - 72 * 3600,) * 2)
        (repo.root / "a.py").write_text("x = 1\n")  # a new scan, not the memo of the first
        second, took = run_cli(*args, cwd=repo.root, env=env, timeout=30)
    finally:
        done.set()
    assert second is not None, f"scan hung for {took:.0f} s"
    assert second.returncode == 0 and took < 20, second.stderr
    [note] = [n for n in json.loads(second.stdout)["notes"] if "extends" in n]
    assert "timed out after 2 s" in note and "fetched 3 days ago" in note
    assert f"http://***@127.0.0.1:{port}/org.git" in note
    # credentials: never in any output, nor anywhere in the cache (folder names, stamps, git config)
    for text in (first.stdout, first.stderr, second.stdout, second.stderr):
        assert SECRET not in text
    assert SECRET.encode() not in all_bytes(cache)


# --------------------------------------------------------------------------- 4. reading outside
@pytest.mark.parametrize("content", [f"DB_PASSWORD={SECRET}\n", f"password: {SECRET}\n",
                                     f"version: {SECRET}\n", f"standards: [{{id: x, statement: [{SECRET}]}}]\n",
                                     f"x: [\n{SECRET}: {{\n"])
def test_an_extended_env_file_is_never_echoed(repo, tmp_path, content):
    repo.write("prod.env", content)  # untracked, as secrets are
    memory(repo, "prod.env")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2
    assert "prod.env" in result.stderr and SECRET not in result.stderr + result.stdout


def test_an_extended_file_in_another_local_repository_is_never_echoed(repo, tmp_path, git_allow_file):
    other = GitRepo(tmp_path / "infra")
    other.commit("2025-01-01", files={"prod.env": f"API_TOKEN={SECRET}\n"})
    memory(repo, f"git+file://{other.root}#prod.env")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2
    assert "prod.env" in result.stderr and SECRET not in result.stderr + result.stdout


def test_a_symlinked_folder_out_of_the_repository_is_refused(repo, tmp_path):
    """Already refused before issue 16 (now through indexer/confine.py): kept as a guard."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "org.yaml").write_text(ORG)
    memory(repo, "platform/org.yaml")
    os.symlink(outside, repo.root / "platform")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2 and "escapes the repository" in result.stderr


def test_url_credentials_never_appear_in_errors(repo, tmp_path):
    memory(repo, f"git+https://x-access-token:{SECRET}@127.0.0.1:9/org/x.git@main#o.yaml")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2 and "cannot fetch" in result.stderr
    assert "https://***@127.0.0.1:9/org/x.git" in result.stderr
    assert SECRET not in result.stderr + result.stdout


def test_url_credentials_never_appear_in_parse_errors(repo, tmp_path):
    memory(repo, f"git+https://user:{SECRET}@host/org/x.git@a..b#o.yaml")
    result = validate(repo, tmp_path / "cache")
    assert result.exit_code == 2 and "not a valid git ref" in result.stderr
    assert SECRET not in result.stderr


# --------------------------------------------------------------------------- 5. ageing
def stale_todos(result) -> list[dict]:
    return [f for f in json.loads(result.stdout)["findings"] if f["rule"] == "stale-todo"]


def test_a_huge_remote_url_is_not_read(repo, tmp_path):
    """The remote's URL is the repository's own `.git/config` (an archive brings it): read as a
    host, owner and name, 100 KB of it took minutes (the pattern costs the square of its length).
    A URL longer than any real one names no repository."""
    repo.commit("2024-01-10", files={"README.md": "# x\n"})
    repo.git("remote", "add", "origin", "a" * 100_000)
    proc, _seconds = run_cli("scan", ".", "--now", "2026-01-01", "--cache-dir", str(tmp_path / "c"), cwd=repo.root)
    assert proc is not None and proc.returncode == 0, proc and proc.stderr


def test_a_missing_global_ignore_revs_file_does_not_hide_stale_todos(repo, tmp_path, monkeypatch):
    repo.commit("2022-03-01", files={"app.py": "# TODO: paginate the orders list\nx = 1\n"})
    config = tmp_path / "gitconfig"
    config.write_text("[blame]\n\tignoreRevsFile = .git-blame-ignore-revs\n")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    result = invoke("scan", str(repo.root), "--now", NOW, "--format", "json", "--fail-on", "never",
                    "--cache-dir", str(tmp_path / "cache"))
    assert result.exit_code == 0, result.stderr
    assert [f["path"] for f in stale_todos(result)] == ["app.py"]


def test_a_blame_that_still_fails_is_an_error_not_zero_findings(repo, tmp_path):
    """A damaged history (here a lost blob, as in a partial clone gone offline) fails blame."""
    repo.commit("2022-03-01", files={"app.py": "# TODO: paginate the orders list\nx = 1\n"})
    old_blob = repo.git("rev-parse", "HEAD:app.py").strip()
    repo.commit("2026-10-01", files={"app.py": "# TODO: paginate the orders list\nx = 2\n"})
    (repo.root / ".git" / "objects" / old_blob[:2] / old_blob[2:]).unlink()
    result = invoke("scan", str(repo.root), "--now", NOW, "--format", "json", "--fail-on", "never",
                    "--cache-dir", str(tmp_path / "cache"))
    assert result.exit_code == 2
    assert "app.py" in result.stderr and "git blame" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# --------------------------------------------------------------------------- the repository's .git/config
def _hostile_git_config(repo: GitRepo, tmp_path: Path) -> Path:
    """A repository whose own configuration names a program for each way git runs one while
    orgmemory reads it (a repository opened from an archive brings its `.git` along): each
    program leaves a file in `ran/`. One file was edited and another touched, so git compares
    work-tree content (clean filter), refreshes the index (hooks) and blames the work tree."""
    ran = tmp_path / "ran"
    ran.mkdir()
    repo.commit("2022-03-01", files={"app.py": "# TODO: paginate the orders list\nx = 1\n",
                                     "lib.py": "y = 2\n", ".gitattributes": "* filter=evil diff=evil\n"})
    repo.commit("2022-04-01", files={"lib.py": "y = 3\n"})

    def program(name: str) -> str:
        return f"sh -c 'touch {ran}/{name}; cat' --"
    for key, value in {"core.fsmonitor": f"{ran}/fsmonitor-hook", "filter.evil.clean": program("clean"),
                       "filter.evil.smudge": program("smudge"), "filter.evil.required": "true",
                       "diff.evil.textconv": program("textconv"), "log.showSignature": "true",
                       "gpg.program": program("gpg")}.items():
        repo.git("config", key, value)
    for hook in (tmp_path / "ran-fsmonitor", repo.root / ".git" / "hooks" / "post-index-change"):
        hook.write_text(f"#!/bin/sh\ntouch {ran}/{hook.name}\n")
        hook.chmod(0o755)
    (tmp_path / "ran-fsmonitor").rename(ran.parent / "fsmonitor-hook")
    repo.git("config", "core.fsmonitor", str(ran.parent / "fsmonitor-hook"))
    with open(repo.root / "app.py", "a", encoding="utf-8") as fh:
        fh.write("# TODO: and sort it\n")
    os.utime(repo.root / "lib.py", (time.time() + 5, time.time() + 5))
    return ran


@pytest.mark.parametrize("args", [("scan",), ("scan", "--since", "HEAD~1"), ("prime", "paginate the orders"),
                                  ("hook", "pre-commit", "app.py")])
def test_the_repositorys_own_git_config_runs_no_program(repo, tmp_path, args):
    ran = _hostile_git_config(repo, tmp_path)
    proc, _ = run_cli(*args, "--now", NOW, "--cache-dir", str(tmp_path / "cache"), cwd=repo.root)
    assert proc is not None and sorted(os.listdir(ran)) == []
    assert proc.returncode in (0, 1), proc.stderr
    if args == ("scan",):  # (the work tree was read and blamed: the old TODO is stale)
        assert "paginate the orders list" in proc.stdout


@pytest.mark.parametrize("args", [("scan",), ("scan", "--since", "HEAD~1"), ("prime", "paginate the orders")])
def test_a_submodules_own_git_config_runs_no_program(repo, tmp_path, args):
    """git looks inside a submodule with the submodule's configuration, whose filters no
    setting of ours names: a submodule is one line, its commit, and never looked inside."""
    ran = tmp_path / "ran"
    ran.mkdir()
    sub = GitRepo(tmp_path / "sub")
    sub.commit("2022-01-01", files={"lib.py": "y = 1\n", ".gitattributes": "* filter=evil\n"})
    repo.commit("2022-03-01", files={"app.py": "# TODO: paginate the orders list\n"})
    repo.git("-c", "protocol.file.allow=always", "submodule", "-q", "add", str(sub.root), "sub")
    repo.commit("2022-04-01")
    sub.commit("2022-05-01", files={"lib.py": "y = 2\n", ".gitattributes": "* filter=evil diff=evil\n"})
    repo.git("-c", "protocol.file.allow=always", "-C", "sub", "pull", "-q", "origin", "main")
    repo.commit("2022-06-01")  # (the submodule's commit moved: `--since HEAD~1` diffs it)
    module = repo.root / ".git" / "modules" / "sub" / "config"
    for key, name in (("filter.evil.clean", "clean"), ("diff.evil.textconv", "textconv")):
        subprocess.run(["git", "config", "--file", str(module), key, f"sh -c 'touch {ran}/{name}; cat' --"], check=True)
    repo.git("config", "diff.submodule", "diff")
    os.utime(repo.root / "sub" / "lib.py", (time.time() + 5, time.time() + 5))
    with open(repo.root / "sub" / "lib.py", "a", encoding="utf-8") as fh:
        fh.write("z = 2\n")
    proc, _ = run_cli(*args, "--now", NOW, "--cache-dir", str(tmp_path / "cache"), cwd=repo.root)
    assert proc is not None and sorted(os.listdir(ran)) == []
    assert proc.returncode in (0, 1), proc.stderr


def test_the_users_own_content_filters_still_apply(repo, tmp_path, monkeypatch):
    """Only the repository's drivers are turned off: the user's global ones (Git LFS's) run."""
    ran = tmp_path / "ran"
    ran.mkdir()
    config = tmp_path / "gitconfig"
    subprocess.run(["git", "config", "--file", str(config), "filter.mine.clean", f"sh -c 'touch {ran}/clean; cat'"],
                   check=True)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    repo.commit("2022-03-01", files={"app.py": "# TODO: paginate the orders list\n",
                                     ".gitattributes": "* filter=mine\n"})
    os.utime(repo.root / "app.py", (time.time() + 5, time.time() + 5))
    result = invoke("scan", str(repo.root), "--now", NOW, "--format", "json", "--fail-on", "never",
                    "--cache-dir", str(tmp_path / "cache"))
    assert result.exit_code == 0, result.stderr
    assert os.listdir(ran) == ["clean"]


def test_a_filter_name_a_setting_cannot_reach_is_refused(repo, tmp_path):
    repo.commit("2022-03-01", files={"app.py": "# TODO: x\n", ".gitattributes": "* filter=a=b\n"})
    repo.git("config", "filter.a=b.clean", f"sh -c 'touch {tmp_path}/ran; cat'")
    os.utime(repo.root / "app.py", (time.time() + 5, time.time() + 5))
    proc, _ = run_cli("scan", "--now", NOW, "--cache-dir", str(tmp_path / "cache"), cwd=repo.root)
    assert proc is not None and proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "filter" in proc.stderr
    assert not (tmp_path / "ran").exists()


@pytest.mark.parametrize("args", [("scan",), ("scan", "--since", "HEAD~1"), ("prime", "paginate the orders"),
                                  ("hook", "pre-commit", "app.py")])
def test_a_work_tree_the_repositorys_config_places_elsewhere_is_not_read(repo, tmp_path, args):
    """`core.worktree` in a repository's own `.git/config` (one opened from an archive) moves its
    work tree to another folder: here the parent, itself a repository, whose files git would
    then list and orgmemory read and quote. One line, exit 2, nothing of the parent's read."""
    outer = GitRepo(tmp_path / "outer")
    outer.commit("2022-01-01", files={"notes.py": f"# TODO: {SECRET}\n"})
    inner = GitRepo(outer.root / "inner")
    inner.commit("2022-03-01", files={"app.py": "# TODO: paginate the orders list\n"})
    inner.commit("2022-04-01", files={"lib.py": "y = 1\n"})
    inner.git("config", "core.worktree", "../..")  # (relative to .git: the outer repository's folder)
    proc, _ = run_cli(*args, "--now", NOW, "--cache-dir", str(tmp_path / "cache"), cwd=inner.root)
    assert proc is not None and proc.returncode == 2, proc.stdout + proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "core.worktree" in proc.stderr
    assert SECRET not in proc.stdout + proc.stderr


# --------------------------------------------------------------------------- 6. git missing
@pytest.mark.parametrize("args", [
    ("validate", ".orgmemory.yaml"), ("facts", "list"), ("stats",), ("sync", "--check"),
    ("scan", "."), ("explain", "app.py"), ("baseline",), ("report", "--html", "out.html"),
])
def test_without_git_every_command_is_one_line_and_exit_2(repo, tmp_path, args):
    repo.commit("2022-03-01", files={"app.py": "# TODO: x\n"})
    memory(repo, "git+https://127.0.0.1:9/org/x.git@main#o.yaml")
    env = {**os.environ, "PATH": str(tmp_path / "nonexistent")}
    proc, _ = run_cli(*args, "--cache-dir", str(tmp_path / "cache"), cwd=repo.root, env=env)
    assert proc is not None
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.strip() == "orgmemory: error: git is not installed or not on PATH"
