"""Load and validate `.orgmemory.yaml` (the contract v1 file) into a `Config`.

The file is composed into a YAML node tree rather than loaded into Python objects, so every
value keeps its line: each problem is reported as `file:line: key: message` with a dotted key
path such as `standards[2].review_by` (list indexes count from 0).

The schema lives in one declaration, `SCHEMA`, which drives both the validation here and
`json_schema()`. Conventions shared by both: unknown keys are errors, and an optional key
whose value is empty (`owner:`) counts as absent.
"""
from __future__ import annotations

import os
import re
from dataclasses import replace
from datetime import date
from typing import Any, Callable, Mapping, NamedTuple, NoReturn, Sequence, Union

import yaml
from yaml.events import (AliasEvent, CollectionEndEvent, DocumentStartEvent, MappingStartEvent,
                         ScalarEvent, SequenceStartEvent)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from indexer.confine import is_inside
from indexer.errors import ConfigError
from indexer.globs import check_glob, globs_may_overlap
from indexer.models import (KINDS, PRIORITIES, STATUSES, Config, LegacyPath, Match, RuleConfig, ScanSettings,
                            Standard)
from indexer.git.root import memory_files
from indexer.memory.values import (DURATION_PATTERN, HOURS_PATTERN, SIZE_PATTERN, parse_duration, parse_hours,
                                   parse_size, showable, shown, SHOWN_CHARS)

__all__ = [
    "Entry",
    "MAX_FILE_BYTES",
    "check_standards",
    "SCHEMA",
    "compose_yaml",
    "json_schema",
    "load_config",
    "load_memory",
    "parse_duration",
    "parse_hours",
    "parse_size",
]

SUPPORTED_VERSION = 1

# Patterns are written in the common subset of Python `re` and ECMA-262 so that the JSON
# Schema can carry them unchanged.
ID_PATTERN = r"^[a-z0-9][a-z0-9._-]*$"
DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
MARKER_PATTERN = r"^[A-Z][A-Z0-9_]*$"
_URL = r"[A-Za-z][A-Za-z0-9+.-]*://[^\s]+"
_REPO_PATH = r"(?![/\\~])(?![A-Za-z]:)(?![A-Za-z][A-Za-z0-9+.-]*://)(?!(?:.*/)?\.\.(?:/|$)).+"
REPO_PATH_PATTERN = f"^{_REPO_PATH}$"
SOURCE_PATTERN = f"^(?:{_URL}|{_REPO_PATH})$"

# Bounds on untrusted input: the file's size, the nodes its aliases and merge keys expand to
# (a 1 KB "billion laughs" or merge-key bomb expands to billions), and its nesting (libyaml's
# own composer recurses in C and crashes the interpreter on deep nesting).
MAX_FILE_BYTES = 2**20
MAX_NODES = 100_000
MAX_DEPTH = 64

_TAG = "tag:yaml.org,2002:"
_NULL_TAG, _STR_TAG, _INT_TAG, _MERGE_TAG = (_TAG + t for t in ("null", "str", "int", "merge"))
_SCALAR_NAMES = {
    _STR_TAG: "a string", _INT_TAG: "an integer", _TAG + "float": "a number",
    _TAG + "bool": "a boolean", _TAG + "timestamp": "a date",
}

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _text(node: ScalarNode) -> str:
    """Any scalar, as written: YAML 1.1 reads `owner: 42` as a number and `tags: [no]` as a
    boolean, but where the schema wants text the author meant the text."""
    text = node.value.strip()
    if not text:
        raise ValueError("must not be empty")
    return text


def _version(node: ScalarNode) -> int:
    if node.tag != _INT_TAG:
        raise ValueError(f"expected the integer {SUPPORTED_VERSION}, got {_describe(node)}")
    if node.value.strip() != str(SUPPORTED_VERSION):
        raise ValueError(f"unsupported version {node.value[:SHOWN_CHARS]}: "  # an integer: digits
                         f"this orgmemory reads version {SUPPORTED_VERSION}")
    return SUPPORTED_VERSION


def _identifier(node: ScalarNode) -> str:
    text = _text(node)
    if not re.fullmatch(ID_PATTERN, text):
        raise ValueError(f"invalid id {shown(text)}: use lower-case letters, digits, '.', '_' and '-', "
                         "starting with a letter or digit")
    return text


def _date(node: ScalarNode) -> date:
    """YYYY-MM-DD, whether YAML saw an unquoted timestamp or a quoted string."""
    text = node.value.strip()
    if re.fullmatch(DATE_PATTERN, text):
        try:
            return date.fromisoformat(text)
        except ValueError as error:
            raise ValueError(f"invalid date {shown(text)}: {error}") from None
    raise ValueError(f"expected a date YYYY-MM-DD, got {shown(text)}")


def _duration(node: ScalarNode) -> int:
    return parse_duration(node.value)


def _hours(node: ScalarNode) -> int:
    return parse_hours(node.value)


def _size(node: ScalarNode) -> int:
    return parse_size(node.value)


