"""The codes of laws as data: every fact the app needs, and the 1913 English rules.

docs/laws/scoring.md, "The codes of laws a director can choose"; the English rules are
the note after Duplicate Law H in the 1913 text ("Some players in America are adopting
the English rule ...").
"""

import pytest

from scoring import CODES, code_from_pbn_scoring, get_code, parse_contract
from scoring.contract import PASS, Contract

ALL = [
    ("1915", {}),
    ("1913", {}),
    ("1913", {"english_slams": True}),
    ("1913", {"english_bidding": True}),
    ("1913", {"english_bidding": True, "english_slams": True}),
    ("royalton", {}),
]


@pytest.mark.parametrize(
    ("key", "options", "pbn"),
    [
        ("1915", {}, "Auction;WhistClub1915"),
        ("1913", {}, "Auction;WhistClub1913"),
        ("royalton", {}, "Auction;Royalton"),
        ("1913", {"english_bidding": True}, "Auction;WhistClub1913;EnglishBidding"),
        ("1913", {"english_slams": True}, "Auction;WhistClub1913;EnglishSlams"),
        (
            "1913",
            {"english_bidding": True, "english_slams": True},
            "Auction;WhistClub1913;EnglishBidding;EnglishSlams",
        ),
    ],
)
def test_pbn_scoring_tag_and_back(key, options, pbn):
    code = get_code(key, **options)
    assert code.pbn_scoring == pbn
    assert code_from_pbn_scoring(pbn) is code
    assert get_code(code.key, **code.options) is code


def test_pbn_scoring_parts_in_any_order_and_case():
    both = get_code("1913", english_bidding=True, english_slams=True)
    assert code_from_pbn_scoring("auction;whistclub1913;englishslams;EnglishBidding") is both


@pytest.mark.parametrize(
    "value",
    ["WhistClub1915", "Auction;Contract", "Auction;WhistClub1915;EnglishSlams", "Auction;X;Y"],
)
def test_unknown_pbn_scoring_is_refused(value):
    with pytest.raises(ValueError):
        code_from_pbn_scoring(value)


@pytest.mark.parametrize(("key", "options"), ALL)
def test_every_code_states_its_facts(key, options):
    code = get_code(key, **options)
    assert code.options == {
        "english_slams": bool(options.get("english_slams")),
        "english_bidding": bool(options.get("english_bidding")),
    }
    assert (code.english_slams, code.english_bidding) == (
        code.options["english_slams"],
        code.options["english_bidding"],
    )
    # The hint's examples are contracts of this very code.
    for example in code.notation_hint.split(";")[0].split(", "):
        parse_contract(example.split(" ")[0], code)
    assert ("PASS" in code.notation_hint) == code.dealer_may_pass
    assert code.has_honours == (key != "royalton")
    assert code.has_nullo == (key == "royalton")


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({}, 'Whist Club 1913 ("royal spades")'),
        ({"english_slams": True}, 'Whist Club 1913 ("royal spades"), English slam rule'),
        ({"english_bidding": True}, 'Whist Club 1913 ("royal spades"), English bidding rule'),
        (
            {"english_bidding": True, "english_slams": True},
            'Whist Club 1913 ("royal spades"), English bidding rule, English slam rule',
        ),
    ],
)
def test_the_name_shows_the_options(options, name):
    assert get_code("1913", **options).name == name


@pytest.mark.parametrize("key", ["1915", "royalton"])
@pytest.mark.parametrize("option", ["english_slams", "english_bidding"])
def test_english_rules_belong_to_1913_only(key, option):
    with pytest.raises(ValueError, match="option of the 1913 laws only"):
        get_code(key, **{option: True})


def test_unknown_code():
    with pytest.raises(ValueError, match='unknown code of laws "1920"'):
        get_code("1920")


def test_the_same_options_give_the_same_code():
    assert get_code("1913", english_bidding=True) is get_code("1913", english_bidding=True)
    assert CODES["1913"] is get_code("1913")


