"""Text no database stores is refused, by the one check of tournament/text.py, on every
way text comes in: the model fields, the forms' fields, the verbs that take text without
a form (a guest's member number, a reason, a typed name), a membership list, a command;
and the log writes each entry on one line (tournament/room/logline.py)."""

import io
import logging

import pytest
from django import forms
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import models
from django.urls import reverse
from django.utils.module_loading import import_string
from hypothesis import given
from hypothesis import strategies as st

import tournament.forms as app_forms
from tournament import text
from tournament.forms.fields import LinesText, OneLineText
from tournament.forms.members import read_member_file
from tournament.models import AuditEntry, Club, Event, Member, Result
from tournament.room.logline import OneLineFormatter, escaped
from tournament.services import Actor, ServiceError, clubs, correct_result, members

from ..factories import enter, entry
from .conftest import make_event

# --- The rule ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "one_line", "lines"),
    [
        ("Jane Alden", None, None),
        ("Zoë O'Brien-Łukasz 𝄞", None, None),
        ("\x00abc", text.NOT_STORED, text.NOT_STORED),
        ("a\x1b[31m", text.NOT_STORED, text.NOT_STORED),
        ("a\x7f", text.NOT_STORED, text.NOT_STORED),
        ("a\x85", text.NOT_STORED, text.NOT_STORED),  # NEL, a C1 control
        ("\ud800", text.NOT_STORED, text.NOT_STORED),  # half of a UTF-16 pair
        ("a\x0cb", text.NOT_STORED, text.NOT_STORED),  # form feed
        ("Hawks\r\nOwls", text.ONE_LINE, None),
        ("Hawks\nOwls", text.ONE_LINE, None),
        ("a\tb", text.ONE_LINE, None),
        ("a\u2028b", text.ONE_LINE, None),  # Unicode's line separator
    ],
)
def test_what_a_one_line_and_a_multi_line_field_refuse(value, one_line, lines):
    said = {m: m and m.format(what="This") for m in (one_line, lines)}
    assert text.refusal(value) == said[one_line]
    assert text.refusal(value, lines=True) == said[lines]


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Zl", "Zp"))))
def test_printable_text_is_always_stored(value):
    assert text.refusal(value) is None


def test_the_refusal_names_the_field():
    assert text.refusal("1\x002", what="The member number") == (
        "The member number holds a character no keyboard types (a control character such "
        "as NUL, perhaps pasted from another program): type it again without it."
    )
    assert text.refusal("a\nb", what="The club's name") == (
        "The club's name takes one line: no line breaks or tabs."
    )


# --- Every field carries it ---------------------------------------------------------


def test_every_text_field_of_every_model_carries_the_check():
    """A text column without a fixed set of choices has :data:`text.one_line` or
    :data:`text.lines` among its validators (an e-mail address has Django's own)."""
    missing = []
    for model in apps.get_app_config("tournament").get_models():
        for f in model._meta.get_fields():
            if not isinstance(f, models.CharField | models.TextField) or f.choices:
                continue
            if isinstance(f, models.EmailField):
                continue
            if not any(v in (text.one_line, text.lines) for v in f.validators):
                missing.append(f"{model.__name__}.{f.name}")
    assert not missing


def _form_classes():
    for name in dir(app_forms):
        obj = getattr(app_forms, name)
        if isinstance(obj, type) and issubclass(obj, forms.BaseForm):
            yield obj
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(app_forms.__path__):
        module = importlib.import_module(f"tournament.forms.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, forms.BaseForm):
                yield obj


def test_every_text_field_the_forms_declare_is_one_of_the_two():
    """A form's own text field is a :class:`OneLineText` or a :class:`LinesText`; a model
    form's text field from its model carries the model's check; a password (kept hashed,
    never stored as typed) and a user name (Django's own characters) are Django's."""
    plain = []
    for form in set(_form_classes()):
        model = getattr(getattr(form, "_meta", None), "model", None)
        for name, f in form.base_fields.items():
            if type(f) is not forms.CharField:
                assert (
                    not isinstance(f, forms.CharField)
                    or isinstance(f, OneLineText | LinesText | forms.EmailField | forms.SlugField)
                    or "password" in name
                    or name == "username"
                ), f"{form.__name__}.{name}"
                continue
            if model is not None and name in {x.name for x in model._meta.get_fields()}:
                continue  # the model field's validators run in the model form
            if "password" in name:
                continue
            plain.append(f"{form.__name__}.{name}")
    assert not plain


# --- The ways text comes in ---------------------------------------------------------


@pytest.fixture
def td(db):
    user = get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)
    Club.first().directors.add(user)
    return user


