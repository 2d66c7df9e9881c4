"""The standings kept until the event changes (tournament.queries.pagecache;
docs/decisions/page-cache.md).

A repeat view or a poll with nothing new must not work the event out again, and
must never show a state older than the event's: every kind of change moves the
stamp on.  A big field is shown a page at a time.
"""

import html
import re
from fractions import Fraction

import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import compare_boards
from tournament import services
from tournament.models import Board, Event, Pair, Result, Seating
from tournament.queries import pagecache, score_cards, standings
from tournament.services import Actor, Entry

from ..factories import enter, event_with_results, make_event

BOARD_1 = {(1, 1, 1): "4H S 10", (1, 2, 3): "4H S 8"}


def _standings(client, event, **params):
    return client.get(reverse("event_standings", args=[event.pk]), params)


def test_a_repeat_view_reads_one_query_for_the_standings(director, client):
    event = event_with_results(director, BOARD_1, published=True)
    first = _standings(client, event, fragment=1)
    with CaptureQueriesContext(connection) as second_queries:
        second = _standings(client, event, fragment=1)
    assert first.content == second.content
    # The event, then its stamp: no result is read again.
    assert len(second_queries) == 2
    assert not any("tournament_result" in q["sql"] and "MAX" not in q["sql"]
                   for q in second_queries.captured_queries)  # fmt: skip


def test_a_poll_that_already_has_this_state_gets_304(director, client):
    event = event_with_results(director, BOARD_1, published=True)
    first = _standings(client, event, fragment=1)
    tag = first["ETag"]
    assert first["Cache-Control"] == "private, no-cache"
    again = client.get(
        reverse("event_standings", args=[event.pk]), {"fragment": 1}, HTTP_IF_NONE_MATCH=tag
    )
    assert again.status_code == 304 and again["ETag"] == tag
    # A new result: the same tag is now out of date, and the new line is counted.
    enter(event, 2, 1, 1, "3NT N 9")
    fresh = client.get(
        reverse("event_standings", args=[event.pk]), {"fragment": 1}, HTTP_IF_NONE_MATCH=tag
    )
    assert fresh.status_code == 200 and fresh["ETag"] != tag


def test_every_kind_of_change_moves_the_stamp(director):
    event = event_with_results(director, BOARD_1)
    by = Actor.director(director)
    stamps = [pagecache.event_stamp(event)]

    def moved() -> None:
        event.refresh_from_db()
        stamps.append(pagecache.event_stamp(event))
        assert stamps[-1] != stamps[-2]

    enter(event, 2, 1, 1, "3NT N 9")  # a new result
    moved()
    result = services.live_result(event, 1, 1, 1)
    services.correct_result(
        result, entry=Entry("4H", "S", 9), by=Actor.director(director, "a trick miscounted")
    )  # a correction
    moved()
    services.void_result(
        services.live_result(event, 1, 1, 1), by=Actor.director(director, "entered twice")
    )  # a result taken out
    moved()
    services.set_player_names(event, {"1": ["Ann", "Bob"]}, by=by)  # names
    moved()
    services.close_round(event, 1, by=by)  # a round closed (the publication rule)
    moved()
    Event.objects.filter(pk=event.pk).update(method="matchpoints")  # a setting
    moved()
    assert len(set(stamps)) == len(stamps)


def test_the_page_shows_the_change_at_once(director, client):
    event = event_with_results(director, BOARD_1, published=True)
    services.set_player_names(event, {"1": ["Ann", "Bob"]}, by=Actor.director(director))
    assert "Ann" in _standings(client, event).content.decode()
    services.set_player_names(event, {"1": ["Cid", "Dot"]}, by=Actor.director(director))
    page = _standings(client, event).content.decode()
    assert "Cid" in page and "Ann" not in page
    # A director's view is kept apart from the public's.
    client.force_login(director)
    assert "control panel" in _standings(client, event).content.decode()


def _rows(html: str) -> list[int]:
    """The number of rows in each standings table's body."""
    return [body.count("<tr") for body in re.findall(r"<tbody.*?</tbody>", html, re.S)]


