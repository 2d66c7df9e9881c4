"""python -m scoring deal: JSON Lines in, JSON Lines out."""

import io
import json
import subprocess
import sys

import pytest

from scoring.__main__ import run_deal


def run(lines):
    out = io.StringIO()
    status = run_deal(io.StringIO("\n".join(json.dumps(x) for x in lines) + "\n"), out)
    return status, [json.loads(x) for x in out.getvalue().splitlines()]


def test_scores_each_line_in_order():
    status, out = run(
        [
            {"id": "a", "contract": "4H", "declarer": "S", "tricks": 10},
            {"id": 2, "code": "royalton", "contract": "3SRX", "declarer": "E", "tricks": 7},
        ]
    )
    assert status == 0
    assert out[0] == {
        "id": "a",
        "ns": {"trick": 32, "honour": 125},
        "ew": {"trick": 0, "honour": 0},
        "net_ns": 157,
        "items": [
            {"side": "NS", "column": "trick", "points": 32, "reason": "4 odd tricks at 8, Law 3"},
            {
                "side": "NS",
                "column": "honour",
                "points": 125,
                "reason": "duplicate premium, Duplicate Law A",
            },
        ],
    }
    assert out[1]["id"] == 2 and out[1]["net_ns"] == 400  # two down royal doubled: 2 x 200


def test_all_input_fields():
    status, out = run(
        [
            {
                "id": 1,
                "code": "1915",
                "contract": "3HX",
                "declarer": "S",
                "tricks": 7,
                "dealer": "N",
                "honours": {"N": 4, "E": 0, "S": 1, "W": 0},
                "revokes": {"NS": 0, "EW": 1},
                "revoke_penalty": "tricks",
                "penalties": [{"side": "NS", "points": 50, "law": "Law 54"}],
                "premium": True,
            },
            {
                "id": 2,
                "contract": "4S",
                "declarer": "N",
                "tricks": 10,
                "deal": "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ",
            },
            {
                "id": 3,
                "code": "1913",
                "english_slams": True,
                "contract": "7NT",
                "declarer": "S",
                "tricks": 13,
            },
        ]
    )
    assert status == 0
    assert out[0]["net_ns"] == 64 + 125 + 72 + 50
    assert out[1]["net_ns"] == 36 + 72 + 125
    assert out[2]["net_ns"] == 70 + 100 + 125


def test_invalid_lines_are_reported_and_do_not_stop_the_others():
    status, out = run(
        [
            {"id": 1, "contract": "8H", "declarer": "S", "tricks": 10},
            {"id": 2, "contract": "4H", "declarer": "S", "tricks": 14},
            {"id": 3, "contract": "4H", "declarer": "S", "tricks": 10, "honours": {"N": 2}},
            {
                "id": 4,
                "contract": "4H",
                "declarer": "S",
                "tricks": 10,
                "deal": "N:AKQJ.T98.765.43 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ",
            },
            {"id": 5, "contract": "4H", "tricks": 10},
            {"id": 6, "contract": "4H", "declarer": "Q", "tricks": 10},
            {"id": 7, "contract": "4H", "declarer": "S", "tricks": 10, "revokes": {"EW": 1}},
            {
                "id": 8,
                "code": "royalton",
                "contract": "2NULLO",
                "declarer": "S",
                "tricks": 5,
                "revokes": {"EW": 1},
                "revoke_penalty": "tricks",
            },
            {"id": 9, "code": "1915", "contract": "2RS", "declarer": "S", "tricks": 8},
            {"id": 10, "contract": "4H", "declarer": "S", "tricks": 10, "colour": "red"},
            {"id": 11, "contract": "4H", "declarer": "S", "tricks": 10},
        ]
    )
    assert status == 1
    errors = [o.get("error", "") for o in out]
    assert [o["id"] for o in out] == list(range(1, 12))
    assert "not a contract" in errors[0]
    assert "0 to 13 tricks" in errors[1]
    assert "add up to 2" in errors[2]
    assert "North has 12 cards" in errors[3]
    assert "declarer is missing" in errors[4]
    assert "must be a seat" in errors[5]
    assert "declarer's choice" in errors[6]
    assert "not offered" in errors[7]
    assert "royal spades is not a declaration" in errors[8]
    assert "unknown field colour" in errors[9]
    assert errors[10] == "" and out[10]["net_ns"] == 157


def test_bad_json_line():
    out = io.StringIO()
    assert run_deal(io.StringIO('{"contract": "4H"\n'), out) == 1
    assert "not valid JSON" in json.loads(out.getvalue())["error"]


