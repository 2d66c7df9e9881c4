"""Long work outside the request, with progress.

See docs/decisions/background-jobs.md.

Solving a board's double-dummy table takes about 0.6 s, so dealing or importing a
36-board event would keep a request waiting for over 20 s.  Instead the deals are
stored at once and a :class:`~tournament.models.Job` solves them:

* **Where it runs**: in the task worker, through Django's tasks API (the
  django-tasks backport of Django 6's ``django.tasks``): :func:`run_job` is a task,
  enqueued when the request's transaction commits.  The backend is the settings'
  (``TASKS_BACKEND``): the database by default, whose worker ``manage.py room``
  starts beside gunicorn; RQ on a host with Redis; run at once in the request with
  the immediate backend (the tests use it).  The tasks API knows nothing of
  progress or of "one at a time": the :class:`~tournament.models.Job` row does.
* **One at a time**: starting a solve while one runs for the event returns the one
  running (checked under the event's lock).
* **Nothing half-written**: the boards are solved :data:`SOLVE_BATCH` at a time by
  the solver's batch call, outside any transaction; then each board's table is
  saved whole in its own transaction, and only if the board still holds the deal it
  was computed for; a failure or a stopped server leaves every board either solved
  or untouched, the job marked failed with what went wrong (naming the batch's
  boards), and a new solve takes up the boards still missing.
* **Progress**: done / total and the time left at the rate so far; a running job
  that has not reported for :data:`STALE` seconds (its worker stopped) counts as
  interrupted.
* **Files kept a day**: a big XLSX goes to the ``exports`` storage
  (tournament.exports.kept); :func:`remove_old_exports`, a task the worker runs
  every hour, removes what is older than ``EXPORT_KEEP_HOURS``.
* **Downloads for whoever asks** (tournament.downloads, docs/decisions/big-downloads.md):
  a big file of the results pages is built here, once for all who ask (one job a file,
  refused twice by the database), from the boards and stamp of the request that
  started it, and kept under that stamp.
* **A limit on heavy work**: at most ``HEAVY_JOBS`` downloads and XLSX files are built
  at once, however many workers run; a job over the limit waits its turn
  (:data:`BUSY_WAIT` seconds, queued again).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django_tasks import task

from scoring import double_dummy

from .models import Board, Event, Job, Result
from .queries.pagecache import event_stamp
from .services import Actor, locks

STALE = 60  # seconds without a sign of life before a running job counts as interrupted
CLEANUP_EVERY = timedelta(hours=1)  # how often the worker removes the old prepared files

log = logging.getLogger(__name__)

HEAVY = ("xlsx", "download")  # the kinds that build a file: HEAVY_JOBS at a time
BUSY_WAIT = 2  # seconds a heavy job over the limit waits before it is tried again
QUEUED_STALE = 600  # seconds a download may wait unclaimed before its queue counts as lost
HEAVY_LOCK = 1915_0051  # PostgreSQL's advisory lock counting the heavy jobs under way

# Boards solved by one batch call of the solver (scoring.double_dummy.dd_tricks_many):
# enough to keep every core of a laptop busy, few enough that the progress moves every
# few seconds and a stopped server loses little work.
SOLVE_BATCH = 8


def unsolved(event: Event) -> list[int]:
    """The numbers of the boards with a deal and no double-dummy table yet."""
    return list(
        Board.objects.filter(event=event, dd_tricks__isnull=True)
        .exclude(deal="")
        .order_by("number")
        .values_list("number", flat=True)
    )


def current(event: Event, kind: str = "solve") -> Job | None:
    """The event's latest job of a kind, for its progress card."""
    return Job.objects.filter(event=event, kind=kind).first()


def is_stale(job: Job) -> bool:
    if job.state != Job.State.RUNNING:
        return False
    seen = job.beat_at or job.started_at or job.created_at
    return timezone.now() - seen > timedelta(seconds=STALE)


def start_solve(event: Event, *, by: Actor) -> Job | None:
    """Queue the solving of the event's unsolved boards (None: nothing to solve); a job
    already waiting or running for the event is returned instead of a second one."""
    with transaction.atomic():
        locks.event(event)
        busy = Job.objects.filter(
            event=event, kind="solve", state__in=(Job.State.QUEUED, Job.State.RUNNING)
        ).first()
        if busy is not None and not is_stale(busy):
            return busy
        if busy is not None:
            _fail(busy, "interrupted: the worker stopped while it ran; solving again")
        todo = unsolved(event)
        if not todo:
            return None
        job = Job.objects.create(event=event, total=len(todo), started_by=by.label)
        transaction.on_commit(lambda: enqueue(job.pk))
    return job


