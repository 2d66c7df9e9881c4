"""The director's correction form and a Law B traveller line at a laptop's and a phone's
width: the honours answer never cut off, and the Law B line never a tall narrow column
on the phone."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournament import services
from tournament.services import Actor

from ..factories import enter, make_event
from .axe import no_axe_violations, violations
from .conftest import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONGEST = "North-South: four honours in one hand, the fifth with the opponents"


def _log_in(browser, live_server, width):
    return log_in(browser, live_server, width, "whist-club-1915")


# How the select shows its chosen answer: the lines it needs (the answer's width in the
# select's own font over the room inside it) and the height it has for them.
MEASURE = """select => {
    const style = getComputedStyle(select);
    const canvas = document.createElement("canvas").getContext("2d");
    canvas.font = style.font;
    const text = canvas.measureText(select.selectedOptions[0].textContent).width;
    const inside = select.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight) - 20;  // the arrow
    const wraps = style.appearance === "base-select" && style.whiteSpace === "normal";
    const lineHeight = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    return {
        text, inside, wraps,
        lines: Math.ceil(text / inside),
        height: select.getBoundingClientRect().height,
        lineHeight,
        right: select.getBoundingClientRect().right,
    };
}"""


def test_the_correction_forms_honours_answer_reads_in_full(live_server, browser, shots):
    """The honours select was capped at 12rem: "North-South: four honours in one hand, the
    fifth with the opponents" read "North-South: all five" at 1280 px and 390 px.  At a
    laptop's width it is as wide as its longest answer; on a phone it is the screen's
    width and the answer wraps onto a second line."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Club evening")  # no hand record: the honours are asked
    result = enter(event, 1, 1, 1, "4H N 10", honours={"N": 4, "E": 1})
    for width in (1280, 390):
        context, page = _log_in(browser, live_server, width)
        page.goto(f"{live_server.url}/director/events/{event.pk}/results/{result.pk}/")
        honours = page.locator("#id_honours")
        assert honours.evaluate("s => s.selectedOptions[0].textContent") == LONGEST
        m = honours.evaluate(MEASURE)
        if width == 1280:
            assert m["text"] <= m["inside"], m  # one line, in full
        else:
            assert m["right"] <= width, m  # on the screen
            assert m["text"] <= m["inside"] or (
                m["wraps"] and m["height"] >= m["lines"] * m["lineHeight"]
            ), m
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert not violations(page)
        shots(page, f"director-correction-{width}")
        context.close()


# Each row of the traveller as the browser lays it out: shown or not, its height, whether
# its Law B cell (in the trick and honour columns) or its own explanation row is shown.
ROWS = """[...document.querySelectorAll('table.traveller tbody tr')].map(r => ({
    shown: r.getClientRects().length > 0,
    height: r.getBoundingClientRect().height,
    lawB: [...r.querySelectorAll('td.law-b')].some(c => c.getClientRects().length > 0),
    note: r.classList.contains('phone-only'),
    text: r.innerText,
}))"""
# Whether the table fits its box (no sideways scrolling inside it).
FITS = """(() => {
    const t = document.querySelector('table.traveller');
    return t.scrollWidth <= t.clientWidth;
})()"""


def _law_b_board(td):
    event = make_event(td, name="Club evening", tables=4)
    for s in event.seating_set.filter(first_board=1):
        if s.round == 1:  # a revoke, whose note ("EW revoke") sits with the tricks
            enter(event, 1, 1, s.table, "3D S 9", revokes_ew=1, revoke_penalty="points")
        elif s.round != 3:
            enter(event, 1, s.round, s.table, "3D S 9")
    third = event.seating_set.get(first_board=1, round=3)
    services.apply_irregular(
        event,
        board_number=1,
        round_no=3,
        table=third.table,
        discovered="after-overplay",
        short_hand="S",
        surplus_with="partner",
        by=Actor.director(td, "South held 12 cards"),
    )
    return event


