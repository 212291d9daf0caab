"""The kept programs of the lazy patterns (`indexer.regex`): a scan after a complete one makes its
patterns from them, not with `re`'s parser, and the patterns are `re.compile`'s."""
from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys

import indexer
from indexer import regex
from indexer.scan.collect import PARALLEL_MIN_FILES

NOW = "2026-11-01"

#: Runs a scan, counting the lazy patterns `re`'s parser read and those compiled at all.
_PROBE = """
import re, sys
try:
    from re import _parser as parser
except ImportError:
    import sre_parse as parser
from indexer import regex
from indexer.cli import main
parsed = []
original = parser.parse
parser.parse = lambda source, *args: parsed.append(source) or original(source, *args)
code = main(['scan', sys.argv[1], '--now', '2026-11-01', '--format', 'json', '--cache-dir', sys.argv[2], '-v'])
lazy = {pattern._source[0] for pattern in regex._LAZY}
used = sum('_compiled' in pattern.__dict__ for pattern in regex._LAZY)
print(len([source for source in parsed if source in lazy]), used, code, file=sys.stderr)
"""


def _scan(root, cache) -> tuple[dict, tuple[int, int, int], str]:
    """(the store is beside the repository's cache in `cache`: no $ORGMEMORY_CACHE_DIR to put it elsewhere)"""
    env = {key: value for key, value in os.environ.items() if key != "ORGMEMORY_CACHE_DIR"}
    proc = subprocess.run([sys.executable, "-c", _PROBE, str(root), str(cache)], capture_output=True, text=True,
                          env=env)
    parsed, used, code = map(int, proc.stderr.strip().splitlines()[-1].split())
    return json.loads(proc.stdout), (parsed, used, code), proc.stderr


def _without_timings(report: dict) -> dict:
    return {**report, "summary": {**report["summary"], "parsed": None}}


def _repository(repo):
    """(enough files for a complete scan to extract them in worker processes, `PARALLEL_MIN_FILES`,
    where two CPUs allow: the patterns compiled there are kept too)"""
    repo.commit("2023-01-10", "start", files={
        "src/app.py": "import os\n\n# TODO: split this module\nx = 1\n",
        "docs/guide.md": "Run `src/app.py`, then see [the tool](tools/gone.sh).\n",
        "scripts/run.sh": "#!/bin/sh\n# FIXME: drop the retry\npython src/app.py\n",
        **{f"src/part{number}.py": f"PART = {number}\n" for number in range(PARALLEL_MIN_FILES)},
    })
    return repo


def test_a_scan_after_a_complete_one_makes_its_patterns_from_the_kept_programs(repo, tmp_path):
    _repository(repo)
    cache = tmp_path / "cache"
    first, (parsed, used, _), _ = _scan(repo.root, cache)
    assert parsed > 0 and used > 0  # (no store yet: `re` compiled them)
    assert (cache / regex._STORE_FILE).is_file()
    repo.write("docs/guide.md", "Run `src/app.py`, then `scripts/run.sh` and [the tool](tools/gone.sh).\n")
    after, (parsed, used, code), stderr = _scan(repo.root, cache)
    assert "delta: 1 changed file in all" in stderr, stderr
    assert used > 0 and parsed == 0, stderr
    fresh, _, _ = _scan(repo.root, tmp_path / "fresh")  # (a cache, and store, of its own)
    assert _without_timings(after) == _without_timings(fresh)
    assert {f["target"] for f in after["findings"] if f["rule"] == "dangling-reference"} == {"tools/gone.sh"}


def test_a_damaged_or_foreign_store_is_compiled_again(repo, tmp_path):
    _repository(repo)
    good_cache = tmp_path / "good"
    expected, _, _ = _scan(repo.root, good_cache)
    kept = json.loads((good_cache / regex._STORE_FILE).read_text())
    damaged = {**kept, "patterns": [[kind, source, flags, final, [17, 1, 2], *rest]
                                    for kind, source, flags, final, _, *rest in kept["patterns"]]}
    foreign = {**kept, "key": "1|another interpreter|little"}
    for name, text in (("damaged", json.dumps(damaged)), ("foreign", json.dumps(foreign)),
                       ("not-json", "{\"key\": [1, 2")):
        cache = tmp_path / name
        cache.mkdir()
        (cache / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n")
        (cache / regex._STORE_FILE).write_text(text)
        report, (parsed, used, code), stderr = _scan(repo.root, cache)
        assert "Traceback" not in stderr and code == 1, stderr
        assert parsed > 0 and used > 0, name
        assert _without_timings(report) == _without_timings(expected), name
        # (written again, whole, for the next scan)
        assert json.loads((cache / regex._STORE_FILE).read_text())["key"] == kept["key"], name


def test_every_lazy_pattern_made_from_its_program_is_what_re_compile_makes():
    for module in pkgutil.walk_packages(indexer.__path__, "indexer."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    patterns = [pattern._source for pattern in regex._LAZY]
    assert len(patterns) > 250 and any(isinstance(source, bytes) for source, _ in patterns)
    for source, flags in patterns:
        row = json.loads(json.dumps(regex._program(source, flags)))  # (as the store keeps it)
        made, expected = regex._sre_compile(source, row), re.compile(source, flags)
        assert made == expected, source  # (the same flags, source and program)
        assert (made.groups, made.groupindex) == (expected.groups, expected.groupindex), source
