"""The director's and players' pages: what they say, not how they look
(the browser tests measure the layout)."""

import pytest
from django.urls import reverse

from scoring.wording import count
from tournament import services
from tournament.models import Board, Pair
from tournament.queries import score_cards, travellers
from tournament.services import Actor, user_message

from ..factories import enter, event_with_results, make_event


@pytest.fixture
def alice(client, director):
    client.force_login(director)
    return client


def test_count_says_it_as_a_person_would():
    assert count(1, "odd trick") == "1 odd trick"
    assert count(0, "undertrick") == "0 undertricks"
    assert count(3, "further revoke") == "3 further revokes"
    assert count(2, "penalty", "penalties") == "2 penalties"


def test_messages_start_a_sentence():
    assert user_message(services.ServiceError("round 2 is closed")) == "Round 2 is closed"
    assert user_message("") == ""


def test_the_demo_account_is_not_director_director(director):
    director.username = "director"
    assert Actor.director(director).label == "director"
    director.username = "alice"
    assert Actor.director(director).label == "director alice"
    assert Actor.tablet(3).label == "table 3"


def test_absent_is_one_form_not_a_button_a_table(alice, event):
    url = reverse("director_event", args=[event.pk])
    page = alice.get(url).content.decode()
    # 3 tables x 3 rounds: one select with nine choices, no per-table "absent" button.
    assert page.count('name="where"') == 1
    assert page.count('<option value="') == 9 + 1  # and the "round, table…" prompt
    alice.post(reverse("director_absent_pick", args=[event.pk]), {"where": "2-3", "absent": "1"})
    assert event.seating_set.get(round=2, table=3).absent
    page = alice.get(url).content.decode()
    assert "Mark table 3 present in round 2" in page  # the way back stays in its cell
    assert '<option value="2-3"' not in page


def test_absent_form_without_a_choice_says_so(alice, event):
    r = alice.post(reverse("director_absent_pick", args=[event.pk]), {"where": "x"}, follow=True)
    assert "Choose the round and table that is absent." in r.content.decode()
    assert not event.seating_set.filter(absent=True).exists()


def test_close_round_names_the_missing_tables_and_missing_list_is_grouped(alice, director):
    event = event_with_results(director, {(1, 1, 1): "4H S 10", (2, 1, 1): "4H S 10"})
    page = alice.get(reverse("director_event", args=[event.pk])).content.decode()
    # Round 1: table 1 has both its boards, tables 2 and 3 none.
    assert "Close round 1? Table 2 has 0 of 2 results; Table 3 has 0 of 2 results" in page
    assert "Round 1: table 2 (0/2), table 3 (0/2)" in page
    assert "Round 2: every table (nothing entered yet)" in page
    assert "Results missing at <strong>8</strong> table-rounds" in page
    enter(event, 3, 2, 1)  # round 2, table 1 has one of its two boards: each table is named
    page = alice.get(reverse("director_event", args=[event.pk])).content.decode()
    assert "Round 2: table 1 (1/2), table 2 (0/2), table 3 (0/2)" in page


def test_team_match_traveller_gives_each_line_to_a_team(director, client):
    # Two pairs a team: board 1 at table 1 (A1 NS v B1) 4H S 10 = +157 to A;
    # at table 2 (B2 NS v A2) 4H S 8 = -100 to NS, so +100 to A.  Board 1 to A: 157 + 100 = 257.
    event = event_with_results(
        director,
        {(1, 1, 1): "4H S 10", (1, 2, 2): "4H S 8"},
        form="teams",
        movement="teams",
        tables=2,
        team_names={"A": "Hawks", "B": "Owls"},
    )
    services.set_published(event, True, by=Actor.director(director))
    board = Board.objects.get(event=event, number=1)
    lines = travellers.traveller(event, board)
    assert [tl.team_points for tl in lines] == [("+157", "-157"), ("+100", "-100")]
    assert travellers.team_board_totals(lines, event) == ("+257", "-257")
    page = client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
    # Each team's column by its name, or on a phone by its letter (the name in its title).
    for label, name in (("A", "Hawks"), ("B", "Owls")):
        assert (
            f'To <span class="long">{name}</span><abbr class="short" title="{name}">{label}</abbr>'
            in page
        )
    assert "+/− average" not in page
    assert "<strong>+257</strong>" in page
    card = client.get(reverse("event_pair", args=[event.pk, "A1"])).content.decode()
    assert "Board to Hawks" in card and "+257" in card


def test_team_board_total_waits_for_every_table(director):
    event = event_with_results(
        director, {(1, 1, 1): "4H S 10"}, form="teams", movement="teams", tables=2
    )
    lines = travellers.traveller(event, Board.objects.get(event=event, number=1))
    assert travellers.team_board_totals(lines, event) == ()
    pair = Pair.objects.get(event=event, label="A1")
    assert score_cards.score_card(event, pair)[0]["to_team"] == ""


