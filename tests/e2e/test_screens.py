"""Every page of the director and the players at a laptop's and a phone's width.

The page itself never scrolls sideways (wide tables scroll inside
their box), and axe-core finds no WCAG 2.2 A/AA violation (labels, contrast,
target sizes, names of controls) on any of them.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.factories import make_contest
from tournament import deals, services, tablets
from tournament.models import Result
from tournament.services import Actor

from ..factories import enter, make_event
from .axe import no_axe_violations, page_problems, violations
from .conftest import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTHS = (1280, 390)


def _evening():
    """A 1913 Mitchell half played (with its hands dealt, a Law B score and a revoke)
    and a Royalton team match, as a director has them at the break."""
    td = get_user_model().objects.create_user("td", password="whist-club-1913")
    by = Actor.director(td)
    pairs = make_event(td, name="Tuesday pairs", code="1913", method="matchpoints")
    deals.deal_event(pairs, seed="screens", by=by)
    for board, table in ((1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)):
        enter(pairs, board, 1, table, "2H N 8", confirmed=True)
    enter(pairs, 1, 3, 2, "1NT W 8", revokes_ns=1, revoke_penalty="points")
    services.apply_irregular(
        pairs,
        board_number=1,
        round_no=2,
        table=3,
        discovered="after-overplay",
        short_hand="S",
        surplus_with="partner",
        by=Actor.director(td, "South held 12 cards"),
    )
    services.set_published(pairs, True, by=by)
    teams = make_event(
        td,
        name="Royalton match",
        code="royalton",
        form="teams",
        movement="teams",
        tables=3,
        team_names={"A": "Hawks", "B": "Owls"},
    )
    for s in teams.seating_set.all():
        if 1 in s.board_numbers:  # board 1 at every table, in turn
            enter(teams, 1, s.round, s.table, "3NT N 9" if s.table != 2 else "3NT N 7")
    services.set_published(teams, True, by=by)
    return pairs, teams


def _pages(pairs, teams):
    result = Result.objects.filter(event=pairs).live().exclude(adjusted="").first()
    return {
        "events": "/director/",
        "new-event": "/director/events/new/",
        "panel": f"/director/events/{pairs.pk}/",
        "panel-teams": f"/director/events/{teams.pk}/",
        "traveller-entry": f"/director/events/{pairs.pk}/boards/2/",
        "correction": f"/director/events/{pairs.pk}/results/{result.pk}/",
        "law-b": f"/director/events/{pairs.pk}/boards/1/irregular/",
        "players": f"/director/events/{pairs.pk}/players/",
        "links": f"/director/events/{pairs.pk}/links/",
        "guide-cards": f"/director/events/{pairs.pk}/guide-cards/",
        "table-cards": f"/director/events/{pairs.pk}/table-cards/",
        "deals": f"/director/events/{pairs.pk}/deals/",
        "audit": f"/director/events/{pairs.pk}/audit/",
        "standings": f"/events/{pairs.pk}/",
        "standings-teams": f"/events/{teams.pk}/",
        "traveller": f"/events/{pairs.pk}/boards/1/",
        "traveller-teams": f"/events/{teams.pk}/boards/1/",
        "score-card": f"/events/{pairs.pk}/pairs/1/",
        "hand-records": f"/events/{pairs.pk}/hand-records/",
        "movements": "/movements/",
        "calculator": "/calculator/",
    }


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_and_passes_axe(live_server, browser, shots, width):
    pairs, teams = _evening()
    problems = []
    context, page = log_in(browser, live_server, width, "whist-club-1913")
    for name, url in _pages(pairs, teams).items():
        response = page.goto(live_server.url + url)
        assert response is not None and response.status == 200, (name, url)
        problems += page_problems(page, name, width)
        if name in ("panel", "traveller-entry", "new-event", "traveller-teams"):
            shots(page, f"director-{name}-{width}")
    context.close()
    assert not problems, "\n".join(problems)


def test_room_display_timer_counts_down_and_warns(live_server, browser, shots):
    pairs, _ = _evening()
    td = pairs.owner
    from tournament.services import display

    token = display.display_link(pairs, by=Actor.director(td))
    display.start_timer(pairs, 3, by=Actor.director(td))
    display.show_standings(pairs, True, by=Actor.director(td))
    tablets.call_director(pairs, 2, 2)
    for width, height in ((1280, 800), (390, 844)):
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(f"{live_server.url}/display/{token}/")
        face = page.locator(".clock-face")
        first = face.inner_text()
        page.wait_for_function(
            "t => document.querySelector('.clock-face').textContent !== t", arg=first
        )
        assert face.inner_text() < first  # "2:58" after "2:59": counting down
        assert "Table 2 calls the director" in page.inner_text("main")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        no_axe_violations(page)
        shots(page, f"room-display-{width}")
        page.close()
    # Two minutes taken off: 0:5x left, the warning shows within a refresh (5 s).
    display.add_minutes(pairs, -2, by=Actor.director(td))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/display/{token}/")
    page.wait_for_selector(".clock-warning")
    assert "Two minutes left" in page.inner_text(".clock-note")
    shots(page, "room-display-warning")
    page.close()


def test_traveller_after_a_board_on_a_tablet(live_server, browser, shots):
    pairs, _ = _evening()
    # Table 1 agrees round 1 and plays board 3 in round 2; table 2 played it in round 1.
    link = tablets.link_for(pairs, 1)
    services.agree_round(pairs.seating_set.get(round=1, table=1), by=Actor.tablet(1))
    mine = enter(pairs, 3, 2, 1, "4S E 10", by=Actor.tablet(1))
    services.confirm_result(mine, by=Actor.tablet(1))
    for width in WIDTHS:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(f"{live_server.url}/t/{link.token}/results/{mine.pk}/")
        text = page.inner_text("table.so-far")
        assert "(you)" in text and "2H by N, 8 tricks" in text  # table 2 played it in round 1
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        no_axe_violations(page)
        shots(page, f"scorer-so-far-{width}")
        page.close()


def test_the_new_pages_fit_and_pass_axe(live_server, browser, shots):
    """The other pages: adjusted scores, late pairs and withdrawals, a team event
    of many teams, sections and sessions, a big file's progress; at both widths."""
    import datetime

    td = get_user_model().objects.create_user("td", password="whist-club-1913")
    by = Actor.director(td)
    pairs = make_event(td, name="Friday pairs", pairs_count=5)
    enter(pairs, 1, 1, 1, "4H S 10", confirmed=True)
    services.adjust_score(
        pairs,
        board_number=1,
        round_no=2,
        table=3,
        adjusted="plus/minus",
        by=Actor.director(td, "slow play"),
    )
    services.add_late_pair(pairs, 2, names=["Mrs. Late", "Mr. Late"], by=by)
    services.set_published(pairs, True, by=by)
    league = services.create_league(
        td,
        name="Winter league",
        date=datetime.date(1915, 1, 5),
        teams=["Hawks", "Owls", "Larks"],
        pairs_per_team=2,
        boards_per_round=1,
        draw="round-robin",
    )
    league.published = True
    league.save()
    contest = make_contest(td, name="Championship")
    contest.published = True
    contest.save()
    pages = {
        "adjust": f"/director/events/{pairs.pk}/boards/1/adjust/",
        "field": f"/director/events/{pairs.pk}/field/",
        "traveller-adjusted": f"/events/{pairs.pk}/boards/1/",
        "league-new": "/director/leagues/new/",
        "league": f"/director/leagues/{league.pk}/",
        "league-public": f"/leagues/{league.pk}/",
        "contest-new": "/director/contests/new/",
        "contest": f"/director/contests/{contest.pk}/",
        "contest-public": f"/contests/{contest.pk}/",
        "export": f"/director/events/{pairs.pk}/exports/",
    }
    problems = []
    for width in WIDTHS:
        context, page = log_in(browser, live_server, width, "whist-club-1913")
        for name, url in pages.items():
            response = page.goto(live_server.url + url)
            assert response is not None and response.status == 200, (name, url)
            problems += page_problems(page, name, width)
            if name in ("adjust", "league", "contest"):
                shots(page, f"director-{name}-{width}")
        context.close()
    assert not problems, "\n".join(problems)


