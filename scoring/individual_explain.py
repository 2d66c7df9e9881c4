"""An individual's traveller lines explained for their players (docs/laws/duplicate.md,
"Individuals").

A board's comparison in an individual is the pair comparison of its tables'
partnerships, each partnership's score credited to both its players
(:mod:`scoring.individuals`), so its explanation is the pair explanation's
(:func:`scoring.pairs.explain_board`, one home for the sentences and their arithmetic)
in an individual's words (:data:`~scoring.pairs.explain.PLAYERS`: a matchpoint line's
counts name the other tables, whose two players are beaten or tied together), and each
sentence ends by naming what the line gives each of its four players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from .adjusted import AdjustedValues
from .individuals import IndividualLine
from .pairs import BoardLine, explain_board
from .pairs.explain import PLAYERS, Explanation, mp_text, one_decimal
from .pairs.lines import DEFAULT_VALUES

__all__ = ["as_board_line", "explain_individual_board", "players_credit"]


def as_board_line(line: IndividualLine) -> BoardLine:
    """An individual's compared line as its partnerships' (the pair comparison it is)."""
    return BoardLine(line.result.as_pairs(), line.net_ns, line.ns_score, line.ew_score, line.top)


def players_credit(line: IndividualLine) -> str:
    """What the line gives each of its four players, in words: both partners the
    partnership's score ("North 3 and South 4 score +69.5 each, East 7 and West 2 score -69.5
    each"); nothing for a line that earned nothing (not played, or a Law B line still
    waiting for a real score)."""
    if line.ns_score is None or line.ew_score is None:
        return ""
    r = line.result

    def shown(x: Fraction | int) -> str:
        return one_decimal(x) if line.top is None else mp_text(x)

    return (
        f"For the players: North {r.n} and South {r.s} score {shown(line.ns_score)} each, "
        f"East {r.e} and West {r.w} score {shown(line.ew_score)} each (a partnership's score is "
        "both its players')."
    )


def explain_individual_board(
    lines: Sequence[IndividualLine], values: AdjustedValues = DEFAULT_VALUES
) -> list[Explanation]:
    """Each of one board's compared lines of an individual explained, in order: the
    partnerships' explanation (its figures the stored comparison's own), and what it
    gives the four players."""
    explained = explain_board([as_board_line(line) for line in lines], values, PLAYERS)
    out = []
    for line, e in zip(lines, explained, strict=True):
        credit = players_credit(line)
        out.append(replace(e, sentence=f"{e.sentence} {credit}") if credit else e)
    return out
