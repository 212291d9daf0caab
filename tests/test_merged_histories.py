"""A path counts as removed or renamed only if HEAD's main line (its first parents) ever had it.

Rails merged in the actionmailbox and actiontext repositories with their own histories (subtree
merges); those histories deleted top-level `app/views/.DS_Store` and `test/dummy/...` before
the merge, and every rails doc naming a Rails app's `app/views` was reported "was deleted in
2031d53" (146 of 197 dangling-reference findings, all false). A deletion on a feature branch
merged into main is still one: its merge removes the path from the main line.

Real repositories with backdated commits, the real CLI (`scan`, and the delta scan against a
cold one).
"""
from __future__ import annotations

import os

from indexer.extract.references.readers import extract_references
from test_delta import assert_same_as_cold, run_scan
from test_references import found, scan


def merge_library(repo, tmp_path) -> str:
    """A library with a history of its own (it deleted its top-level `app/views/.DS_Store` and
    `test/dummy/boot.rb`) merged in under `mailbox/` as a subtree: its second root. Returns the
    library's deleting commit."""
    library = tmp_path / "library"
    from conftest import GitRepo

    lib = GitRepo(library)
    lib.commit("2018-09-01", "skeleton", files={
        "app/views/.DS_Store": "x", "app/views/inbox.html": "<p>inbox</p>\n",
        "test/dummy/boot.rb": "puts 1\n", "lib/tasks/mail.rake": "task :mail\n",
        "README.md": "# Mailbox\n",
    })
    os.remove(library / "app/views/.DS_Store")
    os.remove(library / "test/dummy/boot.rb")
    deleting = lib.commit("2018-10-03", "delete .DS_Store files")
    repo.git("fetch", "-q", str(library), "main:library", when="2018-11-01")
    repo.git("merge", "-q", "-s", "ours", "--no-commit", "--allow-unrelated-histories", "library", when="2018-11-01")
    repo.git("read-tree", "--prefix=mailbox/", "-u", "library", when="2018-11-01")
    repo.git("commit", "-q", "-m", "import mailbox with its history", when="2018-11-01")
    return deleting


def test_a_history_merged_in_from_another_root_removed_nothing_of_this_repository(repo, tmp_path):
    repo.commit("2018-01-10", files={"README.md": "# Framework\n", "lib/core.rb": "puts 0\n"})
    merge_library(repo, tmp_path)
    repo.commit("2026-06-01", files={
        "README.md": "# Framework\n\nTemplates live in `app/views/` of your application.\n"
                     "Its [boot file](test/dummy/boot.rb) is written by the generator.\n",
        "lib/generator.rb": "# TODO: stop writing test/dummy/boot.rb here\nputs 1\n",
    })
    report = scan(repo.root)
    # a link is a claim whatever history says: missing, not "deleted in" the library's commit;
    # the code span is a mention of an app's folder (its first folder exists nowhere here)
    assert found(report, "dangling-reference") == {("README.md", 4): "test/dummy/boot.rb does not exist"}
    assert found(report, "stale-todo") == {}  # (a recent TODO: stale only if its path were gone)


def test_a_deletion_on_a_merged_feature_branch_and_on_the_main_line_still_count(repo, tmp_path):
    repo.commit("2018-01-10", files={
        "README.md": "# Framework\n", "scripts/seed.sh": "echo seed\n", "scripts/old.sh": "echo old\n",
        "docs/ops.md": "# Ops\n\n1. Run `scripts/seed.sh`.\n2. Then `scripts/old.sh`.\n",
        "lib/generator.rb": "# TODO: drop once scripts/seed.sh is gone\nputs 1\n",
    })
    merge_library(repo, tmp_path)
    repo.git("checkout", "-q", "-b", "feature")
    os.remove(repo.root / "scripts/seed.sh")
    on_branch = repo.commit("2024-03-01", "drop the seed script")
    repo.git("checkout", "-q", "main")
    repo.commit("2024-03-02", files={"lib/core.rb": "puts 0\n"})  # main moved on: a real merge, not a fast-forward
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature", when="2024-03-03")
    os.remove(repo.root / "scripts/old.sh")
    on_main = repo.commit("2025-05-20", "drop the old script")
    report = scan(repo.root)
    assert found(report, "dangling-reference") == {
        ("docs/ops.md", 3): f"scripts/seed.sh was deleted in {on_branch[:7]}, 2024-03-01",
        ("docs/ops.md", 4): f"scripts/old.sh was deleted in {on_main[:7]}, 2025-05-20",
    }
    todos = {(f["path"], f["line"]): f for f in report["findings"] if f["rule"] == "stale-todo"}
    assert todos[("lib/generator.rb", 1)]["missing_paths"] == ["scripts/seed.sh"]


