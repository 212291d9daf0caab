"""Issue 13: which words of a task lead to the file the work is in, from the task's words alone.

Each case is a learn-half case of `bench/relevance.py` rebuilt small: a real commit's subject, and
the finding in the file it changed (or a namesake of it)."""
from __future__ import annotations

from _prime_repo import prime

GO = "package cli\n// {}\nvar x = 1\n"
TF = "# {}\nlocals {{}}\n"


def shown(root, task, *args):
    block, _ = prime(root, *args, task=task)
    return [i["path"] for i in block["items"] if i["kind"] in ("finding", "resolution")]


def test_one_word_shared_with_a_file_s_name_is_a_namesake_two_say_the_task(repo):
    """"sec groups" and `node_groups.tf` (terraform-aws-eks) share one word, and from the subject
    alone one word shared with a file's name is as often a namesake as the place of the work
    ("column" and rails' `columns_test.rb`): not shown. A second task word in the TODO's own text
    says it is about the task, and the name floor lets it in (here "group" is in half of the
    records: its score alone clears no other floor). With the file being edited it is shown."""
    repo.commit("2020-01-01", files={
        "node_groups.tf": TF.format("TODO - hopefully AWS releases a managed policy which can replace this"),
        "main.tf": TF.format("TODO - hopefully this can be removed once the AWS endpoint is named properly in China"),
        "modules/eks-managed-node-group/main.tf": TF.format("TODO: drop the launch template copy once the provider handles it"),
        "modules/self-managed-node-group/main.tf": TF.format("TODO: the warm pool settings are not validated yet"),
        "modules/fargate/main.tf": TF.format("TODO: a profile per group of namespaces would be cheaper to run"),
        "modules/karpenter/main.tf": TF.format("TODO: the controller role should not need the group tag to discover nodes"),
        "examples/complete/main.tf": TF.format("TODO: split the complete example into one per feature"),
        "modules/kms/main.tf": TF.format("TODO: rotate the key on a schedule the caller chooses"),
        "outputs.tf": TF.format("TODO: output the cluster certificate authority in its decoded form"),
        "variables.tf": TF.format("TODO: validate the cluster version against the supported list"),
    })
    task = "feat: Add prometheus-adapter port 6443 to recommended sec groups (#2399)"
    assert shown(repo.root, task) == []
    assert shown(repo.root, task, "--paths", "node_groups.tf") == ["node_groups.tf"]
    assert shown(repo.root, "Replace the inline policy of the recommended sec groups") == ["node_groups.tf"]
    assert shown(repo.root, "Add recommended ports") == []


def test_a_word_in_most_records_names_no_file(repo):
    """`package` in a monorepo of packages: a file name holding it is no lead (NAME_IDF_MIN)."""
    repo.commit("2020-01-01", files={
        **{f"packages/p{n}/src/package.ts": f"// TODO: drop the postinstall hook of p{n} once the registry serves it\n"
           for n in range(8)},
        **{f"docs/{n}.md": f"<!-- TODO: the {n} page should show a complete example -->\n" for n in ("config", "modes")},
    })
    assert shown(repo.root, "Support scoped registries for every package") == []


def test_help_is_a_word_of_the_task(repo):
    """"help" was dropped as a filler verb; in a CLI it is the help command (urfave-cli's
    `help_test.go`)."""
    repo.commit("2020-01-01", files={
        "help_test.go": GO.format("FIXME: App Command collapse"),
        "command.go": GO.format("TODO: ~string | fmt.Stringer when interface unions are available"),
        "flag_impl.go": GO.format("TODO move this phase into a separate flag initialization function"),
        **{f"c{n}.go": GO.format(f"TODO: scanner {n} should report its progress") for n in range(6)},
    })
    assert "help_test.go" in shown(repo.root, "Dont check req flags for help and completion commands")


