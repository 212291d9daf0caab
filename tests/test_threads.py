"""`indexer.threads.Pool`: what the blames rely on, without `concurrent.futures`."""
from __future__ import annotations

import threading
import time

import pytest

from indexer.threads import Pool


def test_every_call_runs_with_at_most_workers_at_once_and_answers_its_own_job():
    running, most, lock = [0], [0], threading.Lock()

    def call(n: int) -> int:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1
        return n * n

    pool = Pool(3)
    jobs = [pool.submit(call, n) for n in range(12)]
    assert [job.result() for job in jobs] == [n * n for n in range(12)]
    assert most[0] == 3


def test_a_call_s_error_is_raised_by_its_result_and_the_others_still_answer():
    def call(n: int) -> int:
        if n == 1:
            raise ValueError("one")
        return n

    pool = Pool(2)
    jobs = [pool.submit(call, n) for n in range(4)]
    with pytest.raises(ValueError, match="one"):
        jobs[1].result()
    assert [jobs[n].result() for n in (0, 2, 3)] == [0, 2, 3]


def test_a_call_submitted_after_the_workers_ended_starts_one_again():
    pool = Pool(1)
    assert pool.submit(lambda: 1).result() == 1
    for _ in range(100):  # (the worker ends once the queue is empty)
        if not any(t.name == "orgmemory-pool" for t in threading.enumerate()):
            break
        time.sleep(0.01)
    assert pool.submit(lambda: 2).result() == 2
