"""A table scorer on a phone-sized screen scores a whole round, by touch alone."""

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Result
from tournament.queries import standings
from tournament.services import Actor, Entry, tablets

from ..tournament.conftest import make_event
from .axe import no_axe_violations
from .conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def tap(page, selector: str) -> None:
    page.click(f"label:has({selector})")


def test_scorer_enters_and_confirms_a_round(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director)
    # The other tables of round 1 have scored already (boards 3-4 and 5-6), and so has
    # round 2's table 3 on boards 1-2, so our boards have something to be compared with.
    for board, rnd, table, entry in [
        (3, 1, 2, Entry("2S", "E", 8)),
        (4, 1, 2, Entry("1NT", "N", 7)),
        (5, 1, 3, Entry("4H", "S", 10)),
        (6, 1, 3, Entry("3C", "W", 9)),
        (1, 2, 3, Entry("2H", "S", 8)),
        (2, 2, 3, Entry("4S", "E", 9)),
    ]:
        services.enter_result(
            event,
            board_number=board,
            round_no=rnd,
            table=table,
            entry=entry,
            by=Actor.tablet(table),
            confirmed=True,
        )
    link = tablets.link_for(event, 1)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{link.token}/")
    assert "Round 1" in page.inner_text("h1")

    # Board 1: three hearts doubled by South, 7 tricks, East-West revoke once.
    page.click("a.tile:has-text('Board 1')")
    tap(page, "input[name=bid][value='3H']")  # the contract in one tap
    tap(page, "#id_doubled_1")  # doubled
    tap(page, "#id_declarer_2")  # South
    tap(page, "#id_tricks_7")
    page.click("summary")
    page.select_option("#id_revokes_ew", "1")
    # No hand record: leaving the honours blank gets a prompt, not a score
    # (docs/laws/scoring.md, "Honours").
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=How did the honours lie?")  # the form comes back
    assert not Result.objects.filter(event=event, table=1).exists()
    assert page.is_checked("input[name=bid][value='3H']") and page.is_checked(
        "#id_tricks_7"
    )  # nothing lost
    # Only the trump answers show once hearts are chosen; one tap answers.
    assert page.is_hidden(".honour-group[data-for=aces]")
    tap(page, "input[value='trumps:NS-3']")
    shots(page, "scorer-entry")
    no_axe_violations(page)  # the tablet's busiest page: every chip named, every contrast fit
    page.click("button:has-text('Score it')")
    # The app asks for declarer's choice and says which is worth more (the form is sent
    # by resend.js, so the answer replaces the page without a navigation: wait for it).
    page.wait_for_selector("text=worth more to declarer")
    assert "worth more to declarer" in page.content()
    tap(page, "input[name='revoke_penalty'][value='tricks']")
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=Hand the tablet to the opponents")
    # 3HX, 7 tricks + 3 penalty tricks = 4 odd tricks x 8 x 2 = 64, + 125 premium,
    # + NS simple honours 2 x 8 = 16: 205 (Law 84(b): no doubled bonus for the tricks).
    assert "205" in page.inner_text("table.score")
    shots(page, "scorer-confirmation")
    no_axe_violations(page)
    page.click("button:has-text('Opponents: we agree')")
    # Agreed: the board's traveller so far (the tables that have played it), then on.
    page.wait_for_selector("text=Board 1 so far")
    assert "(you)" in page.inner_text("table.so-far")
    shots(page, "scorer-board-so-far")

    # Board 2: four spades by East, ten tricks.
    page.click("a:has-text('Next: board 2')")
    tap(page, "input[name=bid][value='4S']")
    tap(page, "#id_declarer_1")  # East
    tap(page, "#id_tricks_10")
    tap(page, "input[value='trumps:EW-4']")
    page.click("button:has-text('Score it')")
    page.click("button:has-text('Opponents: we agree')")
    page.wait_for_selector("text=Board 2 so far")
    page.click("a.button.big:has-text('Back to the round')")

    page.click("button:has-text('Round agreed')")
    page.wait_for_selector("text=Round 1 agreed")
    text = page.inner_text("main")
    assert "stay at this table" in text and "table 2, East-West" in text and "table 3" in text
    shots(page, "scorer-next-move")
    context.close()

    live = Result.objects.filter(event=event, table=1, round=1, is_live=True)
    # Board 2: 4S by E made: 4 x 9 = 36 + 125 premium + four honours split 4 x 9 = 36.
    assert sorted(live.values_list("net_ns", flat=True)) == [-36 - 125 - 36, 205]
    assert all(r.confirmed for r in live)

    # The director's panel shows the table's round agreed; the standings include it.
    director_page = browser.new_page()
    director_page.goto(f"{live_server.url}/login/")
    director_page.fill("#id_username", "td")
    director_page.fill("#id_password", "whist-club-1915")
    director_page.click("button[type=submit]")
    director_page.wait_for_url("**/director/")  # logged in before going on
    director_page.goto(f"{live_server.url}/director/events/{event.pk}/")
    cell = director_page.inner_text("table.progress tbody tr:first-child td:nth-child(2)")
    assert "2/2" in cell and "agreed" in cell
    director_page.goto(f"{live_server.url}/events/{event.pk}/")
    rows = {r.pair: r.display for r in standings.pair_contest(event)}
    assert rows["1"] != "0"
    assert f">{rows['1']}<" in director_page.content()
    director_page.close()


