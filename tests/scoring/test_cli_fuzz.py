"""The command line answers every input: fuzzed in-process, a few subprocesses.

``deal``: one JSON object per non-blank line, ``{"id":..., "error":...}`` for
anything that cannot be scored, later lines still answered, exit status 1
when any line was invalid.  ``pairs`` / ``teams``: exit 0 with JSON on stdout,
or exit 2 with one message on stderr and nothing on stdout.  Never a
traceback, and never the message reserved for a fault of the program itself.
"""

import io
import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.__main__ import FAULT, main

FUZZ = settings(max_examples=150, deadline=None)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["N", "E", "S", "W", "NS", "EW", "PASS", "4H", "2RS", "points", "tricks"])
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def deal_objects(draw):
    """An input line shaped like real input, valid or nearly: the fuzz reaches the laws.

    A valid deal under a random code (honours, revokes, a choice, penalties),
    then at most two fields replaced by anything at all.
    """
    key, options = draw(
        st.sampled_from(
            [
                ("1915", {}),
                ("1913", {}),
                ("1913", {"english_bidding": True}),
                ("1913", {"english_slams": True, "english_bidding": True}),
                ("royalton", {}),
            ]
        )
    )
    strains = {
        "1915": "C D H S NT",
        "1913": "S C D H RS NT" if not options else "C D H S RS NT",
        "royalton": "S C D H NT NULLO SR NULLOR",
    }[key].split()
    obj: dict = {"id": draw(st.integers(0, 99)), "code": key, **options}
    if key != "1913" or options.get("english_bidding"):
        passed = draw(st.integers(0, 9)) == 0
    else:
        passed = False
    if passed:
        obj["contract"] = "PASS"
    else:
        level, strain = draw(st.integers(1, 7)), draw(st.sampled_from(strains))
        obj["contract"] = f"{level}{strain}{draw(st.sampled_from(['', 'X', 'XX']))}"
        declarer = draw(st.sampled_from("NESW"))
        obj["declarer"] = declarer
        obj["dealer"] = declarer
        obj["tricks"] = draw(st.integers(0, 13))
        if key != "royalton" and draw(st.booleans()):
            total = 4 if strain == "NT" else 5
            seats = draw(st.lists(st.sampled_from("NESW"), min_size=total, max_size=total))
            obj["honours"] = {seat: seats.count(seat) for seat in "NESW"}
        if draw(st.integers(0, 3)) == 0:
            ours = "NS" if declarer in "NS" else "EW"
            theirs = "EW" if ours == "NS" else "NS"
            obj["revokes"] = {ours: draw(st.integers(0, 2)), theirs: draw(st.integers(0, 3))}
            if obj["revokes"][theirs] and not obj["revokes"][ours]:
                obj["revoke_penalty"] = draw(st.sampled_from(["points", "tricks", None]))
    if draw(st.booleans()):
        obj["penalties"] = [
            {"side": draw(st.sampled_from(["NS", "EW"])), "points": draw(st.integers(1, 200))}
        ]
    obj["premium"] = draw(st.booleans())
    for _ in range(draw(st.integers(0, 2))):
        name = draw(
            st.sampled_from(
                [
                    "id",
                    "code",
                    "english_slams",
                    "english_bidding",
                    "contract",
                    "declarer",
                    "tricks",
                    "dealer",
                    "honours",
                    "deal",
                    "revokes",
                    "revoke_penalty",
                    "penalties",
                    "premium",
                    "colour",
                ]
            )
        )
        obj[name] = draw(json_values)
    return obj


deal_lines = st.lists(
    deal_objects().map(json.dumps)
    | json_values.map(json.dumps)
    | st.text(max_size=30)
    | st.sampled_from(["", "   ", "NaN", '{"id": Infinity}', "[" * 5000, "{" * 3, "1e999"]),
    min_size=1,
    max_size=6,
)


def run(argv, data):
    out, err = io.StringIO(), io.StringIO()
    stdin = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data)
    status = main(argv, stdin, out, err)
    return status, out.getvalue(), err.getvalue()


def check_deal_answers(status, out, err, expected_lines):
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == expected_lines
    assert err == ""
    for a in answers:
        assert isinstance(a, dict) and "id" in a
        assert ("error" in a) != ("net_ns" in a)
        assert FAULT not in a.get("error", "")
    assert status == (1 if any("error" in a for a in answers) else 0)


@FUZZ
@given(deal_lines)
def test_deal_answers_every_line(lines):
    text = "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines) + "\n"
    status, out, err = run(["deal"], text)
    check_deal_answers(status, out, err, sum(1 for line in text.split("\n") if line.strip()))


