"""Config and data files: YAML (CI workflows included), JSON, TOML, INI.

Read line by line, without a parser, so a broken file still yields its references and each
keeps its line. Values under command keys (`run:`, `script:`, `command:`, package scripts) are
shell; GitHub Actions `uses: ./local-action` and `working-directory:` name folders from the
repository root; `tsconfig` `extends` names a file relative to the config. Everything else is
a config value: a weak claim the resolver only holds to when its first folder exists.
"""
from __future__ import annotations

import json
import posixpath

from indexer.extract.references.found import Found
from indexer.extract.definitions import mkdocs_docs_dir
from indexer.extract.references.shell import ShellReader, is_created, split_comment
from indexer.regex import lazy

SHELL_KEYS = frozenset({"run", "script", "scripts", "before_script", "after_script", "command",
                        "commands", "cmd", "entrypoint", "exec", "shell_command", "pre_script",
                        "post_script", "install", "build_command"})
#: The endings of other keys whose values are scripts (mlt's CI matrix `setup_script: |`, `test_commands`).
_SHELL_KEY_ENDINGS = ("_script", "-script", "_scripts", "-scripts", "_command", "-command", "_commands", "-commands")
_YAML_KEY = lazy(r"^(\s*)(?:-\s+)*(['\"]?)([\w.$/-]+)\2\s*:(?:\s+|$)(.*)$")
_YAML_ITEM = lazy(r"^(\s*)-\s+(.*)$")
_BLOCK_SCALAR = lazy(r"^[|>][+-]?\d*\s*$")
_GITLAB_CI = lazy(r"(?:^|/)\.gitlab-ci\.ya?ml$|(?:^|/)\.gitlab/|(?:^|/)(?:ci|\.ci|gitlab-ci)/[^/]*\.ya?ml$")


#: A list entry of one item, commented out (kubebuilder's scaffolded `#- patches/webhook_in_x.yaml`,
#: to uncomment when the project makes it): an option, read as an example. One that names a path
#: the repository removed is still a claim: microservices-demo's menu of components to uncomment
#: offers a `components/service-accounts` deleted in 2024.
_COMMENTED_OUT_ITEM = lazy(r"\s*-\s+(?:[\w-]+:\s+)?[\"']?[^\s\"']+[\"']?\s*$")  # (or `#- path: x`)
_COMMENTED_OUT_KEY = lazy(r"\s+[\w-]+:\s+[\"']?[^\s\"']+[\"']?\s*$")
_COMMENTED_OUT_PARENT = lazy(r"\s*[a-z_][\w-]*:\s*$")  # `# requirements:`, a key whose entries follow
_KUSTOMIZATION = ("kustomization.yaml", "kustomization.yml", "Kustomization")
#: The header `helm template` writes above each manifest it renders: the template's path in its
#: chart (`# Source: aws-ebs-csi-driver/templates/node.yaml`), wherever the chart is kept.
_HELM_SOURCE = lazy(r"#\s*Source:\s+[\w.-]+/(?:charts/[\w.-]+/)*templates/")


def _is_shell_key(key: str) -> bool:
    return key in SHELL_KEYS or key.endswith(_SHELL_KEY_ENDINGS)


def _commented_out(path: str, line: str, comment_at: int, item_column: int = -1, chained: bool = False) -> bool:
    """A commented-out list entry: `#- x` as an editor comments a line out, any one-item entry
    in a kustomization (`# - components/service-accounts`), or one whose `#` stands where the
    live entries' `-` do (conda-lock's `# - .github/workflows/cla.yml` among its template
    sync's files), and the `key: value` and entry lines indented below an entry, or below a key
    with no value, so commented out (`#   dst: x`; flask-restplus' `.pyup.yml`, pyup's template,
    has `# requirements:` over `#   - requirements/staging.txt:`: `chained`). Elsewhere a `# - `
    entry is as likely a comment's own list of what it names."""
    if chained and (_COMMENTED_OUT_KEY.match(line, comment_at + 1) or _COMMENTED_OUT_ITEM.match(line, comment_at + 1)):
        return True
    return _COMMENTED_OUT_ITEM.match(line, comment_at + 1) is not None and (
        line.startswith("-", comment_at + 1) or path.endswith(_KUSTOMIZATION) or comment_at == item_column)


