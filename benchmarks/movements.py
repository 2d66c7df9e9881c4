"""Benchmark: generate the largest schedules and their guide cards.

Goal: a 30-table movement in well under a second.

    python -m benchmarks.movements
"""

from __future__ import annotations

from scoring.movements import howell, mitchell, team_match

from .harness import timed


def best(label: str, fn, repeat: int = 5) -> None:
    print(f"{label:<52} {min(timed(fn, repeat)):8.2f} ms (best of {repeat})")


def main() -> None:
    best("Mitchell 30 tables (schedule)", lambda: mitchell(30, 2, even="skip"))
    best(
        "Mitchell 30 tables relay (schedule + guide cards)",
        lambda: mitchell(30, 2, even="relay").guide_cards(),
    )
    best("Mitchell 29 tables (schedule + guide cards)", lambda: mitchell(29, 1).guide_cards())
    best("Howell 8 tables (schedule + guide cards)", lambda: howell(8, 2).guide_cards())
    best(
        "Team match 30 pairs a team (schedule + guide cards)",
        lambda: team_match(30, 1).guide_cards(),
    )


if __name__ == "__main__":
    main()
