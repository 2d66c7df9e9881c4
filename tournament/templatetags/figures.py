"""How the pages show an exact figure: a mixed number ("-566 2/3"), as the files write
it, since "-1700/3" is not read as a number of points at a glance."""

from fractions import Fraction

from django import template

from scoring.fractions_fmt import mixed_fraction

register = template.Library()


@register.filter
def mixed(value: Fraction | int | str) -> str:
    """``value`` as a mixed number; text (a figure already worded) as it is."""
    if isinstance(value, Fraction | int):
        return mixed_fraction(value)
    return value
