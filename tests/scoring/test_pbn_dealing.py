"""PBN reading and writing, dealing, double-dummy: the pure parts."""

import pytest

from scoring.cards import SEATS, format_pbn_deal, parse_pbn_deal
from scoring.dealing import PACK, deal_board, high_card_points
from scoring.double_dummy import dd_tricks
from scoring.pbn import (
    PbnError,
    deals_from_pbn,
    decode_pbn_bytes,
    format_table,
    format_tag,
    parse_pbn,
    split_table_row,
)

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
    # Export format: each cell padded to its declared width (Round right-aligned in 2),
    # the line's trailing spaces dropped.
    assert text.splitlines() == ['[ScoreTable "Round\\2R;Names\\20L"]', ' 1 "Mrs. Alden"', ' 2 ""']


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


def _one_board(board='"1"', deal=f'"{DEAL}"'):
    return f"[Board {board}]\n[Deal {deal}]\n"


@pytest.mark.parametrize(
    "number",
    ["²", "٣", "３", "۱", "1\u00a0", "١٢", "⑴", "0", "-1", "+1", "1.0", "", "1 2"],
)
def test_board_numbers_are_ascii_digits_only(number):
    # int() and str.isdigit() take the first six; PBN numbers are 0-9 only.
    with pytest.raises(PbnError, match="board"):
        deals_from_pbn(_one_board(board=f'"{number}"'))


def test_a_board_number_of_thousands_of_digits_is_refused_not_a_crash():
    with pytest.raises(PbnError, match="too large"):
        deals_from_pbn(_one_board(board='"' + "9" * 5000 + '"'))
    assert list(deals_from_pbn(_one_board(board='"' + "0" * 5000 + '7"'))) == [7]


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        (DEAL.replace("T98.AKQJ", "1098.AKQJ", 1), 'holds "1"'),
        (DEAL.replace(" ", "\u2003", 1), "u2003"),
        (DEAL.replace(" ", "\t", 1), "control character"),
        (DEAL.replace("N:", "N: "), "not written as PBN writes a deal"),
        (DEAL.replace("N:", "X:"), 'holds "X"'),
        (DEAL.replace(".", "", 1), "not written as PBN writes a deal"),
        (DEAL[2:], "not written as PBN writes a deal"),
        (DEAL.replace("AKQJ", "ＡKQJ", 1), 'holds "Ａ"'),
    ],
)
def test_a_deal_is_written_as_pbn_writes_it(deal, words):
    with pytest.raises(PbnError, match=words):
        deals_from_pbn(_one_board(deal=f'"{deal}"'))


def test_what_pbn_allows_in_a_deal_is_read():
    lower = "n:" + DEAL[2:].lower()
    assert deals_from_pbn(_one_board(deal=f'"{lower}"'))[1] == DEAL
    assert deals_from_pbn(_one_board(deal=f'" {DEAL.replace(" ", "  ")} "'))[1] == DEAL


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_one_board() + '[Board "2"]\n', "Board is given twice"),
        (_one_board() + f'[Deal "{DEAL}"]\n', "Deal is given twice"),
        (_one_board() + "AKQ\n", "follows the tag Deal, which has no section lines"),
        ('[Board "1"] [Deal "x"] trailing\n', "shares a line with a tag"),
        ('[Board"1"]\n', "not a tag"),
        ('[1Board "1"]\n', "not a tag"),
        ('[Bo rd "1"]\n', "not a tag"),
        ('[Event "a\x00b"]\n' + _one_board(), "U\\+0000, a control character"),
        ('[Event "a\tb"]\n' + _one_board(), "U\\+0009, a control character"),
        ('[Event "a\x85b"]\n' + _one_board(), "U\\+0085, a control character"),
        ('[Event "a\u2028b"]\n' + _one_board(), "U\\+2028, a control character"),
        ('[Event "a\uffffb"]\n' + _one_board(), "U\\+FFFF, not a character"),
        ('[Event "a\ud800b"]\n' + _one_board(), "U\\+D800, not a character"),
        (_one_board() + "\x00\n", "control character"),
        ('[Event "ab\\"]\n' + _one_board(), "not closed"),
    ],
)
def test_what_is_not_pbn_is_refused_with_its_reason(text, words):
    with pytest.raises(PbnError, match=words):
        deals_from_pbn(text)


