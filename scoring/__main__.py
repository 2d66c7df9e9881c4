"""Command line: ``python -m scoring deal | pairs | teams``.

JSON in, JSON out, so a director can score from a terminal and another
program can drive the laws without Django.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .deal import score_deal
from .errors import ScoringError
from .jsonio import deal_result_from_json, pair_contest_from_json, team_match_from_json
from .pairs import pair_standings
from .teams import score_team_match

DEAL_HELP = """\
Score deals.  Reads JSON Lines on standard input (one object per line) and
writes one JSON object per input line on standard output, in the same order.

Input fields (only "contract" is always required):
  id              any JSON value, echoed back
  code            "1915" (Whist Club 1915, default), "1913" (royal spades),
                  "royalton" (Hawley 1915)
  english_slams   true: the English slam rule for 1913 (little 50, grand 100)
  contract        "PASS", or level 1-7, strain C D H S RS NT NULLO, optional
                  royal R (Royalton), optional X or XX:
                  4H  3NTX  2RS  3SRX  2NULLO  5CXX
  declarer        N E S W (required unless PASS)
  tricks          tricks won in play by declarer's side, 0-13
  dealer          N E S W (1913: the dealer's one spade, Law 48)
  honours         {"N":n,"E":n,"S":n,"W":n}: trump honours (aces at no
                  trump) each player held; they must add up to 5 (4 aces)
  deal            a PBN deal, "N:AKQJ.T98.. ...": honours are derived from it
  revokes         {"NS":n,"EW":n}: established revokes by each side
  revoke_penalty  "points" or "tricks": declarer's choice when only the
                  defenders revoked (required then; "tricks" not on nullo)
  penalties       [{"side":"NS"|"EW","points":n,"law":"..."}]: points to
                  that side's honour score
  premium         true (default) or false: the duplicate premium of 125

Output per line:
  {"id":..., "ns":{"trick":n,"honour":n}, "ew":{"trick":n,"honour":n},
   "net_ns":n, "items":[{"side":"NS","column":"honour","points":125,
   "reason":"duplicate premium, Duplicate Law A"}, ...]}
or, for a line that cannot be scored:
  {"id":..., "error":"what is wrong"}

Invalid lines never stop the others.  Exit status: 0 when every line was
valid, 1 otherwise.

Example:
  echo '{"id":1,"contract":"4H","declarer":"S","tricks":10}' | python -m scoring deal
"""


def run_deal(stdin: TextIO, stdout: TextIO) -> int:
    """Score each JSON line of ``stdin``; return the exit status."""
    status = 0
    for lineno, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        out: dict
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            out = {"id": None, "error": f"line {lineno} is not valid JSON: {e.msg}"}
        else:
            ident = obj.get("id") if isinstance(obj, dict) else None
            try:
                result, code = deal_result_from_json(obj)
                out = {"id": ident, **score_deal(result, code).to_json()}
            except ScoringError as e:
                out = {"id": ident, "error": str(e)}
        if "error" in out:
            status = 1
        stdout.write(json.dumps(out) + "\n")
    stdout.flush()
    return status


PAIRS_HELP = """\
Compare a pair contest (Duplicate Law H, or matchpoints).  Reads one JSON
object on standard input:

  {"method": "total" | "matchpoints",
   "results": [{"board": 1, "ns": "1", "ew": "4", "net_ns": 120}, ...]}

A result may carry "adjusted" instead of net_ns: "average", "ns-lowest" or
"ew-lowest", the Law B artificial scores for that table, computed from the
other tables' scores on the board.

Writes {"pairs": [{"pair": "1", "direction": "NS", "score": "-203/3",
"display": "-68", "rank": "3", "boards": 3}, ...]}: "score" exact (an integer
or "p/q"), "display" rounded (whole points; matchpoints to two decimals, with
"percent" too), "rank" with ties as "2=".  Pairs that keep one direction are
ranked per direction (a Mitchell); if any pair plays both ways, one field
("direction": null).

Bad input: a message on standard error naming the result, exit status 2,
nothing on standard output.
"""

TEAMS_HELP = """\
Score a team match (Duplicate Law G).  Reads one JSON object on standard input:

  {"tables": [{"table": 1, "ns": "A", "ew": "B"}, ...],
   "results": [{"board": 1, "table": 1, "net_ns": 50}, ...]}

Every board must be played at every table (or carry "adjusted": "average",
"ns-lowest" or "ew-lowest" instead of net_ns).  With an odd number of pairs a
team, each team adds the average of the direction opposite its odd pair.
Writes {"teams": {"A": {"score": "-280/3", "rounded": -93, ...}, "B": {...}},
"winner": "B" | null, "margin": "560/3", "by_fraction": false}.

Bad input: a message on standard error, exit status 2, nothing on standard
output.
"""


def _run_object(
    stdin: TextIO, stdout: TextIO, stderr: TextIO, compute: Callable[[Any], object]
) -> int:
    """Read one JSON object, compute, print; on bad input explain on stderr, exit 2."""
    try:
        obj = json.loads(stdin.read())
    except json.JSONDecodeError as e:
        stderr.write(f"error: the input is not valid JSON: {e.msg} (line {e.lineno})\n")
        return 2
    try:
        out = compute(obj)
    except ScoringError as e:
        stderr.write(f"error: {e}\n")
        return 2
    stdout.write(json.dumps(out) + "\n")
    return 0


def run_pairs(stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    def compute(obj: Any) -> dict[str, Any]:
        method, results = pair_contest_from_json(obj)
        return {"pairs": [s.to_json() for s in pair_standings(results, method)]}

    return _run_object(stdin, stdout, stderr, compute)


def run_teams(stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    def compute(obj: Any) -> dict[str, Any]:
        tables, results = team_match_from_json(obj)
        return score_team_match(tables, results).to_json()

    return _run_object(stdin, stdout, stderr, compute)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description="Duplicate Auction Bridge scoring by the 1915, 1913 and Royalton laws.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser(
        "deal",
        help="score deals (JSON Lines in, JSON Lines out)",
        description=DEAL_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for name, text, short in (
        ("pairs", PAIRS_HELP, "compare a pair contest (Law H or matchpoints)"),
        ("teams", TEAMS_HELP, "score a team match (Law G)"),
    ):
        sub.add_parser(
            name,
            help=short,
            description=text,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    args = parser.parse_args(argv)
    if args.command == "deal":
        return run_deal(sys.stdin, sys.stdout)
    if args.command == "pairs":
        return run_pairs(sys.stdin, sys.stdout, sys.stderr)
    if args.command == "teams":
        return run_teams(sys.stdin, sys.stdout, sys.stderr)
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