def test_module_entry_point_and_help():
    line = json.dumps({"id": 1, "contract": "PASS"}) + "\n"
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "deal"], input=line, capture_output=True, text=True
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["net_ns"] == 0
    help_text = subprocess.run(
        [sys.executable, "-m", "scoring", "deal", "--help"], capture_output=True, text=True
    ).stdout
    for word in ("revoke_penalty", "honours", "NULLO", "Exit status"):
        assert word in help_text


def run_object(fn, obj):
    out, err = io.StringIO(), io.StringIO()
    status = fn(io.StringIO(json.dumps(obj) if not isinstance(obj, str) else obj), out, err)
    return status, out.getvalue(), err.getvalue()


def test_pairs_command():
    from scoring.__main__ import run_pairs

    status, out, err = run_object(
        run_pairs,
        {
            "method": "total",
            "results": [
                {"board": 1, "ns": "1", "ew": "4", "net_ns": 100},
                {"board": 1, "ns": "2", "ew": "5", "net_ns": 0},
                {"board": 1, "ns": "3", "ew": "6", "net_ns": 0},
            ],
        },
    )
    assert status == 0 and err == ""
    pairs = json.loads(out)["pairs"]
    assert pairs[0] == {
        "pair": "1",
        "direction": "NS",
        "score": "200/3",
        "display": "67",
        "rank": "1",
        "boards": 1,
    }


def test_pairs_command_matchpoints_with_adjustment():
    from scoring.__main__ import run_pairs

    status, out, _ = run_object(
        run_pairs,
        {
            "method": "matchpoints",
            "results": [
                {"board": 1, "ns": "1", "ew": "4", "net_ns": 100},
                {"board": 1, "ns": "2", "ew": "5", "net_ns": 0},
                {"board": 1, "ns": "3", "ew": "6", "adjusted": "average"},
            ],
        },
    )
    assert status == 0
    pairs = {p["pair"]: p for p in json.loads(out)["pairs"]}
    assert pairs["3"]["score"] == "2" and pairs["3"]["percent"] == "50.00"


def test_pairs_command_bad_input():
    from scoring.__main__ import run_pairs

    for obj, words in [
        ("{", "not valid JSON"),
        ({"method": "imps", "results": []}, "method"),
        ({"results": []}, "non-empty list"),
        ({"results": [{"board": 1, "ns": "1", "ew": "2"}]}, "result 1 (board 1): net_ns"),
        (
            {
                "results": [
                    {"board": 1, "ns": "1", "ew": "2", "net_ns": 5},
                    {"board": 1, "ns": "1", "ew": "3", "net_ns": 5},
                ]
            },
            "result 2",
        ),
    ]:
        status, out, err = run_object(run_pairs, obj)
        assert status == 2 and out == "" and words in err, (obj, err)


def test_teams_command():
    from scoring.__main__ import run_teams

    status, out, _ = run_object(
        run_teams,
        {
            "tables": [
                {"table": 1, "ns": "A", "ew": "B"},
                {"table": 2, "ns": "A", "ew": "B"},
                {"table": 3, "ns": "B", "ew": "A"},
            ],
            "results": [
                {"board": 1, "table": 1, "net_ns": 120},
                {"board": 1, "table": 2, "net_ns": -50},
                {"board": 1, "table": 3, "net_ns": 0},
            ],
        },
    )
    assert status == 0
    data = json.loads(out)
    assert data["teams"]["A"]["score"] == "140/3" and data["teams"]["A"]["rounded"] == 47
    assert (data["winner"], data["margin"], data["by_fraction"]) == ("A", "280/3", False)


def test_teams_command_bad_input():
    from scoring.__main__ import run_teams

    status, out, err = run_object(
        run_teams,
        {
            "tables": [{"table": 1, "ns": "A", "ew": "A"}, {"table": 2, "ns": "B", "ew": "A"}],
            "results": [{"board": 1, "table": 1, "net_ns": 1}],
        },
    )
    assert status == 2 and out == "" and "two pairs of team A" in err


def test_pairs_and_teams_help():
    for cmd, word in (("pairs", "adjusted"), ("teams", "by_fraction")):
        text = subprocess.run(
            [sys.executable, "-m", "scoring", cmd, "--help"], capture_output=True, text=True
        ).stdout
        assert word in text


def test_deal_help_explains_the_notation_and_the_refusals():
    text = subprocess.run(
        [sys.executable, "-m", "scoring", "deal", "--help"], capture_output=True, text=True
    ).stdout
    for words in (
        "S 2 (plain spades",  # 1913: S and RS
        "RS 9 (royal spades)",
        "with english_bidding S = RS = 9",
        "R after the",  # Royalton royal
        "NULLO undertakes",
        "On a nullo too these are declarer's side's",  # nullo tricks
        "trick score for the deal is 30 or more",
        "(Royalton: 40, its game)",
        "the side",  # a penalty's side receives the points
        "RECEIVES the points",
        "is refused, not ignored",
        "revoke_penalty when no choice",
        "declarer, tricks,",  # ... on PASS
        "english_bidding true: the English bidding rule (1913 only)",
        "Left out, no honours are scored",
        "must add",
    ):
        assert words in text, words