@task()
def run_job(pk: int) -> str | None:
    """The task the worker runs for a :class:`Job`: its state at the end (None: another
    run had it already, or it waits for a heavy job's turn)."""
    try:
        job = run(pk)
    except Busy:
        _later(pk)
        return None
    return job.state if job is not None else None


def _later(pk: int) -> None:
    """Queue a heavy job again, :data:`BUSY_WAIT` seconds on, where the backend can wait;
    else wait here (the worker is busy either way)."""
    if run_job.get_backend().supports_defer:
        run_job.using(run_after=timezone.now() + timedelta(seconds=BUSY_WAIT)).enqueue(pk)
        return
    time.sleep(BUSY_WAIT)
    enqueue(pk)


def enqueue(pk: int) -> None:
    """Hand the job to the task worker.  A queue that does not answer (Redis stopped)
    fails the job with that reason, so the director's page says so and "Solve them"
    can try again, instead of a job waiting for ever."""
    try:
        run_job.enqueue(pk)
    except Exception as e:
        log.exception("job %s was not queued", pk)
        with transaction.atomic():
            job = locks.job(pk, wait=True)
            if job is not None and job.state == Job.State.QUEUED:  # no runner took it meanwhile
                _fail(job, f"the task queue did not answer ({e.__class__.__name__}); try again")


class Busy(Exception):
    """As many heavy jobs as ``HEAVY_JOBS`` are running: this one waits its turn."""


def _heavy_under_way() -> int:
    """The heavy jobs running now and alive, counted under one lock: on PostgreSQL an
    advisory lock held to the transaction's end (two runners never both count one slot
    free); SQLite's transactions take the write lock at their start already."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [HEAVY_LOCK])
    alive = timezone.now() - timedelta(seconds=STALE)
    return Job.objects.filter(kind__in=HEAVY, state=Job.State.RUNNING, beat_at__gt=alive).count()


def _claim(pk: int) -> Job | None:
    """Take a waiting job (under its row's lock); None if another runner has it.  A heavy
    job when ``HEAVY_JOBS`` are under way raises :class:`Busy` and stays queued."""
    with transaction.atomic():
        job = locks.job(pk)
        if job is None or job.state != Job.State.QUEUED:
            return None
        if job.kind in HEAVY and _heavy_under_way() >= settings.HEAVY_JOBS:
            raise Busy
        job.state = Job.State.RUNNING
        job.started_at = job.beat_at = timezone.now()
        job.save(update_fields=["state", "started_at", "beat_at"])
        return job


def _fail(job: Job, message: str) -> None:
    job.state = Job.State.FAILED
    job.message = message[:300]
    job.finished_at = timezone.now()
    job.save(update_fields=["state", "message", "finished_at"])


def start_export(event: Event, *, by: Actor) -> Job:
    """Queue the preparing of the event's XLSX (a big event's); one at a time."""
    with transaction.atomic():
        locks.event(event)
        busy = Job.objects.filter(
            event=event, kind="xlsx", state__in=(Job.State.QUEUED, Job.State.RUNNING)
        ).first()
        if busy is not None and not is_stale(busy):
            return busy
        if busy is not None:
            _fail(busy, "interrupted: the worker stopped while it ran; preparing again")
        total = Result.objects.filter(event=event).live().count()
        job = Job.objects.create(event=event, kind="xlsx", total=total, started_by=by.label)
        transaction.on_commit(lambda: enqueue(job.pk))
    return job


def export_name(job: Job) -> str:
    """The prepared file's name in the ``exports`` storage."""
    return f"event-{job.event_id}-job-{job.pk}.xlsx"


