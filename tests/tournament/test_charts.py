"""The traveller's spread chart shows the very figures of the table beside it (issue 19),
and nothing of a board the viewer may not see."""

import re

from django.urls import reverse

from tests.factories import event_with_results


def test_spread_chart_equals_the_traveller_table(client, director):
    event = event_with_results(
        director,
        {(1, 1, 1): "4H S 10", (1, 2, 3): "3S N 8", (1, 3, 2): "4H S 10"},
        tables=3,
    )
    event.published = True
    event.save()
    client.force_login(director)
    r = client.get(reverse("event_traveller", args=[event.pk, 1]))
    lines = r.context["lines"]
    spread = r.context["spread"]
    nets = sorted(tl.result.net_ns for tl in lines)
    charted = sorted(b.score for b in spread.bars for _ in range(b.count))
    assert charted == nets and len(nets) == 3
    page = r.content.decode()
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert 'role="img"' in svg and "<title>" in svg and "<desc>" in svg
    # The score labels under the bars are the table's net scores.
    labels = re.findall(r'text-anchor="middle" font-size="11">(-?\d+)</text>', svg)
    assert sorted({int(x) for x in labels[1::2]}) == sorted(set(nets))


def test_no_chart_for_a_board_still_in_play(client, director):
    event = event_with_results(director, {(1, 1, 1): "4H S 10"}, tables=3)
    event.published = True
    event.save()
    page = client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
    assert "Not yet: this board is still being played." in page
    assert "<svg" not in page and "Spread of net NS" not in page
