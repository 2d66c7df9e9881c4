"""A team match's verdict on its standings page: decided only once every board is complete
("Team A (Hawks) wins by 410 points" with four of six boards to come would be untrue)."""

from django.test import Client
from django.urls import reverse

from tournament import exports, services
from tournament.services import Actor

from ..factories import enter, event_with_results


def _page(event) -> str:
    services.set_published(event, True, by=Actor.director(event.owner))
    return Client().get(reverse("event_standings", args=[event.pk])).content.decode()


def test_a_match_with_boards_to_come_is_led_not_won(director):
    # Board 1 at both tables: round 1, table 1 (A1 NS v B1) 4H S 10 = +157 to A; round 2,
    # table 2 (B2 NS v A2) 4H S 8 = -100 to B's NS, so +100 to A: A's 257 against B's -257,
    # a margin of 514.  Boards 2-4 are not in at both tables: left out, and the match is
    # not decided yet.
    event = event_with_results(
        director,
        {(1, 1, 1): "4H S 10", (1, 2, 2): "4H S 8", (2, 1, 1): "3NT N 9"},
        form="teams",
        movement="teams",
        tables=2,
        team_names={"A": "Hawks", "B": "Owls"},
    )
    page = _page(event)
    assert "leads by 514 points so far, with 3 boards" in page and "still to be completed" in page
    assert "wins by" not in page
    assert "total: +514 so far" in page  # the margin chart's end says so too
    # +257 to A and -257 to B is a margin of 514, said under the table (it reads as
    # counting twice otherwise).
    assert "The margin is the difference between the two rounded totals" in page
    # The exports say the same: no "Winner, Team A" in the XLSX and CSV.
    verdict = _verdict(event)
    assert "Winner" not in verdict and verdict["Leading so far"] == "Hawks (A)"
    assert verdict["Boards still to be completed"] == "2, 3, 4"
    assert verdict["Margin so far (rounded)"] == "514"
    teams = _csv_teams(event)
    assert teams["A"]["Place"] == "1" and teams["B"]["Place"] == "2"
    assert {t["Boards still to be completed"] for t in teams.values()} == {"2, 3, 4"}
    assert teams["A"]["Margin (rounded)"] == "514" and teams["B"]["Margin (rounded)"] == "-514"
    # Boards 2-4 completed, each the same at both tables (they cancel out): with nothing
    # left to come, the verdict is the match's.
    enter(event, 2, 2, 2, "3NT N 9")
    for board in (3, 4):
        enter(event, board, 1, 2, "1S E 7")
        enter(event, board, 2, 1, "1S E 7")
    page = _page(event)
    assert "leads by 514 points so far" not in page and "wins by 514 points" in page
    verdict = _verdict(event)
    assert verdict["Winner"] == "Hawks (A)" and verdict["Margin (rounded)"] == "514"
    assert not any(k.endswith("so far") or "still" in k for k in verdict)
    teams = _csv_teams(event)
    assert teams["A"]["Place"] == "1" and teams["B"]["Place"] == "2"
    assert {t["Boards still to be completed"] for t in teams.values()} == {""}


def _verdict(event) -> dict[str, str]:
    """The team table's verdict lines in the XLSX's "Team match" sheet: label to value
    (as text, the way the page says them)."""
    import io

    from openpyxl import load_workbook

    buf = io.BytesIO()
    exports.write_xlsx(event, buf)
    sheet = load_workbook(io.BytesIO(buf.getvalue()))["Team match"]
    rows = sheet.iter_rows(min_row=2, values_only=True)
    return {
        str(r[0]): str(r[1])
        for r in rows
        if r
        and r[0]
        and not str(r[0]).startswith(("Hawks", "Owls", "Table"))
        and not isinstance(r[0], int)
    }


def _csv_teams(event) -> dict[str, dict[str, str]]:
    """The standings CSV's rows, one a team, by the team's label."""
    import csv
    import io

    rows = csv.DictReader(io.StringIO(exports.standings_csv(event).lstrip("\ufeff")))
    return {r["Label"]: r for r in rows}