def test_a_law_b_line_on_the_directors_traveller_is_compact_on_a_phone(live_server, browser, shots):
    """At 390 px the Law B line's explanation filled an 18rem column five lines deep, a row
    four times the others' height, and later a 32rem cell the phone scrolled sideways to
    read.  On a phone the traveller now leaves out the trick and honour columns, where
    that explanation sat, and gives it a row of its own under the line: the whole
    traveller fits the screen.  At a laptop's width it sits in those columns as before."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = _law_b_board(td)
    url = f"{live_server.url}/director/events/{event.pk}/boards/1/"
    context, page = _log_in(browser, live_server, 390)
    page.goto(url)
    rows = page.evaluate(ROWS)
    # Under each line on a phone, its own row: the Law B line's explanation, and every
    # line's "how" its comparison was reached.
    notes = [r for r in rows if r["note"] and r["shown"] and "Artificial score" in r["text"]]
    lines = [r for r in rows if not r["note"]]
    assert len(notes) == 1, rows
    assert not any(r["lawB"] for r in rows), rows  # the cell in the hidden columns
    assert len(lines) == event.seating_set.filter(first_board=1).count()
    assert notes[0]["height"] <= 8 * 20, rows  # a few lines of small type across the screen
    assert page.evaluate(FITS)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not violations(page)
    shots(page, "director-traveller-law-b-390")
    context.close()
    context, page = _log_in(browser, live_server, 1280)
    page.goto(url)
    rows = page.evaluate(ROWS)
    assert [r for r in rows if r["lawB"]] and not [r for r in rows if r["note"] and r["shown"]]
    assert page.locator("table.traveller th", has_text="NS trick").is_visible()
    shots(page, "director-traveller-law-b-1280")
    context.close()


def test_the_public_traveller_fits_a_phone(live_server, browser, shots):
    """At 390 px a player must not have to scroll the traveller sideways to reach the net
    score and what each side earned: on a phone those are on the screen, declarer
    beside the contract ("3D S"); at a laptop's width every column is there."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = _law_b_board(td)
    event.published = True
    event.save(update_fields=["published"])
    url = f"{live_server.url}/events/{event.pk}/boards/1/"
    for width, columns in ((390, 8), (1280, 15)):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(url)
        heads = page.locator("table.traveller thead th")
        shown = [h.inner_text().strip() for h in heads.all() if h.is_visible()]
        assert len(shown) == columns, shown
        assert page.evaluate(FITS), width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 390:
            assert shown[:2] == ["NS", "EW"] and "±" in shown[5], shown
            assert page.locator("table.traveller td", has_text="3D S").first.is_visible()
            # The revoke's note goes under the tricks (on one line it is too wide).
            assert page.locator("table.traveller .revoke-note").first.is_visible()
        no_axe_violations(page)
        shots(page, f"traveller-law-b-{width}")
        context.close()


def test_a_matchpointed_traveller_with_a_revoke_fits_a_phone(live_server, browser, shots):
    """A matchpointed board whose line carries "(EW revoke)" fits a 390 px phone, its
    "why" links included: the note wraps under the tricks."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Tuesday pairs", tables=3, method="matchpoints")
    lines = {1: ("2H S 8", {}), 2: ("4H E 10", {})}
    lines[3] = ("3NT S 9", {"revokes_ew": 1, "revoke_penalty": "points"})
    for s in event.seating_set.filter(first_board=1):
        line, fields = lines[s.round]
        enter(event, 1, s.round, s.table, line, **fields)
    event.published = True
    event.save(update_fields=["published"])
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.pk}/boards/1/")
    assert page.locator("table.traveller .revoke-note").is_visible()
    assert page.evaluate(FITS), page.evaluate(
        "(() => { const t = document.querySelector('table.traveller');"
        " return [t.scrollWidth, t.clientWidth]; })()"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shots(page, "traveller-revoke-mp-390")
    context.close()


def test_a_pairs_score_card_fits_a_phone(live_server, browser, shots):
    """At 390 px the score card fits the screen, its opponents, contract and scores on it.
    On a phone: board, seat, opponents, the contract with
    declarer and tricks, our net and the score; every column at a laptop's width, with
    the board against the field."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Tuesday pairs", tables=3, method="matchpoints")
    for s in event.seating_set.all():
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, "3NT S 9", revokes_ew=1, revoke_penalty="points")
    event.published = True
    event.save(update_fields=["published"])
    for width, columns in ((390, 6), (1280, 11)):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{event.pk}/pairs/1/")
        heads = page.locator("table.scorecard thead th")
        shown = [h.inner_text().strip() for h in heads.all() if h.is_visible()]
        assert len(shown) == columns, shown
        table = page.locator("table.scorecard").locator("xpath=..")
        assert table.evaluate("e => e.scrollWidth <= e.clientWidth"), table.evaluate(
            "e => [e.scrollWidth, e.clientWidth]"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 390:
            assert shown[-2:] == ["Our net", "MP"], shown
            cell = page.locator("table.scorecard tbody td", has_text="3NT").first
            assert "3NT by S, 9 tricks (EW revoke)" in cell.inner_text()
        else:  # the revoke is said at any width, as on the traveller
            assert page.locator("table.scorecard .revoke-note").first.is_visible()
        no_axe_violations(page)
        shots(page, f"score-card-{width}")
        context.close()


def test_the_progress_grid_fits_a_laptop_and_closing_names_unagreed_scores(
    live_server, browser, shots
):
    """With five tables the round-by-table grid fits the page at 1280 px, its "Close
    round" buttons included; and closing a round says that scores the opponents have not
    yet agreed will be agreed by it."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Tuesday pairs", tables=5)
    for table in range(1, 6):
        first = 2 * table - 1
        enter(event, first, 1, table, "4H S 10", confirmed=True)
        enter(event, first + 1, 1, table, "3NT N 9", confirmed=table != 5)
    event.seating_set.filter(round=1, table__lt=5).update(agreed_at=timezone.now())
    event.seating_set.filter(round=2, table=5).update(absent=True)
    context, page = _log_in(browser, live_server, 1280)
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    grid = page.locator("table.progress").locator("xpath=..")
    fits = grid.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert fits, grid.evaluate("e => [e.scrollWidth, e.clientWidth]")
    close = page.locator("button:has-text('Close round 1')")
    box = close.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1280
    message = close.locator("xpath=..").get_attribute("data-confirm")
    assert "Not yet agreed by the opponents: table 5 (1 board); closing agrees it" in message
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    shots(page, "director-progress-1280")
    context.close()
