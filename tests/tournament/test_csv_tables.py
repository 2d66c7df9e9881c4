"""CSV files a program reads as they are: one table a file, every number column numbers;
and the season's public files name the members without their numbers."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook

from tournament import exports
from tournament.exports.csv import TEAM_CSV_COLUMNS
from tournament.models import Club, Member, Season
from tournament.queries import standings

pytestmark = pytest.mark.django_db

# The team table's columns by kind: numbers (read as such by float()), exact fractions
# written as spreadsheets read them ("165 1/3"), and text.
NUMBER_COLUMNS = {
    "Pairs' net scores",
    "Average added",
    "Exact (decimal)",
    "Rounded",
    "Place",
    "Margin (decimal)",
    "Margin (rounded)",
}
# Each exact column beside its decimal, and how close the decimal is: two places as
# displayed, or six for an exact score's decimal.
EXACT_COLUMNS = {
    "Average added (exact)": ("Average added", 0.005),
    "Exact total": ("Exact (decimal)", 1e-6),
    "Margin (exact)": ("Margin (decimal)", 1e-6),
}
TEXT_COLUMNS = {
    "Team",
    "Label",
    "Direction averaged",
    "By the fraction of a point",
    "Boards still to be completed",
}


def mixed(text: str) -> Fraction:
    """A mixed number as the CSV writes one: ``-378 1/3`` is -(378 + 1/3)."""
    whole, _, part = text.partition(" ")
    if not part:
        return Fraction(whole)
    sign = -1 if whole.startswith("-") else 1
    return Fraction(whole) + sign * Fraction(part)


def read(text: str) -> list[dict[str, str]]:
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert {len(r) for r in rows} == {len(rows[0])}  # one table: every row as wide
    return [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]


def test_a_team_matchs_standings_csv_is_one_table_of_numbers(demo):
    _, team = demo
    assert set(TEAM_CSV_COLUMNS) == NUMBER_COLUMNS | set(EXACT_COLUMNS) | TEXT_COLUMNS
    rows = read(exports.standings_csv(team))
    match = standings.team_match(team)
    assert [r["Label"] for r in rows] == list(match.teams)
    for r in rows:
        numbers = {c: float(r[c]) for c in NUMBER_COLUMNS}  # a ValueError if not a number
        assert numbers["Rounded"] == int(r["Rounded"]) and r["Place"] in ("1", "2")
        for exact, (decimal, within) in EXACT_COLUMNS.items():
            assert abs(float(mixed(r[exact])) - numbers[decimal]) <= within, exact
        s = match.teams[r["Label"]]
        assert mixed(r["Exact total"]) == s.score and int(r["Rounded"]) == s.rounded
        for c in TEXT_COLUMNS - {"Direction averaged", "Boards still to be completed"}:
            with pytest.raises(ValueError):
                float(r[c])
    # The margins are each team's side of the one margin.
    assert sum(mixed(r["Margin (exact)"]) for r in rows) == 0
    assert max(mixed(r["Margin (exact)"]) for r in rows) == match.margin


@pytest.fixture
def season_with_members(demo):
    """The demo pair contest's players as members with numbers, in a season."""
    pairs, _ = demo
    club = pairs.club
    season = Season.objects.create(club=club, name="Autumn", method=pairs.method)
    for i, player in enumerate(
        p for pair in pairs.pair_set.order_by("label") for p in pair.player_set.all()
    ):
        player.member = Member.objects.create(
            club=club, name=player.name, number=f"NUM{9000 + i}", email=f"m{i}@example.org"
        )
        player.save(update_fields=["member"])
    pairs.season = season
    pairs.save(update_fields=["season"])
    return season


def _numbers(season: Season) -> set[str]:
    """The numbers given to the season's players (NUM9000, ...)."""
    members = Member.objects.filter(club=season.club, number__startswith="NUM")
    return set(members.values_list("number", flat=True))


def test_the_public_season_files_name_the_members_without_their_numbers(
    client, season_with_members
):
    season = season_with_members
    numbers = _numbers(season)
    assert len(numbers) == 20
    text = client.get(reverse("season_download", args=[season.pk, "csv"])).content.decode()
    rows = read(text)
    assert rows and "Member number" not in rows[0]
    assert not any(n in text for n in numbers)
    book = client.get(reverse("season_download", args=[season.pk, "xlsx"])).content
    cells = {
        str(v)
        for row in load_workbook(io.BytesIO(book)).active.iter_rows(values_only=True)
        for v in row
    }
    assert "Member number" not in cells and not numbers & cells
    assert {r["Member"] for r in rows} <= set(
        Member.objects.filter(club=season.club).values_list("name", flat=True)
    )
    assert not any("@example.org" in c for c in cells)


def test_the_directors_season_files_keep_the_numbers(client, season_with_members):
    season = season_with_members
    url = reverse("director_season_download", args=[season.pk, "csv"])
    assert client.get(url).status_code == 302  # a visitor: the log-in page
    td = get_user_model().objects.get(username="demo-td")
    Club.objects.get(pk=season.club_id).directors.add(td)
    client.force_login(td)
    response = client.get(url)
    assert response.status_code == 200
    rows = read(response.content.decode())
    listed = {(r["Member"], r["Member number"]) for r in rows}
    members = set(Member.objects.filter(club=season.club).values_list("name", "number"))
    assert listed <= members  # each member's own number beside the name
    assert _numbers(season) <= {number for _, number in listed}  # every player's
    book = client.get(reverse("director_season_download", args=[season.pk, "xlsx"])).content
    ws = load_workbook(io.BytesIO(book)).active
    assert [c.value for c in ws[1]][:3] == ["Rank", "Member", "Member number"]
    assert (
        client.get(reverse("director_season_download", args=[season.pk, "pdf"])).status_code == 404
    )
    assert not any("@example.org" in str(v) for row in ws.iter_rows(values_only=True) for v in row)
