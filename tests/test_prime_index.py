"""The prime index on disk: incremental writes, and readers in other processes while it is written."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from indexer.prime.index import FORMAT, IndexDoc, read, write


def standards(generation: int, count: int) -> list[IndexDoc]:
    return [IndexDoc(key=f"standard:s{n}", kind="standard",
                     payload={"id": f"s{n}", "generation": generation, "priority": "should", "statement": "s"},
                     text=f"deploy the pipeline, generation {generation}, item {n}", tags="deploy release")
            for n in range(count)]


def test_writes_only_what_changed(tmp_path):
    directory = str(tmp_path / "index.sqlite3")
    docs = standards(0, 10)
    assert write(directory, docs, {"format": FORMAT}) == (10, 0, 0)
    assert write(directory, docs, {"format": FORMAT}) == (0, 0, 10)
    changed = docs[:3] + [docs[3]._replace(text="deploy elsewhere")] + docs[4:9]
    assert write(directory, changed, {"format": FORMAT}) == (1, 2, 8)
    view = read(directory, [("deploy", 1.0)], ())
    assert sorted(s["id"] for s in view.standards) == [f"s{n}" for n in range(9)]
    assert set(view.scored) == {doc.key for doc in changed}


def test_no_index_reads_as_none(tmp_path):
    assert read(str(tmp_path / "nothing-here"), [("deploy", 1.0)], ()) is None


WRITER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[3])
    from test_prime_index import standards
    from indexer.prime.index import FORMAT, write
    directory, rounds = sys.argv[1], int(sys.argv[2])
    for n in range(rounds):
        generation = n % 2
        write(directory, standards(generation, 30 + 5 * generation), {"format": FORMAT, "generation": generation})
""")

READER = textwrap.dedent("""
    import json, os, sys
    from indexer.prime.index import read
    directory, done, ready = sys.argv[1], sys.argv[2], sys.argv[3]
    reads, seen = 0, set()
    while not os.path.exists(done) or reads < 20:
        if reads == 1:
            open(ready, "w").close()
        view = read(directory, [("deploy", 1.0), ("pipelin", 1.0)], ())
        generation = view.meta["generation"]
        found = {s["generation"] for s in view.standards}
        whole = found == {generation} and len(view.standards) == 30 + 5 * generation
        if not whole or len(view.scored) != len(view.standards):
            print(json.dumps({"torn": [generation, sorted(found), len(view.standards), len(view.scored)]}))
            sys.exit(1)
        reads += 1
        seen.add(generation)
    print(json.dumps({"reads": reads, "generations": sorted(seen)}))
""")


def test_readers_in_other_processes_see_whole_generations_while_two_writers_commit(tmp_path):
    directory, done = str(tmp_path / "index.sqlite3"), str(tmp_path / "writers-done")
    tests_dir = str(Path(__file__).parent)
    write(directory, standards(0, 30), {"format": FORMAT, "generation": 0})
    ready = [tmp_path / f"reader-{n}-ready" for n in range(2)]
    readers = [subprocess.Popen([sys.executable, "-c", READER, directory, done, str(flag)], stdout=subprocess.PIPE,
                                text=True) for flag in ready]
    deadline = time.monotonic() + 120
    while not all(flag.exists() for flag in ready) and time.monotonic() < deadline \
            and all(r.poll() is None for r in readers):  # until both readers are reading
        time.sleep(0.01)
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, directory, "12", tests_dir]) for _ in range(2)]
    assert [w.wait(timeout=300) for w in writers] == [0, 0]
    open(done, "w").close()
    results = [json.loads(r.communicate(timeout=300)[0]) for r in readers]
    assert [r.returncode for r in readers] == [0, 0], results
    assert all(r["reads"] >= 20 for r in results)
    assert any(r["generations"] == [0, 1] for r in results), results


def _every_posting(path: str, terms) -> dict:
    """The best records found by scoring every posting of every term (`read(exhaustive=True)`)."""
    view = read(path, terms, (), exhaustive=True)
    return {key: (hit.score, hit.matched) for key, hit in view.scored.items()}


def test_maxscore_finds_the_best_records_that_scoring_every_posting_finds(tmp_path, monkeypatch):
    """A common word, rarer ones and records of many lengths: reading the common word's postings
    only for the records already found gives the same best records, scores and matched terms."""
    import random

    rng = random.Random(5)
    words = {"bill": 0.6, "deploy": 0.35, "client": 0.08, "retri": 0.12, "cach": 0.05, "queue": 0.2}
    docs = []
    for n in range(1200):
        text = [word for word, share in words.items() for _ in range(rng.choice((1, 1, 2, 3))) if rng.random() < share]
        text += ["filler"] * rng.randint(0, 30)
        rng.shuffle(text)
        docs.append(IndexDoc(key=f"finding:{n:04d}", kind="finding", payload={"n": n}, text=" ".join(text),
                             paths=rng.choice(["services/billing/app.py", "deploy/v2/run.sh", "src/queue.py", ""])))
    path = str(tmp_path / "index.sqlite3")
    write(path, docs, {"format": FORMAT})
    from indexer.prime import index

    lookups = []
    real_lookup = index.lookup
    monkeypatch.setattr(index, "lookup", lambda db, term, docs: lookups.append(term) or real_lookup(db, term, docs))
    for _ in range(40):
        chosen = rng.sample(sorted(words), rng.randint(1, len(words)))
        terms = sorted((word, rng.choice((1.0, 0.5))) for word in chosen)
        view = read(path, terms, ())
        assert {key: (hit.score, hit.matched) for key, hit in view.scored.items()} == _every_posting(path, terms)
    assert lookups  # the lookups-only path ran
