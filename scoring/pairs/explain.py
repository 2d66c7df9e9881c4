"""Each traveller line's comparison explained: the counts and figures behind its
North-South score, and the sentence a player reads ("beat 4, tied 1, lost 2 of 7:
9 of 14 matchpoints"; "net +205 against the average +141.6: +63.4 (Law H)").

One place for the explanation, read off the lines :func:`scoring.pairs.compare_boards`
gave (the standings' own comparison): the figure a sentence ends on is the stored
line's, and the counts before it are taken from the same board's lines with the same
primitives (:func:`~scoring.pairs.matchpoints.mp_of`, Neuberg, the weighted mixture),
so a test can hold each explanation's arithmetic equal to the stored comparison.
Exact (``Fraction``) in :class:`Explanation`; rounded only in its sentence.  The laws
are ``docs/laws/duplicate.md`` (H, matchpoints, B) and ``scoring/adjusted.py``'s
readings of the director's adjusted scores.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..adjusted import (
    ASSIGNED_LABELS,
    NOT_PLAYED,
    WEIGHTED,
    AdjustedValues,
    Weights,
    compare_mixed,
    parse_awards,
    parse_weights,
)
from ..fractions_fmt import round_half_away, two_decimals
from ..irregular import ADJUSTMENTS
from .lines import DEFAULT_VALUES, BoardLine, as_whole

__all__ = [
    "PAIRS",
    "PLAYERS",
    "Entries",
    "Explanation",
    "explain_board",
    "explain_total",
    "mp_text",
    "one_decimal",
]

# What each kind of line is compared by, in the words of docs/laws/duplicate.md.
LAW_H = "Law H"
MATCHPOINTS = "matchpoints"
LAW_B = "Law B(3)"
DIRECTOR = "the director's adjusted score"


@dataclass(frozen=True, slots=True)
class Entries:
    """Whom the sentences speak of: a pair contest's pairs, or an individual's players
    (docs/laws/duplicate.md, "Individuals": a player's score on a board is his
    partnership's, and a table's two players are beaten or tied together).

    ``neither``: whom a line not played counts for none of; ``subject``, ``pronoun``
    and ``plural``: an entry in the standings (the tops "it" played, "its" boards,
    what "the most pairs" played);
    ``tables``: a matchpoint line's counts name the other tables, not the players,
    since a table's two players count together (an individual)."""

    neither: str
    subject: str
    pronoun: str
    plural: str
    tables: bool = False

    def others(self, n: int) -> str:
        """The other lines a matchpoint line was counted against: "7" for a pair, "the 7
        other tables" for an individual's partnership."""
        return f"the {n} other table{'' if n == 1 else 's'}" if self.tables else str(n)


PAIRS = Entries("neither pair", "it", "its", "pairs")
PLAYERS = Entries("none of its four players", "he", "his", "players", tables=True)


@dataclass(frozen=True, slots=True)
class Explanation:
    """How one line's North-South score was reached, exact.

    ``kind``: "matchpoints", "law-h", "law-b", "assigned", "weighted", "not-played" or
    "waiting" (a Law B line with no real score yet).  For matchpoints, ``beat``,
    ``tied`` and ``lost`` count the other real lines of its version, ``mixed`` is
    what the line earned against weighted lines, ``raw`` their sum (``2 beat + tied +
    mixed``) on a top of ``2 (compared - 1)``, and ``score`` that factored up to the
    event's top by Neuberg.  For Law H, ``net`` less ``average`` (of ``compared``
    lines) is ``score``.  ``score`` is always the stored line's North-South figure.
    """

    kind: str
    law: str
    sentence: str
    score: Fraction | int | None
    net: Fraction | int | None = None
    average: Fraction | int | None = None
    compared: int = 0
    beat: int = 0
    tied: int = 0
    lost: int = 0
    mixed: Fraction | int = 0
    raw: Fraction | int | None = None
    top: int | None = None


def one_decimal(x: Fraction | int, sign: bool = True) -> str:
    """``"+141.6"``: a net score or an average, to one decimal when not whole (halves
    away from zero), signed when ``sign``; nothing either way has no sign."""
    if Fraction(x).denominator == 1:
        n = int(x)
        return f"{n:+d}" if sign and n else str(n)
    tenths = round_half_away(Fraction(x) * 10)
    text = f"{abs(tenths) // 10}.{abs(tenths) % 10}"
    return ("-" if tenths < 0 else "+" if sign else "") + text


