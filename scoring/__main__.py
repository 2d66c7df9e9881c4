"""Command line: ``python -m scoring deal | par | auction | pairs | teams | league``.

JSON in, JSON out, so a director can score from a terminal and another
program can drive the laws without Django.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, BinaryIO, TextIO

from .auction import AuctionError
from .cards import SEATS, parse_pbn_deal
from .codes import get_code
from .deal import score_deal
from .double_dummy import DD_STRAINS
from .errors import ScoringError
from .every_code import every_code
from .individuals import individual_standings
from .jsonio import (
    auction_from_json,
    deal_result_from_json,
    individual_contest_from_json,
    league_from_json,
    pair_contest_from_json,
    team_match_from_json,
)
from .league import league_standings, round_robin, swiss_draw
from .pairs import pair_standings
from .par import par
from .teams import score_team_match

DEAL_HELP = """\
Score deals.  Reads JSON Lines on standard input (one object per line) and
writes one JSON object per input line on standard output, in the same order.
Blank lines are skipped.  A field given as null is the same as a field left
out.  A field that cannot apply is refused, not ignored: declarer, tricks,
honours, revokes or revoke_penalty on PASS; revoke_penalty when no choice
arose (nobody revoked, declarer's side revoked, both sides did); honours
under Royalton; both honours and deal; an unknown field name.

Input fields (only "contract" is always required):
  id              any JSON value, echoed back
  code            "1915" (Whist Club 1915, default), "1913" (royal spades),
                  "royalton" (Hawley 1915)
  english_slams   true: the English slam rule (1913 only; little slam 50,
                  grand slam 100 instead of 20 and 40)
  english_bidding true: the English bidding rule (1913 only): the dealer may
                  pass (PASS: passed out, no score), spades are always royals
                  at 9 (S and RS mean the same), the lowest declaration is one
                  club, and Law 48's limit on the dealer's one spade is gone
  contract        "PASS" (all four passed: no score; not under 1913, whose
                  dealer must declare), or the level 1-7, the strain, an
                  optional R (a Royalton royal bid), then X (doubled) or XX
                  (redoubled): 4H  3NTX  2RS  3SRX  2NULLO  5CXX.  Strains:
                    1915      C 6, D 7, H 8, S 9, NT 10 a trick
                    1913      S 2 (plain spades: the dealer's weak one
                              spade), C 6, D 7, H 8, RS 9 (royal spades),
                              NT 10; with english_bidding S = RS = 9
                    Royalton  S C D H NT NULLO, all 10 a trick; R after the
                              strain makes a royal bid (3SR, 2NULLOR): still
                              10 a trick, but undertricks 100 (200 doubled,
                              400 redoubled); NULLO undertakes that the
                              opponents take 6 + level tricks
  declarer        N E S W (required unless PASS)
  tricks          tricks won in play by declarer's side, 0-13 (required
                  unless PASS).  On a nullo too these are declarer's side's
                  tricks: a 2NULLO is made when they take 5 or fewer
  dealer          N E S W (1913: the dealer's one spade, Law 48; a one-spade
                  contract by another player is refused)
  honours         {"N":n,"E":n,"S":n,"W":n}: how many trump honours (A K Q J
                  10; the aces at no trump) each player held; they must add
                  up to 5 (4 aces).  Left out, no honours are scored (the
                  app asks for them; here omitting them means none)
  deal            a PBN deal, "N:AKQJ.T98.. ...": honours are derived from it
  revokes         {"NS":n,"EW":n}: established revokes by each side (0-13)
  revoke_penalty  "points" or "tricks": declarer's choice when only the
                  defenders revoked; required then, except on a nullo (only
                  the points) and under Royalton when the defenders revoked
                  twice or more (Law 77(c): 100 each, no choice)
  penalties       [{"side":"NS"|"EW","points":n,"law":"..."}]: the side
                  named RECEIVES the points (positive, in its honour score)
  premium         true (default) or false: the duplicate premium of 125 to a
                  side whose trick score for the deal is 30 or more
                  (Royalton: 40, its game)
  board           the board number (for --every-code: contract bridge's
                  vulnerability by the standard rotation; default 1)

Output per line:
  {"id":..., "ns":{"trick":n,"honour":n}, "ew":{"trick":n,"honour":n},
   "net_ns":n, "items":[{"side":"NS","column":"honour","points":125,
   "reason":"duplicate premium, Duplicate Law A"}, ...]}
