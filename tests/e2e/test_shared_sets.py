"""A relay-bystand Mitchell played through a round on the phones, in a real browser.

mitchell(4, 2, even="relay"): tables 1 and 4 share boards 1-2 in round 1 (table 4
starts on board 2); boards 5-6 rest on the bystand; table 3's boards go to it and
table 2 takes the resting set from it.  The tablets (390 px) and the director's guide
cards (1280 px) say so in the same words (scoring.movements.wording).
"""

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.services import Actor, Entry, display, tablets

from ..tournament.conftest import make_event
from .axe import no_axe_violations
from .conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHARE_4 = "Share boards 1-2 with table 1: start on board 2, table 1 on board 1, pass them across"


def tap(page, selector: str) -> None:
    page.click(f"label:has({selector})")


def score_four_spades(page, home: str, board: int) -> None:
    """Four spades by East, ten tricks, four honours split: entered and agreed, then
    back to the round's page."""
    page.goto(home)
    page.click(f"a.tile:has-text('Board {board}')")
    tap(page, "input[name=bid][value='4S']")
    tap(page, "#id_declarer_1")  # East
    tap(page, "#id_tricks_10")
    tap(page, "input[value='trumps:EW-4']")
    page.click("button:has-text('Score it')")
    page.click("button:has-text('Opponents: we agree')")
    page.wait_for_selector(f"text=Board {board} so far")
    page.goto(home)


def test_a_relay_and_bystand_round_on_the_phones_and_the_cards(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director, name="Relay night", tables=4, even="relay")
    movement = services.movement_for(event)
    # Tables 1, 2 and 3 have scored round 1 already.
    for tr in movement.round(1)[:3]:
        for board in tr.boards:
            services.enter_result(
                event,
                board_number=board,
                round_no=1,
                table=tr.table,
                entry=Entry("2H", "S", 8 + board % 2),
                by=Actor.tablet(tr.table),
                confirmed=True,
            )

    # Table 4's phone: the shared set and the board to start on, above the boards.
    phone = browser.new_context(**PHONE).new_page()
    home = f"{live_server.url}/t/{tablets.link_for(event, 4).token}/"
    phone.goto(home)
    assert SHARE_4 in phone.inner_text(".share-note")
    no_axe_violations(phone)
    shots(phone, "shared-set-round-390")
    score_four_spades(phone, home, 2)  # its start board first, then the one passed across
    score_four_spades(phone, home, 1)
    phone.click("button:has-text('Round agreed')")
    phone.wait_for_selector("text=Round 1 agreed")
    text = phone.inner_text("main")
    assert "Boards 1-2 to table 3" in text
    assert "North-South pair 4: stay at this table" in text
    assert "East-West pair 8: go to table 1, East-West" in text
    # Round 2's set comes from table 2, shared with table 1 again.
    assert "Next round's boards 3-4 come from table 2 (shared with table 1)" in text
    shots(phone, "shared-set-next-390")

    # Table 3's phone: its boards go to the bystand.  Table 2's: from the bystand.
    for table, said in (
        (3, "Boards 7-8 to the bystand: they rest there next round"),
        (2, "Take boards 5-6 from the bystand for next round"),
    ):
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{live_server.url}/t/{tablets.link_for(event, table).token}/")
        assert "Shared boards" not in page.inner_text("main")
        page.click("button:has-text('Round agreed')")
        page.wait_for_selector("text=Round 1 agreed")
        assert said in page.inner_text("main")
        no_axe_violations(page)
        shots(page, f"bystand-next-table-{table}-390")
        page.context.close()

    # The director's guide cards say the same, and the bystand has a card of its own.
    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    desk.goto(live_server.url + "/login/")
    desk.fill("#id_username", "td")
    desk.fill("#id_password", "whist-club-1915")
    desk.click("button[type=submit]")
    desk.wait_for_url("**/director/")
    desk.goto(f"{live_server.url}/director/events/{event.pk}/guide-cards/")
    cards = desk.inner_text("main")
    assert SHARE_4[0].lower() + SHARE_4[1:] in cards
    assert "boards 7-8 to the bystand: they rest there next round" in cards
    assert "The bystand" in desk.inner_text(".bystand-card h3")
    no_axe_violations(desk)
    shots(desk, "guide-cards-relay-1280")
    desk.goto(f"{live_server.url}/director/events/{event.pk}/table-cards/")
    assert "Round 1: share boards 1-2 with table 4" in desk.inner_text("main")
    shots(desk, "table-cards-relay-1280")

    # The room display, at the end of round 1: the share, the bystand, in the same words.
    token = display.display_link(event, by=Actor.director(director))
    tv = browser.new_page(viewport={"width": 1280, "height": 720})
    tv.goto(f"{live_server.url}/display/{token}/")
    moves = tv.inner_text(".display-moves")
    assert "Boards 7-8 to the bystand: they rest there next round" in moves
    assert "Bystand: boards 5-6 rest on the bystand this round." in moves
    shots(tv, "room-display-relay-1280")
