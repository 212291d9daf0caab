"""The pre-commit hook after a change, against the warm scan, interleaved (issue 18, item 3).

    python bench/precommit_ab.py CLONE RUNS [BEFORE_PYTHONPATH] [--files A,B,...]

CLONE is a work tree of its own (`git clone --shared /tmp/f18/terraform /tmp/<you>-tf`): each run
appends a `// TODO: bench ...` line to 1 and to 4 tracked files, `git add`s them, times
`orgmemory hook pre-commit --now 2026-11-01 FILES` and resets them. Caches in a new temporary folder:
"base" is the cache of a complete scan of the clean tree, by the package measured (restored
before each run, so every run measures the delta from it); "no base" is that cache without the base and memo rows (the
blob, history and blame caches warm: the first commit after a scan with another --now); "empty"
is no cache at all (the first commit after a fresh clone). Medians of wall and CPU (user+sys of
the process and its git children) and their ratio to the warm scan (a memo hit) of the same
round. With BEFORE_PYTHONPATH (`git archive <commit> indexer rules | tar -x -C DIR`), the two
"before" rows run that package. Bytecode is written (PYTHONDONTWRITEBYTECODE unset).
"""
import glob, os, resource, shutil, sqlite3, statistics, subprocess, sys, time
args = [a for a in sys.argv[1:] if not a.startswith("--files")]
clone, runs = args[0], int(args[1])
before = args[2] if len(args) > 2 else None
F4 = ["internal/command/apply.go", "internal/command/views/state_migrate.go", "internal/terraform/context.go",
      "internal/backend/remote-state/cos/backend.go"]  # terraform's; --files A,B,... for another repository
for a in sys.argv[1:]:
    if a.startswith("--files="):
        F4 = a.split("=", 1)[1].split(",")
F1 = F4[:1]
NOW = "2026-11-01"
import tempfile
top = tempfile.mkdtemp(prefix="pc-bench-")  # (one folder per run: benches running side by side do not share caches)
cache, saved, nobase = f"{top}/cache", f"{top}/base", f"{top}/nobase"
env0 = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
env0["ORGMEMORY_CACHE_DIR"] = cache
def env(version):
    return dict(env0, PYTHONPATH=before) if version == "before" else env0
def git(*a):
    subprocess.run(["git", "-C", clone, *a], check=True, capture_output=True)
def timed(args, version="after"):
    b = resource.getrusage(resource.RUSAGE_CHILDREN); t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "indexer", *args], cwd=clone, env=env(version), capture_output=True)
    wall = time.perf_counter() - t; a = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert p.returncode in (0, 1), p.stderr.decode()[-2000:]
    return wall, (a.ru_utime - b.ru_utime) + (a.ru_stime - b.ru_stime), p.stdout
def edit(files, n):
    for f in files:
        with open(os.path.join(clone, f), "a") as fh:
            fh.write(f"\n// TODO: bench pc {n}\n")
    git("add", "--", *files)
def restore(files):
    git("reset", "-q", "HEAD", "--", *files); git("checkout", "-q", "--", *files)
for v in ("before", "after") if before else ("after",):  # bytecode written for both packages
    timed(["--help"], v)
shutil.rmtree(cache, ignore_errors=True)
timed(["scan", ".", "--now", NOW, "--format", "json", "--fail-on", "never"])  # the base: the clean tree
for d in (saved, nobase):
    shutil.rmtree(d, ignore_errors=True); shutil.copytree(cache, d)
saved_before = f"{top}/base-before"  # the "before" package's own base (its format may differ)
if before:
    shutil.rmtree(cache, ignore_errors=True)
    timed(["scan", ".", "--now", NOW, "--format", "json", "--fail-on", "never"], "before")
    shutil.copytree(cache, saved_before)
c = sqlite3.connect(glob.glob(nobase + "/*/cache.sqlite3")[0])
c.execute("delete from entries where kind like 'scan-base%' or kind like 'scan-result%'"); c.commit(); c.close()
modes = [("warm", "after", None, saved), ("pc1 before", "before", F1, saved_before), ("pc1", "after", F1, saved),
         ("pc4 before", "before", F4, saved_before), ("pc4", "after", F4, saved),
         ("no base, warm cache, 1", "after", F1, nobase), ("no base, warm cache, 4", "after", F4, nobase),
         ("no base, empty cache, 1", "after", F1, None)]
modes = [m for m in modes if before or m[1] != "before"]
rows = {m[0]: [] for m in modes}; outs = {}
for n in range(runs):
    for name, version, files, start in modes:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.copytree(start, cache) if start else os.makedirs(cache)
        if files is None:
            r = timed(["scan", ".", "--now", NOW, "--format", "json", "--fail-on", "never"], version)
        else:
            edit(files, f"{n}-{name}")
            try:
                r = timed(["hook", "pre-commit", "--now", NOW, *files], version)
            finally:
                restore(files)
        rows[name].append(r[:2]); outs[name] = r[2]
ww = statistics.median(v[0] for v in rows["warm"]); wc = statistics.median(v[1] for v in rows["warm"])
for name, vals in rows.items():
    w = statistics.median(v[0] for v in vals); c = statistics.median(v[1] for v in vals)
    print(f"| {name} | {w:.2f} | {c:.2f} | {w/ww:.1f}x | {c/wc:.1f}x |")
for name in [m[0] for m in modes if m[0].startswith(("pc4", "no base, warm cache, 4"))]:
    print(name, outs[name].decode().splitlines()[-1])
shutil.rmtree(top, ignore_errors=True)
