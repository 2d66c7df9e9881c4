"""An individual's files: the XLSX (standings by player, travellers with the four
players, every player's score card), the CSV files, PBN and USEBIO, read back as
their readers read them (docs/director/individuals.md, "Files";
docs/director/files.md).

The evening is test_individual_standings' hand-checked one (individual-8-r3, one
board a round): player 4 (a member, with a national number) wins on 98.5, player 1
is second on 90.5; player 2 is a guest whose name holds a comma and quotes, player 3
one a spreadsheet would run as a formula.
"""

import csv
import io
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from django.urls import reverse
from endplay.parsers import pbn as endplay_pbn
from openpyxl import load_workbook

from scoring.pbn import decimal_text, parse_pbn, split_table_row
from tournament import exports, services
from tournament.models import Board, Individual, Member
from tournament.queries.individual_standings import individual_contest, player_card
from tournament.services import Actor, Entry, deals
from tournament.services.individuals import set_individual_names

from ..factories import enter, make_event
from .test_individual_standings import LINES
from .test_individual_standings import evening as hand_checked
from .test_usebio_readers import cobalt_reads, importusebio_reads

GUEST = 'O\'Hara, "Red"'
FORMULA = "=HYPERLINK(1)"
NAMES = {"1": "Tom Bird", "2": GUEST, "3": FORMULA, "4": "Jane Alden"}
# Each line's four players, North, East, South, West (the movement's round by round).
SEATS = {
    (1, 1): ("3", "7", "4", "2"),
    (1, 2): ("8", "1", "6", "5"),
    (2, 1): ("4", "1", "5", "3"),
    (2, 2): ("8", "2", "7", "6"),
    (3, 1): ("5", "2", "6", "4"),
    (3, 2): ("8", "3", "1", "7"),
}


def evening(director, lines=LINES, **fields):
    """The hand-checked evening, its players named as :data:`NAMES` has them (a member
    of the register among them)."""
    event = hand_checked(director, names={}, lines=lines, **fields)
    Member.objects.create(club=event.club, name="Jane Alden", number="12345")
    set_individual_names(event, NAMES, by=Actor.director(director))
    return event


@pytest.fixture
def individual(director):
    return evening(director)


def sheet(wb, name):
    rows = list(wb[name].iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def test_the_names_are_a_member_a_guest_and_two_more(individual):
    players = {i.label: i for i in Individual.objects.filter(event=individual)}
    assert players["4"].member is not None and players["4"].member.number == "12345"
    assert players["2"].member.guest and not players["2"].member.number
    assert players["2"].name == GUEST


def test_xlsx_standings_by_player(individual):
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(individual)))
    assert wb.sheetnames[:4] == ["Standings", "Travellers", "Itemised", "Score cards"]
    rows = sheet(wb, "Standings")
    assert list(rows[0]) == [
        "Rank", "Player", "Name", "Score", "Exact score", "Score (decimal)", "Percent", "Boards"
    ]  # fmt: skip
    assert [(r["Rank"], r["Player"], r["Score (decimal)"]) for r in rows] == [
        (1, 4, 98.5), (2, 1, 90.5), (3, 5, 48.5), (4, 3, 40.5),
        (5, 2, -40.5), (6, 8, -48.5), (7, 6, -90.5), (8, 7, -98.5),
    ]  # fmt: skip
    assert rows[0]["Name"] == "Jane Alden" and rows[0]["Exact score"] == "98 1/2"
    assert rows[0]["Score"] == 99 and rows[0]["Boards"] == 3
    # The formula stays text (quote-prefixed), the guest's comma and quotes as typed.
    by_player = {r["Player"]: r for r in rows}
    assert by_player[3]["Name"] == FORMULA and by_player[2]["Name"] == GUEST
    guarded = next(c for c in wb["Standings"]["C"] if c.value == FORMULA)
    assert guarded.data_type == "s" and guarded.quotePrefix
    # The chart's figures are the players'.
    charts = [r for r in wb["Charts"].iter_rows(values_only=True) if r and r[0]]
    assert ("All players: scores by place", None) in charts and ("Player 4", 98.5) in charts