def _regex(node: ScalarNode) -> str:
    """A `forbid`/`require` pattern: Python `re` syntax, which RE2 must also be able to run.

    Patterns run over every line of the repository's files, so they run on RE2 (linear time,
    no backtracking): `(a+)+$` cannot hang a scan. RE2 lacks backreferences and lookaround.
    """
    from indexer.memory.enforce import compile_pattern

    text = node.value
    try:
        re.compile(text)
    except re.error as error:
        where = "" if error.pos is None else f" at position {error.pos}"
        raise ValueError(f"invalid regular expression {shown(text)}: {error.msg}{where}") from None
    except (OverflowError, RecursionError, ValueError):
        raise ValueError(f"invalid regular expression {shown(text)}: too large") from None
    try:
        compile_pattern(text)
    except ValueError as error:
        raise ValueError(f"invalid regular expression {shown(text)}: {error}") from None
    return text


def _glob(node: ScalarNode) -> str:
    text = _text(node)
    try:
        check_glob(text)
    except (ValueError, re.error, OverflowError, RecursionError) as error:
        message = error.msg if isinstance(error, re.error) else str(error) or "cannot be matched"
        raise ValueError(f"invalid glob {shown(text)}: {message}") from None
    return text


def _marker(node: ScalarNode) -> str:
    text = _text(node)
    if not re.fullmatch(MARKER_PATTERN, text):
        raise ValueError(f"invalid marker {shown(text)}: markers are upper-case words like TODO")
    return text


def _repo_path(node: ScalarNode) -> str:
    text = _text(node)
    normalised = text.removeprefix("./").rstrip("/")
    if not normalised or not re.fullmatch(REPO_PATH_PATTERN, text):
        raise ValueError(f"{shown(text)} must be a path relative to the repository root "
                         "(no leading '/', no '..', not a URL)")
    return normalised


def _source(node: ScalarNode) -> str:
    text = _text(node)
    if not re.fullmatch(SOURCE_PATTERN, text):
        raise ValueError(f"{shown(text)} must be a URL or a path relative to the repository root "
                         "(no leading '/', no '..')")
    return text


def _one_of(*choices: str) -> ValueType:
    def parse(node: ScalarNode) -> str:
        text = node.value.strip()
        if text not in choices:
            raise ValueError(f"invalid value {shown(text)}: expected one of {', '.join(choices)}")
        return text

    return ValueType(f"one of {', '.join(choices)}", {"type": "string", "enum": list(choices)}, parse)


# --------------------------------------------------------------------------- the schema
class ValueType(NamedTuple):
    """A kind of scalar: its name in messages, its JSON Schema, and its parser.

    `parse` gets the composed node and raises ValueError with the message for the user.
    """

    noun: str
    json: Mapping[str, Any]
    parse: Callable[[ScalarNode], Any]


class Scalar(NamedTuple):
    value: ValueType
    description: str = ""
    required: bool = False


class Seq(NamedTuple):
    item: "Spec"
    description: str = ""
    required: bool = False


class Section(NamedTuple):
    fields: Mapping[str, "Spec"]
    description: str = ""
    required: bool = False


Spec = Union[Scalar, Seq, Section]

TEXT = ValueType("a string", {"type": "string", "minLength": 1}, _text)
GLOB = ValueType("a glob", {"type": "string", "minLength": 1}, _glob)
VERSION = ValueType(f"the integer {SUPPORTED_VERSION}",
                    {"type": "integer", "enum": [SUPPORTED_VERSION]}, _version)
IDENTIFIER = ValueType("an id", {"type": "string", "pattern": ID_PATTERN}, _identifier)
DATE = ValueType("a date YYYY-MM-DD", {"type": "string", "format": "date", "pattern": DATE_PATTERN}, _date)
DURATION = ValueType("a duration",
                     {"type": ["string", "integer"], "pattern": DURATION_PATTERN, "minimum": 0}, _duration)
HOURS = ValueType("an interval",
                  {"type": ["string", "integer"], "pattern": HOURS_PATTERN, "minimum": 0}, _hours)
SIZE = ValueType("a size", {"type": ["string", "integer"], "pattern": SIZE_PATTERN, "minimum": 1}, _size)
REGEX = ValueType("a regular expression", {"type": "string", "format": "regex"}, _regex)
MARKER = ValueType("an upper-case word", {"type": "string", "pattern": MARKER_PATTERN}, _marker)
REPO_PATH = ValueType("a repository path", {"type": "string", "pattern": REPO_PATH_PATTERN}, _repo_path)
SOURCE = ValueType("a repository path or URL", {"type": "string", "pattern": SOURCE_PATTERN}, _source)

MATCH = Section(
    {
        "glob": Scalar(GLOB, "Files this entry is about (gitignore semantics).", required=True),
        "pattern": Scalar(REGEX, "A regular expression searched for in each line of those files."),
    },
    "A gitignore-style glob, optionally narrowed to lines matching a regular expression.",
)

