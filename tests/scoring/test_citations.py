"""Every item cites the law that states it, checked per code and item kind.

The citations were checked against the texts in ``shared/seeds``:

* 1915 (Work): Law 3 trick values; Law 6 honours; Laws 7, 8 slams; Law 48a
  "When the declarer fails ... 50 points for each undertrick"; Law 53
  "Doubling and redoubling doubles and quadruples the value of each trick";
  Law 56 the doubled bonus; Law 84(a)-(c) revokes; Law 89 both sides revoke.
* 1913 (Foster): the same numbers, except Law 47a for undertricks and Law 48
  "The loss on the dealer's original declaration of 'one spade' is limited to
  100 points"; the English rules have no number: "the note after Duplicate
  Law H".
* Royalton (Hawley): Law 83 "10 points for each trick 'odd' whatever the
  declaration"; Law 44 doubling; Law 32 "if unsuccessful, entitles the
  opponents to score ... 100 for each under-trick" (royal, undoubled); Law 36
  plain undertricks and doubled royal ones ("If the declaration be a royal
  and be doubled, ... 200"); Law 47 the doubled bonus; Laws 86, 87 slams;
  Law 77(a)-(c), 81 revokes; Law 84 "A game consists of 40 points".
"""

import pytest
from hypothesis import given, settings

from scoring import Penalty, score_deal

from .helpers import reasons, score
from .strategies import deal_results

