"""Benchmark: deals scored per second through the Python API, on one core.

A realistic mix: all three codes, every strain, about a quarter doubled,
one deal in twenty with a revoke, honours on most deals.  The results are
built first (as the app holds them); only score_deal() is timed.
Goal (issue 2): at least 100,000 deals a second.

    python benchmarks/score_deals.py [--deals N] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from scoring import DealResult, Penalty, get_code, parse_contract, score_deal


def make_mix(n: int, seed: int = 1915) -> list[tuple[DealResult, object]]:
    rng = random.Random(seed)
    codes = [get_code("1915")] * 6 + [get_code("1913")] * 2 + [get_code("royalton")] * 2
    mix = []
    for _ in range(n):
        code = rng.choice(codes)
        strain = rng.choice(code.strains)
        level = rng.choice([1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7])
        dbl = rng.choices(["", "X", "XX"], weights=[75, 22, 3])[0]
        royal = "R" if code.has_royal and rng.random() < 0.2 else ""
        contract = parse_contract(f"{level}{strain}{royal}{dbl}", code)
        declarer = rng.choice("NESW")
        tricks = max(0, min(13, 6 + level + rng.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2])))
        honours = None
        if code.has_honours and strain != "NULLO" and rng.random() < 0.8:
            total = 4 if strain == "NT" else 5
            seats = [rng.choice("NESW") for _ in range(total)]
            honours = {s: seats.count(s) for s in "NESW"}
        revokes = {}
        choice = None
        if rng.random() < 0.05:
            revoker = rng.choice(["NS", "EW"])
            revokes = {revoker: 1}
            choice = "points" if strain == "NULLO" else rng.choice(["points", "tricks"])
            if revoker == ("NS" if declarer in "NS" else "EW"):
                choice = None  # declarer's own side revoked: no choice to record (Law 84(a))
        penalties = (Penalty("NS", 50, "Law 54"),) if rng.random() < 0.02 else ()
        mix.append(
            (
                DealResult(
                    contract,
                    declarer,
                    tricks,
                    dealer=declarer,
                    honours=honours,
                    revokes=revokes,
                    revoke_penalty=choice,
                    penalties=penalties,
                ),
                code,
            )
        )
    return mix


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    mix = make_mix(args.deals)
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        for result, code in mix:
            score_deal(result, code)
        best = min(best, time.perf_counter() - t0)
    rate = args.deals / best
    print(f"score_deal: {args.deals} deals in {best:.3f} s (best of {args.repeat})")
    verdict = "OK" if rate >= 100_000 else "BELOW GOAL"
    print(f"deals per second: {rate:,.0f}  (goal 100,000)  {verdict}")


if __name__ == "__main__":
    main()
