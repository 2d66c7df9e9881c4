"""Each traveller line's explanation (scoring/pairs/explain.py) against the stored
comparison: golden examples with their arithmetic, and a property over random boards
of every kind of line (real, Law B, assigned and split, weighted, not played, a fouled
board's versions) under both methods."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.adjusted import AdjustedValues, parse_awards
from scoring.pairs import BoardResult, compare_boards, explain_board, neuberg
from scoring.pairs.explain import one_decimal

SEVEN = [205, 100, 120, 120, -50, 300, 196]


def board(nets, *extra):
    lines = [BoardResult(1, f"n{i}", f"e{i}", net) for i, net in enumerate(nets, 1)]
    return lines + list(extra)


DEFAULTS = AdjustedValues()


def explained(results, method, expected=None, values=DEFAULTS):
    lines = compare_boards(results, method, values, expected=expected)
    return lines, explain_board(lines, values)


def test_law_h_golden():
    # The seven nets add to 991; the average is 991/7 = 141.57...; 205 - 991/7 = 444/7 = 63.43.
    lines, ex = explained(board(SEVEN), "total")
    assert ex[0].average == Fraction(991, 7) and ex[0].score == Fraction(444, 7)
    assert ex[0].sentence == "Net +205 against the average +141.6 of 7 lines: +63.4 (Law H)."
    assert ex[0].score == lines[0].ns_score


def test_matchpoints_golden():
    # +120 beats +100 and -50 (2 x 2 = 4), ties the other +120 (1), loses to three: 5 of 12.
    _, ex = explained(board(SEVEN), "matchpoints")
    assert (ex[2].beat, ex[2].tied, ex[2].lost, ex[2].raw, ex[2].score) == (2, 1, 3, 5, 5)
    assert ex[2].sentence == (
        "Beat 2, tied 1, lost 3 of 6: 5 of 12 matchpoints; East-West the other 7 (matchpoints)."
    )


def test_matchpoints_factored_golden():
    # Seven results on a board the event counts at nine: Neuberg (5 + 1) x 9 / 7 - 1 = 47/7.
    _, ex = explained(board(SEVEN), "matchpoints", expected=9)
    assert ex[2].raw == 5 and ex[2].score == Fraction(47, 7) and ex[2].top == 16
    assert "factored up to the top of 16 (Neuberg: (5 + 1) × 9 ÷ 7 − 1 = 6.71)" in ex[2].sentence
    assert "East-West the other 9.29" in ex[2].sentence


def test_law_b_golden():
    # ns-lowest takes -50; the eight nets add to 991 - 50 = 941, average 941/8 = 117.625;
    # -50 - 117.625 = -167.625.
    extra = BoardResult(1, "n8", "e8", None, "ns-lowest")
    lines, ex = explained(board(SEVEN, extra), "total")
    assert ex[7].kind == "law-b" and ex[7].net == -50 and ex[7].score == Fraction(-1341, 8)
    assert ex[7].sentence == (
        "An artificial score: the lowest North-South score on the board, net -50; against "
        "the average +117.6 of 8 lines: -167.6 (Law B(3), Law H)."
    )
    # In matchpoints it takes the lowest North-South matchpoints of the seven real lines,
    # -50's 0 of 12 factored up to the top of 14 on eight: (0 + 1) x 8 / 7 - 1 = 1/7.
    lines, ex = explained(board(SEVEN, extra), "matchpoints")
    assert ex[7].score == Fraction(1, 7) == lines[4].ns_score
    assert "0.14 of 14 to North-South, 13.86 to East-West (Law B(3))" in ex[7].sentence


def test_assigned_split_golden():
    # Average-plus to NS, average-minus to EW on a top of 12: 60% and 40% of 12, 7.2 and 4.8.
    extra = BoardResult(1, "n8", "e8", None, "plus/minus")
    _, ex = explained(board(SEVEN[:6], extra), "matchpoints")
    assert ex[6].kind == "assigned" and ex[6].score == Fraction(36, 5)
    assert ex[6].sentence.startswith(
        "Average-plus to North-South, 60% of the top 12: 7.20; "
        "average-minus to East-West, 40%: 4.80."
    )
    _, ex = explained(board(SEVEN, extra), "total")
    assert ex[7].sentence.startswith(
        "Average-plus to North-South: +50 against the board's average; "
        "average-minus to East-West: -50."
    )


def test_weighted_golden():
    # 1/3 of +120 and 2/3 of -50: net (120 - 100)/3 = 20/3.  Against the six real lines
    # +205 +100 +120 +120 -50 +300, as +120 it beats 2, ties 2 (2 x 2 + 2 = 6) and as -50
    # it ties 1 (1): 1/3 x 6 + 2/3 x 1 = 8/3 of 12.
    extra = BoardResult(
        1, "n8", "e8", None, "weighted", ((Fraction(1, 3), 120), (Fraction(2, 3), -50))
    )
    lines, ex = explained(board(SEVEN[:6], extra), "matchpoints")
    assert ex[6].kind == "weighted" and ex[6].score == Fraction(8, 3) == lines[6].ns_score
    assert "as +120 it earns 6 and as -50 it earns 1; 1/3 × 6 + 2/3 × 1: 2.67 of 12" in (
        ex[6].sentence
    )
    lines, ex = explained(board(SEVEN[:6], extra), "total")
    assert ex[6].net == Fraction(20, 3) and "net +6.7" in ex[6].sentence


def test_not_played_golden():
    extra = BoardResult(1, "n8", "e8", None, "not-played")
    lines, ex = explained(board(SEVEN, extra), "matchpoints")
    assert ex[7].kind == "not-played" and ex[7].score is None and lines[7].ns_score is None
    assert "factored up to the full top (Neuberg)" in ex[7].sentence
    # The seven real lines are factored up to eight: (5 + 1) x 8 / 7 - 1 = 41/7.
    assert ex[2].score == Fraction(41, 7) and "(Neuberg: (5 + 1) × 8 ÷ 7 − 1" in ex[2].sentence


def test_fouled_board_golden():
    # Version 2 has two lines (+205 v +100): the first beats one, 2 of 2, factored to the
    # top of 12 on seven: (2 + 1) x 7 / 2 - 1 = 19/2.
    results = [r._replace(version=2) if r.ns in ("n1", "n2") else r for r in board(SEVEN)]
    _, ex = explained(results, "matchpoints")
    assert ex[0].score == Fraction(19, 2)
    assert "lost 0 of 1 among the 2 lines of version 2: 2 of 2 matchpoints" in ex[0].sentence


def test_one_decimal():
    assert [one_decimal(x) for x in (Fraction(991, 7), Fraction(-1, 20), 0, 50)] == [
        "+141.6",
        "-0.1",
        "0",
        "+50",
    ]


AWARDS = ["plus/minus", "average/average", "minus/plus", "plus/plus"]


@st.composite
def boards(draw):
    """One board of every kind of line: real scores, at most one Law B artificial score,
    assigned and weighted scores, not played, and sometimes a second version."""
    n = draw(st.integers(3, 9))
    out = []
    for i in range(1, n + 1):
        kind = draw(st.sampled_from(["real"] * 4 + ["law-b", "assigned", "weighted", "not"]))
        net, adjusted, weights = None, None, None
        if kind == "real" or i <= 2:
            net = draw(st.integers(-20, 20)) * 10
        elif kind == "law-b":
            adjusted = draw(st.sampled_from(["average", "ns-lowest", "ew-lowest"]))
        elif kind == "assigned":
            adjusted = draw(st.sampled_from(AWARDS))
        elif kind == "weighted":
            adjusted = "weighted"
            w = Fraction(draw(st.integers(1, 4)), 5)
            weights = (
                (w, draw(st.integers(-20, 20)) * 10),
                (1 - w, draw(st.integers(-20, 20)) * 10),
            )
        else:
            adjusted = "not-played"
        out.append(BoardResult(1, f"n{i}", f"e{i}", net, adjusted, weights))
    if draw(st.booleans()):  # a fouled board: the last two real lines played a second version
        idx = [i for i, r in enumerate(out) if r.adjusted is None][-2:]
        if len(idx) == 2 and sum(r.adjusted is None for r in out) >= 4:
            for i in idx:
                out[i] = out[i]._replace(version=2)
    return out


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from(["total", "matchpoints"]), st.integers(0, 3))
def test_every_explanation_reproduces_the_stored_comparison(results, method, missing):
    values = AdjustedValues(plus_percent=70, minus_percent=30, points=60)
    expected = len(results) + missing
    lines, ex = explained(results, method, expected, values)
    for line, e in zip(lines, ex, strict=True):
        r = line.result
        assert e.score == line.ns_score
        version = [x for x in lines if x.result.version == r.version]
        real = [x.result.net_ns for x in version if x.result.adjusted is None]
        compared = [x for x in version if x.net_ns is not None and x.ns_score is not None]
        if r.adjusted == "not-played":
            assert e.kind == "not-played" and line.ns_score is None
        elif parse_awards(r.adjusted or ""):
            ns, _ = parse_awards(r.adjusted)
            want = values.matchpoints(ns, line.top) if line.top else values.law_h(ns)
            assert e.kind == "assigned" and e.score == want
        elif method == "total":
            # Law H: the net less the mean of every compared net of the version.
            mean = sum(Fraction(x.net_ns) for x in compared) / len(compared)
            assert e.average == mean and e.net - e.average == line.ns_score
            assert e.compared == len(compared)
        elif r.adjusted in ("average", "ns-lowest", "ew-lowest"):
            # The lowest or highest of the lines compared: real and weighted.
            scored = [x.ns_score for x in version if x.result.adjusted in (None, "weighted")]
            want = {
                "average": Fraction(line.top, 2),
                "ns-lowest": min(scored),
                "ew-lowest": max(scored),
            }[r.adjusted]
            assert e.kind == "law-b" and e.score == want
        else:
            # Matchpoints: the raw count on the version's own lines, factored by Neuberg.
            weighted = sum(1 for x in version if x.result.adjusted == "weighted")
            actual = len(real) + weighted
            if r.adjusted is None:
                own = r.net_ns
                assert e.beat == sum(s < own for s in real)
                assert e.tied == sum(s == own for s in real) - 1
                assert e.beat + e.tied + e.lost == len(real) - 1
                assert e.raw == 2 * e.beat + e.tied + e.mixed
            assert e.compared == actual
            assert neuberg(e.raw, line.top // 2 + 1, actual) == line.ns_score
        assert e.sentence.endswith(").")
