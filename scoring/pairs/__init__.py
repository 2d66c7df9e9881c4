"""Pair contests: Law H total points against the average, and matchpoints.

One module a seam: the lines and their checks (:mod:`.lines`), the comparison
board by board (:mod:`.comparison`), matchpoints and Neuberg
(:mod:`.matchpoints`), each line's comparison explained (:mod:`.explain`), the
standings (:mod:`.standings`).  The names below are
the pair contest's face: ``from scoring.pairs import compare_boards``.

A pair's score means something only against the pairs who held the same
cards.  Per board and direction:

* **Total points (Duplicate Law H)**: the pair's net score minus the average
  net score of every pair that held the same seats on that board; a pair's
  result is the sum over its boards.  Exact fractions throughout.
* **Matchpoints** (the duplicate whist method): 2 for each pair beaten and 1
  for each tie, a top of 2(n - 1); boards played fewer times than the others
  are factored up with Neuberg's formula ``MP' = (MP + 1) E / A - 1``.

Artificial scores from Law B (a result marked ``adjusted``) come from the
other results on the board: see :mod:`scoring.irregular`.  The director's
adjusted scores (not played, average-plus/average/average-minus to each side,
weighted scores, fouled boards' versions) are read in :mod:`scoring.adjusted`;
a board with none of them takes the fast path of :mod:`.comparison`, unchanged.

Fields: when every pair keeps one direction (a Mitchell) the North-South and
East-West pairs are ranked separately; when any pair plays both directions
(a Howell, an arrow switch) all pairs form one field.  The comparison on
each board is per direction either way.
"""

from .comparison import BoardSummary, compare_boards, compare_line, law_h_averages
from .explain import Explanation, explain_board
from .factoring import AS_PLAYED, FACTORED, FACTORINGS, boards_most_played, factored
from .lines import METHODS, BoardLine, BoardResult
from .matchpoints import BoardRanking, board_matchpoints, neuberg, rank_board
from .standings import PairStanding, pair_label_key, pair_standings, rank_labels, standing_json

__all__ = [
    "AS_PLAYED",
    "FACTORED",
    "FACTORINGS",
    "METHODS",
    "BoardLine",
    "BoardRanking",
    "BoardResult",
    "BoardSummary",
    "Explanation",
    "PairStanding",
    "board_matchpoints",
    "boards_most_played",
    "compare_boards",
    "compare_line",
    "explain_board",
    "factored",
    "law_h_averages",
    "neuberg",
    "pair_label_key",
    "pair_standings",
    "rank_board",
    "rank_labels",
    "standing_json",
]