@FUZZ
@given(st.lists(st.binary(max_size=40), min_size=1, max_size=5))
def test_deal_answers_every_line_of_any_bytes(chunks):
    data = b"\n".join(c.replace(b"\n", b" ") for c in chunks) + b"\n"
    status, out, err = run(["deal"], data)
    expected = sum(1 for line in data.split(b"\n") if line.strip())
    check_deal_answers(status, out, err, expected)


def check_object_answer(status, out, err):
    assert FAULT not in err
    if status == 0:
        assert err == "" and isinstance(json.loads(out), dict)
    else:
        assert status == 2 and out == "" and err.startswith("error: ")
        assert err.count("\n") == 1


def _corrupt(draw, obj, paths):
    """Replace at most one value (``paths`` lists where) by anything at all."""
    if paths and draw(st.integers(0, 2)) == 0:
        *where, last = draw(st.sampled_from(paths))
        target = obj
        for step in where:
            target = target[step]
        target[last] = draw(json_values)
    return obj


@st.composite
def pair_inputs(draw):
    """A pair contest, valid or nearly: boards at 1 to n tables, some adjusted."""
    n = draw(st.integers(2, 5))
    results = []
    for board in range(1, draw(st.integers(1, 3)) + 1):
        ns = draw(st.permutations([str(i) for i in range(1, n + 1)]))
        ew = draw(st.permutations([str(i) for i in range(n + 1, 2 * n + 1)]))
        for i in range(draw(st.integers(1, n))):
            r = {"board": board, "ns": ns[i], "ew": ew[i], "net_ns": draw(st.integers(-500, 500))}
            if i and draw(st.integers(0, 3)) == 0:  # Law B; refused when only two tables
                del r["net_ns"]
                r["adjusted"] = draw(st.sampled_from(["average", "ns-lowest", "ew-lowest"]))
            results.append(r)
    obj = {"method": draw(st.sampled_from(["total", "matchpoints"])), "results": results}
    fields = ["board", "ns", "ew", "net_ns"]
    paths = [("method",)] + [("results", i, f) for i in range(len(results)) for f in fields]
    return _corrupt(draw, obj, paths)


@st.composite
def individual_inputs(draw):
    """An individual, valid or nearly: boards at 1 to n tables of four players each,
    seated anew on each board, some Law B lines."""
    n = draw(st.integers(2, 4))
    results = []
    for board in range(1, draw(st.integers(1, 3)) + 1):
        seats = draw(st.permutations([str(i) for i in range(1, 4 * n + 1)]))
        for i in range(draw(st.integers(1, n))):
            r = dict(zip("nesw", seats[4 * i : 4 * i + 4], strict=True))
            r.update(board=board, net_ns=draw(st.integers(-500, 500)))
            if i and draw(st.integers(0, 3)) == 0:  # Law B; refused when only two tables
                del r["net_ns"]
                r["adjusted"] = draw(st.sampled_from(["average", "ns-lowest", "ew-lowest"]))
            results.append(r)
    obj = {"method": draw(st.sampled_from(["total", "matchpoints"])), "results": results}
    fields = ["board", "n", "e", "s", "w", "net_ns"]
    paths = [("method",)] + [("results", i, f) for i in range(len(results)) for f in fields]
    return _corrupt(draw, obj, paths)


@st.composite
def team_inputs(draw):
    """A team match, valid or nearly: k tables, team A North-South at the first half."""
    k = draw(st.integers(2, 4))
    tables = [
        {"table": t, "ns": "A", "ew": "B"}
        if t <= (k + 1) // 2
        else {"table": t, "ns": "B", "ew": "A"}
        for t in range(1, k + 1)
    ]
    results = []
    for board in range(1, draw(st.integers(1, 3)) + 1):
        for t in range(1, k + 1):
            r = {"board": board, "table": t, "net_ns": draw(st.integers(-500, 500))}
            if t > 1 and draw(st.integers(0, 4)) == 0:  # Law B; refused at two tables
                del r["net_ns"]
                r["adjusted"] = draw(st.sampled_from(["average", "ns-lowest", "ew-lowest"]))
            results.append(r)
    if draw(st.integers(0, 4)) == 0:
        results.pop(draw(st.integers(0, len(results) - 1)))  # a board not played everywhere
    obj = {"tables": tables, "results": results}
    paths = [("tables", i, f) for i in range(k) for f in ("table", "ns", "ew")]
    paths += [("results", i, f) for i in range(len(results)) for f in ("board", "table")]
    return _corrupt(draw, obj, paths)


