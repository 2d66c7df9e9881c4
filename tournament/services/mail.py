"""E-mailing each member his score card when an event is published, and the log of it.

Off unless the club turns it on (:attr:`Club.email_score_cards`); the messages go
through Django's e-mail settings, which come from the environment
(docs/hosting/settings.md).  Each member is written to once an event: the log rows
are claimed under the event's lock before anything is sent, so publishing twice, or
two directors at once, never sends a card twice; a card that failed is logged with
the reason and sent again by the next "Send".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.core.mail import EmailMessage, get_connection
from django.db import transaction

from ..models import Event, ScoreCardMail
from ..queries.club import Letter
from . import locks
from .audit import Actor, audit

log = logging.getLogger("tournament.mail")


@dataclass(frozen=True)
class Sent:
    sent: int
    failed: int
    skipped: int  # already sent before


@transaction.atomic
def _claim(event: Event, letters: list[Letter]) -> list[tuple[ScoreCardMail, Letter]]:
    locks.event(event)
    done = set(
        ScoreCardMail.objects.filter(event=event, sent=True).values_list("member_id", flat=True)
    )
    ScoreCardMail.objects.filter(event=event, sent=False).delete()  # failed: tried again
    claimed = []
    for letter in letters:
        if letter.member.pk in done:
            continue
        done.add(letter.member.pk)
        row = ScoreCardMail.objects.create(
            event=event,
            member=letter.member,
            name=letter.member.name,
            address=letter.address,
            subject=letter.subject,
            sent=True,
        )
        claimed.append((row, letter))
    return claimed


def send_score_cards(event: Event, letters: list[Letter], *, by: Actor) -> Sent:
    """Send each letter not sent before for this event; log each one, sent or failed."""
    claimed = _claim(event, letters)
    failed = 0
    if claimed:
        connection = get_connection(fail_silently=False)
        for row, letter in claimed:
            try:
                EmailMessage(
                    letter.subject, letter.body, to=[letter.address], connection=connection
                ).send()
            except Exception as e:  # SMTP, socket, refused address: logged, never a 500
                failed += 1
                row.sent = False
                row.error = f"{type(e).__name__}: {e}"[:200]
                row.save(update_fields=["sent", "error"])
                log.warning("score card to %s not sent: %s", letter.address, row.error)
        audit(
            event,
            "score cards",
            f"e-mailed to {len(claimed) - failed} member(s)"
            + (f"; {failed} failed (see the e-mail page)" if failed else ""),
            by=by,
        )
    return Sent(len(claimed) - failed, failed, len(letters) - len(claimed))
