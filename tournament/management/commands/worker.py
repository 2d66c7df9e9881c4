"""``manage.py worker``: the task worker, for whichever tasks backend the settings name.

Long work (double-dummy solving, a big event's XLSX: tournament.jobs) waits in the
tasks backend (``TASKS_BACKEND``) until a worker runs it.  This command starts that
backend's own worker, django-tasks-db's ``db_worker`` (polling the database) or
django-rq's ``rqworker`` (Redis, with its scheduler for the hourly cleanup), after
removing the prepared files past their time and queueing the next removal.
``manage.py room`` starts it beside gunicorn and stops it with gunicorn
(tournament/room/taskworker.py); on a host, run it under the service manager.

It lowers its own CPU priority first (``os.nice``, ``--nice``, 19 by default, the
lowest): a big file it builds (docs/decisions/big-downloads.md) then takes only the
cores the web workers leave idle, and the tablets' requests go first
(docs/hosting/workers.md).  On a machine given to the room, an idle core is most of the
time, so the file still comes in seconds.

A nice value ranks a process only against the processes of its own scheduling group.
Linux's autogroups (sched(7), "The autogroup feature") put each session in a group of
its own and share the cores fairly between groups, whatever their members' nice: a
niced worker in another session than gunicorn's would still take half the cores from
the web workers.  So a worker that leads its own session (``manage.py room`` starts it
in one) sets its group's nice as well, through ``/proc/self/autogroup``.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task_backends

from tournament import jobs
from tournament.exports import kept

NICE = 19  # the lowest CPU priority: the tablets' requests always go first
AUTOGROUP = Path("/proc/self/autogroup")  # sched(7): the session's scheduling group


def lower_priority(nice: int) -> None:
    """Lower this process's CPU priority by ``nice``, and its session's scheduling group's
    to the same when it leads the session (its group then holds only the worker and what
    it starts).  A kernel without autogroups has no such file: the nice value alone
    ranks it, as it does under a service manager's own groups (cgroups)."""
    if not nice or not hasattr(os, "nice"):
        return
    os.nice(nice)
    if os.getsid(0) == os.getpid() and AUTOGROUP.exists():
        with contextlib.suppress(OSError):
            AUTOGROUP.write_text(f"{nice}\n")


class Command(BaseCommand):
    help = "Run the task worker: long work the directors start, and the hourly cleanup."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--interval",
            type=float,
            default=1.0,
            help="database backend: seconds between looks at an empty queue (default 1)",
        )
        parser.add_argument(
            "--nice",
            type=int,
            default=NICE,
            help="how much to lower the worker's CPU priority below the web workers' "
            f"(os.nice; default {NICE}, the lowest; 0 to leave it)",
        )
        parser.add_argument(
            "--batch",
            action="store_true",
            help="run what is waiting, then stop (RQ: --burst)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        backend = task_backends[DEFAULT_TASK_BACKEND_ALIAS]
        module = type(backend).__module__
        if not module.startswith(("django_tasks_db", "django_tasks_rq")):
            raise CommandError(
                f"the tasks backend ({type(backend).__name__}) runs long work in the request "
                "that starts it: there is no worker to run (TASKS_BACKEND=database or rq)"
            )
        if not 0 < opts["interval"] <= 60:
            raise CommandError(f"--interval must be 0-60 seconds, not {opts['interval']}")
        if not 0 <= opts["nice"] <= 19:
            raise CommandError(f"--nice must be 0-19, not {opts['nice']}")
        lower_priority(opts["nice"])
        removed = kept.remove_old()
        if removed:
            self.stdout.write(f"Removed {removed} prepared file{'s' if removed != 1 else ''}.")
        jobs.schedule_cleanup()
        verbosity = int(opts["verbosity"])
        if module.startswith("django_tasks_rq"):
            call_command(
                "rqworker",
                *sorted(backend.queues),
                job_class="django_tasks_rq.Job",
                with_scheduler=True,
                burst=opts["batch"],
                verbosity=verbosity,
            )
            return
        call_command(
            "db_worker",
            interval=opts["interval"],
            batch=opts["batch"],
            reload=False,
            startup_delay=False,
            verbosity=verbosity,
        )
