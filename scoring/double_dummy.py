"""Double-dummy analysis: how many tricks each declarer can take in each strain.

A thin wrapper over endplay (Bo Haglund's DDS solver), which does the real
work; the tricks are the same under every code of laws, only the strains
named differ (Royalton's nullo and 1913's royal spades are not solved: nullo
is a misère, royal spades are spades).
"""

from __future__ import annotations

import threading

from .cards import SEATS

__all__ = ["DD_STRAINS", "dd_tricks"]

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
    # endplay's rows are spades, hearts, diamonds, clubs, no trump; columns N E S W.
    rows = dict(zip(("S", "H", "D", "C", "NT"), table, strict=True))
    return {seat: {s: rows[s][i] for s in DD_STRAINS} for i, seat in enumerate(SEATS)}
