"""Every figure of an individual explains itself player by player: each traveller line's
"how" names what its partnerships' comparison gives each of its four players, each
player's total in the standings is the sum of his boards with a link to his card, and
his card puts each board against the field and par with his evening in words and the
record of corrections of the lines he sat at (docs/laws/duplicate.md, "Individuals";
docs/players/results.md).

The event: individual-12-r7, two boards a round, each round's boards at all three tables.

    Round 1, boards 1-2: T1 N7 E12 S1 W8 | T2 N6 E9 S3 W5 | T3 N11 E2 S10 W4
    Round 2, boards 3-4: T1 N8 E12 S2 W9 | T2 N7 E10 S4 W6 | T3 N1 E3 S11 W5

    Board 1: T1 4H S 10 +157, T2 4H S 8 -100, T3 4H S 9 -50: average 7/3 (+2.3)
    Board 2: T1 2S N 8 +18,   T2 1NT E 7 -10, T3 PASS 0:      average 8/3 (+2.7)
    Board 3: T1 4H S 10 +157, T2 4H S 8 -100, T3 (adjusted in the tests)
    Board 4: T1 2S N 8 +18,   T2 1NT E 7 -10, T3 (adjusted in the tests)
"""

import html
from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.individual_explain import explain_individual_board
from scoring.individuals import IndividualLine
from scoring.movements.partnerships import as_individual
from scoring.pairs.explain import mp_text, one_decimal
from tournament import services
from tournament.models import Board
from tournament.queries import hand_records, travellers
from tournament.queries.individual_standings import individual_contest, player_card
from tournament.services import Actor, Entry, deals, display

from ..factories import enter, make_event

SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
LINES = {1: ("4H S 10", "4H S 8", "4H S 9"), 2: ("2S N 8", "1NT E 7", "PASS")}
CREDITED = "(a partnership's score is both its players')."


def individual(director, method="total", board_3=None, board_4=None, dealt=False, **fields):
    """Round 1 played at every table; round 2 too when its third tables' lines are given
    (a line such as "4H S 9", "ns-lowest", or the director's adjusted score's arguments);
    ``dealt``: the boards dealt and solved first."""
    event = make_event(
        director,
        form="individual",
        movement_name="individual-12-r7",
        tables=0,
        boards_per_round=2,
        method=method,
        individual_names={"7": "Ada Alden", "1": "Ben Brewster"},
        **fields,
    )
    if dealt:
        deals.deal_event(event, seed="individual par", by=Actor.director(director))
    for board, lines in LINES.items():
        for table, line in enumerate(lines, 1):
            enter(event, board, 1, table, line)
    for board, third in ((3, board_3), (4, board_4)):
        if third is None:
            continue
        for table, line in enumerate(LINES[board - 2][:2], 1):
            enter(event, board, 2, table, line)
        if isinstance(third, str):
            enter(event, board, 2, 3, third)
        else:
            services.adjust_score(
                event,
                board_number=board,
                round_no=2,
                table=3,
                by=Actor.director(director, "the director's ruling"),
                **third,
            )
    return event


def lines_of(event, number):
    return travellers.traveller(event, Board.objects.get(event=event, number=number))


