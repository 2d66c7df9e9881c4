"""The chooser in the browser: the director picks a Howell from the candidates on the
new-event form at a laptop's width and the table plays it on a phone; the public
Movements page lists the candidates on a phone, each leading to its guide cards."""

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Event
from tournament.services import tablets

from .axe import no_axe_violations
from .conftest import PHONE, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_howell_chosen_on_the_setup_page_is_played_on_a_phone(live_server, browser, shots):
    get_user_model().objects.create_user("td", password="whist-club-1915", is_staff=True)
    context, page = log_in(browser, live_server, 1280, "whist-club-1915")
    page.goto(f"{live_server.url}/director/events/new/")
    page.fill("#id_name", "Howell night")  # typed before the chooser is asked: kept
    page.fill("#id_date", "1915-04-06")
    page.select_option("#id_code", "royalton")
    page.fill("#id_choose-pairs", "14")
    page.click("text=Show the movements")
    page.wait_for_url("**choose-pairs=14*")  # the chosen page, loaded
    assert page.input_value("#id_name") == "Howell night"
    assert page.input_value("#id_date") == "1915-04-06"
    assert page.input_value("#id_code") == "royalton"
    first = page.locator('input[name="movement_name"]').first
    assert first.get_attribute("value") == "howell-7-even" and first.is_checked()
    assert page.locator("#id_tables").is_hidden()  # the candidate sets the tables
    assert page.get_by_text("One winner, every pair meets every other").first.is_visible()
    no_axe_violations(page)
    shots(page, "chooser-new-event-1280")
    # Keeping the settings shows the family and tables again.
    page.locator('input[name="movement_name"][value=""]').check()
    assert page.locator("#id_tables").is_visible()
    first.check()
    assert page.locator("#id_tables").is_hidden()
    page.click("text=Create the event and its schedule")
    page.wait_for_url("**/players/")
    event = Event.objects.get(name="Howell night")
    assert (event.movement_name, event.tables, event.movement) == ("howell-7-even", 7, "howell")
    assert event.code == "royalton" and str(event.date) == "1915-04-06"
    context.close()

    # Table 2 on a phone: its first round as the Howell seats it.
    phone = browser.new_context(**PHONE)
    tablet = phone.new_page()
    tablet.goto(f"{live_server.url}/t/{tablets.link_for(event, 2).token}/")
    seat = event.seating_set.get(round=1, table=2)
    text = tablet.locator("main").inner_text()
    assert f"{seat.ns.label}" in text and f"{seat.ew.label}" in text
    shots(tablet, "chooser-howell-tablet-390")
    phone.close()


def test_the_public_movements_page_chooses_on_a_phone(live_server, browser, shots):
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.goto(f"{live_server.url}/movements/")
    page.fill("#id_choose-pairs", "16")
    page.click("text=Show the movements")
    page.wait_for_url("**choose-pairs=16*")  # the chosen page, loaded
    candidates = page.locator(".candidate")
    assert candidates.count() >= 4
    assert "relay between tables 1 and 8" in page.locator(".candidates").inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # nothing wider than the phone
    no_axe_violations(page)
    shots(page, "chooser-public-390")
    candidates.first.locator("a").click()
    page.wait_for_selector("h2:has-text('Guide cards')")
    assert "Mitchell" in page.locator("h2:not(.chooser-title)").first.inner_text()
    shots(page, "chooser-public-guide-cards-390")
    phone.close()


def test_a_directors_own_movement_refused_then_kept(live_server, browser, shots):
    from scoring.movements import build
    from scoring.movements.custom import to_csv
    from tournament.models import Club, ClubMovement

    td = get_user_model().objects.create_user("td", password="whist-club-1915", is_staff=True)
    Club.first().directors.add(td)
    context, page = log_in(browser, live_server, 1280, "whist-club-1915")
    page.goto(f"{live_server.url}/director/club/")
    page.click("text=The club's movements")
    good = to_csv(build("mitchell-3", 2))
    page.fill("#id_name", "Our Mitchell")
    page.fill("#id_text", good.replace("2,2,2,4,5-6", "2,2,2,4,5-7", 1))
    page.click("text=Check and keep it")
    assert "Line 6: 3 boards where the first line has 2" in page.locator("main").inner_text()
    shots(page, "chooser-own-refused-1280")
    page.fill("#id_text", good)
    page.click("text=Check and keep it")
    page.locator("table").get_by_text("Our Mitchell").wait_for()  # the kept list, loaded
    no_axe_violations(page)
    shots(page, "chooser-own-kept-1280")
    assert ClubMovement.objects.get().name == "Our Mitchell"
    context.close()