or, for a line that cannot be scored (bad JSON, bad values, anything):
  {"id":..., "error":"what is wrong"}   (id null when it cannot be found)

Invalid lines never stop the others.  Exit status: 0 when every line was
valid, 1 otherwise.

With --every-code each scored line also has "every_code": the same contract
(same trumps, level and doubles), tricks and honours under each code and under
duplicate contract bridge, [{"code":..., "contract":"4H", "net_ns":n,
"items":[...], "notes":[...]}, ...], or {"code":..., "unavailable":"why"}
where the contract does not exist there (a nullo outside Royalton).  Revoke
and director's penalties belong to their own code and are left out.

Example:
  echo '{"id":1,"contract":"4H","declarer":"S","tricks":10}' | python -m scoring deal
"""


FAULT = "an error in the scoring program itself, not in the input; please report it"


class _InputError(ValueError):
    """A JSON text this program refuses to read, with the reason in words."""


def _refuse_constant(name: str) -> Any:
    raise _InputError(f"{name} is not a number JSON allows")


def _read_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise _InputError(f"it holds a number of more than {_MAX_DIGITS:,} digits")
    return int(text)


def _read_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _InputError(f"the number {text[:20]} is too large")
    return value


_MAX_DIGITS = 4000  # below Python's 4,300-digit limit on reading integers


def load_json(text: str) -> Any:
    """Parse one JSON text strictly; raise ValueError with a director's reason.

    Refuses what Python's json module would take but JSON does not (NaN,
    Infinity), numbers too long or too large to hold, and nesting too deep
    to read.
    """
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, parse_int=_read_int, parse_float=_read_float
        )
    except _InputError:
        raise
    except json.JSONDecodeError as e:
        raise _InputError(f"{e.msg} (column {e.colno})") from None
    except RecursionError:
        raise _InputError("it is nested too deeply") from None


def _text(raw: str | bytes, first: bool) -> str:
    """A line as text: bytes must be UTF-8 (a byte-order mark on the first line is dropped)."""
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    return text.removeprefix("\ufeff") if first else text


def _deal_answer(obj: Any) -> dict:
    result, code = deal_result_from_json(obj)
    return score_deal(result, code).to_json()


def _every_code_answer(obj: Any) -> dict:
    """A deal's score, and the same result under every code (``deal --every-code``)."""
    result, code = deal_result_from_json(obj)
    out = score_deal(result, code).to_json()
    if not result.contract.is_pass:
        board = obj.get("board") or 1  # checked by deal_result_from_json
        out["every_code"] = [
            s.to_json()
            for s in every_code(
                str(result.contract),
                code,
                declarer=result.declarer or "N",
                tricks=result.tricks,
                board=board,
                dealer=result.dealer,
                honours=result.honours,
                deal=result.deal,
                had_penalties=bool(result.penalties or any(result.revokes.values())),
            )
        ]
    return out


_PAR_FIELDS = ("id", "deal", "code", "english_bidding", "english_slams", "board", "dealer", "dd")


def _par_answer(obj: Any) -> dict:
    """Par for one deal (``par``); double dummy solved unless the line gives "dd"."""
    if not isinstance(obj, dict):
        raise ScoringError('a par line is an object like {"deal": "N:AKQJ.AKQ.AKQ.AKQ ..."}')
    unknown = sorted(k for k in obj if k not in _PAR_FIELDS)
    if unknown:
        raise ScoringError(f"unknown field {unknown[0]!r}; the fields are {', '.join(_PAR_FIELDS)}")
    text = obj.get("deal")
    if not isinstance(text, str):
        raise ScoringError('"deal" is a full PBN deal, e.g. "N:AKQJ.AKQ.AKQ.AKQ ..."')
    deal = parse_pbn_deal(text)
    key = obj.get("code", "1915")
    options = {k: obj.get(k, False) for k in ("english_bidding", "english_slams")}
    if not isinstance(key, str) or any(type(v) is not bool for v in options.values()):
        raise ScoringError('code is "1915", "1913" or "royalton"; the options true or false')
    try:
        code = get_code(key, **options)
    except ValueError as e:
        raise ScoringError(str(e)) from None
    board = obj.get("board", 1)
    if type(board) is not int or board < 1:
        raise ScoringError(f"the board is a number from 1, not {board!r}"[:120])
    dealer = obj.get("dealer", SEATS[(board - 1) % 4])  # board 1 North, 2 East, ...
    if dealer not in SEATS:
        raise ScoringError(f"the dealer is N, E, S or W, not {dealer!r}"[:120])
    table = obj.get("dd")
    if table is None:
        from .double_dummy import dd_tricks  # the solver, only when no table is given

        table = dd_tricks(text)
    elif not (
        isinstance(table, dict)
        and set(table) == set(SEATS)
        and all(
            isinstance(row, dict)
            and all(type(row.get(s)) is int and 0 <= row[s] <= 13 for s in DD_STRAINS)
            for row in table.values()
        )
    ):
        raise ScoringError('"dd" is {seat: {strain: tricks}} for N E S W and C D H S NT')
    return {"par": par(code, deal, table, dealer).to_json(), "dealer": dealer}