def mp_text(x: Fraction | int) -> str:
    """Matchpoints as the traveller prints them: whole, or to two decimals."""
    return str(x) if Fraction(x).denominator == 1 else two_decimals(x)


def _part(x: Fraction | int) -> str:
    """A weight: ``1/3``."""
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def explain_board(
    lines: Sequence[BoardLine],
    values: AdjustedValues = DEFAULT_VALUES,
    entries: Entries = PAIRS,
) -> list[Explanation]:
    """Each of one board's compared lines explained, in order.

    ``lines``: every line of the board as :func:`~scoring.pairs.compare_boards` gave
    them (the event's top, and so Neuberg's expected results, is read off their
    ``top``); ``values``: the event's adjusted-score settings.  A board's versions (a
    fouled board) are each explained within themselves, as they were compared.
    ``entries``: whom the sentences speak of (:data:`PAIRS`, or an individual's
    partnerships, :data:`PLAYERS`).
    """
    by_version: dict[int, list[int]] = defaultdict(list)
    for i, line in enumerate(lines):
        by_version[line.result.version].append(i)
    out: list[Explanation | None] = [None] * len(lines)
    for idx in by_version.values():
        version = [lines[i] for i in idx]
        for i, e in zip(
            idx, _explain_version(version, values, len(by_version) > 1, entries), strict=True
        ):
            out[i] = e
    return out  # type: ignore[return-value]


def _explain_version(
    lines: list[BoardLine], values: AdjustedValues, fouled: bool, entries: Entries
) -> list[Explanation]:
    top = next((line.top for line in lines if line.top is not None), None)
    # compare_boards' top is 2 (expected - 1), expected the results Neuberg counts up to.
    expected = None if top is None else top // 2 + 1
    # A real line's net is a whole number (BoardResult); the others' is None.
    real: list[int] = sorted(line.result.net_ns for line in lines if line.result.net_ns is not None)
    mixes: list[Weights] = [
        parse_weights(line.result.weights or ())
        for line in lines
        if line.result.adjusted == WEIGHTED
    ]
    # The lines that were compared: real, weighted and Law B (not the not-played nor
    # the assigned, which take no part in the others' comparison).
    compared = [line for line in lines if line.net_ns is not None and line.ns_score is not None]
    # The average the version's lines were compared with, read back from a stored line
    # (its net less its difference; every line of a version has the same one, as
    # law_h_averages checks and the tests hold).
    average = (
        as_whole(Fraction(compared[0].net_ns) - compared[0].ns_score)  # type: ignore[arg-type, operator]
        if top is None and compared
        else None
    )
    among = (
        f" among the {len(compared)} lines of version {lines[0].result.version}" if fouled else ""
    )
    # Lines alike (the same score or adjustment, so the same figures) share one
    # explanation: a board of 1,000 tables has a few dozen distinct scores.
    alike: dict[tuple[object, ...], Explanation] = {}
    out = []
    for line in lines:
        r = line.result
        # Within a version, the score or adjustment decides the comparison.
        key = (r.adjusted, r.net_ns, r.weights)
        e = alike.get(key)
        if e is None:
            e = _explain_line(
                line, real, mixes, compared, average, top, expected, values, among, entries
            )
            alike[key] = e
        out.append(e)
    return out


