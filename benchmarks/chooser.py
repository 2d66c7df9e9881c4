"""Benchmark: the chooser over every field it answers for, beside the cost of building
and checking the same movements without their figures (the peer, same run).

Goal: a field's candidates well under a second, so the setup page answers at once.

    python -m benchmarks.chooser
"""

from __future__ import annotations

from scoring.movements import build, offered, problems
from scoring.movements.chooser import choose

from .harness import timed


def _built_and_checked(pairs: int) -> None:
    """The peer: every offered movement built at 2 boards a round and checked."""
    for name in offered(pairs):
        problems(build(name, 2, pairs))


def main() -> None:
    fields = range(4, 61)
    every = min(timed(lambda: [choose(p) for p in fields], 3))
    peer = min(timed(lambda: [_built_and_checked(p) for p in fields], 3))
    one = min(timed(lambda: choose(60), 5))
    print(f"{'chooser, every field of 4-60 pairs':<52} {every:9.1f} ms (best of 3)")
    print(f"{'  peer: the same movements built and checked':<52} {peer:9.1f} ms")
    print(f"{'  ratio (the figures and sizing on top)':<52} {every / peer:9.2f}x")
    print(f"{'chooser, 60 pairs (the largest field)':<52} {one:9.1f} ms (best of 5)")


if __name__ == "__main__":
    main()
