"""Reading scoring input from JSON objects, with errors a director understands.

Shared by the command line and by anything else that accepts JSON (the
tablet's API, imports).  Each reader raises :class:`ScoringError` naming
the field at fault; none of them prints.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from fractions import Fraction
from typing import Any

from .adjusted import (
    NOT_PLAYED,
    WEIGHTED,
    AdjustedValues,
    Weights,
    is_director_adjustment,
    parse_weights,
)
from .auction import Auction, AuctionError
from .cards import DealError, parse_pbn_deal
from .codes import Code, get_code
from .contract import parse_contract
from .deal import DealResult, Penalty
from .errors import ScoringError, short_repr
from .individuals import IndividualResult
from .irregular import ADJUSTMENTS
from .league import LeagueMatch, match_winner
from .pairs import METHODS, BoardResult
from .rulings import Ruled
from .rulings import apply as apply_ruling
from .teams import TableSeating, TeamBoardResult

__all__ = [
    "deal_result_from_json",
    "individual_contest_from_json",
    "league_from_json",
    "pair_contest_from_json",
    "team_match_from_json",
]

_DEAL_FIELDS = (
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
    "board",  # read by deal --every-code (contract bridge's vulnerability)
)
_PENALTY_FIELDS = ("side", "points", "law")


def _unknown(obj: dict, known: tuple[str, ...], where: str) -> None:
    unknown = [k for k in obj if k not in known]
    if unknown:
        names = ", ".join(short_repr(k)[1:-1] for k in sorted(unknown)[:5])
        word = "field" if len(unknown) == 1 else "fields"
        raise ScoringError(f"{where}unknown {word} {names}; the fields are {', '.join(known)}")


def _seat(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value.strip().upper() not in ("N", "E", "S", "W"):
        raise ScoringError(f"{what} must be a seat, N, E, S or W, not {short_repr(value)}")
    return value.strip().upper()


def _flag(obj: dict, name: str, default: bool) -> bool:
    value = obj.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise ScoringError(f"{name} is true or false, not {short_repr(value)}")
    return value


def _per_key(value: Any, what: str, example: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScoringError(
            f"{what} are given as an object, e.g. {example}, not {short_repr(value)}"
        )
    return {k.strip().upper(): v for k, v in value.items()}


def _penalty(p: Any) -> Penalty:
    example = '{"side": "NS", "points": 50, "law": "Law 54"}'
    if not isinstance(p, dict) or "side" not in p or "points" not in p:
        raise ScoringError(
            f"each penalty needs a side and points, e.g. {example}; got {short_repr(p)}"
        )
    _unknown(p, _PENALTY_FIELDS, "a penalty has ")
    side, points, law = p["side"], p["points"], p.get("law", "")
    if not isinstance(side, str):
        raise ScoringError(f'a penalty goes to a side, "NS" or "EW", not {short_repr(side)}')
    if law is None:
        law = ""
    if not isinstance(law, str):
        raise ScoringError(
            f'a penalty\'s law is written as text, e.g. "Law 54", not {short_repr(law)}'
        )
    return Penalty(side.strip().upper(), points, law.strip())


def _code_of(obj: dict) -> Code:
    key = obj.get("code")
    if key is None:
        key = "1915"
    if not isinstance(key, str):
        raise ScoringError(
            f'code is "1915", "1913" or "royalton", written as text, not {short_repr(key)}'
        )
    try:
        return get_code(
            key,
            english_slams=_flag(obj, "english_slams", False),
            english_bidding=_flag(obj, "english_bidding", False),
        )
    except ValueError as e:
        raise ScoringError(str(e)) from None


_AUCTION_FIELDS = ("id", "code", "english_bidding", "dealer", "calls", "nullo_to_partner")


_RULING_FIELDS = ("ruling", "option", "offender", "call")


def auction_from_json(obj: Any) -> tuple[Auction, bool, list[Ruled]]:
    """Replay one input object of ``python -m scoring auction``: its calls, and the
    director's rulings among them; an :class:`~scoring.auction.AuctionError` names the
    first entry of "calls" refused (counting from 1)."""
    if not isinstance(obj, dict):
        raise ScoringError(
            'each line must be a JSON object such as {"dealer": "N", "calls": ["1H", "P", '
            f'"P", "P"]}}, not {short_repr(obj)}'
        )
    _unknown(obj, _AUCTION_FIELDS, "")
    code = _code_of(obj)
    dealer = _seat(obj.get("dealer"), "the dealer")
    if dealer is None:
        raise ScoringError('the dealer is missing, e.g. "dealer": "N"')
    calls = obj.get("calls")
    if not isinstance(calls, list):
        raise ScoringError(
            f'the calls are a list, e.g. "calls": ["1H", "P", "2H", "X"], not {short_repr(calls)}'
        )
    if len(calls) > 320:  # 35 declarations, each doubled and redoubled, with passes between
        raise ScoringError(f"an auction has at most 320 calls, not {len(calls)}")
    auction = Auction(code, dealer)
    ruled: list[Ruled] = []
    for n, entry in enumerate(calls, 1):
        try:
            if isinstance(entry, dict):
                ruled.append(_ruling(auction, entry))
            else:
                auction.add(entry)
        except AuctionError as e:
            raise AuctionError(str(e), n, e.kind) from None
        except ScoringError as e:
            raise AuctionError(str(e), n) from None
    return auction, _flag(obj, "nullo_to_partner", False), ruled


def _ruling(auction: Auction, entry: dict) -> Ruled:
    """One director's ruling in an auction line: {"ruling": "pass-out-of-turn", "option":
    "order", "offender": "W", "call": "P"}."""
    _unknown(entry, _RULING_FIELDS, "a ruling has ")
    texts = {k: entry.get(k, "") for k in _RULING_FIELDS}
    if not all(isinstance(v, str) for v in texts.values()):
        raise ScoringError(
            'a ruling\'s fields are text: {"ruling": "insufficient", "option": "sufficient", '
            '"offender": "E", "call": "1C"}'
        )
    return apply_ruling(
        auction,
        texts["ruling"],
        texts["option"],
        texts["offender"].strip().upper(),
        texts["call"],
    )


def deal_result_from_json(obj: Any) -> tuple[DealResult, Code]:
    """Turn one input object of ``python -m scoring deal`` into a result and its code.

    A field given as ``null`` is the same as a field left out.  A field that
    cannot apply is refused, not ignored: ``declarer`` or ``tricks`` on a
    passed-out deal (here), the rest by :func:`scoring.deal.score_deal`.
    """
    if not isinstance(obj, dict):
        raise ScoringError(
            'each line must be a JSON object such as {"contract": "4H", "declarer": "S", '
            f'"tricks": 10}}, not {short_repr(obj)}'
        )
    _unknown(obj, _DEAL_FIELDS, "")
    code = _code_of(obj)
    board = obj.get("board")
    if board is not None and (isinstance(board, bool) or not isinstance(board, int) or board < 1):
        raise ScoringError(f"the board is a number from 1, not {short_repr(board)}")
    if obj.get("contract") is None:
        raise ScoringError(f'the contract is missing, e.g. "contract": "4H" ({code.notation_hint})')
    contract = parse_contract(obj["contract"], code)
    declarer = _seat(obj.get("declarer"), "the declarer")
    dealer = _seat(obj.get("dealer"), "the dealer")
    tricks = obj.get("tricks")
    if contract.is_pass:
        given = [f for f in ("declarer", "tricks") if obj.get(f) is not None]
        if given:
            raise ScoringError(
                f"a passed-out deal is not played, so it has no {' and no '.join(given)}: "
                f"leave {'it' if len(given) == 1 else 'them'} out"
            )
        tricks = 0
    elif tricks is None:
        raise ScoringError("the number of tricks won by declarer's side is missing")
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise ScoringError(
            f"tricks (won by declarer's side) must be a whole number from 0 to 13, "
            f"not {short_repr(tricks)}"
        )
    honours = obj.get("honours")
    if honours is not None:
        honours = _per_key(honours, "honours", '{"N": 2, "E": 0, "S": 1, "W": 2}')
    deal = None
    if obj.get("deal") is not None:
        try:
            deal = parse_pbn_deal(obj["deal"])
        except DealError as e:
            raise ScoringError(f"the deal is wrong: {e}") from None
        if honours is not None:
            raise ScoringError("give either the deal or the honours, not both")
    revokes = obj.get("revokes")
    revokes = {} if revokes is None else _per_key(revokes, "revokes", '{"NS": 0, "EW": 1}')
    raw_pens = obj.get("penalties")
    if raw_pens is None:
        raw_pens = []
    if not isinstance(raw_pens, list):
        raise ScoringError(
            'penalties are a list, e.g. [{"side": "NS", "points": 50, "law": "Law 54"}]'
        )
    penalties = tuple(_penalty(p) for p in raw_pens)
    choice = obj.get("revoke_penalty")
    if choice is not None and not isinstance(choice, str):
        raise ScoringError(f'revoke_penalty is "points" or "tricks", not {short_repr(choice)}')
    result = DealResult(
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        dealer=dealer,
        honours=honours,
        deal=deal,
        revokes=revokes,
        revoke_penalty=choice.strip().lower() if choice is not None else None,
        penalties=penalties,
        premium=_flag(obj, "premium", True),
    )
    return result, code


_PAIRS_FIELDS = ("method", "results", "adjusted_values", "tables")
_PAIR_RESULT_FIELDS = ("board", "ns", "ew", "net_ns", "adjusted", "weights", "version")
_INDIVIDUAL_RESULT_FIELDS = (
    "board",
    "n",
    "e",
    "s",
    "w",
    "net_ns",
    "adjusted",
    "weights",
    "version",
)
_VALUES_FIELDS = ("plus_percent", "minus_percent", "points")
_TEAMS_FIELDS = ("tables", "results")
_TABLE_FIELDS = ("table", "ns", "ew")
_TEAM_RESULT_FIELDS = ("board", "table", "net_ns", "adjusted")


def _pair_id(value: Any, where: str, what: str) -> str:
    return _label(value, where, f"{what} pair")


def _label(value: Any, where: str, what: str) -> str:
    """An entry's label (a pair's, a player's): text or a number, one line."""
    if value is None:
        raise ScoringError(f"{where}: the {what} is missing")
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).strip() == "":
        raise ScoringError(
            f"{where}: the {what} is named by text or a number, not {short_repr(value)}"
        )
    label = str(value).strip()
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in label):
        raise ScoringError(
            f"{where}: the {what}'s name {short_repr(label)} holds a control character; "
            "a name is one line of text"
        )
    return label


