"""Long work with progress: solving a 36-board event's double-dummy
tables outside the request, a batch of boards at a time, reported board by board,
never half-written."""

import io
import threading

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from scoring import double_dummy
from tournament import deals, jobs
from tournament.models import Board, Job
from tournament.services import Actor

from ..factories import make_event

FAKE = {s: {t: 7 for t in ("C", "D", "H", "S", "NT")} for s in "NESW"}


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


def test_one_solve_at_a_time_and_a_stale_one_is_taken_up(big, monkeypatch):
    monkeypatch.setattr(double_dummy, "dd_tricks_many", lambda deals: [FAKE] * len(deals))
    with override_settings(JOBS_IN_THREAD=True):
        monkeypatch.setattr(jobs, "launch", lambda pk: None)  # nobody runs it yet
        first = jobs.start_solve(big, by=Actor.director(big.owner))
        assert jobs.start_solve(big, by=Actor.director(big.owner)) == first
    Job.objects.filter(pk=first.pk).update(state="running", beat_at="2000-01-01T00:00Z")
    assert jobs.progress(Job.objects.get(pk=first.pk))["stale"]
    call_command("run_jobs", stdout=io.StringIO())
    first.refresh_from_db()
    assert first.state == "failed" and "interrupted" in first.message
    assert jobs.current(big).state == "done" and jobs.unsolved(big) == []


@pytest.mark.real_solver
@pytest.mark.django_db(transaction=True)
def test_a_real_solve_in_a_thread(director):
    """One real double-dummy solve (about 0.6 s), run in the server's thread."""
    event = make_event(director, tables=3, boards_per_round=1)
    deals.deal_event(event, seed="one", by=Actor.director(director), solve=False, boards=[1])
    done = threading.Event()
    original = jobs.run

    def run_and_tell(pk):
        try:
            return original(pk)
        finally:
            done.set()

    with override_settings(JOBS_IN_THREAD=True):
        jobs.run = run_and_tell
        try:
            jobs.start_solve(event, by=Actor.director(director))
        finally:
            jobs.run = original
    assert done.wait(30)
    board = Board.objects.get(event=event, number=1)
    assert set(board.dd_tricks) == set("NESW")
    assert jobs.current(event).state == "done"


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
    client, director, run_on_commit, settings, tmp_path
):
    import io as io_module

    from openpyxl import load_workbook

    from ..factories import event_with_results

    settings.EXPORT_DIR = tmp_path
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
    wb = load_workbook(io_module.BytesIO(f.content))
    assert wb["Travellers"].max_row == 4  # the header and three lines
    assert not list(tmp_path.glob("*.part"))


def test_a_failed_xlsx_leaves_no_file(director, run_on_commit, settings, tmp_path, monkeypatch):
    from tournament import exports

    from ..factories import event_with_results

    settings.EXPORT_DIR = tmp_path
    event = event_with_results(director, {(1, 1, 1): "4H S 10"})

    def broken(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr(exports, "write_xlsx", broken)
    job = run_on_commit(jobs.start_export, event, by=Actor.director(director))
    job.refresh_from_db()
    assert job.state == "failed" and "No space left on device" in job.message
    assert list(tmp_path.iterdir()) == []
