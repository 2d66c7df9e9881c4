"""Pages for every reader: a table's round by keyboard alone, and the table scorer's
pages, the results pages and the room display reflowed at 320 px and at 200% zoom, and
read in forced colours (docs/scorers.md, "By keyboard and screen reader"); an
individual's too (its tablet's pages, the standings by player, a player's card, a
traveller of four players a line, each with its explanations open).

Reflow is the page's own width: ``scrollWidth`` never more than the window's, at 320 px
and at a laptop's 1280 px zoomed to 200% (a 640 px window drawn at twice the pixels,
which is what the browser's zoom does to the layout).  Forced colours are Playwright's
media emulation (Windows' high-contrast themes); axe-core is run on every page in each.
"""

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Result, Seating
from tournament.services import Actor, Entry, deals, display, tablets

from ..factories import make_event
from .axe import page_problems
from .conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# What has the keyboard's focus, and whether a focus ring is drawn round it (on a
# chip, the ring is the chip's face beside the hidden radio).
FOCUSED = """() => {
  const e = document.activeElement;
  const face = e.matches("label.chip input") ? e.nextElementSibling : e;
  const style = getComputedStyle(face);
  return {
    tag: e.tagName, name: e.name || "", value: e.value || "", checked: !!e.checked,
    text: (e.innerText || e.value || "").trim().slice(0, 80),
    ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
  };
}"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def tab_to(page, wanted, limit: int = 120) -> dict:
    """Press Tab until the focus is on what ``wanted`` accepts; every stop shows its ring."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        assert now["ring"], f"no focus ring on {now}"
        if wanted(now):
            return now
    raise AssertionError("Tab never reached it")


def press_on(page, text: str) -> None:
    """Tab to the link or button that says ``text``, and press Enter."""
    tab_to(page, lambda f: f["tag"] in ("A", "BUTTON") and text in f["text"])
    page.keyboard.press("Enter")


def choose(page, name: str, value: str) -> None:
    """Tab into a group of radios (a row of chips) and arrow along it to ``value``."""
    now = tab_to(page, lambda f: f["name"] == name)
    for _ in range(80):
        if now["value"] == value:
            if not now["checked"]:
                page.keyboard.press("Space")
            assert page.is_checked(f"input[name='{name}'][value='{value}']")
            return
        page.keyboard.press("ArrowRight")
        now = focused(page)
    raise AssertionError(f"no {name} {value} in the group")


def _round_one(event, leave_out: tuple[int, int] | None = None) -> None:
    """The other tables of round 1 and round 2's table 3 have scored, so table 1's
    boards are compared with something; ``leave_out``: a (board, table) still to enter."""
    for board, rnd, table, entry in [
        (3, 1, 2, Entry("2S", "E", 8)),
        (4, 1, 2, Entry("1NT", "N", 7)),
        (5, 1, 3, Entry("4H", "S", 10)),
        (6, 1, 3, Entry("3C", "W", 9)),
        (1, 2, 3, Entry("2H", "S", 8)),
        (2, 2, 3, Entry("4S", "E", 9)),
    ]:
        if (board, table) == leave_out:
            continue
        services.enter_result(
            event,
            board_number=board,
            round_no=rnd,
            table=table,
            entry=entry,
            by=Actor.tablet(table),
            confirmed=True,
        )


def test_a_tables_round_by_keyboard_alone_at_390_px(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director)
    _round_one(event)
    display.start_timer(event, 20, by=Actor.director(director))
    link = tablets.link_for(event, 1)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{link.token}/")
    # The clock is a timer whose face is not read out every second, and whose words
    # ("Two minutes left") are spoken when they change.
    clock = page.locator("[data-timer]")
    assert clock.get_attribute("role") == "timer"
    assert clock.locator(".clock-face").get_attribute("aria-live") == "off"
    assert clock.locator(".clock-note").get_attribute("aria-live") == "polite"

    for number, bid, declarer, tricks, honours in (
        (1, "2H", "S", "8", "trumps:NS-3"),
        (2, "4S", "E", "10", "trumps:EW-4"),
    ):
        if number == 1:
            press_on(page, "Board 1")
        else:
            press_on(page, "Next: board 2")
        page.wait_for_selector(f"h1:has-text('Board {number}')")
        choose(page, "bid", bid)
        choose(page, "declarer", declarer)
        choose(page, "tricks", tricks)
        choose(page, "honours", honours)
        press_on(page, "Score it")
        page.wait_for_selector("text=Hand the tablet to the opponents")
        if number == 1:
            shots(page, "keyboard-confirm-390")
        press_on(page, "Opponents: we agree")
        # The opponents' agreement is a status a screen reader speaks on arrival.
        agreed = page.locator("[role=status][data-announce]")
        agreed.wait_for()
        page.wait_for_function(
            "() => document.querySelector('[data-announce]').textContent.includes('Agreed')"
        )
        assert agreed.inner_text() == "Agreed by both sides."
    press_on(page, "Back to the round")
    page.wait_for_selector("h1:has-text('Round 1')")
    press_on(page, "Round agreed")
    page.wait_for_selector("text=Round 1 agreed")
    shots(page, "keyboard-next-move-390")
    context.close()
    live = Result.objects.filter(event=event, round=1, table=1, is_live=True)
    # Board 1: 2H by S made, 8 tricks: 2 x 8 = 16 (under 30: no premium, Duplicate
    # Law A) + NS simple honours 2 x 8 = 16: NS +32.  Board 2: 4S by E made: 4 x 9 = 36
    # + 125 premium + four honours split 4 x 9 = 36: NS -197.
    assert sorted(live.values_list("net_ns", flat=True)) == [-197, 32]
    assert all(r.confirmed for r in live)
    assert Seating.objects.get(event=event, round=1, table=1).agreed_at is not None


