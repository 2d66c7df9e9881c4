"""Big pages kept until their event changes (tournament.queries.pagecache;
docs/decisions/big-pages.md): a contest's standings, a long traveller a page at a
time, and a score card that reads only its pair's own lines.

Each kept page must equal the one worked out afresh, show a change at once, and a
repeat view must not read the results again.
"""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_contest
from tournament import services
from tournament.models import Pair, Seating
from tournament.queries import contests, pagecache, score_cards
from tournament.services import Actor

from ..factories import enter, make_event
from .test_pagecache import irregular_event


def _line_reads(queries) -> list[str]:
    """The statements that read results, beyond the stamp's counts."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if "tournament_result" in q["sql"] and "MAX(" not in q["sql"]
    ]


def _contest(director):
    contest = make_contest(director, sessions=2, method="matchpoints")
    for event in contests.parts(contest):
        enter(event, 1, 1, 1, "4H S 10")
        enter(event, 1, 2, 3, "4H S 8")
    services.set_contest_published(contest, True, by=Actor.director(director))
    return contest


# --- The contest page ------------------------------------------------------------------


def test_a_repeat_view_of_a_contest_reads_no_result(director, client):
    contest = _contest(director)
    url = reverse("contest_standings", args=[contest.pk])
    first = client.get(url)
    with CaptureQueriesContext(connection) as queries:
        second = client.get(url)
    assert first.content == second.content and b"Overall" in second.content
    assert _line_reads(queries) == []
    # The kept tables are those worked out afresh.
    cache.clear()
    assert client.get(url).content == second.content


def test_a_contest_page_shows_a_change_at_once(director, client):
    contest = _contest(director)
    url = reverse("contest_standings", args=[contest.pk])
    before = client.get(url).content.decode()
    b1 = contests.parts(contest, 2)[1]
    services.set_player_names(b1, {"1": ["Ann", "Bob"]}, by=Actor.director(director))
    after = client.get(url).content.decode()
    assert "Ann &amp; Bob" in after and "Ann &amp; Bob" not in before
    enter(b1, 1, 3, 2, "3NT N 9")  # a new result moves the session's and overall tables
    again = client.get(url).content.decode()
    assert again != after
    cache.clear()
    assert client.get(url).content.decode() == again
    # The contest's own settings are in its stamp: the sessions carried over anew.
    type(contest).objects.filter(pk=contest.pk).update(carry="average")
    averaged = client.get(url).content  # kept under the old stamp, were it not in it
    cache.clear()
    assert client.get(url).content == averaged


def test_a_change_works_out_again_only_its_own_session(director, client, monkeypatch):
    """During a championship the results arrive in one session: the first view after a
    change compares that session again and takes the others as kept."""
    contest = _contest(director)
    url = reverse("contest_standings", args=[contest.pk])
    client.get(url)
    computed = []
    plain = contests.session_table

    def counted(contest, session):
        computed.append(session)
        return plain(contest, session)

    monkeypatch.setattr(contests, "session_table", counted)
    enter(contests.parts(contest, 2)[0], 1, 3, 2, "3NT N 9")
    page = client.get(url).content
    assert computed == [2]
    cache.clear()
    assert client.get(url).content == page and computed == [2, 1, 2]


def test_a_parts_stamp_is_its_events(director):
    contest = _contest(director)
    events = contests.parts(contest)
    assert pagecache.part_stamps(events) == {e.pk: pagecache.event_stamp(e) for e in events}


def test_the_kept_contest_tables_carry_no_viewers_token(director, client):
    """The share form (a director's, with the viewer's own CSRF token) is around the kept
    tables, never in them: each director's page has a token of their own session."""
    from tournament.views.contests import standings_tables

    contest = _contest(director)
    events = contests.parts(contest)
    kept = standings_tables(contest, events, pagecache.part_stamps(events))
    assert all("csrf" not in html for html in [kept["overall"], *kept["sessions"].values()])
    assert "<h2>Overall</h2>" not in kept["overall"] and "<table>" in kept["overall"]
    client.force_login(director)
    page = client.get(reverse("director_contest", args=[contest.pk])).content.decode()
    assert page.count("Copy section A's hand records") == 2  # each session's share form
    # With log out's, publish's and the overall ranking's switch.
    assert page.count('name="csrfmiddlewaretoken"') == 5
    client.logout()
    public = client.get(reverse("contest_standings", args=[contest.pk])).content.decode()
    assert "csrfmiddlewaretoken" not in public and "Overall" in public


