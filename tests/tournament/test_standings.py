"""Standings, travellers and score cards, against scoring.compare_boards and hand arithmetic.

The event is the factories' 3-table Mitchell (2 boards a round, 1915 laws).
Board 1 travels: round 1 table 1 (pairs 1 v 4), round 2 table 3 (3 v 5),
round 3 table 2 (2 v 6).  Scores by the 1915 laws, no honours:
"4H S 10" is NS +157 (32 + the 125 premium), "4H S 8" NS -100 (two down),
"2S E 7" NS +50 (one down), "3NT N 9" NS +155, "4H S 9" NS -50.
"""

from fractions import Fraction

from django.urls import reverse

from scoring import BoardResult, compare_boards
from tournament import services
from tournament.models import Board, Pair, Player
from tournament.queries import score_cards, standings, travellers
from tournament.services import Actor, Entry

from ..factories import enter, event_with_results, make_event

BOARD_1 = {(1, 1, 1): "4H S 10", (1, 2, 3): "4H S 8", (1, 3, 2): "2S E 7"}


def board(event, number):
    return Board.objects.get(event=event, number=number)


def pair(event, label):
    return Pair.objects.get(event=event, label=label)


def test_traveller_total_points_against_the_average(director):
    event = event_with_results(director, BOARD_1)
    lines = travellers.traveller(event, board(event, 1))
    # In playing order (round, table), each line the result it shows.
    assert [(t.result.round, t.result.table, t.result.net_ns) for t in lines] == [
        (1, 1, 157),
        (2, 3, -100),
        (3, 2, 50),
    ]
    # Law H: the NS average is (157 - 100 + 50) / 3 = 107/3; each NS pair scores its net
    # less it: 157 - 107/3 = 364/3, -100 - 107/3 = -407/3, 50 - 107/3 = 43/3; EW the negatives.
    assert [t.line.ns_score for t in lines] == [
        Fraction(364, 3),
        Fraction(-407, 3),
        Fraction(43, 3),
    ]
    assert [t.line.ew_score for t in lines] == [
        Fraction(-364, 3),
        Fraction(407, 3),
        Fraction(-43, 3),
    ]
    # Shown to the whole point: 121.33 -> 121, -135.67 -> -136, 14.33 -> 14.
    assert [(t.ns_score, t.ew_score) for t in lines] == [
        ("121", "-121"),
        ("-136", "136"),
        ("14", "-14"),
    ]
    # The same lines as the scoring library gives for the same three results.
    expected = compare_boards(
        [
            BoardResult(1, "1", "4", 157),
            BoardResult(1, "3", "5", -100),
            BoardResult(1, "2", "6", 50),
        ],
        "total",
    )
    assert [t.line for t in lines] == expected


def test_traveller_matchpoints(director):
    event = event_with_results(director, BOARD_1, method="matchpoints")
    lines = travellers.traveller(event, board(event, 1))
    # Three results: a top of 2 x (3 - 1) = 4.  NS +157 beats both (4), -100 beats none (0),
    # +50 beats one (2); EW get the top less these.
    assert [(t.line.ns_score, t.line.ew_score, t.line.top) for t in lines] == [
        (4, 0, 4),
        (0, 4, 4),
        (2, 2, 4),
    ]
    assert [(t.ns_score, t.ew_score) for t in lines] == [
        ("4.00", "0.00"),
        ("0.00", "4.00"),
        ("2.00", "2.00"),
    ]
    expected = compare_boards(
        [
            BoardResult(1, "1", "4", 157),
            BoardResult(1, "3", "5", -100),
            BoardResult(1, "2", "6", 50),
        ],
        "matchpoints",
    )
    assert [t.line for t in lines] == expected


