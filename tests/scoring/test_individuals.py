"""Individual contests (scoring.individuals): each player credited with his
partnership's comparison, checked by hand (docs/laws/duplicate.md, "Individuals")
and against the pair contest where the partnerships never change."""

import re
from collections import Counter, defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError
from scoring.individuals import (
    IndividualResult,
    compare_individual_boards,
    individual_standings,
    player_boards,
)
from scoring.pairs import BoardResult, pair_standings

# Twelve players at three tables, two rounds of two boards.  Player 12 left after
# round 1 and player 13 came late for round 2, in 12's seat.
#   Round 1 (boards 1-2):  T1 N1 E2 S3 W4;   T2 N5 E6 S7 W8;   T3 N9 E10 S11 W12
#   Round 2 (boards 3-4):  T1 N1 E7 S10 W4;  T2 N5 E11 S2 W8;  T3 N9 E3 S6 W13
# Net scores to North-South and the Law H differences (NS; EW is the negative):
#   Board 1: +100, +40, -20          average 40:   T1 +60,  T2 0,   T3 -60
#   Board 2: -50, +150, +200         average 100:  T1 -150, T2 +50, T3 +100
#   Board 3: +30, Law B average, +90 the artificial score is the real average 60;
#                                    average 60:   T1 -30,  T2 0,   T3 +30
#   Board 4: +80, 0, +10             average 30:   T1 +50,  T2 -30, T3 -20
# Round 1 sums: NS 1,3: 60-150 = -90 (EW 2,4: +90); NS 5,7: 0+50 = 50 (EW 6,8: -50);
#               NS 9,11: -60+100 = 40 (EW 10,12: -40).
# Round 2 sums: NS 1,10: -30+50 = 20 (EW 7,4: -20); NS 5,2: 0-30 = -30 (EW 11,8: +30);
#               NS 9,6: 30-20 = 10 (EW 3,13: -10).
# Players: 1: -90+20 = -70; 2: 90-30 = 60; 3: -90-10 = -100; 4: 90-20 = 70;
#   5: 50-30 = 20; 6: -50+10 = -40; 7: 50-20 = 30; 8: -50+30 = -20; 9: 40+10 = 50;
#   10: -40+20 = -20; 11: 40+30 = 70; 12: -40 (two boards); 13: -10 (two boards).
#   The thirteen sums add to 0.
# Factored: 11 players compared on 4 boards, so B = 4; 12: -40 x 4 / 2 = -80 and
#   13: -10 x 4 / 2 = -20.
EVENING = [
    IndividualResult(1, "1", "2", "3", "4", 100),
    IndividualResult(1, "5", "6", "7", "8", 40),
    IndividualResult(1, "9", "10", "11", "12", -20),
    IndividualResult(2, "1", "2", "3", "4", -50),
    IndividualResult(2, "5", "6", "7", "8", 150),
    IndividualResult(2, "9", "10", "11", "12", 200),
    IndividualResult(3, "1", "7", "10", "4", 30),
    IndividualResult(3, "5", "11", "2", "8", None, "average"),
    IndividualResult(3, "9", "3", "6", "13", 90),
    IndividualResult(4, "1", "7", "10", "4", 80),
    IndividualResult(4, "5", "11", "2", "8", 0),
    IndividualResult(4, "9", "3", "6", "13", 10),
]


def table(standings):
    return [(s.player, s.score, s.rank, s.boards) for s in standings]


def test_standings_by_player_worked_by_hand():
    assert table(individual_standings(EVENING, "total")) == [
        ("4", 70, "1=", 4),
        ("11", 70, "1=", 4),
        ("2", 60, "3", 4),
        ("9", 50, "4", 4),
        ("7", 30, "5", 4),
        ("5", 20, "6", 4),
        ("13", -10, "7", 2),
        ("8", -20, "8=", 4),
        ("10", -20, "8=", 4),
        ("6", -40, "10=", 4),
        ("12", -40, "10=", 2),
        ("1", -70, "12", 4),
        ("3", -100, "13", 4),
    ]
    assert sum(s.score for s in individual_standings(EVENING, "total")) == 0


def test_factored_scales_the_late_and_the_withdrawn_player():
    rows = {s.player: s for s in individual_standings(EVENING, "total", factoring="factored")}
    assert (rows["12"].score, rows["12"].as_played, rows["12"].compared) == (-80, -40, 2)
    assert (rows["13"].score, rows["13"].as_played, rows["13"].factor_to) == (-20, -10, 4)
    assert rows["4"].score == 70 and rows["4"].factor_to == 4
    assert rows["13"].rank == "7=" and rows["8"].rank == "7="  # -20 each


