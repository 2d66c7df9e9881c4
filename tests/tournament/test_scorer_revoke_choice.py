"""Declarer's revoke choice on the tablet can be cleared with a tap.

Were "100 points" or "three tricks" impossible to un-tap once tapped, then with no
defenders' revoke the server refused ("leave the choice out") and the refused page kept
it selected, so the only way out was leaving the board and tapping it all again.
"""

import re
from html import unescape

import pytest
from django.urls import reverse

from tournament.models import Result
from tournament.services import tablets

from ..factories import make_event
from .test_scorer import board_post

pytestmark = pytest.mark.django_db

CHOICE = re.compile(r'<input type="radio" name="revoke_penalty" value="([^"]*)"[^>]*>')


@pytest.fixture
def board_url(event) -> str:
    return reverse("scorer_board", args=[tablets.link_for(event, 1).token, 1])


def choices(page: str) -> list[tuple[str, bool]]:
    """The revoke choice's radio buttons: (value, checked), in the page's order."""
    return [(m.group(1), " checked" in m.group(0)) for m in CHOICE.finditer(page)]


def test_no_choice_is_a_tap_of_its_own_chosen_until_another_is(client, board_url):
    page = client.get(board_url).content.decode()
    assert choices(page) == [("", True), ("points", False), ("tricks", False)]
    assert '<span class="suit-">No choice</span>' in page  # a chip like "Undoubled"


@pytest.mark.parametrize(
    ("revokes", "why"),
    [
        ({}, "Nobody revoked"),
        ({"revokes_ns": "1"}, "Only declarer's side (North-South) revoked"),
        ({"revokes_ns": "1", "revokes_ew": "1"}, "Both sides revoked"),
    ],
)
def test_a_choice_with_no_defenders_revoke_is_refused_saying_how_to_clear_it(
    client, event, board_url, revokes, why
):
    post = board_post(revoke_penalty="points", **revokes)  # South declares 4H
    page = client.post(board_url, post).content.decode()
    assert not Result.objects.filter(event=event).exists()  # still refused
    top = page[: page.index('id="level-answer"')]
    assert "Not scored yet:" in top and why in unescape(top)
    assert "tap “No choice”" in top  # how to clear it, named at the top of the page
    assert '<a href="#revoke_penalty-answer">' in top
    # The refused page keeps every tap, the choice too, and offers the way to clear it.
    assert choices(page) == [("", False), ("points", True), ("tricks", False)]
    assert re.search(r'name="bid" value="4H" id="id_bid_\d+" checked', page)
    assert 'value="10" id="id_tricks_10" checked' in page
    assert re.search(r"<details open>\s*<summary>Revokes and penalties", page)
    # Cleared with that tap: stored.
    client.post(board_url, {**post, "revoke_penalty": ""})
    assert Result.objects.get(event=event).revoke_penalty in ("", None)


def test_the_defenders_revoke_still_takes_declarers_choice(client, event, board_url):
    post = board_post(revokes_ew="1", revoke_penalty="tricks")
    client.post(board_url, post)
    assert Result.objects.get(event=event).revoke_penalty == "tricks"


@pytest.mark.parametrize(
    ("post", "why"),
    [
        # Royalton 77(c): two revokes by the defenders cost 100 each; no choice is left.
        (
            board_post(revokes_ew="2", revoke_penalty="tricks"),
            "The defenders revoked 2 times, so each revoke costs 100 points and declarer "
            "has nothing to choose",
        ),
        # A nullo's revoke gives declarer the points only (Royalton 77).
        (
            board_post(
                level="2",
                strain="NULLO",
                declarer="E",
                tricks="4",
                revokes_ns="1",
                revoke_penalty="tricks",
            ),
            "On a nullo a defenders' revoke gives declarer 100 points, never tricks: "
            "tap “100 points”",
        ),
    ],
)
def test_three_tricks_where_the_code_allows_none_is_refused_in_the_tables_words(
    client, director, post, why
):
    """The scoring's own refusal named the values ("tricks"), not the chips the table taps."""
    e = make_event(director, code="royalton")
    url = reverse("scorer_board", args=[tablets.link_for(e, 1).token, 1])
    page = unescape(client.post(url, post).content.decode())
    assert not Result.objects.filter(event=e).exists()
    top = page[: page.index('id="level-answer"')]
    assert why in top
    assert "not offered" not in top and "cannot take three tricks" not in top  # scoring's
    # The choice the table's words name is taken.
    fixed = {**post, "revoke_penalty": "" if "No choice" in why else "points"}
    client.post(url, fixed)
    assert Result.objects.filter(event=e).count() == 1