def test_a_file_the_task_names_is_a_place_and_its_words_no_concept(repo):
    """`Update vault_read_test.go` (GitHub's subject for an edit in its web editor) names one file:
    its finding is shown; another that shares its words (`vault_token_test.go`) is not."""
    repo.commit("2020-01-01", files={
        "dependency/vault_read_test.go": GO.format("TODO: the read test leaks a lease when the secret is missing"),
        "watch/vault_token_test.go": GO.format("XXX remove this timer in hashicat port"),
        "command_test.go": GO.format("XXX Corresponds to hack in context.IsSet for flags with EnvVar field"),
        **{f"docs/{n}.md": f"<!-- TODO: the {n} page should show a complete example -->\n"
           for n in ("templating", "config", "modes", "plugins")},
        **{f"scripts/{n}.sh": f"# TODO: {n} should fail when the tool is missing\necho\n" for n in ("release", "lint", "dist")},
        ".github/workflows/test.yml": "jobs:\n  # TODO: switch once v3 is out of alpha\n  test: {}\n",
    })
    assert shown(repo.root, "Update vault_read_test.go to fix failing test") == ["dependency/vault_read_test.go"]
    assert shown(repo.root, "Update test.yml") == [".github/workflows/test.yml"]


def test_a_ci_task_is_about_the_ci_configuration(repo):
    """`ci: ...` is the one Conventional Commits type that names a place (poetry-core's `ci: add
    zizmor pre-commit hook`): the CI configuration's findings are shown as if beside the task;
    `[pre-commit.ci] ...` (a service's name) or `[skip ci]` is no such type."""
    repo.commit("2020-01-01", files={
        ".github/workflows/downstream.yaml": "jobs:\n  # TODO: mark run as success even when this fails and add comment to PR instead\n  x: {}\n",
        ".pre-commit-config.yaml": "repos: []\n",
        **{f"src/core/m{n}.py": f"# TODO: module {n} should cache the parsed constraint\nx = {n}\n" for n in range(6)},
    })
    assert shown(repo.root, "ci: add zizmor pre-commit hook and fix issues (#799)") == [".github/workflows/downstream.yaml"]
    assert shown(repo.root, "[CI] add zizmor pre-commit hook") == [".github/workflows/downstream.yaml"]
    for task in ("[pre-commit.ci] pre-commit autoupdate (#577)", "chore: add zizmor pre-commit hook [skip ci]"):
        assert shown(repo.root, task) == [], task


def test_a_file_name_is_matched_by_the_word_as_written_not_by_its_stem(repo):
    """Porter2 makes `terminate` and `terminal` both `termin`: "Terminate resize notification"
    (fzf) is no lead to `tui/t0_terminal.go` by its name; "Windows" still is to `util_windows.go`."""
    repo.commit("2020-01-01", files={
        "src/terminal.go": GO.format("TODO: the preview scroll offset is lost when the layout flips"),
        "src/util/util_windows.go": GO.format("TODO: kill the whole process tree, not only the shell"),
        "src/util/util.go": GO.format("TODO: the shell is looked up once per call"),
        **{f"src/m{n}.go": GO.format(f"TODO: matcher {n} should reuse its slab between calls") for n in range(6)},
        **{f"src/tui/t{n}_terminal.go": GO.format(f"TODO: renderer {n} should batch its writes") for n in range(3)},
    })
    assert not [p for p in shown(repo.root, "Terminate resize notification when Loop exits") if p.startswith("src/tui/")]
    assert shown(repo.root, "Terminate child processes on Windows (#4723)") == ["src/util/util_windows.go"]



