"""Where `scan_one` runs: a local process pool (default) or a Dask cluster (`orgmemory[fleet]`).

Both are existing engines used as they come; this module only submits one task per repository
and hands each result back as it completes. A task never raises (`scan_one` turns every failure
into a result); a worker that dies (killed for memory, a crashed interpreter) becomes a failed
result for its repository, and the others go on.
"""
from __future__ import annotations

from datetime import date
from typing import Callable

from indexer.errors import OrgmemoryError
from indexer.fleet.specs import RepoSpec
from indexer.fleet.standards import OrgStandards
from indexer.fleet.task import RESULT_VERSION, scan_one

__all__ = ["ENGINES", "run_all"]

ENGINES = ("local", "dask")


def run_all(specs: list[RepoSpec], workdir: str, standards: OrgStandards, now: date,
            timeout: float, previous: dict[str, str | None], engine: str, workers: int,
            address: str | None, on_result: Callable[[RepoSpec, dict], None]) -> None:
    """Run `scan_one` for every spec; call `on_result(spec, result)` as each one finishes."""
    calls = [(spec, (spec, workdir, standards, now, timeout, previous.get(spec.key))) for spec in specs]
    if engine == "dask":
        _on_dask(calls, workers, address, on_result)
    else:
        _on_pool(calls, workers, on_result)


def _on_pool(calls, workers: int, on_result) -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("spawn")  # no fork of a threaded parent
    with ProcessPoolExecutor(max_workers=max(1, workers), mp_context=context) as pool:
        futures = {pool.submit(scan_one, *args): spec for spec, args in calls}
        for future in as_completed(futures):
            spec = futures[future]
            on_result(spec, _result_or_failure(spec, future.result))


def _on_dask(calls, workers: int, address: str | None, on_result) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise OrgmemoryError("--engine dask needs the fleet extra: pip install 'orgmemory[fleet]'") from None
    cluster = None
    try:
        if address:
            try:
                client = Client(address, timeout="15s")
            except (OSError, TimeoutError, ValueError) as error:
                raise OrgmemoryError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        else:
            cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        with client:
            futures = {}
            for spec, args in calls:
                future = client.submit(scan_one, *args, key=f"orgmemory-fleet-{spec.key}-{args[3]}",
                                       pure=False, retries=0)
                futures[future] = spec
            for future in as_completed(list(futures)):
                spec = futures[future]
                on_result(spec, _result_or_failure(spec, future.result))
    finally:
        if cluster is not None:
            cluster.close()


def _result_or_failure(spec: RepoSpec, get: Callable[[], dict]) -> dict:
    try:
        return get()
    except Exception as error:  # the worker died or the engine lost the task
        return {"fleet_result": RESULT_VERSION, "name": spec.name, "source": spec.display,
                "ref": spec.ref, "status": "failed", "stage": "worker",
                "error": f"{type(error).__name__}: {str(error)[:300]}".strip()}