def test_xlsx_travellers_name_the_four_players(individual):
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(individual)))
    rows = sheet(wb, "Travellers")
    assert len(rows) == 6
    for r in rows:
        seats = tuple(str(r[seat]) for seat in ("North", "East", "South", "West"))
        assert seats == SEATS[(r["Round"], r["Table"])]
        for seat, label in zip(("North", "East", "South", "West"), seats, strict=True):
            assert r[f"{seat} player"] == NAMES.get(label)
        north, east, south, west = seats
        assert (r["NS partnership"], r["EW partnership"]) == (f"{north}&{south}", f"{east}&{west}")
    first = next(r for r in rows if (r["Round"], r["Table"]) == (1, 1))
    assert (first["Contract"], first["Net NS"], first["NS comparison"]) == ("4H", 157, 69.5)
    itemised = sheet(wb, "Itemised")
    assert list(itemised[0])[:5] == ["Board", "Round", "Table", "NS partnership", "EW partnership"]


def test_xlsx_score_cards_are_the_cards_and_add_to_the_standings(individual):
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(individual)))
    rows = sheet(wb, "Score cards")
    assert len(rows) == 8 * 3  # every player's three boards
    assert [r["Player"] for r in rows] == sorted(r["Player"] for r in rows)
    ones = [r for r in rows if r["Player"] == 1]
    card = player_card(individual, "1")
    assert [(r["Board"], r["Seat"][0], str(r["Partner"]), r["Net (his side)"]) for r in ones] == [
        (c["board"], c["seat"], c["partner"], c["net"]) for c in card
    ]
    assert [r["Name"] for r in ones] == ["Tom Bird"] * 3
    assert ones[0]["Opponents' names"] == "player 6 & player 8"
    assert ones[1]["Opponents' names"] == "player 5 & Jane Alden"
    assert ones[0]["Contract"] == "2S" and ones[0]["Score"] == 69.5
    standings = {r.pair: r.score for r in individual_contest(individual)}
    for label, score in standings.items():
        mine = [Fraction(r["Score"]) for r in rows if str(r["Player"]) == label]
        assert sum(mine) == score, label


def test_xlsx_movement_seats_the_four_players(individual):
    """The Movement sheet gives each table's players by seat, as the travellers do."""
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(individual)))
    rows = sheet(wb, "Movement")
    assert list(rows[0])[:6] == ["Round", "Table", "North", "East", "South", "West"]
    assert len(rows) == 6  # 3 rounds of 2 tables; 8 players, nobody sits out
    for r in rows:
        seats = tuple(str(r[seat]) for seat in ("North", "East", "South", "West"))
        assert seats == SEATS[(r["Round"], r["Table"])]
    first = rows[0]
    assert (first["First board"], first["Last board"]) == (1, 1)
    # Round 1, table 1: N3 E7 S4 W2, the named ones by name, the others by number.
    assert first["Names (N, E, S, W)"] == f"{FORMULA}, player 7, Jane Alden, {GUEST}"


def test_xlsx_movement_names_who_sits_out(director):
    """Nine players at two tables: one sits out each round, named in a row of its own
    after the round's tables (individual-9-r3: player 1 in round 1, 3 in round 2, 9 in
    round 3)."""
    from scoring.movements.individuals import from_name

    event = make_event(
        director,
        form="individual",
        movement_name="individual-9-r3",
        tables=0,
        boards_per_round=1,
    )
    plan = from_name("individual-9-r3", 1)
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(event)))
    rows = sheet(wb, "Movement")
    assert [(r["Round"], r["Table"]) for r in rows] == [
        (1, 1), (1, 2), (1, "sitting out"), (2, 1), (2, 2), (2, "sitting out"),
        (3, 1), (3, 2), (3, "sitting out"),
    ]  # fmt: skip
    outs = [row["How"] for row in rows if row["Table"] == "sitting out"]
    assert outs == [f"Player {p} sits out this round" for p in ("1", "3", "9")]
    for r in range(1, 4):
        seated = {p for t in plan.schedule if t.round == r for p in (t.n, t.e, t.s, t.w)}
        (away,) = set(plan.players) - seated
        out = next(row for row in rows if (row["Round"], row["Table"]) == (r, "sitting out"))
        assert out["How"] == f"Player {away} sits out this round"
        assert out["North"] is None and out["Boards then"] is None


def test_csv_standings_and_travellers(individual):
    text = exports.standings_csv(individual)
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert [r["Player"] for r in rows] == ["4", "1", "5", "3", "2", "8", "6", "7"]
    by_player = {r["Player"]: r for r in rows}
    assert by_player["4"]["Exact score"] == "98 1/2" and by_player["4"]["Boards"] == "3"
    assert by_player["2"]["Name"] == GUEST  # a comma and quotes read back whole
    assert by_player["3"]["Name"] == "'" + FORMULA  # made inert
    lines = list(csv.DictReader(io.StringIO(exports.travellers_csv(individual).lstrip("\ufeff"))))
    assert len(lines) == 6
    for r in lines:
        seats = tuple(r[seat] for seat in ("North", "East", "South", "West"))
        assert seats == SEATS[(int(r["Round"]), int(r["Table"]))]
    board_two = next(r for r in lines if (r["Round"], r["Table"]) == ("2", "2"))
    assert board_two["East player"] == GUEST and board_two["Net NS"] == "-18"


