"""Text no database stores, met in the browser (docs/director/club.md, "Names and
text"): a director at the laptop pastes a member number carrying an escape character,
and at a phone types a player's name with a tab; each is refused in words, beside what
was typed.  A table's call for the director, whose hidden copy of the refused call holds
a NUL, still goes."""

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Club, DirectorCall, Member, Player
from tournament.services import tablets

from ..factories import make_event
from .conftest import PHONE, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def td(db):
    user = get_user_model().objects.create_user("td", password="whist-club-1915", is_staff=True)
    Club.first().directors.add(user)
    return user


def test_a_pasted_control_character_is_refused_in_words_at_1280(live_server, browser, shots, td):
    guest = Member.objects.create(club=Club.first(), name="Walter Visitor", guest=True)
    context, page = log_in(browser, live_server, 1280, "whist-club-1915")
    page.goto(f"{live_server.url}/director/members/{guest.pk}/")
    page.fill("#make-number", "\x1b[31m123")
    page.click("button:has-text('Make Walter Visitor a member')")
    page.wait_for_load_state()
    said = page.inner_text("main")
    assert "The member number holds a character no keyboard types" in said
    assert page.input_value("#make-number") == "?[31m123"  # what was typed, kept
    shots(page, "text-refused-member-1280")
    guest.refresh_from_db()
    assert guest.guest and guest.number == ""
    context.close()


def test_a_tab_in_a_players_name_is_refused_at_390_what_was_typed_kept(
    live_server, browser, shots, td
):
    event = make_event(td)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "whist-club-1915")
    page.click("button[type=submit]")
    page.wait_for_url("**/director/")
    page.goto(f"{live_server.url}/director/events/{event.pk}/players/")
    first = page.locator("input[name$='-player1']").first
    first.fill("Jane\tAlden")
    page.locator("input[name$='-player2']").first.fill("Tom Hale")
    page.click("button[type=submit]:has-text('Save')")
    page.wait_for_load_state()
    assert "takes one line: no line breaks or tabs." in page.inner_text("main")
    assert page.locator("input[name$='-player2']").first.input_value() == "Tom Hale"
    shots(page, "text-refused-players-390")
    assert not Player.objects.filter(pair__event=event).exclude(name="").exists()
    context.close()


def test_a_tables_call_goes_whatever_its_hidden_copy_holds_at_390(live_server, browser, shots, td):
    event = make_event(td, record_auctions=True)
    link = tablets.link_for(event, 1)
    tablet = browser.new_context(**PHONE).new_page()
    tablet.goto(f"{live_server.url}/t/{link.token}/boards/1/auction/")
    for call in ("1H", "P", "X"):  # South doubles his partner: refused
        tablet.click(f"form:has(input[name=call][value='{call}']) button")
        tablet.wait_for_load_state()
    tablet.evaluate("document.querySelector(\".refused input[name=note]\").value = 'a\\u0000b'")
    tablet.click(".refused button:has-text('Call the director')")
    tablet.wait_for_selector("text=The director has been called")
    shots(tablet, "text-call-goes-390")
    call = DirectorCall.objects.get(event=event)
    assert (call.board, call.seat, call.note) == (1, "S", "")