def test_traveller_with_an_artificial_average_rounds_halves_away_from_zero(director):
    event = event_with_results(
        director, {(1, 1, 1): "4H S 10", (1, 2, 3): "4H S 8", (1, 3, 2): "average"}
    )
    lines = travellers.traveller(event, board(event, 1))
    # Law B: the artificial net is the mean of the real ones, (157 - 100) / 2 = 57/2, and it
    # enters the average like any other: (157 - 100 + 57/2) / 3 = 57/2.  NS: 157 - 57/2 =
    # 257/2 (128.5 shown 129), -100 - 57/2 = -257/2 (-129), 57/2 - 57/2 = 0.
    assert lines[2].result.net_ns is None and lines[2].line.net_ns == Fraction(57, 2)
    assert [t.line.ns_score for t in lines] == [Fraction(257, 2), Fraction(-257, 2), 0]
    assert [t.ns_score for t in lines] == ["129", "-129", "0"]
    assert [t.ew_score for t in lines] == ["-129", "129", "0"]
    # Pair 2 held NS at the adjusted table: no net of its own, a score of 0.
    card = score_cards.score_card(event, pair(event, "2"))
    assert [(row["board"], row["net"], row["score"]) for row in card] == [(1, None, "0")]


def test_traveller_shows_only_the_live_version_of_a_corrected_result(director):
    event = event_with_results(director, BOARD_1)
    first = services.live_result(event, 1, 1, 1)
    services.correct_result(first, entry=Entry("4H", "S", 9), by=Actor.director(director))
    lines = travellers.traveller(event, board(event, 1))
    assert [(t.result.net_ns, t.result.version) for t in lines] == [(-50, 2), (-100, 1), (50, 1)]
    # Average (-50 - 100 + 50) / 3 = -100/3: NS -50 + 100/3 = -50/3 (-17),
    # -100 + 100/3 = -200/3 (-67), 50 + 100/3 = 250/3 (83).
    assert [t.ns_score for t in lines] == ["-17", "-67", "83"]


def test_score_cards_from_each_pairs_side(director):
    event = event_with_results(director, {**BOARD_1, (2, 1, 1): "3NT N 9"})
    # Pair 1 sat NS at table 1 in round 1 against pair 4 on boards 1 and 2.  Board 1:
    # 364/3 (121, as on the traveller); board 2 was played once, so it equals its own
    # average: 155 - 155 = 0.
    card = score_cards.score_card(event, pair(event, "1"))
    rows = [(r["round"], r["table"], r["board"], r["direction"], r["opponents"]) for r in card]
    assert rows == [(1, 1, 1, "NS", "4"), (1, 1, 2, "NS", "4")]
    assert [(r["net"], r["score"]) for r in card] == [(157, "121"), (155, "0")]
    # Pair 4, their EW opponents: the same boards from the other side.
    card = score_cards.score_card(event, pair(event, "4"))
    assert [(r["board"], r["direction"], r["opponents"]) for r in card] == [
        (1, "EW", "1"),
        (2, "EW", "1"),
    ]
    assert [(r["net"], r["score"]) for r in card] == [(-157, "-121"), (-155, "0")]
    # Pair 5 held EW at table 3 in round 2, where NS went two down: +100 for it, and
    # 407/3 = 135.67 against the EW average, shown 136.
    card = score_cards.score_card(event, pair(event, "5"))
    assert [(r["round"], r["table"], r["net"], r["score"]) for r in card] == [(2, 3, 100, "136")]
    # Only a pair's own boards: board 3 at table 2 in round 1 is pairs 2 v 5, not pair 6.
    enter(event, 3, 1, 2, "PASS")
    assert [r["board"] for r in score_cards.score_card(event, pair(event, "6"))] == [1]


def test_score_card_in_matchpoints_shows_two_decimals(director):
    event = event_with_results(director, BOARD_1, method="matchpoints")
    card = score_cards.score_card(event, pair(event, "3"))  # NS at -100: beaten by both
    assert [(r["board"], r["direction"], r["score"]) for r in card] == [(1, "NS", "0.00")]
    card = score_cards.score_card(event, pair(event, "5"))
    assert [(r["board"], r["direction"], r["score"]) for r in card] == [(1, "EW", "4.00")]


