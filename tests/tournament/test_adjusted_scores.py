"""The director's adjusted scores and fouled boards in the app.

The event: a 3-table Mitchell under the 1915 laws, 2 boards a round.  Board 1 is
played at table 1 in round 1 (pairs 1 v 4), table 3 in round 2, table 2 in round 3.
"""

from fractions import Fraction

import pytest
from django.urls import reverse

from tournament import exports, services
from tournament.exports import usebio
from tournament.models import AuditEntry, Board, Result
from tournament.queries import standings, travellers
from tournament.services import Actor, ServiceError

from ..factories import enter, make_event


def by(event, reason="table 2 ran out of time"):
    return Actor.director(event.owner, reason=reason)


def lines_of(event, number=1):
    board = Board.objects.get(event=event, number=number)
    return {(tl.result.round, tl.result.table): tl for tl in travellers.traveller(event, board)}


@pytest.fixture
def played(event):
    enter(event, 1, 1, 1, "4H S 10")  # NS +157: 4 odd x 8 = 32 + the premium 125
    enter(event, 1, 2, 3, "4H S 8")  # NS -100: 2 undertricks x 50
    return event


def test_not_played_scores_nothing_and_is_audited_with_its_reason(played):
    r = services.adjust_score(
        played, board_number=1, round_no=3, table=2, adjusted="not-played", by=by(played)
    )
    assert r.adjusted == "not-played" and r.net_ns is None and r.reason
    lines = lines_of(played)
    # The two played lines: average (157 - 100) / 2 = 57/2; +157 is 157 - 57/2 = 257/2.
    assert lines[(1, 1)].line.ns_score == Fraction(257, 2)
    assert lines[(3, 2)].line.ns_score is None and lines[(3, 2)].ns_score == ""
    assert lines[(3, 2)].director_adjusted
    pair = r.ns.label
    # Board 1 does not count for it: with no other board scored, it is not ranked yet.
    assert pair not in {s.pair for s in standings.pair_contest(played)}
    entry = AuditEntry.objects.filter(event=played, action="entered").latest("at")
    assert "Not played" in entry.detail and entry.reason == "table 2 ran out of time"


def test_an_award_to_each_side_and_the_events_values(played):
    services.adjust_score(
        played, board_number=1, round_no=3, table=2, adjusted="plus/minus", by=by(played)
    )
    line = lines_of(played)[(3, 2)]
    assert (line.line.ns_score, line.line.ew_score) == (50, -50)  # default +50 / -50
    services.set_adjusted_values(
        played, plus_percent=60, minus_percent=40, points=80, by=by(played, "")
    )
    played.refresh_from_db()
    line = lines_of(played)[(3, 2)]
    assert (line.line.ns_score, line.line.ew_score) == (80, -80)
    assert AuditEntry.objects.filter(event=played, action="adjusted values").exists()


def test_split_award_in_matchpoints(director):
    event = make_event(director, method="matchpoints")
    enter(event, 1, 1, 1, "4H S 10")
    enter(event, 1, 2, 3, "4H S 8")
    services.adjust_score(
        event, board_number=1, round_no=3, table=2, adjusted="average/minus", by=by(event)
    )
    line = lines_of(event)[(3, 2)]
    # Three lines: a top of 2 x 2 = 4; average 50% = 2, average-minus 40% = 8/5.
    assert (line.line.ns_score, line.line.ew_score) == (2, Fraction(8, 5))
    notes = travellers.adjusted_notes(event, line.result.board, list(lines_of(event).values()))
    assert any("average-plus 60%" in n for n in notes)


def test_weighted_score_is_stored_as_written_and_compared(played):
    r = services.adjust_score(
        played,
        board_number=1,
        round_no=3,
        table=2,
        adjusted="weighted",
        weights=[("1/3", 157), ("2/3", -100)],
        by=by(played, "misinformation: 1/3 of the contract made, 2/3 of it set"),
    )
    assert r.weights == [["1/3", 157], ["2/3", -100]]
    # Net: 157/3 - 200/3 = -43/3; the three nets add to 57 - 43/3 = 128/3, average 128/9.
    line = lines_of(played)[(3, 2)].line
    assert line.net_ns == Fraction(-43, 3)
    assert line.ns_score == Fraction(-43, 3) - Fraction(128, 9)
    assert "1/3 of +157" in r.adjustment