def test_law_b_line_says_which_score_it_took(director):
    # Board 1: real nets +157 (table 1) and -100 (table 3); table 2 gets North-South's
    # lowest: -100, as at table 3.
    event = make_event(director)
    enter(event, 1, 1, 1, "4H S 10")
    enter(event, 1, 3, 2, "4H S 8")  # 3-table Mitchell: board 1 is at table 2 in round 3
    where = {(s.round, s.table) for s in event.seating_set.all() if 1 in s.board_numbers}
    assert where == {(1, 1), (2, 3), (3, 2)}
    services.apply_irregular(
        event,
        board_number=1,
        round_no=2,
        table=3,
        discovered="after-overplay",
        short_hand="S",
        surplus_with="partner",
        by=Actor.director(director, "South held 12 cards"),
    )
    lines = travellers.traveller(event, Board.objects.get(event=event, number=1))
    law_b = [tl for tl in lines if tl.result.adjusted]
    assert len(law_b) == 1
    assert law_b[0].basis == "North-South's lowest score on the board: -100 to NS, as at table 2"


def test_matchpoint_standings_lead_with_the_percentage(director, client):
    # Mid-event pairs have played different numbers of boards: ranks follow the
    # percentage, so it comes first and the total is headed "Matchpoints".
    event = event_with_results(
        director, {(1, 1, 1): "4H S 10", (1, 3, 2): "4H S 9"}, method="matchpoints"
    )
    services.set_published(event, True, by=Actor.director(director))
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    head = page[page.index("<thead") : page.index("</thead>")]
    assert head.index("Percent") < head.index("Matchpoints") and "Score" not in head
    # A total-points event rendered after it keeps its own heading (no shared column state).
    totals = event_with_results(director, {(1, 1, 1): "4H S 10"}, name="Law H night")
    services.set_published(totals, True, by=Actor.director(director))
    page = client.get(reverse("event_standings", args=[totals.pk])).content.decode()
    head = page[page.index("<thead") : page.index("</thead>")]
    assert "Score" in head and "Matchpoints" not in head and "Percent" not in head


def test_xlsx_team_sheet_names_the_teams(director):
    from io import BytesIO

    from openpyxl import load_workbook

    from tournament import exports

    event = event_with_results(
        director,
        {(1, 1, 1): "4H S 10", (1, 2, 2): "4H S 8"},
        form="teams",
        movement="teams",
        tables=2,
        team_names={"A": "Hawks"},
    )
    book = load_workbook(BytesIO(exports.xlsx_bytes(event)))
    cells = [c for row in book["Team match"].iter_rows(values_only=True) for c in row if c]
    # Board 1: A +157 at table 1 and +100 at table 2 = 257; B -257 (Law G, two pairs a team).
    assert "Hawks (A)" in cells and "Team B (B)" in cells
    # Boards 2-4 are still to be played at both tables: a leader, not a winner.
    assert cells[cells.index("Leading so far") + 1] == "Hawks (A)" and "Winner" not in cells


def test_every_code_page_only_for_a_board_the_viewer_may_see(director, client):
    event = event_with_results(director, {(1, 1, 1): "4H S 10", (1, 3, 2): "4H S 9"})
    result = event.result_set.get(round=1, table=1)
    url = reverse("event_every_code", args=[event.pk, result.pk])
    assert client.get(url).status_code == 404  # not published
    services.set_published(event, True, by=Actor.director(director))
    assert client.get(url).status_code == 404  # published, but board 1 is still in play
    enter(event, 1, 2, 3, "4H S 10")  # the board's last table: finished
    page = client.get(url).content.decode()
    assert "under every code" in page and "Duplicate contract bridge" in page
    assert (
        "every code" in client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
    )


def test_every_code_page_keeps_a_1913_dealers_one_spade_plain(director, client):
    # 1913 Law 48: board 1 dealt by North, N plays one spade and takes nine tricks, no
    # honours entered.  Its own column: 3 odd tricks at 2 = 6, not royal spades' 27.
    event = event_with_results(director, {(1, 1, 1): "1S N 9"}, code="1913")
    result = event.result_set.get(round=1, table=1)
    client.force_login(director)
    page = client.get(reverse("event_every_code", args=[event.pk, result.pk])).content.decode()
    own = page[page.index('class="ours"') :]
    own = own[: own.index("</tr>")]
    assert "<td>1S</td>" in own and "<strong>6</strong>" in own
    assert "NS trick 6: 3 odd tricks at 2, Law 3" in own
    assert "stays plain under 1913" in page


def test_par_on_the_hand_record_the_traveller_and_in_pbn(director, client):
    pytest.importorskip("endplay", reason="endplay (the double-dummy solver) is not installed")
    from tournament import exports
    from tournament.queries import hand_records
    from tournament.services import deals

    event = make_event(director, name="Par night")
    deals.deal_event(event, seed="par", by=Actor.director(director))
    board = Board.objects.get(event=event, number=1)
    expected = hand_records.par_of(board)
    assert expected is not None
    client.force_login(director)
    page = client.get(reverse("event_hand_records", args=[event.pk])).content.decode()
    assert f"Par</strong> under the Whist Club 1915 laws: {expected}" in page
    side = "NS" if expected.score >= 0 else "EW"
    pbn = exports.write_pbn(event)
    assert f'[OptimumScore "{side} {abs(expected.score)}"]' in pbn
    page = client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
    assert str(expected) in page  # the director sees it
    services.set_published(event, True, by=Actor.director(director))
    client.logout()
    page = client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
    assert "Not yet" in page and "<strong>Par</strong>" not in page  # unplayed: no par shown
    public = exports.write_pbn(event, boards=set())
    assert "OptimumScore" not in public