def test_pair_contest_rows_carry_names_and_exact_scores(director):
    event = event_with_results(director, BOARD_1)
    services.set_player_names(
        event, {"1": ["Mrs Smith", "Mr Jones"], "4": ["Ely"]}, by=Actor.director(director)
    )
    rows = {r.pair: r for r in standings.pair_contest(event)}
    # Mitchell: two fields.  NS pairs 1, 3, 2 scored 364/3, -407/3, 43/3 (ranked 1, 3, 2).
    assert [(r.pair, r.direction, r.exact, r.display, r.rank) for r in rows.values()] == [
        ("1", "NS", "364/3", "121", "1"),
        ("2", "NS", "43/3", "14", "2"),
        ("3", "NS", "-407/3", "-136", "3"),
        ("5", "EW", "407/3", "136", "1"),
        ("6", "EW", "-43/3", "-14", "2"),
        ("4", "EW", "-364/3", "-121", "3"),
    ]
    assert rows["1"].names == "Mrs Smith & Mr Jones"
    assert rows["4"].names == "Ely"  # the empty second name is left out
    assert rows["2"].names == ""
    assert rows["1"].score == Fraction(364, 3) and rows["1"].boards == 1


def test_pair_contest_is_empty_before_any_result(event):
    assert standings.pair_contest(event) == []


def test_pair_names_join_in_seat_order_whatever_the_row_order(event, director):
    services.set_player_names(
        event, {"1": ["Mrs Smith", "Mr Jones"], "2": ["", "Mr Brown"]}, by=Actor.director(director)
    )
    # Player 1 of pair 1 entered again (as through the admin): a newer row than player 2.
    p1 = pair(event, "1")
    Player.objects.filter(pair=p1, position=1).delete()
    Player.objects.create(pair=p1, position=1, name="Mrs Smith")
    names = standings.pair_names(event)
    assert names["1"] == "Mrs Smith & Mr Jones"
    assert names["2"] == "Mr Brown"
    assert names["3"] == ""
    assert set(names) == {"1", "2", "3", "4", "5", "6"}


def test_team_match_waits_for_boards_played_at_every_table(director):
    # Two pairs a team: table 1 A1 (NS) v B1 plays boards 1-2 in round 1, table 2 B2 (NS) v A2
    # plays them in round 2.
    event = event_with_results(
        director, {(1, 1, 1): "4H S 10"}, form="teams", movement="teams", tables=2
    )
    assert standings.team_boards_pending(event) == [1, 2, 3, 4]
    assert standings.team_match(event) is None  # no board complete yet
    enter(event, 1, 2, 2, "4H S 8")
    enter(event, 2, 1, 1, "3NT N 9")  # board 2 at table 1 only: left out for now
    assert standings.team_boards_pending(event) == [2, 3, 4]
    match = standings.team_match(event)
    assert match is not None
    # Board 1 only: table 1 NS (team A) +157, table 2 NS (team B) -100, so A = 157 + 100 = 257
    # and B = -157 - 100 = -257.  Two pairs a team: no average added (Law G).
    assert match.table_totals == {1: 157, 2: -100}
    assert (match.teams["A"].score, match.teams["B"].score) == (257, -257)
    assert match.teams["A"].average_added == 0
    assert (match.winner, match.margin, match.margin_rounded, match.by_fraction) == (
        "A",
        514,
        514,
        False,
    )