def _evening(director):
    """Round 1 played and agreed everywhere, board 1's line at table 1 corrected after
    publication (so the traveller and the score card carry a record), the timer running."""
    event = make_event(director)
    _round_one(event, leave_out=(6, 3))
    for board, entry in ((1, Entry("2H", "S", 8)), (2, Entry("4S", "E", 10))):
        services.enter_result(
            event,
            board_number=board,
            round_no=1,
            table=1,
            entry=entry,
            by=Actor.tablet(1),
            confirmed=True,
        )
    by = Actor.director(director)
    for rnd, table, board in ((3, 2, 1), (3, 2, 2)):
        services.enter_result(
            event,
            board_number=board,
            round_no=rnd,
            table=table,
            entry=Entry("1NT", "W", 7),
            by=by,
            confirmed=True,
        )
    first = services.live_result(event, 1, 1, 1)
    services.correct_result(
        first, entry=Entry("2H", "S", 9), by=Actor.director(director, "a trick miscounted")
    )
    services.set_published(event, True, by=by)
    display.start_timer(event, 20, by=by)
    return event


def _reader_pages(event, director) -> dict[str, tuple[str, bool]]:
    """Every page the issue names, by name: (its address, whether it is the phone's)."""
    link = tablets.link_for(event, 2)
    confirm = Result.objects.get(event=event, round=1, table=2, board__number=3, is_live=True)
    token = display.display_link(event, by=Actor.director(director))
    pair = Seating.objects.get(event=event, round=1, table=1).ns.label
    return {
        "scorer-round": (f"/t/{link.token}/", True),
        "scorer-board": (f"/t/{tablets.link_for(event, 3).token}/boards/6/", True),
        "scorer-result": (f"/t/{link.token}/results/{confirm.pk}/", True),
        "standings": (f"/events/{event.pk}/", False),
        "traveller": (f"/events/{event.pk}/boards/1/", False),
        "score-card": (f"/events/{event.pk}/pairs/{pair}/", False),
        "room-display": (f"/display/{token}/", False),
    }


def _individual(director):
    """A 12-player individual (individual-12-r7): round 1's boards played at every table
    but board 2 at table 3, board 1's line at table 1 corrected after publication (so
    the traveller and the players' cards carry a record) and table 1's round agreed (its
    tablet says where each player goes next), the boards dealt and solved (each card's
    board against par)."""
    event = make_event(
        director,
        form="individual",
        movement_name="individual-12-r7",
        tables=0,
        boards_per_round=2,
        individual_names={"7": "Ada Alden", "1": "Ben Brewster", "12": "Cora Carrow"},
    )
    by = Actor.director(director)
    deals.deal_event(event, seed="every reader", by=by)
    for board, table, entry in [
        (1, 1, Entry("4H", "S", 10)),
        (1, 2, Entry("4H", "S", 8)),
        (1, 3, Entry("4H", "S", 9)),
        (2, 1, Entry("2S", "N", 8)),
        (2, 2, Entry("1NT", "E", 7)),
    ]:
        services.enter_result(
            event,
            board_number=board,
            round_no=1,
            table=table,
            entry=entry,
            by=Actor.tablet(table),
            confirmed=True,
        )
    services.agree_round(Seating.objects.get(event=event, round=1, table=1), by=Actor.tablet(1))
    first = services.live_result(event, 1, 1, 1)
    services.correct_result(
        first, entry=Entry("4H", "S", 9), by=Actor.director(director, "a trick miscounted")
    )
    services.set_published(event, True, by=by)
    return event


def _individual_pages(event, director) -> dict[str, tuple[str, bool]]:
    """An individual's pages for every reader, by name: (its address, the phone's?)."""
    link = tablets.link_for(event, 2)
    confirm = Result.objects.get(event=event, round=1, table=2, board__number=2, is_live=True)
    return {
        "individual-scorer-round": (f"/t/{link.token}/", True),
        "individual-scorer-board": (f"/t/{tablets.link_for(event, 3).token}/boards/2/", True),
        "individual-scorer-result": (f"/t/{link.token}/results/{confirm.pk}/", True),
        "individual-scorer-next": (f"/t/{tablets.link_for(event, 1).token}/rounds/1/next/", True),
        "individual-standings": (f"/events/{event.pk}/", False),
        "individual-traveller": (f"/events/{event.pk}/boards/1/", False),
        "individual-player-card": (f"/events/{event.pk}/players/7/", False),
    }


