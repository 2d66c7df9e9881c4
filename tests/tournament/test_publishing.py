"""Publishing during play: the public never sees a deal or a result of an unfinished board.

The event of these tests: a 3-table Mitchell, 2 boards a round, 6 boards, each
played at three table-rounds.  Board 1 travels from table 1 (round 1) to
table 3 (round 2) to table 2 (round 3); boards 3-4 start at table 2.
"""

import csv
import io

import pytest
from django.core.cache import cache
from django.urls import reverse
from openpyxl import load_workbook

from tournament import access, services
from tournament.models import Board, Pair, Result, Seating
from tournament.services import Actor, Entry, deals, tablets

from .conftest import make_event

SEED = "publish-seed-1915"
SECRET_CONTRACT = "5DX"  # played on board 3 at table 2 in round 1 only: board 3 is unfinished
FORMATS = ("xlsx", "standings-csv", "travellers-csv", "pbn")


def enter(event, user, number, round_no, table, entry=None, reason=""):
    return services.enter_result(
        event,
        board_number=number,
        round_no=round_no,
        table=table,
        entry=entry or Entry("4H", "S", 10),
        by=Actor.director(user, reason),
    )


def play_everywhere(event, user, number, reason=""):
    """Enter board ``number`` at every table-round that has no live result for it yet."""
    for s in Seating.objects.playing(event, number):
        if services.live_result(event, number, s.round, s.table) is None:
            enter(event, user, number, s.round, s.table, reason=reason)


@pytest.fixture
def mid_play(event, director):
    """Dealt, board 1 played everywhere, board 3 at one table only; published."""
    deals.deal_event(event, seed=SEED, by=Actor.director(director))
    enter(event, director, 1, 1, 1, Entry("4H", "S", 10))
    enter(event, director, 1, 2, 3, Entry("3S", "N", 8))
    enter(event, director, 1, 3, 2, Entry("2NT", "W", 9))
    enter(event, director, 3, 1, 2, Entry(SECRET_CONTRACT, "E", 8))
    services.set_published(event, True, by=Actor.director(director))
    return event


def deal_of(event, number):
    return Board.objects.get(event=event, number=number).deal


def xlsx_text(content: bytes) -> str:
    wb = load_workbook(io.BytesIO(content))
    return "\n".join(
        "\t".join("" if v is None else str(v) for v in row)
        for ws in wb.worksheets
        for row in ws.iter_rows(values_only=True)
    )


def everything_public(client, event) -> dict[str, str]:
    """Every results page and download of the event, as text, by name."""
    texts = {"events list": client.get(reverse("events")).content.decode()}
    standings = reverse("event_standings", args=[event.pk])
    texts["standings"] = client.get(standings).content.decode()
    texts["standings fragment"] = client.get(standings + "?fragment=1").content.decode()
    for b in Board.objects.filter(event=event):
        r = client.get(reverse("event_traveller", args=[event.pk, b.number]))
        assert r.status_code == 200
        texts[f"traveller {b.number}"] = r.content.decode()
    for label in Pair.objects.filter(event=event).values_list("label", flat=True):
        texts[f"pair {label}"] = client.get(
            reverse("event_pair", args=[event.pk, label])
        ).content.decode()
    texts["hand records"] = client.get(
        reverse("event_hand_records", args=[event.pk])
    ).content.decode()
    for fmt in FORMATS:
        r = client.get(reverse("event_download", args=[event.pk, fmt]))
        assert r.status_code == 200, fmt
        texts[fmt] = xlsx_text(r.content) if fmt == "xlsx" else r.content.decode("utf-8-sig")
    return texts


def travellers_boards(csv_text: str) -> set[int]:
    rows = list(csv.reader(io.StringIO(csv_text)))
    return {int(row[0]) for row in rows[1:]}


# The rule.


def test_a_board_is_finished_when_every_table_that_plays_it_has_a_result(event, director):
    assert access.finished_boards(event) == set()
    for round_no, table in ((1, 1), (2, 3)):
        enter(event, director, 1, round_no, table)
    assert 1 not in access.finished_boards(event)
    enter(event, director, 1, 3, 2)
    assert access.finished_boards(event) == {1}
    assert not access.publication(event).over
    for n in range(2, 7):
        play_everywhere(event, director, n)
    pub = access.publication(event)
    assert pub.finished == pub.boards == frozenset(range(1, 7)) and pub.over


def test_an_absent_table_does_not_hold_a_board_back(event, director):
    # Boards 3-4 are played at table 2 in round 1, table 1 in round 2, table 3 in round 3.
    enter(event, director, 3, 2, 1)
    enter(event, director, 3, 3, 3)
    assert 3 not in access.finished_boards(event)
    services.set_absent(event, 1, 2, True, by=Actor.director(director))
    assert 3 in access.finished_boards(event)