def test_matchpoints_by_player_worked_by_hand():
    # Top 2 x (3 - 1) = 4.  Player 1 sat North at table 1 on every board:
    #   board 1 +100, the best of three: 4; board 2 -50, the worst: 0;
    #   board 3 +30 against +90 with table 2's Law B average: the two real scores are
    #   matchpointed alone (30: 0) and factored up by Neuberg, (0 + 1) x 3 / 2 - 1 = 1/2;
    #   board 4 +80, the best: 4.  Sum 8 1/2 of 16: 53.125%.
    # Player 12 sat West at table 3 on boards 1 and 2: -20 is NS's worst, so EW 4;
    #   +200 is NS's best, so EW 0.  Sum 4 of 8: 50%.
    rows = {s.player: s for s in individual_standings(EVENING, "matchpoints")}
    assert rows["1"].score == Fraction(17, 2)
    assert rows["1"].percent == Fraction(425, 8)  # 53.125
    assert rows["1"].display == "8.50"
    assert (rows["12"].score, rows["12"].percent, rows["12"].boards) == (4, 50, 2)
    # Player 13 sat East-West at table 3 on boards 3 and 4: +90 is NS's better real
    #   score on board 3, NS 2 factored to 7/2, so EW 4 - 7/2 = 1/2; +10 beats only 0 on
    #   board 4, NS 2, EW 2.  Sum 2 1/2 of 8: 31.25%.
    # Players are ranked on their percentages (they played different numbers of tops).
    assert rows["13"].score == Fraction(5, 2) and rows["13"].percent == Fraction(125, 4)
    order = [s.player for s in individual_standings(EVENING, "matchpoints")]
    assert order.index("1") < order.index("12")
    percents = [s.percent for s in individual_standings(EVENING, "matchpoints")]
    assert percents == sorted(percents, reverse=True)


def test_a_players_score_card_worked_by_hand():
    # Player 4 sat West at table 1 in both rounds: partner 2 then 7, opponents North
    # (his left) and South.  Nets to East-West are the negatives of North-South's:
    #   board 1: -100, EW -60; board 2: +50, EW +150;
    #   board 3: -30, EW +30; board 4: -80, EW -50.  Sum -60 + 150 + 30 - 50 = 70.
    card = player_boards(compare_individual_boards(EVENING, "total"), "4")
    assert [(c.board, c.seat, c.partner, c.opponents, c.net, c.score) for c in card] == [
        (1, "W", "2", ("1", "3"), -100, -60),
        (2, "W", "2", ("1", "3"), 50, 150),
        (3, "W", "7", ("1", "10"), -30, 30),
        (4, "W", "7", ("1", "10"), -80, -50),
    ]
    # Player 5 at table 2's Law B average on board 3: the artificial net, 60, is his.
    board_3 = player_boards(compare_individual_boards(EVENING, "total"), "5")[2]
    assert (board_3.seat, board_3.net, board_3.score, board_3.adjusted) == ("N", 60, 0, "average")


def test_law_b_goes_to_both_players_of_the_partnership():
    lines = compare_individual_boards(EVENING, "total")
    law_b = next(line for line in lines if line.result.adjusted == "average")
    assert law_b.net_ns == 60
    assert law_b.player_scores() == {"5": 0, "2": 0, "11": 0, "8": 0}
    lines = compare_individual_boards(EVENING, "matchpoints")
    law_b = next(line for line in lines if line.result.adjusted == "average")
    assert law_b.player_scores() == {"5": 2, "2": 2, "11": 2, "8": 2}  # half the top


def test_the_directors_adjusted_score_goes_to_both_partners():
    results = [*EVENING[:9], IndividualResult(4, "1", "7", "10", "4", None, "plus/minus")]
    results += EVENING[10:]
    lines = compare_individual_boards(results, "total")
    # Average-plus is 50 points above the average, average-minus 50 below.
    assert lines[9].player_scores() == {"1": 50, "10": 50, "7": -50, "4": -50}


def test_a_line_not_played_counts_no_board_for_its_players():
    results = [*EVENING[:11], IndividualResult(4, "9", "3", "6", "13", None, "not-played")]
    rows = {s.player: s for s in individual_standings(results, "total")}
    assert rows["13"].boards == 1 and rows["9"].boards == 3


@pytest.mark.parametrize(
    "bad, words",
    [
        (IndividualResult(1, "1", "2", "1", "4", 100), "player 1 cannot sit in two seats"),
        (IndividualResult(1, "1", "2", "", "4", 100), "every seat needs a player (S is empty)"),
    ],
)
def test_a_table_needs_four_different_players(bad, words):
    with pytest.raises(ScoringError, match=re.escape(words)):
        individual_standings([bad, *EVENING[1:]])


def test_a_player_cannot_play_a_board_twice():
    twice = IndividualResult(1, "5", "6", "7", "1", 40)
    with pytest.raises(
        ScoringError, match=r"player 1 already has a result on board 1 \(result 1\)"
    ):
        individual_standings([EVENING[0], twice])


def test_law_b_refused_in_a_two_table_contest():
    results = [
        IndividualResult(1, "1", "2", "3", "4", 100),
        IndividualResult(1, "5", "6", "7", "8", None, "average"),
    ]
    with pytest.raises(ScoringError, match="two-table"):
        individual_standings(results)


PLAYERS = [str(p) for p in range(1, 17)]