def test_english_bidding_on_the_command_line():
    status, out = run(
        [
            {"id": 1, "code": "1913", "english_bidding": True, "contract": "PASS"},
            # 4S made: 4 x 9 = 36 + premium 125 (spades are royals by the English rule).
            {
                "id": 2,
                "code": "1913",
                "english_bidding": True,
                "contract": "4S",
                "declarer": "S",
                "tricks": 10,
            },
            {
                "id": 3,
                "code": "1913",
                "english_bidding": True,
                "contract": "4RS",
                "declarer": "S",
                "tricks": 10,
            },
            {
                "id": 4,
                "code": "1915",
                "english_bidding": True,
                "contract": "4S",
                "declarer": "S",
                "tricks": 10,
            },
            {"id": 5, "code": "1913", "english_bidding": "yes", "contract": "4S"},
        ]
    )
    assert status == 1
    assert out[0]["net_ns"] == 0
    assert out[1]["net_ns"] == out[2]["net_ns"] == 161
    assert "English bidding rule is an option of the 1913 laws only" in out[3]["error"]
    assert out[4]["error"] == 'english_bidding is true or false, not "yes"'


def test_fields_that_cannot_apply_are_refused_on_the_command_line():
    status, out = run(
        [
            {"id": 1, "contract": "PASS", "tricks": 14},
            {"id": 2, "contract": "PASS", "tricks": -1},
            {"id": 3, "contract": "PASS", "tricks": 0},
            {"id": 4, "contract": "PASS", "declarer": "N"},
            {"id": 5, "contract": "PASS", "revokes": {"XX": 1}},
            {"id": 6, "contract": "PASS", "penalties": [{"side": "NS", "points": -50}]},
            {"id": 7, "contract": "4H", "declarer": "S", "tricks": 10, "revoke_penalty": "points"},
            {
                "id": 8,
                "code": "royalton",
                "contract": "4H",
                "declarer": "S",
                "tricks": 10,
                "honours": {"N": 0, "E": 0, "S": 0, "W": 0},
            },
            {
                "id": 9,
                "contract": "4H",
                "declarer": "S",
                "tricks": 10,
                "penalties": [{"side": "NS", "points": 50, "law": 54}],
            },
            {
                "id": 10,
                "contract": "4H",
                "declarer": "S",
                "tricks": 10,
                "penalties": [{"side": "NS", "points": 50, "why": "x"}],
            },
            {"id": 11, "contract": "PASS", "tricks": None, "declarer": None},  # null: left out
        ]
    )
    errors = [o.get("error", "") for o in out]
    assert status == 1
    for i in (0, 1, 2):
        assert errors[i] == "a passed-out deal is not played, so it has no tricks: leave it out"
    assert errors[3] == "a passed-out deal is not played, so it has no declarer: leave it out"
    assert errors[4] == 'revokes are counted per side, "NS" or "EW", not "XX"'
    assert errors[5].startswith("a penalty is a positive number of points, not -50")
    assert errors[6].endswith("here nobody revoked: leave the choice out")
    assert errors[7] == "the Royalton (Hawley 1915) laws score no honours (Royalton Law 85)"
    assert errors[8] == 'a penalty\'s law is written as text, e.g. "Law 54", not 54'
    assert errors[9].startswith("a penalty has unknown field why")
    assert out[10]["net_ns"] == 0


def test_royalton_77c_on_the_command_line():
    status, out = run(
        [
            # 4H made, EW revoke twice: 40 + 125 + 2 x 100 (Royalton Law 77(c)), no choice.
            {
                "id": 1,
                "code": "royalton",
                "contract": "4H",
                "declarer": "S",
                "tricks": 10,
                "revokes": {"EW": 2},
            },
            {
                "id": 2,
                "code": "royalton",
                "contract": "4H",
                "declarer": "S",
                "tricks": 10,
                "revokes": {"EW": 2},
                "revoke_penalty": "tricks",
            },
        ]
    )
    assert status == 1
    assert out[0]["net_ns"] == 365
    assert "Royalton Law 77(c)" in out[1]["error"]


def test_main_in_process_with_streams():
    from scoring.__main__ import main

    out = io.StringIO()
    line = json.dumps({"id": "x", "contract": "4H", "declarer": "S", "tricks": 10})
    assert main(["deal"], io.StringIO(line + "\n"), out, io.StringIO()) == 0
    assert json.loads(out.getvalue())["net_ns"] == 157


