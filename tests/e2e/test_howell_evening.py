"""A 10-table Howell chosen on the setup page and played through the tablets.

The director says 20 pairs and about 19 boards on the new-event form at 1280 px and
picks ``howell-10`` (19 rounds of one board, docs/laws/movements.md). Table 1's phone
(390 px) plays every round in the browser: the board entered and agreed, the round
agreed, and "where next" naming for each of its pairs the table and direction the
Howell seats it at next; the phone then opens that table's tablet and finds the pair
there. The other nine tables play through the services their tablet pages call. The
director closes every round and publishes; a Howell has one field, so the standings
are one table of all 20 pairs (docs/laws/beyond.md).
"""

import re

import pytest
from django.contrib.auth import get_user_model

from scoring.movements import build
from tournament.models import Event, Result
from tournament.services import tablets

from .conftest import PHONE, log_in
from .other_tables import play_the_others, tap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "whist-club-1915"
SIDE = {"NS": "North-South", "EW": "East-West"}


def where_next_line(pair: str, side: str, table: int, to: tuple[int, str]) -> str:
    """The tablet's sentence for ``pair``, now at ``table``/``side``, going to ``to``."""
    who = f"{SIDE[side]} pair {pair}"
    if to == (table, side):
        return f"{who}: stay at this table"
    return f"{who}: go to table {to[0]}, {SIDE[to[1]]}"


def test_a_ten_table_howell_chosen_and_played_on_the_tablets(live_server, browser, shots):
    get_user_model().objects.create_user("td", password=PASSWORD, is_staff=True)
    desk, page = log_in(browser, live_server, 1280, PASSWORD)
    page.goto(f"{live_server.url}/director/events/new/")
    page.fill("#id_choose-pairs", "20")
    page.fill("#id_choose-boards", "19")
    page.click("text=Show the movements")
    page.wait_for_url("**choose-pairs=20*")  # the chosen page, loaded
    howell = page.locator('input[name="movement_name"][value="howell-10"]')
    howell.check()
    candidate = page.locator(".candidate", has=howell)
    assert "19 rounds · 10 tables · 19 boards a pair · one winner" in candidate.inner_text()
    assert page.locator("#id_tables").is_hidden()  # the candidate sets the tables
    shots(page, "howell-evening-chooser-1280")
    page.fill("#id_name", "Ten-table Howell")
    page.fill("#id_date", "1915-04-13")
    page.click("text=Create the event and its schedule")
    page.wait_for_url("**/players/")
    event = Event.objects.get(name="Ten-table Howell")
    assert (event.movement_name, event.movement, event.tables) == ("howell-10", "howell", 10)
    assert event.boards_per_round == 1 and event.pair_set.count() == 20

    howell_plan = build("howell-10", 1)  # the Howell as the library gives it
    rounds = howell_plan.rounds
    assert rounds == 19

    phone = browser.new_context(**PHONE)
    tablet = phone.new_page()
    other = phone.new_page()
    home = f"{live_server.url}/t/{tablets.link_for(event, 1).token}/"
    tokens = {t: tablets.link_for(event, t).token for t in range(2, 11)}
    tablet.goto(home)
    for r in range(1, rounds + 1):
        play_the_others(event, r)
        seat = howell_plan.at(r, 1)
        assert tablet.inner_text("h1") == f"Round {r}"
        assert f"North-South {seat.ns}\nEast-West {seat.ew}" in tablet.inner_text(".big-note")
        (board,) = seat.boards
        # Four spades by East, ten tricks, four honours split between the sides.
        tablet.click(f"a.tile:has-text('Board {board}')")
        tap(tablet, "input[name=bid][value='4S']")
        tap(tablet, "#id_declarer_1")  # East
        tap(tablet, "#id_tricks_10")
        tap(tablet, "input[value='trumps:EW-4']")
        tablet.click("button:has-text('Score it')")
        tablet.click("button:has-text('Opponents: we agree')")
        tablet.wait_for_selector(f"text=Board {board} so far")
        tablet.click("a.button.big:has-text('Back to the round')")
        tablet.click("button:has-text('Round agreed')")
        tablet.wait_for_selector(f"text=Round {r} agreed")
        text = tablet.inner_text("main")
        if r == rounds:
            assert "That was the last round" in text
            break
        moving = []
        for pair, side in ((seat.ns, "NS"), (seat.ew, "EW")):
            to = howell_plan.where(pair, r + 1)
            assert to is not None  # a complete Howell: nobody sits out
            assert where_next_line(pair, side, 1, to) in text
            if to != (1, side):
                moving.append((pair, to))
        if r == 1:
            shots(tablet, "howell-evening-where-next-390")
        # Follow the pair that moves to its table: that table's tablet seats it there.
        pair, (table, side) = moving[0]
        other.goto(f"{live_server.url}/t/{tokens[table]}/")
        assert other.inner_text("h1") == f"Round {r + 1}"
        seats = other.inner_text(".big-note")
        assert re.search(rf"^{SIDE[side]} {pair}$", seats, re.M), seats
        tablet.click("a.button.big:has-text('Next round')")
    # Table 1's every board: 4S by East, ten tricks, four honours split: 4 odd tricks x 9
    # = 36, + 125 premium (Duplicate Law A: 30 or more) + 4 x 9 = 36 honours to East-West
    # (docs/laws/scoring.md): NS -197.
    ours = Result.objects.filter(event=event, table=1, is_live=True, confirmed=True)
    assert list(ours.values_list("net_ns", flat=True)) == [-36 - 125 - 36] * 19
    assert Result.objects.filter(event=event, is_live=True).count() == 190
    phone.close()

    # The director closes every round from the panel and publishes.
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    for r in range(1, rounds + 1):
        page.click(f"button:has-text('Close round {r}')")
        page.wait_for_selector(f"table.progress tbody tr:nth-child({r}) th:has-text('closed')")
    page.click("text=Publish results")
    page.wait_for_selector("text=Results published.")

    # The standings: one field (a Howell has one winner), all 20 pairs in it.
    page.goto(f"{live_server.url}/events/{event.pk}/")
    titles = page.locator("main h2").all_inner_texts()
    assert titles.count("All pairs") == 1
    assert "North-South" not in titles and "East-West" not in titles
    standings = page.locator("main table").first
    labels = standings.locator("tbody tr td:nth-child(2)").all_inner_texts()
    assert sorted(labels, key=int) == [str(p) for p in range(1, 21)]
    assert standings.locator("tbody tr td:nth-child(6)").all_inner_texts() == ["19"] * 20
    assert standings.locator("tbody tr td:first-child").first.inner_text() == "1"
    desk.close()
