"""An individual's standings by player and his score card, worked out in the app from
the tablets' lines by scoring.individuals (docs/laws/duplicate.md, "Individuals").

The hand-checked evening: individual-8-r3, one board a round, 1915 laws.

    Round 1, board 1: T1 N3 S4 v E7 W2  4H S 10 = +157 | T2 N8 S6 v E1 W5  2S N 8 = +18
    Round 2, board 2: T1 N4 S5 v E1 W3  1NT E 7 = -10  | T2 N8 S7 v E2 W6  3C W 9 = -18
    Round 3, board 3: T1 N5 S6 v E2 W4  4H S 9  = -50  | T2 N8 S1 v E3 W7  PASS    = 0

Law H, each table's score against the board's average (87.5, -14, -25), shared by
the two partners:
    board 1: T1 NS +69.5, EW -69.5; T2 NS -69.5, EW +69.5
    board 2: T1 NS +4,    EW -4;    T2 NS -4,    EW +4
    board 3: T1 NS -25,   EW +25;   T2 NS +25,   EW -25
Each player's sum:
    1: +69.5 - 4 + 25 = 90.5      5: +69.5 + 4 - 25 = 48.5
    2: -69.5 + 4 + 25 = -40.5     6: -69.5 + 4 - 25 = -90.5
    3: +69.5 - 4 - 25 = 40.5      7: -69.5 - 4 - 25 = -98.5
    4: +69.5 + 4 + 25 = 98.5      8: -69.5 - 4 + 25 = -48.5
(the eight add to nothing).  By matchpoints (two tables, a top of 2): player 1 beats
the other East-West on board 1 (2), loses as East on board 2 (0), beats as North on
board 3 (2): 4 of 6, 66.67%; player 7 loses all three: 0%.
"""

from fractions import Fraction

import pytest
from django.urls import reverse

from tournament import services
from tournament.models import Individual
from tournament.queries.individual_standings import individual_contest, player_card
from tournament.services import Actor

from ..factories import enter, make_event

LINES = [
    (1, 1, 1, "4H S 10"),
    (1, 1, 2, "2S N 8"),
    (2, 2, 1, "1NT E 7"),
    (2, 2, 2, "3C W 9"),
    (3, 3, 1, "4H S 9"),
    (3, 3, 2, "PASS"),
]


def evening(director, names=None, lines=LINES, **fields):
    """The hand-checked 8-player evening (``individual-8-r3``, a board a round), its
    players named by ``names`` (players 4 and 1 unless given) and ``lines`` entered."""
    event = make_event(
        director,
        form="individual",
        movement_name="individual-8-r3",
        tables=0,
        boards_per_round=1,
        individual_names={"4": "Jane Alden", "1": "Tom Bird"} if names is None else names,
        **fields,
    )
    for board, round_no, table, line in lines:
        enter(event, board, round_no, table, line)
    return event


def test_the_nets_are_the_comments(director):
    event = evening(director)
    nets = {
        (r.board.number, r.table): r.net_ns for r in event.result_set.live().select_related("board")
    }
    assert nets == {(1, 1): 157, (1, 2): 18, (2, 1): -10, (2, 2): -18, (3, 1): -50, (3, 2): 0}


def test_law_h_standings_by_player_are_the_hand_sums(director):
    rows = individual_contest(evening(director))
    assert [(r.pair, r.score, r.rank) for r in rows] == [
        ("4", Fraction(197, 2), "1"),
        ("1", Fraction(181, 2), "2"),
        ("5", Fraction(97, 2), "3"),
        ("3", Fraction(81, 2), "4"),
        ("2", Fraction(-81, 2), "5"),
        ("8", Fraction(-97, 2), "6"),
        ("6", Fraction(-181, 2), "7"),
        ("7", Fraction(-197, 2), "8"),
    ]
    assert sum(r.score for r in rows) == 0
    assert rows[0].names == "Jane Alden" and rows[0].display == "99" and rows[0].boards == 3


def test_matchpoint_standings_by_player(director):
    rows = {r.pair: r for r in individual_contest(evening(director, method="matchpoints"))}
    assert (rows["1"].score, rows["1"].percent) == (4, "66.67")
    assert (rows["7"].score, rows["7"].percent) == (0, "0.00")


def test_a_players_score_card_adds_to_his_standing(director):
    event = evening(director)
    card = player_card(event, "1")
    assert [(r["board"], r["seat"], r["partner"], r["opponents"][0][0]) for r in card] == [
        (1, "E", "5", "6"),
        (2, "E", "3", "5"),
        (3, "S", "8", "7"),
    ]
    assert [r["net"] for r in card] == [-18, 10, 0]
    assert [r["score"] for r in card] == ["70", "-4", "25"]  # 69.5 shown to the point
    assert card[0]["result"].contract == "2S"


def test_the_pages_show_the_players(director, client):
    event = evening(director)
    for r in (1, 2, 3):
        services.close_round(event, r, by=Actor.director(director))
    services.set_published(event, True, by=Actor.director(director))
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "All players" in page and "Jane Alden" in page
    assert reverse("event_player", args=[event.pk, "4"]) in page
    # Player 4's 98.5 (197/2), rounded to 99: the exact column reads as a mixed number.
    assert '<td class="num wide">98 1/2</td>' in page and "197/2" not in page
    card = client.get(reverse("event_player", args=[event.pk, "1"])).content.decode()
    assert "Tom Bird" in card and "Jane Alden" not in card.split("<tbody>")[0]
    assert client.get(reverse("event_player", args=[event.pk, "99"])).status_code == 404


def test_before_publication_the_public_sees_no_card(director, client):
    event = evening(director)
    assert client.get(reverse("event_player", args=[event.pk, "1"])).status_code in (302, 403, 404)
    assert Individual.objects.filter(event=event).count() == 8


@pytest.mark.parametrize("fmt", ["total"])
def test_factored_standings_take_the_events_option(director, fmt):
    event = evening(director, method=fmt, factoring="factored")
    rows = individual_contest(event)
    assert all(r.factor_to == 3 for r in rows)


def test_a_table_round_not_played_leaves_its_players_fewer_boards(director):
    """Round 3 at table 2 marked not played (a player absent): players 8, 1, 3 and 7
    have two boards; board 3, now played at one table, compares with nothing (0 to
    each of table 1's players).  Sums: 1 and 3 +65.5, 4 and 5 +73.5, 2 and 6 -65.5,
    7 and 8 -73.5."""
    event = make_event(
        director,
        form="individual",
        movement_name="individual-8-r3",
        tables=0,
        boards_per_round=1,
    )
    services.set_absent(event, 3, 2, True, by=Actor.director(director))
    for board, round_no, table, line in LINES[:5]:
        enter(event, board, round_no, table, line)
    rows = {r.pair: r for r in individual_contest(event)}
    assert {p: rows[p].boards for p in rows} == {
        "1": 2, "2": 3, "3": 2, "4": 3, "5": 3, "6": 3, "7": 2, "8": 2
    }  # fmt: skip
    assert {p: rows[p].score for p in rows} == {
        "1": Fraction(131, 2), "3": Fraction(131, 2), "4": Fraction(147, 2),
        "5": Fraction(147, 2), "2": Fraction(-131, 2), "6": Fraction(-131, 2),
        "7": Fraction(-147, 2), "8": Fraction(-147, 2),
    }  # fmt: skip
