"""Long work with progress, through Django's tasks API: solving a 36-board event's
double-dummy tables outside the request, a batch of boards at a time, reported board by
board, never half-written."""

import contextlib
import io
import signal
from datetime import UTC
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings
from django.urls import reverse
from django_tasks import default_task_backend

from scoring import double_dummy
from tournament import jobs
from tournament.models import Board, Job
from tournament.services import Actor, deals

from ..factories import make_event

FAKE = {s: {t: 7 for t in ("C", "D", "H", "S", "NT")} for s in "NESW"}
# Tasks kept and never run (the tasks framework's dummy backend), and the room's own.
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.fixture
def big(director):
    """36 boards (3 rounds of 12), dealt but not solved."""
    event = make_event(director, boards_per_round=12)
    deals.deal_event(event, seed="thirty-six", by=Actor.director(director), solve=False)
    assert len(jobs.unsolved(event)) == 36
    return event


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """The job starts when the request's transaction commits: let it, in the test."""

    def call(fn, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return call


def test_a_36_board_solve_reports_its_progress_batch_by_batch(big, monkeypatch, run_on_commit):
    seen = []

    def solve(deals):
        job = jobs.current(big)
        seen.append((job.state, job.done, job.total, len(deals)))
        return [FAKE] * len(deals)

    monkeypatch.setattr(double_dummy, "dd_tricks_many", solve)
    job = run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    job.refresh_from_db()
    # Before each batch the job was running with every board before it done: 36 boards
    # in batches of 8 are 0, 8, 16, 24 done, then the last 4 boards.
    assert jobs.SOLVE_BATCH == 8
    assert seen == [("running", n, 36, min(8, 36 - n)) for n in range(0, 36, 8)]
    assert (job.state, job.done, job.total) == ("done", 36, 36)
    assert jobs.unsolved(big) == []
    assert jobs.progress(job)["percent"] == 100


def test_each_board_is_saved_as_soon_as_its_batch_is_solved(big, monkeypatch, run_on_commit):
    """Progress moves board by board as the batch's tables are saved, each in its own
    transaction, before the next batch is solved."""
    done_when_solving = []

    def solve(deals):
        done_when_solving.append(36 - len(jobs.unsolved(big)))
        return [FAKE] * len(deals)

    monkeypatch.setattr(double_dummy, "dd_tricks_many", solve)
    run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    assert done_when_solving == [0, 8, 16, 24, 32]


def test_an_interrupted_solve_leaves_no_half_written_hand_record(big, monkeypatch, run_on_commit):
    calls = {"n": 0}

    def solve(deals):
        calls["n"] += 1
        if calls["n"] == 2:
            raise MemoryError("out of memory")  # the server gives way mid-solve
        return [FAKE] * len(deals)

    monkeypatch.setattr(double_dummy, "dd_tricks_many", solve)
    job = run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    job.refresh_from_db()
    assert job.state == "failed" and job.done == 8
    assert job.message == "boards 9-16: MemoryError: out of memory"
    tables = list(
        Board.objects.filter(event=big).order_by("number").values_list("dd_tricks", flat=True)
    )
    # Boards 1-8 whole, 9-36 untouched: no board holds part of a table.
    assert tables[:8] == [FAKE] * 8 and tables[8:] == [None] * 28
    # Solving again takes up the rest.
    monkeypatch.setattr(double_dummy, "dd_tricks_many", lambda deals: [FAKE] * len(deals))
    again = run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    again.refresh_from_db()
    assert (again.state, again.done, again.total) == ("done", 28, 28)
    assert jobs.unsolved(big) == []


def test_a_board_redealt_meanwhile_keeps_its_new_deal(big, monkeypatch, run_on_commit):
    def solve(deals):
        if not hasattr(solve, "moved"):
            solve.moved = True
            Board.objects.filter(event=big, number=1).update(
                deal="N:" + "AKQJT98765432..." + " " * 0
            )
            # Board 2 redealt at the table (Law B): no hand record to solve any more.
            Board.objects.filter(event=big, number=2).update(deal="")
        return [FAKE] * len(deals)

    monkeypatch.setattr(double_dummy, "dd_tricks_many", solve)
    run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    first, second = Board.objects.filter(event=big, number__in=(1, 2)).order_by("number")
    assert first.dd_tricks is None  # computed for the old deal: not written onto the new one
    assert second.dd_tricks is None and second.deal == ""
    assert jobs.current(big).state == "done"
    assert Board.objects.get(event=big, number=3).dd_tricks == FAKE  # the rest solved


def test_one_solve_at_a_time_and_a_stale_one_is_taken_up(big, monkeypatch, run_on_commit):
    monkeypatch.setattr(double_dummy, "dd_tricks_many", lambda deals: [FAKE] * len(deals))
    with override_settings(TASKS=STORED_ONLY):  # queued, and nobody runs it yet
        first = run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
        assert run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner)) == first
        # Both servers were asked; the task was queued once.
        assert [r.args for r in default_task_backend.results] == [[first.pk]]
    Job.objects.filter(pk=first.pk).update(state="running", beat_at="2000-01-01T00:00Z")
    assert jobs.progress(Job.objects.get(pk=first.pk))["stale"]
    again = run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    first.refresh_from_db()
    assert first.state == "failed" and "interrupted" in first.message
    assert again.pk != first.pk and jobs.current(big).state == "done"
    assert jobs.unsolved(big) == []


