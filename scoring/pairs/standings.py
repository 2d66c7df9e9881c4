"""The pair contest's standings: each pair's boards added up (Law H totals, or
matchpoints as a percentage of the tops it played), ranked within its field,
ties shared ("3=").

Fields: when every pair keeps one direction (a Mitchell) the North-South and
East-West pairs are ranked separately; when any pair plays both directions (a
Howell, an arrow switch) all pairs form one field.  Also the order of pair
labels (:func:`pair_label_key`) the standings are listed in.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from ..adjusted import AdjustedValues
from ..errors import ScoringError
from ..fractions_fmt import exact, round_half_away, two_decimals
from .comparison import board_nets, general_board, plain_board
from .factoring import AS_PLAYED, FACTORED, boards_most_played, check_factoring, factored
from .lines import (
    DEFAULT_VALUES,
    EW_OF,
    METHODS,
    NS_OF,
    BoardResult,
    lines_by_board,
    real_scores,
    still_waiting,
)
from .matchpoints import lines_matchpoints, neuberg_table


@dataclass(frozen=True, slots=True)
class PairStanding:
    pair: str
    direction: str | None  # "NS" / "EW" for a two-field contest, None for one field
    score: Fraction | int  # exact: an int where whole
    boards: int
    rank: str
    display: str
    percent: Fraction | None = None
    # Factored total points (scoring.pairs.factoring): ``score`` is the factored sum,
    # ``as_played`` the sum as it was, ``compared`` the boards compared (b) and
    # ``factor_to`` the boards the most pairs played (B).  None when not factored.
    as_played: Fraction | int | None = None
    compared: int | None = None
    factor_to: int | None = None

    def to_json(self) -> dict:
        return {"pair": self.pair, "direction": self.direction, **standing_json(self)}


def standing_json(s: Any) -> dict:
    """A standing's figures as JSON, the same for a pair and for an individual's player
    (``scoring.individuals``): the exact score, its display, rank and boards, the
    percentage where there is one, and the factoring's figures where it was used."""
    out: dict = {
        "score": exact(s.score),
        "display": s.display,
        "rank": s.rank,
        "boards": s.boards,
    }
    if s.percent is not None:
        out["percent"] = two_decimals(s.percent)
    if s.as_played is not None:
        out["as_played"] = exact(s.as_played)
        out["compared"] = s.compared
        out["factor_to"] = s.factor_to
    return out