def _export(job: Job) -> None:
    """Write the XLSX whole, then keep it in the exports storage: a failure leaves no
    file under the name the download link serves (tournament.exports.kept)."""
    from . import exports  # it imports the services, as this module does
    from .exports import kept

    def progress(n: int) -> None:
        Job.objects.filter(pk=job.pk).update(done=min(n, job.total), beat_at=timezone.now())

    name = export_name(job)
    kept.storage().delete(name)  # a file another database's job of this number left
    kept.save(name, lambda out: exports.write_xlsx(job.event, out, progress=progress))
    job.message = f"{exports.EXPORT_FORMATS['xlsx'].filename(job.event)} ready"


def start_download(event: Event, key: str, stamp: str, boards: list[int] | None) -> Job:
    """The job that builds the file ``key`` of the event ("xlsx:public") from the boards
    shown at ``stamp``: the one under way if there is one (many requests, one job), else
    a new one.  Under the event's lock, and the database's unique constraint besides:
    two servers asked at once still queue one."""
    with transaction.atomic():
        locks.event(event)
        busy = Job.objects.filter(
            event=event, key=key, state__in=(Job.State.QUEUED, Job.State.RUNNING)
        ).first()
        if busy is not None and not lost(busy):
            return busy
        if busy is not None:
            _fail(busy, "interrupted: the worker stopped or the queue lost it; preparing again")
        total = Result.objects.filter(event=event).live().count()
        try:
            with transaction.atomic():
                job = Job.objects.create(
                    event=event,
                    kind="download",
                    key=key,
                    stamp=stamp,
                    boards=boards,
                    total=total,
                    started_by="a download",
                )
        except IntegrityError:  # another server's request was first
            found = Job.objects.filter(
                event=event, key=key, state__in=(Job.State.QUEUED, Job.State.RUNNING)
            ).first()
            if found is None:
                raise
            return found
        transaction.on_commit(lambda: enqueue(job.pk))
    return job


def lost(job: Job) -> bool:
    """A download that will not finish: its runner stopped, or its task was never run."""
    if job.state == Job.State.QUEUED:
        return timezone.now() - job.created_at > timedelta(seconds=QUEUED_STALE)
    return is_stale(job)


def download_name(job: Job) -> str:
    """A download's kept name: the event, the file, the stamp it was built at, the job."""
    from . import exports  # it imports the services, as this module does

    fmt = job.key.split(":", 1)[0]
    suffix = exports.EXPORT_FORMATS[fmt].suffix
    return f"event-{job.event_id}-{fmt}-{job.stamp[:16]}-job-{job.pk}.{suffix}"


BEAT = 10  # seconds between a building job's signs of life: well inside STALE


