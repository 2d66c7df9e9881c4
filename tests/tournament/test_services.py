"""The verbs of running an event, each with its law and its audit entry."""

import pytest

from scoring import BoardResult, pair_standings
from tournament import access, services
from tournament.models import AuditEntry, Board, Club, Pair, Result, Round, SeatAssignment, Seating
from tournament.queries import standings, travellers
from tournament.services import Actor, Entry, ResultConflict, ServiceError

from .conftest import make_event


def enter(event, board, rnd, table, contract="4H", declarer="S", tricks=10, **kw):
    return services.enter_result(
        event,
        board_number=board,
        round_no=rnd,
        table=table,
        entry=Entry(contract, declarer, tricks, **kw),
        by=Actor.director(event.owner),
    )


def test_create_event_builds_the_schedule(event):
    # 3-table Mitchell, 2 boards a round: 6 pairs, 6 boards, 3 rounds, 9 seatings.
    assert Pair.objects.filter(event=event).count() == 6
    assert Board.objects.filter(event=event).count() == 6
    assert Round.objects.filter(event=event).count() == 3
    assert Seating.objects.filter(event=event).count() == 9
    assert SeatAssignment.objects.filter(event=event).count() == 18
    s = Seating.objects.get(event=event, round=1, table=1)
    assert (s.ns.label, s.ew.label, s.first_board, s.last_board) == ("1", "4", 1, 2)
    assert AuditEntry.objects.filter(event=event, action="created").exists()


def test_create_event_rejects_impossible_movements(director):
    with pytest.raises(ServiceError, match="2 to 16 tables"):
        make_event(director, movement="howell", tables=17)


def test_team_event_has_two_teams(director):
    e = make_event(director, form="teams", movement="teams", tables=3, team_names={"A": "Knicks"})
    assert sorted(Pair.objects.filter(event=e).values_list("label", flat=True)) == [
        "A1",
        "A2",
        "A3",
        "B1",
        "B2",
        "B3",
    ]
    assert e.team_set.get(label="A").name == "Knicks"


def test_enter_result_scores_by_the_event_code(event):
    r = enter(event, 1, 1, 1)
    assert (r.net_ns, r.ns_trick, r.ns_honour) == (157, 32, 125)
    assert r.items[-1]["reason"] == "duplicate premium, Duplicate Law A"
    royal = make_event(event.owner, code="royalton")
    r = enter(royal, 1, 1, 1, "3SR", "S", 7)
    assert r.net_ns == -200


def test_hand_record_gives_the_honours(event):
    board = Board.objects.get(event=event, number=1)
    board.deal = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
    board.save()
    r = enter(event, 1, 1, 1, "4S", "N", 10, honours={"N": 0, "E": 5})  # typed honours ignored
    assert r.net_ns == 36 + 72 + 125 and r.honours is None


def test_second_result_for_the_same_board_is_refused_and_named(event):
    enter(event, 1, 1, 1)
    with pytest.raises(ResultConflict, match="already has a result: 4H by S, 10 tricks, NS"):
        enter(event, 1, 1, 1, "3NT", "N", 9)
    assert Result.objects.filter(event=event, is_live=True).count() == 1


def test_wrong_board_or_table_is_refused(event):
    with pytest.raises(ServiceError, match="plays boards 1-2 in round 1, not board 5"):
        enter(event, 5, 1, 1)
    with pytest.raises(ServiceError, match="no table 9"):
        enter(event, 1, 1, 9)


def test_bad_entry_explained_and_nothing_saved(event):
    with pytest.raises(ServiceError, match="not a contract"):
        enter(event, 1, 1, 1, "9H")
    with pytest.raises(ServiceError, match="how many tricks"):
        enter(event, 1, 1, 1, "4H", "S", None)
    assert not Result.objects.filter(event=event).exists()


def test_idempotent_submission_stores_one_result(event):
    a = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("4H", "S", 10),
        by=Actor.tablet(1, "k1"),
    )
    b = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("4H", "S", 10),
        by=Actor.tablet(1, "k1"),
    )
    assert a.pk == b.pk
    assert Result.objects.filter(event=event).count() == 1


def test_correction_keeps_history_and_audit(event):
    r = enter(event, 1, 1, 1)
    new = services.correct_result(r, entry=Entry("4H", "S", 9), by=Actor.director(event.owner))
    r.refresh_from_db()
    assert (r.is_live, new.is_live, new.version, new.previous_id) == (False, True, 2, r.pk)
    assert new.net_ns == -50
    assert AuditEntry.objects.filter(event=event, action="corrected").count() == 1


def test_law_e_after_the_round_closes(event, director):
    r = enter(event, 1, 1, 1)
    services.close_round(event, 1, by=Actor.director(director))
    with pytest.raises(ServiceError, match="give a reason"):
        services.correct_result(r, entry=Entry("4H", "S", 9), by=Actor.director(director))
    with pytest.raises(ServiceError, match="only the director"):
        services.correct_result(r, entry=Entry("4H", "S", 9), by=Actor(table=1, reason="oops"))
    new = services.correct_result(
        r, entry=Entry("4H", "S", 9), by=Actor.director(director, "scorer wrote 10 for 9")
    )
    assert AuditEntry.objects.get(event=event, action="corrected").reason == "scorer wrote 10 for 9"
    assert new.reason == "scorer wrote 10 for 9"


