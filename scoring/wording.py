"""Counting in words: "1 odd trick", "2 odd tricks", never "odd trick(s)".

Every itemised reason and message counts something; a scorer reads them at
the table, so they are written as a person would say them.
"""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun in the right number: ``count(1, "odd trick")`` is "1 odd trick"."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
