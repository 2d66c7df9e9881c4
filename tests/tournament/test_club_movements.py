"""The club's own movements: a sound CSV is kept (pasted or uploaded), an unsound one
refused with the line and the reason and nothing lost; each downloads as CSV; the
new-event form offers it for as many pairs as it seats."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.movements import build, problems
from scoring.movements.custom import from_csv, to_csv
from tournament import services
from tournament.models import Club, ClubMovement, Event, Seating
from tournament.services import ServiceError
from tournament.services.movements import keep_movement


@pytest.fixture
def td(director):
    director.is_staff = True
    director.save()
    Club.first().directors.add(director)
    return director


@pytest.fixture
def desk(client, td):
    client.force_login(td)
    return client


HOWELL_3 = to_csv(build("howell-3", 2))


def test_a_pasted_movement_is_kept_and_listed(desk):
    r = desk.post(reverse("director_movements"), {"name": "Our 3-table", "text": HOWELL_3})
    assert r.status_code == 302
    kept = ClubMovement.objects.get()
    assert (kept.name, kept.csv, kept.club) == ("Our 3-table", HOWELL_3, Club.first())
    page = desk.get(reverse("director_movements")).content.decode()
    assert "Our 3-table" in page and "in the club&#x27;s library" in page
    csv = desk.get(reverse("director_movement_download", args=[kept.pk]))
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode() == HOWELL_3


def test_an_uploaded_file_is_kept(desk):
    upload = SimpleUploadedFile("mine.csv", ("\ufeff" + HOWELL_3).encode("utf-8"))
    r = desk.post(reverse("director_movements"), {"name": "From a file", "upload": upload})
    assert r.status_code == 302
    assert from_csv(ClubMovement.objects.get().csv).schedule == from_csv(HOWELL_3).schedule


def test_an_unsound_movement_is_refused_with_the_line_and_nothing_is_lost(desk):
    lines = HOWELL_3.splitlines()
    # Line 3 (round 1, table 2) seats pair 6, already at table 1 in round 1.
    cells = lines[2].split(",")
    cells[2] = "6"
    lines[2] = ",".join(cells)
    text = "\n".join(lines) + "\n"
    page = desk.post(reverse("director_movements"), {"name": "Broken", "text": text})
    body = page.content.decode()
    assert page.status_code == 200
    assert "Line 3: round 1: pair 6 sits at tables 1 and 2" in body
    assert "1,1,6,1,1-2" in body and 'value="Broken"' in body  # what was typed is kept
    assert not ClubMovement.objects.exists()


def test_an_upload_that_is_not_text_is_refused_in_words(desk):
    upload = SimpleUploadedFile("mine.csv", b"\xff\xfe\x00bad")
    page = desk.post(reverse("director_movements"), {"name": "Binary", "upload": upload})
    assert "This file is not text in UTF-8" in page.content.decode()
    assert not ClubMovement.objects.exists()


def test_a_name_is_kept_once(td):
    keep_movement(Club.first(), "Ours", HOWELL_3, by=td)
    with pytest.raises(ServiceError, match='already keeps a movement called "ours"'):
        keep_movement(Club.first(), "ours", HOWELL_3, by=td)
    with pytest.raises(ServiceError, match="give the movement a name"):
        keep_movement(Club.first(), "  ", HOWELL_3, by=td)


def test_any_library_movement_downloads_as_csv(desk):
    r = desk.get(
        reverse("director_movement_library"),
        {"name": "mitchell-4-relay", "boards_per_round": "3", "pairs": "7"},
    )
    assert r.content.decode() == to_csv(build("mitchell-4-relay", 3, 7))
    assert problems(from_csv(r.content.decode())) == []
    for query, words in (
        ({"name": "waltz-9", "boards_per_round": "2"}, "no movement called"),
        ({"name": "howell-4", "boards_per_round": "x"}, "A whole number, please."),
    ):
        r = desk.get(reverse("director_movement_library"), query, follow=True)
        assert words in r.content.decode()


def test_a_club_movement_is_offered_and_chosen_for_an_event(desk, td):
    kept = keep_movement(Club.first(), "Our 3-table", HOWELL_3, by=td)
    page = desk.get(reverse("director_event_create"), {"choose-pairs": "6"}).content.decode()
    assert f'value="{kept.key}"' in page
    assert "The club&#x27;s own movement, Our 3-table; one winner" in page
    r = desk.post(
        reverse("director_event_create"),
        {
            "name": "Own night",
            "date": "1915-04-06",
            "code": "1915",
            "form": "pairs",
            "method": "total",
            "movement": "mitchell",
            "choose-pairs": "6",
            "movement_name": kept.key,
        },
    )
    assert r.status_code == 302
    event = Event.objects.get(name="Own night")
    assert (event.movement_name, event.tables, event.boards_per_round) == (kept.key, 3, 2)
    assert event.movement == "howell"  # one field
    movement = services.movement_for(event)
    seats = sorted(
        (s.round, s.table, s.ns.label, s.ew.label)
        for s in Seating.objects.filter(event=event).select_related("ns", "ew")
    )
    assert seats == sorted((tr.round, tr.table, tr.ns, tr.ew) for tr in movement.schedule)


def test_another_clubs_movement_cannot_be_named_for_an_event(td):
    other = Club.objects.create(name="Elsewhere", short_name="Else")
    theirs = ClubMovement.objects.create(club=other, name="Theirs", csv=HOWELL_3)
    from tests.factories import make_event

    with pytest.raises(ServiceError, match=f'the club has no movement "{theirs.key}"'):
        make_event(td, movement_name=theirs.key, tables=3)
