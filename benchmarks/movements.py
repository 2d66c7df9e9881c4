"""Benchmark: generate the largest schedules and their guide cards.

Goal: a 30-table movement in well under a second.

    python benchmarks/movements.py
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tournament.movements import howell, mitchell, team_match


def timed(label: str, fn, repeat: int = 5) -> None:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    print(f"{label:<52} {best * 1000:8.2f} ms")


def main() -> None:
    timed("Mitchell 30 tables (schedule)", lambda: mitchell(30, 2, even="skip"))
    timed(
        "Mitchell 30 tables relay (schedule + guide cards)",
        lambda: mitchell(30, 2, even="relay").guide_cards(),
    )
    timed("Mitchell 29 tables (schedule + guide cards)", lambda: mitchell(29, 1).guide_cards())
    timed("Howell 8 tables (schedule + guide cards)", lambda: howell(8, 2).guide_cards())
    timed(
        "Team match 30 pairs a team (schedule + guide cards)",
        lambda: team_match(30, 1).guide_cards(),
    )


if __name__ == "__main__":
    main()