def yaml_file(found: Found) -> None:
    block: tuple[str, int, bool] | None = None  # (key, indent, is a list) of `key: |` or `key:` + items
    base = mkdocs_docs_dir(found.path, found.lines)
    shell: ShellReader | None = None
    # what the steps' scripts create: no claim as a later step's `working-directory` (kubebuilder's
    # `mkdir -p test-helm-no-webhooks`, then a step run in it)
    made: set[str] = set()
    foreign, checkouts, workdirs = _other_workspace_lines(found.lines) if _STEPS_FILE.search(found.path) \
        else ({}, set(), {})
    outputs_at = -1  # the key column of a step that uploads or caches what the job made (`_OUTPUT_ACTION`)
    compose = _COMPOSE.search(found.path) is not None
    # the last live list entry's `-` column; the column a commented-out entry or key with no value
    # starts at, below which the comment lines that go on it are commented out too (-1: none)
    item_column = below = -1
    for index, line in enumerate(found.lines):
        if index in foreign:
            block = shell = None
            if foreign[index]:
                _in_checkout(found, index, line, foreign[index])
            continue
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if block is not None and stripped and indent <= block[1] and not (
                block[2] and indent == block[1] and stripped.startswith("- ")):
            block = shell = None
        if block is not None and stripped:
            if block[0] == _UNREAD:
                continue
            if _is_shell_key(block[0]):
                item = _YAML_ITEM.match(line)
                start = item.start(2) if item else indent
                if shell is None:
                    shell = ShellReader(found, created=made)
                    shell.base = workdirs.get(index, "")
                text = line[start:]
                if block[2] and _unquote(text) != text:  # a quoted list item; a block scalar is shell as written
                    text, start = _unquote(text), start + 1
                shell.line(index, text, start)
            else:
                _value(found, index, line, indent, "config", base)
            continue
        code, comment_at = split_comment(line)
        if comment_at is not None and not _HELM_SOURCE.match(line, comment_at):
            text = line[comment_at + 1:]
            column = len(line) - len(text.lstrip())  # (where the comment's own text starts)
            chained = below >= 0 and column > below and not code.strip()
            out = _commented_out(found.path, line, comment_at, item_column, chained)
            if code.strip() or not (chained and (out or text.lstrip().startswith("#"))):  # (else the block goes on)
                below = column if not code.strip() and (out or _COMMENTED_OUT_PARENT.match(text)) else -1
            if not (compose and _CONTAINER_KEY.match(text)):  # (a service commented out: lago's)
                found.words(index, text, "comment", comment_at + 1, example=out)
        elif stripped:
            below = -1
        if code.lstrip().startswith("- "):
            item_column = indent
        pair = _YAML_KEY.match(code)
        if outputs_at >= 0 and stripped and (indent < outputs_at and stripped.startswith("-") or indent < outputs_at - 2):
            outputs_at = -1  # (the next step, or the steps' end)
        if pair and outputs_at >= 0 and pair.group(3).lower() == "path":
            value = pair.group(4).strip()
            block = (_UNREAD, len(pair.group(1)), not value) if not value or _BLOCK_SCALAR.match(value) else None
            if block is None and value.strip("'\""):  # (and where download-artifact puts what it fetched:
                made.add(posixpath.normpath(value.strip("'\"")))  # safety's `working-directory: artifacts`)
            continue  # upload-artifact's `path: ./contrib/ci/journal.log`: what an earlier step wrote
        if pair and pair.group(3).lower() == "uses" and _OUTPUT_ACTION.match(pair.group(4).strip("'\"")):
            outputs_at = pair.start(3)
        if not pair:
            item = _YAML_ITEM.match(code)
            if item:
                _value(found, index, code, item.start(2), "config", base)
            continue
        key, value, start = pair.group(3).lower(), pair.group(4).rstrip(), pair.start(4)
        if value[:1] == "&" and (anchor := _ANCHOR.match(value)):
            # (the value's name: kafka-go's `working_directory: &working_directory /go/src/...`)
            value, start = value[anchor.end():], start + anchor.end()
        if compose and key in _CONTAINER_KEYS:
            block = (_UNREAD, len(pair.group(1)), not value) if not value or _BLOCK_SCALAR.match(value) else None
            continue
        if _BLOCK_SCALAR.match(value) or not value and _is_shell_key(key):
            block = (key, len(pair.group(1)), not value)
            continue
        if _is_shell_key(key):
            reader = ShellReader(found, created=made)
            reader.base = workdirs.get(index, "")
            reader.line(index, _unquote(value), start + (value[:1] in "'\""))
        elif key == "uses" and value.strip("'\"").startswith("./"):
            action = value.strip("'\"").split("@")[0]
            if posixpath.normpath(action).split("/", 1)[0] not in checkouts:  # (another repository's action)
                # (a workflow below the root is an embedded project's, go-ethereum's copy of
                # libsecp256k1: its `./.github/actions/x` is in that project's folder)
                nested = "../.." if _NESTED_WORKFLOW.search(found.path) else ""
                found.add(index, action, "ci-uses", start, base=nested)
        elif key in ("working-directory", "working_directory"):
            # (CircleCI's `working_directory: ~/linux-wheels` is the runner's home, not this repository)
            if not is_created(made, value.strip("'\"")) and not value.strip("'\"").startswith(("~", "/", "$")):
                found.add(index, value.strip("'\""), "ci-workdir", start)
        elif key == "local" and found.path.endswith("_toctree.yml"):
            # Hugging Face's doc-builder: `- local: package_reference/peft_model`, a page of the
            # toctree's folder named without its suffix, as a Sphinx toctree's (peft's `peft_model.md`,
            # where a `peft_model/` folder was deleted in 2023)
            found.add(index, value.strip("'\""), "sphinx-doc", start)
        elif key == "local" and _GITLAB_CI.search(found.path):  # GitLab `include: - local: /ci/x.yml`
            found.add(index, value.strip("'\"").lstrip("/"), "ci-uses", start)
        elif key in ("project", "file", "remote", "template") and _GITLAB_CI.search(found.path):
            continue  # another project's file, a URL, GitLab's own template: not this repository's
        elif key not in ("uses", "image", "url", "homepage", "repository"):
            _value(found, index, code, start, "config", base)