def test_a_closed_round_settles_a_board_never_played_there(event, director):
    enter(event, director, 4, 2, 1)
    enter(event, director, 4, 3, 3)
    assert 4 not in access.finished_boards(event)
    services.close_round(event, 1, by=Actor.director(director))  # table 2 never played it
    assert 4 in access.finished_boards(event)


def test_a_voided_result_holds_its_board_back_until_replayed_even_in_a_closed_round(
    event, director
):
    play_everywhere(event, director, 1)
    services.close_round(event, 1, by=Actor.director(director))
    assert 1 in access.finished_boards(event)
    first = services.live_result(event, 1, 1, 1)
    services.void_result(first, by=Actor.director(director, "Law B: back for rectification"))
    assert 1 not in access.finished_boards(event)
    enter(event, director, 1, 1, 1, Entry("3H", "S", 9), reason="replayed")
    assert 1 in access.finished_boards(event)


def test_an_agreed_round_does_not_finish_a_board_whose_result_was_voided(event, director):
    play_everywhere(event, director, 1)
    play_everywhere(event, director, 2)
    for n in (1, 2):
        services.confirm_result(services.live_result(event, n, 1, 1), by=Actor.director(director))
    seating = Seating.objects.get(event=event, round=1, table=1)
    services.agree_round(seating, by=Actor.tablet(1))
    assert Seating.objects.get(pk=seating.pk).agreed_at is not None
    assert {1, 2} <= access.finished_boards(event)
    services.void_result(
        services.live_result(event, 1, 1, 1), by=Actor.director(director, "replay")
    )
    assert 1 not in access.finished_boards(event) and 2 in access.finished_boards(event)


def test_the_rule_takes_four_queries_whatever_the_size(director, django_assert_num_queries):
    small = make_event(director, name="Small")
    large = make_event(director, name="Large", tables=7, boards_per_round=3)
    for e in (small, large):
        for n in (1, 2):
            play_everywhere(e, director, n)
        services.close_round(e, 1, by=Actor.director(director))
        with django_assert_num_queries(4):
            access.publication(e)


# What the public sees.


def test_public_mid_play_sees_no_deal_or_result_of_an_unfinished_board(client, mid_play):
    event = mid_play
    texts = everything_public(client, event)
    hidden_deals = {n: deal_of(event, n) for n in range(2, 7)}
    assert all(hidden_deals.values())
    for name, text in texts.items():
        assert SECRET_CONTRACT not in text, name
        assert SEED not in text, name
        for n, deal in hidden_deals.items():
            assert deal not in text, (name, n)
    # What is public: the standings, board 1 everywhere it belongs.
    assert "North-South" in texts["standings"] and "3S" in texts["traveller 1"]
    assert "Still being played: 2–6" in texts["standings"]
    assert deal_of(event, 1) in texts["pbn"]
    assert texts["hand records"].count('class="card hand-record"') == 1
    assert "Board 1 <span" in texts["hand records"] and "Board 3 <span" not in texts["hand records"]
    assert travellers_boards(texts["travellers-csv"]) == {1}
    assert "2NT" in texts["xlsx"] and "2NT" in texts["travellers-csv"]
    # The dealing sheets stay on the director's deals page, which sends the public to log in.
    r = client.get(reverse("director_deals", args=[event.pk]))
    assert r.status_code == 302 and deal_of(event, 1) not in r.content.decode()
    # An unfinished board's page says so, clearly, and is not an error.
    for n in (3, 4):
        assert "Not yet: this board is still being played." in texts[f"traveller {n}"]
    # The pair that played board 3 sees its board 1 line and is told one is held back.
    ns_pair = Seating.objects.get(event=event, round=1, table=2).ns.label
    card = texts[f"pair {ns_pair}"]
    assert "1 board this pair has played is not shown yet" in card
    # The standings count every live result, board 3's included (and board 1, round 3).
    cache.clear()  # worked out afresh, so the response carries its context
    tables = client.get(reverse("event_standings", args=[event.pk])).context["tables"]
    rows = [r for _, table, _chart in tables for r in table.data if r.pair == ns_pair]
    assert [r.boards for r in rows] == [2]


def test_another_clubs_director_is_the_public(client, mid_play, rival_director):
    client.force_login(rival_director)
    page = client.get(reverse("event_traveller", args=[mid_play.pk, 3])).content.decode()
    assert "still being played" in page and SECRET_CONTRACT not in page
    pbn = client.get(reverse("event_download", args=[mid_play.pk, "pbn"])).content.decode()
    assert deal_of(mid_play, 3) not in pbn


