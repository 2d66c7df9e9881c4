"""Benchmark: compare a 1,000-table, 26-board pair contest (26,000 results).

Times, on one core, best of several runs:
  * Law H total points (scoring.pair_standings, method "total"): goal < 100 ms;
  * matchpoints, per board (scoring.compare_boards) and with full standings;
  * the JavaScript library bridge-scorer's matchpoints() per board on the same
    scores, in the same run (installed with npm into benchmarks/.node the
    first time).  Goal: our matchpoints no slower than bridge-scorer.

    python benchmarks/comparisons.py [--tables 1000] [--boards 26]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from scoring.pairs import BoardResult, board_matchpoints, compare_boards, pair_standings  # noqa: E402

# Typical net scores of a deal under the 1915 laws, as a traveller shows them.
TYPICAL = [157, 165, 175, 229, 32, 24, 18, 16, 0, -50, -100, -150, -200, 50, 100, 295, 321]


def make_field(tables: int, boards: int, seed: int = 26) -> list[BoardResult]:
    rng = random.Random(seed)
    results = []
    for b in range(1, boards + 1):
        for t in range(1, tables + 1):
            ew = (t - 1 + b) % tables + 1
            net = rng.choice(TYPICAL) * rng.choice([1, -1]) + rng.randint(-3, 3) * 8
            results.append(BoardResult(b, str(t), f"E{ew}", net))
    return results


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def bridge_scorer_ms(results: list[BoardResult], repeat: int) -> float | None:
    node = shutil.which("node")
    if node is None:
        print("bridge-scorer: node is not installed; skipped")
        return None
    modules = os.path.join(HERE, ".node", "node_modules", "bridge-scorer")
    if not os.path.isdir(modules):
        os.makedirs(os.path.join(HERE, ".node"), exist_ok=True)
        subprocess.run(
            [
                "npm",
                "install",
                "--silent",
                "--prefix",
                os.path.join(HERE, ".node"),
                "bridge-scorer",
            ],
            check=True,
        )
    boards: dict[int, list[int]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r.net_ns)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump([boards[b] for b in sorted(boards)], f)
    try:
        out = subprocess.run(
            [node, os.path.join(HERE, "bridge_scorer_mp.js"), f.name, str(repeat)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    finally:
        os.unlink(f.name)
    data = json.loads(out)
    first = [
        x.ns_score for x in compare_boards([r for r in results if r.board == 1], "matchpoints")
    ]
    assert data["checksum"] == sum(first), "bridge-scorer and we disagree on board 1"
    return data["ms"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    results = make_field(args.tables, args.boards)
    print(f"field: {args.tables} tables x {args.boards} boards = {len(results)} results")
    total = best_of(lambda: pair_standings(results, "total"), args.repeat)
    print(f"Law H total points, standings:         {total:8.1f} ms  (goal < 100 ms)")
    per_board: dict[int, list[int]] = {}
    for r in results:
        per_board.setdefault(r.board, []).append(r.net_ns)
    boards = list(per_board.values())
    top = 2 * (args.tables - 1)

    def board_by_board() -> None:
        for scores in boards:
            ns = board_matchpoints(scores)
            [top - m for m in ns]  # East-West, as bridge-scorer gives both

    mp_boards = best_of(board_by_board, args.repeat)
    print(
        f"matchpoints per board, NS and EW:      {mp_boards:8.1f} ms  (same input as bridge-scorer)"
    )
    mp_lines = best_of(lambda: compare_boards(results, "matchpoints"), args.repeat)
    print(f"matchpoints, every traveller line:     {mp_lines:8.1f} ms")
    mp_stand = best_of(lambda: pair_standings(results, "matchpoints"), args.repeat)
    print(f"matchpoints, standings with percent:   {mp_stand:8.1f} ms")
    js = bridge_scorer_ms(results, args.repeat)
    if js is not None:
        print(f"bridge-scorer matchpoints() per board: {js:8.1f} ms  (node, same scores)")
        verdict = "OK" if mp_boards <= js else "SLOWER"
        print(
            f"our per-board matchpoints vs bridge-scorer: {mp_boards / js:.2f}x the time  {verdict}"
        )


if __name__ == "__main__":
    main()
