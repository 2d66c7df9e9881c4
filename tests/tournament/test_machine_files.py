"""An event's deals as dealing machines' files: from export_event and the deals page,
read back equal to the boards' deals; refused while a board has no deal; never the
public's."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.cards import parse_pbn_deal
from scoring.machines import read_bri, read_dlm, read_dup
from tournament import services
from tournament.models import Board
from tournament.services import Actor, deals

pytestmark = pytest.mark.django_db

READERS = {"dup": read_dup, "dlm": read_dlm, "bri": read_bri}


def board_deals(event):
    return {b.number: parse_pbn_deal(b.deal) for b in Board.objects.filter(event=event)}


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri"])
def test_export_event_writes_each_machine_file(tmp_path, demo, fmt):
    pairs, _ = demo
    path = tmp_path / f"set.{fmt}"
    out = io.StringIO()
    call_command("export_event", str(pairs.pk), "--format", fmt, "-o", str(path), stdout=out)
    assert f"{fmt} written" in out.getvalue()
    assert READERS[fmt](path.read_bytes()) == board_deals(pairs)


def test_a_board_without_a_deal_is_named(tmp_path, event):
    with pytest.raises(CommandError, match="boards 1, 2, 3, 4, 5, 6 have none yet"):
        call_command("export_event", str(event.pk), "--format", "dup", "-o", str(tmp_path / "x"))
    with pytest.raises(CommandError, match="not text"):
        call_command("export_event", str(event.pk), "--format", "dlm", "-o", "-")


def test_the_deals_page_offers_them_once_every_board_is_dealt(client, event, director):
    client.force_login(director)
    url = reverse("director_deals", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Once every board has its deal" in page
    answer = client.get(reverse("director_download", args=[event.pk, "dup"]), follow=True)
    assert "No Duplimate (.dup) file: a dealing machine needs every board" in (
        answer.content.decode()
    )
    deals.deal_event(event, seed="m", by=Actor.director(director), solve=False)
    page = client.get(url).content.decode()
    for fmt in ("dup", "dlm", "bri"):
        assert reverse("director_download", args=[event.pk, fmt]) in page
    r = client.get(reverse("director_download", args=[event.pk, "dlm"]))
    assert r.status_code == 200 and r["Content-Disposition"].endswith('.dlm"')
    assert read_dlm(r.content) == board_deals(event)


def test_never_the_publics(client, event, director):
    deals.deal_event(event, seed="m", by=Actor.director(director), solve=False)
    services.set_published(event, True, by=Actor.director(director))
    for fmt in ("dup", "dlm", "bri"):
        assert client.get(reverse("event_download", args=[event.pk, fmt])).status_code == 404
