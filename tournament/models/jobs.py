"""Long work outside the request: a :class:`Job` the director starts (solving the
deals double-dummy), with its progress.

Its own module because it is the one record that is not about the bridge: it is
how :mod:`tournament.jobs` reports to the page that started it.
"""

from __future__ import annotations

from django.db import models

from .. import text
from .events import Event


class Job(models.Model):
    """Long work the director starts, run outside the request: solving the
    boards' double-dummy tables after dealing or importing them.  Progress is kept
    here, so the director can leave the page and come back (tournament.jobs)."""

    class State(models.TextChoices):
        QUEUED = "queued", "Waiting to start"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    kind = models.CharField(max_length=20, default="solve", validators=[text.one_line])
    state = models.CharField(max_length=10, choices=State, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.CharField(max_length=300, blank=True, validators=[text.lines])
    started_by = models.CharField(max_length=60, blank=True, validators=[text.one_line])
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    beat_at = models.DateTimeField(null=True, blank=True)  # the runner's last sign of life
    finished_at = models.DateTimeField(null=True, blank=True)
    # A download prepared for whoever asks (tournament.downloads): which file of the event
    # ("xlsx:public"), the event's stamp and the boards it shows when built, and the name
    # it is kept under once whole.  Empty for the director's solves and XLSX.
    key = models.CharField(max_length=60, blank=True)
    stamp = models.CharField(max_length=64, blank=True)
    boards = models.JSONField(null=True, blank=True)
    file = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # Many requests for one file start one job: the database refuses a second.
            models.UniqueConstraint(
                fields=["event", "key"],
                condition=models.Q(state__in=["queued", "running"]) & ~models.Q(key=""),
                name="one_download_job_a_file",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.event}: {self.state} {self.done}/{self.total}"
