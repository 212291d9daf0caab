"""The warm-scan floor: the least work any warm scan must do, in one Python process.

A warm scan of an unchanged repository cannot avoid starting Python, asking git for the
tracked files and their blob SHAs (`ls-files -s`) and for what changed (`status`), and
reading its cache. This script does exactly that and nothing else, so "warm scan / floor"
measures the overhead orgmemory adds on top of the unavoidable.

    python bench/floor_warm.py REPO CACHE_DIR
"""
from __future__ import annotations

import os
import subprocess
import sys


def main(repo: str, cache_dir: str) -> int:
    subprocess.run(["git", "ls-files", "-s", "-z"], cwd=repo, stdout=subprocess.PIPE, check=True)
    subprocess.run(["git", "status", "--porcelain=v1", "-z", "--untracked-files=no", "--no-renames"],
                   cwd=repo, stdout=subprocess.PIPE, check=True)
    size = 0
    for folder, _dirs, names in os.walk(cache_dir):
        for name in names:
            with open(os.path.join(folder, name), "rb") as fh:
                size += len(fh.read())
    return 0 if size else 3  # an empty cache means the warm measure itself is wrong


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