def page(client, name, *args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def shown(x, top):
    return one_decimal(x) if top is None else mp_text(x)


def credits_each_player(event, number):
    """Every line of the board: its "how" names each of its four players with the score
    his card gives him on the board, the partnership's stored comparison."""
    for tl in lines_of(event, number):
        if tl.line.ns_score is None:
            assert "For the players" not in tl.how
            continue
        for side in tl.players:
            for seat, label, _name in side:
                mine = tl.line.ns_score if seat in "NS" else tl.line.ew_score
                (row,) = [r for r in player_card(event, label) if r["board"] == number]
                assert row["line"].ns_score == tl.line.ns_score
                assert row["score"] == travellers.score_text(mine, tl.line.top)
                assert f"{SEATS[seat]} {label}" in tl.how
                assert f"score {shown(mine, tl.line.top)} each" in tl.how


def test_a_law_h_line_names_each_players_score(director, client):
    event = individual(director, published=True)
    # 157 - 7/3 = 464/3 = +154.7 to North 7 and South 1, -154.7 to East 12 and West 8.
    said = page(client, "event_traveller", event.pk, 1)
    assert (
        "Net +157 against the average +2.3 of 3 lines: +154.7 (Law H). For the players: "
        "North 7 and South 1 score +154.7 each, East 12 and West 8 score -154.7 each " + CREDITED
    ) in said
    (first,) = [tl for tl in lines_of(event, 1) if tl.result.table == 1]
    assert first.line.ns_score == Fraction(464, 3)
    credits_each_player(event, 1)
    credits_each_player(event, 2)


def test_a_matchpoint_line_counts_the_other_tables(director, client):
    event = individual(director, "matchpoints", published=True)
    # Board 1: +157 beats both other tables, 4 of 4; -50 beats -100, 2 of 4.
    said = page(client, "event_traveller", event.pk, 1)
    assert (
        "Beat 2, tied 0, lost 0 of the 2 other tables: 4 of 4 matchpoints; East-West the "
        "other 0 (matchpoints). For the players: North 7 and South 1 score 4 each, East 12 "
        "and West 8 score 0 each " + CREDITED
    ) in said
    assert "Beat 1, tied 0, lost 1 of the 2 other tables: 2 of 4 matchpoints" in said
    credits_each_player(event, 1)


@pytest.mark.parametrize("method", ["total", "matchpoints"])
@pytest.mark.parametrize(
    ("third", "kind", "words"),
    [
        ({"adjusted": "plus/minus"}, "assigned", "Average-plus to North-South"),
        ("ns-lowest", "law-b", "An artificial score: the lowest North-South score"),
        (
            {"adjusted": "weighted", "weights": [("1/3", 157), ("2/3", -100)]},
            "weighted",
            "A weighted score (the director's adjusted score)",
        ),
        ({"adjusted": "not-played"}, "not-played", "Not played: the board counts for none of"),
    ],
    ids=["assigned", "law-b", "weighted", "not-played"],
)
def test_each_kind_of_line_is_its_stored_comparison_for_each_player(
    director, method, third, kind, words
):
    event = individual(director, method, board_3=third, board_4="4H S 9")
    lines = lines_of(event, 3)
    (adjusted,) = [tl for tl in lines if tl.result.table == 3]
    assert words in adjusted.how
    seated = [IndividualLine(as_individual(tl.line.result), *tl.line[1:]) for tl in lines]
    explained = explain_individual_board(seated, event.adjusted_values)
    assert [e.kind for e in explained][2] == kind
    assert [tl.how for tl in lines] == [e.sentence for e in explained]
    assert [e.score for e in explained] == [tl.line.ns_score for tl in lines]
    if kind == "not-played":
        assert "For the players" not in adjusted.how
        notes = travellers.adjusted_notes(event, Board.objects.get(event=event, number=3), lines)
        assert any("its four players score nothing on it" in n for n in notes)
    else:
        # Table 3 of round 2: North 1, East 3, South 11, West 5.
        assert "For the players: North 1 and South 11 score " in adjusted.how
        assert adjusted.how.endswith(CREDITED)
    credits_each_player(event, 3)


def test_each_players_total_is_the_sum_of_his_boards_linked_to_his_card(director, client):
    event = individual(director, published=True)
    rows = {r.pair: r for r in individual_contest(event)}
    # Player 7, North at table 1 on boards 1 and 2: 464/3 + (18 - 8/3) = 464/3 + 46/3 = 170.
    assert rows["7"].score == 170
    assert rows["7"].how == (
        "The sum of his scores against the average on his 2 boards: +170 (Law H)."
    )
    for label, row in rows.items():
        card = player_card(event, label)
        own = [r["line"].ns_score if r["direction"] == "NS" else r["line"].ew_score for r in card]
        assert sum(own) == row.score, label
    said = page(client, "event_standings", event.pk)
    card = reverse("event_player", args=[event.pk, "7"])
    assert card == f"/events/{event.pk}/players/7/"
    assert f'{rows["7"].how} <a href="{card}">His boards, one by one</a>.' in said
    assert "Its boards" not in said


def test_a_factored_total_says_the_most_players(director, client):
    # Board 4 not played at table 3: North 1, South 11, East 3 and West 5 compared on three
    # boards, the others on four (B = 4).
    event = individual(
        director,
        board_3="4H S 9",
        board_4={"adjusted": "not-played"},
        factoring="factored",
        published=True,
    )
    rows = {r.pair: r for r in individual_contest(event)}
    one = rows["1"]
    assert (one.compared, one.factor_to) == (3, 4)
    assert one.score == one.as_played_value * 4 / 3
    assert one.how.startswith("The sum of his scores on the 3 boards he played with a comparison")
    assert one.how.endswith(
        "× 4 ÷ 3 = "
        + shown(one.score, None)
        + " (factored: 4 boards is what the most players played)."
    )
    said = page(client, "event_standings", event.pk)
    assert "the number of boards the most players played" in said
    assert "most pairs" not in said


def test_the_card_puts_each_board_against_the_field_and_sums_up_his_evening(director, client):
    event = individual(director, published=True)
    # Player 1 sat South at table 1: board 1 "4H S 10" he declared and made; board 2
    # "2S N 8" his partner 7 declared.  Both above the average.
    one = page(client, "event_player", event.pk, "1")
    assert "</strong> 2 of 2 boards above average; declared 1, made 1." in one
    assert (
        "The field: best +157, average +2.3; you scored +157: +154.7 (beat 2, tied 0, lost 0 "
        "of the 2 other tables)."
    ) in one
    # His partner 7 declared board 2; East 12 neither, and both his boards were below.
    assert "declared 1, made 1." in page(client, "event_player", event.pk, "7")
    assert "0 of 2 boards above average; declared 0, made 0." in page(
        client, "event_player", event.pk, "12"
    )
    # The card's board links to its traveller with his partnership's line marked.
    assert f'href="/events/{event.pk}/boards/1/?pair=7%261"' in one
    response = client.get(reverse("event_traveller", args=[event.pk, 1]), {"pair": "7&1"})
    marked = html.unescape(response.content.decode())
    assert marked.count('<tr class="ours">') == 1
    assert "(the line of the card you came from)" in marked


def test_the_record_of_corrections_shows_on_his_card_and_the_traveller(director, client):
    event = individual(director)
    first = services.live_result(event, 1, 1, 1)
    services.correct_result(
        first, entry=Entry("4H", "S", 9), by=Actor.director(director, "a trick miscounted")
    )
    services.set_published(event, True, by=Actor.director(director))
    heading = "(North 7, South 1 v East 12, West 8)"
    for label in ("7", "1", "12", "8"):
        card = page(client, "event_player", event.pk, label)
        assert "The record of corrections" in card and heading in card, label
        assert "Why: a trick miscounted" in card and "by the director" in card
    # Player 6 sat at table 2: the line is not his.
    assert "The record of corrections" not in page(client, "event_player", event.pk, "6")
    assert heading in page(client, "event_traveller", event.pk, 1)
    # Kept for the directors: the public card shows none.
    display.set_record_open(event, False, by=Actor.director(director))
    assert "The record of corrections" not in page(client, "event_player", event.pk, "7")


def test_each_board_of_his_card_against_par_where_the_hand_was_solved(director, client):
    event = individual(director, dealt=True, published=True)
    rows = {r["board"]: r for r in player_card(event, "12")}
    said = page(client, "event_player", event.pk, "12")
    for number in (1, 2):
        par = hand_records.par_of(Board.objects.get(event=event, number=number))
        assert par is not None
        # Player 12 sat East: par and his net from East-West's side.
        against = rows[number]["net"] + par.score
        words = (
            "at par"
            if against == 0
            else f"{abs(against)} {'above' if against > 0 else 'below'} par"
        )
        assert f"Par {one_decimal(-par.score)}" in said and words in said
    assert "at or above par on " in said


def test_the_tablet_says_a_board_not_played_counts_for_none_of_its_players(director, client):
    from tournament.services import tablets

    event = individual(director)
    result = services.adjust_score(
        event,
        board_number=2,
        round_no=1,
        table=3,
        adjusted="not-played",
        by=Actor.director(director, "no time left"),
    )
    link = tablets.link_for(event, 3)
    said = html.unescape(client.get(f"/t/{link.token}/results/{result.pk}/").content.decode())
    assert "Not played: this board counts for none of the four players at this table." in said
