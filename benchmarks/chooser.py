"""Benchmark: the chooser's first answer for a field, as the setup page meets it in a
fresh worker (nothing kept yet), beside the cost of building and checking the same
movements without their figures (the peer, same process).

The chooser keeps its answers for the process, so a second call costs nothing; what
a director can feel is the first.  Each figure is timed in a fresh Python process,
best of ``--runs``.

Goal: a field's first answer well under a second, so the setup page answers at once.

    python -m benchmarks.chooser [--runs 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from .harness import ROOT

# Timed in the child: the import is done first, so only the chooser's work counts.
_CHILD = """
import time
from scoring.movements import build, offered, problems
from scoring.movements.chooser import choose
fields = {fields}
t0 = time.perf_counter()
for p in fields:
    {work}
print((time.perf_counter() - t0) * 1000)
"""

_CHOOSE = "choose(p)"
_PEER = "[problems(build(name, 2, p)) for name in offered(p)]"


def _fresh(fields: str, work: str, runs: int) -> float:
    """The best wall time, in ms, of ``work`` for each field in a fresh process."""
    best = float("inf")
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _CHILD.format(fields=fields, work=work)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        best = min(best, float(out.stdout.strip()))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    every = _fresh("range(4, 61)", _CHOOSE, runs)
    peer = _fresh("range(4, 61)", _PEER, runs)
    print(f"{'chooser, every field of 4-60 pairs, first calls':<52} {every:9.1f} ms")
    print(f"{'  peer: the same movements built and checked':<52} {peer:9.1f} ms")
    print(f"{'  ratio (the figures and sizing on top)':<52} {every / peer:9.2f}x")
    for pairs in (60, 59, 31):
        one = _fresh(f"({pairs},)", _CHOOSE, runs)
        print(f"{f'chooser, {pairs} pairs, first call':<52} {one:9.1f} ms")
    print(f"(best of {runs}, each in a fresh process)")


if __name__ == "__main__":
    main()
