"""The traveller's spread chart shows the very figures of the table beside it, and
nothing of a board the viewer may not see."""

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
    (spread,) = r.context["spreads"]
    nets = sorted(tl.result.net_ns for tl in lines)
    charted = sorted(b.score for b in spread.bars for _ in range(b.count))
    assert charted == nets and len(nets) == 3
    page = r.content.decode()
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert 'role="img"' in svg and "<title>" in svg and "<desc>" in svg
    # The score labels under the bars are the table's net scores.
    labels = re.findall(r'class="score halo"[^>]*>(-?\d+)</text>', svg)
    assert sorted(int(x) for x in labels) == sorted(set(nets))


def test_no_chart_for_a_board_still_in_play(client, director):
    event = event_with_results(director, {(1, 1, 1): "4H S 10"}, tables=3)
    event.published = True
    event.save()
    page = client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
    assert "Not yet: this board is still being played." in page
    assert "<svg" not in page and "Spread of net NS" not in page


def test_the_traveller_marks_this_pairs_line_and_the_average(client, director):
    # Board 1 at three tables: +157, -50 (3S by N, 8 tricks: one down), +157.
    event = event_with_results(
        director,
        {(1, 1, 1): "4H S 10", (1, 2, 3): "3S N 8", (1, 3, 2): "4H S 10"},
        tables=3,
    )
    event.published = True
    event.save()
    r = client.get(reverse("event_traveller", args=[event.pk, 1]) + "?pair=1")
    page = r.content.decode()
    (spread,) = r.context["spreads"]
    assert r.context["ours"] == "1" and spread.ours_bar.score == 157
    assert page.count('class="ours"') == 1 and "▼ pair 1" in page
    # The average (157 - 50 + 157) / 3 = 88: between the bars of -50 and +157, nearer +157.
    low, high = spread.bars
    x = spread.average_x
    assert low.label_x < x < high.label_x
    assert x - low.label_x > high.label_x - x
    assert "▲ average +88.0" in page
    # A pair that did not play the board marks nothing.
    other = client.get(reverse("event_traveller", args=[event.pk, 1]) + "?pair=99")
    assert other.context["ours"] == "" and 'class="ours"' not in other.content.decode()
    assert other.context["spreads"][0].ours_bar is None


def test_the_score_cards_charts_equal_its_table(client, director):
    from scoring.fractions_fmt import round_half_away
    from tournament.models import Pair
    from tournament.queries import score_cards, standings

    event = event_with_results(
        director,
        {
            (1, 1, 1): "4H S 10",
            (2, 1, 1): "2NT N 8",
            (1, 2, 3): "3S N 8",
            (2, 2, 3): "1NT N 7",
            (1, 3, 2): "4H S 9",
            (2, 3, 2): "2NT N 9",
        },
        tables=3,
    )
    event.published = True
    event.save()
    r = client.get(reverse("event_pair", args=[event.pk, "1"]))
    rows = r.context["rows"]
    bars = r.context["boards_chart"].bars
    # One bar a board, in the table's order, each the table's "+/- average" figure.
    assert [b.board for b in bars] == [row["board"] for row in rows]
    assert [str(round_half_away(b.value)) for b in bars] == [row["score"] for row in rows]
    running = r.context["running_chart"]
    # The running score after the last round is the pair's total in the standings.
    total = next(s.score for s in standings.pair_contest(event) if s.pair == "1")
    assert running.mine[-1].value == total
    assert running.best[-1].value >= total
    assert "<title>Pair 1's running score</title>" in r.content.decode()
    # The rounds under the chart are the card's rounds; the end label, right of the
    # last point, is the pair's total as the standings round it.
    assert [n for _, n in running.round_labels] == sorted({row["round"] for row in rows})
    assert running.label_x > running.mine[-1].x
    assert running.last_mine == f"{round_half_away(total):+d}"
    pair = Pair.objects.get(event=event, label="1")
    assert score_cards.score_card_charts(event, pair, set())["boards_chart"] is None


def test_the_standings_and_team_margin_charts_equal_their_tables(demo, client):
    from tournament.queries import standings

    pairs_event, teams_event = demo
    r = client.get(reverse("event_standings", args=[pairs_event.pk]))
    for _title, table, chart in r.context["tables"]:
        rows = list(table.data)
        # One bar a pair, in the table's order (by place), each its exact score.
        assert [b.board for b in chart.bars] == [row.pair for row in rows]
        assert [b.value for b in chart.bars] == [row.score for row in rows]
    assert "scores by place" in r.content.decode()
    r = client.get(reverse("event_standings", args=[teams_event.pk]))
    match, margin = r.context["match"], r.context["margin_chart"]
    a, b = match.teams["A"], match.teams["B"]
    # Board by board the lead moves by twice team A's points; at the end it is the
    # pairs' nets' difference, and the total adds Law G's average: the table's totals.
    assert margin.points[-1].value == a.raw - b.raw
    assert margin.total.value == a.rounded - b.rounded
    assert list(margin.boards) == sorted(margin.boards)
    assert standings.team_boards_pending(teams_event) == []
    assert "with Law G average" in r.content.decode()