def test_the_delta_scan_applies_the_same_rule(repo, tmp_path):
    repo.commit("2018-01-10", files={"README.md": "# Framework\n", "lib/core.rb": "puts 0\n",
                                     "docs/guide.md": "# Guide\n\nSee [core](lib/core.rb).\n"})
    merge_library(repo, tmp_path)
    repo.commit("2025-06-01", files={"notes.md": "# Notes\n"})
    warm = tmp_path / "warm"
    run_scan(repo.root, warm)
    (repo.root / "docs/guide.md").write_text(
        "# Guide\n\nSee [core](lib/core.rb) and [the inbox](app/views/inbox.html).\n"
        "Boot with test/dummy/boot.rb.\n", encoding="utf-8")
    assert_same_as_cold(repo, tmp_path, warm)
    assert "was deleted" not in run_scan(repo.root, warm, "--format", "json").stdout


def test_a_cd_into_a_temporary_or_cloned_folder_leaves_the_repository():
    text = ("bin/lazyfs:\n"
            "\tgit clone --depth 1 https://example.com/lazyfs /opt/lazyfs\n"
            "\tcd /tmp/lazyfs/libs; ./build.sh\n"
            "\tcd /opt/lazyfs; ./configure.sh\n"
            "\t./scripts/build.sh\n"
            "\tcd /app && ./scripts/release.sh\n")
    assert {(r.line, r.target) for r in extract_references("Makefile", text.encode())} == {
        (5, "./scripts/build.sh"), (6, "./scripts/release.sh"),
    }


def test_a_removed_name_with_a_newline_is_no_pathspec_line(tmp_path):
    """A committed name may hold a newline; as a line of `git log --stdin` it would be two
    pathspecs (the second without `:(literal)`). It keeps the whole history's answer, and a name
    list of only such names runs no walk over every path."""
    import subprocess

    from indexer.git.mainline import _walk

    root = tmp_path / "r"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "a").write_text("x\n")
    subprocess.run(["git", "-C", str(root), "add", "a"], check=True)
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a"], check=True)
    assert _walk(str(root), "HEAD", ["b\n*"]) == {"b\n*"}
    assert _walk(str(root), "HEAD", ["b\n*", "a", "never"]) == {"b\n*", "a"}


