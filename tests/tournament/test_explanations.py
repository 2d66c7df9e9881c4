"""Every traveller line says how its comparison was reached (scoring/pairs/explain.py,
tournament/queries/travellers.py), in a disclosure on the public traveller, and no
explanation shows a board before it is public (docs/decisions/publication-rule.md).

The event: a 3-table Mitchell under the 1915 laws, 2 boards a round; board 1 is played
at table 1 in round 1, table 3 in round 2 and table 2 in round 3.  "4H S 10" is NS
+157 (4 odd x 8 = 32 and the premium 125), "4H S 8" NS -100 (two undertricks x 50),
"4H S 9" NS -50.
"""

import html
from fractions import Fraction

from django.urls import reverse

from scoring.pairs import explain_board
from tournament import services
from tournament.models import Board
from tournament.queries import travellers
from tournament.services import Actor

from ..factories import enter, event_with_results, make_event

BOARD_1 = {(1, 1, 1): "4H S 10", (1, 2, 3): "4H S 8", (1, 3, 2): "4H S 9"}


def traveller_page(client, event, number=1):
    response = client.get(reverse("event_traveller", args=[event.pk, number]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_matchpoints_lines_say_whom_they_beat(director, client):
    # +157 beats -50 and -100: 2 x 2 = 4 of 4; -50 beats -100: 2 of 4; -100 none: 0.
    event = event_with_results(director, BOARD_1, method="matchpoints", published=True)
    page = traveller_page(client, event)
    # In the line's last cell (a laptop) and in the row under it (a phone).
    assert page.count('<details class="how wide"><summary>how') == 3
    assert page.count('<details class="how"><summary>how') == 3
    assert "Beat 2, tied 0, lost 0 of 2: 4 of 4 matchpoints; East-West the other 0" in page
    assert "Beat 1, tied 0, lost 1 of 2: 2 of 4 matchpoints; East-West the other 2" in page
    assert "Beat 0, tied 0, lost 2 of 2: 0 of 4 matchpoints; East-West the other 4" in page


def test_total_points_lines_say_their_average(director, client):
    # The average is (157 - 100 - 50) / 3 = 7/3 = 2.3; 157 - 7/3 = 464/3 = 154.7.
    event = event_with_results(director, BOARD_1, published=True)
    page = traveller_page(client, event)
    assert "Net +157 against the average +2.3 of 3 lines: +154.7 (Law H)." in page
    assert "Net -100 against the average +2.3 of 3 lines: -102.3 (Law H)." in page


def test_each_line_carries_the_explanation_of_its_own_stored_comparison(director):
    event = event_with_results(director, BOARD_1, method="matchpoints")
    services.adjust_score(
        event,
        board_number=1,
        round_no=3,
        table=2,
        adjusted="plus/minus",
        by=Actor.director(event.owner, reason="a slow play"),
    )
    lines = travellers.traveller(event, Board.objects.get(event=event, number=1))
    explained = explain_board([tl.line for tl in lines], event.adjusted_values)
    assert [tl.how for tl in lines] == [e.sentence for e in explained]
    assert [e.score for e in explained] == [tl.line.ns_score for tl in lines]
    # Average-plus to NS: 60% of the top 4 = 12/5; the two played lines are factored up
    # from a top of 2 to 4 (Neuberg: (2 + 1) x 3 / 2 - 1 = 7/2 for +157).
    said = {(tl.result.round, tl.result.table): tl.how for tl in lines}
    assert said[(3, 2)].startswith("Average-plus to North-South, 60% of the top 4: 2.40;")
    assert "(Neuberg: (2 + 1) × 3 ÷ 2 − 1 = 3.50)" in said[(1, 1)]


def test_no_explanation_before_the_board_is_public(director, client):
    # Two of the three tables have played board 1: its traveller is "not yet".
    event = event_with_results(
        director, {(1, 1, 1): "4H S 10", (1, 2, 3): "4H S 8"}, published=True
    )
    page = traveller_page(client, event)
    assert 'class="how"' not in page and "against the average" not in page
    enter(event, 1, 3, 2, "4H S 9")
    assert "against the average" in traveller_page(client, event)


def test_a_team_match_line_says_where_its_net_goes(director):
    event = make_event(director, form="teams", movement="teams", tables=2, boards_per_round=1)
    for s in event.seating_set.order_by("round", "table"):
        (number,) = s.board_numbers
        enter(event, number, s.round, s.table, "4H S 10" if s.table == 1 else "PASS")
    lines = travellers.traveller(event, Board.objects.get(event=event, number=1))
    first = next(tl for tl in lines if tl.result.table == 1)
    assert first.how.startswith("Net +157 to North-South: to team ")
    assert first.how.endswith("whose pair sat East-West (Law G).")


# --- A player's evening, on the score card --------------------------------------------

BOARDS_1_2 = {
    **BOARD_1,
    (2, 1, 1): "PASS",
    (2, 2, 3): "4H S 9",
    (2, 3, 2): "4H S 8",
}


def card_page(client, event, label="1"):
    response = client.get(reverse("event_pair", args=[event.pk, label]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_score_card_sums_up_the_evening(director, client):
    # Pair 1 sat North-South at table 1 in round 1: board 1 "4H S 10" +157, declared by S
    # and made, above the average (157 - 100 - 50) / 3 = 7/3; board 2 passed out.
    event = event_with_results(director, BOARDS_1_2, published=True)
    page = card_page(client, event)
    assert (
        "1 of 1 board above average; declared 1, made 1. 1 board counted in neither figure "
        "(passed out 1)."
    ) in page
    # Board 1 against the field: the best NS net is its own +157, the average +2.3.
    assert "The field: best +157, average +2.3; you scored +157: +154.7 (beat 2, tied 0, " in page


def test_the_evening_counts_no_board_before_it_is_public(director, client):
    # Board 2 has been played at one table only: the card shows nothing of it, and the
    # summary counts it in neither figure nor among those left out.
    event = event_with_results(director, {**BOARD_1, (2, 1, 1): "PASS"}, published=True)
    page = card_page(client, event)
    assert "1 of 1 board above average; declared 1, made 1." in page
    assert "passed out" not in page


def test_each_board_against_par_where_the_hand_was_solved(demo, client):
    from tournament.models import Pair
    from tournament.queries import hand_records, pagecache, score_cards

    event, _ = demo
    pair = Pair.objects.filter(event=event).first()
    stamp = pagecache.event_stamp(event)
    rows = score_cards.score_card(event, pair, stamp)
    boards, summary = score_cards.evening(event, rows, stamp)
    solved = 0
    for row in rows:
        b = boards[row["board"]]
        par = hand_records.par_of(row["result"].board)
        if b.left_out or par is None:
            continue
        solved += 1
        sign = 1 if row["direction"] == "NS" else -1
        assert b.par == sign * par.score and b.against_par == row["net"] - sign * par.score
        assert " par." in b.sentence
    assert solved and "at or above par on " in summary
    assert summary in card_page(client, event, pair.label)


# --- The standings: each total explained ---------------------------------------------


def test_each_total_is_the_sum_of_its_boards_linked_to_its_score_card(director, client):
    from tournament.queries import standings

    event = event_with_results(director, BOARDS_1_2, published=True)
    rows = {r.pair: r for r in standings.pair_contest(event)}
    # Pair 1: +464/3 on board 1 (157 - 7/3) and board 2 passed out, 0 - (0 - 50 - 100)/3
    # = +50: 464/3 + 50 = 614/3 = 204.7 on 2 boards.
    assert rows["1"].score == Fraction(614, 3)
    assert rows["1"].how == (
        "The sum of its scores against the average on its 2 boards: +204.7 (Law H)."
    )
    page = html.unescape(client.get(reverse("event_standings", args=[event.pk])).content.decode())
    card = reverse("event_pair", args=[event.pk, "1"])
    assert f'{rows["1"].how} <a href="{card}">Its boards, one by one</a>.' in page


def test_a_factored_total_and_a_matchpoint_total_say_how(director):
    from scoring.pairs.explain import explain_total

    # Factored: +240 as played on 10 boards, to 12: 240 x 12 / 10 = 288.
    assert explain_total(288, 10, as_played=240, compared=10, factor_to=12) == (
        "The sum of its scores on the 10 boards it played with a comparison, +240, "
        "× 12 ÷ 10 = +288 (factored: 12 boards is what the most pairs played)."
    )
    # Matchpoints: 241/2 on 12 boards of a top 14: 120.5 / 168 = 71.73%.
    assert explain_total(Fraction(241, 2), 12, percent=Fraction(24100, 336)) == (
        "The sum of its matchpoints on its 12 boards, 120.50: 71.73% of the tops it played "
        "(matchpoints)."
    )
