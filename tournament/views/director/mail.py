"""The members' score cards by e-mail: what would be sent (the preview), what was (the
log), and sending them; sent on publishing when the club has turned it on."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from ...access import director_view, publication
from ...models import Event, Pair, ScoreCardMail
from ...queries.club import Letter, individual_letters, score_card_letters, short_code
from ...room.address import absolute_url
from ...services.mail import Sent, send_score_cards
from . import director_actor


def letters(request: HttpRequest, event: Event) -> list[Letter]:
    if event.is_individual:  # each player's own card
        return individual_letters(
            event,
            lambda label: absolute_url(request, reverse("event_player", args=[event.pk, label])),
        )

    def link(pair: Pair) -> str:
        return absolute_url(request, reverse("short_link", args=[short_code(pair.pk)]))

    return score_card_letters(event, link)


def send(request: HttpRequest, event: Event) -> Sent:
    return send_score_cards(event, letters(request, event), by=director_actor(request))


def said(result: Sent) -> str:
    text = f"Score cards e-mailed: {result.sent}"
    if result.failed:
        text += f"; {result.failed} failed (see the log)"
    if result.skipped:
        text += f"; {result.skipped} sent before"
    return text + "."


@director_view
def score_card_mail(request: HttpRequest, event: Event) -> HttpResponse:
    club = event.club
    if request.method == "POST":
        if not event.is_public:
            messages.error(request, "Publish the results first: the e-mails link to them.")
        elif not publication(event).over:
            messages.error(request, "Some boards are still to be played; send the cards after.")
        elif not club.email_score_cards:
            messages.error(request, "E-mailing score cards is off for the club (the Club page).")
        else:
            messages.success(request, said(send(request, event)))
        return redirect("director_mail", event.pk)
    return render(
        request,
        "director/mail.html",
        {
            "event": event,
            "club": club,
            "letters": letters(request, event),
            "log": ScoreCardMail.objects.filter(event=event),
        },
    )