def test_with_the_scans_commit_graph_the_main_line_is_walked_in_windows_to_the_same_answer(repo, tmp_path, monkeypatch):
    """With many TODO files the scan writes a commit-graph; the main-line question is then asked
    of the chain in windows of doubling length, each for the paths not seen yet
    (`mainline._walk_chain`). Deletions in early and late windows, on the main line and on
    merged feature branches, and paths only another root's history had, get the answer of one
    walk over the whole chain, and the scan's findings are those of the rule."""
    from indexer.git import blame, mainline

    many = {f"lib/m{i}.rb": f"# TODO: old {i}\nputs {i}\n" for i in range(blame.GRAPH_MIN_FILES + 2)}
    repo.commit("2010-01-10", files={
        "README.md": "# Framework\n", "scripts/seed.sh": "echo seed\n", "scripts/old.sh": "echo old\n",
        "scripts/older.sh": "echo older\n", "tools/early.sh": "echo early\n", **many,
        "docs/ops.md": "# Ops\n\n1. Run `scripts/seed.sh`.\n2. Then `scripts/old.sh`.\n"
                       "3. Then `scripts/older.sh`.\n4. Then `tools/early.sh`.\n",
    })
    repo.git("checkout", "-q", "-b", "early-feature")
    os.remove(repo.root / "tools/early.sh")
    early_branch = repo.commit("2011-03-01", "drop the early tool")
    repo.git("checkout", "-q", "main")
    repo.commit("2011-03-02", files={"lib/core.rb": "puts 0\n"})
    repo.git("merge", "-q", "--no-ff", "-m", "merge early feature", "early-feature", when="2011-03-03")
    os.remove(repo.root / "scripts/older.sh")
    early_main = repo.commit("2012-05-20", "drop the older script")
    merge_library(repo, tmp_path)
    repo.git("checkout", "-q", "-b", "feature")
    os.remove(repo.root / "scripts/seed.sh")
    on_branch = repo.commit("2024-03-01", "drop the seed script")
    repo.git("checkout", "-q", "main")
    repo.commit("2024-03-02", files={"lib/core.rb": "puts 1\n"})
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature", when="2024-03-03")
    os.remove(repo.root / "scripts/old.sh")
    on_main = repo.commit("2025-05-20", "drop the old script")
    cache = tmp_path / "cache"
    monkeypatch.setenv("ORGMEMORY_CACHE_DIR", str(cache))
    monkeypatch.setattr(mainline, "_FIRST_WINDOW", 1)  # windows of 1, 2, 4... commits: several here
    report = scan(repo.root)
    assert found(report, "dangling-reference") == {
        ("docs/ops.md", 3): f"scripts/seed.sh was deleted in {on_branch[:7]}, 2024-03-01",
        ("docs/ops.md", 4): f"scripts/old.sh was deleted in {on_main[:7]}, 2025-05-20",
        ("docs/ops.md", 5): f"scripts/older.sh was deleted in {early_main[:7]}, 2012-05-20",
        ("docs/ops.md", 6): f"tools/early.sh was deleted in {early_branch[:7]}, 2011-03-01",
    }
    head = repo.git("rev-parse", "HEAD").strip()
    [folder] = [str(p.parent) for p in cache.rglob("git-commit-graph")]
    paths = ["scripts/seed.sh", "scripts/old.sh", "scripts/older.sh", "tools/early.sh", "tools", "scripts",
             "app/views/.DS_Store", "app/views", "test/dummy/boot.rb", "test/dummy", "never/there", "b\n*"]
    whole = mainline._walk(str(repo.root), head, paths)
    assert whole == {"scripts/seed.sh", "scripts/old.sh", "scripts/older.sh", "tools/early.sh", "tools", "scripts",
                     "b\n*"}
    for first in (1, 2, 3, 100):
        monkeypatch.setattr(mainline, "_FIRST_WINDOW", first)
        assert mainline._walk_chain(str(repo.root), head, paths, folder) == whole, first
    # a path only one commit of the main line touched, at every place of the chain (a window's
    # first and last commit among them; one added by a merge of a branch), and one only a branch had
    for i in range(8):
        if i == 4:
            repo.git("checkout", "-q", "-b", "marks")
            repo.commit("2026-01-03", files={"marks/merged.txt": "m\n", "marks/branch-only.txt": "b\n"})
            os.remove(repo.root / "marks/branch-only.txt")
            repo.commit("2026-01-04")
            repo.git("checkout", "-q", "main")
        repo.commit(f"2026-02-0{i + 1}", files={f"marks/{i}.txt": f"{i}\n"})
    repo.git("merge", "-q", "--no-ff", "-m", "merge marks", "marks", when="2026-02-10")
    head = repo.git("rev-parse", "HEAD").strip()
    marks = [f"marks/{i}.txt" for i in range(8)] + ["marks/merged.txt", "marks/branch-only.txt"]
    assert mainline._walk(str(repo.root), head, marks) == set(marks) - {"marks/branch-only.txt"}
    for first in (1, 2, 3):
        monkeypatch.setattr(mainline, "_FIRST_WINDOW", first)
        assert mainline._walk_chain(str(repo.root), head, marks, folder) == set(marks) - {"marks/branch-only.txt"}