def _auction_answer(obj: Any) -> dict:
    try:
        auction, nullo_to_partner, ruled = auction_from_json(obj)
    except AuctionError as e:
        out: dict[str, Any] = {"call": e.call, "error": str(e)}
        if e.kind:
            out["irregularity"] = e.kind
        return out
    answer = auction.to_json(nullo_to_partner=nullo_to_partner)
    if ruled:
        # The penalties as the deal command reads them ("penalties" of a deal line).
        answer["rulings"] = [{"ruling": r.summary, "law": r.option.law} for r in ruled]
        answer["penalties"] = [
            {"side": r.penalty.side, "points": r.penalty.points, "law": r.penalty.law}
            for r in ruled
            if r.penalty
        ]
        answer["bars"] = auction.bar_notes()
    return answer


def _deal_line(raw: str | bytes, lineno: int, answer: Callable[[Any], dict] = _deal_answer) -> dict:
    """The answer to one input line (a deal scored, an auction checked), or an error with
    the id if found."""
    try:
        text = _text(raw, lineno == 1)
    except UnicodeDecodeError as e:
        # Find the id if the rest of the line reads; the error names the bad byte.
        guess = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else ""
        try:
            obj = load_json(guess)
        except ValueError:
            obj = None
        ident = obj.get("id") if isinstance(obj, dict) else None
        return {
            "id": ident,
            "error": f"line {lineno} is not UTF-8 text (byte {e.start + 1} cannot be read)",
        }
    try:
        obj = load_json(text)
    except ValueError as e:
        return {"id": None, "error": f"line {lineno} is not valid JSON: {e}"}
    ident = obj.get("id") if isinstance(obj, dict) else None
    try:
        return {"id": ident, **answer(obj)}
    except ScoringError as e:
        return {"id": ident, "error": str(e)}
    except RecursionError:
        return {"id": None, "error": f"line {lineno} is nested too deeply to read"}
    except Exception as e:  # a fault in this program: say so, and answer the other lines
        return {"id": None, "error": f"line {lineno} could not be scored: {FAULT} ({e!r:.80})"}


def run_deal(
    stdin: Iterable[str | bytes], stdout: TextIO, answer: Callable[[Any], dict] = _deal_answer
) -> int:
    """Answer each JSON line of ``stdin`` (text or bytes); return the exit status."""
    status = 0
    for lineno, raw in enumerate(stdin, 1):
        if not raw.strip():
            continue
        out = _deal_line(raw, lineno, answer)
        try:
            line = json.dumps(out, allow_nan=False)
        except (ValueError, RecursionError):
            out = {"id": None, "error": f"line {lineno}: its id cannot be written back as JSON"}
            line = json.dumps(out)
        if "error" in out:
            status = 1
        stdout.write(line + "\n")
    stdout.flush()
    return status


