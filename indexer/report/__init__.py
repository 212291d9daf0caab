"""`orgmemory report --html`: the memory as one self-contained page a person can read and share.

`data` gathers everything (scan, standards, contradictions, exact line ages, git activity,
the priming block, usage statistics) into one plain dict; `html` renders that dict and nothing
else, so the page can be tested from data alone and the data from git alone. `markup` escapes
by default, `svg` draws the charts, `assets` holds the inline CSS and JavaScript.
"""