def test_a_queue_that_does_not_answer_fails_the_job_with_its_reason(
    big, monkeypatch, run_on_commit
):
    from django_tasks.backends.immediate import ImmediateBackend

    def refused(self, task, args, kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(ImmediateBackend, "enqueue", refused)
    job = run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    job.refresh_from_db()
    assert job.state == "failed"
    assert job.message == "the task queue did not answer (ConnectionError); try again"
    # Not a job waiting for ever: "Solve them" queues a new one.
    monkeypatch.undo()
    monkeypatch.setattr(double_dummy, "dd_tricks_many", lambda deals: [FAKE] * len(deals))
    again = run_on_commit(jobs.start_solve, big, by=Actor.director(big.owner))
    assert again.pk != job.pk and jobs.current(big).state == "done"


@contextlib.contextmanager
def signals_kept():
    """The database worker sets its own SIGINT/SIGTERM handlers: put pytest's back."""
    kept = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
    try:
        yield
    finally:
        for s, handler in kept.items():
            signal.signal(s, handler)


@pytest.mark.real_solver
@pytest.mark.django_db(transaction=True)
def test_a_real_solve_by_the_database_worker(director):
    """One real double-dummy solve, queued in the database and run by ``manage.py worker``
    (django-tasks-db's worker), as the room runs it."""
    from django_tasks_db.models import DBTaskResult

    event = make_event(director, tables=3, boards_per_round=1)
    deals.deal_event(event, seed="one", by=Actor.director(director), solve=False, boards=[1])
    with override_settings(TASKS=DATABASE_TASKS):
        job = jobs.start_solve(event, by=Actor.director(director))
        assert Job.objects.get(pk=job.pk).state == "queued"  # waiting for the worker
        out = io.StringIO()
        with signals_kept():
            # --nice 0: in this process, a lowered priority would stay with the test
            # runner for the rest of the suite.
            call_command("worker", "--batch", "--nice", "0", verbosity=0, stdout=out)
    board = Board.objects.get(event=event, number=1)
    assert set(board.dd_tricks) == set("NESW")
    job.refresh_from_db()
    assert (job.state, job.done, job.total) == ("done", 1, 1)
    ran = DBTaskResult.objects.get(task_path="tournament.jobs.run_job")
    assert ran.status == "SUCCESSFUL" and ran.return_value == "done"
    # The hourly cleanup is queued for the next whole hour, once (a run that crossed the
    # hour ran the one due and queued the next).
    waiting = DBTaskResult.objects.filter(
        task_path="tournament.jobs.remove_old_exports", status="READY"
    )
    assert len(waiting) == 1 and waiting[0].run_after.minute == 0


def test_the_worker_refuses_the_immediate_backend():
    with pytest.raises(CommandError, match=r"ImmediateBackend.* runs long work in the request"):
        call_command("worker", "--batch")


def test_the_cleanup_is_queued_once_an_hour(settings):
    from datetime import datetime

    with override_settings(TASKS=STORED_ONLY):
        at = datetime(2026, 3, 1, 19, 40, tzinfo=UTC)
        assert jobs.schedule_cleanup(at)
        assert not jobs.schedule_cleanup(at.replace(minute=55))  # already queued for 20:00
        assert jobs.schedule_cleanup(at.replace(hour=20, minute=0, second=1))  # for 21:00
        queued = [r.task.run_after for r in default_task_backend.results]
    assert [t.hour for t in queued] == [20, 21] and {t.minute for t in queued} == {0}
    # The immediate backend cannot wait: nothing queued, nothing run now.
    assert not jobs.schedule_cleanup(at)


def test_prepared_files_are_removed_after_a_day(exports_storage, settings):
    import os
    import time

    from tournament.exports import kept

    settings.EXPORT_KEEP_HOURS = 24
    kept.save("old.xlsx", lambda out: out.write(b"old"))
    kept.save("new.xlsx", lambda out: out.write(b"new"))
    partial = exports_storage / kept.PARTIAL
    (partial / "left.part").write_bytes(b"half")  # a write the worker's death interrupted
    day_ago = time.time() - 25 * 3600
    for path in (exports_storage / "old.xlsx", partial / "left.part"):
        os.utime(path, (day_ago, day_ago))
    assert jobs.remove_old_exports.call() == 2
    assert sorted(p.name for p in exports_storage.rglob("*") if p.is_file()) == ["new.xlsx"]


def test_the_deals_page_shows_the_progress(client, director, big, monkeypatch, run_on_commit):
    monkeypatch.setattr(double_dummy, "dd_tricks_many", lambda deals: [FAKE] * len(deals))
    client.force_login(director)
    page = client.get(reverse("director_deals", args=[big.pk]))
    assert b"36 dealt boards without a double-dummy table" in page.content
    r = run_on_commit(client.post, reverse("director_job", args=[big.pk]))
    assert r.status_code == 302
    card = client.get(reverse("director_job", args=[big.pk]), headers={"X-Fragment": "1"})
    assert b"Done: 36 boards solved" in card.content
    assert b'<progress max="36" value="36"' in card.content


def test_refresh_is_offered_only_while_the_work_runs(client, director, big, monkeypatch):
    """ "Refresh to see the progress." stayed under "Done" and beside a ready XLSX; and
    the deals page's polled card, opened as a page (Back), came without the page."""
    client.force_login(director)
    job = jobs.start_solve(big, by=Actor.director(director))  # queued: not run here
    card = client.get(reverse("director_job", args=[big.pk]), headers={"X-Fragment": "1"})
    assert b"to see the progress" in card.content and card["Cache-Control"] == "no-store"
    job.state, job.done = "done", job.total
    job.save()
    deals_page = client.get(reverse("director_deals", args=[big.pk]))
    assert b"Done:" in deals_page.content and b"to see the progress" not in deals_page.content
    bare = client.get(reverse("director_job", args=[big.pk]))
    assert bare.status_code == 302 and bare["Location"] == reverse("director_deals", args=[big.pk])


def test_a_big_xlsx_is_prepared_with_its_progress(
    client, director, run_on_commit, settings, exports_storage
):
    import io as io_module

    from openpyxl import load_workbook

    from ..factories import event_with_results

    settings.EXPORT_INLINE_LIMIT = 2  # three results make a "big" event here
    event = event_with_results(
        director, {(1, 1, 1): "4H S 10", (1, 2, 3): "3S N 8", (2, 1, 1): "2NT N 8"}
    )
    client.force_login(director)
    r = run_on_commit(client.get, reverse("director_download", args=[event.pk, "xlsx"]))
    assert r.status_code == 302 and r["Location"] == reverse("director_export", args=[event.pk])
    job = jobs.current(event, "xlsx")
    assert (job.state, job.done, job.total) == ("done", 3, 3)
    page = client.get(reverse("director_export", args=[event.pk]))
    assert b"Download the XLSX" in page.content and b"to see the progress" not in page.content
    f = client.get(reverse("director_export_file", args=[event.pk, job.pk]))
    assert f["Content-Disposition"].startswith("attachment;")
    wb = load_workbook(io_module.BytesIO(f.content))
    assert wb["Travellers"].max_row == 4  # the header and three lines
    files = [p.relative_to(exports_storage) for p in exports_storage.rglob("*") if p.is_file()]
    assert [str(p) for p in files] == [jobs.export_name(job)]  # nothing partial left
    # Removed after a day: the link then says so.
    Path(exports_storage / jobs.export_name(job)).unlink()
    gone = client.get(reverse("director_export_file", args=[event.pk, job.pk]))
    assert gone.status_code == 404


def test_a_failed_xlsx_leaves_no_file(director, run_on_commit, exports_storage, monkeypatch):
    from tournament import exports

    from ..factories import event_with_results

    event = event_with_results(director, {(1, 1, 1): "4H S 10"})

    def broken(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr(exports, "write_xlsx", broken)
    job = run_on_commit(jobs.start_export, event, by=Actor.director(director))
    job.refresh_from_db()
    assert job.state == "failed" and "No space left on device" in job.message
    assert [p for p in exports_storage.rglob("*") if p.is_file()] == []


@pytest.mark.django_db(transaction=True)
def test_the_hourly_cleanup_prunes_the_queues_old_records(exports_storage):
    """On the database backend the finished tasks' records are kept two weeks, then go."""
    from datetime import timedelta

    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    with override_settings(TASKS=DATABASE_TASKS):
        for age in (20, 1):
            result = jobs.run_job.enqueue(0)  # no such job: nothing to run
            DBTaskResult.objects.filter(id=result.id).update(
                status="SUCCESSFUL", finished_at=timezone.now() - timedelta(days=age)
            )
        assert jobs.remove_old_exports.call() == 0
        left = DBTaskResult.objects.filter(task_path="tournament.jobs.run_job")
        assert [r.finished_at.date() for r in left] == [(timezone.now() - timedelta(days=1)).date()]
