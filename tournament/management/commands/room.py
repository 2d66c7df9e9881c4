"""``manage.py room``: set up and serve the room, as ``make run`` does.

One command for the club evening: migrate, load the demo on an empty database
(``demo --if-empty``; ``--no-demo`` for a real deployment), collect the static
files, then replace this process by gunicorn listening on every interface
(``HOST``/``PORT``, default 0.0.0.0:8000), with WhiteNoise serving the static
files. Before that it prints the address the tablets use (``PUBLIC_URL``, or
this machine's LAN address) and hands it to the workers, so every table link
and QR code carries it, and allows it as a host. gunicorn's server hooks start
the task worker beside it and stop it with it (tournament/room/taskworker.py).
"""

from __future__ import annotations

import io
import os
import sys
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from tournament.management.commands.createdirector import (
    first_director_lines,
    make_first_director,
)
from tournament.models import Club, Event
from tournament.models.club import DEFAULT_CLUB_NAME
from tournament.room import address, taskworker
from tournament.services import ServiceError, user_message
from tournament.services import directors as accounts


def name_the_club(name: str) -> None:
    """The room's club (made by the first migration) takes ``name`` on the first run; a
    club its director has named already keeps its name."""
    club = Club.first()
    if name and club.name == DEFAULT_CLUB_NAME:
        club.name = name[:120]
        club.short_name = name.split()[0][:20]
        club.save(update_fields=["name", "short_name"])


class Command(BaseCommand):
    help = "Set up (migrate, demo on an empty database, static files) and serve the room."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--host",
            default=os.environ.get("HOST") or "0.0.0.0",
            help="address to listen on (env HOST; default 0.0.0.0, every interface)",
        )
        parser.add_argument(
            "--port",
            type=int,
            default=int(os.environ.get("PORT") or 8000),
            help="port (env PORT; default 8000)",
        )
        parser.add_argument(
            "--workers",
            type=int,
            default=int(os.environ.get("WEB_CONCURRENCY") or 0),
            help="gunicorn worker processes (env WEB_CONCURRENCY; default: 2 a core on "
            f"PostgreSQL, 2 a core and one more, at most {address.SQLITE_MAX_WORKERS}, on SQLite)",
        )
        parser.add_argument(
            "--no-demo", action="store_true", help="do not load the demo on an empty database"
        )
        parser.add_argument(
            "--club",
            default=os.environ.get("CLUB_NAME", ""),
            help="the club's name, given to the room's club while it has the first run's "
            "default name (later, the Club page renames it); default $CLUB_NAME",
        )
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_true",
            help="ask nothing on a new database: generate the first director's password and "
            "print it once (the default when not at a terminal)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        host = str(opts["host"])
        port = int(opts["port"])
        if not 0 < port < 65536:
            raise CommandError(f"PORT must be 1-65535, not {port}")
        sqlite = settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
        workers = int(opts["workers"]) or address.default_workers(sqlite)

        call_command("migrate", interactive=False, verbosity=0)
        name_the_club(str(opts["club"]).strip())
        first, generated = None, None
        if not accounts.directors().exists():
            interactive = not opts["noinput"] and sys.stdin.isatty()
            try:
                first, generated = make_first_director(self.stdout, interactive=interactive)
            except ServiceError as e:
                raise CommandError(user_message(e)) from e
        demo_loaded = False
        if not opts["no_demo"] and not Event.objects.exists():
            call_command("demo", "--if-empty", stdout=io.StringIO())
            demo_loaded = True
        call_command("collectstatic", interactive=False, verbosity=0)
        connections.close_all()

        addresses = address.room_addresses(host)
        public = settings.PUBLIC_URL or address.origin(
            addresses[0] if addresses else "127.0.0.1", port
        )
        allowed = list(dict.fromkeys([*settings.ALLOWED_HOSTS, *addresses]))
        os.environ["PUBLIC_URL"] = public
        os.environ["ALLOWED_HOSTS"] = ",".join(allowed)
        # gunicorn's own log goes to the same file (tournament/room/roomlog.py reads it here,
        # before Django is set up); empty: the console only.
        os.environ["LOG_FILE"] = settings.LOG_FILE

        out = self.stdout.write
        out("")
        out(self.style.SUCCESS(f"Tablets and phones: {public}/"))
        out("  (table cards' QR codes and table links carry this address)")
        others = [address.origin(a, port) for a in addresses[1:]]
        if others:
            out(f"Also reachable at:  {', '.join(others)}")
        if not addresses and not settings.PUBLIC_URL:
            out(
                self.style.WARNING(
                    "No network address found (or HOST is loopback): only this machine can "
                    "reach the server. Join the club's network, or set PUBLIC_URL."
                )
            )
        out(f"On this machine:    {address.origin('127.0.0.1', port)}/")
        if first is not None:
            head, *rest = first_director_lines(first, generated, f"{public}/login/")
            out(self.style.WARNING(head) if generated else head)
            for line in rest:
                out(line)
        if demo_loaded:
            out("Demo loaded: two finished, published events to explore.")
        out(
            f"Database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}; "
            f"{workers} workers; errors logged to {settings.LOG_FILE or 'the console'}"
        )
        if taskworker.worker_command() is not None:
            out(
                f"Long work: the task worker ({settings.TASKS_BACKEND} backend) "
                "starts and stops with the server"
            )
        out("Stop with Ctrl-C.")
        out("")
        self.stdout.flush()
        sys.stderr.flush()

        bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        argv = [
            sys.executable,
            "-m",
            "gunicorn",
            "tournament.wsgi:application",
            "--bind",
            bind,
            "--workers",
            str(workers),
            *address.GUNICORN_OPTIONS,
        ]
        os.execv(sys.executable, argv)
