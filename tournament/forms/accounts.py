"""The accounts' forms: a new director (a user name and a first password, typed twice:
Django's own ``UserCreationForm``, so the password validators apply) and a new club
(its names and clock; the site administrator's Clubs page adds its first director with
it)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm, UsernameField

from ..models import Club


class NewDirectorForm(UserCreationForm):
    """A user name and a first password, typed twice (the validators apply)."""

    class Meta:
        model = get_user_model()
        fields = ("username",)
        field_classes = {"username": UsernameField}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = "User name"
        self.fields["username"].help_text = "Letters, digits and @ . + - _ only."
        self.fields["username"].widget.attrs.pop("autofocus", None)
        self.fields["password1"].label = "First password"
        self.fields["password1"].help_text = (
            "At least 8 characters, not a common password. Give it to the new director, who "
            "changes it after logging in."
        )
        self.fields["password2"].label = "First password again"


class NewClubForm(forms.ModelForm):
    """The new club's names and clock (its first director is :class:`NewDirectorForm`)."""

    class Meta:
        model = Club
        fields = ["name", "short_name", "time_zone"]