def test_pbn_names_the_four_players_and_marks_an_individual(director):
    individual = evening(director, lines=())
    deals.deal_event(individual, seed="individual-pbn", by=Actor.director(director))
    for board, round_no, table, line in LINES:
        enter(individual, board, round_no, table, line)
    text = exports.write_pbn(individual)
    games = {int(g.tags["Board"]): g for g in parse_pbn(text)}
    for number, game in games.items():
        assert game.tags["Competition"] == "Individuals"
        # The board's seat tags name the players of its table 1 line (the one whose
        # Declarer, Contract and Result the board gives).
        seats = SEATS[(number, 1)]
        for seat, label in zip(("North", "East", "South", "West"), seats, strict=True):
            assert game.tags[seat] == NAMES.get(label, "?"), (number, seat)
        header = [h.split("\\")[0] for h in game.tags["ScoreTable"].split(";")]
        assert header[:6] == [
            "Round", "Table", "PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West"
        ]  # fmt: skip
        assert "PairId_NS" not in header
        for row in (split_table_row(r) for r in game.sections["ScoreTable"]):
            assert tuple(row[2:6]) == SEATS[(int(row[0]), int(row[1]))]
    totals = games[1].tags["TotalScoreTable"].split(";")
    assert [h.split("\\")[0] for h in totals] == [
        "Rank", "PlayerId", "TotalScore", "NrBoards", "Exact", "Names"
    ]  # fmt: skip
    rows = [split_table_row(r) for r in games[1].sections["TotalScoreTable"]]
    standing = individual_contest(individual)
    assert [r[:5] for r in rows] == [
        [s.rank, s.pair, decimal_text(s.score), str(s.boards), s.exact] for s in standing
    ]
    assert {r[1]: r[-1] for r in rows} == {s.pair: NAMES.get(s.pair, "?") for s in standing}
    # endplay reads every board, and its tables as wide as their headers.
    for board in endplay_pbn.loads(text):
        table = board.info["ScoreTable"]
        assert all(len(row) == len(table["headers"]) for row in table["rows"])
    assert endplay_pbn.loads(text)[1].info["North"] == "Jane Alden"


def test_a_pair_contests_pbn_has_no_competition_tag(director):
    pairs = make_event(director)
    enter(pairs, 1, 1, 1, "4H S 10")
    assert "[Competition" not in exports.write_pbn(pairs)


def test_usebio_is_an_individual_event_of_players(individual):
    individual.club.national_numbers = True
    individual.club.save(update_fields=["national_numbers"])
    xml = exports.write_usebio(individual)
    read = importusebio_reads(xml)
    assert read.supported and read.event_type == "individual" and read.scoring == "aggregate"
    assert read.winner_type == 1
    assert {p["kind"] for p in read.participants} == {"PLAYER"}
    standing = {s.pair: s for s in individual_contest(individual)}
    assert [p["number"] for p in read.participants] == [s for s in standing]
    for p in read.participants:
        s = standing[p["number"]]
        assert p["score"] == float(s.score) and p["place"] == int(s.rank.rstrip("="))
    names = {p["number"]: (p["name"], p["national"]) for p in read.participants}
    assert names["4"] == ("Jane Alden", "12345")  # a member, national numbers on
    assert names["2"] == (GUEST, None)  # a guest has no number
    assert names["5"] == ("?", None)  # unnamed
    # Each traveller line's four players, as our reader takes them back.
    root = ET.fromstring(xml)
    seen = {}
    for board in root.iter("BOARD"):
        number = board.findtext("BOARD_NUMBER")
        for line in board.findall("TRAVELLER_LINE"):
            seats = tuple(
                line.findtext(f"{seat}_PLAYER_NUMBER")
                for seat in ("NORTH", "EAST", "SOUTH", "WEST")
            )
            assert line.find("NS_PAIR_NUMBER") is None
            seen[(number, seats)] = line.findtext("NS_SCORE")
    assert seen[("1", SEATS[(1, 1)])] == "69.5" and seen[("3", SEATS[(3, 2)])] == "25"
    assert len(seen) == 6 and all(s in standing for _, seats in seen for s in seats)
    # Cobalt takes pair events only: it refuses an individual by its type.
    assert cobalt_reads(xml).refused == "Event type 'INDIVIDUAL' is not currently supported."


