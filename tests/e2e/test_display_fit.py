"""The room display fits the screen it is on, whatever the size of the room.

A TV cannot scroll: at 1920x1080 and 1280x720, with 7, 12, 20 and 30 tables, a
call for the director showing and the clock running, nothing scrolls, every
table's move is inside the screen at its legible size (2.8% of the screen's height),
on the screen at once or on one of the pages the moves turn through by themselves,
the heading naming the page's tables. An individual's display pages its players, and
its standings, when shown, are whole rows.
"""

import pytest
from django.contrib.auth import get_user_model

from tournament.services import Actor, display, tablets

from ..factories import make_event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = ((1920, 1080), (1280, 720))
TABLES = (7, 12, 20, 30)
PAGE_SECONDS = 8  # display.js turns the moves' pages this often

# Every move on the page showing now: its table, whether it lies wholly inside the
# screen and inside its list's box (not clipped) with no part of its line cut short,
# and its font size.
SHOWN = """() => {
  const list = document.querySelector('[data-moves]');
  const box = list.getBoundingClientRect();
  return [...list.children].filter(li => !li.hidden).map(li => {
    const r = li.getBoundingClientRect();
    const whole = [...li.children].every(part => part.scrollWidth <= part.clientWidth + 1);
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
      && r.right <= innerWidth + 0.5 && r.bottom <= box.bottom + 0.5 && r.right <= box.right + 0.5
      && whole;
    return [Number(li.dataset.table), inside, parseFloat(getComputedStyle(li).fontSize)];
  });
}"""


def turn_to(page, turn: int) -> None:
    """Wait for the moves' ``turn``-th page (from 0) to come round; the first is shown."""
    if turn:
        page.wait_for_function(
            "n => document.querySelector('[data-moves]').dataset.page === String(n)",
            arg=turn + 1,
            timeout=(PAGE_SECONDS + 6) * 1000,
        )


@pytest.fixture
def room(db):
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    return td


@pytest.mark.parametrize("tables", TABLES)
def test_the_display_fits_the_screen(live_server, browser, shots, room, tables):
    by = Actor.director(room)
    event = make_event(room, name=f"Club championship, {tables} tables", tables=tables,
                       boards_per_round=2)  # fmt: skip
    token = display.display_link(event, by=by)
    display.set_timer(event, minutes=24, changeover=2, follows="change-over", by=by)
    display.start_timer(event, by=by)
    tablets.call_director(event, 3, 1)
    for width, height in SCREENS:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(f"{live_server.url}/display/{token}/")
        # Nothing scrolls, either way.
        size = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        assert size[0] <= width and size[1] <= height, (tables, width, size)
        # The call's band and the clock both on screen, the clock at least 14% high.
        band = page.locator(".display-calls").bounding_box()
        clock = page.locator(".clock").bounding_box()
        assert band and band["y"] + band["height"] <= height
        assert clock["height"] >= 0.14 * height - 1 and clock["y"] + clock["height"] <= height
        pages = int(page.get_attribute("[data-moves]", "data-pages"))
        seen: set[int] = set()
        for turn in range(pages):
            turn_to(page, turn)
            shown = page.evaluate(SHOWN)
            for table, inside, font in shown:
                assert inside, f"{tables} tables at {width}x{height}: table {table} cut off"
                assert font >= 0.028 * height - 0.5, (tables, width, font)
            if pages > 1:  # the heading names the page's tables
                first, last = min(t for t, _, _ in shown), max(t for t, _, _ in shown)
                said = page.inner_text("[data-moves-page]")
                assert said == f"page {turn + 1} of {pages}: tables {first}–{last}", said
            seen |= {table for table, _, _ in shown}
        assert seen == set(range(1, tables + 1)), (tables, width, pages, sorted(seen))
        if width == 1920 and tables in (12, 30):
            shots(page, f"room-display-{tables}-tables-1080")
        clock_px = clock["height"]
        print(f"{tables} tables at {width}x{height}: {pages} page(s), clock {clock_px:.0f} px")
        page.close()


# Every standings row left in: whether it lies wholly inside the standings' box.
STANDINGS_WHOLE = """() => {
  const box = document.querySelector('.display-standings').getBoundingClientRect();
  return [...document.querySelectorAll('.display-standings li')].filter(li => !li.hidden)
    .map(li => {
      const r = li.getBoundingClientRect();
      return [li.querySelector('.pair').textContent, r.top >= box.top - 0.5
        && r.bottom <= box.bottom + 0.5 && r.bottom <= innerHeight + 0.5];
    });
}"""

# The page's players in order: the move lines' player numbers.
PLAYERS_SHOWN = """() => [...document.querySelectorAll('[data-moves] li')]
  .filter(li => !li.hidden).map(li => li.dataset.player)"""


def test_an_individuals_display_with_the_standings_pages_its_players(
    live_server, browser, shots, room
):
    """Nine players (individual-9) at 1280x720 with the standings shown: the moves are
    a line a player, paged by players ("page 1 of 3: players 1–3"), and the standings
    show as many whole rows as their share holds, none cut in half."""
    from ..factories import enter

    by = Actor.director(room)
    event = make_event(room, name="Thursday individual", form="individual",
                       movement_name="individual-9", tables=0, boards_per_round=1)  # fmt: skip
    display.show_standings(event, True, by=by)
    for table in (1, 2):
        enter(event, 1, 1, table, "4H S 10", confirmed=True)
    token = display.display_link(event, by=by)
    display.set_timer(event, minutes=24, changeover=2, follows="change-over", by=by)
    display.start_timer(event, by=by)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/display/{token}/")
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size[0] <= 1280 and size[1] <= 720, size
    pages = int(page.get_attribute("[data-moves]", "data-pages"))
    assert pages > 1  # the standings take their share: the nine lines do not fit at once
    seen: list[str] = []
    for turn in range(pages):
        turn_to(page, turn)
        players = page.evaluate(PLAYERS_SHOWN)
        said = page.inner_text("[data-moves-page]")
        assert said == f"page {turn + 1} of {pages}: players {players[0]}–{players[-1]}", said
        assert "undefined" not in page.inner_text(".display-moves h2")
        for player, inside, _ in page.evaluate(
            SHOWN.replace("li.dataset.table", "li.dataset.player")
        ):
            assert inside, f"player {player}'s move cut off"
        rows = page.evaluate(STANDINGS_WHOLE)
        assert len(rows) >= 3, rows
        for who, whole in rows:
            assert whole, f"{who}'s standings row cut off"
        seen += players
    assert sorted(seen, key=int) == [str(p) for p in range(1, 10)], seen
    shots(page, "room-display-individual-standings-720")
    page.close()
