"""Benchmark: a 1,000-table board's lines explained (scoring.pairs.explain_board)
beside the comparison they explain (scoring.pairs.compare_boards) of the same board,
measured in the same run, by total points and by matchpoints; and one pair's evening
of 26 boards (scoring.pairs.evening.board_evening) beside the comparison of its lines.

The explanation is read off the stored comparison and shares one sentence among the
lines alike, so it should cost a fraction of the comparison itself.

    python -m benchmarks.explanations [--tables 1000] [--repeat 20]
"""

from __future__ import annotations

import argparse
import random
import statistics

from .harness import ratio, spread, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    from scoring.pairs import BoardResult, compare_boards, explain_board
    from scoring.pairs.evening import board_evening

    rng = random.Random(1915)
    # A congress board: a few dozen distinct scores among the tables, as a real field has.
    nets = [rng.choice(range(-600, 700, 30)) for _ in range(args.tables)]
    board = [BoardResult(1, f"n{i}", f"e{i}", v) for i, v in enumerate(nets)]
    counts: dict[int, int] = {}
    for v in nets:
        counts[v] = counts.get(v, 0) + 1
    print(f"one board of {args.tables} lines ({len(counts)} distinct scores):")
    for method in ("total", "matchpoints"):
        lines = compare_boards(board, method)
        compare = timed(lambda m=method: compare_boards(board, m), args.repeat, warm_up=2)
        explain = timed(lambda ls=lines: explain_board(ls), args.repeat, warm_up=2)
        print(f"  {method:11} compare: {spread(compare)}")
        print(
            f"  {method:11} explain: {spread(explain)}, "
            f"{ratio(statistics.median(explain), statistics.median(compare), 'the comparison')}"
        )
        own = lines[:26]
        evening = timed(
            lambda ls=own: [board_evening(1, "NS", line, counts) for line in ls],
            args.repeat,
            warm_up=2,
        )
        print(
            f"  {method:11} a pair's 26 boards against the field: {spread(evening)}, "
            f"{ratio(statistics.median(evening), statistics.median(compare), 'the comparison')}"
        )


if __name__ == "__main__":
    main()
