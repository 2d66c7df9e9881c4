"""manage.py movement: JSON and text schedules, clear errors with exit 2."""

import json
from io import StringIO

import pytest
from django.core.management import ManagementUtility, call_command


def test_json_schedule():
    out = StringIO()
    call_command("movement", "mitchell", "--tables", "7", "--format", "json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["boards"] == 21 and len(data["rounds"]) == 7
    assert data["rounds"][0]["tables"][0] == {"table": 1, "ns": "1", "ew": "8", "boards": [1, 2, 3]}


def test_json_with_guide_cards_and_relay():
    out = StringIO()
    call_command(
        "movement",
        "mitchell",
        "--tables",
        "4",
        "--relay",
        "--format",
        "json",
        "--guide-cards",
        stdout=out,
    )
    data = json.loads(out.getvalue())
    assert data["rounds"][0]["bystand_set"] == 3
    assert len(data["guide_cards"]) == 4


def test_text_schedule():
    out = StringIO()
    call_command("movement", "howell", "--tables", "3", stdout=out)
    text = out.getvalue()
    assert text.startswith("Howell, 3 tables, 5 rounds")
    assert "6v1 b1-2" in text


def test_teams():
    out = StringIO()
    call_command("movement", "teams", "--tables", "3", "--boards-per-round", "2", stdout=out)
    assert "A1vB1" in out.getvalue() and "B3vA3" in out.getvalue()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["mitchell", "--tables", "1"], "at least 2 tables"),
        (["howell", "--tables", "30"], "2 to 16 tables"),
        (["mitchell", "--tables", "5", "--boards-per-round", "0"], "at least one board"),
        (["howell", "--tables", "4", "--relay"], "belong to a Mitchell"),
    ],
)
def test_impossible_requests_exit_2(argv, words, capsys):
    """As the shell runs it (``manage.py movement ...``): exit status 2, the reason on
    standard error, nothing on standard output."""
    with pytest.raises(SystemExit) as exited:
        ManagementUtility(["manage.py", "movement", *argv]).execute()
    assert exited.value.code == 2
    printed = capsys.readouterr()
    assert words in printed.err
    assert printed.out == ""