STANDARD = Section(
    {
        "id": Scalar(IDENTIFIER, "Stable, unique; used by `facts show/forget` and in JSON output.",
                     required=True),
        "statement": Scalar(TEXT, "What the organization holds to be true.", required=True),
        "kind": Scalar(_one_of(*KINDS), "standard | decision | convention | fact (default: standard)."),
        "priority": Scalar(_one_of(*PRIORITIES), "must: always in the priming block; should (default); may."),
        "scope": Seq(Scalar(GLOB), "Path globs the statement applies to (default: the whole repo)."),
        "tags": Seq(Scalar(TEXT), "Words that relate a task to this standard."),
        "source": Scalar(SOURCE, "Provenance: where the decision is written down (repo path or URL)."),
        "owner": Scalar(TEXT, "Who answers for the standard."),
        "added": Scalar(DATE, "When the standard was added."),
        "review_by": Scalar(DATE, "After this date the standard is expired: flagged, not trusted."),
        "forbid": Seq(MATCH, "Evidence that contradicts the standard: a match is a standard-violation."),
        "require": Seq(MATCH, "Evidence that must exist: at least one match per entry."),
        "supersedes": Seq(Scalar(IDENTIFIER), "Ids this standard replaces; those stay, marked superseded."),
        "superseded_by": Scalar(IDENTIFIER, "The id of the standard that replaces this one."),
        "superseded_on": Scalar(DATE, "When this standard was superseded (written by `facts supersede`)."),
        "status": Scalar(_one_of(*STATUSES), "proposed: offered for review, never primed, synced or "
                                            "enforced; active (default): accepted by a curator; "
                                            "rejected: kept so it is not proposed again."),
        "proposed_by": Scalar(TEXT, "Provenance of a proposal: who or which tool proposed it."),
        "proposed_on": Scalar(DATE, "When it was proposed."),
        "evidence": Seq(Scalar(TEXT), "PATH:LINE locations the proposal rests on."),
        "rejected_why": Scalar(TEXT, "Why a curator rejected the proposal."),
    },
    "One curated statement: a standard, decision, convention or fact.",
)

LEGACY = Section(
    {
        "path": Scalar(REPO_PATH, "The legacy path, relative to the repository root.", required=True),
        "successor": Scalar(REPO_PATH, "The path that replaces it."),
        "since": Scalar(DATE, "When it became legacy."),
        "note": Scalar(TEXT, "Context shown with findings about it."),
    },
    "A declared legacy path.",
)

def _boolean(node: ScalarNode) -> bool:
    text = node.value.strip().lower()
    if node.tag != "tag:yaml.org,2002:bool" or text not in ("true", "false"):
        raise ValueError(f"invalid value {shown(node.value)}: expected true or false")
    return text == "true"


def _fraction(node: ScalarNode) -> float:
    try:
        value = float(node.value)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise ValueError(f"invalid value {shown(node.value)}: expected a number from 0 to 1")
    return value


BOOLEAN = ValueType("true or false", {"type": "boolean"}, _boolean)
FRACTION = ValueType("a number from 0 to 1", {"type": "number", "minimum": 0, "maximum": 1}, _fraction)


def _rules_section() -> Section:
    """`rules:`: one entry per rule of the pack (`rules/*.yaml`), its options typed as there."""
    from indexer.rulepack import SEVERITIES, load_rules

    kinds = {"duration": DURATION, "fraction": FRACTION, "severity": _one_of(*SEVERITIES)}
    entries = {}
    for rule in load_rules().values():
        fields: dict[str, Spec] = {
            "enabled": Scalar(BOOLEAN, "false turns the rule off (default true)."),
            "severity": Scalar(_one_of(*SEVERITIES), f"error | warning | note (default {rule.severity})."),
        }
        if rule.options:
            fields["options"] = Section({o.name: Scalar(kinds[o.type], f"{o.doc} (default {o.default})")
                                         for o in rule.options.values()}, "The rule's thresholds.")
        entries[rule.id] = Section(fields, rule.summary)
    return Section(entries, "Per-rule settings: turn a rule off, set its severity, tune its options "
                            "(`orgmemory rule ID` documents each).")


SCHEMA = Section(
    {
        "version": Scalar(VERSION, "Contract version of this file."),
        "org": Scalar(TEXT, "Organization name, shown in the priming block header."),
        "extends": Seq(Scalar(TEXT), "Org-wide files merged first; this file wins by id."),
        "scan": Section(
            {
                "exclude": Seq(Scalar(GLOB), "Paths no rule looks at, on top of .gitignore."),
                "history_paths": Seq(Scalar(GLOB), "Historical docs: old paths named here are not claims."),
                "max_file_size": Scalar(SIZE, "Larger files are skipped: bytes, or 500KB, 2MiB."),
                "vendored": Scalar(_one_of("skip", "report"), "Vendored and generated code (.gitattributes "
                                   "linguist-vendored/-generated, vendor/, third_party/, lock files, protobuf "
                                   "stubs...): skip (default: their TODOs and references are not reported) or report."),
                "extends_refresh": Scalar(HOURS, "Fetch git `extends` sources at most this often: "
                                                 "hours, or 12h, 2d (default 24h; 0: every run)."),
                "todo": Section(
                    {
                        "markers": Seq(Scalar(MARKER), "Comment markers, in upper case."),
                        "stale_after": Scalar(DURATION, "A TODO whose line was last changed longer ago "
                                                        "is stale: 365d, 12w, 18m, 2y. Alias of "
                                                        "rules.stale-todo.options.stale_after, "
                                                        "which wins when both are set."),
                    },
                    "TODO/FIXME comment settings.",
                ),
            },
            "What the scan looks at.",
        ),
        "standards": Seq(STANDARD, "Curated standards, decisions, conventions and facts."),
        "legacy": Seq(LEGACY, "Declared legacy paths (the tool also detects undeclared ones)."),
        "rules": _rules_section(),
    },
    "orgmemory: the human-curated organizational memory of a repository (contract v1).",
)


