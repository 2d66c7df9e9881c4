"""Team events of many teams (scoring/league.py): worked examples and properties."""

import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError
from scoring.__main__ import main
from scoring.league import LeagueMatch, league_standings, round_robin, swiss_draw

F = Fraction
FOUR = ["Hawks", "Owls", "Larks", "Wrens"]


def test_four_team_round_robin_worked_example():
    assert round_robin(FOUR) == [
        [("Hawks", "Wrens"), ("Owls", "Larks")],
        [("Larks", "Hawks"), ("Wrens", "Owls")],
        [("Hawks", "Owls"), ("Larks", "Wrens")],
    ]
    matches = [
        # Round 1: Hawks 120 v Wrens 95 1/2 (rounded 120 v 96): Hawks.  Owls 80 v Larks 80: a tie.
        LeagueMatch("Hawks", "Wrens", 120, F(191, 2), "Hawks"),
        LeagueMatch("Owls", "Larks", 80, 80, None),
        # Round 2: Larks 101 v Hawks 100.  Wrens 150 1/3 v Owls 150: 150 v 150 rounded,
        # Wrens by the fraction of a point (Law G).
        LeagueMatch("Larks", "Hawks", 101, 100, "Larks"),
        LeagueMatch("Wrens", "Owls", F(451, 3), 150, "Wrens"),
        # Round 3: Hawks 90 v Owls 70; Larks 60 v Wrens 110.
        LeagueMatch("Hawks", "Owls", 90, 70, "Hawks"),
        LeagueMatch("Larks", "Wrens", 60, 110, "Wrens"),
    ]
    rows = league_standings(FOUR, matches)
    # Hawks: 2 wins; margin 24 1/2 - 1 + 20 = 87/2.  Wrens: 2 wins; -24 1/2 + 1/3 + 50 = 155/6.
    # Larks: a win and a tie, 1 1/2; 0 + 1 - 50 = -49.  Owls: a tie, 1/2; 0 - 1/3 - 20 = -61/3.
    assert [(r.team, r.matches, r.margin, r.rank) for r in rows] == [
        ("Hawks", 2, F(87, 2), "1"),
        ("Wrens", 2, F(155, 6), "2"),
        ("Larks", F(3, 2), -49, "3"),
        ("Owls", F(1, 2), F(-61, 3), "4"),
    ]
    assert rows[0].margin_display == "+44" and rows[3].margin_display == "-20"
    assert rows[2].matches_display == "1½" and rows[3].matches_display == "½"
    assert sum(r.matches for r in rows) == 6  # one point a match
    assert sum(r.margin for r in rows) == 0


def test_six_team_swiss_worked_example():
    teams = [f"T{i}" for i in range(1, 7)]
    r1 = swiss_draw(teams, teams, [])
    assert r1 == [("T1", "T2"), ("T3", "T4"), ("T5", "T6")]  # round 1: in the order given
    played = [
        LeagueMatch("T1", "T2", 110, 100, "T1"),  # +10
        LeagueMatch("T3", "T4", 120, 100, "T3"),  # +20
        LeagueMatch("T5", "T6", 130, 100, "T5"),  # +30
    ]
    ranking = [r.team for r in league_standings(teams, played)]
    assert ranking == ["T5", "T3", "T1", "T2", "T4", "T6"]
    met = [(m.team, m.opponent) for m in played]
    # T5 meets T3 (the next best); T1's next best is T2, met already, so T4; T2 v T6.
    r2 = swiss_draw(teams, ranking, met)
    assert r2 == [("T5", "T3"), ("T1", "T4"), ("T2", "T6")]
    played += [
        LeagueMatch("T5", "T3", 105, 100, "T5"),
        LeagueMatch("T1", "T4", 105, 100, "T1"),
        LeagueMatch("T6", "T2", 140, 100, "T6"),
    ]
    # After two rounds: T5 2 (+35), T1 2 (+15), T3 1 (+15), T6 1 (+10), T4 0 (-25), T2 0 (-50).
    rows = league_standings(teams, played)
    assert [(r.team, r.matches, r.margin) for r in rows] == [
        ("T5", 2, 35),
        ("T1", 2, 15),
        ("T3", 1, 15),
        ("T6", 1, 10),
        ("T4", 0, -25),
        ("T2", 0, -50),
    ]
    met += [(m.team, m.opponent) for m in played[3:]]
    assert swiss_draw(teams, [r.team for r in rows], met) == [
        ("T5", "T1"),
        ("T3", "T6"),
        ("T4", "T2"),
    ]


def test_odd_fields_give_byes():
    five = ["A", "B", "C", "D", "E"]
    byes = [p[0] for rnd in round_robin(five) for p in rnd if p[1] is None]
    assert sorted(byes) == five  # each team one bye
    # Swiss: the bye to the lowest-ranked team without one.
    assert swiss_draw(five, five, [])[-1] == ("E", None)
    assert swiss_draw(five, five, [], byes=["E"])[-1] == ("D", None)
    rows = league_standings(five, [LeagueMatch("E", None)])
    assert next(r for r in rows if r.team == "E").matches == F(1, 2)