def test_a_big_field_is_shown_a_page_at_a_time(director, client, monkeypatch):
    from tournament.views import events

    monkeypatch.setattr(events, "STANDINGS_PAGE", 4)
    event = make_event(director, tables=6, published=True)
    for table in range(1, 7):  # a board at every table of round 1: 6 NS and 6 EW pairs
        first = Seating.objects.get(event=event, round=1, table=table).first_board
        enter(event, first, 1, table, "4H S 10" if table % 2 else "4H S 8")
    page = _standings(client, event, fragment=1).content.decode()
    assert _rows(page) == [4, 4]  # a page of each field
    assert _rows(_standings(client, event, **{"NS-page": 2}, fragment=1).content.decode()) == [
        2,
        4,
    ]
    # Every pair's score card is linked, whatever page the tables show.
    assert _standings(client, event).content.decode().count("Score card of pair") == 12
    # Any page number, good or bad, is a page, never an error.
    for bad in ("0", "99", "x", "-1", "1" * 30):
        assert _standings(client, event, **{"NS-page": bad}).status_code == 200
    # Any order asked for, known or not, is an order or none, never an error.
    for bad in ("zzz", "-", "\x00", "names,zzz", "-" * 200):
        for fragment in ({}, {"fragment": 1}):
            assert _standings(client, event, **{"NS-sort": bad}, **fragment).status_code == 200
    # The poll asks for the page and the order being looked at.
    sorted_page = _standings(client, event, **{"NS-sort": "names", "NS-page": 2})
    assert "NS-sort=names" in sorted_page.context["poll_url"]
    assert "NS-page=2" in sorted_page.context["poll_url"]
    assert "fragment=1" in sorted_page.context["poll_url"]


def irregular_event(director, method, award="plus/minus", *, only_award=False):
    """A 5-table Mitchell with a Law B artificial score, a director's award (``award``,
    each side's) and a fouled board; ``only_award``: the award alone, every other line
    played."""
    event = make_event(director, tables=5, method=method)
    lines = ["4H S 10", "4H S 8", "2S E 7", "3NT N 9", "4H S 9", "1NT N 7"]
    k = 0
    for s in Seating.objects.filter(event=event).order_by("round", "table"):
        for b in s.board_numbers:
            k += 1
            if s.round == 4 and s.table in (1, 2) and b == s.first_board:
                continue  # a Law B artificial score and the director's award, below
            enter(event, b, s.round, s.table, lines[(k * 7 + b) % len(lines)])
    three = Seating.objects.get(event=event, round=4, table=1)
    enter(event, three.first_board, 4, 1, "4H S 10" if only_award else "average")
    five = Seating.objects.get(event=event, round=4, table=2)
    services.adjust_score(
        event,
        board_number=five.first_board,
        round_no=4,
        table=2,
        adjusted=award,
        by=Actor.director(director, "a slow table"),
    )
    if only_award:
        return event
    played_two = [(s.round, s.table) for s in Seating.objects.filter(event=event)
                  if 2 in s.board_numbers]  # fmt: skip
    services.set_fouled(
        event, board_number=2, second=played_two[:1], by=Actor.director(director, "fouled")
    )
    return event


@pytest.mark.parametrize("method", ["total", "matchpoints"])
def test_a_score_card_compares_only_its_own_boards_and_equals_the_traveller(director, method):
    """Each score-card line, from its board's summary, equals the traveller's line: on
    plain boards, a Law B artificial score, the director's award and a fouled board."""
    event = irregular_event(director, method)
    every = compare_boards(standings.board_results(event), event.method, event.adjusted_values)
    for pair in Pair.objects.filter(event=event):
        expected = {c.result.board: c for c in every if pair.label in (c.result.ns, c.result.ew)}
        results = list(
            Result.objects.filter(event=event, is_live=True)
            .filter(Q(ns=pair) | Q(ew=pair))
            .select_related("board", "ns", "ew")
        )
        with CaptureQueriesContext(connection) as queries:
            got = score_cards.pair_lines(event, pair, results)
        assert got == expected, pair.label
        assert len(queries) <= 6  # however many tables: summaries, not lines


