"""A team match's verdict on its standings page: decided only once every board is complete
(a new-user trial read "Team A (Hawks) wins by 410 points" with four of six boards to come)."""

from django.test import Client
from django.urls import reverse

from tournament import services
from tournament.services import Actor

from ..factories import enter, event_with_results


def _page(event) -> str:
    services.set_published(event, True, by=Actor.director(event.owner))
    return Client().get(reverse("event_standings", args=[event.pk])).content.decode()


def test_a_match_with_boards_to_come_is_led_not_won(director):
    # Board 1 at both tables: round 1, table 1 (A1 NS v B1) 4H S 10 = +157 to A; round 2,
    # table 2 (B2 NS v A2) 4H S 8 = -100 to B's NS, so +100 to A: A's 257 against B's -257,
    # a margin of 514.  Boards 2-4 are not in at both tables: left out, and the match is
    # not decided yet.
    event = event_with_results(
        director,
        {(1, 1, 1): "4H S 10", (1, 2, 2): "4H S 8", (2, 1, 1): "3NT N 9"},
        form="teams",
        movement="teams",
        tables=2,
        team_names={"A": "Hawks", "B": "Owls"},
    )
    page = _page(event)
    assert "leads by 514 points so far, with 3 boards" in page and "still to be completed" in page
    assert "wins by" not in page
    # Boards 2-4 completed, each the same at both tables (they cancel out): with nothing
    # left to come, the verdict is the match's.
    enter(event, 2, 2, 2, "3NT N 9")
    for board in (3, 4):
        enter(event, board, 1, 2, "1S E 7")
        enter(event, board, 2, 1, "1S E 7")
    page = _page(event)
    assert "leads by 514 points so far" not in page and "wins by 514 points" in page