def test_team_match_of_three_pairs_adds_the_odd_pairs_average(director, client):
    # Three pairs a team: A sits NS at tables 1 and 2, B at table 3.  Board 1 travels
    # round 1 table 1, round 2 table 3, round 3 table 2.
    event = event_with_results(
        director,
        {(1, 1, 1): "4H S 10", (1, 3, 2): "4H S 8", (1, 2, 3): "2S E 7"},
        form="teams",
        movement="teams",
        tables=3,
    )
    match = standings.team_match(event)
    assert match is not None and match.table_totals == {1: 157, 2: -100, 3: 50}
    # A's raw total: 157 - 100 (its NS pairs) - 50 (its EW pair at table 3) = 7; its odd pair
    # is NS, so it adds the EW average, -(157 - 100 + 50)/3 = -107/3: 7 - 107/3 = -86/3,
    # rounded 7 - 36 = -29.  B: -7 + 107/3 = 86/3, rounded -7 + 36 = 29.
    a, b = match.teams["A"], match.teams["B"]
    assert (a.raw, a.average_added, a.average_direction) == (7, Fraction(-107, 3), "EW")
    assert (a.score, a.rounded) == (Fraction(-86, 3), -29)
    assert (b.score, b.rounded) == (Fraction(86, 3), 29)
    assert (match.winner, match.margin, match.margin_rounded) == ("B", Fraction(172, 3), 58)
    assert standings.team_boards_pending(event) == [2, 3, 4, 5, 6]
    # The Law G table reads the figures as mixed numbers: -107/3 is -35 2/3, -86/3 -28 2/3.
    client.force_login(director)
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    law_g = page[page.index('<table class="law-g">') : page.index("</table>", page.index("law-g"))]
    assert "<td>-35 2/3 (EW average)</td>" in law_g and "<td>35 2/3 (NS average)</td>" in law_g
    assert "<td>-28 2/3</td>" in law_g and "<td>28 2/3</td>" in law_g
    assert "107/3" not in law_g and "86/3" not in law_g


def test_team_match_of_five_pairs_won_by_the_fraction_of_a_point(director, client):
    """Law G with five pairs a team, through the app: the Law G average and the fraction
    of a point were tested with smaller teams only (and here, in scoring alone).

    A sits North-South at tables 1-3 (its odd pair is North-South), East-West at 4-5;
    one board a round, every board played once at every table.  Board 1: table 1
    "4H S 10" +157, table 2 "2S N 7" -50, table 4 "3D N 9" +21; board 2 at table 4
    "2S E 7" +50; everything else passed out.  NS totals: 157, -50, 0, 71, 0.
      raw A = 157 - 50 + 0 - 71 - 0 = 36;  avgNS = 178/5 = 35.6 = -avgEW.
      A adds the East-West average: 36 - 178/5 = 2/5;  B = -36 + 178/5 = -2/5.
      Rounded: A = 36 + round(-35.6) = 0;  B = -36 + round(35.6) = 0: level, so the
      exact totals decide: A wins by the fraction of a point, 4/5.
    """
    event = make_event(director, form="teams", movement="teams", tables=5, boards_per_round=1)
    lines = {(1, 1): "4H S 10", (1, 2): "2S N 7", (1, 4): "3D N 9", (2, 4): "2S E 7"}
    for s in event.seating_set.order_by("round", "table"):
        (number,) = s.board_numbers
        enter(event, number, s.round, s.table, lines.get((number, s.table), "PASS"))
    assert standings.team_boards_pending(event) == []
    match = standings.team_match(event)
    assert match is not None and match.table_totals == {1: 157, 2: -50, 3: 0, 4: 71, 5: 0}
    a, b = match.teams["A"], match.teams["B"]
    assert (a.raw, a.average_added, a.average_direction) == (36, Fraction(-178, 5), "EW")
    assert (b.raw, b.average_added, b.average_direction) == (-36, Fraction(178, 5), "NS")
    assert (a.score, a.rounded, b.score, b.rounded) == (Fraction(2, 5), 0, Fraction(-2, 5), 0)
    assert (match.winner, match.margin, match.margin_rounded, match.by_fraction) == (
        "A",
        Fraction(4, 5),
        0,
        True,
    )
    client.force_login(director)
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "wins by <strong>the fraction of a point</strong> (4/5)" in page


