"""Duplicate Law B while the evening is played: an artificial score given before every
table has played the board, which every standings, traveller, score card and download
page of the event must survive.

The fixture's 3-table Mitchell plays board 1 at table 1 in round 1, table 3 in round 2
and table 2 in round 3: a contest of three tables, where Law B(3) gives an artificial
score (docs/laws/duplicate.md, Law B(3)), however few tables have played the board so far.
"""

from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse

from scoring import NewDealRequired, ScoringError
from tournament import exports, services
from tournament.models import Board, Pair, Result
from tournament.queries import standings, travellers
from tournament.services import Actor, ServiceError, tablets

from ..factories import enter

PAGES = ("event_standings", "event_traveller", "event_pair", "event_download")


def _law_b(event, round_no, table, discovered="after-overplay", surplus_with="partner"):
    return services.apply_irregular(
        event,
        board_number=1,
        round_no=round_no,
        table=table,
        discovered=discovered,
        short_hand="S" if discovered == "after-overplay" else None,
        surplus_with=surplus_with if discovered == "after-overplay" else None,
        by=Actor.director(event.owner, "South held 12 cards"),
    )


def _every_page_answers(event):
    """The public pages and every download of the event answer (no server error)."""
    services.set_published(event, True, by=Actor.director(event.owner))
    client = Client()
    pairs = list(Pair.objects.filter(event=event).values_list("label", flat=True))
    urls = [reverse("event_standings", args=[event.pk])]
    urls.append(reverse("event_traveller", args=[event.pk, 1]))
    urls += [reverse("event_pair", args=[event.pk, p]) for p in pairs]
    urls += [reverse("event_download", args=[event.pk, f]) for f in exports.EXPORT_FORMATS]
    for url in urls:
        assert client.get(url).status_code == 200, url
    return client


def test_an_artificial_score_with_one_real_score_so_far_is_compared(event):
    # Round 1, table 1: 4H by S, 10 tricks, NS +157.  Round 2, table 3: South found with
    # 12 cards after overplay began, his partner held the surplus: NS get the lowest NS
    # score made on the deal so far, the only one, +157, and EW its other side.  The
    # Law H average (157 + 157) / 2 = 157 leaves both lines at 0.
    enter(event, 1, 1, 1, "4H S 10")
    _law_b(event, 2, 3)
    board = Board.objects.get(event=event, number=1)
    lines = {tl.result.table: tl.line for tl in travellers.traveller(event, board)}
    assert lines[3].net_ns == 157 and lines[3].ns_score == 0 and lines[1].ns_score == 0
    # Standings count the board for the pairs of both tables.
    boards = {r.pair: r.boards for r in standings.pair_contest(event)}
    assert boards[lines[3].result.ns] == 1
    _every_page_answers(event)
    # Round 3, table 2 plays it: 4H by S, 8 tricks, NS -100.  The lowest NS score is now
    # -100: the artificial line is -100 too; average (157 - 100 - 100) / 3 = -43/3, so
    # table 1's NS are 157 + 43/3 = 514/3 above it.
    enter(event, 1, 3, 2, "4H S 8")
    lines = {tl.result.table: tl.line for tl in travellers.traveller(event, board)}
    assert lines[3].net_ns == -100
    assert lines[1].ns_score == Fraction(514, 3)


def test_an_artificial_score_before_any_real_one_waits_for_it(event):
    # A new deal at the first table (Law B(1)) voids what was entered; the new deal's
    # first result at round 1, table 1 is not in yet when round 2, table 3 finds an
    # irregular hand after overplay began: the artificial score has nothing to be taken
    # from, so it has no value yet (the board is not counted for its pairs) and the
    # pages stand.
    enter(event, 1, 1, 1, "4H S 10")
    _law_b(event, 1, 1, discovered="original-play")
    _law_b(event, 2, 3)
    board = Board.objects.get(event=event, number=1)
    (line,) = travellers.traveller(event, board)
    assert line.line.net_ns is None and line.line.ns_score is None
    assert all(r.boards == 0 for r in standings.pair_contest(event))
    _every_page_answers(event)
    director = Client()
    director.force_login(event.owner)  # the public sees the board once every table has
    page = director.get(reverse("director_traveller", args=[event.pk, 1])).content.decode()
    assert "Artificial score" in page
    enter(event, 1, 1, 1, "3NT N 9")  # the new deal, replayed at the first table
    lines = {tl.result.table: tl.line for tl in travellers.traveller(event, board)}
    assert lines[3].net_ns == lines[1].net_ns  # lowest NS = the only NS score


