"""A task is the user's prompt, or what an agent pasted into one: reading it stays linear.

The prime hook runs on every prompt. Dotted names (`a.a.a...`, a pasted log or minified line)
made the module-name pattern start at every `.`: a 100 KB prompt took minutes before the block.
"""
from __future__ import annotations

import subprocess

import pytest

from _prime_repo import NOW, build, installed_orgmemory


@pytest.mark.parametrize("task", ["a." * 50_000, "x/" + "a." * 50_000, "ab/" * 20_000 + "c." * 10_000],
                         ids=["dotted", "path-then-dotted", "slashes-then-dots"])
def test_a_long_adversarial_task_primes_in_bounded_time(repo, task):
    build(repo)
    proc = subprocess.run([installed_orgmemory(), "prime", "-", "--now", NOW, "--format", "json", "--repo",
                           str(repo.root)], input=task, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert '"text"' in proc.stdout
