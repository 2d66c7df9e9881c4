"""PBN 2.1 export checked against the standard's rules: tag order and the
mandatory tags, "?" for unknowns, table columns padded to their declared width,
escaping, CRLF with ``% EXPORT``; a round trip through our import; and a file in the
style of a dealing program (Dealer/BigDeal: comments, % directives, deals from
another seat, "#" repeats) imported."""

import re
from fractions import Fraction

import pytest

from scoring import parse_pbn_deal
from scoring.pbn import (
    MANDATORY_TAGS,
    decimal_text,
    double_dummy_hex,
    parse_pbn,
    split_table_row,
    standard_contract,
)
from tournament import exports
from tournament.models import Board
from tournament.services import Actor, deals

from .conftest import make_event

pytestmark = pytest.mark.django_db

_TAG = re.compile(r'^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$')


def check_pbn_rules(text: str) -> list:
    """Every rule of PBN 2.1's export format we promise, on the raw text."""
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert "\n" not in text.replace("\r\n", "")  # CRLF only
    games = parse_pbn(text)
    assert games
    for block in text.split("\r\n\r\n")[1:]:
        lines = [x for x in block.split("\r\n") if x]
        if not lines:
            continue
        names = [m.group(1) for x in lines if (m := _TAG.match(x))]
        assert names[: len(MANDATORY_TAGS)] == list(MANDATORY_TAGS)  # first, in order
        # Tables: each row's cells padded to the declared widths.
        for i, line in enumerate(lines):
            m = _TAG.match(line)
            if not m or m.group(1) not in ("ScoreTable", "TotalScoreTable", "OptimumResultTable"):
                continue
            widths = [int(re.search(r"\\(\d+)", c).group(1)) for c in m.group(2).split(";")]
            for row in lines[i + 1 :]:
                if row.startswith("["):
                    break
                cells = split_table_row(row)
                assert len(cells) == len(widths)
                # Padded: the row's fields sit at fixed offsets (width + 1 each).
                assert len(row) >= sum(widths[:-1]) + len(widths) - 1
    return games


def test_pair_contest_pbn_follows_the_standard(demo, director):
    pairs, _ = demo
    text = exports.write_pbn(pairs)
    games = check_pbn_rules(text)
    g = games[0]
    assert g.tags["Site"] == "?" and g.tags["North"] not in ("", "?")  # the table's player
    assert g.tags["Contract"] not in ("", "?") and g.tags["Result"] not in ("", "?")
    assert g.tags["Scoring"].startswith("Auction;")  # no scoring a reader rescores
    header = g.sections
    # Score_NS is North-South's signed net, Score_EW its negative.
    rows = [split_table_row(r) for r in g.sections["ScoreTable"]]
    assert rows and all(Fraction(r[7]) == -Fraction(r[8]) for r in rows)
    total = [split_table_row(r) for r in header["TotalScoreTable"]]
    assert all("/" not in c for row in total for c in row[:-2])  # decimals; exact, names last
    assert "NrBoards" in text
    # Round trip through our import.
    new = make_event(director, name="Replay", tables=5, boards_per_round=3)
    assert deals.import_pbn(new, text, by=Actor.director(director)).count == 15
    for a, b in zip(
        Board.objects.filter(event=pairs), Board.objects.filter(event=new), strict=True
    ):
        assert parse_pbn_deal(a.deal) == parse_pbn_deal(b.deal)


def test_team_match_pbn_has_a_total_table(demo):
    _, team = demo
    games = check_pbn_rules(exports.write_pbn(team))
    total = [split_table_row(r) for r in games[0].sections.get("TotalScoreTable", [])]
    assert len(total) == 2  # both teams, decimal totals
    assert all(Fraction(r[2]) == Fraction(r[3]) or "." in r[2] for r in total)


def test_unfinished_boards_stay_hidden(demo):
    pairs, _ = demo
    text = exports.write_pbn(pairs, boards={1})
    games = check_pbn_rules(text)
    hidden = [g for g in games if g.tags["Board"] != "1"]
    assert all(g.tags["Deal"] == "?" and "ScoreTable" not in g.sections for g in hidden)
    assert all("DoubleDummyTricks" not in g.tags for g in hidden)


def test_escaping_in_pbn(demo):
    pairs, _ = demo
    pairs.name = 'The "Club" \\ night\r\n[Board "99"]'
    pairs.save(update_fields=["name"])
    games = check_pbn_rules(exports.write_pbn(pairs))
    assert {g.tags["Event"] for g in games} == {'The "Club" \\ night  [Board "99"]'}


def test_pure_helpers():
    # 958/5 = 191.6 exactly; 1135/3 = 378.333.. rounded to 2 places.
    assert decimal_text(Fraction(958, 5)) == "191.6"
    assert decimal_text(Fraction(-1135, 3)) == "-378.33"
    assert decimal_text(-22) == "-22"
    # No reader may score a royal bid as a plain one or a nullo as no trump: "?".
    assert standard_contract("2RS") == "?" and standard_contract("3SRX") == "?"
    assert standard_contract("1NULLO") == "?" and standard_contract("2NULLOR") == "?"
    assert standard_contract("3N") == "3NT" and standard_contract("4HXX") == "4HXX"
    assert standard_contract("PASS") == "Pass"
    tricks = {s: {"NT": 7, "S": 8, "H": 10, "D": 3, "C": 12} for s in "NESW"}
    assert double_dummy_hex(tricks) == "78a3c" * 4


DEALER_STYLE = (
    "% PBN 2.1\n"
    "% Generated by a dealing program (Dealer style)\n"
    "%Creator: BigDeal\n"
    "; a comment line\n"
    '[Event "Practice"]\n'
    '[Site "#"]\n'
    '[Date "2026.11.22"]\n'
    '[Board "1"]\n'
    '[Dealer "N"]\n'
    '[Vulnerable "None"]\n'
    '[Deal "W:432.765.T98.AKQJ AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98"]\n'
    "\n"
    '[Event "#"]\n'
    "{ a brace comment\n  over two lines }\n"
    '[Board "2"]\n'
    '[Dealer "E"]\n'
    '[Deal "S:765.432.AKQJ.T98 432.765.T98.AKQJ AKQJ.T98.765.432 T98.AKQJ.432.765"]\n'
)


def test_dealing_program_style_file_imported(event, director):
    report = deals.import_pbn(
        event, DEALER_STYLE.replace("\n", "\r\n"), by=Actor.director(director)
    )
    assert report.count == 2
    got = dict(Board.objects.filter(event=event).values_list("number", "deal"))
    assert parse_pbn_deal(got[1]) == parse_pbn_deal(
        "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
    )
    assert parse_pbn_deal(got[2]) == parse_pbn_deal(got[1])