# --- A long traveller --------------------------------------------------------------------


@pytest.fixture
def long_board(director, monkeypatch):
    """Board 1 of a 7-table Mitchell played at every table, a traveller page of 3 lines."""
    from tournament.views import events

    monkeypatch.setattr(events, "TRAVELLER_PAGE", 3)
    event = make_event(director, tables=7, boards_per_round=1, published=True)
    lines = ["4H S 10", "4H S 8", "3NT N 9", "2S E 8", "4H S 9", "1NT N 7", "4H S 10"]
    plays = Seating.objects.filter(event=event).order_by("round", "table")
    played = [s for s in plays if 1 in s.board_numbers]
    for s, line in zip(played, lines, strict=True):
        enter(event, 1, s.round, s.table, line)  # board 1 finished: public
    return event, played


def _traveller(client, event, **params):
    return client.get(reverse("event_traveller", args=[event.pk, 1]), params)


def _rows(html: str) -> int:
    body = re.search(r'<table class="traveller.*?<tbody>(.*?)</tbody>', html, re.S)
    assert body
    # A line's row; on a phone its "how" has a row of its own under it (phone-only).
    return body.group(1).count("<tr") - body.group(1).count('<tr class="phone-only')


def test_a_long_traveller_is_shown_a_page_at_a_time_with_its_chart(long_board, client):
    event, _ = long_board
    page = _traveller(client, event).content.decode()
    assert _rows(page) == 3 and "Lines 1–3 of 7" in page
    assert "Board 1 has 7 lines, shown 3 a page" in page
    # The chart sums up every line, on every page, above the table.
    for number, shown in ((1, 3), (2, 3), (3, 1)):
        html = _traveller(client, event, page=number).content.decode()
        assert _rows(html) == shown
        svg = html[html.index("<svg") : html.index("</svg>")]
        counts = re.findall(r'<text class="halo"[^>]*font-size="11">(\d+)</text>', svg)
        assert sum(int(c) for c in counts) == 7
        assert html.index("<svg") < html.index('<table class="traveller')
    # Any page number, good or bad, is a page, never an error.
    for bad in ("0", "99", "x", "-1", "1" * 30):
        assert _traveller(client, event, page=bad).status_code == 200
    assert _rows(_traveller(client, event, page="99").content.decode()) == 1  # the last


def test_a_pair_from_its_score_card_lands_on_the_page_of_its_line(long_board, client):
    event, played = long_board
    last = played[-1]
    label = Pair.objects.get(pk=last.ns_id).label
    html = _traveller(client, event, pair=label).content.decode()
    assert "Lines 7–7 of 7" in html and 'class="ours"' in html
    # A page asked for is the page shown.
    assert 'class="ours"' not in _traveller(client, event, pair=label, page=1).content.decode()


def test_a_short_traveller_is_one_page_with_its_chart_below(long_board, client, monkeypatch):
    from tournament.views import events

    event, _ = long_board
    monkeypatch.setattr(events, "TRAVELLER_PAGE", 100)
    html = _traveller(client, event).content.decode()
    assert _rows(html) == 7 and "Lines 1" not in html and "shown 100 a page" not in html
    assert html.index('<table class="traveller') < html.index("<svg")


