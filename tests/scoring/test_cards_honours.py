import pytest

from scoring import DealError, format_pbn_deal, get_code, parse_contract, parse_pbn_deal
from scoring.honours import HonoursError, check_counts, honours_from_deal, score_honours

FULL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
WC15, WC13 = get_code("1915"), get_code("1913")


def test_parse_and_format_round_trip():
    deal = parse_pbn_deal(FULL)
    assert len(deal["N"]) == 13
    assert "SA" in deal["N"] and "HA" in deal["E"] and "DA" in deal["S"] and "CA" in deal["W"]
    assert format_pbn_deal(deal) == FULL


def test_deal_may_start_with_any_seat():
    rotated = "E:T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ AKQJ.T98.765.432"
    assert parse_pbn_deal(rotated) == parse_pbn_deal(FULL)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AKQJ.T98.765.432", "is written"),
        ("X:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ", "first hand"),
        ("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98", "four hands"),
        (
            "N:AKQJ.T98.765.43 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ",
            "North has 12 cards",
        ),
        (
            "N:AKQJ.T98.765.432 A98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.KQJ",
            "ace of spades is in both",
        ),
        ("N:AKQJ.T98.765.43Z T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ", "not a card"),
        ("N:AKQJT98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ", "four suits"),
        ("N:AKQJ.T98.765.422 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ", "twice"),
    ],
)
def test_bad_deals_rejected(text, words):
    with pytest.raises(DealError, match=words):
        parse_pbn_deal(text)


def test_honours_from_deal():
    deal = parse_pbn_deal(FULL)
    assert honours_from_deal(deal, "S") == {"N": 4, "E": 1, "S": 0, "W": 0}
    assert honours_from_deal(deal, "NT") == {"N": 1, "E": 1, "S": 1, "W": 1}
    assert honours_from_deal(deal, "RS") == honours_from_deal(deal, "S")


# docs/laws/scoring.md, "Honours", every row of both tables.  Hearts trumps are worth 8.
@pytest.mark.parametrize(
    ("counts", "side", "points"),
    [
        ({"N": 2, "S": 1, "E": 2}, "NS", 2 * 8),  # simple honours
        ({"N": 3, "E": 1, "W": 1}, "NS", 2 * 8),  # three in one hand: still simple honours
        ({"N": 2, "S": 2, "E": 1}, "NS", 4 * 8),  # four split
        ({"N": 3, "S": 1, "W": 1}, "NS", 4 * 8),  # four split 3 + 1
        ({"N": 4, "E": 1}, "NS", 8 * 8),  # four in one hand, fifth with opponents
        ({"N": 3, "S": 2}, "NS", 5 * 8),  # five split 3 + 2
        ({"N": 4, "S": 1}, "NS", 9 * 8),  # RULES example: 72
        ({"S": 5}, "NS", 10 * 8),  # five in one hand
        ({"E": 2, "W": 1, "N": 2}, "EW", 2 * 8),  # the defenders hold them
    ],
)
def test_trump_honours_table(counts, side, points):
    check_counts(counts, "H")
    assert score_honours(counts, parse_contract("4H", WC15), WC15)[:2] == (side, points)


def test_no_side_with_three_scores_nothing():
    # Impossible with five honours, but aces split 2-2 at no trump score nothing.
    assert (
        score_honours({"N": 1, "S": 1, "E": 1, "W": 1}, parse_contract("3NT", WC15), WC15) is None
    )


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ({"N": 2, "S": 1, "E": 1}, 30),
        ({"N": 3, "W": 1}, 30),
        ({"N": 2, "S": 2}, 40),
        ({"N": 3, "S": 1}, 40),
        ({"N": 4}, 100),
    ],
)
def test_no_trump_aces(counts, points):
    assert score_honours(counts, parse_contract("1NT", WC15), WC15)[1] == points


def test_1913_spade_honours_at_two_and_royal_spades_at_nine():
    counts = {"N": 4, "S": 1}
    assert score_honours(counts, parse_contract("1S", WC13), WC13)[1] == 9 * 2
    assert score_honours(counts, parse_contract("1RS", WC13), WC13)[1] == 9 * 9


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        ({"N": 2, "S": 2}, "add up to 4; there are 5"),
        ({"N": 6}, "0 to 5"),
        ({"N": -1, "S": 6}, "0 to 5"),
        ({"X": 5}, "unknown seat"),
        ({"N": "2", "S": 3}, "0 to 5"),
    ],
)
def test_bad_counts(counts, words):
    with pytest.raises(HonoursError, match=words):
        check_counts(counts, "H")


def test_aces_must_add_up_to_four():
    with pytest.raises(HonoursError, match="add up to 5; there are 4"):
        check_counts({"N": 4, "S": 1}, "NT")