def test_board_results_are_the_live_lines_as_scoring_inputs(director):
    event = event_with_results(director, {**BOARD_1, (1, 3, 2): "average"})
    assert sorted(standings.board_results(event), key=lambda r: r.ns) == [
        BoardResult(1, "1", "4", 157),
        BoardResult(1, "2", "6", None, "average"),
        BoardResult(1, "3", "5", -100),
    ]
    other = make_event(director, name="Another night")
    assert standings.board_results(other) == []


def test_a_board_a_table_missed_is_factored_up_on_its_traveller_as_in_the_standings(director):
    """With a table absent, a board played twice must not show 2 / 0 on its traveller
    while the score cards and standings count Neuberg's 3 / 1 of a top of 4 (three plays
    elsewhere): the traveller compares with the event's top.

    Board 1 three times (top 4); board 3 twice: a win is 2 of a top of 2, factored
    ((2 + 1/2) * 3/2 - 1/2 = 3.5 of 4, the loser 0.5)."""
    from tournament.models import Board

    event = make_event(director, method="matchpoints")
    movement = services.movement_for(event)
    plays = {1: [], 3: []}
    for tr in movement.schedule:
        for b in tr.boards:
            if b in plays:
                plays[b].append((tr.round, tr.table))
    for i, (rnd, table) in enumerate(plays[1]):
        enter(event, 1, rnd, table, ("4H S 10", "4H S 9", "3NT N 9")[i])
    for i, (rnd, table) in enumerate(plays[3][:2]):
        enter(event, 3, rnd, table, ("2S N 8", "2S N 9")[i])
    lines = travellers.traveller(event, Board.objects.get(event=event, number=3))
    got = sorted((line.line.ns_score, line.line.ew_score) for line in lines)
    assert got == [(Fraction(1, 2), Fraction(7, 2)), (Fraction(7, 2), Fraction(1, 2))]
    # The same as the score cards count it.
    for line in lines:
        card = score_cards.score_card(event, line.result.ns)
        mine = next(c for c in card if c["board"] == 3)
        assert mine["line"].ns_score == line.line.ns_score


def test_the_exact_column_shows_only_when_it_says_more_than_the_score():
    """The exact column beside the score ("83/2" beside "41.50", "34" beside "34.00")
    only puzzles players: shown when some score is rounded for display; the exports keep
    it always."""
    from fractions import Fraction

    from tournament.queries.standings import StandingRow, exact_adds

    def row(score: Fraction, display: str) -> StandingRow:
        return StandingRow(
            pair="1", names="", direction="NS", score=score, exact=str(score),
            display=display, percent="", rank="1", boards=2, percent_value=None,
        )  # fmt: skip

    assert not exact_adds([row(Fraction(83, 2), "41.50"), row(Fraction(34), "34.00")])
    assert not exact_adds([row(Fraction(-20), "\u221220")])
    assert exact_adds([row(Fraction(958, 5), "192")])  # a Law H total, rounded
    assert exact_adds([row(Fraction(41, 3), "13.67")])  # matchpoints in thirds (Neuberg)
    assert not exact_adds([])


def test_the_exact_column_reads_as_a_mixed_number(client, director):
    """A rounded Law H total's exact value reads "191 3/5" on the page (958/5 would be
    read as 95 8/5 or 958 fifths), negative ones "-378 1/3"; the PBN file keeps n/d for
    the programs that read it."""
    from fractions import Fraction

    from tournament.queries.standings import StandingRow

    row = StandingRow(
        pair="1", names="", direction="NS", score=Fraction(958, 5), exact="958/5",
        display="192", percent="", rank="1", boards=2,
    )  # fmt: skip
    assert row.exact_shown == "191 3/5"
    row.score = Fraction(-1135, 3)
    assert row.exact_shown == "-378 1/3"
    row.score = Fraction(34)
    assert row.exact_shown == "34"