def test_the_scoring_library_still_refuses_a_two_table_board():
    # Without the contest's size, a whole traveller of two lines is a two-table contest:
    # Law B(3) gives no artificial score there; with it, the lines are only so far.
    from scoring import compare_boards
    from scoring.pairs import BoardResult

    real = BoardResult(board=1, ns="1", ew="5", net_ns=157)
    artificial = BoardResult(board=1, ns="2", ew="6", net_ns=None, adjusted="ns-lowest")
    with pytest.raises(NewDealRequired):
        compare_boards([real, artificial])
    with pytest.raises(NewDealRequired):
        compare_boards([real, artificial], tables={1: 2})
    assert [x.net_ns for x in compare_boards([real, artificial], tables={1: 4})] == [157, 157]
    # Every table in and none real: refused, as before.
    with pytest.raises(ScoringError, match="only adjusted"):
        compare_boards([artificial], tables={1: 1})
    (waiting,) = compare_boards([artificial], tables={1: 3})
    assert waiting.net_ns is None and waiting.ns_score is None


# --- Law B's answers checked against the schedule, shown, then confirmed ---------------


def _ask(client, event, where, discovered, *, confirm=None, note="", short="S", surplus=""):
    data = {"where": where, "discovered": discovered, "short_hand": short, "reason": note}
    data["surplus_with"] = surplus
    if confirm is not None:
        data["confirm"], data["expect"] = "1", confirm
    return client.post(reverse("director_irregular", args=[event.pk, 1]), data)


def _live(event):
    return sorted(r.table for r in Result.objects.filter(event=event, board__number=1).live())


def test_law_b_answers_must_fit_the_boards_schedule(event):
    # Board 1's first table is table 1 in round 1 (docs/laws/duplicate.md, Law B(1)-(3)).
    enter(event, 1, 1, 1, "4H S 10")
    with pytest.raises(ServiceError, match="not the first table to play board 1"):
        _law_b(event, 2, 3, discovered="original-play")
    with pytest.raises(ServiceError, match="is the first table to play board 1"):
        _law_b(event, 1, 1)
    with pytest.raises(ServiceError, match="is the first table"):
        _law_b(event, 1, 1, discovered="before-overplay")
    assert _live(event) == [1]  # nothing done


def test_law_b2_is_refused_where_the_board_was_played_already(event, client):
    """B(2) is a hand found before the overplay began: the board was not played at that
    table, so a result entered there contradicts it: B(2) at a table with a result would
    void the previous table's result and leave this one in play beside the replay.
    Refused, naming B(3) and the traveller."""
    enter(event, 1, 1, 1, "4H S 10")
    enter(event, 1, 2, 3, "3S S 9")
    with pytest.raises(ServiceError, match="round 2, table 3 has already entered a result"):
        _law_b(event, 2, 3, discovered="before-overplay")
    assert _live(event) == [1, 3]  # nothing done
    client.force_login(event.owner)
    text = _ask(client, event, "2-3", "before-overplay", short="").content.decode()
    assert "has already entered a result for board 1 (3S by S, 9 tricks" in text
    assert "After the overplay began" in text and "Apply Law B as shown" not in text
    # Found at the next table, round 3's table 2, which has no result (as the law
    # means): the board goes back to table 3, whose result is voided, to be replayed.
    _law_b(event, 3, 2, discovered="before-overplay")
    assert _live(event) == [1]


