"""Factoring for total points: a director's option beside Law H, not in the laws.

Law H ranks the pairs' sums as they are, so a pair that sat out a round or came late
is ranked on fewer boards than the rest.  "As played" (the default) keeps that;
"factored" scales each pair's sum to the number of boards the most pairs played:

    factored = sum x B / b

where ``b`` is the boards the pair played with a comparison and ``B`` the number of
boards that the most pairs played (on a tie between counts, the larger).  Exact
fractions throughout; rounded only for display.  Matchpoints need no option: a pair
is ranked on its percentage of the tops it played (docs/laws/duplicate.md,
"Factoring").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from ..errors import ScoringError

AS_PLAYED = "as-played"
FACTORED = "factored"
FACTORINGS = (AS_PLAYED, FACTORED)


def check_factoring(factoring: str) -> None:
    if factoring not in FACTORINGS:
        raise ScoringError(f'factoring is "as-played" or "factored", not {factoring!r}')


def boards_most_played(counts: Iterable[int]) -> int:
    """B: the number of boards that the most pairs played; on a tie, the larger number.

    >>> boards_most_played([14, 14, 14, 12, 12])
    14
    >>> boards_most_played([12, 12, 14, 14, 10])
    14
    """
    tally = Counter(c for c in counts if c > 0)
    if not tally:
        return 0
    return max(tally, key=lambda n: (tally[n], n))


def factored(total: Fraction | int, compared: int, most: int) -> Fraction | int:
    """A pair's sum scaled to ``most`` boards from the ``compared`` it played: sum x B / b
    (an int where whole).  A pair with no board compared keeps its sum (nothing)."""
    if compared <= 0 or compared == most:
        return total
    value = Fraction(total) * most / compared
    return value.numerator if value.denominator == 1 else value
