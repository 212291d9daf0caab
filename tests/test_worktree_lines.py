"""`indexer.git.blame.worktree_lines`: which lines of an edited file a blame of the work tree
hands to HEAD, and at which line, told without blame. Checked against `git blame` itself on
generated edits over few distinct lines (repeats are where two diffs can align differently)."""
from __future__ import annotations

import subprocess

from hypothesis import HealthCheck, given, settings, strategies as st

from indexer.git.blame import worktree_lines

TEXTS = ["a\n", "b\n", "}\n", "# TODO: x\n", "\n"]


def blame(root, *rev: str) -> list[tuple[str, int]]:
    """(commit, line in it) for each line of f.txt (in the work tree, or at `rev`), as
    `git blame --porcelain` says."""
    out = subprocess.run(["git", "blame", "--porcelain", *rev, "--", "f.txt"], cwd=root, capture_output=True,
                         check=True).stdout.decode()
    rows = []
    for line in out.splitlines():
        parts = line.split(" ")
        if len(parts[0]) == 40 and len(parts) >= 3 and parts[1].isdigit():
            rows.append((int(parts[2]), parts[0], int(parts[1])))
    return [(sha, orig) for _, sha, orig in sorted(rows)]


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(before=st.lists(st.sampled_from(TEXTS), min_size=1, max_size=12),
       edits=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 2), st.lists(st.sampled_from(TEXTS + ["new\n"]),
                                                                            max_size=3)), min_size=1, max_size=3),
       no_newline=st.booleans())
def test_mapped_lines_are_the_lines_blame_hands_to_head(repo, before, edits, no_newline):
    text = "".join(before)
    text = text[:-1] if no_newline and text.endswith("\n") else text
    repo.commit("2022-03-01", "base", files={"f.txt": text})  # (the examples follow one another)
    at_head = blame(repo.root, "HEAD")
    lines = text.splitlines(keepends=True)
    for at, remove, insert in edits:
        at = min(at, len(lines))
        lines[at:at + remove] = insert
    repo.write("f.txt", "".join(lines))
    blob = repo.git("rev-parse", "HEAD:f.txt").strip()
    mapped = worktree_lines(str(repo.root), "f.txt", blob)
    assert mapped is not None
    truth = blame(repo.root) if lines else []
    for number, (sha, orig) in enumerate(truth, start=1):
        if number in mapped.head:
            assert (sha, orig) == at_head[mapped.head[number] - 1], (number, lines)
        if number in mapped.new:
            assert sha == "0" * 40, (number, lines)
    assert set(mapped.head) | mapped.new <= set(range(1, len(truth) + 1))


def test_lines_around_one_edit_are_head_s_shifted_and_two_edits_map_nothing(repo):
    """One edit (lines inserted at the top): the others are HEAD's, shifted. Two edits: the
    lines between them are left to blame (no diff is run), a text HEAD lacks is still new."""
    head = repo.commit("2022-03-01", "base", files={"f.txt": "one\ntwo\nthree\n"})
    blob = repo.git("rev-parse", f"{head}:f.txt").strip()
    repo.write("f.txt", "zero\none\ntwo\nthree\n")
    mapped = worktree_lines(str(repo.root), "f.txt", blob)
    assert (mapped.head, mapped.new) == ({2: 1, 3: 2, 4: 3}, {1})
    repo.write("f.txt", "zero\none\ntwo\nthree\n# TODO: more\n")
    mapped = worktree_lines(str(repo.root), "f.txt", blob)
    assert (mapped.head, mapped.new) == ({}, {1, 5})
