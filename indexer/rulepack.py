"""The built-in rule pack: one YAML file per rule in `rules/` (shipped as `indexer/_rules`).

A rule lives in one place: its YAML says what it is (id, default severity, summary, help, why,
an example, how to suppress it, its options with their defaults and documentation) and which
check reports it (`check: module:function`, by default `indexer.checks.<id with _>:check`).
`orgmemory rule`, SARIF rule descriptions, the README's rule table and the scan all read it.

A repository tunes rules in the `rules:` section of `.orgmemory.yaml`; `settings_for(config)`
is the one place that merges the two (and the `scan.todo.stale_after` alias, resolved when the
file is loaded: `indexer.memory.load`).
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from typing import Any, Mapping

from indexer.findings import SEVERITIES  # noqa: E402  (defined once, with Finding)
#: Kinds of option value: how `.orgmemory.yaml` writes them and what a check gets.
#: duration: 365d, 12w, 18m, 2y -> days (int); fraction: a number 0..1; severity: error|warning|note.
OPTION_TYPES = ("duration", "fraction", "severity")


@dataclass(frozen=True)
class OptionInfo:
    """One option of a rule, as its YAML documents it."""

    name: str
    type: str
    default: Any  # as written in the YAML (a duration stays "365d"); `value` is what checks get
    doc: str
    value: Any = None


@dataclass(frozen=True)
class RuleInfo:
    """A rule's definition (`indexer/_rules/*.yaml`): severity, summary, help and options."""

    id: str
    severity: str
    summary: str
    help: str
    options: Mapping[str, OptionInfo] = field(default_factory=dict)
    why: str = ""
    example: str = ""
    suppress: str = ""
    check: str = ""  # "module:function" that reports this rule


@dataclass(frozen=True)
class RuleSettings:
    """A rule as one repository runs it: the pack's defaults under its `rules:` settings."""

    id: str
    enabled: bool
    severity: str
    options: Mapping[str, Any]
    severity_given: bool = False  # set in `rules:` (standard-violation then ignores priorities)


def rules_dir() -> str:
    """`indexer/_rules` in an installed wheel, `rules/` beside the package in a checkout."""
    package = os.path.dirname(os.path.abspath(__file__))
    installed = os.path.join(package, "_rules")
    return installed if os.path.isdir(installed) else os.path.join(os.path.dirname(package), "rules")


#: The parsed pack, kept as JSON in the user's cache folder (`$ORGMEMORY_CACHE_DIR` or the
#: platform's): one file, keyed inside by the package version and the rule files' bytes, so a
#: scan reads the pack without PyYAML (11 ms of imports on every delta scan). Our own data, not a
#: repository's; anything amiss in it and the YAML is parsed again (and the file rewritten).
_PACK_FILE = "rulepack.json"


@functools.lru_cache(maxsize=1)
def load_rules() -> dict[str, RuleInfo]:
    directory = rules_dir()
    names = sorted(name for name in os.listdir(directory) if name.endswith(".yaml"))
    texts = []
    for name in names:
        with open(os.path.join(directory, name), "rb") as fh:
            texts.append(fh.read())
    key = _pack_key(names, texts)
    cached = _read_pack(key)
    if cached is not None:
        return cached
    rules = _parse_pack(names, texts)
    _write_pack(key, rules)
    return rules


def _pack_key(names: list[str], texts: list[bytes]) -> str:
    import hashlib

    from indexer import __version__

    digest = hashlib.sha256(__version__.encode())
    for name, text in zip(names, texts):
        digest.update(hashlib.sha256(name.encode()).digest() + hashlib.sha256(text).digest())
    return digest.hexdigest()


def _pack_path() -> str | None:
    from indexer.cache import shared_file

    return shared_file(_PACK_FILE)