def test_correcting_an_old_version_is_refused(event):
    r = enter(event, 1, 1, 1)
    services.correct_result(r, entry=Entry("4H", "S", 9), by=Actor.director(event.owner))
    with pytest.raises(ResultConflict, match="already been corrected"):
        services.correct_result(r, entry=Entry("4H", "S", 8), by=Actor.director(event.owner))


def test_absent_pair_no_result_not_zero(event):
    services.set_absent(event, 1, 3, True, by=Actor.director(event.owner, "pair 3 late"))
    with pytest.raises(ServiceError, match="marked absent"):
        enter(event, 5, 1, 3)
    enter(event, 1, 1, 1, tricks=10)
    enter(event, 1, 2, 3, tricks=8)  # board 1 is at table 3 in round 2
    # Only two results on board 1: each compared with the other; absent table not a zero.
    assert len(standings.board_results(event)) == 2


def test_irregular_partner_surplus_gives_lowest_and_highest(event):
    # Board 1 is played at table 1 in round 1, table 3 in round 2, table 2 in round 3.
    enter(event, 1, 1, 1, "4H", "S", 10)  # NS +157
    enter(event, 1, 2, 3, "4H", "S", 8)  # NS -100
    proc = services.apply_irregular(
        event,
        board_number=1,
        round_no=3,
        table=2,
        discovered="after-overplay",
        short_hand="E",
        surplus_with="partner",
        by=Actor.director(event.owner),
    )
    assert (proc.action, proc.adjusted) == ("artificial-score", "ew-lowest")
    r = services.live_result(event, 1, 3, 2)
    assert r.adjusted == "ew-lowest" and r.net_ns is None
    lines = {x.result.ns.label: x for x in travellers.traveller(event, r.board)}
    # EW get the lowest EW score (-157), so NS the highest NS score, +157.
    assert lines[r.ns.label].line.net_ns == 157


def test_irregular_new_deal_voids_the_board(event):
    enter(event, 1, 1, 1)
    proc = services.apply_irregular(
        event,
        board_number=1,
        round_no=1,
        table=1,
        discovered="original-play",
        short_hand=None,
        surplus_with=None,
        by=Actor.director(event.owner),
    )
    assert proc.action == "new-deal"
    assert not Result.objects.filter(event=event, board__number=1, is_live=True).exists()
    assert Board.objects.get(event=event, number=1).redeals == 1


def test_irregular_before_overplay_voids_the_previous_table(event):
    enter(event, 1, 1, 1)
    proc = services.apply_irregular(
        event,
        board_number=1,
        round_no=2,
        table=3,
        discovered="before-overplay",
        short_hand=None,
        surplus_with=None,
        by=Actor.director(event.owner),
    )
    assert proc.action == "rectify-at-previous-table"
    assert services.live_result(event, 1, 1, 1) is None


def test_standings_match_the_scoring_library(event):
    enter(event, 1, 1, 1, "4H", "S", 10)
    enter(event, 1, 2, 3, "4H", "S", 8)
    enter(event, 2, 1, 1, "1NT", "N", 7)
    enter(event, 2, 3, 2, "2S", "E", 8)
    rows = standings.pair_contest(event)
    expected = pair_standings(
        [
            BoardResult(1, "1", "4", 157),
            BoardResult(1, "3", "5", -100),
            BoardResult(2, "1", "4", 10),
            BoardResult(2, "2", "6", -18),
        ],
        "total",
    )
    assert [(r.pair, r.score, r.rank) for r in rows] == [
        (s.pair, s.score, s.rank) for s in expected
    ]


def test_publish_and_access(event, rival_director, other_director):
    """The public (here another club's director) sees the event once published; any
    director of the event's club directs it, whoever made it."""
    assert not access.can_view(rival_director, event)
    services.set_published(event, True, by=Actor.director(event.owner))
    assert access.can_view(rival_director, event)
    assert not access.can_direct(rival_director, event)
    Club.first().directors.add(other_director)
    assert access.can_direct(other_director, event)


def test_no_artificial_score_on_a_board_played_at_two_tables(director):
    """Law B(3): in a two-table contest an irregular hand means a new deal, never an
    artificial score; the director cannot give one by hand either (docs/laws/duplicate.md,
    Law B)."""
    two = make_event(director, movement="howell", tables=2, boards_per_round=2)
    board = 1
    playing = Seating.objects.playing(two, board)
    assert playing.count() == 2  # the 2-table Howell plays each board at both tables
    first = playing.first()
    with pytest.raises(ServiceError, match=r"Law B\(3\)"):
        services.enter_result(
            two,
            board_number=board,
            round_no=first.round,
            table=first.table,
            entry=Entry.artificial("average"),
            by=Actor.director(director, "short hand found"),
        )
    assert not Result.objects.filter(event=two).exists()