def test_several_tags_on_a_line_and_comments_around_them():
    text = f'{{deals}} [Board "1"] [Deal "{DEAL}"] ; the first\n\n[Board "2"]\t[Deal "{DEAL}"]'
    assert deals_from_pbn(text) == {1: DEAL, 2: DEAL}


def test_line_ends_are_cr_lf_lf_or_cr_only():
    assert deals_from_pbn(_one_board().replace("\n", "\r\n")) == {1: DEAL}
    assert deals_from_pbn(_one_board().replace("\n", "\r")) == {1: DEAL}
    with pytest.raises(PbnError, match="control character"):  # not a line end in PBN
        deals_from_pbn(_one_board().replace("\n", "\x0c"))


def test_escapes_in_values_are_read_in_one_pass():
    games = parse_pbn(r'[Event "a\\"] [Site "b\\\"c"] [Round "Rank\2R"]')
    assert games[0].tags == {"Event": "a\\", "Site": 'b\\"c', "Round": "Rank\\2R"}


@pytest.mark.parametrize(
    "value",
    ['The "Whist" Club', "back\\slash\\", 'x"]\n[Board "9"]', "a\r\nb\tc\x00d", "#", "", "Zoë 李"],
)
def test_format_tag_escapes_every_value(value):
    text = format_tag("Event", value) + "\n" + _one_board()
    games = parse_pbn(text)
    assert len(games) == 1 and games[0].tags["Board"] == "1"
    expected = value.replace("\r", " ").replace("\n", " ").replace("\t", " ").replace("\x00", " ")
    assert games[0].tags["Event"] == expected
    assert len(format_tag("Event", value).splitlines()) == 1


def test_a_table_cell_cannot_break_its_row_or_start_a_tag():
    hostile = ['Mrs. "Q" [Board "9"]', "a\nb", "back\\", "", "=1+1", ";x", "{c}", "%", "-1135/3"]
    table = format_table(
        "TotalScoreTable", ["Rank\\2R", "Names\\20L"], [[i, h] for i, h in enumerate(hostile)]
    )
    games = parse_pbn(_one_board() + table + "\n")
    rows = games[0].sections["TotalScoreTable"]
    assert [split_table_row(r) for r in rows] == [
        [str(i), h.replace("\n", " ")] for i, h in enumerate(hostile)
    ]
    assert "-1135/3" in table.splitlines()[-1].split()  # a plain token stays bare


def test_format_table_refuses_a_column_that_is_not_one():
    with pytest.raises(PbnError, match="not a table column"):
        format_table("ScoreTable", ['Names"\\20L'], [])


def test_decode_pbn_bytes():
    assert decode_pbn_bytes('\ufeff[Event "Zoë"]'.encode()) == '[Event "Zoë"]'
    assert decode_pbn_bytes('[Event "Zoë"]'.encode("latin-1")) == '[Event "Zoë"]'
    assert decode_pbn_bytes(bytes(range(256))) == bytes(range(256)).decode("latin-1")


def test_double_dummy_from_several_threads_at_once():
    """Two events dealt at once are solved by two job threads of one server: the DDS
    library under endplay is not safe for that (wrong tables, or a server process killed
    by a segmentation fault: docs/decisions/double-dummy-lock.md), so solves take turns."""
    from concurrent.futures import ThreadPoolExecutor

    deals = [format_pbn_deal(deal_board("threads", n)) for n in range(1, 7)]
    alone = [dd_tricks(d) for d in deals]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(dd_tricks, deals))
    assert together == alone
