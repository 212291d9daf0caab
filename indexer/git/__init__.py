"""Git plumbing: every git call, the repository root, discovery, history, blame, changes, clones."""
