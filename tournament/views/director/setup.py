"""Setting an event up: the director's list of events, a new event, and the
players' names (with where each pair starts, for the names to be typed in
table order).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms import formset_factory
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from scoring import pair_label_key
from scoring.movements import MovementError
from scoring.movements.chooser import Candidate
from scoring.wording import count

from ... import services, text
from ...access import director_view, events_for, groups_for
from ...choices import Form
from ...forms import ChooserForm, EventForm, IndividualChooserForm, PairNamesForm, typed_names
from ...forms.events import TypedNames
from ...models import Club, Contest, Event, League, Member, Pair, Seating
from ...models.club import register_key
from ...queries.individuals import where_players_start
from ...queries.movements import IndividualCandidate, candidates_for, individual_candidates
from ...services import ServiceError, user_message
from ...services.individuals import individuals_of
from . import director_actor


@login_required
def event_list(request: HttpRequest) -> HttpResponse:
    events = events_for(request.user).select_related("owner").order_by("-date", "name")
    return render(
        request,
        "director/event_list.html",
        {
            "events": events,
            "leagues": groups_for(request.user, League).select_related("owner"),
            "contests": groups_for(request.user, Contest).select_related("owner"),
        },
    )


def chooser_for(request: HttpRequest, data: Any) -> tuple[ChooserForm, list[Candidate]]:
    """The chooser's question as ``data`` asks it (blank when it does not), and its
    candidates for the director's club: the library's, then the club's own."""
    asked = ChooserForm.asked(data)
    question = asked.question() if asked is not None else None
    if asked is None or question is None:
        return asked or ChooserForm(), []
    pairs, boards, minutes = question
    club = Club.of(request.user)
    try:
        found = candidates_for(club.pk if club else None, pairs, boards, minutes)
    except MovementError as e:
        asked.add_error(None, user_message(e))
        return asked, []
    if not found:
        asked.add_error("pairs", f"The library has no movement for {count(pairs, 'pair')}.")
    return asked, found


def individual_chooser_for(
    data: Any,
) -> tuple[IndividualChooserForm, list[IndividualCandidate]]:
    """The individual chooser's question as ``data`` asks it (blank when it does not),
    and the library's individual movements for the players present."""
    asked = IndividualChooserForm.asked(data)
    question = asked.question() if asked is not None else None
    if asked is None or question is None:
        return asked or IndividualChooserForm(), []
    players, boards = question
    found = individual_candidates(players, boards)
    if not found:
        asked.add_error("players", f"The library has no individual for {count(players, 'player')}.")
    return asked, found


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    data = request.POST or request.GET
    individuals, offered = individual_chooser_for(data)
    chooser, found = chooser_for(request, data)
    candidates: list[Candidate | IndividualCandidate] = list(found)
    pairs = chooser.cleaned_data.get("pairs") if chooser.is_bound and chooser.is_valid() else None
    initial: dict[str, Any] = {"code": "1915", "premium": True, **EventForm.kept(request.GET)}
    if offered:  # an individual asked: its movements, not the pairs'
        candidates, pairs = list(offered), None
        initial["form"] = Form.INDIVIDUAL
    elif found and initial.get("form") == Form.INDIVIDUAL:  # the pairs' chooser asked
        initial["form"] = Form.PAIRS
    if candidates:
        initial["movement_name"] = candidates[0].name
    form = EventForm(request.POST or None, initial=initial, candidates=candidates, pairs=pairs)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(request.user, **form.cleaned_data)
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            messages.success(request, f"{event.name} created. Enter the players' names.")
            return redirect("director_players", event.pk)
    return render(
        request,
        "director/event_form.html",
        {"form": form, "chooser": chooser, "individuals": individuals},
    )


@director_view
def players(request: HttpRequest, event: Event) -> HttpResponse:
    if event.is_individual:
        return individual_players(request, event)
    pairs = list(Pair.objects.filter(event=event).prefetch_related("player_set__member"))
    pairs.sort(key=lambda p: pair_label_key(p.label))
    labels = [p.label for p in pairs]
    Formset = formset_factory(PairNamesForm, extra=0)
    # A member is shown as the list offers him ("Jane Alden (#123)"), read back by number.
    stored = [
        {
            f"player{pl.position}": pl.member.choice_label if pl.member else pl.name
            for pl in p.player_set.all()
        }
        for p in pairs
    ]
    initial = [{"pair": p.label, **names} for p, names in zip(pairs, stored, strict=True)]
    posted = request.method == "POST"
    # The rows are matched to the pairs by label, so the formset always has one form a
    # pair: a pair added from another screen while names were typed, or an altered
    # page, is said, and what was typed is shown again, never lost.
    sent = typed_names(request.POST, labels, stored) if posted else None
    formset = Formset(sent.data if sent else None, initial=initial)
    for pair, f in zip(pairs, formset.forms, strict=True):
        for n in (1, 2):  # the table's columns say "Player 1/2"; a screen reader needs the pair
            attrs = f.fields[f"player{n}"].widget.attrs
            attrs["aria-label"] = f"Pair {pair.label}, player {n}"
            attrs["placeholder"] = f"Player {n}"  # on a phone the rows stack without headers
            attrs.update(MEMBER_FIELD)
    teams = list(event.team_set.all())
    typed = {t.label: request.POST.get(f"team-{t.label}", "").strip()[:80] for t in teams}
    same = [n for n in typed.values() if n] if posted else []
    refusal = ""
    unstored = [text.refusal(n, what=f"Team {label}'s name") for label, n in typed.items()]
    if sent is not None and not sent.matches:
        refusal = _page_out_of_date(sent, len(labels))
    elif posted and any(unstored):
        refusal = f"{next(w for w in unstored if w)} Nothing was saved; what you typed is kept."
    elif len({n.casefold() for n in same}) < len(same):
        # "Hawks v hawks": every traveller's "To Hawks" column would be ambiguous.
        refusal = (
            f"The two teams need different names (both are {same[0]!r}). "
            "Nothing was saved; what you typed is kept."
        )
    if refusal:
        messages.error(request, refusal)
    elif posted and formset.is_valid():
        for team in teams:
            name = typed[team.label]
            if name != team.name:
                team.name = name
                team.save(update_fields=["name"])
        names = {
            p.label: [f.cleaned_data.get("player1", ""), f.cleaned_data.get("player2", "")]
            for p, f in zip(pairs, formset.forms, strict=True)
        }
        names = {label: [n.strip() for n in pair] for label, pair in names.items()}
        try:
            services.set_player_names(event, names, by=director_actor(request))
        except ServiceError as e:
            messages.error(request, f"{user_message(e)} Nothing was saved; what you typed is kept.")
            return _players_page(request, event, pairs, formset, teams)
        blank = [label for label, pair in names.items() if not all(pair)]
        if blank:
            messages.warning(
                request,
                f"Players saved. Still without both names: pair {', '.join(blank)}; "
                "their score cards and the standings show the pair number only.",
            )
        else:
            messages.success(request, "Players saved.")
        return redirect("director_event", event.pk)
    if posted:
        for team in teams:  # shown as typed, not saved
            team.name = typed[team.label]
    return _players_page(request, event, pairs, formset, teams)


