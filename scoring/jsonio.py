"""Reading scoring input from JSON objects, with errors a director understands.

Shared by the command line and by anything else that accepts JSON (the
tablet's API, imports).  Each reader raises :class:`ScoringError` naming
the field at fault; none of them prints.
"""

from __future__ import annotations

from typing import Any

from .cards import DealError, parse_pbn_deal
from .codes import Code, get_code
from .contract import parse_contract
from .deal import DealResult, Penalty
from .errors import ScoringError
from .pairs import METHODS, BoardResult
from .teams import TableSeating, TeamBoardResult

__all__ = ["deal_result_from_json", "pair_contest_from_json", "team_match_from_json"]

_DEAL_FIELDS = {
    "id",
    "code",
    "english_slams",
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
}


def _seat(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value.strip().upper() not in ("N", "E", "S", "W"):
        raise ScoringError(f"{what} must be a seat, N, E, S or W, not {value!r}")
    return value.strip().upper()


def deal_result_from_json(obj: Any) -> tuple[DealResult, Code]:
    """Turn one input object of ``python -m scoring deal`` into a result and its code."""
    if not isinstance(obj, dict):
        raise ScoringError('each line must be a JSON object such as {"contract": "4H", ...}')
    unknown = sorted(set(obj) - _DEAL_FIELDS)
    if unknown:
        raise ScoringError(
            f"unknown field(s) {', '.join(unknown)}; "
            f"the fields are {', '.join(sorted(_DEAL_FIELDS))}"
        )
    try:
        code = get_code(str(obj.get("code", "1915")), english_slams=bool(obj.get("english_slams")))
    except ValueError as e:
        raise ScoringError(str(e)) from None
    if "contract" not in obj:
        raise ScoringError('the contract is missing, e.g. "contract": "4H" or "PASS"')
    contract = parse_contract(obj["contract"], code)
    declarer = _seat(obj.get("declarer"), "the declarer")
    dealer = _seat(obj.get("dealer"), "the dealer")
    tricks = obj.get("tricks", 0 if contract.is_pass else None)
    if tricks is None:
        raise ScoringError("the number of tricks won by declarer's side is missing")
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise ScoringError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    honours = obj.get("honours")
    if honours is not None:
        if not isinstance(honours, dict):
            raise ScoringError('honours are given per seat, e.g. {"N": 2, "E": 0, "S": 1, "W": 2}')
        honours = {str(k).upper(): v for k, v in honours.items()}
    deal = None
    if obj.get("deal") is not None:
        try:
            deal = parse_pbn_deal(obj["deal"])
        except DealError as e:
            raise ScoringError(f"the deal is wrong: {e}") from None
        if honours is not None:
            raise ScoringError("give either the deal or the honours, not both")
    revokes = obj.get("revokes") or {}
    if not isinstance(revokes, dict):
        raise ScoringError('revokes are counted per side, e.g. {"NS": 0, "EW": 1}')
    revokes = {str(k).upper(): v for k, v in revokes.items()}
    penalties = []
    raw_pens = obj.get("penalties") or []
    if not isinstance(raw_pens, list):
        raise ScoringError(
            'penalties are a list, e.g. [{"side": "NS", "points": 50, "law": "Law 54"}]'
        )
    for p in raw_pens:
        if not isinstance(p, dict) or "side" not in p or "points" not in p:
            raise ScoringError(
                "each penalty needs a side and points, "
                f'e.g. {{"side": "NS", "points": 50}}; got {p!r}'
            )
        penalties.append(Penalty(str(p["side"]).upper(), p["points"], str(p.get("law", ""))))
    premium = obj.get("premium", True)
    if not isinstance(premium, bool):
        raise ScoringError(f"premium is true or false, not {premium!r}")
    choice = obj.get("revoke_penalty")
    result = DealResult(
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        dealer=dealer,
        honours=honours,
        deal=deal,
        revokes=revokes,
        revoke_penalty=choice.lower() if isinstance(choice, str) else choice,
        penalties=tuple(penalties),
        premium=premium,
    )
    return result, code


def _pair_id(value: Any, where: str, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).strip() == "":
        raise ScoringError(f"{where}: the {what} pair is missing")
    return str(value).strip()


def _whole(value: Any, where: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(f"{where}: {what} must be a whole number, not {value!r}")
    return value


def _net_or_adjusted(r: dict, where: str) -> tuple[int | None, str | None]:
    adjusted = r.get("adjusted")
    if adjusted is not None:
        if "net_ns" in r and r["net_ns"] is not None:
            raise ScoringError(f"{where}: give either net_ns or adjusted, not both")
        return None, str(adjusted)
    if "net_ns" not in r:
        raise ScoringError(f"{where}: net_ns (or adjusted) is missing")
    return _whole(r["net_ns"], where, "net_ns"), None


def pair_contest_from_json(obj: Any) -> tuple[str, list[BoardResult]]:
    """The input of ``python -m scoring pairs``: the method and every traveller line."""
    if not isinstance(obj, dict):
        raise ScoringError('the input is one JSON object: {"method": "total", "results": [...]}')
    method = obj.get("method", "total")
    if method not in METHODS:
        raise ScoringError(f'method is "total" or "matchpoints", not {method!r}')
    raw = obj.get("results")
    if not isinstance(raw, list) or not raw:
        raise ScoringError('"results" must be a non-empty list of traveller lines')
    results = []
    for i, r in enumerate(raw, 1):
        where = f"result {i}"
        if not isinstance(r, dict):
            raise ScoringError(f"{where}: each result is an object with board, ns, ew, net_ns")
        board = _whole(r.get("board"), where, "board")
        where = f"result {i} (board {board})"
        ns = _pair_id(r.get("ns"), where, "North-South")
        ew = _pair_id(r.get("ew"), where, "East-West")
        net, adjusted = _net_or_adjusted(r, where)
        results.append(BoardResult(board, ns, ew, net, adjusted))
    return method, results


def team_match_from_json(obj: Any) -> tuple[list[TableSeating], list[TeamBoardResult]]:
    """The input of ``python -m scoring teams``: the seating and every board's result."""
    if not isinstance(obj, dict):
        raise ScoringError('the input is one JSON object: {"tables": [...], "results": [...]}')
    raw_tables = obj.get("tables")
    if not isinstance(raw_tables, list) or not raw_tables:
        raise ScoringError('"tables" must list each table: {"table": 1, "ns": "A", "ew": "B"}')
    tables = []
    for i, t in enumerate(raw_tables, 1):
        where = f"table entry {i}"
        if not isinstance(t, dict):
            raise ScoringError(f'{where}: write {{"table": 1, "ns": "A", "ew": "B"}}')
        number = _whole(t.get("table"), where, "table")
        tables.append(
            TableSeating(
                number,
                _pair_id(t.get("ns"), f"table {number}", "North-South team's"),
                _pair_id(t.get("ew"), f"table {number}", "East-West team's"),
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
        board = _whole(r.get("board"), where, "board")
        table = _whole(r.get("table"), where, "table")
        net, adjusted = _net_or_adjusted(r, f"result {i} (board {board}, table {table})")
        results.append(TeamBoardResult(board, table, net, adjusted))
    return tables, results