def test_the_events_director_sees_everything_throughout(client, mid_play, director):
    event = mid_play
    client.force_login(director)
    texts = everything_public(client, event)
    assert SECRET_CONTRACT in texts["traveller 3"]
    assert "still being played" not in texts["traveller 3"]
    for n in range(1, 7):
        assert deal_of(event, n) in texts["pbn"]
        assert f"Board {n} <span" in texts["hand records"]
    assert travellers_boards(texts["travellers-csv"]) == {1, 3}
    assert SEED in texts["xlsx"]
    assert "not shown yet" not in "".join(t for k, t in texts.items() if k.startswith("pair"))
    assert "Published live: the public sees" in texts["standings"]
    for fmt in ("xlsx", "travellers-csv", "pbn"):
        assert SECRET_CONTRACT in texts[fmt], fmt
        r = client.get(reverse("director_download", args=[event.pk, fmt]))
        body = xlsx_text(r.content) if fmt == "xlsx" else r.content.decode("utf-8-sig")
        assert SECRET_CONTRACT in body, fmt


def test_everything_is_public_once_the_event_is_over(client, mid_play, director):
    event = mid_play
    for n in range(1, 7):
        play_everywhere(event, director, n)
    texts = everything_public(client, event)
    assert SECRET_CONTRACT in texts["traveller 3"] and SECRET_CONTRACT in texts["pbn"]
    assert SECRET_CONTRACT in texts["xlsx"] and SECRET_CONTRACT in texts["travellers-csv"]
    for n in range(1, 7):
        assert deal_of(event, n) in texts["pbn"]
        assert f"Board {n} <span" in texts["hand records"]
        assert "still being played" not in texts[f"traveller {n}"]
    assert travellers_boards(texts["travellers-csv"]) == set(range(1, 7))
    assert SEED in texts["xlsx"]
    assert "Still being played" not in texts["standings"]
    assert not any("not shown yet" in t for t in texts.values())


def test_a_table_link_is_unaffected(client, mid_play):
    link = tablets.link_for(mid_play, 2)  # round 1: boards 3-4, board 3 entered
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "Board 3" in page and "Board 4" in page
    mine = Result.objects.get(event=mid_play, board__number=3)
    page = client.get(reverse("scorer_result", args=[link.token, mine.pk])).content.decode()
    assert SECRET_CONTRACT in page
    r = client.post(
        reverse("scorer_board", args=[link.token, 4]),
        {
            "level": "1",
            "strain": "NT",
            "doubled": "",
            "declarer": "N",
            "tricks": "7",
            "revokes_ns": "0",
            "revokes_ew": "0",
            "key": "k-tablet",
        },
    )
    assert r.status_code == 302
    assert services.live_result(mid_play, 4, 1, 2).contract == "1NT"


def test_the_publish_button_states_the_rule(client, event, director):
    client.force_login(director)
    url = reverse("director_event", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Publish live results" in page
    assert "Standings now; each board's traveller and hands once every table has played it" in page
    play_everywhere(event, director, 1)
    services.set_published(event, True, by=Actor.director(director))
    page = client.get(url).content.decode()
    assert "Unpublish results" in page and "(1 of 6 boards so far)" in page
    for n in range(2, 7):
        play_everywhere(event, director, n)
    page = client.get(url).content.decode()
    assert "every board is finished, so everything is public" in page
    services.set_published(event, False, by=Actor.director(director))
    page = client.get(url).content.decode()
    assert "Publish results</button>" in page and "Publish live results" not in page


def test_the_demos_finished_events_are_over(client, demo):
    for event in demo:
        assert access.publication(event).over, event.name
        page = client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
        assert "still being played" not in page and "No results yet" not in page


def test_the_record_of_corrections_shows_only_finished_boards(client, mid_play, director):
    """A correction of an unfinished board, its reason and its score stay off every public
    page until the board is finished; a finished board's correction is public at once."""
    event = mid_play
    secret = services.live_result(event, 3, 1, 2)
    services.correct_result(
        secret, entry=Entry("6DX", "E", 8), by=Actor.director(director, "secret-claim")
    )
    done = services.live_result(event, 1, 2, 3)
    services.correct_result(
        done, entry=Entry("3S", "N", 9), by=Actor.director(director, "miscount")
    )
    texts = everything_public(client, event)
    for name, text in texts.items():
        assert "secret-claim" not in text and "6DX" not in text, name
    assert "miscount" in texts["traveller 1"]
    assert "The record of corrections" in texts["traveller 1"]
    ns_pair = Seating.objects.get(event=event, round=1, table=2).ns.label
    assert "The record of corrections" not in texts[f"pair {ns_pair}"]
    # Its director reads both, on the same pages.
    client.force_login(director)
    page = client.get(reverse("event_traveller", args=[event.pk, 3])).content.decode()
    assert "secret-claim" in page and "director alice" in page