def test_usebio_of_a_matchpoint_individual_gives_the_percentages(director):
    event = evening(director, method="matchpoints")
    read = importusebio_reads(exports.write_usebio(event))
    assert read.scoring == "match_points"
    scores = {p["number"]: p["score"] for p in read.participants}
    assert scores["1"] == 66.67 and scores["7"] == 0  # the percentage, read last


# The publication rule: the same code path as a pair contest's.

SEED = "individual-publish-1915"
SECRET = "5DX"


@pytest.fixture
def mid_play(director):
    """Dealt; board 1 played at both tables (finished), board 2 at table 1 only."""
    event = evening(director, lines=())
    deals.deal_event(event, seed=SEED, by=Actor.director(director))
    for board, round_no, table, line in LINES[:2]:
        enter(event, board, round_no, table, line)
    services.enter_result(
        event,
        board_number=2,
        round_no=2,
        table=1,
        entry=Entry(SECRET, "E", 8),
        by=Actor.director(director),
    )
    services.set_published(event, True, by=Actor.director(director))
    return event


def public_texts(client, event):
    out = {}
    for fmt in ("xlsx", "standings-csv", "travellers-csv", "pbn", "usebio"):
        r = client.get(reverse("event_download", args=[event.pk, fmt]))
        assert r.status_code == 200, fmt
        if fmt == "xlsx":
            wb = load_workbook(io.BytesIO(r.content))
            out[fmt] = "\n".join(
                "\t".join("" if v is None else str(v) for v in row)
                for ws in wb.worksheets
                for row in ws.iter_rows(values_only=True)
            )
            out["score cards"] = sheet(wb, "Score cards")
        else:
            out[fmt] = r.content.decode("utf-8-sig")
    return out


def test_the_public_sees_no_unfinished_board_of_an_individual(client, mid_play):
    texts = public_texts(client, mid_play)
    hidden = [b.deal for b in Board.objects.filter(event=mid_play, number__in=(2, 3))]
    assert all(hidden)
    for fmt, text in texts.items():
        if fmt == "score cards":
            continue
        assert SECRET not in text, fmt
        assert SEED not in text, fmt
        assert all(deal not in text for deal in hidden), fmt
    shown = Board.objects.get(event=mid_play, number=1).deal
    assert shown and shown in texts["pbn"]
    assert {r["Board"] for r in texts["score cards"]} == {1}
    travellers = list(csv.reader(io.StringIO(texts["travellers-csv"])))
    assert {row[0] for row in travellers[1:]} == {"1"}
    usebio = ET.fromstring(texts["usebio"].encode())
    assert [b.findtext("BOARD_NUMBER") for b in usebio.findall("EVENT/BOARD")] == ["1"]
    assert [b.findtext("BOARD_NUMBER") for b in usebio.findall("HANDSET/BOARD")] == ["1"]
    # The standings count every live line, board 2's included (they show no hand).
    assert "Jane Alden" in texts["standings-csv"]


def test_the_director_sees_every_board_of_an_individual(client, mid_play, director):
    client.force_login(director)
    r = client.get(reverse("director_download", args=[mid_play.pk, "travellers-csv"]))
    assert SECRET in r.content.decode("utf-8-sig")
    r = client.get(reverse("director_download", args=[mid_play.pk, "xlsx"]))
    cards = sheet(load_workbook(io.BytesIO(r.content)), "Score cards")
    assert {r["Board"] for r in cards} == {1, 2}


def test_an_individual_before_any_result_gives_every_file(director):
    event = evening(director, lines=())
    for export in exports.EXPORT_FORMATS.values():
        assert export.offered_for(event)
        assert export.render(event), export.key
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(event)))
    assert sheet(wb, "Standings") == [] and sheet(wb, "Score cards") == []


def test_a_factored_individuals_standings_add_the_sum_as_played(director):
    event = evening(director, factoring="factored")
    rows = list(csv.DictReader(io.StringIO(exports.standings_csv(event).lstrip("\ufeff"))))
    assert {"As played", "Boards compared (b)"} <= set(rows[0])
    standing = {s.pair: s for s in individual_contest(event)}
    for r in rows:
        assert r["Boards compared (b)"] == str(standing[r["Player"]].compared)
