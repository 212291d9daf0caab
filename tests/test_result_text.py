"""A result's JSON text read with its findings' texts, and written back from them (`indexer.scan.result`)."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from indexer.scan.result import json_text, spliced, with_finding_texts

_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
                       max_leaves=8)


@given(st.dictionaries(st.text(), _VALUES, max_size=4), st.lists(_VALUES, max_size=4), st.booleans())
def test_a_result_s_text_reads_as_json_and_its_findings_write_back_byte_for_byte(others, findings, with_findings):
    data = {**others, "findings": findings} if with_findings else others
    text = json_text(data)
    read, texts = with_finding_texts(text + "\n")
    assert read == data
    listed = data.get("findings")  # (`others` may hold a "findings" of its own)
    assert texts == ([json_text(f) for f in listed] if isinstance(listed, list) else [])
    assert spliced(read, texts) == text


@pytest.mark.parametrize("text", ["", "{", '{"a":1', '{"findings":[1', '{"findings":[1 2]}', '{"findings":[1,]}',
                                  '{"a":1}x', "[1]", '{"a" 1}', '{"a":1,}', '{"findings":[1],"b":}'])
def test_a_text_that_is_not_one_json_object_is_refused(text):
    with pytest.raises(ValueError):
        with_finding_texts(text)


_FINDING = st.fixed_dictionaries({"rule": st.text(), "path": st.text()}, optional={
    "details": _VALUES, "nested": st.lists(st.fixed_dictionaries({"rule": st.text()}), max_size=2)}).map(
    lambda finding: {"rule": finding.pop("rule"), **finding})  # (`Finding.to_json`'s first key)
_ODD = st.sampled_from(['},{"rule":', '],"resolutions":[', '"findings":[', "}", "]"]) | st.text()


@given(st.lists(_FINDING, max_size=5), st.lists(_VALUES, max_size=3), st.lists(_ODD, max_size=3), st.booleans())
def test_a_result_s_findings_split_where_one_object_ends_are_the_findings_read_one_by_one(findings, resolutions, notes,
                                                                                          gated):
    """A delta splits the base's result text at `},{"rule":` instead of reading each finding: the
    same data and texts as reading them one by one, whatever the strings hold. Where an object
    inside a finding begins with "rule" after another (a text too many), the text is not split."""
    from indexer.scan.result import split_findings

    data = {"version": 1, "root": "/r", "summary": {"findings": {"x": len(findings)}}, "notes": notes,
            "findings": findings, "resolutions": resolutions}
    text = json_text(data)
    read, texts = with_finding_texts(text)
    split = split_findings(text, len(findings) if gated else None)
    if text.count('},{"rule":') == max(len(findings) - 1, 0) and text.count('],"resolutions":[') == 1:
        assert split is not None
    if any(len(f.get("nested", ())) > 1 for f in findings):
        assert split is None
    if split is not None:
        assert split[1] == texts
        assert split[0] == (read if not gated else {**read, "findings": []})
        assert list(split[0]) == list(read)