def rank_labels(values: Sequence[Fraction | int]) -> list[str]:
    """Ranks, highest first, with equal values sharing a rank shown as ``2=``."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    labels = [""] * len(values)
    pos = 0
    while pos < len(order):
        end = pos
        while end + 1 < len(order) and values[order[end + 1]] == values[order[pos]]:
            end += 1
        label = f"{pos + 1}=" if end > pos else str(pos + 1)
        for k in range(pos, end + 1):
            labels[order[k]] = label
        pos = end + 1
    return labels


def pair_standings(
    results: Sequence[BoardResult],
    method: str = "total",
    adjusted_values: AdjustedValues = DEFAULT_VALUES,
    tables: Mapping[int, int] | None = None,
    factoring: str = AS_PLAYED,
) -> list[PairStanding]:
    """Standings of a pair contest, best first within each field.

    Total points: exact Law H scores, displayed to the whole point; ``factoring``
    "factored" ranks each pair's sum scaled to the boards the most pairs played
    (:mod:`scoring.pairs.factoring`); matchpoints ignore it.
    Matchpoints: total matchpoints and a percentage of the tops of the
    boards played, displayed to two decimals.  Ranks come from the exact
    values; equal exact values share a rank.  ``tables``: how many tables the
    contest plays each board at (:func:`compare_boards`).
    """
    if method not in METHODS:
        raise ScoringError(f'the method is "total" or "matchpoints", not {method!r}')
    check_factoring(factoring)
    # Sums are kept as integer numerators per denominator (Counter.update adds a
    # whole board at C speed), so 26,000 results need no Fraction arithmetic
    # until each pair's total is formed once at the end.
    acc: dict[int, dict[str, Fraction | int]] = defaultdict(dict)
    extra: dict[str, Fraction] = defaultdict(Fraction)  # rare: artificial fractions
    played: Counter[str] = Counter()
    compared: Counter[str] = Counter()  # boards played with another line to compare with
    ns_seen: set[str] = set()
    ew_seen: set[str] = set()
    boards = lines_by_board(results)
    expected = max((len(v) for v in boards.values()), default=0)
    top = 2 * (expected - 1)
    tables = tables or {}
    for board, lines in boards.items():
        if still_waiting(lines, tables.get(board)):
            continue  # no score yet for its lines, and no board played for their pairs
        if not plain_board(lines):
            for r, got in zip(
                lines, general_board(board, lines, method, expected, adjusted_values), strict=True
            ):
                if got is not None:  # a line not played earns nothing and counts no board
                    played.update((r.ns, r.ew))
                    if len(lines) > 1:
                        compared.update((r.ns, r.ew))
                    ns_seen.add(r.ns)
                    ew_seen.add(r.ew)
                    extra[r.ns] += got[1]
                    extra[r.ew] += got[2]
            continue
        real = real_scores(board, lines, tables.get(board))
        ns = list(map(NS_OF, lines))
        ew = list(map(EW_OF, lines))
        played.update(ns)
        played.update(ew)
        if len(lines) > 1:
            compared.update(ns)
            compared.update(ew)
        ns_seen.update(ns)
        ew_seen.update(ew)
        if method == "total":
            nets = board_nets(real, lines)
            n = len(lines)
            total = sum(nets)
            nums = [net * n - total for net in nets]
            if type(total) is int:
                _accumulate(acc[n], ns, nums)
                _accumulate(acc[n], ew, [-x for x in nums])
            else:
                for a, b, x in zip(ns, ew, nums, strict=True):
                    extra[a] += x / n  # type: ignore[assignment]  # x is a Fraction here
                    extra[b] -= x / n  # type: ignore[assignment]
        else:
            if len(real) == len(lines):  # no Law B line: each score's matchpoints looked up
                table = neuberg_table(real, expected)
                mps = list(map(table.__getitem__, real))
            else:
                mps = [m for _, m in lines_matchpoints(real, lines, expected)]
            if set(map(type, mps)) == {int}:
                _accumulate(acc[1], ns, mps)
                _accumulate(acc[1], ew, [top - m for m in mps])
            else:
                for a, b, m in zip(ns, ew, mps, strict=True):
                    extra[a] += m
                    extra[b] += top - m
    one_field = bool(ns_seen & ew_seen)
    scores: dict[str, Fraction | int] = {}
    for p in played:
        parts = [(c[p], den) for den, c in acc.items() if p in c]
        if len(parts) == 1 and p not in extra:
            num, den = parts[0]
            scores[p] = num if den == 1 else Fraction(num, den)
        else:
            scores[p] = sum((Fraction(num, den) for num, den in parts), extra.get(p, Fraction(0)))
    as_played: dict[str, Fraction | int] = {}
    most = 0
    if factoring == FACTORED and method == "total":
        most = boards_most_played(compared[p] for p in scores)
        as_played = dict(scores)
        scores = {p: factored(v, compared[p], most) for p, v in scores.items()}
    fields: dict[str | None, list[str]] = defaultdict(list)
    for p in scores:
        fields[None if one_field else ("NS" if p in ns_seen else "EW")].append(p)
    standings: list[PairStanding] = []
    for field in sorted(fields, key=lambda f: {"NS": 0, "EW": 1, None: 2}[f]):
        members = sorted(fields[field], key=pair_label_key)
        if method == "total" or len({played[p] for p in members}) == 1:
            values = [scores[p] for p in members]  # equal tops: the total orders as the percent
        else:
            values = [Fraction(scores[p], played[p] * top) if top else 0 for p in members]
        keys = _exact_keys(values)
        ranks = rank_labels(keys)
        rows = []
        for p, rank in zip(members, ranks, strict=True):
            v = scores[p]
            if method == "total" and as_played:
                rows.append(
                    PairStanding(
                        p,
                        field,
                        v,
                        played[p],
                        rank,
                        str(round_half_away(v)),
                        as_played=as_played[p],
                        compared=compared[p],
                        factor_to=most,
                    )
                )
            elif method == "total":
                rows.append(PairStanding(p, field, v, played[p], rank, str(round_half_away(v))))
            else:
                # No top (each board played at one table so far): nothing to be a
                # percentage of, so none is given (not "0.00%").
                pct = Fraction(v * 100, played[p] * top) if top else None
                rows.append(
                    PairStanding(p, field, v, played[p], rank, two_decimals(v), percent=pct)
                )
        order = sorted(range(len(rows)), key=lambda i: (-keys[i], pair_label_key(members[i])))
        standings += [rows[i] for i in order]
    return standings


def _accumulate(
    acc: dict[str, Fraction | int], keys: list[str], values: Sequence[Fraction | int]
) -> None:
    """acc[k] += v for each pair; keys are distinct (one result per pair a board)."""
    get = acc.get
    acc.update({k: get(k, 0) + v for k, v in zip(keys, values, strict=True)})


def _exact_keys(values: Sequence[Fraction | int]) -> list[int]:
    """Integers in the same order as ``values``, exactly: each times the common denominator.

    Comparing Fractions is slow; comparing these is not, and loses nothing.
    """
    common = lcm(*(Fraction(v).denominator for v in values)) if values else 1
    return [
        v * common if type(v) is int else v.numerator * (common // v.denominator) for v in values
    ]


_NUMBER = re.compile(r"[0-9]+")


_TEAM_PAIR = re.compile(r"([A-Za-z])([0-9]+)")


def pair_label_key(label: str) -> tuple[int, str, int, str, str]:
    """THE sort order of pair labels, for standings, lists and score cards alike.

    Numbered pairs first, by number ("1" < "2" < "10"); then team-match pairs,
    a team letter and a number, by team then number ("A1" < "A2" < "B1");
    then anything else, by its text.  The key is total, so any sort by it is
    stable and gives the same order whatever order the labels came in.
    Numbers are compared by their digits (the count, then the digits), so a
    label of any length is safe.
    """
    m = _NUMBER.fullmatch(label)
    if m:
        digits = label.lstrip("0")
        return (0, "", len(digits), digits, label)
    m = _TEAM_PAIR.fullmatch(label)
    if m:
        digits = m[2].lstrip("0")
        return (1, m[1].upper(), len(digits), digits, label)
    return (2, "", 0, "", label)
