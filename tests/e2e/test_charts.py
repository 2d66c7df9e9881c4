"""The traveller's score-spread chart in a real browser, at a laptop's and a phone's width
(issue 19): it fits the page, has its name for a screen reader, and is photographed."""

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