#: A workflow, or an action whose steps run in its caller's workspace (vault-k8s' composite
#: `.github/actions/integration-test/action.yml` checks itself out at `path: vault-k8s`, then
#: runs a step in `working-directory: vault-k8s`)
_STEPS_FILE = lazy(r"(?:^|/)(?:\.github/workflows/[^/]+|action)\.ya?ml$")
_NESTED_WORKFLOW = lazy(r"./\.github/workflows/[^/]+\.ya?ml$")
#: Steps whose `path:` names what the job made (or restores, or writes: python-semantic-release's
#: `DamianReeves/write-file-action` writes `.github/manual_eval_input.py`, a later step runs it), not
#: a file of the repository.
_OUTPUT_ACTION = lazy(r"actions/(?:upload-artifact|cache|download-artifact)\b"
                      r"|[\w.-]+/(?:write|create)-(?:a-)?file(?:-action)?(?![\w-])")
_UNREAD = "\0unread"  # (the block of such a step's `path: |`, or of a container's `command:`)
#: A Compose file, whose services' `command:` and `entrypoint:` run in their containers: paths of
#: the image's file system (lago's `command: ["./scripts/start.api.sh"]`, its api image's: 44).
_COMPOSE = lazy(r"(?:^|/)(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$")
_CONTAINER_KEYS = ("command", "entrypoint")
_CONTAINER_KEY = lazy(r"\s*(?:command|entrypoint)\s*:")
_STEP_KEY = lazy(r"^\s*(?:-\s+)?([\w-]+)\s*:\s*(.*?)\s*$")


