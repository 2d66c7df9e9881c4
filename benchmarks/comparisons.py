"""Benchmark: compare a 1,000-table, 26-board pair contest (26,000 results).

Times, on one core, min / median / max of several runs:
  * Law H total points (scoring.pair_standings, method "total"): goal < 100 ms;
  * matchpoints with bridge-scorer's whole output (scoring.rank_board: each line's
    matchpoints, percentage and rank for both directions), board by board;
  * the JavaScript library bridge-scorer's matchpoints() on the same scores, timed
    the same way in the same run (installed with npm into benchmarks/.node the
    first time), and the ratio.  Goal: ratio <= 1.0.  Every pair's
    total matchpoints, total percentage and ranks are checked against
    bridge-scorer's, not one board's;
  * every traveller line (compare_boards) and full standings, for scale.

    python -m benchmarks.comparisons [--tables 1000] [--boards 26] [--repeat 7]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import tempfile
from fractions import Fraction

from scoring.pairs import BoardResult, compare_boards, pair_standings, rank_board

from .harness import ratio, spread, timed

HERE = os.path.dirname(os.path.abspath(__file__))

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


def bridge_scorer(results: list[BoardResult], repeat: int) -> dict | None:
    """bridge-scorer's matchpoints() on every board: its run times and every pair's
    totals (matchpoints, percentage, ranks) from its last run."""
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
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(
            [
                {
                    "scores": [r.net_ns for r in lines],
                    "ns": [r.ns for r in lines],
                    "ew": [r.ew for r in lines],
                }
                for lines in by_board(results)
            ],
            f,
        )
    try:
        out = subprocess.run(
            [node, os.path.join(HERE, "bridge_scorer_mp.js"), f.name, str(repeat)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    finally:
        os.unlink(f.name)
    return json.loads(out)


def by_board(results: list[BoardResult]) -> list[list[BoardResult]]:
    boards: dict[int, list[BoardResult]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r)
    return [boards[b] for b in sorted(boards)]


def check_against(results: list[BoardResult], ours: list, js: dict) -> None:
    """Every pair's total matchpoints, total percentage and ranks equal bridge-scorer's."""
    totals: dict[str, int] = {}
    percents: dict[str, Fraction] = {}
    ranks: dict[str, str] = {}
    for lines, ranked in zip(by_board(results), ours, strict=True):
        for r, x in zip(lines, ranked, strict=True):
            for pair, mp, pct, rank in (
                (r.ns, x.ns, x.ns_percent, x.ns_rank),
                (r.ew, x.ew, x.ew_percent, x.ew_rank),
            ):
                totals[pair] = totals.get(pair, 0) + mp
                percents[pair] = percents.get(pair, Fraction(0)) + pct
                ranks[pair] = ranks.get(pair, "") + rank + ","
    assert totals == js["totals"], "bridge-scorer and we disagree on a pair's matchpoints"
    assert ranks == js["ranks"], "bridge-scorer and we disagree on a rank"
    worst = max(abs(float(percents[p]) - js["percents"][p]) for p in percents)
    assert worst < 1e-6, f"bridge-scorer and we disagree on a percentage by {worst}"
    print(f"checked: {len(totals)} pairs' total matchpoints, percentages and ranks agree")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    results = make_field(args.tables, args.boards)
    print(f"field: {args.tables} tables x {args.boards} boards = {len(results)} results")
    total = timed(lambda: pair_standings(results, "total"), args.repeat, warm_up=1)
    print(f"Law H total points, standings:      {spread(total)}  (goal < 100 ms)")
    boards = [[r.net_ns for r in lines] for lines in by_board(results)]
    ranked: list = []

    def whole_output() -> None:
        ranked[:] = [rank_board(scores) for scores in boards]

    ours = timed(whole_output, args.repeat, warm_up=1)
    print(f"matchpoints, % and ranks, NS and EW: {spread(ours)}  (scoring.rank_board)")
    lines = timed(lambda: compare_boards(results, "matchpoints"), args.repeat, warm_up=1)
    print(f"matchpoints, every traveller line:  {spread(lines)}")
    stand = timed(lambda: pair_standings(results, "matchpoints"), args.repeat, warm_up=1)
    print(f"matchpoints, standings with percent: {spread(stand)}")
    js = bridge_scorer(results, args.repeat)
    if js is None:
        return
    check_against(results, ranked, js)
    print(f"bridge-scorer matchpoints():         {spread(js['runs'])}  (node, same scores)")
    theirs = js["runs"]
    verdict = "OK" if statistics.median(ours) <= statistics.median(theirs) else "SLOWER"
    mid = ratio(statistics.median(ours), statistics.median(theirs), "bridge-scorer")
    low = ratio(min(ours), min(theirs), "bridge-scorer")
    print(f"same output: median {mid}, min {low} (goal <= 1.0)  {verdict}")


if __name__ == "__main__":
    main()
