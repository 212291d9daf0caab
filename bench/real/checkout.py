"""Make a work tree of each dev-set repository at its pinned commit, from the `fetch` mirrors.

    python bench/real/checkout.py [--repos FILE] [--mirrors /work/.mirror] [--work /tmp/orgmemory-devset] [NAME...]

`--repos` names another list of the same shape: `unseen.json` (the check sets), `perf.json` (the
big repositories `bench/real_perf.py` and `bench/delta_ab.py` time, pinned so that their
one-change target and `--since HEAD~1` commit stay the same from one session to the next).

A mirror is the bare git directory `fetch` brings: <mirrors>/<owner>+<name>/repo. A repository
whose mirror is missing is skipped with a note; an existing work tree is only moved to the
pinned commit.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load_repos(path: Path = HERE / "repos.json") -> list[dict]:
    return json.loads(path.read_text())


def mirror_of(mirrors: Path, upstream: str) -> Path:
    owner, name = upstream.removeprefix("github:").split("/", 1)
    return mirrors / f"{owner}+{name}" / "repo"


def git(*args: str) -> None:
    subprocess.run(["git", *args], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only these repositories (default: all)")
    parser.add_argument("--repos", type=Path, default=HERE / "repos.json",
                        help="the list of repositories (default: the dev set, repos.json)")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--work", type=Path, default=Path("/tmp/orgmemory-devset"))
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    missing = 0
    for repo in load_repos(args.repos):
        if args.names and repo["name"] not in args.names:
            continue
        mirror = mirror_of(args.mirrors, repo["upstream"])
        dest = args.work / repo["name"]
        if not mirror.is_dir():
            print(f"skip {repo['name']}: no mirror at {mirror} (fetch {repo['upstream']})", file=sys.stderr)
            missing += 1
            continue
        if not (dest / ".git").exists():
            git("clone", "--quiet", str(mirror), str(dest))
        git("-C", str(dest), "checkout", "--quiet", "--detach", repo["commit"])
        print(f"{repo['name']}: {dest} at {repo['commit'][:12]}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
