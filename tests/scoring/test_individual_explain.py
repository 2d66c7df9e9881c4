"""An individual's traveller lines explained for their players (scoring/individual_explain.py)
against the stored comparison: golden examples of each method and each kind of line,
and a property over random boards that every sentence's figures are the stored line's and
hold player by player (docs/laws/duplicate.md, "Individuals").

The golden board: four tables, players 1 to 16, (N, E, S, W) at each.

    T1 N1 E2 S3 W4     +205      T3 N9 E10 S11 W12   +120
    T2 N5 E6 S7 W8     +100      T4 N13 E14 S15 W16  +120 (or adjusted)
"""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.adjusted import NOT_PLAYED, WEIGHTED
from scoring.individual_explain import as_board_line, explain_individual_board, players_credit
from scoring.individuals import IndividualResult, compare_individual_boards
from scoring.pairs import neuberg
from scoring.pairs.evening import board_evening
from scoring.pairs.explain import PLAYERS, explain_total

CREDITED = "(a partnership's score is both its players')."


def table(t, net, adjusted=None, weights=None):
    first = 4 * (t - 1)
    n, e, s, w = (str(first + k) for k in (1, 2, 3, 4))
    return IndividualResult(1, n, e, s, w, net, adjusted, weights)


def board(fourth=(120,), method="total", expected=None):
    results = [table(1, 205), table(2, 100), table(3, 120), table(4, *fourth)]
    lines = compare_individual_boards(results, method, expected=expected)
    return lines, explain_individual_board(lines)


def test_law_h_names_the_partnerships_figure_for_each_player():
    # The four nets add to 545: the average 545/4 = 136.25 is also the eight North-South
    # players' (each holds his table's net); 205 - 545/4 = 275/4 = +68.75.
    lines, ex = board()
    players_average = Fraction(2 * 205 + 2 * 100 + 4 * 120, 8)
    assert ex[0].average == players_average == Fraction(545, 4)
    assert ex[0].score == lines[0].ns_score == Fraction(275, 4)
    assert ex[0].net - ex[0].average == ex[0].score
    assert ex[0].sentence == (
        "Net +205 against the average +136.3 of 4 lines: +68.8 (Law H). For the players: "
        "North 1 and South 3 score +68.8 each, East 2 and West 4 score -68.8 each " + CREDITED
    )
    # Each player's score is the one his sentence credits him.
    assert lines[0].player_scores() == {
        "1": Fraction(275, 4),
        "3": Fraction(275, 4),
        "2": Fraction(-275, 4),
        "4": Fraction(-275, 4),
    }


def test_matchpoints_count_the_other_tables_two_players_together():
    # T3's +120 beats T2's +100 (2), ties T4's +120 (1), loses to T1: 3 of 6.  Counted by
    # player: North-South 5 and 7 beaten, 13 and 15 tied: 2 + 2 x 1/2 = 3, the same.
    lines, ex = board(method="matchpoints")
    e = ex[2]
    assert (e.beat, e.tied, e.lost, e.raw, e.top) == (1, 1, 1, 3, 6)
    assert e.score == lines[2].ns_score == 3
    assert e.sentence == (
        "Beat 1, tied 1, lost 1 of the 3 other tables: 3 of 6 matchpoints; East-West the "
        "other 3 (matchpoints). For the players: North 9 and South 11 score 3 each, "
        "East 10 and West 12 score 3 each " + CREDITED
    )


def test_a_line_not_played_counts_for_none_of_its_four_players():
    # T4 not played: the others are compared on three lines, factored up to the top of 6
    # (Neuberg: T1's 4 of 4 is (4 + 1) x 4 / 3 - 1 = 17/3).
    lines, ex = board((None, NOT_PLAYED), "matchpoints", expected=4)
    assert ex[3].kind == "not-played" and ex[3].score is None
    assert lines[3].player_scores() == {}
    assert ex[3].sentence.startswith(
        "Not played: the board counts for none of its four players, and this line takes no "
        "part in the others' comparison"
    )
    assert "For the players" not in ex[3].sentence
    assert ex[0].score == lines[0].ns_score == neuberg(4, 4, 3) == Fraction(17, 3)
    assert "(Neuberg: (4 + 1) × 4 ÷ 3 − 1 = 5.67)" in ex[0].sentence
    assert "North 1 and South 3 score 5.67 each, East 2 and West 4 score 0.33 each" in (
        ex[0].sentence
    )


def test_an_assigned_score_goes_to_both_players_of_each_partnership():
    # Average-plus to T4's North-South: +50 against the board's average, to both players.
    lines, ex = board((None, "plus/minus"))
    assert ex[3].kind == "assigned" and ex[3].score == lines[3].ns_score == 50
    assert ex[3].sentence.startswith("Average-plus to North-South: +50 against the board's")
    assert ex[3].sentence.endswith(
        "For the players: North 13 and South 15 score +50 each, East 14 and West 16 score "
        "-50 each " + CREDITED
    )