def test_no_draw_without_a_repeat_is_refused_in_words():
    with pytest.raises(ScoringError, match="no draw avoids"):
        swiss_draw(["A", "B"], ["A", "B"], [("A", "B")])
    with pytest.raises(ScoringError, match="listed twice"):
        round_robin(["A", "A"])


@given(st.integers(2, 11))
def test_round_robin_every_pair_meets_once(n):
    teams = [f"t{i}" for i in range(n)]
    rounds = round_robin(teams)
    meetings = [frozenset(p) for rnd in rounds for p in rnd if p[1] is not None]
    assert len(meetings) == len(set(meetings)) == n * (n - 1) // 2
    for rnd in rounds:
        seated = [t for p in rnd for t in p if t is not None]
        assert sorted(seated) == sorted(teams)


@given(st.integers(2, 10), st.integers(1, 9), st.randoms(use_true_random=False))
def test_a_swiss_never_pairs_two_teams_twice(n, rounds, rnd):
    teams = [f"t{i}" for i in range(n)]
    played: list[LeagueMatch] = []
    seen: set[frozenset[str]] = set()
    for _ in range(rounds):
        ranking = [r.team for r in league_standings(teams, played)] if played else teams
        met = [(m.team, m.opponent) for m in played if m.opponent]
        byes = [m.team for m in played if m.opponent is None]
        try:
            draw = swiss_draw(teams, ranking, met, byes)
        except ScoringError:
            break  # every legal draw used up: refused, never a repeat
        assert sorted(t for p in draw for t in p if t) == sorted(teams)
        for a, b in draw:
            if b is None:
                played.append(LeagueMatch(a, None))
                continue
            assert frozenset((a, b)) not in seen
            seen.add(frozenset((a, b)))
            pa, pb = rnd.randint(0, 200), rnd.randint(0, 200)
            played.append(LeagueMatch(a, b, pa, pb, a if pa > pb else b if pb > pa else None))
    rows = league_standings(teams, played)
    meetings = [m for m in played if m.opponent is not None]
    byes = [m for m in played if m.opponent is None]
    assert sum(r.matches for r in rows) == len(meetings) + F(len(byes), 2)


def test_cli_round_robin_standings_and_swiss():
    def run(obj):
        return subprocess.run(
            [sys.executable, "-m", "scoring", "league"],
            input=json.dumps(obj),
            capture_output=True,
            text=True,
            check=False,
        )

    out = run({"teams": FOUR, "next": "round-robin"})
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["rounds"][0] == [["Hawks", "Wrens"], ["Owls", "Larks"]]
    matches = [
        {
            "round": 1,
            "team": "Hawks",
            "opponent": "Wrens",
            "points": 120,
            "opponent_points": "191/2",
            "winner": "Hawks",
        },
    ]
    out = run({"teams": FOUR, "matches": matches, "next": "swiss"})
    got = json.loads(out.stdout)
    assert got["standings"][0]["team"] == "Hawks" and got["standings"][0]["margin"] == "49/2"
    assert ["Hawks", "Wrens"] not in got["draw"]
    bad = run({"teams": FOUR, "matches": [{"team": "Hawks", "points": "x"}]})
    assert bad.returncode == 2 and "not a number" in bad.stderr and not bad.stdout


def test_a_winner_the_points_contradict_is_refused():
    # Law G: the team with more points (rounded, the exact fraction deciding a rounded
    # tie) wins; equal exact totals are a tie.
    teams = ["Hawks", "Owls"]
    with pytest.raises(ScoringError, match=r"120 to 80 is won by Hawks .*not won by Owls"):
        league_standings(teams, [LeagueMatch("Hawks", "Owls", 120, 80, "Owls")])
    with pytest.raises(ScoringError, match=r"80 to 80 is a tie .*not a win for Hawks"):
        league_standings(teams, [LeagueMatch("Hawks", "Owls", 80, 80, "Hawks")])
    with pytest.raises(ScoringError, match=r"is won by Hawks .*not a tie"):
        league_standings(teams, [LeagueMatch("Hawks", "Owls", 120, 80, None)])
    # Won by the fraction of a point: 1201/10 rounds to 120, as does 120: the exact
    # fraction decides.
    rows = league_standings(teams, [LeagueMatch("Hawks", "Owls", F(1201, 10), 120, "Hawks")])
    assert [r.team for r in rows] == ["Hawks", "Owls"] and rows[0].won == 1


def test_cli_league_refuses_a_contradicted_winner_and_fills_in_a_missing_one():
    line = {
        "teams": ["Hawks", "Owls"],
        "matches": [{"team": "Hawks", "opponent": "Owls", "points": 80, "opponent_points": 120}],
    }
    out, err = io.StringIO(), io.StringIO()
    assert main(["league"], io.BytesIO(json.dumps(line).encode()), out, err) == 0
    standings = json.loads(out.getvalue())["standings"]
    assert standings[0]["team"] == "Owls" and standings[0]["won"] == 1
    line["matches"][0]["winner"] = "Hawks"
    out, err = io.StringIO(), io.StringIO()
    assert main(["league"], io.BytesIO(json.dumps(line).encode()), out, err) == 2
    assert "80 to 120 is won by Owls" in err.getvalue() and out.getvalue() == ""