class TestEnglishBiddingRule:
    """ "The dealer [may] pass ... The lowest declaration is one club, as spades
    have a constant value of nine and are always 'royals'." (1913 text, note
    after Duplicate Law H.)"""

    code = get_code("1913", english_bidding=True)

    def test_dealer_may_pass(self):
        assert self.code.dealer_may_pass
        assert parse_contract("PASS", self.code) is PASS

    def test_spades_are_always_royals_at_nine(self):
        assert self.code.trick_values["S"] == 9
        assert parse_contract("2RS", self.code) == parse_contract("2S", self.code)
        assert parse_contract("2RSX", self.code) == Contract(2, "S", doubled=1)
        assert "RS" not in self.code.strains

    def test_lowest_declaration_is_one_club(self):
        assert self.code.strains == ("C", "D", "H", "S", "NT")
        assert self.code.lowest_declaration == "1C"

    def test_no_limit_on_one_spade(self):
        assert self.code.spade_opening_cap == 0
        assert "spade_cap" not in self.code.laws

    def test_english_slams_are_a_separate_option(self):
        assert (self.code.little_slam, self.code.grand_slam) == (20, 40)
        both = get_code("1913", english_bidding=True, english_slams=True)
        assert (both.little_slam, both.grand_slam) == (50, 100)
        assert both.trick_values == self.code.trick_values


@pytest.mark.parametrize(
    ("key", "options", "lowest"),
    [
        ("1915", {}, "1C"),  # Law 45: clubs are the lowest denomination
        ("1913", {}, "1S"),  # Law 42: the dealer's one spade, worth 2
        ("1913", {"english_bidding": True}, "1C"),
        ("royalton", {}, "1S"),  # S < C < D < H < NT < NULLO, plain below royal
    ],
)
def test_lowest_declaration(key, options, lowest):
    assert get_code(key, **options).lowest_declaration == lowest


def higher(code, bid, over):
    """Is ``bid`` a higher declaration than ``over`` under ``code``?"""
    a, b = parse_contract(bid, code), parse_contract(over, code)
    return code.bid_key(a.level, a.strain, a.royal) > code.bid_key(b.level, b.strain, b.royal)


@pytest.mark.parametrize(
    ("key", "options", "bid", "over", "expected"),
    [
        # 1915 Law 45: "3 spades over 3 diamonds; 5 clubs over 4 hearts;
        # 4 diamonds over 3 no trump".
        ("1915", {}, "3S", "3D", True),
        ("1915", {}, "5C", "4H", True),
        ("1915", {}, "4D", "3NT", True),
        ("1915", {}, "2NT", "3C", False),
        # 1913 Law 44: "three spades" (3 x 2 = 6) is higher than "one club" (6).
        ("1913", {}, "3S", "1C", True),
        ("1913", {}, "1C", "3S", False),
        # Law 53: "three clubs" (18) is higher than "two royal spades" (18) doubled.
        ("1913", {}, "3C", "2RSX", True),
        # Value first: two no trump (20) beats three clubs (18) under 1913 ...
        ("1913", {}, "2NT", "3C", True),
        # ... and under the English bidding rule, where 2S (18) = 3C (18): 3C is higher.
        ("1913", {"english_bidding": True}, "3C", "2S", True),
        ("1913", {"english_bidding": True}, "2RS", "3C", False),
        ("1913", {"english_bidding": True}, "1D", "1C", True),
        # Royalton Law 32: a royal bid beats every plain bid of its level.
        ("royalton", {}, "2SR", "2NULLO", True),
        ("royalton", {}, "2NULLO", "2NT", True),
        ("royalton", {}, "2C", "2S", True),
        ("royalton", {}, "3S", "2NULLOR", True),
    ],
)
def test_bid_key_orders_declarations_by_each_code(key, options, bid, over, expected):
    assert higher(get_code(key, **options), bid, over) is expected


def test_bid_key_refuses_a_strain_the_code_lacks():
    with pytest.raises(ValueError, match="not a declaration"):
        get_code("1915").bid_key(1, "NULLO")
