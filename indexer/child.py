"""How orgmemory starts itself in a child process whose working folder may be a repository.

The prime's background refresh and dating, a fleet scan of each clone and the validation of
`fleet --standards` run `python -c CHILD ...`, never `python -m indexer`: `-m` puts the working
folder first on `sys.path`, so a repository's own top-level `indexer/` package would be imported
in our place. The code drops `sys.path[0]` before any import (`python -P` does the same from
Python 3.11 only).
"""

SAFE_PATH = "import sys\nif sys.path[:1] == ['']:\n    del sys.path[0]\n"
CHILD = SAFE_PATH + "from indexer.cli import main\nsys.exit(main(sys.argv[1:]))"
