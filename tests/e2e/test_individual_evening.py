"""A 12-player individual set up on the new-event form and played through the tablets.

The director says 12 players and about 14 boards on the new-event form at 1280 px,
picks ``individual-12-r7`` (7 rounds of two boards, docs/laws/movements.md#individuals)
and names four players on the players page. Table 1's phone (390 px) plays every round
in the browser: the four players named by seat, both boards entered and agreed, the
round agreed, and "where next" naming for each of its four players the table and seat
the movement gives him next (scoring.individual_moves). The other two tables play
through the services their tablet pages call. The director closes every round and
publishes; the standings are one field of the 12 players, each linked to his card
(docs/laws/duplicate.md, "Individuals").
"""

import pytest
from django.contrib.auth import get_user_model

from scoring.individual_moves import moves_after
from scoring.movements.individuals import from_name
from tournament.models import Event, Individual, Result
from tournament.services import tablets

from .conftest import PHONE, log_in
from .other_tables import play_the_others, tap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "whist-club-1915"
SEAT = {"N": "North", "E": "East", "S": "South", "W": "West"}
NAMES = {"1": "Ada Alden", "2": "Ben Brewster", "3": "Cora Carrow", "4": "Dan Dale"}


def test_a_twelve_player_individual_set_up_and_played(live_server, browser, shots):
    get_user_model().objects.create_user("td", password=PASSWORD, is_staff=True)
    desk, page = log_in(browser, live_server, 1280, PASSWORD)
    page.goto(f"{live_server.url}/director/events/new/")
    page.fill("#id_ind-players", "12")
    page.fill("#id_ind-boards", "14")
    page.click("text=Show the individual movements")
    chosen = page.locator('input[name="movement_name"][value="individual-12-r7"]')
    chosen.check()
    candidate = page.locator(".candidate", has=chosen)
    assert "7 rounds · 3 tables · 14 boards a player" in candidate.inner_text()
    assert page.locator("#id_form").input_value() == "individual"
    assert page.locator("#id_tables").is_hidden()
    shots(page, "chooser-1280")
    page.fill("#id_name", "Thursday individual")
    page.fill("#id_date", "1915-04-15")
    page.click("text=Create the event and its schedule")
    page.wait_for_url("**/players/")
    event = Event.objects.get(name="Thursday individual")
    assert (event.form, event.movement_name, event.tables) == ("individual", "individual-12-r7", 3)
    assert event.boards_per_round == 2 and Individual.objects.filter(event=event).count() == 12
    for label, name in NAMES.items():
        page.fill(f"input[name='player-{label}']", name)
    page.click("text=Save players")
    page.wait_for_url(f"**/director/events/{event.pk}/")
    assert Individual.objects.get(event=event, label="3").name == "Cora Carrow"

    plan = from_name("individual-12-r7", 2)
    phone = browser.new_context(**PHONE)
    tablet = phone.new_page()
    tablet.goto(f"{live_server.url}/t/{tablets.link_for(event, 1).token}/")
    for r in range(1, plan.rounds + 1):
        play_the_others(event, r)
        (seat,) = [tr for tr in plan.round(r) if tr.table == 1]
        assert tablet.inner_text("h1") == f"Round {r}"
        shown = tablet.inner_text("ul.table-players")
        for s, label in seat.seats.items():
            line = f"{SEAT[s]} {label}" + (f" {NAMES[label]}" if label in NAMES else "")
            assert line in shown, (line, shown)
        if r == 1:
            shots(tablet, "table-1-round-1-390")
        for board in seat.boards:
            tablet.click(f"a.tile:has-text('Board {board}')")
            tap(tablet, "input[name=bid][value='4S']")
            tap(tablet, "#id_declarer_1")  # East
            tap(tablet, "#id_tricks_10")
            tap(tablet, "input[value='trumps:EW-4']")
            tablet.click("button:has-text('Score it')")
            tablet.click("button:has-text('Opponents: we agree')")
            tablet.wait_for_selector(f"text=Board {board} so far")
            tablet.click("a.button:has-text('Back to the round')")
        tablet.click("button:has-text('Round agreed')")
        tablet.wait_for_selector(f"text=Round {r} agreed")
        text = tablet.inner_text("main")
        if r == plan.rounds:
            assert "That was the last round" in text
            break
        moves = {m.player: m for m in moves_after(plan.schedule, r)}
        for s, label in seat.seats.items():
            said = f"{SEAT[s]} {label}" + (f" {NAMES[label]}" if label in NAMES else "")
            assert f"{said}: {moves[label].next.words()}" in text, (said, text)
        if r == 1:
            shots(tablet, "table-1-where-next-390")
        tablet.click("a.button.big:has-text('Next round')")
    # Table 1's every board: 4S by East, ten tricks, four honours split: NS -197
    # (docs/laws/scoring.md), as in the Howell evening's test.
    ours = Result.objects.filter(event=event, table=1, is_live=True, confirmed=True)
    assert list(ours.values_list("net_ns", flat=True)) == [-197] * 14
    assert Result.objects.filter(event=event, is_live=True).count() == 42

    # The director closes every round from the panel and publishes.
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    for r in range(1, plan.rounds + 1):
        page.click(f"button:has-text('Close round {r}')")
        page.wait_for_selector(f"table.progress tbody tr:nth-child({r}) th:has-text('closed')")
    page.click("text=Publish results")
    page.wait_for_selector("text=Results published.")

    # The standings by player, on a phone: one field of 12, each of 14 boards.
    reader = phone.new_page()
    reader.goto(f"{live_server.url}/events/{event.pk}/")
    assert reader.locator("main h2").all_inner_texts().count("All players") == 1
    standings = reader.locator("main table").first
    labels = standings.locator("tbody tr td:nth-child(2)").all_inner_texts()
    assert sorted(labels, key=int) == [str(p) for p in range(1, 13)]
    assert "Cora Carrow" in standings.inner_text()
    assert reader.evaluate("document.documentElement.scrollWidth") <= 390
    shots(reader, "standings-390")
    reader.click("nav[aria-label='Score cards'] a:has-text('3')")
    reader.wait_for_selector("h1:has-text('player 3')")
    card = reader.locator("table.player-card tbody tr:not(.phone-only)")
    assert card.count() == 14
    assert reader.evaluate("document.documentElement.scrollWidth") <= 390
    # Every column a phone shows is inside the screen, the comparison last.
    last = reader.locator("table.player-card thead th:visible").last.bounding_box()
    assert last is not None and last["x"] + last["width"] <= 390
    shots(reader, "player-3-card-390")
    # A traveller names each line's four players, and fits the phone too.
    reader.goto(f"{live_server.url}/events/{event.pk}/boards/1/")
    line = reader.locator("table.traveller tbody tr").first.inner_text()
    (seat,) = [tr for tr in plan.round(1) if tr.table == 1]
    for s, label in seat.seats.items():
        assert f"{s} {label}" in line, (s, label, line)
    assert reader.evaluate("document.documentElement.scrollWidth") <= 390
    # Every column inside the screen: on a phone the line names its players by number.
    last = reader.locator("table.traveller thead th").last.bounding_box()
    assert last is not None and last["x"] + last["width"] <= 390
    shots(reader, "traveller-1-390")
    phone.close()
    desk.close()


