"""Benchmark: an event's double-dummy tables, one deal a call or a batch a call.

Deals ``--deals`` boards from a fixed seed and solves them three ways, timing each
(min / median / max of ``--runs`` runs):

* one deal a call (``scoring.double_dummy.dd_tricks``): the peer;
* batches of the solve job's size (``tournament.jobs.SOLVE_BATCH``) through DDS's batch
  call (``dd_tricks_many``), as the job solves an event;
* every deal in batches of the most one call takes (``MOST_IN_A_BATCH``).

Checks that every way gives the same tables, and prints each batch's ratio to one
deal a call (below 1: the batch is faster).

    python -m benchmarks.double_dummy [--deals 16] [--runs 1]
"""

from __future__ import annotations

import argparse
import statistics

from scoring import format_pbn_deal
from scoring.dealing import deal_board
from scoring.double_dummy import MOST_IN_A_BATCH, dd_tricks, dd_tricks_many

from .harness import ratio, setup_django, spread, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=16)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    setup_django()  # for the solve job's batch size
    from tournament.jobs import SOLVE_BATCH

    deals = [format_pbn_deal(deal_board("benchmark", n)) for n in range(1, args.deals + 1)]

    def batches(size: int) -> list:
        out = []
        for start in range(0, len(deals), size):
            out += dd_tricks_many(deals[start : start + size])
        return out

    alone = [dd_tricks(d) for d in deals]
    assert batches(SOLVE_BATCH) == alone and batches(MOST_IN_A_BATCH) == alone
    peer = timed(lambda: [dd_tricks(d) for d in deals], args.runs)
    print(f"{args.deals} deals, one a call:            {spread(peer)}")
    for label, size in ((f"batches of {SOLVE_BATCH} (the job's)", SOLVE_BATCH),
                        (f"batches of {MOST_IN_A_BATCH} (the most)", MOST_IN_A_BATCH)):  # fmt: skip
        runs = timed(lambda size=size: batches(size), args.runs)
        print(
            f"{args.deals} deals, {label:<24} {spread(runs)}  "
            f"{ratio(statistics.median(runs), statistics.median(peer), 'one a call')}"
        )


if __name__ == "__main__":
    main()
