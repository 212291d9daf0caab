"""`Pool`: calls run on a few threads, for git processes that wait beside each other (the blames).

Not `concurrent.futures`: importing it imports `logging` (with `traceback`, `string`, ...), 5 ms
of a delta scan's 200 on ansible, for the one thing it does here: start some calls now and wait
for their answers later. A worker ends when no call is waiting, so a pool needs no shutdown; its
threads are not daemons, so the process, as with `concurrent.futures`, ends after their calls.
"""
from __future__ import annotations

import collections
import threading
from typing import Any, Callable, Generic, TypeVar

T = TypeVar("T")


class Job(Generic[T]):
    """One submitted call: `result()` waits for it, and raises what it raised."""

    def __init__(self, call: Callable[..., T], args: tuple) -> None:
        self._call, self._args = call, args
        self._done = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None

    def run(self) -> None:
        try:
            self._value = self._call(*self._args)
        except BaseException as error:  # (given to whoever waits, as a future's)
            self._error = error
        finally:
            self._done.set()

    def result(self) -> T:
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value


class Pool:
    """At most `workers` threads, started as calls are submitted, running them in order."""

    def __init__(self, workers: int) -> None:
        self._workers = max(1, workers)
        self._waiting: collections.deque[Job] = collections.deque()
        self._running = 0
        self._lock = threading.Lock()

    def submit(self, call: Callable[..., T], *args: Any) -> Job[T]:
        job = Job(call, args)
        with self._lock:
            self._waiting.append(job)
            start = self._running < self._workers
            if start:
                self._running += 1
        if start:
            threading.Thread(target=self._work, name="orgmemory-pool").start()
        return job

    def _work(self) -> None:
        while True:
            with self._lock:  # (an empty queue ends the worker under the lock `submit` counts it by)
                if not self._waiting:
                    self._running -= 1
                    return
                job = self._waiting.popleft()
            job.run()
