"""One result under every code, and duplicate contract bridge for comparison."""

import io
import json

import pytest

from scoring import get_code
from scoring.__main__ import main
from scoring.contract import Contract
from scoring.every_code import contract_bridge_score, every_code, vulnerable


def by_code(scores):
    return {s.code: s for s in scores}


def test_four_hearts_made_under_each_code():
    # 4H by S, 10 tricks, North-South held three trump honours (simple honours).
    # 1915 and 1913: 4 x 8 = 32 trick + 125 premium + simple honours 2 x 8 = 16: 173.
    # Royalton: 4 x 10 = 40 + 125 premium, no honours: 165.
    # Contract bridge, board 1 (nobody vulnerable): 4 x 30 = 120 + game 300 = 420.
    s = by_code(
        every_code(
            "4H",
            get_code("1915"),
            declarer="S",
            tricks=10,
            board=1,
            honours={"N": 2, "S": 1, "E": 1, "W": 1},
        )
    )
    assert s["Whist Club 1915"].net_ns == 173
    assert s['Whist Club 1913 ("royal spades")'].net_ns == 173
    assert s["Royalton (Hawley 1915)"].net_ns == 165
    assert "no honours under these laws" in s["Royalton (Hawley 1915)"].notes
    bridge = s["Duplicate contract bridge (2017), for comparison"]
    assert (bridge.contract, bridge.net_ns) == ("4H", 420)


def test_royal_spades_travel_as_spades_and_nullo_stays_in_royalton():
    # 1913 2RS by N, 8 tricks, N-S four honours split (N 2, S 2): 2 x 9 = 18 + 4 x 9 = 36.
    # Under 1915 it is 2S: the same 18 + 36 = 54.  Contract bridge, board 5 (N-S
    # vulnerable): 2 x 30 = 60 + part score 50 = 110.
    s = by_code(
        every_code(
            "2RS",
            get_code("1913"),
            declarer="N",
            tricks=8,
            board=5,
            honours={"N": 2, "S": 2, "E": 1, "W": 0},
        )
    )
    assert (s["Whist Club 1915"].contract, s["Whist Club 1915"].net_ns) == ("2S", 54)
    assert s['Whist Club 1913 ("royal spades")'].contract == "2RS"
    assert s["Duplicate contract bridge (2017), for comparison"].net_ns == 110
    # A Royalton nullo has no equivalent elsewhere: said, not guessed.
    n = by_code(every_code("2NULLO", get_code("royalton"), declarer="E", tricks=4, board=1))
    assert n["Whist Club 1915"].unavailable and n["Royalton (Hawley 1915)"].net_ns is not None
    assert "no nullo" in n["Duplicate contract bridge (2017), for comparison"].unavailable


@pytest.mark.parametrize(
    ("contract", "tricks", "board", "score"),
    [
        # Not vulnerable (board 1): 3NT= 40 + 30 + 30 = 100 + game 300 = 400.
        (Contract(3, "NT"), 9, 1, 400),
        # 1NT+1 NV: 40 + part score 50 + 30 = 120.
        (Contract(1, "NT"), 8, 1, 120),
        # 2HX= NV: 2 x 30 x 2 = 120 (a game) + 300 + insult 50 = 470.
        (Contract(2, "H", False, 1), 8, 1, 470),
        # 6S= vulnerable (board 4): 180 + 500 + slam 750 = 1430.
        (Contract(6, "S"), 12, 4, 1430),
        # 7NTXX= vulnerable: 220 x 4 = 880 + 500 + 1500 + 100 = 2980.
        (Contract(7, "NT", False, 2), 13, 4, 2980),
        # 3CX down 4, NV: 100 + 200 + 200 + 300 = 800.
        (Contract(3, "C", False, 1), 5, 1, -800),
        # 4SX down 2, vulnerable: 200 + 300 = 500; redoubled 1000.
        (Contract(4, "S", False, 1), 8, 4, -500),
        (Contract(4, "S", False, 2), 8, 4, -1000),
        # 2D down 2 undoubled, vulnerable: 200.
        (Contract(2, "D"), 6, 4, -200),
        # 1CX+2 NV: 20 x 2 = 40 + 50 + insult 50 + 2 x 100 = 340.
        (Contract(1, "C", False, 1), 9, 1, 340),
    ],
)
def test_contract_bridge_scores_checked_by_hand(contract, tricks, board, score):
    assert contract_bridge_score(contract, "N", tricks, board) == score


