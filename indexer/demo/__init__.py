"""A small brownfield repository, built with real backdated git history, for `orgmemory demo`.

Three years of a made-up team's work: deployment moved from `deploy/legacy` to `deploy/v2`
but the README still points at the old one, a TODO nobody touched in years, a TODO whose
deadline passed, a link to a runbook that was never written, and Terraform in a repository
whose standard says Bicep. Commit dates are set through GIT_AUTHOR_DATE/GIT_COMMITTER_DATE,
counted back from `now`, so `scan --now` on the result gives the same findings on any day.
"""
from __future__ import annotations

import os
import subprocess
from datetime import date, timedelta
from pathlib import Path

from indexer.errors import OrgmemoryError

STANDARDS = """\
version: 1
org: acme
standards:
  - id: infra-bicep
    statement: Cloud infrastructure is written in Bicep under infra/; no Terraform.
    kind: standard
    priority: must
    tags: [infrastructure, iac, terraform, bicep, cloud]
    owner: platform-team
    forbid:
      - glob: "**/*.tf"
  - id: orders-pagination
    statement: List endpoints paginate with an opaque cursor, never with offsets.
    kind: convention
    priority: should
    scope: ["services/**"]
    tags: [api, pagination, orders]
    owner: api-guild
legacy:
  - path: deploy/legacy
    successor: deploy/v2
    note: deploy/v2 is the production pipeline.
"""

#: (days before `now`, author, message, files): the history, oldest first.
HISTORY = (
    (1100, "Priya Raman", "Orders service and the first deploy scripts", {
        "README.md": "# orders\n\nThe orders service of acme.\n\n## Deploy\n\n"
                     "Run `deploy/legacy/deploy.sh` from a release branch.\n"
                     # orgmemory: ignore[dangling-reference] -- the sample's own README, a dangling link on purpose
                     "When it fails, follow the [runbook](docs/runbook.md).\n",
        "services/orders/main.py":
            "from services.orders.store import rows\n\n\n"
            "def list_orders(offset=0):\n"
            "    # TODO: paginate the orders list with a cursor once a tenant passes 10k rows\n"
            "    return rows()[offset:offset + 100]\n",
        "services/orders/store.py": "def rows():\n    return []\n",
        "deploy/legacy/deploy.sh": "#!/usr/bin/env bash\nscp -r build/ deploy@10.0.0.7:/srv/orders\n",
    }),
    (700, "Marcus Oyelaran", "Network for the orders database", {
        "infra/network.tf": 'resource "azurerm_virtual_network" "orders" {\n  name = "orders"\n}\n',
    }),
    (400, "Priya Raman", "deploy/v2: the pipeline that replaces deploy/legacy", {
        "deploy/v2/deploy.sh": "#!/usr/bin/env bash\nset -euo pipefail\naz deployment group create -f infra/main.bicep\n",
        "infra/main.bicep": "param env string\n",
        ".orgmemory.yaml": STANDARDS,
    }),
    (90, "Marcus Oyelaran", "Temporary allow-list for the office", {
        "infra/main.bicep": "param env string\n"
                            "// TODO({deadline}): remove the temporary office IP allow-list rule\n",
    }),
)


def build(target: Path, now: date) -> Path:
    """Create the sample repository in `target` (absent or empty) and return its path."""
    target = target.resolve()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise OrgmemoryError(f"{target}: not an empty folder; give `orgmemory demo` a new one")
    target.mkdir(parents=True, exist_ok=True)
    deadline = (now - timedelta(days=30)).isoformat()
    _git(target, None, None, "init", "-q", "-b", "main")
    for days, author, message, files in HISTORY:
        for name, text in files.items():
            path = target / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text.replace("{deadline}", deadline), encoding="utf-8")
        when = f"{(now - timedelta(days=days)).isoformat()}T12:00:00+00:00"
        _git(target, when, author, "add", "-A")
        _git(target, when, author, "commit", "-q", "-m", message)
    return target


def _git(cwd: Path, when: str | None, author: str | None, *args: str) -> None:
    """git with a fixed identity and no user or system configuration (hooks, signing, templates)."""
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    if author:
        email = author.lower().replace(" ", ".") + "@example.com"
        env.update(GIT_AUTHOR_NAME=author, GIT_AUTHOR_EMAIL=email,
                   GIT_COMMITTER_NAME=author, GIT_COMMITTER_EMAIL=email)
    if when:
        env.update(GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    try:
        subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, timeout=60)
    except FileNotFoundError:
        raise OrgmemoryError("git: not found; orgmemory needs git on PATH") from None
    except subprocess.CalledProcessError as exc:
        raise OrgmemoryError(f"git {args[0]}: {exc.stderr.decode(errors='replace').strip()}") from None