def test_a_standings_page_of_pages_fits_and_passes_axe(live_server, browser, shots, monkeypatch):
    """A big field's standings, a page at a time: the page buttons are named,
    big enough to tap, the current one marked, at a laptop's and a phone's width."""
    from tournament.views import events

    monkeypatch.setattr(events, "STANDINGS_PAGE", 2)  # 3 pairs a field: two pages
    pairs, _teams = _evening()
    problems = []
    for width in WIDTHS:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(f"{live_server.url}/events/{pairs.pk}/?NS-page=2")
        nav = page.locator("nav.pages").first
        assert "Pairs 3–3 of 3" in nav.inner_text()
        assert nav.locator("[aria-current=page]").inner_text() == "2"
        box = nav.locator("a").first.bounding_box()
        assert box is not None and box["height"] >= 40 and box["width"] >= 40
        nav.locator("a", has_text="Previous").click()
        page.wait_for_url("**NS-page=1**")
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append(f"standings pages at {width} px scroll sideways")
        problems += [f"axe {v['id']} at {width} px" for v in violations(page)]
        shots(page, f"standings-pages-{width}")
        page.close()
    assert not problems, "\n".join(problems)


def test_a_long_traveller_a_page_at_a_time_fits_and_passes_axe(
    live_server, browser, shots, monkeypatch
):
    """A board of more lines than a page: its summary and its chart of every line above
    the page of lines, the page buttons above and below named, big enough to tap, the
    current one marked, at a laptop's and a phone's width."""
    from tournament.views import events

    monkeypatch.setattr(events, "TRAVELLER_PAGE", 2)  # board 1's 3 lines: two pages
    pairs, _teams = _evening()
    problems = []
    for width in WIDTHS:
        context, page = log_in(browser, live_server, width, "whist-club-1913")
        page.goto(f"{live_server.url}/events/{pairs.pk}/boards/1/?page=2")
        navs = page.locator("nav.pages")
        assert navs.count() == 2  # above and below the lines
        nav = navs.first
        assert "Lines 3–3 of 3" in nav.inner_text()
        assert nav.locator("[aria-current=page]").inner_text() == "2"
        box = nav.locator("a").first.bounding_box()
        assert box is not None and box["height"] >= 40 and box["width"] >= 40
        chart = page.locator("figure.chart-spread").bounding_box()
        table = page.locator("table.traveller").bounding_box()
        assert chart is not None and table is not None and chart["y"] < table["y"]
        assert "has 3 lines, shown 2 a page" in page.inner_text("main")
        nav.locator("a", has_text="Previous").click()
        page.wait_for_url("**page=1**")
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append(f"traveller pages at {width} px scroll sideways")
        problems += [f"axe {v['id']} at {width} px" for v in violations(page)]
        shots(page, f"traveller-pages-{width}")
        context.close()
    assert not problems, "\n".join(problems)


