"""A movement's figures, and its balance: how evenly each pair's scores are compared
with each other pair's (docs/laws/movements.md#balance).

Two pairs are *compared* on a board when both play it in the same direction, at
another table or at the same table in another round (a Howell's set may stay at a
table for two rounds): on that board each pair's score is set against the other's
(Law H's average, or matchpoints).  The pairs joined by comparisons make the
movement's *fields*; each field has its own winner, so a Mitchell has two and a
Howell one.  The balance is the spread, over every two pairs of one field, of the
number of boards on which they are compared: its least and greatest value and its
coefficient of variation (standard deviation over mean; 0 is perfectly even).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from ..pairs import pair_label_key
from .schedule import Movement

__all__ = ["Figures", "comparisons", "fields", "figures"]


def comparisons(movement: Movement) -> dict[tuple[str, str], int]:
    """For every two pairs ``(p, q)`` (``p`` before ``q`` in label order) that are
    compared at all, the number of boards on which they are compared.

    Two tables playing one board play the whole of its set, so the pairs are counted
    once a set and weighted by its boards; a movement whose tables hold overlapping
    but unequal runs of boards (a director's own) is counted board by board."""
    labels = sorted(
        {p for tr in movement.schedule for p in (tr.ns, tr.ew) if p is not None},
        key=pair_label_key,
    )
    rank = {p: i for i, p in enumerate(labels)}
    holder: dict[int, tuple[int, ...]] = {}
    by_set = True
    for tr in movement.schedule:
        for board in tr.boards:
            if holder.setdefault(board, tr.boards) != tr.boards:
                by_set = False
    sides: dict[tuple[tuple[int, ...], str], list[int]] = defaultdict(list)
    for tr in movement.schedule:
        if tr.ns is None or tr.ew is None or not tr.boards:
            continue  # a sit-out table plays no board
        units = [tr.boards] if by_set else [(b,) for b in tr.boards]
        for unit in units:
            sides[(unit, "NS")].append(rank[tr.ns])
            sides[(unit, "EW")].append(rank[tr.ew])
    # Every two plays of a set's side: each (round, table) holds one pair a side, so two
    # entries are two plays; Counter counts the (lower rank, higher rank) keys in C.
    counted: dict[int, Counter[tuple[int, int]]] = defaultdict(Counter)
    for (unit, _), played in sides.items():
        counted[len(unit)].update(combinations(sorted(played), 2))
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for weight, counter in counted.items():
        for (p, q), n in counter.items():
            if n and p != q:
                counts[(p, q)] += weight * n
    return {(labels[p], labels[q]): n for (p, q), n in sorted(counts.items())}


def fields(
    movement: Movement, compared: dict[tuple[str, str], int] | None = None
) -> list[list[str]]:
    """The movement's fields: the pairs joined by comparisons, each in label order."""
    compared = comparisons(movement) if compared is None else compared
    parent = {p: p for p in movement.pairs}

    def root(p: str) -> str:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for p, q in compared:
        parent[root(p)] = root(q)
    groups: dict[str, list[str]] = defaultdict(list)
    for p in movement.pairs:
        groups[root(p)].append(p)
    return sorted(
        (sorted(g, key=pair_label_key) for g in groups.values()),
        key=lambda g: pair_label_key(g[0]),
    )


@dataclass(frozen=True)
class Figures:
    """What a director weighs in choosing a movement."""

    rounds: int
    tables: int
    board_sets: int
    boards: int
    boards_a_pair: tuple[int, int]  # least, greatest
    # Every number of boards some pair plays, fewest first: one number when every pair
    # plays as many; a pair that sits out a round (or reaches a bye) plays fewer.
    boards_each: tuple[int, ...]
    winners: int
    relays: int  # (round, set) shared between tables
    bystands: int  # rounds with a set resting on a stand
    sit_outs: int  # the most rounds any pair sits out
    compared_least: int
    compared_most: int
    compared_mean: Fraction
    compared_cv: float  # coefficient of variation, 0 = every two pairs alike

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "tables": self.tables,
            "board_sets": self.board_sets,
            "boards": self.boards,
            "boards_a_pair": list(self.boards_a_pair),
            "boards_each": list(self.boards_each),
            "winners": self.winners,
            "relays": self.relays,
            "bystands": self.bystands,
            "sit_outs": self.sit_outs,
            "balance": {
                "least": self.compared_least,
                "most": self.compared_most,
                "mean": float(round(self.compared_mean, 3)),
                "cv": round(self.compared_cv, 4),
            },
        }


def figures(movement: Movement) -> Figures:
    """The figures of ``movement`` (its balance over every two pairs of each field)."""
    compared = comparisons(movement)
    groups = fields(movement, compared)
    values = [
        compared.get((p, q), 0)
        for group in groups
        for p, q in combinations(group, 2)  # label order, as the keys
    ]
    played: dict[str, int] = defaultdict(int)
    seated: dict[str, int] = defaultdict(int)
    for tr in movement.schedule:
        if tr.ns is None or tr.ew is None:
            continue
        for pair in (tr.ns, tr.ew):
            played[pair] += len(tr.boards)
            seated[pair] += 1
    counts = [played.get(p, 0) for p in movement.pairs] or [0]
    mean = Fraction(sum(values), len(values)) if values else Fraction(0)
    if values and mean:
        # The variance exactly, in integers: (n * sum of squares - sum squared) / n².
        n, total = len(values), sum(values)
        variance = Fraction(n * sum(v * v for v in values) - total * total, n * n)
        cv = math.sqrt(variance) / float(mean)
    else:
        cv = 0.0
    relays = {(tr.round, tr.board_set) for tr in movement.schedule if tr.shared}
    return Figures(
        rounds=movement.rounds,
        tables=movement.tables,
        board_sets=movement.board_sets,
        boards=movement.boards,
        boards_a_pair=(min(counts), max(counts)),
        boards_each=tuple(sorted(set(counts))),
        winners=len(groups),
        relays=len(relays),
        bystands=len(movement.bystand_sets),
        sit_outs=max((movement.rounds - seated.get(p, 0) for p in movement.pairs), default=0),
        compared_least=min(values, default=0),
        compared_most=max(values, default=0),
        compared_mean=mean,
        compared_cv=cv,
    )
