"""Pages anyone may open: the home page (the club's front page, or where the service
hosts several clubs the list of clubs), each club's front page, and the director's
planning tools."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scoring import ScoringError, declarer_must_choose, revoke_choices, score_deal
from scoring.codes import CODES
from scoring.movements import MovementError, build, make_movement, wording
from scoring.movements.chooser import Candidate, choose

from ..forms import ChooserForm, DealForm, MovementForm
from ..forms.tools import NamedMovementForm
from ..models import Club
from ..queries import club as club_queries
from ..room.clubtime import use_clubs_clock
from ..services import user_message


def home(request: HttpRequest) -> HttpResponse:
    """The room's front page: its club's (published evenings and current seasons) where
    it runs one club, the list of clubs where it hosts several; then the codes of laws
    and the tools anyone may use."""
    clubs = list(Club.objects.order_by("name", "pk")[:2])
    if len(clubs) > 1:
        return render(
            request,
            "public/home.html",
            {"codes": CODES.values(), "clubs": Club.objects.order_by("name", "pk")},
        )
    return _front_page(request, clubs[0] if clubs else Club.first())


def club_home(request: HttpRequest, pk: int) -> HttpResponse:
    """One club's front page: its published evenings and current seasons."""
    return _front_page(request, get_object_or_404(Club, pk=pk))


def _front_page(request: HttpRequest, club: Club) -> HttpResponse:
    use_clubs_clock(club)
    events, seasons = club_queries.front_page(club)
    return render(
        request,
        "public/home.html",
        {"codes": CODES.values(), "club": club, "events": events, "seasons": seasons},
    )


def movement_preview(request: HttpRequest) -> HttpResponse:
    """Plan a movement and print its guide cards, before any event exists: the chooser's
    candidates for a number of pairs (each linking to its schedule), a movement by its
    name, or a family's by its tables."""
    chooser = ChooserForm.asked(request.GET) or ChooserForm()
    named = NamedMovementForm(request.GET) if "name" in request.GET else None
    form = MovementForm(request.GET if "kind" in request.GET else None)
    movement = None
    error = None
    candidates: list[Candidate] = []
    question = chooser.question() if chooser.is_bound else None
    try:
        if question is not None:
            pairs, boards, minutes = question
            candidates = choose(pairs, boards=boards, minutes=minutes)
            if not candidates:
                error = f"The library has no movement for {pairs} pairs."
        if named is not None and named.is_valid():
            d = named.cleaned_data
            movement = build(d["name"], d["boards_per_round"], d.get("pairs"))
        elif form.is_bound and form.is_valid():
            d = form.cleaned_data
            movement = make_movement(
                d["kind"],
                d["tables"],
                d["boards_per_round"],
                even=d.get("even") or "skip",
                pairs=d.get("pairs"),
                arrow_switch=d.get("arrow_switch", False),
            )
    except MovementError as e:
        error = user_message(e)
    context: dict[str, Any] = {
        "form": form,
        "chooser": chooser,
        "named": named,
        "candidates": candidates,
        "pairs": question[0] if question else None,
        # The question asked, carried by each candidate's link so that its page keeps
        # the list (folded under the schedule) and the form as the director filled it.
        "asked": urlencode(
            [(k, v) for k, v in request.GET.items() if k.startswith("choose-") and v]
        )
        if question
        else "",
        "movement": movement,
        "error": error,
    }
    if movement is not None:
        context["rounds"] = [movement.round(r) for r in range(1, movement.rounds + 1)]
        context["cards"] = wording.guide_cards(movement)
        context["bystand"] = wording.bystand_rows(movement)
    return render(request, "public/movement.html", context)


def deal_calculator(request: HttpRequest) -> HttpResponse:
    """Score one deal by any code, itemised: the director's check on a traveller."""
    form = DealForm(request.GET or None, initial={"premium": True})
    score = None
    choices = None
    error = None
    if form.is_bound and form.is_valid():
        result = form.cleaned_data["result"]
        code = form.cleaned_data["code_obj"]
        try:
            score = score_deal(result, code)
        except ScoringError as e:
            error = user_message(e)
        if declarer_must_choose(replace(result, revoke_penalty=None), code):  # show both
            try:
                choices = list(revoke_choices(result, code).items())
            except ScoringError:
                choices = None
    return render(
        request,
        "public/calculator.html",
        {"form": form, "score": score, "error": error, "choices": choices},
    )
