"""A backup made during an event restores into an empty database with the
same results: the ``dumpdata`` / ``loaddata`` commands of docs/hosting/backups.md, as
written.

The copy is loaded into a fresh SQLite file by a separate process, whatever
database the suite runs on: on PostgreSQL this also shows that such a backup
moves between the two.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]

# What "the same results" means: every standing and team match as computed,
# and how many rows each of the app's tables holds.
RESULTS = """
def results():
    from django.apps import apps
    from tournament.queries import standings
    from tournament.models import Event
    out = {}
    for e in Event.objects.order_by("name"):
        if e.form == "pairs":
            out[e.name] = [[r.pair, r.exact, r.rank, r.boards] for r in standings.pair_contest(e)]
        else:
            out[e.name] = repr(standings.team_match(e))
    for model in apps.get_app_config("tournament").get_models():
        out[model.__name__] = model.objects.count()
    from django.contrib.auth import get_user_model
    out["users"] = sorted(get_user_model().objects.values_list("username", "password"))
    return out
"""

# The commands of docs/hosting/backups.md ("A backup between rounds").
DUMP_OPTIONS = [
    "--natural-foreign",
    "--natural-primary",
    "--exclude=contenttypes",
    "--exclude=auth.permission",
    "--exclude=sessions",
    "--exclude=axes",
]


def test_a_dump_of_the_demo_loads_into_an_empty_database_with_the_same_results(demo, tmp_path):
    namespace: dict = {}
    exec(RESULTS, namespace)
    before = json.loads(json.dumps(namespace["results"]()))
    assert before["Result"] > 0 and len([k for k in before if k.startswith("Demo")]) == 2

    backup = tmp_path / "backup.json.gz"
    call_command("dumpdata", *DUMP_OPTIONS, output=str(backup), verbosity=0)

    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'restored.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
    }
    restore = RESULTS + (
        "import django, json; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        # A newly migrated database has no club of its own to add to the backup's.
        "from tournament.models import Club; assert not Club.objects.exists()\n"
        f"call_command('loaddata', {str(backup)!r}, verbosity=0)\n"
        "print(json.dumps(results()))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", restore],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    after = json.loads(proc.stdout.strip().splitlines()[-1])
    assert after == before