def test_a_folder_s_name_in_the_task_does_not_pull_every_todo_under_it(repo):
    """"add e2e test for snapshot stream" (etcd): `tests/e2e/` holds many TODOs, and "e2e" in the
    task once held each of them to the lower floor, so ten of them filled the block. A folder's
    word is no lead of its own (large repositories nobody tuned on: `select.TEXT_ONLY_FLOOR`)."""
    repo.commit("2020-01-01", files={
        **{f"tests/e2e/{name}_test.go": GO.format(f"TODO: {name} should cover the v2 client too")
           for name in ("ctl_auth", "ctl_lease", "ctl_member", "watch", "defrag")},
        **{f"server/{name}.go": GO.format(f"TODO: {name} keeps a reference on the request") for name in ("kv", "lease", "auth")},
        **{f"client/{name}.go": GO.format(f"FIXME: {name} retries forever") for name in ("retry", "dial", "watch")},
    })
    assert shown(repo.root, "add e2e test for snapshot stream") == []


#: Records that share no word with the tasks below: with them a task word found in one record is
#: rare, and its score clears the text floor, as in a real repository's index.
UNRELATED = {f"lib/m{n}.py": f"# TODO: the m{n} parser should stream its input in chunks\nx = {n}\n" for n in range(40)}


def test_the_places_an_observation_quotes_are_not_its_words(repo):
    """etcd's "Update Go version changelogs" against a note quoting `version.go`, and "Remove
    devcontainer test GitHub workflow" against a TODO citing a github.com issue: the words of a
    file name, a path or a URL an observation quotes say where it points, not what it is about.
    Without the edited files, and with them (`--paths` elsewhere)."""
    repo.commit("2020-01-01", files={
        **UNRELATED,
        "tools/bump.py": "# TODO: keep the release note in step with version.go and tools/go.mod\nx = 1\n",
        "tools/e2e.py": "# TODO https://github.com/acme/etcd/issues/7988 is the blocker here\nx = 1\n",
        "CHANGELOG/notes.md": "# Notes\n",
    })
    for args in ((), ("--paths", "CHANGELOG/notes.md")):
        assert shown(repo.root, "Update Go version changelogs", *args) == []
        assert shown(repo.root, "Remove devcontainer test GitHub workflow", *args) == []


def test_an_area_the_root_holds_is_that_folder(repo):
    """`cache: ...` (etcd) is the root's `cache/` when observations lie there, not every folder
    or file named cache (`client/v3/leasing/cache.go`, `server/proxy/cache/store.go`); and inside
    it, an observation says something of the task beyond its place (not `cache/demux.go`'s)."""
    repo.commit("2020-01-01", files={
        **UNRELATED,
        "cache/cache.go": GO.format("TODO: notify the watchers of a consistent read once it is served"),
        "cache/demux.go": GO.format("TODO: use marshalTo to reduce the allocations of the cache"),
        "client/v3/leasing/cache.go": GO.format("TODO: support read-only Txn for a consistent read"),
        "server/proxy/cache/store.go": GO.format("TODO: use marshalTo for a consistent read of the store"),
    })
    assert shown(repo.root, "cache: Passive notification for consistent read") == ["cache/cache.go"]


def test_a_dangling_reference_is_about_the_path_it_names(repo):
    """click's "Run Flask's test suite in the nightly workflow": `docs/contributing.md` still names
    `.github/workflows/test-flask.yaml`, deleted before the commit that brings it back. The finding's
    text is only that path and its story, so its own words say nothing; what it is about is the
    missing path, and two of the task's words are that path's name and folder. One word is no
    more evidence there than in a file's name ("Update the nightly schedule")."""
    repo.commit("2020-01-01", files={**UNRELATED, ".github/workflows/test-flask.yaml": "on: push\n",
                                     ".github/workflows/tests.yaml": "on: push\n"})
    repo.git("rm", "-q", ".github/workflows/test-flask.yaml")
    repo.commit("2021-01-01", files={
        "docs/contributing.md": "# Contributing\n\nThe downstream check runs from "
                                "`.github/workflows/test-flask.yaml`.\n"})
    assert shown(repo.root, "Run Flask's test suite in the nightly workflow") == ["docs/contributing.md"]
    assert shown(repo.root, "Update the nightly schedule of the test workflows") == []
    assert shown(repo.root, "Document the release checklist") == []
