"""Changing the field during play: a late pair joining and a pair withdrawing,
each previewed with what the movement becomes before it is applied.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from scoring import pair_label_key
from scoring.movements import MovementError
from scoring.movements.chooser import Candidate
from scoring.wording import count

from ... import services
from ...access import director_view
from ...forms import ChooserForm, LatePairForm, WithdrawForm
from ...models import Event, Pair, Result, Round
from ...queries.movements import candidates_for
from ...services import ServiceError, user_message
from . import director_actor
from .setup import MEMBER_FIELD, member_choices


def _chooser_now(event: Event, asked: int | None = None) -> tuple[int, list[Candidate]]:
    """The pairs in the field as it is now (late pairs in, withdrawn pairs out), or as
    many as the director ``asked``, and the chooser's candidates for them: for the next
    event, or to seat this one again before play starts (docs/director/movements.md)."""
    if event.is_team_match:
        return 0, []
    try:
        movement = services.movement_for(event)
    except MovementError:
        return 0, []
    playing = asked or len([p for p in movement.pairs if p not in movement.withdrawn])
    try:
        return playing, candidates_for(event.club_id, playing)
    except MovementError:
        return playing, []


def _reseat(request: HttpRequest, event: Event) -> HttpResponse:
    """Seat the field in the chosen candidate before play starts (services.reseat
    re-checks under the event's lock that play has not started)."""
    name = request.POST.get("movement_name", "")
    chooser = ChooserForm.asked(request.POST)
    asked = chooser.question() if chooser is not None else None
    if asked is None:
        messages.error(request, "Say how many pairs are present, then choose a movement.")
        return redirect("director_field", event.pk)
    pairs = asked[0]
    chosen = next((c for c in _chooser_now(event, pairs)[1] if c.name == name), None)
    if chosen is None:
        messages.error(request, f"Choose one of the movements listed for {pairs} pairs.")
        return redirect("director_field", event.pk)
    try:
        movement = services.reseat(
            event, chosen.name, chosen.boards_per_round, pairs, by=director_actor(request)
        )
    except ServiceError as e:
        messages.error(request, user_message(e))
        return redirect("director_field", event.pk)
    messages.success(
        request,
        f"The field is seated in the {movement.description}: print the new guide cards "
        "and table cards.",
    )
    return redirect("director_field", event.pk)


@director_view
def field(request: HttpRequest, event: Event) -> HttpResponse:
    """The field changes during play: a late pair, a withdrawal."""
    open_rounds = list(
        Round.objects.filter(event=event, closed_at__isnull=True)
        .order_by("number")
        .values_list("number", flat=True)
    )
    action = request.POST.get("action", "") if request.method == "POST" else ""
    posted = request.POST if action else None
    names = {
        p.label: p.names for p in Pair.objects.filter(event=event).prefetch_related("player_set")
    }
    free_from: dict[str, int] = {}  # each free place, from the first open round it is free
    for r in open_rounds:
        for place in services.places_free(event, r):
            free_from.setdefault(place, r)
    places = [
        (
            place,
            (f"pair {place}'s place" + (f" ({names[place]})" if names[place] else ""))
            if place in names
            else f"the phantom's place ({place})",
        )
        for place in free_from
    ]
    places = [(p, f"{label}, free from round {free_from[p]}") for p, label in places]
    late = LatePairForm(
        posted if action == "late" else None, rounds=open_rounds, places=places, prefix="late"
    )
    for n in (1, 2):
        late.fields[f"player{n}"].widget.attrs.update(MEMBER_FIELD)
    pairs = sorted(
        Pair.objects.filter(event=event).prefetch_related("player_set"),
        key=lambda p: pair_label_key(p.label),
    )
    withdraw = WithdrawForm(posted if action == "withdraw" else None, pairs=pairs, prefix="out")
    try:
        if action == "late" and late.is_valid():
            d = late.cleaned_data
            pair = services.add_late_pair(
                event,
                d["from_round"],
                place=d["place"],
                names=[d["player1"], d["player2"]],
                by=director_actor(request),
            )
            messages.success(
                request,
                f"Pair {pair.label} joins from round {d['from_round']}: its table's tablet and "
                "the guide cards show it; print the new guide cards for the room.",
            )
            return redirect("director_field", event.pk)
        if action == "withdraw" and withdraw.is_valid():
            d = withdraw.cleaned_data
            changed = services.withdraw_pair(
                event, d["pair"], d["from_round"], by=director_actor(request, d["reason"])
            )
            messages.success(
                request,
                f"Pair {d['pair']} withdrawn from round {d['from_round']}: its opponents sit "
                f"out at {count(len(changed), 'table-round')}; its earlier results stand.",
            )
            return redirect("director_field", event.pk)
    except ServiceError as e:
        (late if action == "late" else withdraw).add_error(None, user_message(e))
    chooser = ChooserForm.asked(request.GET)
    asked = chooser.question() if chooser is not None else None
    playing, candidates = _chooser_now(event, asked[0] if asked else None)
    if action == "reseat":
        return _reseat(request, event)
    return render(
        request,
        "director/field.html",
        {
            "playing": playing,
            "candidates": candidates,
            "started": Result.objects.filter(event=event).exists(),
            "chooser": chooser or ChooserForm(initial={"pairs": playing}),
            "event": event,
            "late": late,
            "withdraw": withdraw,
            "places": places,
            "changes": services.field_changes(event),
            "open_rounds": open_rounds,
            "member_choices": member_choices(event),
        },
    )
