"""The movement in the files: XLSX's Movement sheet (every round and table, the shared
sets, the bystand), PBN's Round/Table tags and our own movement table, USEBIO's boards
per round (docs/director/files.md, "The movement in the files")."""

import io
import xml.etree.ElementTree as ET

import pytest
from openpyxl import load_workbook

from scoring.pbn import parse_pbn, split_table_row
from tournament import exports

from ..factories import enter, make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def relay(director):
    # mitchell(4, 2, even="relay"): tables 1 and 4 share a set every round; one set a
    # round rests on the bystand (set 3, boards 5-6, in round 1).
    event = make_event(director, tables=4, even="relay")
    enter(event, 3, 1, 2, "4H S 10")  # board 3: round 1, table 2 (pairs 2 v 6)
    return event


def movement_sheet(event):
    out = io.BytesIO()
    exports.write_xlsx(event, out)
    out.seek(0)
    wb = load_workbook(out)
    return list(wb["Movement"].iter_rows(values_only=True))


def test_xlsx_movement_sheet_has_every_round_table_share_and_bystand(relay):
    rows = movement_sheet(relay)
    assert rows[0][:7] == (
        "Round",
        "Table",
        "NS pair",
        "EW pair",
        "First board",
        "Last board",
        "Shared with tables",
    )
    body = rows[1:]
    # 4 rounds x (4 tables + the bystand).
    assert len(body) == 4 * 5
    first = body[0]
    assert first[:7] == (1, 1, 1, 5, 1, 2, "4")  # pairs as numbers, as on every sheet
    assert first[7] == (
        "share boards 1-2 with table 4: start on board 1, table 4 on board 2, pass them across"
    )
    assert first[8] == "boards 1-2 to table 3"
    bystand = body[4]
    assert bystand[:6] == (1, "bystand", None, None, 5, 6)
    assert bystand[7] == "boards 5-6 rest on the bystand this round"
    assert bystand[8] == "to table 2"
    # Table 2 plays its own set: no share.
    assert body[1][6] is None and body[1][7] is None
    assert body[-2][8] == "last round"


def test_xlsx_movement_sheet_says_a_sit_out(director):
    odd = make_event(director, pairs_count=5)  # pair 3 sits out round 1 at table 3
    row = movement_sheet(odd)[3]
    assert row[:4] == (1, 3, 3, None)
    assert row[7] == "North-South pair 3 sits out this round: no opponents here"


def test_pbn_has_round_table_and_our_movement_table(relay):
    text = exports.write_pbn(relay)
    games = parse_pbn(text)
    board3 = next(g for g in games if g.tags["Board"] == "3")
    assert board3.tags["Round"] == "1" and board3.tags["Table"] == "2"
    assert "Round" not in games[1].tags  # board 2: never played, no line to name
    first = games[0]
    assert first.tags["AuctionBridgeMovement"].startswith("Mitchell with a relay and bystand")
    rows = [split_table_row(r) for r in first.sections["AuctionBridgeMovementTable"]]
    assert rows[0] == ["1", "1", "1", "5", "1-2", "4"]
    assert rows[3] == ["1", "4", "4", "8", "1-2", "1"]
    assert rows[4] == ["1", "bystand", "-", "-", "5-6", "-"]
    assert len(rows) == 20
    # Only on the first board.
    assert all("AuctionBridgeMovementTable" not in g.sections for g in games[1:])


def test_pbn_tags_after_the_mandatory_are_in_name_order(relay):
    text = exports.write_pbn(relay)
    block = text.split("\r\n\r\n")[3]  # board 3's block
    names = [line[1:].split(" ")[0] for line in block.split("\r\n") if line.startswith("[")]
    rest = names[15:]
    assert rest == sorted(rest) and "Round" in rest and "Table" in rest


def test_usebio_says_the_boards_per_round(relay):
    root = ET.fromstring(exports.write_usebio(relay).split(b"\n", 2)[2])
    assert root.find("EVENT/BOARDS_PER_ROUND").text == "2"
