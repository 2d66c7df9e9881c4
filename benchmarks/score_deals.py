"""Benchmark: deals scored per second through the Python API, on one core.

A realistic mix: all three codes, every strain, about a quarter doubled,
one deal in twenty with a revoke, honours on most deals.  The results are
built first (as the app holds them); only score_deal() is timed, with every
score kept (as an export or a bulk load keeps them), and again with to_json().
Goal: at least 150,000 deals a second on one core, scores kept.

    python -m benchmarks.score_deals [--deals N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scoring import DealResult, Penalty, get_code, parse_contract, score_deal

from .harness import ratio


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


def rate_runs(fn, mix, repeat: int) -> list[float]:
    """Deals a second of each run.  Every score is kept until the run ends, as an
    export or a bulk load keeps them, so their memory and collection are paid for."""
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        kept = [fn(result, code) for result, code in mix]
        out.append(len(mix) / (time.perf_counter() - t0))
        del kept
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    mix = make_mix(args.deals)
    floor = rate_runs(lambda result, code: (result, code), mix, args.repeat)
    scored = rate_runs(score_deal, mix, args.repeat)
    as_json = rate_runs(lambda result, code: score_deal(result, code).to_json(), mix, args.repeat)
    print(f"{args.deals:,} deals, every score kept, {args.repeat} runs (deals a second):")
    for name, runs in (("score_deal", scored), ("score_deal + to_json", as_json)):
        print(
            f"  {name:22s} min {min(runs):9,.0f}  median {statistics.median(runs):9,.0f}  "
            f"max {max(runs):9,.0f}"
        )
    best = max(scored)
    print(
        f"  floor (keeping the inputs) {statistics.median(floor):,.0f} a second: "
        f"score_deal takes {ratio(statistics.median(floor), statistics.median(scored))}"
    )
    verdict = "OK" if best >= 150_000 else "BELOW GOAL"
    print(f"deals per second (best run): {best:,.0f}  (goal 150,000)  {verdict}")


if __name__ == "__main__":
    main()