def _read_pack(key: str) -> dict[str, RuleInfo] | None:
    import json

    path = _pack_path()
    try:
        if path is None or os.path.islink(path):
            return None
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if data.get("key") != key:
            return None
        rules = {}
        for row in data["rules"]:
            options = {name: OptionInfo(**option) for name, option in row.pop("options").items()}
            rule = RuleInfo(**row, options=options)
            rules[rule.id] = rule
        return rules
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _write_pack(key: str, rules: dict[str, RuleInfo]) -> None:
    import json
    from dataclasses import asdict

    path = _pack_path()
    if path is None:
        return
    try:
        from indexer.atomic import write_atomic

        if os.path.islink(path):
            return
        write_atomic(path, json.dumps({"key": key, "rules": [asdict(rule) for rule in rules.values()]},
                                      ensure_ascii=False))
    except Exception:  # noqa: BLE001 (a cache: a failed write leaves the next run parsing the YAML)
        pass


def _parse_pack(names: list[str], texts: list[bytes]) -> dict[str, RuleInfo]:
    import yaml  # only when the pack changed (or its JSON is missing): a scan never needs it

    # libyaml's safe loader where PyYAML has it (the pack is ours, plain YAML: the same data,
    # a seventh of the time of the pure-Python one that every delta scan paid)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    rules: dict[str, RuleInfo] = {}
    for name, text in zip(names, texts):
        data = yaml.load(text.decode("utf-8"), Loader=loader)  # noqa: S506 (a safe loader)
        rule = _rule(data, name)
        rules[rule.id] = rule
    return rules


def _rule(data: Mapping[str, Any], name: str) -> RuleInfo:
    rule_id = data["id"]
    if name != f"{rule_id}.yaml" or data["severity"] not in SEVERITIES:
        raise ValueError(f"rules/{name}: the file must be named <id>.yaml and its severity one of {SEVERITIES}")
    options = {}
    for option, spec in (data.get("options") or {}).items():
        if spec.get("type") not in OPTION_TYPES:
            raise ValueError(f"rules/{name}: option {option}: type must be one of {OPTION_TYPES}")
        options[option] = OptionInfo(name=option, type=spec["type"], default=spec["default"],
                                     doc=" ".join(spec.get("doc", "").split()),
                                     value=option_value(spec["type"], spec["default"]))
    return RuleInfo(
        id=rule_id, severity=data["severity"], summary=data["summary"].strip(), help=data["help"].strip(),
        options=options, why=(data.get("why") or "").strip(), example=(data.get("example") or "").rstrip(),
        suppress=(data.get("suppress") or "").strip(),
        check=data.get("check") or f"indexer.checks.{rule_id.replace('-', '_')}:check",
    )


def option_value(kind: str, written: Any) -> Any:
    """What a check gets for an option written `written` (already validated)."""
    if kind == "duration":
        from indexer.memory.values import parse_duration

        return parse_duration(written)
    if kind == "fraction":
        return float(written)
    return written


def severity(rule_id: str) -> str:
    return load_rules()[rule_id].severity


def settings_for(config: Any) -> dict[str, RuleSettings]:
    """Every rule as `config` (its `rules:` section, `Config.rules`) runs it."""
    given = {entry.id: entry for entry in getattr(config, "rules", None) or ()}
    out = {}
    for rule_id, rule in load_rules().items():
        mine = given.get(rule_id)
        options = {name: option.value for name, option in rule.options.items()}
        if mine is not None:
            options.update(dict(mine.options))
        out[rule_id] = RuleSettings(
            id=rule_id,
            enabled=mine.enabled if mine is not None and mine.enabled is not None else True,
            severity=mine.severity if mine is not None and mine.severity else rule.severity,
            options=options,
            severity_given=bool(mine is not None and mine.severity),
        )
    return out


# --------------------------------------------------------------------------- documentation
def markdown_table() -> str:
    """The README's rule table, generated from the pack (`orgmemory rule --format markdown`)."""
    rows = ["| rule | default severity | what it flags |", "|---|---|---|"]
    for rule in load_rules().values():
        rows.append(f"| `{rule.id}` | {table_severity(rule)} | {rule.summary} |")
    return "\n".join(rows) + "\n"


def table_severity(rule: RuleInfo) -> str:
    by = [f"{o.name}: {o.default}" for o in rule.options.values() if o.type == "severity"]
    return f"by priority ({', '.join(by)})" if by else rule.severity