def test_law_b_shows_what_it_voids_and_applies_only_what_was_confirmed(event, client):
    # Tables 1 and 3 have played board 1 (rounds 1 and 2) when a hand is found short at
    # the first table (Law B(1), a new deal): it voids both, so the director sees both
    # before anything is done.
    enter(event, 1, 1, 1, "4H S 10")
    enter(event, 1, 2, 3, "4H S 8")
    client.force_login(event.owner)
    page = _ask(client, event, "1-1", "original-play", short="")
    text = page.content.decode()
    assert page.status_code == 200 and "What Law B will do" in text
    assert "Round 1, table 1" in text and "Round 2, table 3" in text
    assert _live(event) == [1, 3]  # shown, not done
    key = page.context["plan"].key
    # Table 2 enters the board before the director confirms: the plan shown is stale.
    enter(event, 1, 3, 2, "3NT N 9")
    page = _ask(client, event, "1-1", "original-play", short="", confirm=key)
    assert "changed while you were confirming" in page.content.decode()
    assert _live(event) == [1, 2, 3]
    key = page.context["plan"].key  # the plan shown again, with table 2's result
    page = _ask(client, event, "1-1", "original-play", short="", confirm=key)
    assert page.status_code == 302 and _live(event) == []
    assert Board.objects.get(event=event, number=1).redeals == 1


def test_law_b_changing_an_agreed_or_closed_rounds_result_needs_a_reason(event, client):
    # Round 1 is closed; round 2, table 3 finds a hand short before overplay began: table
    # 1's closed-round result is taken out of play for rectification, so Law E asks why.
    enter(event, 1, 1, 1, "4H S 10")
    services.close_round(event, 1, by=Actor.director(event.owner))
    client.force_login(event.owner)
    page = _ask(client, event, "2-3", "before-overplay", short="")
    assert "(agreed or closed round)" in page.content.decode()
    key = page.context["plan"].key
    page = _ask(client, event, "2-3", "before-overplay", short="", confirm=key)
    assert "give a reason (Law E)" in page.content.decode() and _live(event) == [1]
    page = _ask(client, event, "2-3", "before-overplay", short="", confirm=key, note="N had 14")
    assert page.status_code == 302 and _live(event) == []


def test_the_panel_names_a_board_to_enter_again(event, client):
    # Round 2, table 3 finds a hand short before overplay began (Law B(2)): table 1's
    # round-1 result is voided for the replay there.  The panel says which board table 1
    # must enter again, linked to its traveller; a corrected result (its old version no
    # longer live) is not such a board.
    enter(event, 1, 1, 1, "4H S 10")
    corrected = enter(event, 2, 1, 1, "3NT N 9")
    services.correct_result(
        corrected, entry=services.Entry("3NT", "N", 10), by=Actor.director(event.owner)
    )
    _law_b(event, 2, 3, discovered="before-overplay")
    client.force_login(event.owner)
    panel = client.get(reverse("director_event", args=[event.pk])).content.decode()
    traveller = reverse("director_traveller", args=[event.pk, 1])
    assert f'<a href="{traveller}">board 1</a> to enter again' in panel
    assert "board 2</a> to enter again" not in panel
    assert "taken out of play, to enter again" in panel
    # The board's traveller names the row too (a blank row read as "not played yet").
    page = client.get(traveller).content.decode()
    assert page.count('<span class="again"') == 1 and "to enter again</span>" in page
    enter(event, 1, 1, 1, "4H S 9")  # replayed and entered by the director
    panel = client.get(reverse("director_event", args=[event.pk])).content.decode()
    assert "to enter again" not in panel


def test_law_b_form_asks_the_short_hand_only_after_the_overplay_began(event, client):
    """The seat of the short hand and who held the surplus decide only B(3)'s artificial
    score: shown for "After the overplay began" only; the reason is a box of its own,
    named for what it is (not "Note:", a one-line field)."""
    client.force_login(event.owner)
    page = client.get(reverse("director_irregular", args=[event.pk, 1])).content.decode()
    assert page.count('data-show-when="discovered=after-overplay"') == 2
    assert "showwhen.js" in page
    assert '<label for="id_reason">Reason:</label>' in page and "<textarea" in page
    assert "Law E" in page


def test_the_tablet_says_why_a_board_is_to_be_entered_again(event, client):
    """After Law B the table's tablet must not show a bare "Board 1 – enter the result":
    it says the director took its score out of play, and why."""
    enter(event, 1, 1, 1, "4H S 10")
    _law_b(event, 1, 1, discovered="original-play")
    link = tablets.link_for(event, 1)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "enter the result again" in page and "Law B" in page
    assert page.count("took this table's score out of play") == 1  # board 2: never entered
    # Entered again: an ordinary line, no longer "again".
    enter(event, 1, 1, 1, "3NT N 9")
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "enter the result again" not in page
