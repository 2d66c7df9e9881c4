"""Big downloads are built by the task worker and served from storage (tournament.downloads,
docs/decisions/big-downloads.md): small files stay in the request, many requests start
one job, a file is served only for the state it was built from, and until it is ready a
browser gets a page that reloads itself, anyone else a 503 with Retry-After."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from tournament import downloads, jobs, services
from tournament.models import Job
from tournament.services import Actor, Entry

from .test_jobs import STORED_ONLY
from .test_publishing import SECRET_CONTRACT, enter, mid_play, xlsx_text  # noqa: F401

BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


def url(event, fmt="xlsx"):
    return reverse("event_download", args=[event.pk, fmt])


@pytest.fixture
def big(settings, exports_storage):
    """Four results make a big event here; the tasks wait for a worker (never run)."""
    settings.EXPORT_INLINE_LIMIT = 2
    settings.EXPORT_INLINE_LIMIT_TEXT = 2
    with override_settings(TASKS=STORED_ONLY):
        yield exports_storage


def built(event, key="xlsx:public") -> Job:
    """Run the event's waiting download job as the worker would."""
    job = Job.objects.get(event=event, key=key, state="queued")
    jobs.run(job.pk)
    job.refresh_from_db()
    assert job.state == "done", job.message
    return job


def test_a_small_events_file_is_made_in_the_request(client, mid_play):  # noqa: F811
    r = client.get(url(mid_play))
    assert r.status_code == 200 and r["Content-Disposition"].startswith("attachment;")
    assert not Job.objects.filter(event=mid_play).exists()


def test_a_big_file_waits_for_the_worker_with_a_page_that_reloads_itself(
    client,
    mid_play,  # noqa: F811
    big,
):
    page = client.get(url(mid_play), headers=BROWSER)
    assert page.status_code == 503 and page["Retry-After"] == str(downloads.RETRY_AFTER)
    html = page.content.decode()
    assert "The file is being prepared" in html and "4 results" in html
    assert page["Refresh"] == str(downloads.RETRY_AFTER)  # the browser reloads it by itself
    assert "<script>" not in html  # no inline script: the content security policy
    other = client.get(url(mid_play))  # a script, a download manager: no page
    assert other.status_code == 503 and other["Retry-After"]
    assert other["Content-Type"].startswith("text/plain")
    # Many requests, one job.
    for _ in range(5):
        client.get(url(mid_play), headers=BROWSER)
    assert Job.objects.filter(event=mid_play, key="xlsx:public").count() == 1


def test_the_kept_file_is_the_one_the_request_would_have_made(client, mid_play, big):  # noqa: F811
    client.get(url(mid_play))
    job = built(mid_play)
    assert job.file and (big / job.file).exists()
    assert not list((big / ".partial").glob("*"))  # nothing half-written left
    r = client.get(url(mid_play), headers=BROWSER)
    assert r.status_code == 200 and r["Content-Disposition"].startswith("attachment;")
    text = xlsx_text(r.getvalue())
    assert SECRET_CONTRACT not in text  # board 3 is unfinished: the public's file hides it
    assert "4H" in text  # board 1 is finished: its lines are there
    assert Job.objects.filter(event=mid_play).count() == 1  # served, nothing more built


def test_the_directors_text_files_of_a_big_event_go_through_the_worker(
    client,
    director,
    mid_play,  # noqa: F811
    big,
):
    client.force_login(director)
    r = client.get(reverse("director_download", args=[mid_play.pk, "travellers-csv"]))
    assert r.status_code == 503
    job = built(mid_play, "travellers-csv:director")
    r = client.get(reverse("director_download", args=[mid_play.pk, "travellers-csv"]))
    assert r.status_code == 200 and SECRET_CONTRACT.encode() in r.getvalue()
    assert job.boards is None  # the director's file shows every board


def test_a_file_is_never_served_once_a_board_it_shows_is_hidden_again(
    client,
    director,
    mid_play,  # noqa: F811
    big,
    settings,
):
    client.get(url(mid_play))
    first = built(mid_play)
    assert 1 in first.boards
    # A new result elsewhere: the file is older than the state, but shows nothing hidden
    # since, so it is still served (and a newer one is built once it is old).
    enter(mid_play, director, 3, 2, 1, Entry("3NT", "N", 9))
    r = client.get(url(mid_play))
    assert r.status_code == 200
    # A void hides board 1 again: the kept file shows it, so it is never served again.
    voided = services.live_result(mid_play, 1, 1, 1)
    services.void_result(voided, by=Actor.director(director, "Law B: back for rectification"))
    r = client.get(url(mid_play), headers=BROWSER)
    assert r.status_code == 503 and "being prepared" in r.content.decode()
    newer = built(mid_play)
    assert newer.pk != first.pk and 1 not in newer.boards and newer.stamp != first.stamp
    r = client.get(url(mid_play))
    assert r.status_code == 200
    assert Job.objects.get(pk=first.pk).file != newer.file


def test_an_older_safe_file_is_rebuilt_once_it_is_old(client, director, mid_play, big, settings):  # noqa: F811
    client.get(url(mid_play))
    first = built(mid_play)
    enter(mid_play, director, 3, 2, 1, Entry("3NT", "N", 9))
    Job.objects.filter(pk=first.pk).update(
        finished_at=timezone.now() - timezone.timedelta(seconds=settings.DOWNLOAD_FRESH_SECONDS + 1)
    )
    assert client.get(url(mid_play)).status_code == 200  # the older file, meanwhile
    waiting = Job.objects.get(event=mid_play, key="xlsx:public", state="queued")
    assert waiting.stamp != first.stamp


def test_a_heavy_job_over_the_limit_waits_its_turn(director, mid_play, big, settings):  # noqa: F811
    settings.HEAVY_JOBS = 1
    running = Job.objects.create(
        event=mid_play, kind="xlsx", state="running", beat_at=timezone.now()
    )
    job = jobs.start_download(mid_play, "xlsx:public", "s", [1])
    with pytest.raises(jobs.Busy):
        jobs.run(job.pk)
    job.refresh_from_db()
    assert job.state == "queued"
    running.state = "done"
    running.save()
    assert jobs.run(job.pk).state == "done"


def test_the_database_refuses_a_second_job_for_one_file(mid_play, big):  # noqa: F811
    from django.db import IntegrityError, transaction

    jobs.start_download(mid_play, "xlsx:public", "s", [1])
    with pytest.raises(IntegrityError), transaction.atomic():
        Job.objects.create(event=mid_play, kind="download", key="xlsx:public", stamp="t")


def test_a_job_its_queue_lost_is_replaced(client, mid_play, big):  # noqa: F811
    client.get(url(mid_play))
    lost = Job.objects.get(event=mid_play, key="xlsx:public")
    gone = timezone.now() - timezone.timedelta(seconds=jobs.QUEUED_STALE + 1)
    Job.objects.filter(pk=lost.pk).update(created_at=gone)  # never run: its task is gone
    client.get(url(mid_play))
    assert Job.objects.get(pk=lost.pk).state == "failed"
    assert built(mid_play).pk != lost.pk
    assert client.get(url(mid_play)).status_code == 200