def _other_workspace_lines(lines: list[str]) -> tuple[dict[int, str], set[str], dict[int, str]]:
    """The lines of a GitHub Actions job whose workspace is not this repository, each with the
    folder this repository was checked out into there ("" when it was not); the folders other
    repositories were checked out into (consul-k8s' `uses: ./security-scanner` runs the action of
    the `hashicorp/security-scanner` checkout at `path: security-scanner`); and the lines of the
    other steps that run in a folder of this repository, with that folder: the step's
    `working-directory:` wherever the key stands in it (vscode-go's steps give it after their
    `run:`), else the job's or the workflow's `defaults: run: working-directory:` (redux-toolkit's
    `./packages/toolkit`). After a step that
    checks another repository out into the workspace (`actions/checkout` with `repository:` and
    no `path:`) the job's later steps run in that repository: their `working-directory: ./server`
    and `run:` paths are its (pydantic's third-party tests check out polar, then this repository
    at `path: pydantic-latest`). After a checkout of this repository at `path: poetry`, the
    workspace holds it under `poetry/`: `uses: ./poetry/.github/actions/x` is its `.github/actions/x`,
    and the rest is the workspace's (poetry's `poetry-plugin-export` checkout beside it). A
    checkout of this repository without `path:` ends both. A step whose `working-directory:` is
    another repository's checkout folder (`path: package`, fastify's CITGM job) runs in it."""
    out: dict[int, str] = {}
    steps_at: int | None = None  # the indent of the `steps:` key whose items are being read
    step: dict[str, str] = {}
    step_end = 0
    foreign = False
    ours_at = ""  # where this repository lies in the workspace, when not at its root
    others: set[str] = set()  # the folders other repositories were checked out into
    checkouts: set[str] = set()  # ... in any job of the workflow
    workdirs: dict[int, str] = {}
    defaults: list[tuple[int, str]] = []  # (indent of `defaults:`, its `run: working-directory:`), outermost first
    in_defaults = -1  # the indent of the `defaults:` key being read (-1: none)

    def close(until: int) -> None:
        nonlocal foreign, ours_at
        if "uses" in step and "actions/checkout" in step["uses"]:
            ours = not step.get("repository") or "github.repository" in step["repository"]
            path = posixpath.normpath(step["path"].strip("/")) if step.get("path", "").strip("/") else ""
            path = "" if path == "." else path
            if ours:
                ours_at, foreign = path, bool(path)
            elif not path:
                foreign = True
            else:
                others.add(path)
                checkouts.add(path.split("/", 1)[0])
        workdir = posixpath.normpath(step.get("working-directory") or (defaults[-1][1] if defaults else "") or ".")
        if foreign or any(workdir == other or workdir.startswith(other + "/") for other in others):
            out.update(dict.fromkeys(range(step_end, until), ours_at))  # (a step run in another's checkout)
        elif workdir != "." and not workdir.startswith(("..", "/", "~", "$")) and "${{" not in workdir:
            workdirs.update(dict.fromkeys(range(step_end, until), workdir))

    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if steps_at is not None and (indent < steps_at or indent == steps_at and not stripped.startswith("-")):
            close(index)
            steps_at, step, foreign, ours_at = None, {}, False, ""
            others.clear()
        if defaults and indent < defaults[-1][0]:
            defaults = [default for default in defaults if default[0] <= indent]  # (the job they were of ended)
        if steps_at is None:
            if stripped == "steps:":
                steps_at, step, step_end = indent, {}, index + 1
            elif stripped == "defaults:":
                in_defaults = indent
            elif in_defaults >= 0 and indent <= in_defaults:
                in_defaults = -1
            elif in_defaults >= 0 and (pair := _STEP_KEY.match(line)) and pair.group(1) == "working-directory":
                defaults = [default for default in defaults if default[0] < in_defaults]
                defaults.append((in_defaults, pair.group(2).strip("'\"")))
            continue
        if stripped.startswith("-") and indent <= steps_at + 2 and indent >= steps_at:
            close(index)  # (a new step: the one before it decides what follows)
            step, step_end = {}, index
        pair = _STEP_KEY.match(line)
        if pair:
            step.setdefault(pair.group(1), pair.group(2).strip("'\""))
    if steps_at is not None:
        close(len(lines))
    return out, checkouts, workdirs


def _in_checkout(found: Found, index: int, line: str, ours_at: str) -> None:
    """A workflow line run where this repository lies at `ours_at/` in the workspace: its
    `uses: ./ours_at/...` and `working-directory: ours_at/...`, as paths of this repository."""
    pair = _YAML_KEY.match(split_comment(line)[0])
    if not pair or pair.group(3).lower() not in ("uses", "working-directory"):
        return
    value = pair.group(4).rstrip().strip("'\"").split("@")[0]
    path = posixpath.normpath(value)
    if path == ours_at or path.startswith(ours_at + "/"):
        inside = path[len(ours_at) + 1:] or "."
        kind = "ci-uses" if pair.group(3).lower() == "uses" else "ci-workdir"
        found.add(index, "./" + inside if kind == "ci-uses" else inside, kind, pair.start(4))


def _value(found: Found, index: int, line: str, start: int, kind: str, base: str = "") -> None:
    negated = _NEGATED.match(line, start)
    if negated:  # a workflow's `paths: ['!hack/x.sh']`: a path left out of a filter, which need not exist
        found.add(index, negated.group(1), "exclusion", negated.start(1))
        return
    found.words(index, line[start:], kind, start, base=base)


#: A YAML anchor before a value (`&name value`).
_ANCHOR = lazy(r"&[\w-]+\s+")
#: A quoted `!path` (unquoted, `!Ref` is a YAML tag): an exclusion from a list of path patterns.
_NEGATED = lazy(r"""['"]!([\w./*-]+)['"]\s*$""")




def _unquote(value: str) -> str:
    if len(value) > 1 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


_JSON_STRING = lazy(r'"((?:[^"\\\n]|\\.)*)"(\s*:)?')


