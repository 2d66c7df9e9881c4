"""The director's log in is rate-limited (django-axes): five wrong passwords
lock that username from that address, not the director everywhere."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

LIMIT = settings.AXES_FAILURE_LIMIT


def log_in(client, url: str, password: str, address: str, username: str = "alice"):
    return client.post(
        url, {"username": username, "password": password}, REMOTE_ADDR=address, follow=False
    )


def test_the_limit_is_a_handful():
    assert 3 <= LIMIT <= 10
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


@pytest.mark.django_db
def test_wrong_passwords_lock_that_username_from_that_address(client, director):
    url = reverse("login")
    for _ in range(LIMIT - 1):
        response = log_in(client, url, "wrong", "10.0.0.1")
        assert response.status_code == 200  # the form again, with its error
        assert b"Please enter a correct username and password" in response.content
    locked = log_in(client, url, "wrong", "10.0.0.1")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many wrong passwords" in page and "15 minutes" in page
    assert "another device" in page and "<h1>Director log in</h1>" in page
    # Even the right password is refused from there, until the wait is over...
    assert log_in(client, url, "pw-alice-1915", "10.0.0.1").status_code == 429
    assert "_auth_user_id" not in client.session
    # ...while the director logs in from another device.
    other = log_in(client, url, "pw-alice-1915", "10.0.0.2")
    assert other.status_code == 302 and other.url == reverse("director_events")
    assert client.session["_auth_user_id"] == str(director.pk)


@pytest.mark.django_db
def test_another_username_from_the_same_address_is_not_locked(client, director, other_director):
    url = reverse("login")
    for _ in range(LIMIT):
        log_in(client, url, "wrong", "10.0.0.1")
    assert log_in(client, url, "pw-alice-1915", "10.0.0.1").status_code == 429
    ok = log_in(client, url, "pw-bob-1915", "10.0.0.1", username="bob")
    assert ok.status_code == 302


@pytest.mark.django_db
def test_a_success_clears_the_count(client, director):
    url = reverse("login")
    for _ in range(LIMIT - 1):
        log_in(client, url, "wrong", "10.0.0.1")
    assert log_in(client, url, "pw-alice-1915", "10.0.0.1").status_code == 302
    client.logout()
    for _ in range(LIMIT - 1):
        assert log_in(client, url, "wrong", "10.0.0.1").status_code == 200


@pytest.mark.django_db
def test_the_admin_log_in_is_limited_too(client):
    get_user_model().objects.create_superuser("root", password="pw-root-1915")
    url = reverse("admin:login")
    for _ in range(LIMIT - 1):
        assert log_in(client, url, "wrong", "10.0.0.1", username="root").status_code == 200
    locked = log_in(client, url, "wrong", "10.0.0.1", username="root")
    assert locked.status_code == 429 and b"Too many wrong passwords" in locked.content
    assert log_in(client, url, "pw-root-1915", "10.0.0.1", username="root").status_code == 429
    assert log_in(client, url, "pw-root-1915", "10.0.0.2", username="root").status_code == 302
