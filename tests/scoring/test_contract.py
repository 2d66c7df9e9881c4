import pytest

from scoring import ContractError, get_code, parse_contract
from scoring.contract import PASS, Contract

WC15, WC13, ROY = get_code("1915"), get_code("1913"), get_code("royalton")


@pytest.mark.parametrize(
    ("text", "code", "expected"),
    [
        ("4H", WC15, Contract(4, "H")),
        ("3NT", WC15, Contract(3, "NT")),
        ("3N", WC15, Contract(3, "NT")),
        ("2SX", WC15, Contract(2, "S", doubled=1)),
        ("5CXX", WC15, Contract(5, "C", doubled=2)),
        (" 1nt ", WC15, Contract(1, "NT")),
        ("PASS", WC15, PASS),
        ("2RS", WC13, Contract(2, "RS")),
        ("1S", WC13, Contract(1, "S")),
        ("3SR", ROY, Contract(3, "S", royal=True)),
        ("3SRX", ROY, Contract(3, "S", royal=True, doubled=1)),
        ("2NULLO", ROY, Contract(2, "NULLO")),
        ("2NULLORXX", ROY, Contract(2, "NULLO", royal=True, doubled=2)),
        ("PASS", ROY, PASS),
    ],
)
def test_parse(text, code, expected):
    assert parse_contract(text, code) == expected


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("8H", WC15, "not a contract"),
        ("0H", WC15, "not a contract"),
        ("4Z", WC15, "not a contract"),
        ("4HXXX", WC15, "not a contract"),
        ("2RS", WC15, "royal spades is not a declaration under the Whist Club 1915"),
        ("2NULLO", WC15, "nullo is not a declaration"),
        ("3SR", WC15, "royal bids belong to the Royalton laws"),
        ("3SR", WC13, "royal bids belong to the Royalton laws"),
        ("2RS", ROY, "royal spades is not a declaration under the Royalton"),
        ("PASS", WC13, "the dealer must declare (Law 42)"),
        ("", WC15, "not a contract"),
    ],
)
def test_rejects_with_reason(text, code, words):
    with pytest.raises(ContractError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_contract(text, code)


def test_non_text_rejected():
    with pytest.raises(ContractError, match="written as text"):
        parse_contract(4, WC15)


@pytest.mark.parametrize("text", ["4H", "3NTX", "5CXX", "PASS", "2NULLORX"])
def test_format_round_trip(text):
    code = ROY if "NULLO" in text else WC15
    assert str(parse_contract(text, code)) == text


def test_describe():
    assert parse_contract("3HX", WC15).describe() == "three hearts doubled"
    assert parse_contract("2NULLOR", ROY).describe() == "two royal nullo"
    assert PASS.describe() == "passed out"


def test_english_slam_option_only_for_1913():
    assert get_code("1913", english_slams=True).little_slam == 50
    with pytest.raises(ValueError, match="1913 laws only"):
        get_code("1915", english_slams=True)
    with pytest.raises(ValueError, match="unknown code of laws"):
        get_code("1920")
