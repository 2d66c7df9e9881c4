"""Run the long work left waiting (solving double-dummy tables), with its progress.

The app runs each job in a thread of the server that started it; this command runs
what is waiting when no server did (one stopped first), and takes up an interrupted
solve where it stopped.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from tournament import jobs
from tournament.models import Job
from tournament.services import Actor


class Command(BaseCommand):
    help = "Run the jobs waiting (double-dummy solving) and report their progress."

    def handle(self, *args: Any, **opts: Any) -> None:
        settings.JOBS_IN_THREAD = False  # this command runs them itself, to the end
        for job in Job.objects.filter(state=Job.State.RUNNING):
            if jobs.is_stale(job):
                jobs.start_solve(job.event, by=Actor.director(None))  # marks it interrupted
        ran = 0
        for job in Job.objects.filter(state=Job.State.QUEUED).order_by("created_at"):
            done = jobs.run(job.pk)
            if done is not None:
                ran += 1
                self.stdout.write(
                    f"{done.event}: {done.state}, {done.done} of {done.total}. {done.message}"
                )
        if not ran:
            self.stdout.write("Nothing waiting.")
