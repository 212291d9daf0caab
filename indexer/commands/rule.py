"""orgmemory rule [ID]: the rule list, or one rule's documentation, from `rules/*.yaml`."""
from __future__ import annotations

import json
import textwrap

import click

from indexer.errors import OrgmemoryError


class UnknownRuleError(OrgmemoryError):
    pass


@click.command("rule")
@click.argument("rule_id", required=False, metavar="[ID]")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text",
              show_default=True, help="json: machine-readable; markdown: the README's rule table (list only).")
def command(rule_id: str | None, fmt: str):
    """List the rules (id, default severity, summary), or document one rule: what it flags, why,
    an example, how to suppress it, and its options with their defaults.

    Rules are tuned per repository in the `rules:` section of .orgmemory.yaml:

    \b
      rules:
        stale-todo: {severity: note, options: {stale_after: 730d}}
        dangling-command: {enabled: false}
    """
    from indexer.rulepack import load_rules, markdown_table

    rules = load_rules()
    if rule_id is None:
        if fmt == "json":
            click.echo(json.dumps([_json(rule) for rule in rules.values()], indent=2))
        elif fmt == "markdown":
            click.echo(markdown_table(), nl=False)
        else:
            width = max(len(rule_id) for rule_id in rules)
            for rule in rules.values():
                click.echo(f"{rule.id:<{width}}  {rule.severity:<7}  {rule.summary}")
        return
    if rule_id not in rules:
        import difflib

        close = difflib.get_close_matches(rule_id, list(rules), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else "; `orgmemory rule` lists them"
        raise UnknownRuleError(f"unknown rule {rule_id!r}{hint}")
    rule = rules[rule_id]
    if fmt == "json":
        click.echo(json.dumps(_json(rule), indent=2))
    else:
        click.echo(document(rule), nl=False)


def _json(rule) -> dict:
    return {"id": rule.id, "severity": rule.severity, "summary": rule.summary, "help": rule.help,
            "why": rule.why, "example": rule.example, "suppress": rule.suppress,
            "options": {o.name: {"type": o.type, "default": o.default, "doc": o.doc}
                        for o in rule.options.values()}}


def document(rule) -> str:
    """One rule's documentation as `orgmemory rule ID` prints it."""
    from indexer.rulepack import table_severity

    out = [f"{rule.id}  (severity: {table_severity(rule)})", "", rule.summary, ""]

    def section(title: str, body: str, indent: bool = False) -> None:
        if body:
            out.extend([f"{title}:", textwrap.indent(body, "    ") if indent else body, ""])

    section("What it flags", rule.help)
    section("Why", rule.why)
    section("Example", rule.example, indent=True)
    section("Suppress", rule.suppress, indent=True)
    if rule.options:
        out.append("Options (.orgmemory.yaml: rules: {" + rule.id + ": {options: {NAME: VALUE}}}):")
        for option in rule.options.values():
            out.append(f"    {option.name}: {option.default}  ({option.type})")
            out.append(textwrap.indent(textwrap.fill(option.doc, 88), "        "))
        out.append("")
    out.append(f"Turn it off or re-rank it: rules: {{{rule.id}: {{enabled: false}}}} or "
               f"{{{rule.id}: {{severity: note}}}}")
    return "\n".join(out) + "\n"
