"""Each member's score card by e-mail on publishing: off by default, a preview, a log,
never twice (Django's test mail box, locmem)."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tournament import services
from tournament.models import Club, Member, ScoreCardMail, Seating
from tournament.services import Actor

from ..factories import enter, make_event


@pytest.fixture
def td(db):
    return get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)


@pytest.fixture
def finished(td):
    club = Club.first()
    Member.objects.create(club=club, name="Jane Alden", number="1", email="jane@example.org")
    Member.objects.create(club=club, name="Tom Hale", number="2")  # no address: no mail
    event = make_event(td, pair_names={"1": ["1", "2"], "2": ["Guest Visitor", ""]})
    for s in Seating.objects.filter(event=event).exclude(ns=None).exclude(ew=None):
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, "4H S 10" if board % 2 else "2S E 7")
    for rnd in (1, 2, 3):
        services.close_round(event, rnd, by=Actor.director(td))
    return event


def publish(client, event):
    return client.post(reverse("director_publish", args=[event.pk]), {"published": "1"})


def test_off_by_default_nothing_sent(client, td, finished):
    client.force_login(td)
    assert not Club.first().email_score_cards
    publish(client, finished)
    assert mail.outbox == [] and not ScoreCardMail.objects.exists()


def test_preview_then_sent_once_on_publishing_and_logged(client, td, finished):
    club = Club.first()
    club.email_score_cards = True
    club.save()
    client.force_login(td)
    page = client.get(reverse("director_mail", args=[finished.pk])).content.decode()
    assert "To Jane Alden &lt;jane@example.org&gt;" in page
    assert "Tom Hale &lt;" not in page  # no address, no letter
    assert mail.outbox == []  # a preview sends nothing
    publish(client, finished)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["jane@example.org"]
    assert "your score card" in message.subject and finished.name in message.subject
    assert "You played as pair 1 with Tom Hale" in message.body
    assert "/p/" in message.body  # the card's short link
    log = ScoreCardMail.objects.get()
    assert (log.name, log.address, log.sent) == ("Jane Alden", "jane@example.org", True)
    # Publishing again, or "Send", never writes twice.
    publish(client, finished)
    client.post(reverse("director_mail", args=[finished.pk]))
    assert len(mail.outbox) == 1
    page = client.get(reverse("director_mail", args=[finished.pk])).content.decode()
    assert "jane@example.org" in page and "Nothing sent" not in page


def test_not_sent_while_boards_are_still_to_be_played(client, td):
    club = Club.first()
    club.email_score_cards = True
    club.save()
    Member.objects.create(club=club, name="Jane Alden", number="1", email="jane@example.org")
    event = make_event(td, pair_names={"1": ["1", "x"]})
    client.force_login(td)
    publish(client, event)
    assert mail.outbox == []
    client.post(reverse("director_mail", args=[event.pk]))
    assert mail.outbox == []


def test_a_failed_send_is_logged_not_a_500(client, td, finished, settings):
    settings.EMAIL_BACKEND = "tests.tournament.test_score_card_mail.BrokenBackend"
    club = Club.first()
    club.email_score_cards = True
    club.save()
    client.force_login(td)
    r = publish(client, finished)
    assert r.status_code == 302
    log = ScoreCardMail.objects.get()
    assert not log.sent and "refused" in log.error
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    client.post(reverse("director_mail", args=[finished.pk]))  # tried again
    assert len(mail.outbox) == 1 and ScoreCardMail.objects.get().sent


class BrokenBackend:
    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise OSError("connection refused")
