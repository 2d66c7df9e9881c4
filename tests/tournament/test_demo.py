"""The demo events: finished, published, and consistent with scoring/."""

from django.core.management import call_command

from scoring import BoardResult, pair_standings, score_team_match
from scoring.teams import TableSeating, TeamBoardResult
from tournament.models import Event, Result, Seating
from tournament.queries import standings


def test_demo_pairs_standings_match_scoring(demo):
    pairs, _ = demo
    live = Result.objects.filter(event=pairs, is_live=True).select_related("board", "ns", "ew")
    independent = pair_standings(
        [
            BoardResult(r.board.number, r.ns.label, r.ew.label, r.net_ns, r.adjusted or None)
            for r in live
        ],
        "total",
    )
    assert [(s.pair, s.score, s.rank) for s in independent] == [
        (r.pair, r.score, r.rank) for r in standings.pair_contest(pairs)
    ]
    assert pairs.published
    assert live.filter(adjusted="ns-lowest").count() == 1  # the Law B irregular hand
    assert live.filter(revokes_ns__gt=0).count() + live.filter(revokes_ew__gt=0).count() == 1
    assert all(r.closed for r in pairs.round_set.all())


def test_demo_team_match_matches_scoring(demo):
    _, teams = demo
    tables = [
        TableSeating(s.table, s.ns.label[0], s.ew.label[0])
        for s in Seating.objects.filter(event=teams, round=1).select_related("ns", "ew")
    ]
    results = [
        TeamBoardResult(b, t, n)
        for b, t, n in Result.objects.filter(event=teams, is_live=True).values_list(
            "board__number", "table", "net_ns"
        )
    ]
    assert score_team_match(tables, results) == standings.team_match(teams)


def test_demo_is_idempotent_and_if_empty(demo):
    call_command("demo", verbosity=0)
    assert Event.objects.count() == 2
    call_command("demo", "--if-empty", verbosity=0)
    assert Event.objects.count() == 2
