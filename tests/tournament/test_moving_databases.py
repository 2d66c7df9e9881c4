"""A club moved from SQLite to PostgreSQL, exactly: the recipe of docs/hosting/backups.md
("From SQLite to PostgreSQL"), as written.  Django's XML serializer keeps a time's
microseconds (its JSON one cuts them to milliseconds, shown below), and the through
tables' rows (the club-director links) are dumped as rows of their own, loaded first,
so every id is the source's.

The source is an SQLite file; the target a new database of the suite's kind (a
PostgreSQL one when the suite runs on PostgreSQL), each worked on by processes of their
own (tests/tournament/backup_world.py).
"""

from __future__ import annotations

import json
import re

from .scratch import run

# The commands of docs/hosting/backups.md, "From SQLite to PostgreSQL".
DUMP_CLUB = [
    "manage.py",
    "dumpdata",
    "--format=xml",
    "--natural-foreign",
    "--exclude=contenttypes",
    "--exclude=auth.permission",
    "--exclude=sessions",
    "--exclude=axes",
]
# The through tables' rows, by the ids of the rows they link (loaded in the same
# transaction, with the same ids); the app gives no account a permission of its own.
THROUGH = ["tournament.Club_directors", "auth.User_groups"]
DUMP_LINKS = ["manage.py", "dumpdata", "--format=xml", *THROUGH]


def test_a_club_moves_from_sqlite_with_every_id_and_every_time_to_the_microsecond(
    databases, tmp_path
):
    source = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    world = ["-m", "tests.tournament.backup_world"]
    run([*world, "world"], source)
    before = json.loads(run([*world, "values"], source))
    assert len(before["tournament.Result"]) == 147 and len(before["tournament.Club_directors"]) == 2

    club, links = tmp_path / "club.xml", tmp_path / "links.xml"
    run([*DUMP_CLUB, f"--output={club}"], source)
    run([*DUMP_LINKS, f"--output={links}"], source)
    target = databases.new()
    run(["manage.py", "migrate", "--verbosity=0"], target)
    run(["manage.py", "loaddata", str(links), str(club)], target)
    after = json.loads(run([*world, "values"], target))
    assert after == before

    # The links were made out of order (td is user 1, bob user 2; bob's link is row 1):
    # a reload in reading order would have renumbered them.
    assert before["tournament.Club_directors"] == ["(1, 1, 2)", "(2, 1, 1)"]
    # The XML keeps the microseconds; Django's JSON cuts them to milliseconds.
    kept = re.findall(r'name="created_at" type="DateTimeField">([^<]+)<', club.read_text())
    assert len(kept) >= 147 and any(re.search(r"\.\d{6}", t) for t in kept)
    as_json = json.loads(run(["manage.py", "dumpdata", "tournament.Result"], source))
    cut = [r["fields"]["created_at"] for r in as_json]
    assert len(cut) == 147 and not any(re.search(r"\.\d{4}", t) for t in cut)
    assert any(re.search(r"\.\d{3}Z$", t) for t in cut)