def test_a_law_b_score_goes_to_both_players_of_each_partnership():
    # ns-lowest takes +100; the nets add to 205 + 100 + 120 + 100 = 525, average 525/4;
    # 100 - 525/4 = -125/4 = -31.25 to North 13 and South 15.
    lines, ex = board((None, "ns-lowest"))
    assert ex[3].kind == "law-b" and ex[3].score == lines[3].ns_score == Fraction(-125, 4)
    assert ex[3].net - ex[3].average == ex[3].score
    assert ex[3].sentence.endswith(
        "(Law B(3), Law H). For the players: North 13 and South 15 score -31.3 each, "
        "East 14 and West 16 score +31.3 each " + CREDITED
    )


def test_a_weighted_score_goes_to_both_players_of_each_partnership():
    # 1/2 of +205 and 1/2 of -50 by matchpoints against +205, +100 and +120: as +205 it
    # beats two and ties one (5), as -50 it beats none (0): 5/2 of 6.
    weights = ((Fraction(1, 2), 205), (Fraction(1, 2), -50))
    lines, ex = board((None, WEIGHTED, weights), "matchpoints")
    assert ex[3].kind == "weighted" and ex[3].score == lines[3].ns_score == Fraction(5, 2)
    assert "as +205 it earns 5 and as -50 it earns 0; 1/2 × 5 + 1/2 × 0: 2.50 of 6" in (
        ex[3].sentence
    )
    assert ex[3].sentence.endswith(
        "North 13 and South 15 score 2.50 each, East 14 and West 16 score 3.50 each " + CREDITED
    )


def test_where_a_player_stood_counts_the_other_tables():
    lines, _ = board(method="matchpoints")

    # Player 10 sat East at table 3: +120 to North-South is -120 to him; East-West at
    # T2 (-100) did better, at T1 (-205) worse, at T4 the same.
    b = board_evening(1, "EW", as_board_line(lines[2]), {205: 1, 100: 1, 120: 2}, entries=PLAYERS)
    assert (b.beat, b.tied, b.lost, b.score) == (1, 1, 1, 3)
    assert b.sentence == (
        "The field: best -100; top 6, average 3; you scored -120: 3 matchpoints "
        "(beat 1, tied 1, lost 1 of the 3 other tables)."
    )


def test_a_players_total_says_his_boards():
    assert explain_total(Fraction(181, 2), 3, entries=PLAYERS) == (
        "The sum of his scores against the average on his 3 boards: +90.5 (Law H)."
    )
    assert explain_total(4, 3, percent=Fraction(200, 3), entries=PLAYERS) == (
        "The sum of his matchpoints on his 3 boards, 4: 66.67% of the tops he played (matchpoints)."
    )
    assert explain_total(288, 10, as_played=240, compared=10, factor_to=12, entries=PLAYERS) == (
        "The sum of his scores on the 10 boards he played with a comparison, +240, × 12 ÷ 10 "
        "= +288 (factored: 12 boards is what the most players played)."
    )


@st.composite
def boards(draw):
    """A board of 3 to 6 tables, each line real or (at most one) adjusted."""
    n = draw(st.integers(3, 6))  # Law B(3) needs three tables
    nets = draw(
        st.lists(st.sampled_from([-300, -50, 0, 18, 100, 120, 205]), min_size=n, max_size=n)
    )
    results = [table(t, net) for t, net in enumerate(nets, 1)]
    kind = draw(st.sampled_from(["none", "none", "law-b", "assigned", "weighted", "not"]))
    last = results[-1]
    if kind == "law-b":
        results[-1] = last._replace(net_ns=None, adjusted="average")
    elif kind == "assigned":
        results[-1] = last._replace(net_ns=None, adjusted="plus/minus")
    elif kind == "weighted":
        w = ((Fraction(1, 3), nets[0]), (Fraction(2, 3), nets[-1]))
        results[-1] = last._replace(net_ns=None, adjusted=WEIGHTED, weights=w)
    elif kind == "not":
        results[-1] = last._replace(net_ns=None, adjusted=NOT_PLAYED)
    return results, draw(st.sampled_from(["total", "matchpoints"]))


@settings(max_examples=80, deadline=None)
@given(boards())
def test_every_sentence_is_the_stored_comparison_player_by_player(drawn):
    results, method = drawn
    lines = compare_individual_boards(results, method)
    explained = explain_individual_board(lines)
    real = [line for line in lines if line.result.adjusted is None]
    for line, e in zip(lines, explained, strict=True):
        assert e.score == line.ns_score
        credit = players_credit(line)
        assert e.sentence.endswith(credit)
        if line.ns_score is None:
            assert credit == "" and line.player_scores() == {}
            continue
        r = line.result
        for seat, label in zip("NESW", r.players, strict=True):
            name = {"N": "North", "E": "East", "S": "South", "W": "West"}[seat]
            assert f"{name} {label}" in credit
        if e.kind == "law-h":
            # The average is the players': every North-South player holds his table's net.
            held = [x.net_ns for x in lines if x.net_ns is not None for _ in (0, 1)]
            assert e.average == Fraction(sum(held), len(held))
            assert e.net - e.average == e.score
        if e.kind == "matchpoints" and not e.mixed and e.top == 2 * (len(real) - 1):
            # One matchpoint a North-South player of another table beaten, a half a tied.
            own = r.net_ns
            others = [x.result.net_ns for x in real if x is not line for _ in (0, 1)]
            by_player = sum(1 for v in others if v < own) + Fraction(
                sum(1 for v in others if v == own), 2
            )
            assert e.raw == by_player == e.score