PAIRS_HELP = """\
Compare a pair contest (Duplicate Law H, or matchpoints).  Reads one JSON
object on standard input:

  {"method": "total" | "matchpoints",
   "results": [{"board": 1, "ns": "1", "ew": "4", "net_ns": 120}, ...]}

A result may carry "adjusted" instead of net_ns: "average", "ns-lowest" or
"ew-lowest", the Law B artificial scores for that table, computed from the
other tables' scores on the board.  An artificial score is refused on a board
played at only two tables: there Duplicate Law B(3) orders a new deal.  When the
results are only those entered so far, "tables": {"1": 4, ...} says how many
tables the contest plays each board at: the two-table rule asks that, and a
board whose only lines are artificial scores waits for its first real score.
The director's adjusted scores: "not-played"
(compared like an absent table); an award to each side, "plus/minus",
"average/average", "minus/minus", ... (average-plus, average, average-minus,
worth what "adjusted_values" says: {"plus_percent": 60, "minus_percent": 40,
"points": 50} by default); "weighted" with "weights": [["1/3", 120],
["2/3", -50]].  A fouled board's lines carry "version": 2 (default 1); each
version is compared within itself.
Pair labels are text or numbers; numbered pairs are listed first by number,
then team pairs (A1, A2, B1), then any other label.

Writes {"pairs": [{"pair": "1", "direction": "NS", "score": "-203/3",
"display": "-68", "rank": "3", "boards": 3}, ...]}: "score" exact (an integer
or "p/q"), "display" rounded (whole points; matchpoints to two decimals, with
"percent" too), "rank" with ties as "2=".  Pairs that keep one direction are
ranked per direction (a Mitchell); if any pair plays both ways, one field
("direction": null).

Bad input (not JSON, not UTF-8, an unknown field, a value of the wrong kind):
a message on standard error naming the result, exit status 2, nothing on
standard output.
"""

INDIVIDUALS_HELP = """\
Compare an individual contest: each player an entry, credited with his
partnership's score on each board (docs/laws/duplicate.md, "Individuals").
Reads one JSON object on standard input:

  {"method": "total" | "matchpoints",
   "results": [{"board": 1, "n": "1", "e": "2", "s": "3", "w": "4",
                "net_ns": 120}, ...]}

"n", "e", "s", "w": the players who sat North, East, South and West (text or
numbers; four different players at a table, a player once on a board).  The
net score, "adjusted", "weights", "version", "tables" and "adjusted_values"
are read as the pairs command reads them; a Law B artificial score or an
adjusted score goes to both players of the partnership at that table.

Writes {"players": [{"player": "4", "score": "70", "display": "70",
"rank": "1=", "boards": 4}, ...]}: one field, best first, "score" exact,
"display" rounded (matchpoints to two decimals, with "percent"), ties as "2=".

Bad input: a message on standard error naming the result, exit status 2,
nothing on standard output.
"""

PAR_HELP = """\
Par for deals under a code (the docs' laws pages, "Par under the event's code"): the
contract at which neither side gains by bidding on, doubled sacrifices and
honours included.  Reads JSON Lines, one deal a line:

  {"id": 1, "deal": "N:AKQJ.T98.765.432 T98.AKQJ.432.765 ...", "code": "1915",
   "english_bidding": false, "english_slams": false, "board": 1, "dealer": "N",
   "dd": {"N": {"C": 7, "D": 6, "H": 7, "S": 8, "NT": 6}, ...}}

"deal" is required; the dealer defaults to the board's (1 N, 2 E, 3 S, 4 W);
"dd" gives the double-dummy table and skips the solver.  Writes
{"id": 1, "par": {"score": 36, "contract": "2HX", "declarer": "E",
"tricks": 7}, "dealer": "N"}: "score" is North-South's net score.
"""

AUCTION_HELP = """\
Check auctions call by call.  Reads JSON Lines on standard input (one auction
a line) and writes one JSON object per input line, in the same order.

Input fields ("dealer" and "calls" required):
  id                any JSON value, echoed back
  code              "1915" (default), "1913", "royalton"
  english_bidding   true: the 1913 English bidding rule (the dealer may pass,
                    spades always royal, the lowest declaration one club)
  dealer            N E S W: the first to call
  calls             the calls from the dealer on: P or PASS (Royalton's "no
                    bid"), X (double), XX (redouble), or a declaration in the
                    code's notation without doubles: 1H 2RS 3NT 3SR 2NULLO
  nullo_to_partner  true: a Royalton nullo declarant hands the play to his
                    partner (Law 34); "plays" says who plays

Among the calls, a director's ruling on an irregularity, at the moment it was
made (the rulings guide, scoring/rulings.py):
  {"ruling": "pass-out-of-turn", "option": "order", "offender": "W", "call": "P"}
"ruling" is one of out-of-turn, pass-out-of-turn, insufficient, impossible,
double-partner, redouble-twice, barred, information, and exposed (1913, 1915),
changed and royal (Royalton); "call" is the call as it was said ("1C", "8S").

Output, one of:
  {"id": ..., "final": true, "contract": "2HX", "declarer": "N"}
  {"id": ..., "final": true, "contract": "PASS", "declarer": null}
  {"id": ..., "final": false, "to_call": "E", "contract": "2H" or null}
  {"id": ..., "call": 3, "error": "<what is wrong, citing the law>",
   "irregularity": "insufficient"}
With rulings, also "rulings" (each ruling and its law), "penalties" (as the
deal command reads them: {"side": "NS", "points": 50, "law": "Duplicate Law
F"}) and "bars" (who may not declare or double, and until when).
"call" counts the entries of "calls" from 1: the first the code does not
allow (its irregularity named for the rulings guide), or a ruling that does
not fit the auction.  Sufficiency is the code's own: 1915 by rank (Law 45),
1913 by value in points (Law 44: "three spades" beats "one club"; Law 53:
"three clubs" beats "two royal spades" doubled), Royalton by level with a
royal bid above every plain bid of its level, and a royal only of the last
declaration's number of tricks (Law 32).  A line that is not an auction (bad
JSON, an unknown field) gets an error with exit status 1; the other lines are
still answered.
"""