def test_a_nul_in_a_guests_member_number_is_refused_in_words_and_nothing_changes(client, td):
    """The verb behind "Make a member" takes the number without a form: PostgreSQL
    refused its NUL with a server error; now the director reads why."""
    guest = Member.objects.create(club=Club.first(), name="Walter Visitor", guest=True)
    client.force_login(td)
    r = client.post(
        reverse("director_member_action", args=[guest.pk, "make-member"]),
        {"number": "\x00abc"},
        follow=True,
    )
    assert r.status_code == 200
    assert "The member number holds a character no keyboard types" in r.content.decode()
    assert r.context["make_number"] == "?abc"  # what was typed, shown again
    guest.refresh_from_db()
    assert guest.guest and guest.number == ""


def test_the_member_form_refuses_a_line_break_in_a_name(client, td):
    client.force_login(td)
    r = client.post(reverse("director_members"), {"name": "Jane\r\nAlden", "number": "7"})
    assert "takes one line: no line breaks or tabs." in r.content.decode()
    assert not Member.objects.filter(number="7").exists()


def test_a_membership_list_refuses_the_rows_that_hold_a_control_character(db):
    listed = read_member_file(
        "members.csv", b"Name,Member number\nJane Alden,1\nBad\x1bRow,2\nTom Hale,3\x07\n"
    )
    plan = members.import_plan(Club.first(), listed.rows)
    assert [r.name for r in plan.added] == ["Jane Alden"]
    assert [(line, shown) for line, shown, _ in plan.refused] == [(3, "Bad?Row"), (4, "Tom Hale")]
    assert all("holds a character no keyboard types" in why for *_, why in plan.refused)
    members.import_members(Club.first(), listed.rows)
    assert list(Member.objects.values_list("name", flat=True)) == ["Jane Alden"]


def test_a_name_typed_at_an_event_with_a_control_character_makes_no_guest(td):
    event = make_event(td)
    with pytest.raises(ServiceError, match="holds a character no keyboard types"):
        from tournament.services import set_player_names

        set_player_names(event, {"1": ["Jane\x00Alden", "Tom Hale"]}, by=Actor.director(td))
    assert not Member.objects.filter(name__contains="Alden").exists()


def test_the_verbs_refuse_names_with_line_breaks(td):
    with pytest.raises(ServiceError, match="The club's name takes one line"):
        clubs.create_club(
            name="Hawks\r\nWhist Club",
            short_name="Hawks",
            time_zone="Europe/London",
            username="hawk",
            password="pw-1915-hawk",
            by=td,
        )
    with pytest.raises(ServiceError, match="The event's name takes one line"):
        make_event(td, name="Monday\npairs")
    assert not Club.objects.filter(short_name="Hawks").exists()
    assert not Event.objects.filter(name__startswith="Monday").exists()


def test_the_command_line_refuses_a_seed_with_a_control_character(td):
    event = make_event(td)
    with pytest.raises(CommandError, match="The seed holds a character no keyboard types"):
        call_command("deal", str(event.pk), "--seed", "1915\x1b")
    event.refresh_from_db()
    assert event.deal_seed == ""


# --- The log ------------------------------------------------------------------------


def test_the_settings_log_each_entry_on_one_line_whatever_a_name_holds():
    """The settings' own formatter, as the console and the log file use it: a club's
    name with CR/LF, an escape sequence and a traceback stay in one entry, one line."""
    config = settings.LOGGING["formatters"]["plain"]
    formatter = import_string(config["()"])(config["format"], style=config["style"])
    assert isinstance(formatter, OneLineFormatter)
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(formatter)
    log = logging.getLogger("tournament.test_one_line")
    log.addHandler(handler)
    try:
        log.warning("club %s created", "Hawks\r\n2026-12-01 ERROR forged entry\x1b[31m")
        try:
            raise ValueError("bad\nvalue")
        except ValueError:
            log.exception("a failure")
    finally:
        log.removeHandler(handler)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].endswith("club Hawks\\r\\n2026-12-01 ERROR forged entry\\x1b[31m created")
    assert "Traceback (most recent call last):\\n" in lines[1]
    assert lines[1].endswith("ValueError: bad\\nvalue")


def test_the_log_escapes_every_control_and_keeps_the_rest():
    assert escaped("Zoë\t𝄞\u2028\x00\x85") == "Zoë\\t𝄞\\u2028\\x00\\x85"
    assert escaped("plain text") == "plain text"


def test_a_correction_whose_reason_no_database_stores_changes_nothing(td):
    """The reason is stored on the new version itself, before the audit line: refused
    there too, inside the verb's transaction."""
    event = make_event(td)
    first = enter(event, 1, 1, 1)
    lines = AuditEntry.objects.filter(event=event).count()
    with pytest.raises(ServiceError, match="The note for the log holds a character"):
        correct_result(first, entry=entry("3H S 9"), by=Actor.director(td, "a\x00typo"))
    assert list(Result.objects.filter(event=event).values_list("pk", "is_live")) == [
        (first.pk, True)
    ]
    assert AuditEntry.objects.filter(event=event).count() == lines
