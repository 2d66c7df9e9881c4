"""Contract notation: parse, validate against a code of laws, format.

Notation (DESIGN.md): ``PASS``; otherwise level 1-7, strain, an optional
``R`` for a Royalton royal bid, and an optional ``X`` or ``XX``:
``4H``, ``3NT``, ``2SX``, ``5CXX``, 1913 royal spades ``2RS``, Royalton
royal ``3SR`` and nullo ``2NULLO`` (royal nullo ``2NULLOR``).  Each code's
own examples are :attr:`Code.notation_hint`; under the 1913 English bidding
rule ``2S`` and ``2RS`` are the same contract (spades are always royals).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .codes import Code
from .errors import ScoringError, short_repr

__all__ = ["PASS", "Contract", "ContractError", "parse_contract"]

STRAIN_NAMES = {
    "C": "clubs",
    "D": "diamonds",
    "H": "hearts",
    "S": "spades",
    "RS": "royal spades",
    "NT": "no trump",
    "NULLO": "nullo",
}

_PATTERN = re.compile(r"^([1-7])(NULLO|NT|RS|N|C|D|H|S)(R?)(XX|X|)$")


class ContractError(ScoringError):
    """A contract that cannot be read, or that the chosen code does not allow."""


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract.  ``level`` 0 means the deal was passed out."""

    level: int
    strain: str = ""
    royal: bool = False
    doubled: int = 0  # 0 undoubled, 1 doubled, 2 redoubled

    @property
    def is_pass(self) -> bool:
        return self.level == 0

    @property
    def multiplier(self) -> int:
        """1, 2 or 4: doubling doubles, redoubling quadruples (1915 Law 53)."""
        return 1 << self.doubled

    @property
    def is_nullo(self) -> bool:
        return self.strain == "NULLO"

    @property
    def target(self) -> int:
        """Tricks needed to fulfil the contract: the book of six plus the level."""
        return 6 + self.level

    def __str__(self) -> str:
        if self.is_pass:
            return "PASS"
        return f"{self.level}{self.strain}{'R' if self.royal else ''}{'X' * self.doubled}"

    def describe(self) -> str:
        """In words, for a traveller: "three hearts doubled"."""
        if self.is_pass:
            return "passed out"
        words = ["one", "two", "three", "four", "five", "six", "seven"][self.level - 1]
        text = f"{words} {'royal ' if self.royal else ''}{STRAIN_NAMES[self.strain]}"
        return text + ("", " doubled", " redoubled")[self.doubled]


PASS = Contract(0)


def parse_contract(text: str, code: Code) -> Contract:
    """Read ``text`` as a contract and check that ``code`` allows it."""
    if not isinstance(text, str):
        raise ContractError(
            f"the contract must be written as text like {code.notation_hint.split(';')[0]}"
            f", not {short_repr(text)}"
        )
    return _parse_contract(text, code)


@lru_cache(maxsize=1024)
def _parse_contract(text: str, code: Code) -> Contract:
    """Cached: an event has a few dozen distinct contracts and scoring reads
    them thousands of times."""
    raw = text.strip().upper().replace(" ", "")
    if raw in ("PASS", "P", "AP", "ALLPASS"):
        if not code.dealer_may_pass:
            raise ContractError(
                f"under the {code.name} laws the dealer must declare ({code.laws['pass']}): "
                "a deal cannot be passed out"
            )
        return PASS
    m = _PATTERN.match(raw)
    if not m:
        raise ContractError(
            f"{short_repr(text)} is not a contract: write the level 1-7, the strain "
            f"({', '.join(code.strains)}), then X or XX if doubled: {code.notation_hint}"
        )
    level, strain, royal, dbl = m.groups()
    strain = code.strain_aliases.get(strain, strain)
    if strain not in code.trick_values:
        raise ContractError(
            f'"{text}": {STRAIN_NAMES[strain]} is not a declaration under the {code.name} laws '
            f"(its strains are {', '.join(code.strains)})"
        )
    if royal and not code.has_royal:
        raise ContractError(
            f'"{text}": royal bids belong to the Royalton laws, not the {code.name} laws'
        )
    return Contract(int(level), strain, bool(royal), len(dbl))