@st.composite
def evenings(draw):
    """An individual of 8-16 players (a multiple of four), 1-4 rounds of 1-2 boards,
    each round seating the players anew; net scores in tens, some Law B averages."""
    tables = draw(st.integers(2, 4))
    players = PLAYERS[: 4 * tables]
    rounds = draw(st.integers(1, 4))
    per_round = draw(st.integers(1, 2))
    results = []
    for rnd in range(rounds):
        seating = draw(st.permutations(players))
        for b in range(per_round):
            board = rnd * per_round + b + 1
            law_b = draw(st.integers(-1, tables - 1)) if tables > 2 else -1
            for t in range(tables):
                n, e, s, w = seating[4 * t : 4 * t + 4]
                if t == law_b and t > 0:
                    results.append(IndividualResult(board, n, e, s, w, None, "average"))
                else:
                    net = 10 * draw(st.integers(-50, 50))
                    results.append(IndividualResult(board, n, e, s, w, net))
    return results


@settings(max_examples=60, deadline=None)
@given(evenings(), st.sampled_from(["total", "matchpoints"]))
def test_partners_equal_and_each_direction_balanced(results, method):
    lines = compare_individual_boards(results, method)
    by_board: dict[int, list] = defaultdict(list)
    for line in lines:
        got = line.player_scores()
        r = line.result
        assert got[r.n] == got[r.s] and got[r.e] == got[r.w]
        by_board[r.board].append(line)
    for board_lines in by_board.values():
        if method == "total":  # Law H: each direction's players sum to nothing
            assert sum(2 * line.ns_score for line in board_lines) == 0
        else:  # matchpoints: each table's two sides share the top
            assert all(line.ns_score + line.ew_score == line.top for line in board_lines)
    standings = individual_standings(results, method)
    played = Counter(p for r in results for p in r.players)
    assert {s.player: s.boards for s in standings} == dict(played)
    for s in standings:  # each player's card adds up to his standing
        card = player_boards(lines, s.player)
        assert len(card) == s.boards
        assert sum(c.score for c in card) == s.score


@settings(max_examples=60, deadline=None)
@given(evenings(), st.sampled_from(["total", "matchpoints"]))
def test_fixed_partnerships_score_as_the_pair_contest(results, method):
    """Keep the first board's tables for every board, so the partnerships never
    change: each player's standing is then his pair's in the pair contest, to the
    fraction (both partners the pair's score, the same boards and percentage)."""
    boards = sorted({r.board for r in results})
    tables = [r for r in results if r.board == boards[0]]
    fixed = [
        IndividualResult(board, t.n, t.e, t.s, t.w, r.net_ns, r.adjusted)
        for board in boards
        for t, r in zip(tables, [r for r in results if r.board == board], strict=True)
    ]
    pair_of = {}
    for t in tables:
        pair_of[t.n] = pair_of[t.s] = f"{t.n}-{t.s}"
        pair_of[t.e] = pair_of[t.w] = f"{t.e}-{t.w}"
    pairs = [BoardResult(r.board, pair_of[r.n], pair_of[r.e], r.net_ns, r.adjusted) for r in fixed]
    by_pair = {s.pair: s for s in pair_standings(pairs, method)}
    standings = individual_standings(fixed, method)
    assert len(standings) == 2 * len(by_pair)
    for s in standings:
        pair = by_pair[pair_of[s.player]]
        assert (s.score, s.boards, s.percent) == (pair.score, pair.boards, pair.percent)


def by_the_reading(results, method):
    """Each player's sum worked straight from the reading, player by player: on each
    board his partnership's net against every player who held his direction (Law H:
    his net less their average; matchpoints: 2 for each such player of another table
    beaten, 1 for each tie, halved, since each table holds two of them)."""
    from scoring.irregular import artificial_net

    sums: dict[str, Fraction] = defaultdict(Fraction)
    boards: dict[int, list] = defaultdict(list)
    for r in results:
        boards[r.board].append(r)
    for lines in boards.values():
        real = [r.net_ns for r in lines if r.adjusted is None]
        seated = []  # (player, table index, his side's net)
        for t, r in enumerate(lines):
            net = r.net_ns if r.adjusted is None else artificial_net(real, r.adjusted)
            seated += [(r.n, t, net), (r.s, t, net), (r.e, t, -net), (r.w, t, -net)]
        for player, table, net in seated:
            ns = player in (lines[table].n, lines[table].s)
            field = [(t, v) for p, t, v in seated if (p in (lines[t].n, lines[t].s)) == ns]
            if method == "total":
                sums[player] += net - Fraction(sum(v for _, v in field), len(field))
            else:
                others = [v for t, v in field if t != table]
                sums[player] += Fraction(sum(2 * (net > v) + (net == v) for v in others), 2)
    return dict(sums)


@settings(max_examples=60, deadline=None)
@given(evenings(), st.sampled_from(["total", "matchpoints"]))
def test_the_standings_are_the_reading_worked_player_by_player(results, method):
    if method == "matchpoints":  # Law B and Neuberg have their own tests; plain boards here
        results = [r for r in results if r.adjusted is None]
        tables = Counter(r.board for r in results)
        results = [r for r in results if tables[r.board] == max(tables.values())]
    expected = by_the_reading(results, method)
    got = {s.player: s.score for s in individual_standings(results, method)}
    assert got == expected