def test_standard_vulnerability():
    # Boards 1-4: none, N-S, E-W, both; board 17 is board 1 again.
    assert [vulnerable(b, "NS") for b in (1, 2, 3, 4, 17)] == [False, True, False, True, False]
    assert [vulnerable(b, "EW") for b in (1, 2, 3, 4)] == [False, False, True, True]


def test_cli_every_code():
    line = json.dumps({"id": 1, "contract": "4H", "declarer": "S", "tricks": 10, "board": 2})
    out = io.StringIO()
    assert main(["deal", "--every-code"], io.BytesIO(line.encode()), out, io.StringIO()) == 0
    answer = json.loads(out.getvalue())
    assert answer["net_ns"] == 157 and len(answer["every_code"]) == 5
    # Board 2: N-S vulnerable: 120 + 500 = 620.
    assert answer["every_code"][-1]["net_ns"] == 620
    bad = json.dumps({"contract": "4H", "declarer": "S", "tricks": 10, "board": 0})
    out = io.StringIO()
    assert main(["deal", "--every-code"], io.BytesIO(bad.encode()), out, io.StringIO()) == 1
    assert "board is a number from 1" in out.getvalue()


def test_a_1913_dealers_plain_one_spade_stays_plain_in_its_own_codes_column():
    # 1913 Law 48: "The loss on the dealer's original declaration of 'one spade' is
    # limited to 100 points, whether doubled or not, unless redoubled."  Its spades are
    # worth 2 a trick (Law 3), not royal spades' 9.  N deals and plays one spade; no
    # honours counted (E holds three: EW simple honours 2 x 2 = 4).
    honours = {"N": 1, "S": 1, "E": 3, "W": 0}
    made = by_code(
        every_code("1S", get_code("1913"), declarer="N", tricks=9, dealer="N", honours=honours)
    )
    own = made['Whist Club 1913 ("royal spades")']
    # Nine tricks: 3 odd tricks at 2 = 6 (not 3 x 9 = 27); EW honours 4: net 2.
    assert own.contract == "1S" and own.net_ns == 2
    assert "NS trick 6: 3 odd tricks at 2, Law 3" in own.items
    # Elsewhere the same trumps are spades at 9: 27 - 18 (EW honours 2 x 9) = 9.
    assert made["Whist Club 1915"].net_ns == 9
    assert made["Whist Club 1913, both English rules"].net_ns == 9
    # Doubled and down four: 4 x 100 = 400, limited to 100 by Law 48 (not -400).
    down = by_code(
        every_code("1SX", get_code("1913"), declarer="N", tricks=3, dealer="N", honours=honours)
    )
    own = down['Whist Club 1913 ("royal spades")']
    assert own.net_ns == -104 and any("limited to 100" in i for i in own.items)
    assert down["Whist Club 1915"].net_ns == -418  # 400 + EW honours 18


def test_another_codes_spades_are_royal_spades_under_1913():
    # 1915 one spade by N, nine tricks: under 1913 the same trumps are royal spades
    # (9 a trick, Law 3), the real spade declaration: 27 - 18 = 9.
    honours = {"N": 1, "S": 1, "E": 3, "W": 0}
    s = by_code(
        every_code("1S", get_code("1915"), declarer="N", tricks=9, dealer="N", honours=honours)
    )
    assert s['Whist Club 1913 ("royal spades")'].contract == "1RS"
    assert s['Whist Club 1913 ("royal spades")'].net_ns == 9