# --------------------------------------------------------------------------- JSON Schema
def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of `.orgmemory.yaml`, generated from `SCHEMA`."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": ".orgmemory.yaml",
        **_spec_schema(SCHEMA),
    }


def _spec_schema(spec: Spec) -> dict[str, Any]:
    if isinstance(spec, Section):
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {name: _property_schema(field) for name, field in spec.fields.items()},
            "additionalProperties": False,
        }
        required = [name for name, field in spec.fields.items() if field.required]
        if required:
            schema["required"] = required
    elif isinstance(spec, Seq):
        schema = {"type": "array", "items": _spec_schema(spec.item)}
    else:
        schema = dict(spec.value.json)
    if spec.description:
        schema["description"] = spec.description
    return schema


def _property_schema(field: Spec) -> dict[str, Any]:
    """An optional key may be left empty (null), which the loader reads as absent."""
    schema = _spec_schema(field)
    if field.required:
        return schema
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    schema["type"] = [*types, "null"]
    if "enum" in schema:
        schema["enum"] = [*schema["enum"], None]
    return schema


# --------------------------------------------------------------------------- reading nodes
def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _describe(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    if node.tag == _NULL_TAG:
        return "null"
    return f"{_SCALAR_NAMES.get(node.tag, 'a value')} {shown(node.value)}"


def _child_key(parent: str, name: str) -> str:
    return f"{parent}.{name}" if parent else name


def _unknown_key_message(name: str, allowed: Mapping[str, Spec]) -> str:
    import difflib  # only on this error path

    close = difflib.get_close_matches(name, allowed, n=1)
    if close:
        return f"unknown key; did you mean {close[0]!r}?"
    return f"unknown key; expected one of: {', '.join(allowed)}"


class _Reader:
    """Turns nodes into plain values (dicts, tuples, scalars) checked against a spec.

    `lines` maps every key path it read to its 1-based line, for the checks that run after.
    `steps` counts the nodes and merged pairs it visits: merge keys that merge mappings which
    merge others (or their own ancestors) multiply, so past MAX_NODES the file is refused.
    """

    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: dict[str, int] = {}
        self.steps = 0

    def step(self, node: Node, count: int = 1) -> None:
        self.steps += count
        if self.steps > MAX_NODES:
            self.fail(node, None, _TOO_MANY)

    def fail(self, node: Node, key: str | None, message: str) -> NoReturn:
        raise ConfigError(self.file, _line(node), key or None, message)

    def read(self, node: Node, spec: Spec, key: str) -> Any:
        self.step(node)
        self.lines[key] = _line(node)
        if isinstance(spec, Section):
            return self._section(node, spec, key)
        if isinstance(spec, Seq):
            return self._seq(node, spec, key)
        return self._scalar(node, spec.value, key)

    def _section(self, node: Node, spec: Section, key: str) -> dict[str, Any]:
        if not isinstance(node, MappingNode):
            self.fail(node, key, f"expected a mapping, got {_describe(node)}")
        values: dict[str, Any] = {}
        seen: dict[str, int] = {}
        for key_node, value_node in self._pairs(node, key):
            self._pair(spec, key, key_node, value_node, values, seen)
        for name, field in spec.fields.items():
            if field.required and name not in seen:
                self.fail(node, _child_key(key, name), "missing required key")
        return values

    def _pair(self, spec: Section, key: str, key_node: Node, value_node: Node, values: dict[str, Any],
              seen: dict[str, int]) -> None:
        name = self._key_name(key_node, key)
        path = _child_key(key, name if name in spec.fields or showable(name) else "(key not shown)")
        if name in seen:
            self.fail(key_node, path, f"duplicate key (first at line {seen[name]})")
        seen[name] = _line(key_node)
        field = spec.fields.get(name)
        if field is None:
            self.fail(key_node, path, _unknown_key_message(name, spec.fields))
        if value_node.tag == _NULL_TAG and isinstance(value_node, ScalarNode):
            if field.required:
                self.fail(value_node, path, "must not be empty")
            return
        values[name] = self.read(value_node, field, path)

    def _pairs(self, node: MappingNode, key: str,
               merging: tuple[MappingNode, ...] = ()) -> list[tuple[Node, Node]]:
        """The mapping's own pairs, then those merged in with `<<: *anchor` that it lacks."""
        if node in merging:
            self.fail(node, _child_key(key, "<<"), "a mapping cannot merge itself")
        if len(merging) >= MAX_DEPTH:
            self.fail(node, _child_key(key, "<<"), f"merge keys nested deeper than {MAX_DEPTH} levels; refused")
        self.step(node, len(node.value))
        own = [(k, v) for k, v in node.value if k.tag != _MERGE_TAG]
        names = {k.value for k, _ in own if isinstance(k, ScalarNode)}
        for merge_key, merged in node.value:
            if merge_key.tag != _MERGE_TAG:
                continue
            for source in merged.value if isinstance(merged, SequenceNode) else [merged]:
                if not isinstance(source, MappingNode):
                    self.fail(source, _child_key(key, "<<"),
                              f"can only merge a mapping, got {_describe(source)}")
                for pair in self._pairs(source, key, (*merging, node)):
                    name = pair[0].value if isinstance(pair[0], ScalarNode) else None
                    if name not in names:
                        names.add(name)
                        own.append(pair)
        return own

    def _key_name(self, node: Node, parent: str) -> str:
        if not isinstance(node, ScalarNode) or node.tag != _STR_TAG:
            self.fail(node, parent, f"keys must be names, got {_describe(node)}")
        return node.value

    def _seq(self, node: Node, spec: Seq, key: str) -> tuple[Any, ...]:
        if not isinstance(node, SequenceNode):
            self.fail(node, key, f"expected a list, got {_describe(node)}")
        return tuple(self.read(item, spec.item, f"{key}[{i}]") for i, item in enumerate(node.value))

    def _scalar(self, node: Node, value_type: ValueType, key: str) -> Any:
        if not isinstance(node, ScalarNode) or node.tag == _NULL_TAG:
            self.fail(node, key, f"expected {value_type.noun}, got {_describe(node)}")
        try:
            return value_type.parse(node)
        except ValueError as error:
            self.fail(node, key, str(error))


# --------------------------------------------------------------------------- loading
def load_memory(repo_root: str, path: str | None = None, cache_dir: str | None = None, *,
                extends: bool = True, fetch: bool = True) -> Config:
    """The repository's memory as every command uses it: its file validated, with the standards
    inherited through `extends` merged under it (`indexer.memory.extends`).

    `extends=False` reads the one file alone (`orgmemory validate --no-extends`); `load_config`
    is that one-file validator, for checking a file before it is written. `fetch=False` (a
    hook, while the prompt waits) takes git sources from local clones only, never the network,
    and raises `extends.NotCached` when one has none.
    """
    if not extends:
        return load_config(repo_root, path)
    from indexer.memory.extends import load_with_extends  # clones and the network: only when asked

    return load_with_extends(repo_root, path, cache_dir, fetch=fetch)


def load_config(repo_root: str, path: str | None = None) -> Config:
    """The validated configuration of the repository at `repo_root`.

    `path` (relative to `repo_root`, or absolute) names the file explicitly and must exist;
    without it `.orgmemory.yaml` or `.orgmemory.yml` is used, and defaults when neither exists.
    Raises ConfigError for any problem in the file.
    """
    located = _locate(repo_root, path)
    if located is None:
        return Config()
    file, display, notes = located
    root = compose_yaml(_read_text(_confined(repo_root, file, display), display), display)
    if root is None:
        return Config(file=file, notes=notes)
    if not isinstance(root, MappingNode):
        raise ConfigError(display, _line(root), None, "the top level must be a mapping "
                                                      f"(version:, standards:, ...), got {_describe(root)}")
    reader = _Reader(display)
    data = reader.read(root, SCHEMA, "")
    return _build_config(data, reader.lines, file, display, notes)


def _locate(repo_root: str, path: str | None) -> tuple[str, str, tuple[str, ...]] | None:
    """(absolute file, name for messages, notes), or None when the default file is absent."""
    if path is not None:
        file = os.path.abspath(os.path.join(repo_root, path))
        display = _display_name(repo_root, file, path)
        if not os.path.isfile(file):
            raise ConfigError(display, None, None, "no such file")
        return file, display, ()
    found = memory_files(repo_root)
    if not found:
        return None
    notes = (f"both {found[0]} and {found[1]} exist; using {found[0]}",) if len(found) > 1 else ()
    return os.path.abspath(os.path.join(repo_root, found[0])), found[0], notes


def _display_name(repo_root: str, file: str, given: str) -> str:
    relative = _relative(repo_root, file)
    return given if relative is None else relative


def _relative(repo_root: str, file: str) -> str | None:
    """`file` relative to the root, as written (links not followed); None when it is outside."""
    relative = os.path.relpath(file, os.path.abspath(repo_root))
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return None
    return relative.replace(os.sep, "/")


def _confined(repo_root: str, file: str, display: str) -> str:
    """The real path to read: a file in the repository must resolve inside it.

    A committed `.orgmemory.yaml` may be a symlink to `~/.ssh/id_ed25519`; a file the user
    names outside the repository (`--config ../org.yaml`) is the user's choice, read as named.
    """
    if _relative(repo_root, file) is None:
        return file
    if not is_inside(repo_root, file):
        raise ConfigError(display, None, None,
                          "resolves outside the repository (a symlink or '..'); refused")
    return os.path.realpath(file)


def _read_text(file: str, display: str) -> str:
    try:
        with open(file, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ConfigError(display, None, None, f"cannot read: {error.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ConfigError(display, None, None,
                          f"larger than {MAX_FILE_BYTES // 2**20} MiB; refused (a memory file is short)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ConfigError(display, None, None,
                          f"not UTF-8 text ({error.reason} at byte {error.start})") from None


# --------------------------------------------------------------------------- composing
_TOO_MANY = (f"aliases and merge keys expand to more than {MAX_NODES} nodes "
             "(a YAML bomb?); refused")
_RESOLVE = yaml.resolver.Resolver().resolve


def compose_yaml(text: str, display: str) -> Node | None:
    """The one document in `text` as a node tree, or None when it is empty.

    Built here from libyaml's events rather than by `yaml.compose`, under bounds: each node
    counts as the size of its expansion (an alias as big as its anchor), so aliases and merge
    keys that would expand past MAX_NODES are refused, as is nesting deeper than MAX_DEPTH.
    Nothing is constructed (no tags run), and errors carry a line and libyaml's description,
    never the text.
    """
    try:
        return _compose(yaml.parse(text, Loader=_Loader), display)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        raise ConfigError(display, mark.line + 1 if mark else None, None, _yaml_problem(error)) from None
    except yaml.reader.ReaderError as error:
        line = text.count("\n", 0, error.position) + 1
        raise ConfigError(display, line, None,
                          f"invalid YAML: character #x{error.character:04x}: {error.reason}") from None
    except yaml.YAMLError:
        raise ConfigError(display, None, None, "invalid YAML") from None


def _yaml_problem(error: yaml.MarkedYAMLError) -> str:
    message = f"invalid YAML: {error.problem or error.context}"
    context_mark, problem_mark = error.context_mark, error.problem_mark
    if error.problem and error.context and context_mark and (
            problem_mark is None or context_mark.line != problem_mark.line):
        message += f" ({error.context} at line {context_mark.line + 1})"
    return message


class _Open(NamedTuple):
    """A collection being composed: its node, its anchor and its expanded size so far."""

    node: Node
    anchor: str | None
    size: list[int]
    key: list[Node]  # a mapping's key waiting for its value


def _compose(events: Any, display: str) -> Node | None:
    anchors: dict[str, tuple[Node, int]] = {}  # anchor -> node, expanded size (0 while open)
    stack: list[_Open] = []
    done: list[Node] = []
    first_document = None

    def attach(node: Node, size: int, line: int) -> None:
        if size > MAX_NODES or (stack and stack[-1].size[0] + size > MAX_NODES):
            raise ConfigError(display, line, None, _TOO_MANY)
        if not stack:
            done.append(node)
            return
        parent = stack[-1]
        parent.size[0] += size
        if isinstance(parent.node, SequenceNode):
            parent.node.value.append(node)
        elif parent.key:
            parent.node.value.append((parent.key.pop(), node))
        else:
            parent.key.append(node)

    def anchor(name: str | None, node: Node, size: int, mark: Any) -> None:
        if name in anchors:
            raise yaml.composer.ComposerError("found duplicate anchor; first occurrence",
                                              anchors[name][0].start_mark, "second occurrence", mark)
        if name is not None:
            anchors[name] = (node, size)

    for event in events:
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, AliasEvent):
            if event.anchor not in anchors:
                raise yaml.composer.ComposerError(None, None, "found undefined alias", event.start_mark)
            node, size = anchors[event.anchor]
            attach(node, max(size, 1), line)  # an alias of an open ancestor (recursion) counts once
        elif isinstance(event, ScalarEvent):
            tag = event.tag if event.tag not in (None, "!") else _RESOLVE(ScalarNode, event.value, event.implicit)
            node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
            anchor(event.anchor, node, 1, event.start_mark)
            attach(node, 1, line)
        elif isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            if len(stack) >= MAX_DEPTH:
                raise ConfigError(display, line, None, f"nested deeper than {MAX_DEPTH} levels; refused")
            kind = SequenceNode if isinstance(event, SequenceStartEvent) else MappingNode
            tag = event.tag if event.tag not in (None, "!") else _RESOLVE(kind, None, event.implicit)
            node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
            anchor(event.anchor, node, 0, event.start_mark)
            stack.append(_Open(node, event.anchor, [1], []))
        elif isinstance(event, CollectionEndEvent):
            closed = stack.pop()
            closed.node.end_mark = event.end_mark
            if closed.anchor is not None:
                anchors[closed.anchor] = (closed.node, closed.size[0])
            attach(closed.node, closed.size[0], line)
        elif isinstance(event, DocumentStartEvent):
            if first_document is not None:
                raise yaml.composer.ComposerError("expected a single document in the stream", first_document,
                                                  "but found another document", event.start_mark)
            first_document = event.start_mark
    return done[0] if done else None


# --------------------------------------------------------------------------- building
def _build_config(data: Mapping[str, Any], lines: Mapping[str, int], file: str, display: str,
                  notes: tuple[str, ...]) -> Config:
    standards = tuple(_standard(values, f"standards[{i}]", lines, display)
                      for i, values in enumerate(data.get("standards", ())))
    standards = _link_supersession(standards, lines, display, extended=bool(data.get("extends")))
    rules = _rule_configs(data.get("rules", {}), data.get("scan", {}).get("todo", {}), lines)
    return Config(
        file=file,
        version=data.get("version", SUPPORTED_VERSION),
        org=data.get("org"),
        scan=_scan_settings(data.get("scan", {}), rules),
        rules=rules,
        standards=standards,
        legacy=tuple(_legacy(values, f"legacy[{i}]", lines, display)
                     for i, values in enumerate(data.get("legacy", ()))),
        extends=data.get("extends", ()),
        notes=notes,
    )


def _rule_configs(values: Mapping[str, Any], todo: Mapping[str, Any],
                  lines: Mapping[str, int]) -> tuple[RuleConfig, ...]:
    """The `rules:` section; `scan.todo.stale_after` is an alias of stale-todo's `stale_after`
    option, which wins when both are written. The one place that resolves that precedence."""
    entries = {rule_id: dict(entry) for rule_id, entry in values.items()}
    if todo.get("stale_after") is not None:
        stale = entries.setdefault("stale-todo", {})
        stale["options"] = {"stale_after": todo["stale_after"], **stale.get("options", {})}
    return tuple(
        RuleConfig(id=rule_id, enabled=entry.get("enabled"), severity=entry.get("severity"),
                   options=tuple(sorted(entry.get("options", {}).items())),
                   line=lines.get(f"rules.{rule_id}"))
        for rule_id, entry in entries.items()
    )


def _scan_settings(values: Mapping[str, Any], rules: tuple[RuleConfig, ...] = ()) -> ScanSettings:
    from indexer.rulepack import settings_for

    todo = values.get("todo", {})
    given = {
        "exclude": values.get("exclude"),
        "history_paths": values.get("history_paths"),
        "max_file_bytes": values.get("max_file_size"),
        "extends_refresh_hours": values.get("extends_refresh"),
        "vendored": values.get("vendored"),
        "markers": todo.get("markers"),
        "stale_after_days": settings_for(Config(rules=rules))["stale-todo"].options["stale_after"],
    }
    return ScanSettings(**{name: value for name, value in given.items() if value is not None})


def _standard(values: Mapping[str, Any], key: str, lines: Mapping[str, int], file: str) -> Standard:
    fields = dict(values)
    for name in ("forbid", "require"):
        fields[name] = tuple(
            Match(glob=entry["glob"], pattern=entry.get("pattern"), line=lines[f"{key}.{name}[{j}]"])
            for j, entry in enumerate(values.get(name, ()))
        )
    return Standard(**fields, file=file, line=lines[key])


def _legacy(values: Mapping[str, Any], key: str, lines: Mapping[str, int], file: str) -> LegacyPath:
    return LegacyPath(**values, file=file, line=lines[key])


# --------------------------------------------------------------------------- cross-checks
# Written once, for one file (`load_config`) and for an extends chain (`extends.merge_configs`):
# both hand `check_standards` the standards with where each was written.
class Entry(NamedTuple):
    """A standard and where it was written: its key path in its file (`standards[i]`), the
    file's line map when at hand (else the standard's own line stands for its sub-keys), and
    its layer (0 for the first file of an extends chain, higher for later ones; the repository's
    own file is the last)."""

    standard: Standard
    key: str
    lines: Mapping[str, int] = {}
    layer: int = 0

    def line(self, key: str) -> int:
        return self.lines.get(key, self.standard.line)


class _Link(NamedTuple):
    """`newer` supersedes `older`, as written at key path `key` of `entry`, which names `named`."""

    newer: str
    older: str
    key: str
    named: str
    entry: Entry

    @property
    def line(self) -> int:
        return self.entry.line(self.key)

    def error(self, message: str) -> ConfigError:
        return ConfigError(self.entry.standard.file, self.line, self.key, message)


def check_standards(entries: Sequence[Entry], complete: bool = True,
                    elsewhere: str = "") -> tuple[Standard, ...]:
    """Check supersession (ids named, one superseder each, no cycles) and contradictions
    between active standards; return the standards with each superseded one's `superseded_by` set.

    `complete`: every id a link may name is among `entries` (False for a file that `extends`
    others, whose ids the merge judges). `elsewhere` ends an unknown-id message.
    """
    known = {entry.standard.id for entry in entries}
    superseded: dict[str, _Link] = {}
    for link in _supersession_links(entries):
        if link.named not in known:
            if complete:
                raise link.error(_unknown_id_message(link.named, known) + elsewhere)
            continue
        _check_link(link, superseded)
        superseded.setdefault(link.older, link)
    _reject_cycles(entries, superseded)
    linked = [entry._replace(standard=replace(entry.standard, superseded_by=superseded[entry.standard.id].newer))
              if entry.standard.id in superseded else entry for entry in entries]
    _reject_contradictions(linked)
    return tuple(entry.standard for entry in linked)


def _link_supersession(standards: tuple[Standard, ...], lines: Mapping[str, int],
                       file: str, extended: bool) -> tuple[Standard, ...]:
    """One file's standards, checked (unique ids first, then `check_standards`) and linked.

    When the file `extends` others, an id it does not define may be defined there, so an
    unknown id is left for the merge to judge.
    """
    _unique_ids(standards, lines, file)
    entries = [Entry(s, f"standards[{i}]", lines) for i, s in enumerate(standards)]
    return check_standards(entries, complete=not extended)


def _unique_ids(standards: tuple[Standard, ...], lines: Mapping[str, int], file: str) -> set[str]:
    first_line: dict[str, int] = {}
    for i, standard in enumerate(standards):
        key = f"standards[{i}].id"
        if standard.id in first_line:
            first = first_line[standard.id]
            raise ConfigError(file, lines[key], key,
                              f"duplicate id {standard.id!r} (first defined at line {first})")
        first_line[standard.id] = lines[key]
    return set(first_line)


def _supersession_links(entries: Sequence[Entry]) -> list[_Link]:
    """Links written in the files; a proposal's `supersedes` takes effect only once accepted."""
    links = []
    pending = {e.standard.id for e in entries if not e.standard.accepted}
    for entry in entries:
        standard = entry.standard
        if standard.id in pending:
            continue
        links += [_Link(standard.id, older, f"{entry.key}.supersedes[{j}]", older, entry)
                  for j, older in enumerate(standard.supersedes)]
        if standard.superseded_by is not None and standard.superseded_by not in pending:
            newer = standard.superseded_by
            links.append(_Link(newer, standard.id, f"{entry.key}.superseded_by", newer, entry))
    # Across files (no line maps) a `superseded_by` the loader derived from a `supersedes` gives
    # way to that `supersedes`, so that messages point where the link was written.
    written = {(link.newer, link.older) for link in links if link.key.endswith("]")}
    return [link for link in links if link.entry.lines or link.key.endswith("]")
            or (link.newer, link.older) not in written]


def _check_link(link: _Link, superseded: Mapping[str, _Link]) -> None:
    if link.newer == link.older:
        raise link.error("a standard cannot supersede itself")
    earlier = superseded.get(link.older)
    if earlier is not None and earlier.newer != link.newer:
        where = (f"line {earlier.line}" if earlier.entry.standard.file == link.entry.standard.file
                 else f"{earlier.entry.standard.file}:{earlier.line}")
        raise link.error(f"{link.older!r} is already superseded by {earlier.newer!r} ({where})")


def _unknown_id_message(named: str, known: set[str]) -> str:
    import difflib  # only on this error path

    close = difflib.get_close_matches(named, sorted(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown standard id {named!r}{hint}"


def _reject_cycles(entries: Sequence[Entry], superseded: Mapping[str, _Link]) -> None:
    """Each standard has at most one superseder, so a cycle is a walk up that returns home."""
    for entry in entries:
        chain = [entry.standard.id]
        while chain[-1] in superseded and len(chain) <= len(entries):
            chain.append(superseded[chain[-1]].newer)
            if chain[-1] == entry.standard.id:
                raise _cycle_error(chain[:-1], superseded)


def _cycle_error(members: list[str], superseded: Mapping[str, _Link]) -> ConfigError:
    """Reported at the link written last (latest file, then latest line), which closed the
    cycle, read from its superseder.

    `members` lists the cycle from a superseded standard up to the one that supersedes it.
    """
    closing = max((superseded[member] for member in members), key=lambda link: (link.entry.layer, link.line))
    newest_first = members[::-1]
    start = newest_first.index(closing.newer)
    cycle = newest_first[start:] + newest_first[:start] + [closing.newer]
    return closing.error(f"supersedes cycle: {' -> '.join(cycle)}")


def _reject_contradictions(entries: Sequence[Entry]) -> None:
    """Active standards must not require what one of them forbids in an overlapping scope.

    A `forbid` with a pattern only contradicts a `require` with that same pattern.
    """
    active = [e for e in entries if e.standard.in_force]
    forbids: dict[str, list[tuple[Entry, Match, str]]] = {}
    for entry in active:
        for j, match in enumerate(entry.standard.forbid):
            forbids.setdefault(match.glob, []).append((entry, match, f"{entry.key}.forbid[{j}]"))
    for requirer in active:
        for j, required in enumerate(requirer.standard.require):
            for forbidder, forbidden, forbid_key in forbids.get(required.glob, ()):
                if (forbidden.pattern in (None, required.pattern)
                        and _scopes_overlap(requirer.standard, forbidder.standard)):
                    raise _contradiction((requirer, required, f"{requirer.key}.require[{j}]"),
                                         (forbidder, forbidden, forbid_key))


def _scopes_overlap(first: Standard, second: Standard) -> bool:
    if first is second:
        return True
    return any(globs_may_overlap(a, b)
               for a in first.scope if not a.startswith("!")
               for b in second.scope if not b.startswith("!"))


def _contradiction(require: tuple[Entry, Match, str], forbid: tuple[Entry, Match, str]) -> ConfigError:
    """Reported at whichever side was written later: the later file of an extends chain (the
    repository's own file, which is what can change), then the later line."""
    (requirer, required, require_key), (forbidder, forbidden, forbid_key) = require, forbid
    glob = required.glob
    if requirer.standard is forbidder.standard:
        return ConfigError(forbidder.standard.file, forbidden.line, forbid_key,
                           f"{forbidder.standard.id!r} forbids {glob!r}, which it also requires "
                           f"(line {required.line})")

    def where(entry: Entry, match: Match, other: Entry) -> str:
        same = entry.standard.file == other.standard.file
        return f"line {match.line}" if same else f"{entry.standard.file}:{match.line}"

    advice = "in an overlapping scope; supersede one of them or narrow a scope"
    if (forbidder.layer, forbidden.line) > (requirer.layer, required.line):
        message = (f"{forbidder.standard.id!r} forbids {glob!r}, which {requirer.standard.id!r} requires "
                   f"({where(requirer, required, forbidder)})")
        return ConfigError(forbidder.standard.file, forbidden.line, forbid_key, f"{message} {advice}")
    message = (f"{requirer.standard.id!r} requires {glob!r}, which {forbidder.standard.id!r} forbids "
               f"({where(forbidder, forbidden, requirer)})")
    return ConfigError(requirer.standard.file, required.line, require_key, f"{message} {advice}")