def individual_players(request: HttpRequest, event: Event) -> HttpResponse:
    """An individual's players page: one name a player (a member from the register, or a
    guest), with where he sits in round 1.  Each row's field is named by the player's
    label, so what is typed reaches that player."""
    players = list(individuals_of(event).values())
    starts = where_players_start(event)
    typed: dict[str, str] = {}
    if request.method == "POST":
        for one in players:
            typed[one.label] = str(request.POST.get(f"player-{one.label}", "")).strip()
        wrong = [text.refusal(v, what=f"Player {label}'s name") for label, v in typed.items() if v]
        refusal = next((w for w in wrong if w), "")
        if refusal:
            messages.error(request, f"{refusal} Nothing was saved; what you typed is kept.")
        else:
            try:
                services.set_individual_names(event, typed, by=director_actor(request))
            except ServiceError as e:
                messages.error(
                    request, f"{user_message(e)} Nothing was saved; what you typed is kept."
                )
            else:
                blank = [label for label, v in typed.items() if not v]
                if blank:
                    messages.warning(
                        request,
                        f"Players saved. Still without a name: player {', '.join(blank)}; "
                        "the standings and score cards show the number only.",
                    )
                else:
                    messages.success(request, "Players saved.")
                return redirect("director_event", event.pk)
    rows = [
        {
            "label": one.label,
            "start": starts.get(one.label, ""),
            "value": typed.get(one.label, one.member.choice_label if one.member else one.name),
        }
        for one in players
    ]
    return render(
        request,
        "director/individual_players.html",
        {
            "event": event,
            "rows": rows,
            "member_field": MEMBER_FIELD,
            "member_choices": member_choices(event),
        },
    )


def _page_out_of_date(sent: TypedNames, pairs: int) -> str:
    """The refusal of a players page that no longer matches the event's pairs."""
    added = sent.added
    if added and not sent.unknown and len(added) < pairs:
        joined = ", ".join(added)
        return (
            f"{'Pairs' if len(added) > 1 else 'Pair'} {joined} joined the event after this "
            "page was opened: nothing was saved. What you typed is kept below; add "
            f"{'their' if len(added) > 1 else 'its'} players too, then save again."
        )
    return (
        f"This page does not match the event's {count(pairs, 'pair')} (it was opened before "
        "the pairs changed, or was altered): nothing was saved. What you typed is kept below "
        "for the pairs it names; check the names, then save again."
    )


# The players' fields offer the club's register as the director types (a datalist: no
# script, and a plain text field where a browser offers no list).
MEMBER_FIELD = {"list": "club-members", "autocomplete": "off", "autocapitalize": "words"}


def member_choices(event: Event) -> list[str]:
    """The register as the players' fields offer it: active members by surname, then guests."""
    members = sorted(
        Member.objects.filter(club_id=event.club_id, active=True),
        key=lambda m: (m.guest, register_key(m)),
    )
    return [m.choice_label for m in members]


def _players_page(
    request: HttpRequest, event: Event, pairs: list[Pair], formset: Any, teams: list[Any]
) -> HttpResponse:
    starts = _where_pairs_start(event)
    return render(
        request,
        "director/players.html",
        {
            "event": event,
            "rows": [
                (p, f, starts.get(p.pk, "")) for p, f in zip(pairs, formset.forms, strict=True)
            ],
            "formset": formset,
            "teams": teams,
            "member_choices": member_choices(event),
        },
    )


def _where_pairs_start(event: Event) -> dict[int, str]:
    """Each pair's seat in the first round ("North-South, table 3"), by the pair's id: the
    players page lists pairs by number only, and a director filling it in at the door
    needs to know who sits where."""
    starts: dict[int, str] = {}
    first = Seating.objects.filter(event=event, round=1).order_by("table")
    for table, ns, ew in first.values_list("table", "ns_id", "ew_id"):
        for pair, seat in ((ns, "North-South"), (ew, "East-West")):
            if pair is not None:
                starts[pair] = f"{seat}, table {table}"
    return starts
