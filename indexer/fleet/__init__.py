"""`orgmemory fleet`: scan many repositories and put their results together.

* `specs`: the LIST file (one repository a line, or YAML with per-repository options);
* `proc`: subprocesses with a deadline, killed with their children when it passes;
* `indexer.git.remote`: clone or update one repository into the work folder, as untrusted input;
* `standards`: the org standards file (a path or a `git+URL@REF#path`), resolved once a run;
* `task`: `scan_one(spec, workdir, standards, now, timeout)`, the whole work for one repository;
* `engine`: runs the tasks on a local process pool or a Dask cluster (`orgmemory[fleet]`);
* `store`: one result file per repository and one manifest per run in the work folder;
* `aggregate`: the platform team's view from results (fleet results or plain scan JSON);
* `page`: that view as one self-contained HTML page.

The coordinator imports no scanner module: every scan is `orgmemory scan` in a subprocess, so
a hostile or huge repository can take down only its own process.
"""