def test_adjusting_a_played_line_keeps_it_in_the_history(played):
    first = services.live_result(played, 1, 1, 1)
    new = services.adjust_score(
        played, board_number=1, round_no=1, table=1, adjusted="average/average", by=by(played)
    )
    assert new.previous_id == first.pk and new.version == 2
    assert not Result.objects.get(pk=first.pk).is_live


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"adjusted": "not-played", "reason": ""}, "reason"),
        ({"adjusted": "average"}, "choose not played"),
        ({"adjusted": "weighted", "weights": [("1/2", 10), ("1/3", 0)]}, "add up to 1"),
        ({"adjusted": "plus/minus", "weights": [("1", 1)]}, "only a weighted"),
        ({"adjusted": "not-played", "table": 9}, "no table 9"),
    ],
)
def test_bad_adjustments_are_refused_in_words(played, kwargs, message):
    reason = kwargs.pop("reason", "why")
    table = kwargs.pop("table", 2)
    with pytest.raises(ServiceError, match=message):
        services.adjust_score(
            played, board_number=1, round_no=3, table=table, by=by(played, reason), **kwargs
        )
    assert services.live_result(played, 1, 3, 2) is None


def test_only_the_director_adjusts_and_never_in_a_team_match(played, director):
    from tournament.services.entries import Entry

    with pytest.raises(ServiceError, match="only the director"):
        services.enter_result(
            played,
            board_number=1,
            round_no=3,
            table=2,
            entry=Entry.artificial("not-played"),
            by=Actor.tablet(2),
        )
    teams = make_event(director, form="teams", tables=2)
    with pytest.raises(ServiceError, match="Law G"):
        services.adjust_score(
            teams, board_number=1, round_no=1, table=1, adjusted="not-played", by=by(teams)
        )


def test_fouled_board_versions(played):
    enter(played, 1, 3, 2, "3H S 9")  # NS +149... compared with table 3 only, below
    services.set_fouled(played, board_number=1, second=[(3, 2), (2, 3)], by=by(played, "fouled"))
    lines = lines_of(played)
    # Version 1 is table 1 alone: Law H 0.  Version 2: -100 and the 3H line, each
    # against their own average.
    assert lines[(1, 1)].line.ns_score == 0
    v2 = lines[(2, 3)].line.ns_score + lines[(3, 2)].line.ns_score
    assert v2 == 0 and lines[(2, 3)].version == 2
    board = Board.objects.get(event=played, number=1)
    assert board.fouled == [[2, 3], [3, 2]]
    assert "fouled board" in travellers.adjusted_notes(played, board, list(lines.values()))[0]
    with pytest.raises(ServiceError, match="not played at round 1, table 3"):
        services.set_fouled(played, board_number=1, second=[(1, 3)], by=by(played, "x"))
    with pytest.raises(ServiceError, match="at least one table"):
        services.set_fouled(
            played, board_number=1, second=[(1, 1), (2, 3), (3, 2)], by=by(played, "x")
        )
    services.set_fouled(played, board_number=1, second=[], by=by(played, "not fouled"))
    assert Board.objects.get(event=played, number=1).fouled is None


def test_exports_carry_adjusted_lines(played):
    services.adjust_score(
        played, board_number=1, round_no=3, table=2, adjusted="not-played", by=by(played)
    )
    services.adjust_score(
        played, board_number=1, round_no=2, table=3, adjusted="plus/minus", by=by(played)
    )
    pbn = exports.write_pbn(played)
    assert "Artificial:not-played" in pbn and "Artificial:plus/minus" in pbn
    assert exports.xlsx_bytes(played)[:2] == b"PK"
    rows = list(exports.traveller_rows(played))
    # In words, as the traveller says them, with the director's reason (Law E).
    reason = by(played).reason
    said = [r[15] for r in rows if r[0] == 1]
    assert said == [
        None,
        f"Average-plus to North-South, average-minus to East-West (director): {reason}",
        f"Not played (director): {reason}",
    ]
    xml = usebio.write_usebio(played)
    assert xml.count(b"TRAVELLER_LINE") // 2 == 2  # the line not played is left out