def test_a_byte_order_mark_on_the_first_line_is_allowed():
    out = io.StringIO()
    line = "\ufeff" + json.dumps({"id": 1, "contract": "PASS"}) + "\n"
    assert run_deal(io.StringIO(line), out) == 0


def test_pairs_command_refuses_an_artificial_score_at_two_tables():
    from scoring.__main__ import run_pairs

    status, out, err = run_object(
        run_pairs,
        {
            "results": [
                {"board": 1, "ns": "1", "ew": "3", "net_ns": 100},
                {"board": 1, "ns": "2", "ew": "4", "adjusted": "average"},
            ]
        },
    )
    assert status == 2 and out == ""
    assert "board 1 is played at only two tables" in err and "Duplicate Law B(3)" in err


def test_teams_command_refuses_an_artificial_score_at_two_tables():
    from scoring.__main__ import run_teams

    status, out, err = run_object(
        run_teams,
        {
            "tables": [{"table": 1, "ns": "A", "ew": "B"}, {"table": 2, "ns": "B", "ew": "A"}],
            "results": [
                {"board": 1, "table": 1, "net_ns": 120},
                {"board": 1, "table": 2, "adjusted": "ns-lowest"},
            ],
        },
    )
    assert status == 2 and out == "" and "Duplicate Law B(3)" in err


def test_pairs_and_teams_refuse_unknown_fields():
    from scoring.__main__ import run_pairs, run_teams

    status, out, err = run_object(
        run_pairs, {"results": [{"board": 1, "ns": "1", "ew": "2", "net": 5}]}
    )
    assert (status, out) == (2, "") and "result 1 has unknown field net" in err
    status, out, err = run_object(run_teams, {"tables": [], "results": [], "scoring": "x"})
    assert (status, out) == (2, "") and "the input has unknown field scoring" in err


def test_pairs_command_with_the_contests_tables():
    # Board 1 so far: one real score (+100 to NS) and a Law B average at a second table.
    # As a whole traveller that is a two-table board, where Law B(3) orders a new deal;
    # played at four tables, the average is the real score so far, +100, and the Law H
    # average (100 + 100) / 2 = 100 leaves both lines at 0.
    from scoring.__main__ import run_pairs

    results = [
        {"board": 1, "ns": "1", "ew": "4", "net_ns": 100},
        {"board": 1, "ns": "2", "ew": "5", "adjusted": "average"},
    ]
    status, _, err = run_object(run_pairs, {"method": "total", "results": results})
    assert status == 2 and "two tables" in err
    status, out, err = run_object(
        run_pairs, {"method": "total", "results": results, "tables": {"1": 4}}
    )
    assert status == 0 and err == ""
    assert {p["pair"]: p["score"] for p in json.loads(out)["pairs"]} == dict.fromkeys("1245", "0")
    for bad, says in (([4], "is an object"), ({"x": 4}, "not a board number"), ({"1": 0}, "whole")):
        status, _, err = run_object(
            run_pairs, {"method": "total", "results": results, "tables": bad}
        )
        assert status == 2 and says in err, err


def test_individuals_command():
    """Three tables of one board: net +100, 0, -40 to North-South, average 20, so NS
    +80, -20, -60 (EW the negatives); each partnership's score goes to both players."""
    from scoring.__main__ import run_individuals

    status, out, err = run_object(
        run_individuals,
        {
            "method": "total",
            "results": [
                {"board": 1, "n": 1, "e": 2, "s": 3, "w": 4, "net_ns": 100},
                {"board": 1, "n": 5, "e": 6, "s": 7, "w": 8, "net_ns": 0},
                {"board": 1, "n": 9, "e": 10, "s": 11, "w": 12, "net_ns": -40},
            ],
        },
    )
    assert status == 0 and err == ""
    players = {p["player"]: (p["score"], p["rank"]) for p in json.loads(out)["players"]}
    assert players["1"] == players["3"] == ("80", "1=")
    assert players["10"] == players["12"] == ("60", "3=")
    assert players["5"] == ("-20", "7=") and players["2"] == ("-80", "11=")


@pytest.mark.parametrize(
    "line, words",
    [
        ({"board": 1, "n": "1", "e": "2", "s": "3", "net_ns": 10}, "the West player is missing"),
        ({"board": 1, "n": "1", "e": "2", "s": "1", "w": "4", "net_ns": 10}, "two seats"),
        ({"board": 1, "n": "1", "e": "2", "s": "3", "w": "4", "ns": "1"}, "ns"),
    ],
)
def test_individuals_command_bad_input(line, words):
    from scoring.__main__ import run_individuals

    status, out, err = run_object(run_individuals, {"results": [line]})
    assert status == 2 and out == "" and words in err
