"""The Directors page: the club's director accounts, managed by its directors (another
club's directors are not listed and cannot be reached).

Add a director (a user name and a first password), remove one (never the last,
never oneself), reset another's password, and change one's own. The forms are
Django's own (``UserCreationForm``, ``SetPasswordForm``, ``PasswordChangeForm``),
so every password passes the validators in settings; the verbs are in
:mod:`tournament.services.directors`.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import SetPasswordForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.views.decorators.http import require_POST

from ...access import accounts_view
from ...forms.accounts import NewDirectorForm
from ...models import Club
from ...services import ServiceError, user_message
from ...services import directors as accounts


def _target(club: Club, pk: int) -> Any:
    target = accounts.directors(club).filter(pk=pk).first()
    if target is None:
        raise Http404("No such director")
    return target


@accounts_view
def directors_page(request: HttpRequest, club: Club) -> HttpResponse:
    form = NewDirectorForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = accounts.add_director(
                form.cleaned_data["username"],
                form.cleaned_data["password1"],
                by=request.user,
                club=club,
            )
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            messages.success(
                request,
                f"Director {user.get_username()} added. Give them the password you chose; they "
                "can change it from this page once logged in.",
            )
            return redirect("director_accounts")
    return render(
        request,
        "director/directors.html",
        {"directors": accounts.directors(club), "form": form, "me": request.user, "club": club},
    )


@require_POST
@accounts_view
def director_remove(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    target = _target(club, pk)
    try:
        moved = accounts.remove_director(target, by=request.user, club=club)
    except ServiceError as e:
        messages.error(request, user_message(e))
    else:
        passed = f" Their {moved} event{'s' if moved != 1 else ''} are now yours." if moved else ""
        messages.success(
            request, f"{target.get_username()} can no longer log in as a director.{passed}"
        )
    return redirect("director_accounts")


@accounts_view
def director_password(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    """Reset another director's password (one's own: the change-password page)."""
    target = _target(club, pk)
    if target.pk == request.user.pk:
        return redirect("password_change")
    form = SetPasswordForm(target, request.POST or None)
    if request.method == "POST" and form.is_valid():
        accounts.set_password(target, form.cleaned_data["new_password1"], by=request.user)
        messages.success(
            request,
            f"{target.get_username()}'s password is changed. Give them the new one; they can "
            "change it again once logged in.",
        )
        return redirect("director_accounts")
    return render(request, "director/director_password.html", {"target": target, "form": form})


@method_decorator(accounts_view, name="dispatch")
class OwnPasswordView(auth_views.PasswordChangeView):
    """Change one's own password (the old one asked first); stays logged in."""

    template_name = "director/password_change.html"
    success_url = reverse_lazy("director_accounts")

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, "Your password is changed.")
        return response
