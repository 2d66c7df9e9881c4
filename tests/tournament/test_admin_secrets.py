"""The admin filters and searches on nothing secret: no list_filter or
search_fields names a secret field, and the query string cannot either
(``?token__startswith=a``, one character at a time)."""

import pytest
from django.contrib import admin
from django.contrib.admin.filters import ListFilter
from django.contrib.auth import get_user_model
from django.test import RequestFactory

from tournament.admin import SECRET_FIELDS, reaches_secret
from tournament.models import PinFailure, TableLink
from tournament.services import tablets


def filter_paths(model_admin) -> list[str]:
    paths = []
    for item in model_admin.list_filter:
        if isinstance(item, str):
            paths.append(item)
        elif isinstance(item, tuple | list):
            paths.append(item[0])
        else:
            assert issubclass(item, ListFilter)  # filters of its own: check by hand
            paths.append(item.parameter_name)
    return paths


def secret_paths(model) -> list[str]:
    """The secret fields a model reaches: its own, and through each foreign key."""
    paths = [*SECRET_FIELDS.get(model, ())]
    for field in model._meta.get_fields():
        if field.many_to_one or field.one_to_one:
            paths += [f"{field.name}__{s}" for s in SECRET_FIELDS.get(field.related_model, ())]
    return paths


def test_secret_fields_are_known():
    assert SECRET_FIELDS[TableLink] == {"token", "pin"}
    assert reaches_secret(TableLink, "token__startswith")
    assert reaches_secret(PinFailure, "link__pin")
    assert reaches_secret(PinFailure, "^link__token")
    assert not reaches_secret(TableLink, "event__name__icontains")
    assert not reaches_secret(PinFailure, "address")


def test_no_change_list_filters_or_searches_on_a_secret_field():
    for model, model_admin in admin.site._registry.items():
        for name in [*filter_paths(model_admin), *model_admin.search_fields]:
            assert not reaches_secret(model, name), f"{model.__name__} admin: {name}"


@pytest.mark.django_db
def test_no_admin_lets_the_query_string_filter_on_a_secret():
    request = RequestFactory().get("/admin/")
    checked = 0
    for model, model_admin in admin.site._registry.items():
        for secret in secret_paths(model):
            for lookup in (secret, f"{secret}__startswith", f"{secret}__regex"):
                assert not model_admin.lookup_allowed(lookup, "a", request), (model, lookup)
                checked += 1
    assert checked >= 12  # TableLink, PinFailure and User at least


@pytest.mark.django_db
def test_a_token_filter_in_the_address_is_refused(client, event):
    root = get_user_model().objects.create_superuser("root", password="pw-root-1915")
    client.force_login(root)
    token = tablets.link_for(event, 1)
    url = "/admin/tournament/tablelink/"
    assert client.get(url, {"event__id__exact": event.pk}).status_code == 200
    for lookup in ("token__startswith", "pin__startswith", "token"):
        assert client.get(url, {lookup: token.token[:1]}).status_code == 400
    failures = "/admin/tournament/pinfailure/"
    assert client.get(failures, {"link__token__startswith": "a"}).status_code == 400
    assert client.get("/admin/auth/user/", {"password__startswith": "pbkdf2"}).status_code == 400