def test_adjust_page_as_the_director(client, director, played):
    client.force_login(director)
    url = reverse("director_adjust", args=[played.pk, 1])
    page = client.get(url + "?where=3-2")
    assert page.status_code == 200 and b"One table" in page.content
    bad = client.post(
        url,
        {
            "action": "adjust",
            "where": "3-2",
            "kind": "weighted",
            "weight1": "1/2",
            "score1": "10",
            "reason": "why",
        },
    )
    assert bad.status_code == 200 and b"at least two parts" in bad.content
    assert services.live_result(played, 1, 3, 2) is None
    ok = client.post(
        url,
        {
            "action": "adjust",
            "where": "3-2",
            "kind": "assigned",
            "ns_award": "plus",
            "ew_award": "minus",
            "reason": "slow play by EW",
        },
    )
    assert ok.status_code == 302
    assert services.live_result(played, 1, 3, 2).adjusted == "plus/minus"
    traveller = client.get(reverse("director_traveller", args=[played.pk, 1]))
    assert b"Average-plus to North-South, average-minus to East-West" in traveller.content
    assert b"slow play by EW" in traveller.content
    fouled = client.post(
        url, {"action": "fouled", "fouled-second": ["2-3"], "fouled-reason": "card moved"}
    )
    assert fouled.status_code == 302
    values = client.post(url, {"action": "values", "adjusted_points": "2000"})
    assert values.status_code == 200 and b"1000" in values.content  # refused: over 1000
    played.refresh_from_db()
    assert played.adjusted_points == 50


@pytest.mark.parametrize("method", ["matchpoints", "total"])
def test_the_adjust_page_offers_only_the_values_of_the_events_method(client, director, method):
    """A matchpoint event showed "Average-plus (points)", a total-points setting, beside
    its percentages (and a total-points event the percentages)."""
    event = make_event(director, method=method)
    client.force_login(director)
    url = reverse("director_adjust", args=[event.pk, 1])
    page = client.get(url).content.decode()
    mp = method == "matchpoints"
    assert ('name="adjusted_plus_percent"' in page) is mp
    assert ('name="adjusted_minus_percent"' in page) is mp
    assert ('name="adjusted_points"' in page) is not mp
    given = (
        {"adjusted_plus_percent": "70", "adjusted_minus_percent": "30"}
        if mp
        else {"adjusted_points": "80"}
    )
    assert client.post(url, {"action": "values", **given}).status_code == 302
    event.refresh_from_db()
    assert event.adjusted_values.plus_percent == (70 if mp else 60)
    assert event.adjusted_values.minus_percent == (30 if mp else 40)
    assert event.adjusted_points == (50 if mp else 80)  # the other method's kept as it was
    if mp:
        refused = client.post(
            url, {"action": "values", "adjusted_plus_percent": "40", "adjusted_minus_percent": "40"}
        )
        assert refused.status_code == 200 and b"50" in refused.content  # under 50%


def test_the_tablet_shows_a_board_the_director_adjusted(client, played):
    from tournament.services import tablets

    services.adjust_score(
        played, board_number=1, round_no=3, table=2, adjusted="not-played", by=by(played)
    )
    services.close_round(played, 1, by=by(played, ""))
    services.close_round(played, 2, by=by(played, ""))
    page = client.get(f"/t/{tablets.link_for(played, 2).token}/").content.decode()
    assert "Round 3" in page and "Not played (director)" in page
    assert "set by the director" in page and "· NS <" not in page.replace("\n", "")


@pytest.mark.parametrize(
    ("adjusted", "words"),
    [
        ("plus/minus", "Average-plus to North-South, average-minus to East-West."),
        ("not-played", "Not played: this board counts for neither pair at this table."),
    ],
)
def test_a_board_the_director_set_reads_as_his_on_the_tablet(client, played, adjusted, words):
    """The tablet showed zeros, "Net to North-South None", "Agreed by both sides" and a
    Change button that could not change it: a director's score is not the table's (Law E)."""
    from tournament.services import tablets

    result = services.adjust_score(
        played, board_number=1, round_no=3, table=2, adjusted=adjusted, by=by(played)
    )
    services.close_round(played, 1, by=by(played, ""))
    services.close_round(played, 2, by=by(played, ""))
    token = tablets.link_for(played, 2).token
    page = client.get(reverse("scorer_result", args=[token, result.pk])).content.decode()
    assert "The director set this board" in page and words in page
    assert "ask the director" in page and "table 2 ran out of time" in page
    assert "None" not in page and "Agreed by both sides" not in page
    change = reverse("scorer_change", args=[token, result.pk])
    assert change not in page
    refused = client.get(change, follow=True)
    assert refused.redirect_chain[-1][0] == reverse("scorer_result", args=[token, result.pk])
    assert "a table cannot change it" in refused.content.decode()
    with pytest.raises(ServiceError, match="ask the director"):
        services.correct_result(
            result, entry=services.Entry("1NT", "N", 7), by=Actor.tablet(2, "t2-k")
        )