@FUZZ
@given(pair_inputs().map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=40))
def test_pairs_answers_any_input(text):
    check_object_answer(*run(["pairs"], text))


@FUZZ
@given(team_inputs().map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=40))
def test_teams_answers_any_input(text):
    check_object_answer(*run(["teams"], text))


@FUZZ
@given(individual_inputs().map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=40))
def test_individuals_answers_any_input(text):
    check_object_answer(*run(["individuals"], text))


@FUZZ
@given(st.sampled_from(["pairs", "individuals", "teams"]), st.binary(max_size=60))
def test_pairs_and_teams_answer_any_bytes(command, data):
    check_object_answer(*run([command], data))


def test_a_valid_team_match_and_pair_contest_pass_the_same_checks():
    # So the checks above are not passing only because everything is refused.
    pairs = {"results": [{"board": 1, "ns": "1", "ew": "2", "net_ns": 50}]}
    status, out, err = run(["pairs"], json.dumps(pairs))
    check_object_answer(status, out, err)
    assert status == 0
    teams = {
        "tables": [{"table": 1, "ns": "A", "ew": "B"}, {"table": 2, "ns": "B", "ew": "A"}],
        "results": [{"board": 1, "table": 1, "net_ns": 50}, {"board": 1, "table": 2, "net_ns": 0}],
    }
    status, out, err = run(["teams"], json.dumps(teams))
    check_object_answer(status, out, err)
    assert status == 0
    one = {"results": [{"board": 1, "n": "1", "e": "2", "s": "3", "w": "4", "net_ns": 50}]}
    status, out, err = run(["individuals"], json.dumps(one))
    check_object_answer(status, out, err)
    assert status == 0


# --- a few as real processes: bytes on the pipe, and the exit statuses -----------------


def proc(command, data: bytes):
    return subprocess.run(
        [sys.executable, "-m", "scoring", command], input=data, capture_output=True, timeout=60
    )


def test_subprocess_deal_survives_bad_bytes_deep_nesting_and_huge_numbers():
    lines = [
        b'{"id": 1, "contract": "4H\xff", "declarer": "S", "tricks": 10}',
        b"[" * 100_000,
        b'{"id": ' + b"9" * 5000 + b"}",
        b'{"id": NaN, "contract": "4H"}',
        b"",
        b'{"id": 6, "contract": "4H", "declarer": "S", "tricks": 10}',
    ]
    p = proc("deal", b"\n".join(lines) + b"\n")
    assert p.returncode == 1 and p.stderr == b""
    answers = [json.loads(line) for line in p.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, None, None, None, 6]
    assert answers[0]["error"] == "line 1 is not UTF-8 text (byte 26 cannot be read)"
    assert "nested too deeply" in answers[1]["error"]
    assert "more than 4,000 digits" in answers[2]["error"]
    assert "NaN is not a number JSON allows" in answers[3]["error"]
    assert answers[4]["net_ns"] == 157


def test_subprocess_pairs_and_teams_bad_input_exit_2():
    for command in ("pairs", "teams"):
        for data in (b"\xff\xfe", b"[" * 100_000, b'{"results": NaN}', b"{}"):
            p = proc(command, data)
            assert p.returncode == 2 and p.stdout == b"", (command, data[:10])
            assert p.stderr.startswith(b"error: ") and b"Traceback" not in p.stderr


auction_objects = st.fixed_dictionaries(
    {
        "id": st.integers(0, 99),
        "code": st.sampled_from(["1915", "1913", "royalton", "1066", 7]),
        "dealer": st.sampled_from(["N", "E", "S", "W", "X", None]),
        "calls": st.lists(
            st.sampled_from(["P", "X", "XX", "1H", "2RS", "3SR", "2NULLO", "8C", "7NT", "", 3]),
            max_size=12,
        )
        | json_values,
    },
    optional={"english_bidding": st.booleans() | json_scalars, "nullo_to_partner": json_scalars},
)


@FUZZ
@given(st.lists(auction_objects.map(json.dumps) | json_values.map(json.dumps), max_size=6))
def test_auction_answers_every_line(lines):
    """``auction``: one answer a line, a final contract, an auction still open,
    or the first call refused (``call`` from 1) or the line refused, never a fault."""
    text = "\n".join(lines) + "\n"
    status, out, err = run(["auction"], text)
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == sum(1 for line in lines if line.strip()) and err == ""
    for a in answers:
        assert "id" in a and FAULT not in a.get("error", "")
        assert ("error" in a) != ("final" in a)
        if "call" in a:
            assert a["call"] >= 1
    assert status == (1 if any("error" in a for a in answers) else 0)