# (code options, contract, declarer, tricks, extra fields, the item's expected text)
CASES = {
    "1915": [
        ("4H", 10, {}, "NS trick 32: 4 odd tricks at 8, Law 3"),
        ("4HX", 10, {}, "NS trick 64: 4 odd tricks at 8 x 2, Law 3, Law 53"),
        ("4H", 10, {"honours": {"N": 4, "S": 1}}, "NS honour 72: five honours, four in one "),
        ("7NT", 13, {}, "NS honour 100: grand slam, Law 7"),
        ("6NT", 12, {}, "NS honour 50: little slam, Law 8"),
        ("4H", 8, {}, "EW honour 100: 2 undertricks at 50, Law 48a"),
        ("4HX", 8, {}, "EW honour 200: 2 undertricks at 100, Law 48a"),
        ("4HX", 10, {}, "NS honour 50: doubled contract made, Law 56"),
        ("4H", 10, {"revokes": {"NS": 1}}, "EW honour 100: revoke by declarer's side, Law 84(a)"),
        (
            "4H",
            10,
            {"revokes": {"EW": 2}, "revoke_penalty": "points"},
            "NS honour 100: revoke by a defender, Law 84(b)",
        ),
        (
            "4H",
            7,
            {"revokes": {"EW": 2}, "revoke_penalty": "tricks"},
            "NS trick 32: 4 odd tricks at 8, Law 3; including 3 penalty tricks for a "
            "revoke, Law 84(b)",
        ),
        (
            "4H",
            10,
            {"revokes": {"EW": 2}, "revoke_penalty": "points"},
            "NS honour 100: 1 further revoke, Law 84(c)",
        ),
        ("4H", 10, {"revokes": {"NS": 2, "EW": 1}}, "EW honour 100: 1 further revoke, Law 89"),
        ("4H", 10, {}, "NS honour 125: duplicate premium, Duplicate Law A"),
    ],
    "1913": [
        ("4RS", 10, {}, "NS trick 36: 4 odd tricks at 9, Law 3"),
        ("4H", 10, {"honours": {"N": 3, "E": 2}}, "NS honour 16: simple honours (2 x 8), Law 6"),
        ("7NT", 13, {}, "NS honour 40: grand slam, Law 7"),
        ("6NT", 12, {}, "NS honour 20: little slam, Law 8"),
        ("4H", 8, {}, "EW honour 100: 2 undertricks at 50, Law 47a"),
        (
            "1S",
            4,
            {"dealer": "S"},
            "EW honour 100: 3 undertricks at 50, Law 47a, limited to 100 on the dealer's one "
            "spade, Law 48",
        ),
        ("4HXX", 10, {}, "NS honour 100: redoubled contract made, Law 56"),
        ("4H", 10, {"revokes": {"NS": 1}}, "EW honour 100: revoke by declarer's side, Law 84(a)"),
        ("4H", 10, {"revokes": {"NS": 1, "EW": 2}}, "NS honour 100: 1 further revoke, Law 89"),
    ],
    "1913-english": [
        (
            "4S",
            10,
            {},
            "NS trick 36: 4 odd tricks at 9, Law 3 (royal spades) and the English bidding "
            "rule (note after Duplicate Law H)",
        ),
        (
            "7NT",
            13,
            {},
            "NS honour 100: grand slam, the English slam rule (note after Duplicate Law H)",
        ),
        (
            "6NT",
            12,
            {},
            "NS honour 50: little slam, the English slam rule (note after Duplicate Law H)",
        ),
        ("1S", 4, {"dealer": "S"}, "EW honour 150: 3 undertricks at 50, Law 47a"),
    ],
    "royalton": [
        ("4H", 10, {}, "NS trick 40: 4 odd tricks at 10, Royalton Law 83"),
        ("4HX", 10, {}, "NS trick 80: 4 odd tricks at 10 x 2, Royalton Law 83, Royalton Law 44"),
        ("4H", 8, {}, "EW honour 100: 2 undertricks at 50, Royalton Law 36"),
        ("4SR", 8, {}, "EW honour 200: 2 undertricks at 100, Royalton Law 32"),
        ("4SRX", 8, {}, "EW honour 400: 2 undertricks at 200, Royalton Law 36"),
        ("4HX", 11, {}, "NS honour 100: doubled contract made with 1 over, Royalton Law 47"),
        ("7NT", 13, {}, "NS honour 250: grand slam, Royalton Law 86"),
        ("6NT", 12, {}, "NS honour 100: little slam, Royalton Law 87"),
        (
            "4H",
            10,
            {"revokes": {"NS": 1}},
            "EW honour 100: revoke by declarer's side, Royalton Law 77(a)",
        ),
        (
            "4H",
            10,
            {"revokes": {"EW": 1}, "revoke_penalty": "points"},
            "NS honour 100: revoke by a defender, Royalton Law 77(b)",
        ),
        (
            "4H",
            10,
            {"revokes": {"EW": 2}},
            "NS honour 200: 2 revokes by the defenders at 100 each, Royalton Law 77(c)",
        ),
        (
            "4H",
            10,
            {"revokes": {"NS": 1, "EW": 2}},
            "NS honour 100: 1 further revoke, Royalton Law 81",
        ),
        (
            "4H",
            10,
            {},
            "NS honour 125: duplicate premium, Duplicate Law A, at Royalton's game of 40 "
            "(Royalton Law 84)",
        ),
    ],
}

OPTIONS = {
    "1915": {"code": "1915"},
    "1913": {"code": "1913"},
    "1913-english": {"code": "1913", "english_bidding": True, "english_slams": True},
    "royalton": {"code": "royalton"},
}


@pytest.mark.parametrize(
    ("which", "contract", "tricks", "extra", "expected"),
    [(which, *case) for which, cases in CASES.items() for case in cases],
)
def test_each_item_kind_cites_its_law(which, contract, tricks, extra, expected):
    s = score(contract, "S", tricks, **OPTIONS[which], **extra)
    assert any(r.startswith(expected) for r in reasons(s)), reasons(s)


@settings(max_examples=300, deadline=None)
@given(deal_results())
def test_every_item_ends_with_a_law_of_its_code(rc):
    result, code = rc
    laws = set(code.laws.values()) | {p.law for p in result.penalties}
    for item in score_deal(result, code).items:
        assert any(item.reason.endswith(law) for law in laws), item.reason


def test_a_penalty_cites_the_law_the_director_gives():
    s = score("4H", "S", 10, penalties=(Penalty("EW", 25, "Law 90"),))
    assert "EW honour 25: penalty, Law 90" in reasons(s)