def _whole(value: Any, where: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(f"{where}: {what} must be a whole number, not {short_repr(value)}")
    return value


def _net_or_adjusted(r: dict, where: str, director: bool = False) -> tuple[int | None, str | None]:
    """The line's net score or its adjustment: Law B's, and with ``director`` the
    director's adjusted scores too (:mod:`scoring.adjusted`)."""
    adjusted = r.get("adjusted")
    if adjusted is not None:
        if r.get("net_ns") is not None:
            raise ScoringError(f"{where}: give either net_ns or adjusted, not both")
        if director and isinstance(adjusted, str) and is_director_adjustment(adjusted):
            return None, adjusted
        if director and adjusted not in ADJUSTMENTS:
            raise ScoringError(
                f"{where}: adjusted must be one of {', '.join(ADJUSTMENTS)}, "
                f'"{NOT_PLAYED}", "{WEIGHTED}" or an award like "plus/minus" '
                f"(plus, average or minus for each side), not {short_repr(adjusted)}"
            )
        if adjusted not in ADJUSTMENTS:
            raise ScoringError(
                f"{where}: adjusted must be one of {', '.join(ADJUSTMENTS)}, "
                f"not {short_repr(adjusted)}"
            )
        return None, adjusted
    if r.get("net_ns") is None:
        raise ScoringError(f"{where}: net_ns (or adjusted) is missing")
    return _whole(r["net_ns"], where, "net_ns"), None


def _adjusted_values(obj: Any) -> AdjustedValues:
    if obj is None:
        return AdjustedValues()
    if not isinstance(obj, dict):
        raise ScoringError(
            'adjusted_values is an object: {"plus_percent": 60, "minus_percent": 40, "points": 50}'
        )
    _unknown(obj, _VALUES_FIELDS, "adjusted_values has ")
    return AdjustedValues(**obj)


def _weights(r: dict, adjusted: str | None, where: str) -> Weights | None:
    raw = r.get("weights")
    if adjusted != WEIGHTED:
        if raw is not None:
            raise ScoringError(f'{where}: weights go only with "adjusted": "{WEIGHTED}"')
        return None
    if not isinstance(raw, list):
        raise ScoringError(
            f'{where}: a weighted score lists its parts: "weights": [["1/3", 120], ["2/3", -50]]'
        )
    try:
        return parse_weights(raw)
    except ScoringError as e:
        raise ScoringError(f"{where}: {e}") from None


def pair_contest_from_json(obj: Any) -> tuple[str, list[BoardResult], AdjustedValues]:
    """The input of ``python -m scoring pairs``: the method, every traveller line and
    what the director's average-plus and average-minus are worth."""
    method, raw = _contest_lines(obj, _PAIRS_FIELDS, "ns, ew")
    results = []
    for i, r in enumerate(raw, 1):
        _unknown(r, _PAIR_RESULT_FIELDS, f"result {i} has ")
        board, where = _board_of(r, i)
        ns = _pair_id(r.get("ns"), where, "North-South")
        ew = _pair_id(r.get("ew"), where, "East-West")
        results.append(BoardResult(board, ns, ew, *_line_score(r, where)))
    return method, results, _adjusted_values(obj.get("adjusted_values"))


def individual_contest_from_json(
    obj: Any,
) -> tuple[str, list[IndividualResult], AdjustedValues]:
    """The input of ``python -m scoring individuals``: the method, every traveller line
    with the four players' labels, and what average-plus and average-minus are worth."""
    method, raw = _contest_lines(obj, _PAIRS_FIELDS, "n, e, s, w")
    results = []
    for i, r in enumerate(raw, 1):
        _unknown(r, _INDIVIDUAL_RESULT_FIELDS, f"result {i} has ")
        board, where = _board_of(r, i)
        n, e, s, w = (_label(r.get(seat), where, f"{name} player") for seat, name in _SEAT_NAMES)
        results.append(IndividualResult(board, n, e, s, w, *_line_score(r, where)))
    return method, results, _adjusted_values(obj.get("adjusted_values"))


_SEAT_NAMES = (("n", "North"), ("e", "East"), ("s", "South"), ("w", "West"))


def _contest_lines(obj: Any, fields: tuple[str, ...], who: str) -> tuple[str, list[dict]]:
    """A pair or individual contest's method and its lines, each an object."""
    if not isinstance(obj, dict):
        raise ScoringError('the input is one JSON object: {"method": "total", "results": [...]}')
    _unknown(obj, fields, "the input has ")
    method = obj.get("method", "total")
    if method not in METHODS:
        raise ScoringError(f'method is "total" or "matchpoints", not {short_repr(method)}')
    raw = obj.get("results")
    if not isinstance(raw, list) or not raw:
        raise ScoringError('"results" must be a non-empty list of traveller lines')
    for i, r in enumerate(raw, 1):
        if not isinstance(r, dict):
            raise ScoringError(f"result {i}: each result is an object with board, {who}, net_ns")
    return method, raw


def _board_of(r: dict, i: int) -> tuple[int, str]:
    """A line's board number, and the words that name the line in a message."""
    board = _whole(r.get("board"), f"result {i}", "board")
    return board, f"result {i} (board {short_repr(board)})"


def _line_score(r: dict, where: str) -> tuple[int | None, str | None, Weights | None, int]:
    """A line's net score or adjustment, its weights and its version (a fouled board's)."""
    net, adjusted = _net_or_adjusted(r, where, director=True)
    weights = _weights(r, adjusted, where)
    version = _whole(r.get("version", 1), where, "version")
    if version < 1:
        raise ScoringError(f"{where}: the version of a fouled board counts from 1")
    return net, adjusted, weights, version


def team_match_from_json(obj: Any) -> tuple[list[TableSeating], list[TeamBoardResult]]:
    """The input of ``python -m scoring teams``: the seating and every board's result."""
    if not isinstance(obj, dict):
        raise ScoringError('the input is one JSON object: {"tables": [...], "results": [...]}')
    _unknown(obj, _TEAMS_FIELDS, "the input has ")
    raw_tables = obj.get("tables")
    if not isinstance(raw_tables, list) or not raw_tables:
        raise ScoringError('"tables" must list each table: {"table": 1, "ns": "A", "ew": "B"}')
    tables = []
    for i, t in enumerate(raw_tables, 1):
        where = f"table entry {i}"
        if not isinstance(t, dict):
            raise ScoringError(f'{where}: write {{"table": 1, "ns": "A", "ew": "B"}}')
        _unknown(t, _TABLE_FIELDS, f"{where} has ")
        number = _whole(t.get("table"), where, "table")
        tables.append(
            TableSeating(
                number,
                _pair_id(t.get("ns"), f"table {short_repr(number)}", "North-South team's"),
                _pair_id(t.get("ew"), f"table {short_repr(number)}", "East-West team's"),
            )
        )
    raw = obj.get("results")
    if not isinstance(raw, list) or not raw:
        raise ScoringError(
            '"results" must be a non-empty list: {"board": 1, "table": 1, "net_ns": 50}'
        )
    results = []
    for i, r in enumerate(raw, 1):
        where = f"result {i}"
        if not isinstance(r, dict):
            raise ScoringError(f"{where}: each result is an object with board, table, net_ns")
        _unknown(r, _TEAM_RESULT_FIELDS, f"{where} has ")
        board = _whole(r.get("board"), where, "board")
        table = _whole(r.get("table"), where, "table")
        net, adjusted = _net_or_adjusted(
            r, f"result {i} (board {short_repr(board)}, table {short_repr(table)})"
        )
        results.append(TeamBoardResult(board, table, net, adjusted))
    return tables, results


_LEAGUE_FIELDS = ("teams", "matches", "next")
_LEAGUE_MATCH_FIELDS = ("round", "team", "opponent", "points", "opponent_points", "winner")


def _exact_points(value: Any, where: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ScoringError(f'{where}: points are a whole number or text like "301/2"')
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ScoringError(f"{where}: {short_repr(value)} is not a number of points") from None


def league_from_json(obj: Any) -> tuple[list[str], list[tuple[int, LeagueMatch]], str | None]:
    """The input of ``python -m scoring league``: the teams, the meetings so far (with
    their round) and what to draw next ("round-robin", "swiss" or none)."""
    if not isinstance(obj, dict):
        raise ScoringError('the input is one JSON object: {"teams": [...], "matches": [...]}')
    _unknown(obj, _LEAGUE_FIELDS, "the input has ")
    teams = obj.get("teams")
    if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
        raise ScoringError('"teams" must list the teams by name')
    nxt = obj.get("next")
    if nxt not in (None, "round-robin", "swiss"):
        raise ScoringError(f'next is "round-robin" or "swiss", not {short_repr(nxt)}')
    raw = obj.get("matches", [])
    if not isinstance(raw, list):
        raise ScoringError('"matches" must be a list of meetings')
    out = []
    for i, m in enumerate(raw, 1):
        where = f"match {i}"
        if not isinstance(m, dict):
            raise ScoringError(f"{where}: each match is an object with round, team, opponent")
        _unknown(m, _LEAGUE_MATCH_FIELDS, f"{where} has ")
        rnd = _whole(m.get("round", 1), where, "round")
        team, opp = m.get("team"), m.get("opponent")
        if not isinstance(team, str) or (opp is not None and not isinstance(opp, str)):
            raise ScoringError(f"{where}: team and opponent are team names (opponent null: a bye)")
        winner = m.get("winner")
        if winner is not None and not isinstance(winner, str):
            raise ScoringError(f"{where}: the winner is a team's name, or null for a tie")
        points = _exact_points(m.get("points", 0), where)
        against = _exact_points(m.get("opponent_points", 0), where)
        match = LeagueMatch(team, opp, points, against, winner)
        if opp is not None and "winner" not in m:  # left out: Law G's, from the points
            match = replace(match, winner=match_winner(match))
        out.append((rnd, match))
    return teams, out, nxt