@pytest.mark.parametrize("method", ["total", "matchpoints"])
# "average/plus" alone: East-West's 60% of the top is a fraction whose denominator no
# North-South score has, so the common denominator must count both sides' scores.
@pytest.mark.parametrize(
    ("award", "only_award"),
    [("plus/minus", False), ("average/plus", False), ("average/plus", True)],
)
def test_the_fields_running_best_is_the_plain_sum(director, method, award, only_award):
    """The score card chart's field best, in integers, equals the running sums worked out
    with Fractions line by line."""
    event = irregular_event(director, method, award, only_award=only_award)
    boards = set(Board.objects.filter(event=event).values_list("number", flat=True))
    shown = boards - {5}  # one board held back from this viewer
    rnds: list[int] = []
    inputs = standings.as_board_results(Result.objects.filter(event=event, is_live=True), rnds)
    lines = compare_boards(inputs, event.method, event.adjusted_values)
    per: dict[str, dict[int, list]] = {}
    for rnd, line in zip(rnds, lines, strict=True):
        if line.result.board not in shown or line.ns_score is None:
            continue
        for label, score in ((line.result.ns, line.ns_score), (line.result.ew, line.ew_score)):
            acc = per.setdefault(label, {}).setdefault(rnd, [Fraction(0), 0])
            acc[0] += score
            acc[1] += line.top or 0
    got = score_cards.running_best(event, shown)
    fields = {"NS": {x.result.ns for x in lines}, "EW": {x.result.ew for x in lines}}
    for side, field in fields.items():
        best: dict[int, Fraction] = {}
        for r in sorted({r for p in per.values() for r in p}):
            for label in field:
                done = [v for rnd, v in per.get(label, {}).items() if rnd <= r]
                if not done:
                    continue
                score, top = sum(v[0] for v in done), sum(v[1] for v in done)
                if method == "matchpoints":
                    if not top:
                        continue
                    value = score * 100 / top
                else:
                    value = score
                best[r] = max(best.get(r, value), value)
        assert got[side] == best


def test_a_page_worked_out_afresh_reads_the_events_lines_once(director, client):
    """The standings and the publication rule both need every line: one read serves both."""
    event = event_with_results(director, BOARD_1, published=True)
    with CaptureQueriesContext(connection) as queries:
        assert _standings(client, event).status_code == 200
    reads = [
        q["sql"]
        for q in queries.captured_queries
        if 'FROM "tournament_result"' in q["sql"] and "MAX(" not in q["sql"]
    ]
    assert len(reads) == 1, reads


def test_the_events_lines_read_once_are_every_version_and_the_live_lines(director):
    """EventRows reads every version of every line (a correction's old line, a voided
    line, a passed-out board) in id order, as the model's instances hold them; its
    live lines as the scoring library's input are what the joined read of the live
    results gives, and its versions what the publication rule is told."""
    event = event_with_results(director, {**BOARD_1, (2, 1, 1): "3NT N 9"}, published=True)
    services.correct_result(
        services.live_result(event, 1, 1, 1),
        entry=Entry("4H", "S", 9),
        by=Actor.director(director, "a trick miscounted"),
    )
    services.void_result(
        services.live_result(event, 2, 1, 1), by=Actor.director(director, "entered twice")
    )
    enter(event, 2, 1, 1, "pass")
    read = standings.EventRows(event)
    results = list(Result.objects.filter(event=event).order_by("pk").select_related("board"))
    assert len(results) >= 5 and any(not r.is_live for r in results)
    assert read.rows == [
        tuple(getattr(r, name) for name in standings.EventRows.FIELDS) for r in results
    ]
    assert read.versions() == [(r.board.number, r.round, r.table, r.is_live) for r in results]
    rounds: list[int] = []
    joined = standings.as_board_results(Result.objects.filter(event=event).live(), rounds)
    got_rounds: list[int] = []
    got = read.live_inputs(got_rounds)
    assert sorted(zip(got, got_rounds, strict=True), key=repr) == sorted(
        zip(joined, rounds, strict=True), key=repr
    )
    assert len(got) == sum(1 for r in results if r.is_live)


def test_a_score_card_worked_out_afresh_reads_the_events_lines_once(director, client):
    """The publication rule and the field's running best (the card's chart) both need
    every line: one read serves both, beside the pair's own lines."""
    event = event_with_results(director, BOARD_1, published=True)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/events/{event.pk}/pairs/1/").status_code == 200
    every_line = [
        q["sql"]
        for q in queries.captured_queries
        if 'FROM "tournament_result"' in q["sql"]
        and re.search(rf'WHERE \(?"tournament_result"\."event_id" = {event.pk}\b', q["sql"])
    ]
    assert len(every_line) == 1, every_line


def _body_cells(html: str) -> list[list[list[tuple[str, str]]]]:
    """Each table body's rows, each row its cells: (the td's attributes, what it holds)."""
    bodies = re.findall(r"<tbody[^>]*>(.*?)</tbody>", html, re.S)
    return [
        [re.findall(r"<td([^>]*)>(.*?)</td>", row, re.S) for row in _ROW.findall(body)]
        for body in bodies
    ]


_ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)


# Each standings cell's class: a figure right-aligned ("num"), the exact column left out
# on a phone ("wide"), the names wrapping ("names").
CELL_CLASS = {"rank": "", "pair": "", "names": ' class="names"', "exact": ' class="num wide"'}


def _cell(event, name: str, row) -> tuple[str, str]:
    """What the standings show in column ``name`` for ``row``: its value escaped, or
    django-tables2's empty "—"; the pair linked to its score card; a late or
    withdrawn pair's mark beside the names, and under them how its total was reached."""
    value = getattr(row, name)
    text = html.escape("—" if value in (None, "") else str(value))
    if name == "pair":
        text = f'<a href="{html.escape(reverse("event_pair", args=[event.pk, value]))}">{text}</a>'
    if name == "names" and row.mark:
        text += f'<span class="field-mark">{html.escape(row.mark)}</span>'
    if name == "names":  # how its total was reached, linked to its score card
        card = html.escape(reverse("event_pair", args=[event.pk, row.pair]))
        text += (
            f'<details class="how"><summary>how<span class="visually-hidden"> pair '
            f"{html.escape(row.pair)} scored {html.escape(row.display)}</span></summary>"
            f'<p class="how">{html.escape(row.how)} <a href="{card}">Its boards, one by one'
            "</a>.</p></details>"
        )
    return CELL_CLASS.get(name, ' class="num"'), text


@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize("method", ["total", "matchpoints"])
@pytest.mark.parametrize("sort", [None, "names", "-display", "pair", "-percent", "rank"])
def test_the_standings_rows_show_each_columns_value(director, rf, method, sort, exact):
    """The standings table's rows (templates/tables/standings.html) hold, in the columns'
    order and under their headings, each pair's value of each column with its class:
    escaped names, the empty default, the pair's link, a withdrawn pair's mark (with
    names and without), the page shown in the order asked, sorted either way."""
    from django.template.loader import render_to_string
    from django_tables2 import RequestConfig

    from tournament.tables import StandingsTable

    event = event_with_results(
        director, {**BOARD_1, (2, 1, 1): "3NT N 9", (2, 2, 3): "2S E 8"}, method=method
    )
    by = Actor.director(director)
    services.set_player_names(event, {"1": ["Ann <b>&", 'Bo "Q"'], "4": ["Éva", "O'Neil"]}, by=by)
    for label in ("1", "5"):
        services.withdraw_pair(event, label, 3, by=by)
    rows = standings.pair_contest(event)
    assert {r.pair for r in rows if r.mark} == {"1", "5"} and not next(
        r for r in rows if r.pair == "5"
    ).names
    if method == "matchpoints":
        columns = ["rank", "pair", "names", "percent", "display", "boards", "exact"]
    else:
        columns = ["rank", "pair", "names", "display", "exact", "boards"]
    if not exact:
        columns.remove("exact")
    marked = []
    for direction in ("NS", "EW"):
        field = [r for r in rows if r.direction == direction]
        whole = StandingsTable(
            field, event=event, method=method, exact=exact, prefix=f"{direction}-"
        )
        RequestConfig(rf.get("/", {f"{direction}-sort": sort} if sort else {})).configure(whole)
        order = [row.record for row in whole.rows]  # the field in the order asked
        shown = []
        for number in range(1, len(field) + 1):  # a pair a page
            query = {f"{direction}-page": number, **({f"{direction}-sort": sort} if sort else {})}
            request = rf.get("/", query)
            table = StandingsTable(
                field, event=event, method=method, exact=exact, prefix=f"{direction}-"
            )
            RequestConfig(request, paginate={"per_page": 1}).configure(table)
            assert [c.name for c in table.columns] == columns
            got = render_to_string(table.template_name, {"table": table, "request": request})
            assert got.count("<th ") == len(columns)
            page = [row.record for row in table.paginated_rows]
            assert page == [order[number - 1]]
            assert _body_cells(got) == [[[_cell(event, name, r) for name in columns] for r in page]]
            shown += page
        assert len(field) >= 2 and sorted(r.pair for r in shown) == sorted(r.pair for r in field)
        marked += [r.pair for r in shown if r.mark]
    assert sorted(marked) == ["1", "5"]
