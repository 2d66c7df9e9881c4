"""The director runs a 3-table Mitchell from paper travellers, in a real browser."""

import re

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Event, Result
from tournament.queries import standings
from tournament.services import Actor, Entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROUND_2 = {
    # board: (table in round 2, contract, declarer, tricks, how the honours lay)
    1: (3, "4H", "S", 10, "trumps:NS-3"),
    2: (3, "3NT", "N", 8, "aces:none"),
    3: (1, "2S", "E", 8, "trumps:EW-3"),
    4: (1, "3HX", "S", 7, "trumps:EW-3"),  # doubled; a defender revokes, declarer takes tricks
    5: (2, "1NT", "W", 7, "aces:none"),
    6: (2, "PASS", "", None, ""),
}
# Round 1, entered from the tables before the director starts: (board, table, entry).
ROUND_1 = [
    (1, 1, "4H", "S", 9),
    (2, 1, "2NT", "N", 8),
    (3, 2, "3S", "E", 9),
    (4, 2, "3H", "S", 9),
    (5, 3, "1NT", "W", 6),
    (6, 3, "1C", "N", 7),
]


def test_director_creates_enters_closes_and_sees_standings(live_server, browser, shots):
    get_user_model().objects.create_user("td", password="whist-club-1915")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "whist-club-1915")
    page.click("button[type=submit]")
    page.wait_for_url("**/director/")

    page.click("text=New event")
    page.fill("#id_name", "Thursday duplicate")
    page.fill("#id_date", "1915-05-06")
    page.select_option("#id_movement", "mitchell")
    page.fill("#id_tables", "3")
    page.fill("#id_boards_per_round", "2")
    page.click("text=Create the event and its schedule")
    page.wait_for_url("**/players/")
    page.fill("input[name=form-0-player1]", "Mrs. Alden")
    page.fill("input[name=form-0-player2]", "Mr. Alden")
    page.click("text=Save players")
    event = Event.objects.get(name="Thursday duplicate")
    page.wait_for_url(f"**/director/events/{event.pk}/")

    for board, table, contract, declarer, tricks in ROUND_1:
        services.enter_result(
            event,
            board_number=board,
            round_no=1,
            table=table,
            entry=Entry(contract, declarer, tricks),
            by=Actor.tablet(table),
        )
    services.close_round(event, 1, by=Actor.director(event.owner))

    for board, (table, contract, declarer, tricks, honours) in ROUND_2.items():
        page.goto(f"{live_server.url}/director/events/{event.pk}/boards/{board}/")
        prefix = f"r2t{table}"
        page.fill(f"input[name={prefix}-contract]", contract)
        if declarer:
            page.select_option(f"select[name={prefix}-declarer]", declarer)
            page.fill(f"input[name={prefix}-tricks]", str(tricks))
            page.select_option(f"select[name={prefix}-honours]", honours)
        if board == 4:
            page.fill(f"input[name={prefix}-revokes_ew]", "1")
            page.select_option(f"select[name={prefix}-revoke_penalty]", "tricks")
        page.click("button[value=preview]")
        # The preview is a new page: wait for it (content() read mid-navigation is empty
        # on a busy machine).
        page.wait_for_selector("text=Net to NS")
        page.click("button[value=save]")
        page.wait_for_selector(f"text=Board {board}: 1 result saved")
    assert Result.objects.filter(event=event, is_live=True).count() == 12
    # 3HX: 7 tricks + 3 penalty tricks = 4 x 8 x 2 = 64, + 125 premium; EW's simple
    # honours 2 x 8 = 16 still score (a revoking side scores its honours, Law 84).
    assert Result.objects.get(event=event, board__number=4, round=2).net_ns == 64 + 125 - 16

    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    questions = []
    page.once("dialog", lambda d: (questions.append(d.message), d.accept()))
    page.click("text=Close round 2")
    page.wait_for_selector("text=Round 2 closed")
    assert "Close round 2?" in questions[0]  # the director is asked first
    assert event.round_set.get(number=2).closed
    shots(page, "control-panel")

    page.goto(f"{live_server.url}/events/{event.pk}/boards/4/")
    assert re.search(r"\d penalty tricks? for a revoke", page.content())
    shots(page, "traveller")

    page.goto(f"{live_server.url}/events/{event.pk}/")
    text = page.inner_text("main")
    assert "North-South" in text and "East-West" in text
    assert "Mrs. Alden & Mr. Alden" in text
    # The standings are those of scoring/ on the same results.
    expected = {r.pair: r.display for r in standings.pair_contest(event)}
    for row in page.query_selector_all("table.standings tbody tr"):
        cells = [c.inner_text().strip() for c in row.query_selector_all("td")]
        assert expected[cells[1]] == cells[3]
    assert any(v != "0" for v in expected.values())
    shots(page, "standings")
    page.close()
