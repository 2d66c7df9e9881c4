"""Big downloads of the results pages: built by the task worker, served from storage.

See docs/decisions/big-downloads.md.

Writing the XLSX of a 1,000-table event takes 5-6 CPU-seconds; built in the web worker
on every request, three at once held three workers for half a minute and no tablet was
served meanwhile, and anyone on the internet can ask.  So:

* **Small stays in the request**: a file whose event has at most
  ``EXPORT_INLINE_LIMIT`` live results (XLSX) or ``EXPORT_INLINE_LIMIT_TEXT`` (the text
  formats) builds in under about 0.2 s, and is built and sent at once.  The count is
  one indexed query.
* **Big goes through the task worker**, one job a file (tournament.jobs.start_download:
  the event's lock and a unique constraint), at most ``HEAVY_JOBS`` at once, and the
  worker runs at a lower CPU priority than the web workers (manage.py worker).
* **Served only for the state it was built from**: a file is kept under the event's
  stamp (tournament.queries.pagecache) and the boards it shows.  The file of the
  current stamp is served.  One built at an older stamp is served only while every
  board it shows is still shown (no board hidden again since, by a void: the
  publication rule, docs/decisions/publication-rule.md); a newer one is built when
  the older is ``DOWNLOAD_FRESH_SECONDS`` old, or at once when a board was hidden.
* **Until it is ready** a browser gets a page saying it is being prepared, which
  reloads itself (the ``Refresh`` header, which the HTML standard has a browser follow
  as it would a ``<meta http-equiv="refresh">``: no script, under
  docs/decisions/content-security-policy.md; a header, not the element, which axe
  refuses as a timed refresh of the page's own);
  any other client gets a 503 with ``Retry-After``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils import timezone

from . import exports, jobs
from .access import can_direct, publication
from .exports import kept
from .models import Event, Job, Result
from .queries import pagecache
from .queries.pagecache import event_stamp
from .room import dropped

RETRY_AFTER = 5  # seconds between a waiting browser's reloads, and a client's Retry-After


def inline_limit(fmt: str) -> int:
    return settings.EXPORT_INLINE_LIMIT if fmt == "xlsx" else settings.EXPORT_INLINE_LIMIT_TEXT


def is_big(event: Event, fmt: str) -> bool:
    """Whether the event's file ``fmt`` is built by the task worker: more live results
    than builds in about 0.2 s (the figures: docs/decisions/big-downloads.md)."""
    return Result.objects.filter(event=event).live().count() > inline_limit(fmt)


def file_key(fmt: str, director: bool) -> str:
    """Which file of the event: its format and whom it is for ("xlsx:public",
    "xlsx:director"); the boards it shows are the job's own (every board for the
    director, and for the public once the event is over)."""
    return f"{fmt}:{'director' if director else 'public'}"


@dataclass(frozen=True)
class Prepared:
    """What a request for a big file finds: the kept file to serve, or the job building
    it (waiting, running, or failed with its reason)."""

    name: str | None
    job: Job | None


def prepared(
    event: Event, fmt: str, boards: set[int] | None, stamp: str, director: bool
) -> Prepared:
    """The kept file to serve for the event's state at ``stamp`` (read before the boards
    shown, so a change landing meanwhile is never served as the state the stamp names),
    starting its job when there is none."""
    key = file_key(fmt, director)
    shown = None if boards is None else sorted(boards)
    built = (
        Job.objects.filter(event=event, key=key, state=Job.State.DONE)
        .exclude(file="")
        .order_by("-finished_at", "-pk")
    )
    for job in built[:5]:
        if not _still_shown(job.boards, boards):
            continue  # a board it shows has been hidden again since: never served
        if not kept.storage().exists(job.file):
            continue  # removed after EXPORT_KEEP_HOURS
        if job.stamp != stamp and _old(job):
            _newer(event, key, stamp, shown)
        return Prepared(job.file, None)
    return Prepared(None, _newer(event, key, stamp, shown))


def _still_shown(built: list[int] | None, now: set[int] | None) -> bool:
    """Whether every board a file shows is shown now (None: every board)."""
    if now is None:
        return True
    return built is not None and set(built) <= now


def _old(job: Job) -> bool:
    done = job.finished_at or job.created_at
    return timezone.now() - done > timedelta(seconds=settings.DOWNLOAD_FRESH_SECONDS)


def _newer(event: Event, key: str, stamp: str, shown: list[int] | None) -> Job:
    """The job building the file at this stamp, or the one under way for it; a job that
    failed for this very stamp is returned as it is, not started again on each reload."""
    failed = Job.objects.filter(event=event, key=key, stamp=stamp, state=Job.State.FAILED).first()
    if failed is not None and not _old(failed):
        return failed
    under_way = Job.objects.filter(
        event=event, key=key, state__in=(Job.State.QUEUED, Job.State.RUNNING)
    ).first()
    if under_way is not None and not jobs.lost(under_way):
        return under_way  # found without the event's lock, which the tablets' verbs take
    return jobs.start_download(event, key, stamp, shown)


def at_stamp(request: HttpRequest, event: Event, fmt: str, stamp: str) -> Prepared | None:
    """The answer for this state without the publication rule, when the state alone
    settles it: the file kept for this very stamp, or the job writing it.  A waiting
    browser reloads every few seconds, and at 1,000 tables the rule costs a few hundred
    milliseconds; the state is the same, so the boards shown are the same too.  None:
    work it out (:func:`shown`)."""
    key = file_key(fmt, can_direct(request.user, event))
    rows = Job.objects.filter(event=event, key=key, stamp=stamp)
    done = rows.filter(state=Job.State.DONE).exclude(file="").first()
    if done is not None and kept.storage().exists(done.file):
        return Prepared(done.file, None)
    under_way = rows.filter(state__in=(Job.State.QUEUED, Job.State.RUNNING)).first()
    if under_way is not None and not jobs.lost(under_way):
        return Prepared(None, under_way)
    return None


def shown(request: HttpRequest, event: Event) -> tuple[str, set[int] | None]:
    """The event's stamp and the boards this viewer's file may show (None: every board),
    the publication rule kept under the stamp as the results pages keep it."""
    stamp = event_stamp(event)
    pub = pagecache.cached("publication", event, stamp, "", lambda: publication(event))
    if pub.over or can_direct(request.user, event):
        return stamp, None
    return stamp, set(pub.finished)


def serve(
    request: HttpRequest,
    event: Event,
    fmt: str,
    boards: set[int] | None,
    stamp: str | None = None,
    *,
    director: bool,
) -> HttpResponseBase:
    """A big file: from storage once ready, else the page (or the 503) saying it is
    being prepared."""
    export = exports.EXPORT_FORMATS[fmt]
    found = prepared(event, fmt, boards, stamp or event_stamp(event), director)
    return answer(request, event, export, found)


def answer(
    request: HttpRequest, event: Event, export: exports.ExportFormat, found: Prepared
) -> HttpResponseBase:
    """The kept file, or the page (or the 503) saying it is being prepared."""
    if found.name is not None:
        # Streamed from storage (the server's file wrapper where it has one), not read
        # into the worker's memory: a big event's file is megabytes.
        response = FileResponse(
            kept.storage().open(found.name, "rb"),
            as_attachment=True,
            filename=export.filename(event),
            content_type=export.mime,
        )
        response["Cache-Control"] = "no-store"
        return response
    return preparing(request, event, export, found.job)


def preparing(
    request: HttpRequest, event: Event, export: exports.ExportFormat, job: Job | None
) -> HttpResponse:
    """503 with Retry-After; a browser (it asks for HTML) gets the page, which reloads
    itself every few seconds until the file comes."""
    failed = job is not None and job.state == Job.State.FAILED
    dropped.expected(request)  # an answer, not a server error: not logged as one
    if "text/html" in request.headers.get("Accept", ""):
        response = render(
            request,
            "events/preparing.html",
            {
                "event": event,
                "export": export,
                "failed": failed,
                "refresh": RETRY_AFTER * (6 if failed else 1),
                "results": job.total if job else None,
            },
            status=503,
        )
        response["Refresh"] = str(RETRY_AFTER * (6 if failed else 1))
    else:
        word = "could not be prepared; it is tried again shortly" if failed else "being prepared"
        response = HttpResponse(
            f"The file is {word}. Ask again in {RETRY_AFTER} seconds.\n",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    response["Retry-After"] = str(RETRY_AFTER * (6 if failed else 1))
    response["Cache-Control"] = "no-store"
    return response