# The standings table as the browser lays it out: its box, what it would scroll, and where
# each visible column's heading ends.
STANDINGS = """(() => {
    const t = document.querySelector('table.standings');
    const heads = [...t.querySelectorAll('thead th')].filter(h => h.getClientRects().length);
    return {
        scroll: t.scrollWidth, client: t.clientWidth,
        heads: heads.map(h => {
            const abbr = h.querySelector('abbr');  // an abbreviated heading: its full name
            const name = abbr && abbr.getClientRects().length ? abbr.title : h.innerText.trim();
            return [name, h.getBoundingClientRect().right];
        }),
    };
})()"""


@pytest.mark.parametrize("method", ["total", "matchpoints"])
def test_the_standings_score_is_on_a_phones_screen(live_server, browser, shots, method):
    """At 390 px the public standings must not show Rank, Pair and Players with the score
    off the screen in a box that scrolls sideways with nothing to say so.  On a phone a
    player sees rank, pair and score (and percent and boards) without
    scrolling; the players' names wrap.  At a laptop's width every column is there."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Tuesday pairs", method=method, tables=5)
    lines = ("4HX S 11", "3NT N 7", "2S E 9", "1NT W 8", "7NT N 13", "PASS")
    for s in event.seating_set.all():
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, lines[(board * s.table) % 6], confirmed=True)
    services.set_player_names(
        event,
        {"1": ["Mrs. Marguerite Fotheringay-Phipps", "Colonel Archibald Montmorency"]},
        by=Actor.director(td),
    )
    services.set_published(event, True, by=Actor.director(td))
    score = "Matchpoints" if method == "matchpoints" else "Score"
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{event.pk}/")
        shots(page, f"standings-{method}-{width}")
        m = page.evaluate(STANDINGS)
        heads = dict(m["heads"])
        assert {"Rank", "Pair", score, "Boards"} <= heads.keys(), m
        assert heads[score] <= width, m  # the score on the screen, not off it
        assert m["scroll"] <= m["client"], m  # nothing to scroll sideways inside the box
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if method == "matchpoints":
            assert heads["Percent"] <= width, m
        no_axe_violations(page)
        context.close()


def test_the_new_event_form_shows_the_mitchells_options_for_a_mitchell_only(
    live_server, browser, shots
):
    """With a Howell chosen, "Even Mitchell" and "Arrow switch" do not show: they show
    for a Mitchell pair contest only; the pairs count (a sit-out) for
    a Mitchell or a Howell, not a team match (showwhen.js, EventForm.SHOW_WHEN)."""
    get_user_model().objects.create_user("td", password="whist-club-1913")

    def shown(page) -> set[str]:
        names = ("even", "arrow_switch", "pairs_count")
        return {n for n in names if page.locator(f"#id_{n}").is_visible()}

    for width in WIDTHS:
        context, page = log_in(browser, live_server, width, "whist-club-1913")
        page.goto(live_server.url + "/director/events/new/")

        assert shown(page) == {"even", "arrow_switch", "pairs_count"}
        page.check("#id_arrow_switch")
        page.select_option("#id_movement", "howell")
        assert shown(page) == {"pairs_count"}
        assert not page.locator("#id_arrow_switch").is_checked()  # a hidden box is not sent
        no_axe_violations(page)
        shots(page, f"new-event-howell-{width}")
        page.select_option("#id_form", "teams")
        assert shown(page) == set()
        page.select_option("#id_form", "pairs")
        page.select_option("#id_movement", "mitchell")
        assert shown(page) == {"even", "arrow_switch", "pairs_count"}
        context.close()