def test_the_xlsx_carries_the_charts_with_their_figures(demo):
    import io
    from collections import Counter

    from openpyxl import load_workbook

    from tournament import exports
    from tournament.models import Result
    from tournament.queries import standings

    pairs_event, teams_event = demo
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(pairs_event)))
    ws = wb["Charts"]
    cells = {(r, c): ws.cell(r, c).value for r in range(1, ws.max_row + 1) for c in (1, 2)}
    titles = [v for (r, c), v in cells.items() if c == 1 and isinstance(v, str) and ":" in v]
    assert titles[:2] == ["North-South: scores by place", "East-West: scores by place"]
    # The North-South block: the standings' pairs and exact scores, in place order.
    ns = [r for r in standings.pair_contest(pairs_event) if r.direction == "NS"]
    start = next(r for (r, c), v in cells.items() if v == "North-South: scores by place") + 2
    got = [(cells[(start + i, 1)], cells[(start + i, 2)]) for i in range(len(ns))]
    assert [g[0] for g in got] == [f"Pair {r.pair}" for r in ns]
    assert [round(g[1], 6) for g in got] == [round(float(r.score), 6) for r in ns]
    # One chart a field and one a board, each drawn from its block.
    boards = Result.objects.filter(event=pairs_event).values("board").distinct().count()
    assert len(ws._charts) == 2 + boards
    # Board 1's spread block counts its tables' net scores.
    b1 = next(r for (r, c), v in cells.items() if v == "Board 1: net NS scores") + 2
    nets = Counter(
        Result.objects.filter(event=pairs_event, board__number=1)
        .live()
        .values_list("net_ns", flat=True)
    )
    block = {}
    i = b1
    while cells.get((i, 1)) is not None:
        block[cells[(i, 1)]] = cells[(i, 2)]
        i += 1
    assert block == dict(nets)
    # A team match: the running margin ending with Law G's average in.
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(teams_event)))
    ws = wb["Charts"]
    values = [ws.cell(r, 1).value for r in range(1, ws.max_row + 1)]
    title = "Total with Law G average (rounded totals)"
    assert title in values
    match = standings.team_match(teams_event)
    total_row = values.index(title) + 1
    # The margin of the rounded totals, the Law G table's: 165 - (-165) = 330.
    assert ws.cell(total_row, 2).value == match.teams["A"].rounded - match.teams["B"].rounded
    # A file for the public mid-event charts no board it may not show.
    public = load_workbook(io.BytesIO(exports.xlsx_bytes(pairs_event, boards={1})))["Charts"]
    spread_titles = [
        public.cell(r, 1).value
        for r in range(1, public.max_row + 1)
        if str(public.cell(r, 1).value).startswith("Board ")
    ]
    assert spread_titles == ["Board 1: net NS scores"]


def test_the_team_margin_total_is_the_law_g_tables_rounded_margin(demo, client):
    """The demo match: totals 496/3 and -496/3 round to 165 and -165, "wins by 330
    points"; the chart said +331 (the exact 992/3 rounded), which no figure on the page
    says.  Law G rounds each team's total and the fraction decides only a tie."""
    _, teams_event = demo
    r = client.get(reverse("event_standings", args=[teams_event.pk]))
    match, margin = r.context["match"], r.context["margin_chart"]
    a, b = match.teams["A"], match.teams["B"]
    assert (a.rounded, b.rounded, match.margin_rounded) == (165, -165, 330)
    assert margin.total.value == 330 and margin.fraction is None
    page = r.content.decode()
    assert "wins by 330 points" in page
    assert "with Law G average: +330" in page and "+331" not in page
    assert "rounded to the whole point: +330." in margin.description


