"""The traveller's score-spread chart in a real browser, at a laptop's and a phone's width:
it fits the page, has its name for a screen reader, and is photographed."""

import pytest
from django.contrib.auth import get_user_model

from ..factories import event_with_results

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_spread_chart_at_both_widths(live_server, browser, shots):
    td = get_user_model().objects.create_user("td", password="whist-club-1913")
    event = event_with_results(
        td,
        {(1, 1, 1): "4H S 10", (1, 2, 3): "3S N 8", (1, 3, 2): "4H S 10"},
        tables=3,
        name="Tuesday pairs",
    )
    event.published = True
    event.save()
    for width in (1280, 390):
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(f"{live_server.url}/events/{event.pk}/boards/1/")
        chart = page.locator("figure.chart-spread")
        svg = chart.locator("svg")
        assert "Net NS scores:" in (svg.get_attribute("aria-label") or "")
        box = chart.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shots(page, f"chart-spread-{width}")
        page.close()


def test_score_card_traveller_and_hand_record_charts_at_both_widths(live_server, browser, shots):
    """The demo's finished pair contest: a pair's score card (running score, each board),
    a traveller reached from it (its line and bar marked, the average), and the hand
    record's double-dummy grid with the par marked; photographed for the docs."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournament.models import Event

    get_user_model().objects.create_user("demo-td", password="pw-demo-td-1915", is_staff=True)
    call_command("demo", verbosity=0)
    event = Event.objects.get(name__startswith="Demo: Whist")
    for width in (1280, 390):
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(f"{live_server.url}/events/{event.pk}/pairs/3/")
        charts = page.locator("div.charts")
        for name in ("chart-running", "chart-boards"):
            svg = page.locator(f"figure.{name} svg")
            assert (
                "board" in (svg.get_attribute("aria-label") or "").lower()
                or name == "chart-running"
            )
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shots(charts, f"chart-score-card-{width}")
        page.click("table a:text-is('2')")  # board 2's traveller, from the score card
        page.wait_for_url("**/boards/2/?pair=3")
        # The pair's line, and on a phone its "how" row under it: one line of the pair's.
        assert page.locator("tr.ours:not(.phone-only)").count() == 1
        assert "pair 3" in page.locator("figure.chart-spread").inner_text()
        shots(page.locator("figure.chart-spread"), f"chart-traveller-pair-{width}")
        page.goto(f"{live_server.url}/events/{event.pk}/hand-records/")
        grid = page.locator("table.dd-grid").first
        assert grid.locator("td.par-cell").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shots(page.locator("section.hand-record").first, f"chart-dd-grid-{width}")
        page.goto(f"{live_server.url}/events/{event.pk}/")
        places = page.locator("figure.chart-places").first
        assert "scores by place" in places.locator("svg title").text_content()
        shots(places, f"chart-places-{width}")
        teams = Event.objects.get(name__startswith="Demo: team")
        page.goto(f"{live_server.url}/events/{teams.pk}/")
        margin = page.locator("figure.chart-margin")
        assert "Law G" in (margin.locator("svg").get_attribute("aria-label") or "")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shots(margin, f"chart-team-margin-{width}")
        page.close()
