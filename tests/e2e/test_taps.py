"""How many taps a table scorer makes for a board, from the board's page to the
opponents' agreement, counted in a browser on a phone.

The board page scores the answers as soon as they make a whole result and shows
the score with "Opponents: we agree this score": one tap enters and agrees it.
With the auction recorded, its last call goes straight to the board's page with
the contract and declarer filled in, leaving the tricks, the honours and the
agreement.
"""

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Result
from tournament.services import Actor, deals, tablets

from ..factories import make_event
from .conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


class Taps:
    """A phone whose every tap is counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def chip(self, selector: str) -> None:
        self.page.click(f"label:has({selector})")
        self.count += 1

    def button(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1

    def agree(self) -> None:
        agree = self.page.locator("button[data-agree]")
        agree.wait_for(state="visible")
        assert "Net to North-South" in self.page.inner_text(".preview-score")
        self.button("button[data-agree]")
        self.page.wait_for_selector("text=Agreed by both sides")


def _phone(browser, live_server, event, path=""):
    link = tablets.link_for(event, 1)
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{link.token}/boards/1/{path}")
    return Taps(page)


@pytest.fixture
def td(db):
    return get_user_model().objects.create_user("td", password="whist-club-1915")


def test_a_board_without_the_auction_honours_asked(live_server, browser, td, shots):
    event = make_event(td)  # 1915 laws, no hand record: the honours are asked
    phone = _phone(browser, live_server, event)
    phone.chip("input[name=bid][value='4H']")
    phone.chip("#id_declarer_2")  # South
    phone.chip("#id_tricks_10")
    phone.chip("input[value='trumps:NS-3']")
    phone.page.locator("button[data-agree]").wait_for(state="visible")
    phone.page.locator(".preview-score").scroll_into_view_if_needed()
    shots(phone.page, "scorer-agree")
    phone.agree()
    assert phone.count == 5  # the contract, declarer, tricks, honours, agree
    result = Result.objects.get(event=event, is_live=True)
    assert result.confirmed and (result.contract, result.declarer, result.tricks) == ("4H", "S", 10)


def test_a_board_without_the_auction_with_a_hand_record(live_server, browser, td):
    event = make_event(td)
    deals.deal_event(event, seed="taps", by=Actor.director(td))  # honours from the hands
    phone = _phone(browser, live_server, event)
    phone.chip("input[name=bid][value='3NT']")
    phone.chip("#id_declarer_0")  # North
    phone.chip("#id_tricks_9")
    phone.agree()
    assert phone.count == 4  # the contract, declarer, tricks, agree
    assert Result.objects.get(event=event, is_live=True).confirmed


def test_a_board_with_the_auction(live_server, browser, td):
    event = make_event(td, record_auctions=True)  # board 1 dealt by North
    phone = _phone(browser, live_server, event, "auction/")
    calls = ("1H", "P", "2H", "P", "P", "P")
    for call in calls:
        phone.button(f"form:has(input[name=call][value='{call}']) button")
        phone.page.wait_for_load_state()
    assert phone.page.url.endswith("/boards/1/")  # the last pass: straight to the tricks
    phone.chip("#id_tricks_8")
    phone.chip("input[value='trumps:EW-3']")
    phone.agree()
    assert phone.count == len(calls) + 3  # the calls, then tricks, honours, agree
    result = Result.objects.get(event=event, is_live=True)
    assert result.confirmed and result.auction == "1H P 2H P P P"
