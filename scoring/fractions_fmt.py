"""Exact numbers and their display: Fractions until the moment of display.

Law G rounds averages "to the nearest whole point"; an exact half (which an
odd-sized average never produces, but a Law H average can) is rounded away
from zero, the usual convention of the scorers of the time.  **Reading.**
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["exact", "round_half_away", "signed", "two_decimals"]


def exact(x: Fraction | int) -> str:
    """``"7"``, ``"-203/3"``: the exact value as text (JSON-safe)."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def mixed_fraction(x: Fraction | int) -> str:
    """An exact value as a person (and a spreadsheet, never as a date) reads it: ``191
    3/5`` (``958/5``), ``-378 1/3``, ``0 1/2``; a whole number as itself.  ``271/2``
    would be read as 27 1/2."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    whole, rest = divmod(abs(x.numerator), x.denominator)
    return f"{sign}{whole} {rest}/{x.denominator}"


def _div_half_away(num: int, den: int) -> int:
    """num / den (den > 0) rounded to the nearest integer, halves away from zero."""
    q, r = divmod(abs(num), den)
    if 2 * r >= den:
        q += 1
    return q if num >= 0 else -q


def round_half_away(x: Fraction | int) -> int:
    """Round to the nearest whole number, halves away from zero."""
    if type(x) is int:
        return x
    return _div_half_away(x.numerator, x.denominator)


def two_decimals(x: Fraction | int) -> str:
    """``"54.17"``: rounded half away from zero to two decimals."""
    if type(x) is int:
        return f"{x}.00"
    cents = _div_half_away(x.numerator * 100, x.denominator)
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def signed(x: Fraction | int) -> str:
    """``"+50"``, ``"-30"``, ``"0"``: a score with its sign, to the whole point (halves
    away from zero).  Nothing either way (a deal passed out, a level match) has no sign:
    "NS +0" reads as a score North-South won."""
    n = round_half_away(x)
    return f"{n:+d}" if n else "0"
