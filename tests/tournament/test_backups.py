"""``manage.py backup`` and ``manage.py restore`` (docs/hosting/backups.md): a backup taken
mid-play, while a thread enters results as the tablets do, restores exactly, every row
of every table with its ids and its times to the microsecond; a restore refuses a
database that is not empty, and a PostgreSQL tool older than the server.

Each database is a scratch one of the test's own, worked on by processes of their own
(tests/tournament/backup_world.py): SQLite files always; PostgreSQL databases beside
the suite's when the suite runs on PostgreSQL.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournament.management import backups

from .scratch import ON_POSTGRESQL, ROOT, run

# What entering a result writes: its row and its line of the audit trail.
POSTED = ("tournament_result", "tournament_auditentry")


def microseconds(shown: str) -> int:
    """The microseconds of a time as ``rows`` shows it: a datetime's repr (whose
    seventh number they are, left out when 0) or a string of text."""
    if shown.startswith("datetime.datetime("):
        numbers = re.findall(r"\d+", shown.split("tzinfo")[0])
        return int(numbers[6]) if len(numbers) > 6 else 0
    found = re.search(r"\.(\d{6})", shown)
    return int(found[1]) if found else 0


def table_rows(url: str) -> dict[str, list[dict[str, str]]]:
    return json.loads(run(["-m", "tests.tournament.backup_world", "rows"], url))


def test_a_backup_taken_while_a_tablet_posts_restores_exactly(databases, tmp_path):
    source = databases.new()
    suffix = ".dump" if databases.kind == "postgresql" else ".sqlite3"
    mid, end = tmp_path / f"mid{suffix}", tmp_path / f"end{suffix}"
    played = json.loads(
        run(["-m", "tests.tournament.backup_world", "play", str(mid), str(end)], source)
    )
    after = table_rows(source)
    assert len(after["tournament_result"]) == played["posted"] > played["ended"] >= 10

    # At rest: every row of every table, and the next ids, as they were.
    at_rest = databases.new()
    run(["manage.py", "restore", str(end)], at_rest)
    assert table_rows(at_rest) == after
    # The times kept their microseconds (what JSON's dumpdata cuts to milliseconds).
    assert any(microseconds(r["created_at"]) % 1000 for r in after["tournament_result"])

    # Mid-play: one moment's snapshot, the results entered by then and nothing after,
    # each with its line of the audit trail (never one without the other).
    mid_play = databases.new()
    run(["manage.py", "restore", str(mid)], mid_play)
    copy = table_rows(mid_play)
    assert {t: r for t, r in copy.items() if t not in POSTED and t != "(next ids)"} == {
        t: r for t, r in after.items() if t not in POSTED and t != "(next ids)"
    }
    results = copy["tournament_result"]
    assert played["began"] <= len(results) <= played["ended"] < played["posted"]
    for table in POSTED:
        last = max(int(r["id"]) for r in copy[table])
        assert copy[table] == [r for r in after[table] if int(r["id"]) <= last], table
    audited = {r["result_id"] for r in copy["tournament_auditentry"] if r["result_id"] != "None"}
    assert audited == {r["id"] for r in results}


# --- Refusals, in the host's words ----------------------------------------------------


@pytest.mark.django_db
def test_a_restore_refuses_a_database_that_is_not_empty_saying_what_it_holds(tmp_path):
    from tournament.models import Club, Member

    Member.objects.create(club=Club.first(), name="Jane Alden")
    backup = tmp_path / "backup.file"
    backup.write_bytes(b"PGDMP" if ON_POSTGRESQL else b"SQLite format 3\x00")
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(backup))
    assert str(refused.value) == (
        "This database is not empty: it holds 1 club, 1 member. A restore replaces all of "
        "it with the backup's. Restore into a new database, or run again with --force to "
        "replace it."
    )
    assert Member.objects.filter(name="Jane Alden").exists()


@pytest.mark.django_db
def test_a_restore_refuses_the_other_databases_backup_before_replacing_anything(tmp_path):
    backup = tmp_path / "backup.file"
    backup.write_bytes(b"SQLite format 3\x00" if ON_POSTGRESQL else b"PGDMP\x01\x0e")
    with pytest.raises(CommandError, match="From SQLite to PostgreSQL"):
        call_command("restore", str(backup), "--force")
    backup.write_bytes(b'[{"model": "tournament.club"}]')
    with pytest.raises(CommandError, match="is no backup this command made"):
        call_command("restore", str(backup), "--force")


def _fake_tool(folder: Path, name: str, says: str) -> None:
    script = folder / name
    script.write_text(f"#!/bin/sh\necho '{says}'\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)


@pytest.mark.skipif(not ON_POSTGRESQL, reason="needs PostgreSQL (DATABASE_URL=postgres://...)")
@pytest.mark.django_db
def test_a_postgresql_tool_missing_or_older_than_the_server_is_refused(tmp_path, monkeypatch):
    major, minor = backups.server_version()
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(CommandError) as missing:
        call_command("backup", str(tmp_path / "b.dump"))
    assert str(missing.value).startswith("pg_dump is not installed (or not on the PATH).")
    assert f"postgresql-client-{major}" in str(missing.value)
    _fake_tool(tmp_path, "pg_dump", f"pg_dump (PostgreSQL) {major - 1}.4")
    with pytest.raises(CommandError) as older:
        call_command("backup", str(tmp_path / "b.dump"))
    assert str(older.value).startswith(
        f"pg_dump is PostgreSQL {major - 1}.4's, older than the server "
        f"(PostgreSQL {major}.{minor}): it cannot read a newer server's database."
    )
    assert not (tmp_path / "b.dump").exists()


def test_the_version_a_tool_states_is_read_as_postgresql_prints_it(tmp_path, monkeypatch):
    """``pg_dump --version`` as Debian's and the upstream builds print it, read against a
    server of the same major version: taken; a server one newer: refused."""
    _fake_tool(tmp_path, "pg_restore", "pg_restore (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(backups, "server_version", lambda: (15, 8))
    assert backups.tool("pg_restore").version == (15, 20)
    monkeypatch.setattr(backups, "server_version", lambda: (16, 1))
    with pytest.raises(CommandError, match="older than the server"):
        backups.tool("pg_restore")


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_the_commands_help_says_what_they_do(command):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tournament.settings"}
    said = subprocess.run(
        [sys.executable, "manage.py", command, "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    said = " ".join(said.split())
    assert "FILE" in said
    if command == "backup":
        assert "one consistent snapshot, safe while the room is served" in said
        assert "pg_dump's custom format" in said and "online backup" in said
    else:
        assert "with its id and its times to the microsecond" in said
        assert "unless --force is given" in said and "Stop the room's server first" in said
