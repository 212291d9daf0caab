"""The scan: the pipeline, per-blob collection, the memo, suppressions, baseline, narrowing."""