def _explain_line(
    line: BoardLine,
    real: list[int],  # the version's real scores, sorted
    mixes: list[Weights],
    compared: list[BoardLine],
    average: Fraction | int | None,
    top: int | None,
    expected: int | None,
    values: AdjustedValues,
    among: str,
    entries: Entries,
) -> Explanation:
    adjusted = line.result.adjusted
    score = line.ns_score
    if adjusted == NOT_PLAYED:
        factored = (
            "; the other lines' matchpoints are factored up to the full top (Neuberg)"
            if top is not None
            else ""
        )
        return Explanation(
            "not-played",
            DIRECTOR,
            f"Not played: the board counts for {entries.neither}, and this line takes no part "
            f"in the others' comparison{factored} ({DIRECTOR}).",
            None,
        )
    awards = parse_awards(adjusted or "")
    if awards is not None:
        ns_award, ew_award = awards
        if top is not None:
            pct = {"plus": values.plus_percent, "average": 50, "minus": values.minus_percent}
            said = (
                f"{ASSIGNED_LABELS[ns_award]} to North-South, {pct[ns_award]}% of the top "
                f"{top}: {mp_text(line.ns_score)}; {ASSIGNED_LABELS[ew_award]} to East-West, "  # type: ignore[arg-type]
                f"{pct[ew_award]}%: {mp_text(line.ew_score)}"  # type: ignore[arg-type]
            )
        else:
            said = (
                f"{ASSIGNED_LABELS[ns_award]} to North-South: {one_decimal(line.ns_score)} "  # type: ignore[arg-type]
                f"against the board's average; {ASSIGNED_LABELS[ew_award]} to East-West: "
                f"{one_decimal(line.ew_score)}"  # type: ignore[arg-type]
            )
        return Explanation(
            "assigned",
            DIRECTOR,
            f"{said[0].upper()}{said[1:]}. An assigned score takes no part in the others' "
            f"comparison ({DIRECTOR}).",
            score,
            top=top,
        )
    if score is None:
        return Explanation(
            "waiting",
            LAW_B,
            "No score yet: an artificial score is taken from the real scores on the deal, "
            f"and none has been entered ({LAW_B}).",
            None,
        )
    if adjusted in ADJUSTMENTS:
        return _law_b(line, real, compared, average, top, expected, among)
    if adjusted == WEIGHTED:
        return _weighted(line, real, mixes, compared, average, top, expected, among)
    if top is None:
        net = line.net_ns
        return Explanation(
            "law-h",
            LAW_H,
            f"Net {one_decimal(net)} against the average {one_decimal(average)} of "  # type: ignore[arg-type]
            f"{len(compared)} lines{among}: {one_decimal(score)} ({LAW_H}).",
            score,
            net=net,
            average=average,
            compared=len(compared),
        )
    own: int = line.result.net_ns  # type: ignore[assignment]
    beat = bisect_left(real, own)
    tied = bisect_right(real, own) - beat - 1
    lost = len(real) - beat - tied - 1
    mixed = as_whole(sum((compare_mixed(((Fraction(1), own),), m) for m in mixes), Fraction(0)))
    others = len(real) - 1 + len(mixes)
    raw = as_whole(2 * beat + tied + mixed)
    counts = f"beat {beat}, tied {tied}, lost {lost} of {entries.others(others)}{among}"
    if mixes:
        counts = (
            f"beat {beat}, tied {tied}, lost {lost} of the {len(real) - 1} other real "
            f"score{'' if len(real) == 2 else 's'}{among}, and earned {mp_text(mixed)} against "
            f"the {len(mixes)} weighted score{'s' if len(mixes) > 1 else ''}"
        )
    return _matchpoints_explanation(
        "matchpoints",
        counts,
        others,
        raw,
        score,
        top,
        expected,
        beat=beat,
        tied=tied,
        lost=lost,
        mixed=mixed,
    )


def _matchpoints_explanation(
    kind: str,
    counts: str,
    others: int,
    raw: Fraction | int,
    score: Fraction | int,
    top: int,
    expected: int | None,
    **parts: Fraction | int,
) -> Explanation:
    """The sentence of a line compared by matchpoints, Neuberg's factoring spelled out
    when the version was compared on fewer lines than the event's top counts."""
    own_top = 2 * others
    sentence = f"{counts[0].upper()}{counts[1:]}: {mp_text(raw)} of {own_top} matchpoints"
    if own_top != top and expected is not None:
        actual = others + 1
        sentence += (
            f", factored up to the top of {top} (Neuberg: ({mp_text(raw)} + 1) × {expected} "
            f"÷ {actual} − 1 = {mp_text(score)})"
        )
    sentence += f"; East-West the other {mp_text(top - score)} ({MATCHPOINTS})."
    return Explanation(
        kind,
        MATCHPOINTS,
        sentence,
        score,
        net=None,
        compared=others + 1,
        raw=raw,
        top=top,
        **parts,  # type: ignore[arg-type]
    )