def test_a_repeat_traveller_view_reads_no_line_and_a_change_shows_at_once(long_board, client):
    event, played = long_board
    first = _traveller(client, event, page=2)
    with CaptureQueriesContext(connection) as queries:
        second = _traveller(client, event, page=2)
    assert first.content == second.content
    assert _line_reads(queries) == []
    s = played[0]
    services.correct_result(
        services.live_result(event, 1, s.round, s.table),
        entry=services.Entry("7NT", "N", 13),
        by=Actor.director(event.owner, "misread"),
    )
    assert "7NT" in _traveller(client, event, page=1).content.decode()
    cache.clear()
    fresh = _traveller(client, event, page=1).content
    assert _traveller(client, event, page=1).content == fresh


def test_a_solved_board_shows_its_par_though_nothing_moved_the_stamp(long_board, client):
    """A solve job writes a board's double-dummy table without a line of the audit trail:
    the par is read on every view, not kept with the traveller."""
    from tournament.models import Board
    from tournament.services import deals

    event, _ = long_board
    deals.deal_event(event, seed="par", by=Actor.director(event.owner), boards=[1], solve=False)
    assert "Par</strong>" not in _traveller(client, event).content.decode()
    board = Board.objects.get(event=event, number=1)
    board.dd_tricks = {s: dict.fromkeys(("C", "D", "H", "S", "NT"), 6) for s in "NESW"}
    board.save(update_fields=["dd_tricks"])
    assert "Par</strong>" in _traveller(client, event).content.decode()


# --- A score card ------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["total", "matchpoints"])
def test_a_score_card_from_the_kept_counts_equals_one_counted_afresh(director, method):
    """The event's boards counted once and kept give every pair's card the very lines
    counted for its own boards alone: plain boards, a Law B artificial score, the
    director's award and a fouled board."""
    event = irregular_event(director, method)
    stamp = pagecache.event_stamp(event)
    for pair in Pair.objects.filter(event=event):
        assert score_cards.score_card(event, pair, stamp) == score_cards.score_card(event, pair)


def test_another_pairs_card_reads_only_its_own_lines(director, client):
    event = make_event(director, tables=3, published=True)
    for (board, round_no, table), line in {
        (1, 1, 1): "4H S 10", (1, 2, 3): "4H S 8", (1, 3, 2): "3NT N 9",
        (3, 1, 2): "2S E 8", (3, 2, 1): "4H S 9",
    }.items():  # fmt: skip
        enter(event, board, round_no, table, line)
    assert client.get(reverse("event_pair", args=[event.pk, "1"])).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        card = client.get(reverse("event_pair", args=[event.pk, "2"]))
    assert card.status_code == 200 and card.context["rows"]
    reads = _line_reads(queries)
    # The pair's lines as North-South and as East-West, by the pair (its own index).
    assert len(reads) == 2, reads
    assert all('"ns_id" =' in sql or '"ew_id" =' in sql for sql in reads), reads


def test_a_score_cards_table_rounds_are_read_by_the_pair_and_no_movement_is_worked_out(
    director, client, monkeypatch
):
    """A card's table-rounds are the pair's own, read through its two indexes (naming the
    event lets the database read every table-round of the event, so a card grew with the
    field); the planned movement (who a sit-out's opponents would have been) is worked
    out only for a pair that sat out."""
    from tournament.queries import score_cards

    event = make_event(director, tables=3, published=True)
    enter(event, 1, 1, 1, "4H S 10")

    def no_movement(*args, **kwargs):
        raise AssertionError("a card without a sit-out worked out the movement")

    monkeypatch.setattr(score_cards, "planned_for", no_movement)
    with CaptureQueriesContext(connection) as queries:
        card = client.get(reverse("event_pair", args=[event.pk, "1"]))
    assert card.status_code == 200
    seatings = [  # the pair's own table-rounds (not the publication rule's whole event)
        q["sql"]
        for q in queries.captured_queries
        if "tournament_seating" in q["sql"] and '"ns_id" = ' in q["sql"]
    ]
    assert seatings, "the card reads the pair's table-rounds"
    assert all('"event_id"' not in sql.split("WHERE", 1)[1] for sql in seatings), seatings
