"""Benchmark: do traveller lines and standings grow linearly with the field?

Times, on one core, scoring.compare_boards (every traveller line, Law H and
matchpoints) and scoring.pair_standings on 26-board pair contests of 250 to
5,000 tables, keeping every result as a page or an export does, and prints the
cost per result (min / median / max of several runs) and its ratio to the
smallest field's: linear is a ratio near 1.  Goal: linear up to
5,000 tables (ratio <= 1.5 at 5,000 tables, the noise of a shared machine).

    python -m benchmarks.scaling [--tables 250 1000 2500 5000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from scoring.pairs import compare_boards, pair_standings

from .comparisons import make_field

WORK = {
    "Law H traveller lines": lambda r: compare_boards(r, "total"),
    "matchpoint traveller lines": lambda r: compare_boards(r, "matchpoints"),
    "Law H standings": lambda r: pair_standings(r, "total"),
    "matchpoint standings": lambda r: pair_standings(r, "matchpoints"),
}


def per_result_us(fn, results, repeat: int) -> list[float]:
    """Each run's cost per result in microseconds; what a run returns is kept until
    the next (as a page holds its lines), so its collection is paid for."""
    kept = fn(results)
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        kept = fn(results)
        out.append((time.perf_counter() - t0) * 1e6 / len(results))
    del kept
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[250, 1000, 2500, 5000])
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    fields = {t: make_field(t, args.boards) for t in args.tables}
    worst = 0.0
    for name, fn in WORK.items():
        print(f"{name}:")
        floor = None
        for tables, results in fields.items():
            runs = per_result_us(fn, results, args.repeat)
            med = statistics.median(runs)
            best = min(runs)  # the least disturbed run: what the code costs
            floor = floor or best
            worst = max(worst, best / floor)
            print(
                f"  {tables:5d} tables ({len(results):6d} results): min {min(runs):5.2f}  "
                f"median {med:5.2f}  max {max(runs):5.2f} us a result; "
                f"ratio of min to {args.tables[0]} tables' {best / floor:4.2f}"
            )
    verdict = "OK" if worst <= 1.5 else "SUPER-LINEAR"
    print(f"largest ratio to the smallest field: {worst:.2f} (goal <= 1.5)  {verdict}")


if __name__ == "__main__":
    main()