def test_before_play_the_field_is_seated_again(live_server, browser, shots):
    from ..factories import make_event

    td = get_user_model().objects.create_user("td", password="whist-club-1915", is_staff=True)
    event = make_event(td, tables=4, boards_per_round=2, name="Tuesday")
    context, page = log_in(browser, live_server, 1280, "whist-club-1915")
    page.goto(f"{live_server.url}/director/events/{event.pk}/field/")
    page.locator('input[name="movement_name"][value="howell-4"]').check()
    shots(page, "chooser-field-before-play-1280")
    page.click("text=Seat the field in this movement")
    assert "The field is seated in the Howell, 4 tables" in page.locator("main").inner_text()
    no_axe_violations(page)
    event.refresh_from_db()
    assert event.movement_name == "howell-4"
    context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_individual_chooser_says_the_boards_each_player_plays(
    live_server, browser, shots, width
):
    """Nine players: seven sit out one round of 4 boards and two never do, so the whole
    movement says "24 or 28 boards a player", and the longer figure still fits a phone."""
    get_user_model().objects.create_user("td", password="whist-club-1915", is_staff=True)
    context, page = log_in(browser, live_server, width, "whist-club-1915")
    page.goto(f"{live_server.url}/director/events/new/?ind-players=9")
    chosen = page.locator('input[name="movement_name"][value="individual-9"]')
    assert chosen.is_checked()
    candidate = page.locator(".candidate", has=chosen)
    assert "7 rounds · 2 tables · 24 or 28 boards a player" in candidate.inner_text()
    width_now = page.evaluate("document.documentElement.scrollWidth")
    assert width_now <= width, width_now
    shots(page, f"chooser-individual-9-{width}")
    page.goto(f"{live_server.url}/director/events/new/?choose-pairs=15")
    relay = page.locator(
        ".candidate", has=page.locator("code", has_text="mitchell-8-relay-switch-4")
    )
    assert "21 or 24 boards a pair" in relay.inner_text()
    assert "One winner, by an arrow switch in rounds 4 and 8;" in relay.inner_text()
    shots(page, f"chooser-pairs-15-{width}")
    context.close()


# The first guide card's first round at a phone's width: the right edge of its "At the
# end of the round" moves (the part of the card that says where to go).
FIRST_MOVES = """() => {
  const cell = document.querySelector('.guide-card tbody tr td.card-next');
  const r = cell.getBoundingClientRect();
  return [cell.innerText, r.left, r.right, getComputedStyle(cell, '::before').content];
}"""


def test_guide_cards_on_a_phone_are_a_block_a_round(live_server, browser, shots):
    """At 390 px a guide card's rows are stacked blocks, each part labelled, the
    round's moves inside the screen's width with nothing scrolled sideways; the relay
    Mitchell's eight cards, squeezed into a narrow column, made a page some 40,000 px
    high. At 1280 px and in print the card is the table it was."""
    url = f"{live_server.url}/movements/?name=mitchell-8-relay-switch-4&boards_per_round=2"
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.goto(url)
    width, height = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert width <= 390, width
    text, left, right, label = page.evaluate(FIRST_MOVES)
    assert "North-South pair 1: stay at this table" in text, text
    assert left >= 0 and right <= 390, (left, right)
    assert label == '"At the end of the round: "', label
    assert height < 15000, height
    no_axe_violations(page)
    shots(page, "guide-cards-relay-390")
    phone.close()
    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    desk.goto(url)
    assert desk.evaluate("getComputedStyle(document.querySelector('.guide-card td')).display") == (
        "table-cell"
    )
    desk.emulate_media(media="print")
    desk.set_viewport_size({"width": 600, "height": 900})  # a page narrower than a phone's rule
    assert desk.evaluate("getComputedStyle(document.querySelector('.guide-card td')).display") == (
        "table-cell"
    )
    desk.close()


def test_an_individuals_guide_cards_on_a_phone(live_server, browser, shots):
    """An individual's cards (one a player) at 390 px: the same labelled block a round,
    nothing scrolled sideways; at 1280 px, the table."""
    from ..factories import make_event

    get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(
        get_user_model().objects.get(username="td"),
        form="individual",
        movement_name="individual-9",
        tables=0,
        boards_per_round=1,
        individual_names={"1": "Ada Alden"},
    )
    for width in (390, 1280):
        context, page = log_in(browser, live_server, width, "whist-club-1915")
        page.goto(f"{live_server.url}/director/events/{event.pk}/guide-cards/")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        card = page.locator(".player-guide").nth(1)  # player 2: seated in round 1
        cell = card.locator("tbody tr").first.locator("td").nth(4)  # his opponents
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
        display = cell.evaluate("td => getComputedStyle(td).display")
        label = cell.evaluate("td => getComputedStyle(td, '::before').content")
        if width == 390:
            assert display == "block" and label == '"Opponents: "', (display, label)
            no_axe_violations(page)
            shots(page, "individual-guide-cards-390")
        else:
            assert display == "table-cell", display
        context.close()
