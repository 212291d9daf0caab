"""Every problem of a memory file at once, for `orgmemory validate` (`load_config` stops at the first).

Three passes, each doing what it is best at, all from the one declaration `load.SCHEMA`:

1. the `jsonschema` library checks what a schema can say (unknown and missing keys, mappings
   and lists where they belong, enums, patterns) against `load.json_schema()`, over the YAML
   read as JSON (merge keys expanded like the loader does);
2. each scalar the schema accepted goes through its own parser in `load` (real dates, RE2
   patterns, globs, bounds on durations and sizes): the checks a schema cannot say;
3. the checks across entries, written by hand: duplicate ids always, and when every entry
   reads, everything `load_config` checks (supersedes links and cycles, contradictions, rules).

The loader reads any scalar where it wants text (`owner: 42` is the text "42"), so the schema
given to `jsonschema` here lets numbers and booleans stand for text, as the loader does.
Messages are the loader's own, as `file:line: key: message`, values quoted only when safe.
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from indexer.errors import ConfigError
from indexer.memory import load

__all__ = ["config_errors"]

_SCALAR_TYPES = {"string", "integer", "number", "boolean"}


def config_errors(repo_root: str, path: str | None = None) -> list[ConfigError]:
    """Every problem of the memory file, in line order; [] when it is valid."""
    try:
        load.load_config(repo_root, path)
        return []
    except ConfigError as first:
        located = load._locate(repo_root, path)
        if located is None:
            return [first]
        file, display, _notes = located
        try:
            root = load.compose_yaml(load._read_text(load._confined(repo_root, file, display), display), display)
        except ConfigError:
            return [first]  # unreadable, not YAML, or a bomb: one problem, nothing more to read
        if not isinstance(root, MappingNode):
            return [first]
        try:
            errors = _Checker(display).run(root)
        except ConfigError:
            return [first]
        return sorted(errors or [first], key=lambda e: (e.line or 0))


class _Checker:
    def __init__(self, display: str) -> None:
        self.display = display
        self.reader = load._Reader(display)  # for `_pairs`: merge keys expanded, bounded, as loaded
        self.nodes: dict[tuple, Node] = {}  # JSON path -> node
        self.keys: dict[tuple, Node] = {}  # JSON path -> the node of its key
        self.errors: list[ConfigError] = []
        self.reported: set[tuple] = set()

    def run(self, root: MappingNode) -> list[ConfigError]:
        import jsonschema

        data = self._json(root, ())
        validator = jsonschema.Draft202012Validator(_lenient(load.json_schema()))
        for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
            self._schema_error(error)
        self._parse_leaves(data, load.SCHEMA, ())
        if not self.errors:
            return []
        self.errors += _duplicate_ids(data.get("standards"), self)
        return self.errors

    # ----------------------------------------------------------------- YAML as JSON
    def _json(self, node: Node, path: tuple) -> Any:
        self.nodes[path] = node
        if isinstance(node, MappingNode):
            out: dict[str, Any] = {}
            seen: dict[str, int] = {}
            for key_node, value_node in self.reader._pairs(node, _key(path)):
                if not isinstance(key_node, ScalarNode) or key_node.tag != load._STR_TAG:
                    self._add(key_node, path, f"keys must be names, got {load._describe(key_node)}")
                    continue
                name = key_node.value
                if name in seen:
                    self._add(key_node, path + (name,), f"duplicate key (first at line {seen[name]})")
                    continue
                seen[name] = load._line(key_node)
                self.keys[path + (name,)] = key_node
                out[name] = self._json(value_node, path + (name,))
            return out
        if isinstance(node, SequenceNode):
            return [self._json(item, path + (i,)) for i, item in enumerate(node.value)]
        return _scalar(node)

    # ----------------------------------------------------------------- pass 1: the schema
    def _schema_error(self, error: Any) -> None:
        path = tuple(error.absolute_path)
        node = self.nodes.get(path)
        if node is None or any(path[:n] in self.reported for n in range(len(path) + 1)):
            return
        if error.validator == "additionalProperties":
            spec = _spec_at(path)
            for name in error.instance:
                if spec is not None and name not in spec.fields:
                    key_node = self.keys.get(path + (name,), node)
                    shown = name if load.showable(name) else "(key not shown)"
                    self._add(key_node, path + (shown,), load._unknown_key_message(name, spec.fields))
                    self.reported.add(path + (name,))
            return
        if error.validator == "required":
            for name in error.validator_value:
                if name not in error.instance:
                    self._add(node, path + (name,), "missing required key")
            return
        self._add(node, path, self._message(node, path, error))
        self.reported.add(path)

    def _message(self, node: Node, path: tuple, error: Any) -> str:
        spec = _spec_at(path)
        if isinstance(node, ScalarNode) and node.tag == load._NULL_TAG and path and isinstance(path[-1], str):
            return "must not be empty"  # a required key left empty (an optional one is absent)
        if isinstance(spec, load.Section) or isinstance(spec, load.Seq):
            noun = "a mapping" if isinstance(spec, load.Section) else "a list"
            return f"expected {noun}, got {load._describe(node)}"
        if isinstance(spec, load.Scalar):
            if not isinstance(node, ScalarNode):
                return f"expected {spec.value.noun}, got {load._describe(node)}"
            try:
                spec.value.parse(node)
            except ValueError as problem:
                return str(problem)
            return f"expected {spec.value.noun}, got {load._describe(node)}"
        return "invalid value"

    # ----------------------------------------------------------------- pass 2: the parsers
    def _parse_leaves(self, value: Any, spec: Any, path: tuple) -> None:
        if path in self.reported or spec is None:
            return
        if isinstance(spec, load.Section) and isinstance(value, dict):
            for name, item in value.items():
                if item is not None:
                    self._parse_leaves(item, spec.fields.get(name), path + (name,))
        elif isinstance(spec, load.Seq) and isinstance(value, list):
            for i, item in enumerate(value):
                self._parse_leaves(item, spec.item, path + (i,))
        elif isinstance(spec, load.Scalar):
            node = self.nodes[path]
            if isinstance(node, ScalarNode):
                try:
                    spec.value.parse(node)
                except ValueError as problem:
                    self._add(node, path, str(problem))

    def _add(self, node: Node, path: tuple, message: str) -> None:
        self.errors.append(ConfigError(self.display, load._line(node), _key(path) or None, message))


# --------------------------------------------------------------------------- helpers
def _scalar(node: ScalarNode) -> Any:
    """The JSON value of a scalar as YAML resolved it; timestamps stay as written."""
    if node.tag == load._NULL_TAG:
        return None
    if node.tag == load._INT_TAG:
        try:
            return int(node.value.replace("_", ""), 0) if node.value.strip()[:2].lower() in ("0x", "0o") \
                else int(node.value.replace("_", ""))
        except ValueError:
            return node.value
    if node.tag == load._TAG + "float":
        try:
            return float(node.value.replace("_", ""))
        except ValueError:
            return node.value
    if node.tag == load._TAG + "bool":
        return node.value.lower() in ("yes", "true", "on", "y")
    return node.value


def _lenient(schema: Any) -> Any:
    """The schema with text accepting numbers and booleans (the loader reads them as text)."""
    if isinstance(schema, dict):
        out = {key: _lenient(value) for key, value in schema.items()}
        types = out.get("type")
        kinds = set(types) if isinstance(types, list) else {types}
        if "string" in kinds and "enum" not in out and "integer" not in kinds:
            out["type"] = sorted(kinds | _SCALAR_TYPES)
        return out
    if isinstance(schema, list):
        return [_lenient(item) for item in schema]
    return schema


def _spec_at(path: tuple) -> Any:
    spec: Any = load.SCHEMA
    for step in path:
        if isinstance(spec, load.Section) and isinstance(step, str):
            spec = spec.fields.get(step)
        elif isinstance(spec, load.Seq) and isinstance(step, int):
            spec = spec.item
        else:
            return None
    return spec


def _key(path: tuple) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _duplicate_ids(entries: Any, checker: _Checker) -> Iterator[ConfigError]:
    first: dict[str, int] = {}
    for i, entry in enumerate(entries if isinstance(entries, list) else ()):
        node = checker.nodes.get(("standards", i, "id"))
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str) or node is None:
            continue
        if entry["id"] in first:
            yield ConfigError(checker.display, load._line(node), f"standards[{i}].id",
                              f"duplicate id {entry['id']!r} (first defined at line {first[entry['id']]})")
        first.setdefault(entry["id"], load._line(node))