TEAMS_HELP = """\
Score a team match (Duplicate Law G).  Reads one JSON object on standard input:

  {"tables": [{"table": 1, "ns": "A", "ew": "B"}, ...],
   "results": [{"board": 1, "table": 1, "net_ns": 50}, ...]}

Every board must be played at every table (or carry "adjusted": "average",
"ns-lowest" or "ew-lowest" instead of net_ns; never in a two-table match,
where Duplicate Law B(3) orders a new deal).  With an odd number of pairs a
team, each team adds the average of the direction opposite its odd pair.
Writes {"teams": {"A": {"score": "-280/3", "rounded": -93, ...}, "B": {...}},
"winner": "B" | null, "margin": "560/3", "by_fraction": false}.

Bad input (not JSON, not UTF-8, an unknown field, a value of the wrong kind):
a message on standard error naming what is wrong, exit status 2, nothing on
standard output.
"""


def _run_object(
    stdin: TextIO | BinaryIO, stdout: TextIO, stderr: TextIO, compute: Callable[[Any], dict]
) -> int:
    """Read one JSON object, compute, print; on bad input explain on stderr, exit 2."""
    try:
        text = _text(stdin.read(), True)
    except UnicodeDecodeError as e:
        stderr.write(f"error: the input is not UTF-8 text (byte {e.start + 1} cannot be read)\n")
        return 2
    try:
        obj = load_json(text)
    except ValueError as e:
        stderr.write(f"error: the input is not valid JSON: {e}\n")
        return 2
    try:
        out = json.dumps(compute(obj), allow_nan=False)
    except ScoringError as e:
        stderr.write(f"error: {e}\n")
        return 2
    except RecursionError:
        stderr.write("error: the input is nested too deeply to read\n")
        return 2
    except Exception as e:  # a fault in this program: say so rather than print a traceback
        stderr.write(f"error: {FAULT} ({e!r:.80})\n")
        return 2
    stdout.write(out + "\n")
    return 0


