"""The PBN export read by a reader nobody here wrote, endplay's (``endplay.parsers.pbn``):
every board's deal, contract, declarer and result as the tables played them, or the
contract unknown, never a plain contract in place of a royal bid or a nullo; each
score table's rows as wide as its header; the players' names; the character set.

The Royalton event: board 1 bid 1NULLO P P P at table 1, board 2 played in a royal
spade contract (3SR), board 3 in 4H, and a Law B artificial score on board 1.
"""

from __future__ import annotations

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Contract, Deal, Denom, Player

from scoring.cards import parse_pbn_deal
from scoring.pbn import parse_pbn, split_table_row
from tournament import exports, services
from tournament.models import Board
from tournament.services import Actor, auctions, deals

from ..factories import enter, make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def royalton(director):
    event = make_event(
        director,
        name="Royalton night",
        code="royalton",
        record_auctions=True,
        pair_names={"1": ["Ada Lovelace", "Zoë Brontë"], "4": ["Émile Zola", "Li Bai"]},
    )
    deals.deal_event(event, seed="royalton", by=Actor.director(director), solve=False)
    seating = event.seating_set.get(round=1, table=1)
    board = Board.objects.get(event=event, number=1)
    for n, call in enumerate(["1NULLO", "P", "P", "P"]):
        auctions.make_call(event, seating, board, call, seen=n, by=Actor.tablet(1))
    services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=services.Entry("1NULLO", "N", 5),
        by=Actor.tablet(1, "k1"),
    )
    services.apply_irregular(
        event,
        board_number=1,
        round_no=2,
        table=3,
        discovered="after-overplay",
        short_hand="S",
        surplus_with="opponent",
        by=Actor.director(director, "South held 12 cards"),
    )
    enter(event, 2, 1, 1, "3SR E 9")
    enter(event, 3, 1, 2, "4H S 10")
    return event


def same_deal(theirs: Deal, ours: str) -> bool:
    """The same four hands (endplay turns its deal to the declarer's left)."""
    return parse_pbn_deal(theirs.to_pbn()) == parse_pbn_deal(ours)


def read(text: str):
    return {b.board_num: b for b in endplay_pbn.loads(text)}


def test_endplay_reads_every_contract_right_or_unknown(royalton):
    text = exports.write_pbn(royalton)
    boards = read(text)
    ours = {b.number: b for b in Board.objects.filter(event=royalton)}
    assert set(boards) == set(ours)
    for number, board in boards.items():
        assert same_deal(board.deal, ours[number].deal)
    # The nullo and the royal bid: no contract a reader would score.
    for number in (1, 2):
        contract = boards[number].contract
        assert contract is None or contract.level == 0, (number, contract)
    # The plain contract as played: 4H by South, ten tricks (made exactly).
    plain = boards[3].contract
    assert (plain.level, plain.denom, plain.declarer) == (4, Denom.hearts, Player.south)
    assert plain.result == 0
    # Our own tags keep the exact contracts and the auction.
    games = {int(g.tags["Board"]): g for g in parse_pbn(text)}
    assert games[1].tags["AuctionBridgeContract"] == "1NULLO"
    assert games[1].tags["AuctionBridgeAuction"] == "N 1NULLO P P P"
    assert games[1].tags["Contract"] == "?" and "Auction" not in games[1].tags
    assert games[2].tags["AuctionBridgeContract"] == "3SR" and games[2].tags["Contract"] == "?"
    assert games[3].tags["Contract"] == "4H"


def test_score_tables_rows_as_wide_as_their_headers(royalton, demo):
    # endplay splits a table's rows at spaces: every ScoreTable cell is one word, so
    # its rows are as wide as the header; the TotalScoreTable's names (which may hold
    # spaces) come last, so every column before them is read right.
    for event in (royalton, *demo):
        text = exports.write_pbn(event)
        ours = {int(g.tags["Board"]): g for g in parse_pbn(text)}
        for number, board in read(text).items():
            table = board.info.get("ScoreTable")
            if table is not None:
                width = len(table["headers"])
                assert table["rows"] and all(len(row) == width for row in table["rows"])
                expected = [split_table_row(r) for r in ours[number].sections["ScoreTable"]]
                # endplay keeps a string cell's quotes ('"?"', the unknown contract).
                assert [[c.strip('"') for c in row] for row in table["rows"]] == expected
            totals = board.info.get("TotalScoreTable")
            if totals is not None:
                width = len(totals["headers"])
                expected = [split_table_row(r) for r in ours[number].sections["TotalScoreTable"]]
                assert [[c.strip('"') for c in row[: width - 1]] for row in totals["rows"]] == [
                    row[:-1] for row in expected
                ]


def test_score_table_marks_the_artificial_line_and_hides_the_nullo(royalton):
    games = {int(g.tags["Board"]): g for g in parse_pbn(exports.write_pbn(royalton))}
    header = games[1].tags["ScoreTable"].split(";")
    column = {name.split("\\")[0]: i for i, name in enumerate(header)}
    rows = [split_table_row(r) for r in games[1].sections["ScoreTable"]]
    contracts = [r[column["Contract"]] for r in rows]
    assert "1NT" not in contracts and "?" in contracts  # the nullo: unknown
    ours = [r[column["Contract_Auction"]] for r in rows]
    assert "1NULLO" in ours and "Artificial:average" in ours


def test_players_names_and_the_character_set(royalton):
    text = exports.write_pbn(royalton)
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=UTF-8\r\n")
    games = {int(g.tags["Board"]): g for g in parse_pbn(text)}
    # Board 1 at table 1, round 1: pair 1 North-South, pair 4 East-West.
    tags = games[1].tags
    assert (tags["North"], tags["South"]) == ("Ada Lovelace", "Zoë Brontë")
    assert (tags["East"], tags["West"]) == ("Émile Zola", "Li Bai")
    assert read(text)[1].info["North"] == "Ada Lovelace"
    raw = exports.EXPORT_FORMATS["pbn"].render(royalton)
    assert "Zoë Brontë".encode() in raw  # UTF-8, as the file says


def test_endplay_reads_the_demos_every_board(demo):
    pairs, team = demo
    for event in (pairs, team):
        text = exports.write_pbn(event)
        boards = read(text)
        ours = {b.number: b for b in Board.objects.filter(event=event)}
        games = {int(g.tags["Board"]): g for g in parse_pbn(text)}
        for number, board in boards.items():
            assert same_deal(board.deal, ours[number].deal)
            contract, tag = board.contract, games[number].tags["Contract"]
            if tag in ("?", "Pass") or contract is None:
                continue
            said = Contract(tag)
            assert (contract.level, contract.denom) == (said.level, said.denom)
            assert contract.declarer == Player.find(games[number].tags["Declarer"])
            assert contract.result == int(games[number].tags["Result"]) - 6 - contract.level