@contextlib.contextmanager
def _beating(pk: int) -> Iterator[None]:
    """A sign of life every :data:`BEAT` seconds while a file is built in one call (a
    niced worker on a busy machine may take minutes), so it is not taken for stopped."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(BEAT):
                Job.objects.filter(pk=pk).update(beat_at=timezone.now())
        except Exception:
            log.exception("job %s: its sign of life was not written", pk)
        finally:
            connection.close()  # this thread's own

    beater = threading.Thread(target=beat, name=f"job-{pk}-beat", daemon=True)
    beater.start()
    try:
        yield
    finally:
        stop.set()
        beater.join()


def _build_download(job: Job) -> None:
    """Build the file whole from the boards it was asked for, then keep it; a failure or
    a stopped worker leaves no file under the name (tournament.exports.kept)."""
    from . import exports  # it imports the services, as this module does
    from .exports import kept

    fmt = job.key.split(":", 1)[0]
    boards = set(job.boards) if job.boards is not None else None
    name = download_name(job)
    kept.storage().delete(name)  # a file another database's job of this number left
    with _beating(job.pk):
        data = exports.EXPORT_FORMATS[fmt].render(job.event, boards=boards)
    job.file = kept.save(name, lambda out: out.write(data))
    job.message = f"built at stamp {job.stamp[:16]}; now {event_stamp(job.event)[:16]}"


TASK_RECORDS_KEPT_DAYS = 14  # the database queue's finished tasks, kept to look back on


@task()
def remove_old_exports() -> int:
    """The hourly task: remove the prepared files older than ``EXPORT_KEEP_HOURS`` and,
    on the database backend, the finished tasks' records older than
    :data:`TASK_RECORDS_KEPT_DAYS` (django-tasks-db's own pruning); then queue the next
    run.  How many files were removed."""
    from .exports import kept

    removed = kept.remove_old()
    if type(remove_old_exports.get_backend()).__module__.startswith("django_tasks_db"):
        call_command("prune_db_task_results", min_age_days=TASK_RECORDS_KEPT_DAYS, verbosity=0)
    schedule_cleanup()
    return removed


def schedule_cleanup(now: datetime | None = None) -> bool:
    """Queue :func:`remove_old_exports` for the next whole hour, once for that hour
    (the cache's atomic ``add`` decides: with several workers, a shared cache), on a
    backend that can run a task later; whether this call queued it."""
    if not remove_old_exports.get_backend().supports_defer:
        return False
    at = (now or timezone.now()).replace(minute=0, second=0, microsecond=0) + CLEANUP_EVERY
    if not cache.add(f"exports-cleanup-{at:%Y%m%d%H}", True, timeout=2 * 3600):
        return False
    remove_old_exports.using(run_after=at).enqueue()
    return True


def run(pk: int) -> Job | None:
    """Run a job: solve its boards a batch at a time, each board saved whole, or prepare
    its file; progress as it goes."""
    job = _claim(pk)
    if job is None:
        return None
    if job.kind == "download":
        try:
            _build_download(job)
        except Exception as e:
            log.exception("the download %s of event %s was not prepared", job.key, job.event_id)
            _fail(job, f"not prepared: {e.__class__.__name__}: {e}")
            return job
        job.state, job.done, job.finished_at = Job.State.DONE, job.total, timezone.now()
        job.save(update_fields=["state", "done", "finished_at", "file", "message"])
        return job
    if job.kind == "xlsx":
        try:
            _export(job)
        except Exception as e:
            _fail(job, f"the XLSX was not prepared: {e.__class__.__name__}: {e}")
            return job
        job.refresh_from_db(fields=["done"])
        job.state, job.done, job.finished_at = Job.State.DONE, job.total, timezone.now()
        job.save(update_fields=["state", "done", "finished_at", "message"])
        return job
    numbers: list[int] = []
    try:
        todo = unsolved(job.event)
        for start in range(0, len(todo), SOLVE_BATCH):
            numbers = todo[start : start + SOLVE_BATCH]
            deals = dict(
                Board.objects.filter(event=job.event, number__in=numbers)
                .exclude(deal="")  # redealt at the table meanwhile: nothing to solve
                .values_list("number", "deal")
            )
            solving = [n for n in numbers if n in deals]
            # The slow part, outside any transaction: the batch solved together.
            tables = dict(
                zip(solving, double_dummy.dd_tricks_many([deals[n] for n in solving]), strict=True)
            )
            for number in numbers:
                with transaction.atomic():
                    board = locks.board(job.event, number)
                    table = tables.get(number)
                    if (
                        board is not None
                        and table is not None
                        and board.deal == deals.get(number)
                        and board.dd_tricks is None
                    ):
                        board.dd_tricks = table
                        board.save(update_fields=["dd_tricks"])
                    job.done = min(job.done + 1, job.total)
                    job.beat_at = timezone.now()
                    job.save(update_fields=["done", "beat_at"])
    except Exception as e:
        where = f"{_boards(numbers)}: " if numbers else ""
        _fail(job, f"{where}{e.__class__.__name__}: {e}"[:300])
        return job
    job.state = Job.State.DONE
    job.done = job.total
    job.finished_at = timezone.now()
    job.message = f"{job.total} board{'s' if job.total != 1 else ''} solved"
    job.save(update_fields=["state", "done", "finished_at", "message"])
    return job


def _boards(numbers: list[int]) -> str:
    """The boards of a batch in words: "board 9", "boards 9-16", "boards 3, 7 and 12"."""
    if len(numbers) == 1:
        return f"board {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"boards {numbers[0]}-{numbers[-1]}"
    return f"boards {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"


def progress(job: Job) -> dict[str, Any]:
    """What the progress card shows: state, done of total, percent, time left."""
    stale = is_stale(job)
    left = None
    if job.state == Job.State.RUNNING and job.done and job.started_at and not stale:
        spent = (timezone.now() - job.started_at).total_seconds()
        left = round(spent / job.done * (job.total - job.done))
    return {
        "job": job,
        "stale": stale,
        "percent": round(100 * job.done / job.total) if job.total else 100,
        "seconds_left": left,
        "active": job.state in (Job.State.QUEUED, Job.State.RUNNING) and not stale,
    }
