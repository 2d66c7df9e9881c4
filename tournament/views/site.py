"""The whole service's page: the Clubs page, where the site administrator (a superuser)
sees every club and creates a new one with its first director.

A club's own directors never reach it (:func:`tournament.access.site_view`): it sees
every club, as the admin does.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from ..access import site_view
from ..forms.accounts import NewClubForm, NewDirectorForm
from ..models import Club
from ..services import ServiceError, user_message
from ..services.clubs import create_club


@site_view
def clubs_page(request: HttpRequest) -> HttpResponse:
    posted = request.POST if request.method == "POST" else None
    club_form = NewClubForm(posted)
    director_form = NewDirectorForm(posted)
    director_form.fields["username"].label = "First director's user name"
    if posted is not None and club_form.is_valid() and director_form.is_valid():
        try:
            club, user = create_club(
                name=club_form.cleaned_data["name"],
                short_name=club_form.cleaned_data["short_name"],
                time_zone=club_form.cleaned_data["time_zone"],
                username=director_form.cleaned_data["username"],
                password=director_form.cleaned_data["password1"],
                by=request.user,
            )
        except ServiceError as e:
            club_form.add_error(None, user_message(e))
        else:
            messages.success(
                request,
                f"{club.name} made, with {user.get_username()} as its first director. Give "
                "them the password you chose; they add the club's other directors.",
            )
            return redirect("site_clubs")
    clubs = Club.objects.annotate(
        events=Count("event", distinct=True), members_count=Count("members", distinct=True)
    ).order_by("name", "pk")
    return render(
        request,
        "site/clubs.html",
        {"clubs": clubs, "club_form": club_form, "director_form": director_form},
    )