def test_a_new_head_on_the_main_line_looks_for_paths_in_its_new_commits_alone(repo, tmp_path, monkeypatch):
    """The answers kept for a HEAD carry to a HEAD whose first-parent chain holds it (the scan
    after a merge into main): a path the main line touched stays touched, one it did not is
    looked for in the new commits alone (a merge's diff against its first parent names what the
    branch added), and only a path never asked walks the whole chain. A HEAD whose chain holds no
    kept HEAD starts over. Each answer is the one a fresh cache gives."""
    from indexer.cache import Cache
    from indexer.git import mainline

    root = repo.commit("2020-01-01", files={"a/x.txt": "x\n", "b/y.txt": "y\n"})
    first = repo.commit("2020-02-01", files={"a/x.txt": "x2\n"})
    calls = []
    walk = mainline._walk
    monkeypatch.setattr(mainline, "_walk", lambda where, head, paths, env=None, exclude="": (
        calls.append((sorted(paths), exclude)), walk(where, head, paths, env, exclude))[1])
    cache, asked = Cache(str(tmp_path / "cache")), ["a", "c/z.txt", "d"]
    assert mainline.touched(str(repo.root), asked, first, cache) == {"a"}
    repo.git("checkout", "-q", "-b", "side", first)
    repo.commit("2020-03-01", files={"c/z.txt": "z\n"})
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side", when="2020-03-02")
    merged = repo.git("rev-parse", "HEAD").strip()
    calls.clear()
    assert mainline.touched(str(repo.root), [*asked, "e"], merged, cache) == {"a", "c/z.txt"}
    assert calls == [(["c/z.txt", "d"], first), (["e"], "")]
    assert mainline.touched(str(repo.root), [*asked, "e"], merged, Cache(str(tmp_path / "fresh"))) == {"a", "c/z.txt"}
    repo.git("checkout", "-q", "-b", "other", root)
    other = repo.commit("2020-04-01", files={"d/w.txt": "w\n"})
    calls.clear()
    assert mainline.touched(str(repo.root), asked, other, cache) == {"a", "d"}
    assert calls == [(["a", "c/z.txt", "d"], "")]


def test_the_delta_scan_after_a_commit_asks_the_main_line_of_its_new_commits_alone(repo, tmp_path, monkeypatch):
    """The delta asks the main line what the scan of the commit before asked, through the same
    cache: with the answers of HEAD~1 kept, the walk reads the new commit alone (rails: a merge
    of a one-line doc fix took 1.1 s, all of it this walk over 46k first-parent commits)."""
    import glob

    from indexer.cache import Cache
    from indexer.git import mainline

    repo.commit("2018-01-10", files={"README.md": "# Framework\n", "lib/core.rb": "puts 0\n",
                                     "docs/guide.md": "# Guide\n\nBoot with test/dummy/boot.rb.\n"})
    merge_library(repo, tmp_path)
    before = repo.commit("2025-06-01", files={"notes.md": "# Notes\n"})
    warm = tmp_path / "warm"
    run_scan(repo.root, warm)
    head = repo.commit("2025-06-02", files={"docs/guide.md": "# Guide\n\nBoot with test/dummy/boot.rb now.\n"})
    assert_same_as_cold(repo, tmp_path, warm, "--since", "HEAD~1")
    cache = Cache(os.path.dirname(glob.glob(str(warm / "*" / "cache.sqlite3"))[0]))
    assert mainline._kept_heads(cache)[:2] == [head, before]
    assert cache.get_flags(mainline.CACHE_KIND, head) == cache.get_flags(mainline.CACHE_KIND, before) != {}


def test_a_removal_merged_from_a_branch_is_answered_from_the_main_lines_tree_without_a_walk(repo, monkeypatch):
    """etcd merges every change from a branch: the commit that removed a path is rarely on the
    main line, and walking the chain for those paths took 0.6 s of its 3.4 s cold scan. The main
    line's tree from before the removal holds the path, so the main line had it. A path only the
    branch ever had is still walked for, and is no removal of the main line."""
    from indexer.git import mainline

    repo.commit("2020-01-10", files={"README.md": "# etcd\n", "wal/wal.go": "package wal\n", "scripts/seed.sh": "x\n"})
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("2024-02-01", files={"branch-only/tool.sh": "x\n"})
    os.remove(repo.root / "scripts/seed.sh")
    os.remove(repo.root / "wal/wal.go")
    os.remove(repo.root / "branch-only/tool.sh")
    removing = repo.commit("2024-03-01", "move things")
    repo.git("checkout", "-q", "main")
    repo.commit("2024-03-02", files={"README.md": "# etcd 3\n"})
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature", when="2024-03-03")
    head = repo.git("rev-parse", "HEAD").strip()
    when = int(repo.git("log", "-1", "--format=%at", removing).strip())
    walked: list[list[str]] = []
    real = mainline._walk
    monkeypatch.setattr(mainline, "_walk", lambda root, at, paths, env=None, exclude="":
                        walked.append(list(paths)) or real(root, at, paths, env, exclude))
    removals = {p: [(removing, when)] for p in ("scripts/seed.sh", "wal", "branch-only/tool.sh")}
    answer = mainline.touched(str(repo.root), list(removals), head, removals=lambda ask: removals)
    assert answer == {"scripts/seed.sh", "wal"}
    assert walked == [["branch-only/tool.sh"]]
