"""`--now` is an input like any other: a date that would overflow the date arithmetic of ageing
(a century subtracted from year 50) is refused by the option itself, one line and exit 2."""
from __future__ import annotations

import pytest

from _integrations import invoke


@pytest.mark.parametrize("command", [("scan",), ("prime", "fix the deploy"), ("report", "--html", "r.html")])
@pytest.mark.parametrize("day", ["0050-01-01", "9999-12-31"])
def test_a_now_outside_the_supported_years_is_a_usage_error(repo, monkeypatch, command, day):
    repo.commit("2022-03-01", files={"a.py": "# TODO: old\n"})
    monkeypatch.chdir(repo.root)
    result = invoke(*command, "--now", day)
    assert result.exit_code == 2, result.output
    assert "outside 1970-01-01 .. 9000-12-31" in result.output
    assert "Traceback" not in result.output