def package_json(found: Found, text: str) -> None:
    """The `scripts` of a package.json are shell, run from its folder; other fields name outputs."""
    try:
        scripts = json.loads(text).get("scripts")
    except (ValueError, AttributeError, RecursionError):  # RecursionError: `[[[[...` nested deeper than Python's stack
        return
    if not isinstance(scripts, dict):
        return
    for name, command in scripts.items():
        if not isinstance(command, str):
            continue
        needle = json.dumps(command)[1:-1]
        for index, line in enumerate(found.lines):
            column = line.find(needle)
            if column >= 0 and json.dumps(name) in line:
                ShellReader(found).line(index, needle, column)
                break


#: JSON keys whose value names a package or a repository (`vendor/name`), not a path: composer.json's
#: `"name": "components/handlebars.js"`, component.json's `"repo": "components/handlebars.js"`.
_NAME_KEYS = frozenset({"name", "repo", "repository"})


def json_file(found: Found, tsconfig: bool = False) -> None:
    for index, line in enumerate(found.lines):
        strings = list(_JSON_STRING.finditer(line))
        for position, match in enumerate(strings):
            if match.group(2):
                continue
            key = strings[position - 1].group(1) if position and strings[position - 1].group(2) else ""
            value = match.group(1).replace('\\"', ' "')  # (an escaped quote ends an HTML attribute's URL)
            if tsconfig and key in ("extends", "path") and value.startswith("."):
                found.add(index, value, "config-extends", match.start(1))
            elif key in _NAME_KEYS:
                continue
            elif "/" in value:
                found.words(index, value, "config", match.start(1))


_TOML_STRING = lazy(r"\"((?:[^\"\\\n]|\\.)*)\"|'([^'\n]*)'")
_TOML_TABLE = lazy(r"^\s*\[\[?([^\[\],#]*)\]\]?\s*$")
_TOML_KEY = lazy(r"^\s*([\w-]+)\s*=")
_INI_VALUE = lazy(r"^\s*[\w.-]+\s*[=:]\s*(.*)$")


def _hugo_mount(table: str, key: str) -> bool:
    """A Hugo module mount's path that is not this repository's: any of an imported module's
    (`[[module.imports.mounts]]`: its `source` is a path in that module, the Docsy theme's
    `layouts/_default/single.html`) and the `target` of any (a path in Hugo's union file system)."""
    return table == "module.imports.mounts" or table == "module.mounts" and key == "target"


def toml_file(found: Found) -> None:
    table = ""
    for index, line in enumerate(found.lines):
        code, comment_at = split_comment(line)
        if comment_at is not None:
            found.words(index, line[comment_at + 1:], "comment", comment_at + 1)
        header = _TOML_TABLE.match(code) if code.lstrip().startswith("[") else None
        if header:
            table = "".join(header.group(1).split()).replace('"', "").replace("'", "")
            continue
        key = _TOML_KEY.match(code) if table.startswith("module.") else None
        if key and _hugo_mount(table, key.group(1)):
            continue
        for match in _TOML_STRING.finditer(code):
            group = 1 if match.group(1) is not None else 2
            if "/" in match.group(group):
                found.words(index, match.group(group), "config", match.start(group))


def ini_file(found: Found) -> None:
    for index, line in enumerate(found.lines):
        stripped = line.lstrip()
        if stripped.startswith(("#", ";")):
            found.words(index, stripped[1:], "comment", len(line) - len(stripped) + 1)
            continue
        value = _INI_VALUE.match(line)
        start = value.start(1) if value else len(line) - len(stripped)
        found.words(index, line[start:], "config", start)


#: Lint tools' ignore lists and `.gitattributes`: gitignore-style patterns, one a line. An anchored
#: pattern names a path (up to its first wildcard); `.gitignore` and `.dockerignore` are not read
#: (they name what is never tracked).
PATTERN_LISTS = frozenset({".gitattributes", ".jshintignore", ".eslintignore", ".prettierignore",
                           ".stylelintignore", ".markdownlintignore"})
_WILDCARD = lazy(r"[*?\[\\]")


def pattern_list(found: Found) -> None:
    """Each anchored pattern's literal part, as an `exclusion` reference: a claim only when
    history shows that very path went away (a moved folder the pattern still names)."""
    for index, line in enumerate(found.lines):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "!", "[")):
            continue
        pattern = stripped.split()[0]
        body = pattern.rstrip("/")
        if "/" not in body:
            continue
        literal = []
        for segment in body.lstrip("/").split("/"):
            if _WILDCARD.search(segment):
                break
            literal.append(segment)
        if literal and literal[0] not in (".", ".."):
            found.add(index, "/".join(literal), "exclusion", line.find(pattern))