# Each player's row on "where next": whether every line of his move lies inside his
# own row and right of the seat column, and whether the seat he goes to is one line.
MOVE_ROWS = """() => [...document.querySelectorAll('ul.player-moves li')].map(li => {
  const row = li.getBoundingClientRect();
  const seat = li.querySelector('.seat').getBoundingClientRect();
  const lines = [...li.querySelector('.move').getClientRects()];
  const inside = lines.every(r => r.left >= seat.right - 0.5 && r.right <= row.right + 0.5
    && r.top >= row.top - 0.5 && r.bottom <= row.bottom + 0.5);
  return [li.querySelector('.seat').textContent, inside, lines.length,
    li.querySelector('.where').getClientRects().length];
})"""


def test_where_next_keeps_each_players_move_on_his_own_row(live_server, browser, shots):
    """Nine players (individual-9), table 1 agreed its first round: on a phone at 390
    and at 320 px each of the four players' moves stays in his own row beside his
    seat, a line too long wrapping under his own move (never under the seats, where
    it read as the next player's), and "table 2 East" is never broken."""
    from tournament.services import Actor

    from ..factories import enter, make_event

    td = get_user_model().objects.create_user("td", password=PASSWORD)
    event = make_event(td, form="individual", movement_name="individual-9", tables=0,
                       boards_per_round=1, individual_names={
                           "2": "Benedict Brewster", "3": "Cora Carrow", "4": "Dan Dale",
                           "7": "Gwendolyn Greatorex"})  # fmt: skip
    enter(event, 1, 1, 1, "4H S 10", by=Actor.director(td), confirmed=True)
    phone = browser.new_context(**PHONE)
    tablet = phone.new_page()
    tablet.goto(f"{live_server.url}/t/{tablets.link_for(event, 1).token}/")
    tablet.click("button:has-text('Round agreed')")
    tablet.wait_for_selector("text=Round 1 agreed")
    for width in (390, 320):
        tablet.set_viewport_size({"width": width, "height": 844})
        rows = tablet.evaluate(MOVE_ROWS)
        assert [seat for seat, *_ in rows] == ["North", "East", "South", "West"]
        for seat, inside, _, where_lines in rows:
            assert inside, f"{width} px: {seat}'s move outside his row"
            assert where_lines == 1, f"{width} px: {seat}'s seat next broken"
        assert any(lines > 1 for _, _, lines, _ in rows), "no move long enough to wrap"
        assert tablet.evaluate("document.documentElement.scrollWidth") <= width
        shots(tablet, f"individual-where-next-{width}")
