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
