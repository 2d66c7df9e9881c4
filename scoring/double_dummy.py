"""Double-dummy analysis: how many tricks each declarer can take in each strain.

A thin wrapper over endplay (Bo Haglund's DDS solver), which does the real
work; the tricks are the same under every code of laws, only the strains
named differ (Royalton's nullo and 1913's royal spades are not solved: nullo
is a misère, royal spades are spades).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from .cards import SEATS

__all__ = ["DD_STRAINS", "MOST_IN_A_BATCH", "dd_tricks", "dd_tricks_many"]

DD_STRAINS = ("C", "D", "H", "S", "NT")

# One solve at a time in a process.  The DDS library under endplay keeps its working
# state in the process, so two threads solving at once (two events dealt within a
# second of each other, each solved by a job thread of the same server) corrupt each
# other: wrong tables ("Sum 5 is not four") or a segmentation fault that kills the
# server process with the tablets it was serving (docs/decisions/double-dummy-lock.md).
# Separate processes (gunicorn's workers, the task worker) each have their own.
_SOLVER = threading.Lock()


def dd_tricks(deal: str) -> dict[str, dict[str, int]]:
    """``{seat: {strain: tricks}}`` for a full PBN deal, declarer in ``seat``.

    Safe to call from several threads: they take turns (see ``_SOLVER``)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    with _SOLVER:
        table = calc_dd_table(Deal(deal)).to_list()
    return _by_seat(table)


# The most deals DDS solves in one batch call with all five strains (its limit is 200
# strain solves a call).
MOST_IN_A_BATCH = 40


def dd_tricks_many(deals: Sequence[str]) -> list[dict[str, dict[str, int]]]:
    """:func:`dd_tricks` of each deal, in order, solved together by DDS's batch call
    (endplay's ``calc_all_tables``, DDS's ``CalcAllTables``), which shares the deals
    among the machine's cores; :data:`MOST_IN_A_BATCH` deals a call.

    Safe to call from several threads: they take turns, a call at a time."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    out = []
    for start in range(0, len(deals), MOST_IN_A_BATCH):
        chunk = [Deal(deal) for deal in deals[start : start + MOST_IN_A_BATCH]]
        with _SOLVER:
            tables = [t.to_list() for t in calc_all_tables(chunk)]
        out += [_by_seat(table) for table in tables]
    return out


def _by_seat(table: list[list[int]]) -> dict[str, dict[str, int]]:
    """endplay's table (rows spades, hearts, diamonds, clubs, no trump; columns N E S W)
    as ``{seat: {strain: tricks}}``."""
    rows = dict(zip(("S", "H", "D", "C", "NT"), table, strict=True))
    return {seat: {s: rows[s][i] for s in DD_STRAINS} for i, seat in enumerate(SEATS)}