def _weighted(
    line: BoardLine,
    real: list[int],
    mixes: list[Weights],
    compared: list[BoardLine],
    average: Fraction | int | None,
    top: int | None,
    expected: int | None,
    among: str,
) -> Explanation:
    mine = parse_weights(line.result.weights or ())
    parts = " and ".join(f"{_part(w)} of {one_decimal(n)}" for w, n in mine)
    if top is None:
        return Explanation(
            "weighted",
            LAW_H,
            f"A weighted score ({DIRECTOR}): {parts}, net {one_decimal(line.net_ns)}; "  # type: ignore[arg-type]
            f"against the average {one_decimal(average)} of {len(compared)} lines{among}: "  # type: ignore[arg-type]
            f"{one_decimal(line.ns_score)} ({LAW_H}).",  # type: ignore[arg-type]
            line.ns_score,
            net=line.net_ns,
            average=average,
            compared=len(compared),
        )
    others_mixed = list(mixes)
    others_mixed.remove(mine)
    each = []
    sums = []
    raw: Fraction | int = 0
    for w, a in mine:
        one = ((Fraction(1), a),)
        earned = as_whole(
            sum((compare_mixed(one, ((Fraction(1), s),)) for s in real), Fraction(0))
            + sum((compare_mixed(one, m) for m in others_mixed), Fraction(0))
        )
        raw += w * earned
        each.append(f"as {one_decimal(a)} it earns {mp_text(earned)}")
        sums.append(f"{_part(w)} × {mp_text(earned)}")
    raw = as_whole(raw)
    others = len(real) + len(others_mixed)
    counts = (
        f"a weighted score ({DIRECTOR}), {parts}, each part compared with the other "
        f"{others} lines{among}: {' and '.join(each)}; {' + '.join(sums)}"
    )
    return _matchpoints_explanation(
        "weighted",
        counts,
        others,
        raw,
        line.ns_score,  # type: ignore[arg-type]
        top,
        expected,
        mixed=raw,
    )


def _law_b(
    line: BoardLine,
    real: list[int],
    compared: list[BoardLine],
    average: Fraction | int | None,
    top: int | None,
    expected: int | None,
    among: str,
) -> Explanation:
    adjusted = line.result.adjusted
    n = len(real)
    taken = {
        "average": f"the average of the {n} real score{'s' if n > 1 else ''} on the board",
        "ns-lowest": "the lowest North-South score on the board",
        "ew-lowest": "the lowest East-West score on the board (the highest to North-South)",
    }[adjusted]  # type: ignore[index]
    if top is None:
        return Explanation(
            "law-b",
            LAW_B,
            f"An artificial score: {taken}, net {one_decimal(line.net_ns)}; against the "  # type: ignore[arg-type]
            f"average {one_decimal(average)} of {len(compared)} lines{among}: "  # type: ignore[arg-type]
            f"{one_decimal(line.ns_score)} ({LAW_B}, {LAW_H}).",  # type: ignore[arg-type]
            line.ns_score,
            net=line.net_ns,
            average=average,
            compared=len(compared),
        )
    mp_taken = {
        "average": f"half the top {top}",
        "ns-lowest": "the lowest North-South matchpoints on the board",
        "ew-lowest": "the lowest East-West matchpoints on the board",
    }[adjusted]  # type: ignore[index]
    return Explanation(
        "law-b",
        LAW_B,
        f"An artificial score: {taken}, {mp_taken}: {mp_text(line.ns_score)} of {top} to "  # type: ignore[arg-type]
        f"North-South, {mp_text(line.ew_score)} to East-West ({LAW_B}).",  # type: ignore[arg-type]
        line.ns_score,
        net=line.net_ns,
        top=top,
    )


def explain_total(
    score: Fraction | int,
    boards: int,
    percent: Fraction | int | None = None,
    as_played: Fraction | int | None = None,
    compared: int | None = None,
    factor_to: int | None = None,
    entries: Entries = PAIRS,
) -> str:
    """An entry's total in the standings in words: the sum of its boards (each on its
    score card), the factoring when the event uses it (``scoring/pairs/factoring.py``:
    the sum as played × B ÷ b), or its matchpoints as a percentage of the tops it
    played.  The figures are :class:`~scoring.pairs.PairStanding`'s own (or an
    individual's :class:`~scoring.individuals.PlayerStanding`, ``entries`` then
    :data:`PLAYERS`)."""
    played = f"{boards} board{'' if boards == 1 else 's'}"
    it, its = entries.subject, entries.pronoun
    if percent is not None:
        return (
            f"The sum of {its} matchpoints on {its} {played}, {mp_text(score)}: "
            f"{two_decimals(percent)}% of the tops {it} played ({MATCHPOINTS})."
        )
    if as_played is not None and compared is not None and factor_to is not None:
        return (
            f"The sum of {its} scores on the {compared} boards {it} played with a comparison, "
            f"{one_decimal(as_played)}, × {factor_to} ÷ {compared} = {one_decimal(score)} "
            f"(factored: {factor_to} boards is what the most {entries.plural} played)."
        )
    return (
        f"The sum of {its} scores against the average on {its} {played}: "
        f"{one_decimal(score)} ({LAW_H})."
    )