def test_passed_out_fades_the_taps_that_no_longer_count(board_page, shots):
    """After tapping a contract, then "Passed out", the contract's chips must not stay
    highlighted as if they counted: the board is scored passed out (NS 0)."""
    page, event = board_page
    note = page.locator(".pass-note")
    strain = page.locator(".chips:has(input[name='doubled'])")
    tap(page, "input[name=bid][value='3H']")
    tap(page, "#id_declarer_2")
    assert not note.is_visible()
    assert strain.evaluate("e => getComputedStyle(e).opacity") == "1"
    tap(page, "input[name='bid'][value='PASS']")
    assert note.is_visible() and "scores 0 to both sides" in note.inner_text()
    for name in ("doubled", "declarer", "tricks"):
        chips = page.locator(f".chips:has(input[name='{name}'])")
        assert float(chips.evaluate("e => getComputedStyle(e).opacity")) < 0.5
    shots(page, "scorer-passed-out")
    tap(page, "input[name=bid][value='4H']")  # a contract after all: nothing faded
    assert not note.is_visible()
    assert strain.evaluate("e => getComputedStyle(e).opacity") == "1"
    tap(page, "input[name='bid'][value='PASS']")
    page.click("button:has-text('Score it')")
    page.wait_for_url("**/results/**")
    assert Result.objects.get(event=event, board__number=1).contract == "PASS"


def test_a_missing_answer_is_named_on_the_first_screen_and_linked(board_page, shots):
    """Score it without the honours brings the page back with the error named on its
    first screen and linked, not only far below under the honours chips."""
    page, event = board_page
    tap(page, "input[name=bid][value='4H']")
    tap(page, "#id_declarer_2")
    tap(page, "#id_tricks_10")
    page.click("button:has-text('Score it')")
    page.wait_for_load_state()
    alert = page.locator(".error[role=alert]")
    box = alert.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844  # on the first screen
    assert "Not scored yet" in alert.inner_text() and "Honours" in alert.inner_text()
    shots(page, "scorer-missing-answer")
    alert.locator("a[href='#honours-answer']").click()
    page.wait_for_function(  # scrolled to the honours question (smoothly, perhaps)
        "() => { const t = document.getElementById('honours-answer')"
        ".getBoundingClientRect().top; return t > -2 && t < 844; }",
        timeout=5000,
    )
    assert not Result.objects.filter(event=event).exists()


def test_a_revoke_choice_tapped_by_mistake_is_cleared_with_a_tap(board_page, shots):
    """A tapped "100 points" can be un-tapped: with no defenders' revoke the server
    refuses it, and a refused page that kept it selected would leave no way out but
    leaving the board and tapping everything again."""
    page, event = board_page
    tap(page, "input[name=bid][value='4H']")  # the contract in one tap
    tap(page, "#id_declarer_2")  # South
    tap(page, "#id_tricks_10")
    tap(page, "input[value='trumps:EW-3']")
    page.click("summary")
    no_choice = page.locator("label.chip:has(input[name='revoke_penalty'][value=''])")
    assert no_choice.inner_text() == "No choice"
    assert page.is_checked("input[name='revoke_penalty'][value='']")  # until another is
    tap(page, "input[name='revoke_penalty'][value='points']")
    page.click("button:has-text('Score it')")
    alert = page.locator(".error[role=alert]")
    alert.filter(has_text="Nobody revoked").wait_for()
    assert "tap “No choice” to clear it" in alert.inner_text()
    assert not Result.objects.filter(event=event).exists()  # the refusal stays
    # The refused page: every tap kept, the revokes open, the choice still tapped.
    for kept in ("input[name=bid][value='4H']", "#id_declarer_2", "#id_tricks_10"):
        assert page.is_checked(kept)
    assert page.is_visible("label.chip:has(input[name='revoke_penalty'][value='points'])")
    assert page.is_checked("input[name='revoke_penalty'][value='points']")
    for chip in page.locator("label.chip:has(input[name='revoke_penalty']) span").all():
        box = chip.bounding_box()
        assert box is not None and box["height"] >= 40 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    no_choice.scroll_into_view_if_needed()
    shots(page, "scorer-revoke-choice-refused")
    no_choice.click()  # one tap clears it
    assert page.is_checked("input[name='revoke_penalty'][value='']")
    assert not page.is_checked("input[name='revoke_penalty'][value='points']")
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=Hand the tablet to the opponents")
    result = Result.objects.get(event=event)
    assert (result.contract, result.net_ns, result.revoke_penalty or "") == ("4H", 141, "")
