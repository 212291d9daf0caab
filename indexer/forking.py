"""Whether this process may fork workers now: the extraction's (`indexer.scan.collect`) and the
history's parse ahead (`indexer.git.history.LogPrefetch`)."""
from __future__ import annotations

import os
import sys
import threading


def usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def fork_safe() -> bool:
    """Linux, and no other thread: a forked copy of a lock another thread holds is never
    released, so a process with threads is not forked."""
    return sys.platform == "linux" and hasattr(os, "fork") and threading.active_count() == 1