def _open_explanations(page) -> None:
    """Open every visible "how" and "field" disclosure, so the check reads them open."""
    page.evaluate(
        "() => document.querySelectorAll('details').forEach(d => {"
        " if (d.offsetParent !== null) d.open = true; })"
    )


# (name, the browser's options, the window's width the page must fit)
VIEWS = [
    ("320", {"viewport": {"width": 320, "height": 640}, "is_mobile": True, "has_touch": True}, 320),
    ("1280-at-200", {"viewport": {"width": 640, "height": 450}, "device_scale_factor": 2}, 640),
]
EVENINGS = {"pairs": (_evening, _reader_pages), "individual": (_individual, _individual_pages)}


@pytest.mark.parametrize("evening", list(EVENINGS))
@pytest.mark.parametrize(("view", "options", "width"), VIEWS, ids=[v[0] for v in VIEWS])
def test_every_readers_page_reflows(live_server, browser, shots, view, options, width, evening):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    build, pages = EVENINGS[evening]
    event = build(director)
    problems = []
    context = browser.new_context(**options)
    page = context.new_page()
    for name, (url, _phone) in pages(event, director).items():
        response = page.goto(live_server.url + url)
        assert response is not None and response.status == 200, (name, url)
        _open_explanations(page)
        problems += page_problems(page, name, width)
        if name == "traveller" and view == "320":  # the docs' picture of the record
            shots(page.locator("section.record"), "traveller-record-320")
        if name == "room-display":  # a timer: its face not read out every second
            assert page.get_attribute("[data-timer]", "role") == "timer"
            assert page.get_attribute(".clock-face", "aria-live") == "off"
        if name == "individual-player-card":  # his evening, the field and the record
            assert "above average" in page.inner_text("p.evening-summary")
            assert page.locator("section.record").is_visible()
        shots(page, f"reflow-{name}-{view}")
    context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("evening", list(EVENINGS))
def test_every_readers_page_in_forced_colours(live_server, browser, shots, evening):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    build, pages = EVENINGS[evening]
    event = build(director)
    problems = []
    for name, (url, phone) in pages(event, director).items():
        width = 390 if phone else 1280
        options = PHONE if phone else {"viewport": {"width": 1280, "height": 900}}
        context = browser.new_context(**options)
        page = context.new_page()
        page.emulate_media(forced_colors="active")
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        page.goto(live_server.url + url)
        _open_explanations(page)
        problems += page_problems(page, name, width)
        if name == "scorer-board":
            # A chosen chip still looks chosen when the theme repaints every background.
            page.click("label:has(input[name=bid][value='3H'])")
            chosen, other = (
                page.evaluate(
                    "v => getComputedStyle(document.querySelector("
                    "`input[name=bid][value='${v}'] + span`)).backgroundColor",
                    v,
                )
                for v in ("3H", "4H")
            )
            assert chosen != other, (chosen, other)
            shots(page.locator("fieldset.contract"), "scorer-contract-forced-colours-390")
        shots(page, f"forced-colours-{name}-{width}")
        context.close()
    assert problems == [], "\n".join(problems)


def test_an_individuals_pages_by_keyboard_alone_at_390_px(live_server, browser, shots):
    """Table 3's tablet enters its board by keyboard alone; then a player's card and a
    traveller open their explanations from the keyboard, every stop with its ring."""
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = _individual(director)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tablets.link_for(event, 3).token}/")
    press_on(page, "Board 2")
    page.wait_for_selector("h1:has-text('Board 2')")
    choose(page, "bid", "4S")
    choose(page, "declarer", "E")
    choose(page, "tricks", "10")  # the honours come from the hand record (dealt)
    press_on(page, "Score it")
    page.wait_for_selector("text=Hand the tablet to the opponents")
    press_on(page, "Opponents: we agree")
    page.wait_for_function(
        "() => document.querySelector('[data-announce]').textContent.includes('Agreed')"
    )
    live = Result.objects.get(event=event, round=1, table=3, board__number=2, is_live=True)
    assert live.confirmed and live.contract == "4S" and live.declarer == "E"
    for url, summary, said in (
        (f"/events/{event.pk}/players/7/", "field", "The field: best "),
        (f"/events/{event.pk}/boards/1/", "how", "For the players: North "),
        (f"/events/{event.pk}/", "how", "The sum of his scores against the average on his "),
    ):
        page.goto(live_server.url + url)
        tab_to(page, lambda f, s=summary: f["tag"] == "SUMMARY" and f["text"].startswith(s))
        page.keyboard.press("Enter")
        opened = page.locator("details[open] p.how").first
        assert said in opened.inner_text(), (url, opened.inner_text())
    shots(page, "individual-standings-keyboard-390")
    context.close()