def test_a_match_won_by_the_fraction_of_a_point_charts_it_as_the_page_says():
    """Rounded totals level: the chart's end is level, and names the fraction that
    decides, the figure the sentence under the table gives."""
    from fractions import Fraction

    from tournament.queries import charts

    chart = charts.margin([1, 2], [10, -2], 0, Fraction(2, 3))
    assert chart.total.value == 0 and chart.total_value == "level; A by 2/3"
    assert charts.margin([1], [4], 0, Fraction(-1, 3)).total_value == "level; B by 1/3"
    assert charts.margin([1], [4], 0, Fraction(0)).total_value == "level: a tie"
    assert charts.margin([1], [4], -12).total_value == "-12"
    # With boards still to be completed: "level so far", never "level: a tie".
    assert charts.margin([1], [4], 0, Fraction(0), final=False).total_value == "level so far"
    assert charts.margin([1], [4], -12, final=False).total_value == "-12 so far"
    assert charts.margin([1], [4], 0, Fraction(1, 3), final=False).total_value == (
        "level; A by 1/3 so far"
    )


def test_the_spread_average_is_the_tables_with_the_law_b_line_charted(demo, client):
    """Demo board 7 (total points): 7, -114, 267, -64 played and a Law B artificial
    -114 (North-South's lowest).  The table compares every line with -18/5 (7 -> 11,
    -114 -> -110, 267 -> 271); the chart's average is the one the table's "+/- average"
    columns use (not "average +24.0", the mean of the played lines only, while drawing
    -114 at one table), and every line the table compares is a bar,
    the artificial one marked as such."""
    from fractions import Fraction

    pairs_event, _ = demo
    r = client.get(reverse("event_traveller", args=[pairs_event.pk, 7]) + "?pair=3")
    lines = r.context["lines"]
    (spread,) = r.context["spreads"]
    # The average each line of the table was compared with: net less its NS +/- .
    compared = [tl.line for tl in lines if tl.line.ns_score is not None]
    assert {Fraction(ln.net_ns) - ln.ns_score for ln in compared} == {spread.average}
    assert spread.average == Fraction(-18, 5)
    # Every line with a net score in the table is a bar, artificial ones too, marked.
    assert sorted(b.score for b in spread.bars for _ in range(b.count)) == sorted(
        ln.net_ns for ln in compared
    )
    artificial = [tl for tl in lines if tl.result.adjusted]
    assert len(artificial) == 1 and artificial[0].line.net_ns == -114
    low = spread.bars[0]
    assert (low.score, low.count, low.artificial, low.played) == (-114, 2, 1, 1)
    assert "2 lines -114 (1 played, 1 Law B artificial score)" in spread.description
    page = r.content.decode()
    assert "▲ average -3.6" in page and "+24.0" not in page
    assert "the average the table compares with, -3.6" in page
    # The labels have rows of their own: the pair's mark above the counts, the average
    # under the score labels, each kept inside the chart.
    assert "▼ pair 3" in page and spread.ours_bar.score == 7
    counts_top = min(b.y for b in spread.bars) - 3 - 11  # the counts' text, font 11
    assert counts_top >= 11  # the mark's baseline (y=11) is above every count
    assert spread.average_label_y - 10 > spread.score_label_y
    assert spread.average_label_x - 6 * 8 > 0 and spread.average_label_x + 6 * 8 < spread.width


def test_the_xlsx_spread_is_the_travellers_with_the_law_b_line(demo, client):
    """Demo board 7 in the XLSX Charts sheet, as on its traveller page: 7, -114, 267,
    -64 played and a Law B artificial -114 (North-South's lowest), so -114 at two
    tables, one of them artificial, and the Law H average the table compares with,
    -18/5 = -3.6.  The sheet counted the played lines only (-114 at one table) and gave
    no average."""
    import io

    from openpyxl import load_workbook

    from tournament import exports

    pairs_event, _ = demo
    ws = load_workbook(io.BytesIO(exports.xlsx_bytes(pairs_event)))["Charts"]
    column_a = [ws.cell(r, 1).value for r in range(1, ws.max_row + 2)]
    start = column_a.index("Board 7: net NS scores") + 1  # 0-based index of the header row
    assert (ws.cell(start + 1, 1).value, ws.cell(start + 1, 2).value) == ("Net NS", "Tables")
    data, notes, i = {}, {}, start + 2
    while ws.cell(i, 1).value is not None:
        data[ws.cell(i, 1).value] = ws.cell(i, 2).value
        i += 1
    i += 1  # the blank row before the notes
    while ws.cell(i, 1).value is not None:
        notes[ws.cell(i, 1).value] = ws.cell(i, 2).value
        i += 1
    assert data == {-114: 2, -64: 1, 7: 1, 267: 1}
    assert notes["Of these, Law B artificial scores"] == 1
    assert notes["Average (Law H)"] == -3.6
    r = client.get(reverse("event_traveller", args=[pairs_event.pk, 7]))
    (spread,) = r.context["spreads"]
    assert data == {b.score: b.count for b in spread.bars}  # the page's very chart
