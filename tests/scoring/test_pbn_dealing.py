"""PBN reading and writing, dealing, double-dummy: the pure parts."""

import pytest

from scoring.cards import SEATS, parse_pbn_deal
from scoring.dealing import PACK, deal_board, high_card_points
from scoring.double_dummy import dd_tricks
from scoring.pbn import PbnError, deals_from_pbn, format_table, format_tag, parse_pbn

DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"


def test_tags_sections_and_comments():
    games = parse_pbn(
        '% header\n[Event "A; B {not a comment}"] ; comment\n[Board "1"]\n'
        '[ScoreTable "Round\\2R;Table\\2R"]\n1 2\n3 4\n{ multi\nline }\n\n'
        '[Event "#"]\n[Board "2"]\n'
    )
    assert games[0].tags["Event"] == "A; B {not a comment}"
    assert games[0].sections["ScoreTable"] == ["1 2", "3 4"]
    assert games[1].tags["Event"] == "A; B {not a comment}"  # "#" repeats the tag


def test_escaped_quotes_round_trip():
    tag = format_tag("Event", 'The "Whist" Club')
    assert parse_pbn(tag)[0].tags["Event"] == 'The "Whist" Club'


def test_format_table():
    text = format_table("ScoreTable", ["Round\\2R", "Names\\20L"], [[1, "Mrs. Alden"], [2, ""]])
    assert text.splitlines() == ['[ScoreTable "Round\\2R;Names\\20L"]', '1 "Mrs. Alden"', '2 ""']


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[Board "1"', "not a tag"),
        ('[Board "1]', "not closed"),
        ("{ never closed", "never closed"),
        ("stray text", "outside a game"),
    ],
)
def test_broken_files(text, words):
    with pytest.raises(PbnError, match=words):
        parse_pbn(text)


def test_deals_from_pbn_normalises_to_north():
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "W:{DEAL[2:]}"]\n'
    deals = deals_from_pbn(text)
    assert deals[1] == DEAL
    assert parse_pbn_deal(deals[2])["W"] == parse_pbn_deal(DEAL)["N"]


def test_dealing_is_a_full_reproducible_pack():
    a, b = deal_board("seed", 7), deal_board("seed", 7)
    assert a == b and deal_board("seed", 8) != a
    assert sorted(c for s in SEATS for c in a[s]) == sorted(PACK)
    assert all(len(a[s]) == 13 for s in SEATS)
    assert sum(high_card_points(a[s]) for s in SEATS) == 40


def test_double_dummy_table():
    t = dd_tricks(DEAL)
    assert set(t) == set(SEATS) and set(t["N"]) == {"C", "D", "H", "S", "NT"}
    # Every entry is a trick count; with these symmetric hands partners agree.
    for strain in ("C", "D", "H", "S", "NT"):
        assert all(0 <= t[s][strain] <= 13 for s in SEATS)
        assert t["N"][strain] == t["S"][strain]
    # North-South hold A K Q J of spades and diamonds: seven tricks in either.
    assert (t["N"]["S"], t["N"]["D"]) == (7, 7)
