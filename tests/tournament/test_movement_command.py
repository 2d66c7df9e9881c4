"""manage.py movement: JSON and text schedules, clear errors with exit 2."""

import json
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO

import pytest
from django.core.management import ManagementUtility, call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MAX_TABLES
from scoring.movements.chooser import choose


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
        (["howell", "--tables", "30"], f"2 to {MAX_TABLES['howell']} tables"),
        (["choose"], "choose needs --pairs"),
        (["choose", "--pairs", "0"], "number of pairs"),
        (["choose", "--pairs", "900"], "no movement for 900 pairs"),
        (["choose", "--pairs", "12", "--minutes", "3"], "minutes"),
        (["howell-zz"], 'no movement called "howell-zz"'),
        (["--name", "howell-4", "howell-4"], "give a movement's name once"),
        (["howell-4", "--tables", "4"], "--tables belongs to a family"),
        (["howell"], "a howell needs --tables N"),
        ([], "say which movement"),
        (["mitchell", "--tables", "5", "--boards-per-round", "0"], "at least one board"),
        (["howell", "--tables", "4", "--relay"], "belong to a Mitchell"),
        (["individual-12", "--rounds", "7"], "says its rounds"),
        (["individual-12-q"], 'no movement called "individual-12-q"'),
        (["howell", "--tables", "4", "--players", "8"], "belong to an individual"),
        (["individual"], "give the number of players"),
        (["individual", "--players", "7"], "offered for 8 to 31 players"),
        (["individual", "--players", "12", "--rounds", "12"], "2 to 11 rounds, not 12"),
        (["individual", "--players", "12", "--tables", "3"], "sized by --players"),
        (["individual", "--players", "12", "--relay"], "belong to a Mitchell"),
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


def test_individual_json_gives_the_four_seats():
    out = StringIO()
    call_command(
        "movement", "individual", "--players", "12", "--format", "json", "--guide-cards", stdout=out
    )
    data = json.loads(out.getvalue())
    assert data["name"] == "individual-12" and data["rounds_count"] == 11
    first = data["rounds"][0]["tables"][0]
    assert {k: first[k] for k in "nesw"} == {"n": "7", "e": "12", "s": "1", "w": "8"}
    assert first["boards"] == [1, 2]
    card = data["guide_cards"][0]
    assert card["player"] == "1" and card["rounds"][0]["partner"] == "7"


def test_individual_partial_text():
    out = StringIO()
    call_command(
        "movement",
        "individual",
        "--players",
        "10",
        "--rounds",
        "5",
        "--boards-per-round",
        "3",
        stdout=out,
    )
    text = out.getvalue()
    assert text.startswith("Individual, 10 players, 2 tables, 5 rounds (partial), 15 boards")
    assert text.count("| out: ") == 5  # two sit out each round


def test_choose_json_is_a_list_of_movements_with_name_winners_figures_and_reason():
    out = StringIO()
    call_command("movement", "choose", "--pairs", "16", "--format", "json", stdout=out)
    data = json.loads(out.getvalue())
    expected = choose(16)
    assert [c["name"] for c in data] == [c.name for c in expected]
    first = data[0]
    assert {
        "movement",
        "description",
        "tables",
        "rounds_count",
        "boards_per_round",
        "boards",
        "notes",
        "rounds",
    } <= set(first)
    assert first["winners"] == expected[0].winners == first["figures"]["winners"]
    assert set(first["figures"]["balance"]) == {"least", "most", "mean", "cv"}
    assert first["reason"] == expected[0].reason
    assert first["figures"]["boards_each"] == list(expected[0].figures.boards_each)


def test_choose_says_the_boards_each_pair_plays():
    """15 pairs: the pair against the phantom sits out a round of 3 boards; the text and
    the JSON give the boards a pair as played, 21 or 24."""
    out = StringIO()
    call_command("movement", "choose", "--pairs", "15", stdout=out)
    relay = out.getvalue().split("mitchell-8-relay: ")[1].split("\n")[:3]
    assert relay[2].startswith("   8 rounds, 8 tables, 24 boards, 21 or 24 boards a pair, ")
    out = StringIO()
    call_command("movement", "choose", "--pairs", "15", "--format", "json", stdout=out)
    data = {c["name"]: c for c in json.loads(out.getvalue())}
    assert data["mitchell-8-relay"]["figures"]["boards_each"] == [21, 24]


def test_choose_text_with_boards():
    out = StringIO()
    call_command("movement", "choose", "--pairs", "14", "--boards", "26", stdout=out)
    text = out.getvalue()
    assert text.startswith(f"1. {choose(14, boards=26)[0].name}: ")
    assert "howell-7: Howell, 7 tables, 13 rounds, 26 boards" in text
    assert "one winner, every pair meets every other" in text


def test_a_movement_by_name_and_by_option():
    by_word, by_option = StringIO(), StringIO()
    call_command(
        "movement", "howell-4", "--boards-per-round", "3", "--format", "json", stdout=by_word
    )
    call_command(
        "movement",
        "--name",
        "howell-4",
        "--boards-per-round",
        "3",
        "--format",
        "json",
        stdout=by_option,
    )
    data = json.loads(by_word.getvalue())
    assert data == json.loads(by_option.getvalue())
    assert (data["name"], data["rounds_count"], data["boards"]) == ("howell-4", 7, 21)


def test_a_name_without_boards_a_round_is_sized_to_an_evening():
    out = StringIO()
    call_command("movement", "mitchell-8-relay", "--format", "json", stdout=out)
    # 8 rounds: 3 a round makes 24 boards, inside the evening's 24-27.
    assert json.loads(out.getvalue())["boards_per_round"] == 3


_words = st.sampled_from(
    [
        "choose",
        "howell",
        "mitchell",
        "teams",
        "howell-4",
        "mitchell-7-arrow",
        "--pairs",
        "--boards",
        "--minutes",
        "--tables",
        "--name",
        "--format",
        "json",
        "text",
        "--relay",
        "--boards-per-round",
        "0",
        "-1",
        "7",
        "16",
        "61",
        "99999",
        "x",
        "",
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_words, max_size=7))
def test_fuzz_the_command_line(argv):
    """Any words: exit 0 with output, or exit 2 with one message and nothing on stdout;
    never a traceback."""
    out, err = StringIO(), StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            ManagementUtility(["manage.py", "movement", *argv]).execute()
        except SystemExit as exited:
            code = exited.code
    assert "Traceback" not in err.getvalue()
    if code == 0:
        assert out.getvalue() and not err.getvalue()
    else:
        assert code == 2
        assert err.getvalue().strip() and not out.getvalue()


def test_an_individual_by_name():
    out = StringIO()
    call_command("movement", "individual-12-r7", "--format", "json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["name"] == "individual-12-r7" and data["rounds_count"] == 7
