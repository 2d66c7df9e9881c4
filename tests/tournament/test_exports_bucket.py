"""Prepared files in an S3-compatible bucket (``EXPORT_BUCKET``, django-storages), as a
host with several servers keeps them: against moto's S3 server on loopback."""

from __future__ import annotations

import io
import uuid
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament import jobs
from tournament.exports import kept

from ..factories import event_with_results

moto_server = pytest.importorskip("moto.server", reason="the s3 test needs moto[server]")
boto3 = pytest.importorskip("boto3", reason="the s3 extra is not installed")
pytest.importorskip("storages", reason="the s3 extra is not installed")

BUCKET = "auction-exports"
KEYS = {"access_key": "testing", "secret_key": "testing", "region_name": "us-east-1"}


@pytest.fixture(scope="module")
def endpoint():
    # Port 0: a free port of the system's choosing.  A fixed one would be taken by the
    # same fixture on another xdist worker, and moto's start() waits for ever for a
    # server that could not bind.
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    url = f"http://{host}:{port}"
    try:
        boto3.client(
            "s3",
            endpoint_url=url,
            aws_access_key_id=KEYS["access_key"],
            aws_secret_access_key=KEYS["secret_key"],
            region_name=KEYS["region_name"],
        ).create_bucket(Bucket=BUCKET)
        yield url
    finally:
        server.stop()


@pytest.fixture
def bucket(settings, endpoint):
    """The exports storage in the bucket, under a folder of this test's own: its objects."""
    folder = f"exports-{uuid.uuid4().hex[:8]}"
    settings.STORAGES = {
        **settings.STORAGES,
        "exports": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": BUCKET,
                "endpoint_url": endpoint,
                "location": folder,
                "file_overwrite": False,
                **KEYS,
            },
        },
    }
    s3 = boto3.resource(
        "s3",
        endpoint_url=endpoint,
        aws_access_key_id=KEYS["access_key"],
        aws_secret_access_key=KEYS["secret_key"],
        region_name=KEYS["region_name"],
    ).Bucket(BUCKET)

    def objects() -> list[str]:
        return sorted(o.key for o in s3.objects.filter(Prefix=folder + "/"))

    objects.folder = folder  # type: ignore[attr-defined]
    return objects


def test_a_big_xlsx_kept_in_a_bucket_and_removed_after_a_day(
    client, director, settings, bucket, django_capture_on_commit_callbacks
):
    from openpyxl import load_workbook

    settings.EXPORT_INLINE_LIMIT = 2
    event = event_with_results(
        director, {(1, 1, 1): "4H S 10", (1, 2, 3): "3S N 8", (2, 1, 1): "2NT N 8"}
    )
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(reverse("director_download", args=[event.pk, "xlsx"]))
    job = jobs.current(event, "xlsx")
    assert job.state == "done"
    assert bucket() == [f"{bucket.folder}/{jobs.export_name(job)}"]  # one object, whole
    f = client.get(reverse("director_export_file", args=[event.pk, job.pk]))
    wb = load_workbook(io.BytesIO(f.content))
    assert wb["Travellers"].max_row == 4

    assert kept.remove_old() == 0  # younger than a day: kept
    assert kept.remove_old(now=timezone.now() + timedelta(hours=25)) == 1
    assert bucket() == []
    gone = client.get(reverse("director_export_file", args=[event.pk, job.pk]))
    assert gone.status_code == 404


def test_a_failed_write_leaves_nothing_in_the_bucket(bucket):
    def half_then_full_disk(out):
        out.write(b"PK half a workbook")
        raise OSError("No space left on device")

    with pytest.raises(OSError, match="No space left"):
        kept.save("half.xlsx", half_then_full_disk)
    assert bucket() == []
