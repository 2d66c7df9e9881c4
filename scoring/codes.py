"""The codes of laws a director can choose, as data.

Each :class:`Code` holds every number the scorer needs, with the law that
gives it, so that :mod:`scoring.deal` contains no magic numbers and a
traveller can cite its source.  See ``RULES.md`` section 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType

__all__ = ["CODES", "Code", "get_code"]


@dataclass(frozen=True, slots=True, eq=False)
class Code:
    """One code of laws.

    ``trick_values`` maps each strain the code allows to the value of an odd
    trick in it; the order of the mapping is the rank of the strains from
    low to high, which the auction recorder and the scorer's screens use.
    """

    key: str
    name: str
    trick_values: Mapping[str, int]
    dealer_may_pass: bool
    undertrick: int  # per trick, undoubled (x2 doubled, x4 redoubled)
    royal_undertrick: int  # Royalton Law 36; 0 where there are no royal bids
    has_royal: bool
    has_honours: bool
    slams_need_declaration: bool  # Royalton Laws 86-87
    little_slam: int
    grand_slam: int
    doubled_bonus: int  # bonus for a doubled contract made; x2 redoubled
    premium: int  # Duplicate Law A
    premium_threshold: int  # the trick score that earns the premium
    revoke_penalty: int
    spade_opening_cap: int  # 1913 Law 48; 0 where no cap
    # Citations, so every item of a score can name its law.
    laws: Mapping[str, str]

    def strain_value(self, strain: str) -> int:
        """The value of one odd trick in ``strain`` (Law 3 / Royalton Law 83)."""
        return self.trick_values[strain]

    @property
    def strains(self) -> tuple[str, ...]:
        """The strains of this code, low to high."""
        return tuple(self.trick_values)


WC1915 = Code(
    key="1915",
    name="Whist Club 1915",
    trick_values=MappingProxyType({"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10}),
    dealer_may_pass=True,
    undertrick=50,
    royal_undertrick=0,
    has_royal=False,
    has_honours=True,
    slams_need_declaration=False,
    little_slam=50,
    grand_slam=100,
    doubled_bonus=50,
    premium=125,
    premium_threshold=30,
    revoke_penalty=100,
    spade_opening_cap=0,
    laws=MappingProxyType(
        {
            "tricks": "Law 3",
            "honours": "Law 6",
            "grand_slam": "Law 7",
            "little_slam": "Law 8",
            "undertricks": "Law 48",
            "doubled_bonus": "Law 56",
            "revoke_declarer": "Law 84(a)",
            "revoke_defender": "Law 84(b)",
            "revoke_further": "Law 84(c)",
            "revoke_both": "Law 89",
            "premium": "Duplicate Law A",
            "pass": "Law 44",
        }
    ),
)

WC1913 = Code(
    key="1913",
    name='Whist Club 1913 ("royal spades")',
    trick_values=MappingProxyType({"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10}),
    dealer_may_pass=False,
    undertrick=50,
    royal_undertrick=0,
    has_royal=False,
    has_honours=True,
    slams_need_declaration=False,
    little_slam=20,
    grand_slam=40,
    doubled_bonus=50,
    premium=125,
    premium_threshold=30,
    revoke_penalty=100,
    spade_opening_cap=100,
    laws=MappingProxyType(
        {
            "tricks": "Law 3",
            "honours": "Law 6",
            "grand_slam": "Law 7",
            "little_slam": "Law 8",
            "undertricks": "Law 47a",
            "spade_cap": "Law 48",
            "doubled_bonus": "Law 56",
            "revoke_declarer": "Law 84(a)",
            "revoke_defender": "Law 84(b)",
            "revoke_further": "Law 84(c)",
            "revoke_both": "Law 89",
            "premium": "Duplicate Law A",
            "pass": "Law 42",
        }
    ),
)

ROYALTON = Code(
    key="royalton",
    name="Royalton (Hawley 1915)",
    trick_values=MappingProxyType({"S": 10, "C": 10, "D": 10, "H": 10, "NT": 10, "NULLO": 10}),
    dealer_may_pass=True,
    undertrick=50,
    royal_undertrick=100,
    has_royal=True,
    has_honours=False,
    slams_need_declaration=True,
    little_slam=100,
    grand_slam=250,
    doubled_bonus=50,
    premium=125,
    premium_threshold=40,  # Reading: Royalton's game is 40 (Law 84)
    revoke_penalty=100,
    spade_opening_cap=0,
    laws=MappingProxyType(
        {
            "tricks": "Royalton Law 83",
            "honours": "Royalton Law 85",
            "grand_slam": "Royalton Law 86",
            "little_slam": "Royalton Law 87",
            "undertricks": "Royalton Law 36",
            "royal": "Royalton Law 32",
            "doubled_bonus": "Royalton Law 47",
            "revoke_declarer": "Royalton Law 77(a)",
            "revoke_defender": "Royalton Law 77(b)",
            "revoke_further": "Royalton Law 77(c)",
            "revoke_both": "Royalton Law 81",
            "premium": "Duplicate Law A",
            "pass": "Royalton Law 31",
        }
    ),
)

CODES: Mapping[str, Code] = MappingProxyType({c.key: c for c in (WC1915, WC1913, ROYALTON)})


@cache
def get_code(key: str = "1915", *, english_slams: bool = False) -> Code:
    """Return the code named ``key`` ("1915", "1913" or "royalton").

    ``english_slams`` applies the English rule that some American players
    adopted with the 1913 laws: little slam 50 and grand slam 100 instead of
    20 and 40 (1913 code, note to Laws 7-8).  It is an option of the 1913
    code only.
    """
    try:
        code = CODES[str(key).lower()]
    except KeyError:
        known = ", ".join(f'"{k}"' for k in CODES)
        raise ValueError(f'unknown code of laws "{key}": choose one of {known}') from None
    if english_slams:
        if code.key != "1913":
            raise ValueError("the English slam rule is an option of the 1913 laws only")
        code = replace(code, name=code.name + ", English slam rule", little_slam=50, grand_slam=100)
    return code