def run_pairs(stdin: TextIO | BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Compare a pair contest read from ``stdin``; return the exit status (0, or 2)."""

    def compute(obj: Any) -> dict:
        method, results, values = pair_contest_from_json(obj)
        tables = _tables_from_json(obj)
        standings = pair_standings(results, method, values, tables=tables)
        return {"pairs": [s.to_json() for s in standings]}

    return _run_object(stdin, stdout, stderr, compute)


def run_individuals(stdin: TextIO | BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Compare an individual contest read from ``stdin``; return the exit status (0, or 2)."""

    def compute(obj: Any) -> dict:
        method, results, values = individual_contest_from_json(obj)
        tables = _tables_from_json(obj)
        standings = individual_standings(results, method, values, tables=tables)
        return {"players": [s.to_json() for s in standings]}

    return _run_object(stdin, stdout, stderr, compute)


def _tables_from_json(obj: Any) -> dict[int, int] | None:
    """``"tables": {"1": 4, ...}``: how many tables the contest plays each board at, when
    the results are only those entered so far (Law B(3) asks the contest's size)."""
    raw = obj.get("tables") if isinstance(obj, dict) else None
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ScoringError('"tables" is an object: {"board number": how many tables play it}')
    out: dict[int, int] = {}
    for key, count in raw.items():
        board = int(key) if isinstance(key, str) and key.isdigit() else 0
        if board < 1:
            raise ScoringError(f'"tables": {key!r} is not a board number')
        if type(count) is not int or count < 1:
            raise ScoringError(
                f'"tables": board {board} is played at a whole number of tables, not {count!r}'
            )
        out[board] = count
    return out


def run_teams(stdin: TextIO | BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Score a team match read from ``stdin``; return the exit status (0, or 2)."""

    def compute(obj: Any) -> dict:
        tables, results = team_match_from_json(obj)
        return score_team_match(tables, results).to_json()

    return _run_object(stdin, stdout, stderr, compute)


LEAGUE_HELP = """\
A team event of many teams: each meeting
a Law G match.  Reads one JSON object on standard input:

  {"teams": ["Hawks", "Owls", "Larks", "Wrens"],
   "matches": [{"round": 1, "team": "Hawks", "opponent": "Owls", "points": 120,
                "opponent_points": "191/2", "winner": "Hawks"},
               {"round": 1, "team": "Larks", "opponent": null}, ...],
   "next": "round-robin" | "swiss" | null}

Each meeting once (either team's view), its exact Law G points (a whole number
or "p/q") and its winner (null: a tie; left out: the team with more points);
a winner the points contradict is refused (Law G: the team with more points
wins, equal exact totals tie); "opponent": null is a bye.  Writes
{"standings": [{"team", "played", "won", "tied", "lost", "byes", "matches",
"margin", "margin_display", "rank"}, ...]} (matches won: a win 1, a tie or a
bye 1/2; then the exact total margin), and with "next": "round-robin" every
round of a round robin ("rounds": [[["Hawks", "Wrens"], ...], ...], a bye as
[team, null]), with "swiss" the next Swiss round ("draw"), pairing teams with
similar records and never two that have met.
"""


def run_league(stdin: TextIO | BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Standings and the next draw of a team event; return the exit status (0, or 2)."""

    def compute(obj: Any) -> dict:
        teams, matches, nxt = league_from_json(obj)
        rows = league_standings(teams, [m for _, m in matches])
        out: dict[str, Any] = {"standings": [r.to_json() for r in rows]}
        if nxt == "round-robin":
            out["rounds"] = [[list(p) for p in meetings] for meetings in round_robin(teams)]
        elif nxt == "swiss":
            met = {(m.team, m.opponent) for _, m in matches if m.opponent is not None}
            byes = [m.team for _, m in matches if m.opponent is None]
            ranking = [r.team for r in rows] if matches else list(teams)
            out["draw"] = [list(p) for p in swiss_draw(teams, ranking, met, byes)]
        return out

    return _run_object(stdin, stdout, stderr, compute)


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | BinaryIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """The command line; the streams default to the process's own (for tests, pass StringIO).

    Standard input is read as bytes, so a line that is not UTF-8 is answered
    like any other bad line instead of stopping the program.
    """
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description="Duplicate Auction Bridge scoring by the 1915, 1913 and Royalton laws.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    deal = sub.add_parser(
        "deal",
        help="score deals (JSON Lines in, JSON Lines out)",
        description=DEAL_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    deal.add_argument(
        "--every-code",
        action="store_true",
        help='add "every_code": the same result under 1915, 1913 (plain and with the English '
        "rules), Royalton and duplicate contract bridge (vulnerability from an optional "
        '"board" field, default 1)',
    )
    sub.add_parser(
        "par",
        help="the par of deals under a code (JSON Lines in, JSON Lines out)",
        description=PAR_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub.add_parser(
        "auction",
        help="check auctions call by call (JSON Lines in, JSON Lines out)",
        description=AUCTION_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for name, text, short in (
        ("pairs", PAIRS_HELP, "compare a pair contest (Law H or matchpoints)"),
        ("individuals", INDIVIDUALS_HELP, "compare an individual contest, player by player"),
        ("teams", TEAMS_HELP, "score a team match (Law G)"),
        ("league", LEAGUE_HELP, "standings and draws of a team event of many teams"),
    ):
        sub.add_parser(
            name,
            help=short,
            description=text,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    args = parser.parse_args(argv)
    if stdin is None:
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if args.command == "deal":
        return run_deal(stdin, stdout, _every_code_answer if args.every_code else _deal_answer)
    if args.command == "par":
        return run_deal(stdin, stdout, _par_answer)
    if args.command == "auction":
        return run_deal(stdin, stdout, _auction_answer)
    if args.command == "pairs":
        return run_pairs(stdin, stdout, stderr)
    if args.command == "individuals":
        return run_individuals(stdin, stdout, stderr)
    if args.command == "teams":
        return run_teams(stdin, stdout, stderr)
    if args.command == "league":
        return run_league(stdin, stdout, stderr)
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
