"""The codes of laws a director can choose, as data.

Each :class:`Code` holds every fact the scorer and the app need, with the
law that states it, so that :mod:`scoring.deal` contains no magic numbers,
a traveller can cite its source, and no screen, form or export spells a
code's facts again.  See docs/laws/scoring.md, "The codes of laws a director can choose".

The 1913 code has two event options, the two "English rules" of the note
after Duplicate Law H in the 1913 text (docs/laws/scoring.md, "The 1913 English rule"):
the **English bidding rule** (the dealer may pass; spades are always royals
at 9; the lowest declaration is one club) and the **English slam rule**
(little slam 50, grand slam 100).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType

from .errors import short_repr

__all__ = ["CODES", "Code", "code_from_pbn_scoring", "get_code"]

# Where the 1913 text states its two English rules (they have no law number).
ENGLISH_NOTE = "note after Duplicate Law H"
ENGLISH_BIDDING_LAW = f"the English bidding rule ({ENGLISH_NOTE})"
ENGLISH_SLAM_LAW = f"the English slam rule ({ENGLISH_NOTE})"

BID_ORDERS = ("rank", "value", "royal")


@dataclass(frozen=True, slots=True, eq=False)
class Code:
    """One code of laws, with the event options it was built with.

    ``trick_values`` maps each strain the code allows to the value of an odd
    trick in it; the order of the mapping is the order of the strains from
    low to high, which the auction recorder and the scorer's screens use
    (see :meth:`bid_key` for what makes one declaration higher than another).
    """

    key: str
    name: str
    trick_values: Mapping[str, int]
    dealer_may_pass: bool
    undertrick: int  # per trick, undoubled (x2 doubled, x4 redoubled)
    royal_undertrick: int  # Royalton Laws 32, 36; 0 where there are no royal bids
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
    # Revokes (docs/laws/scoring.md, "Revokes").  1913/1915 Law 84 and 89; Royalton Laws 77, 81.
    penalty_tricks_earn_bonus: bool  # Royalton 77(b): they count for slam and doubled bonus
    revoking_side_may_score: bool  # Royalton 77(b) has no bar like 1915 Law 84's last line
    each_revoke_costs: bool  # Royalton 77(c): two or more revokes, 100 each, no choice
    equal_revokes_void: bool  # Royalton 81: equal numbers on both sides, no score
    bid_order: str  # "rank" (1915 Law 45), "value" (1913 Law 44), "royal" (Royalton 32)
    pbn_scoring: str  # the PBN ``Scoring`` tag value for this code and its options
    notation_hint: str  # examples of the contract notation, for help texts and messages
    # Citations, so every item of a score can name its law.
    laws: Mapping[str, str]
    # Other spellings of a strain the code accepts ("N" for no trump; under the
    # English bidding rule "RS", since every spade bid is royal).
    strain_aliases: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({"N": "NT"}))
    english_slams: bool = False
    english_bidding: bool = False

    def strain_value(self, strain: str) -> int:
        """The value of one odd trick in ``strain`` (Law 3 / Royalton Law 83)."""
        return self.trick_values[strain]

    @property
    def strains(self) -> tuple[str, ...]:
        """The strains of this code, low to high."""
        return tuple(self.trick_values)

    @property
    def has_nullo(self) -> bool:
        """Royalton's nullo (Law 30): a declaration to make the opponents take tricks."""
        return "NULLO" in self.trick_values

    @property
    def options(self) -> dict[str, bool]:
        """The event options this code was built with: ``get_code(key, **options)``."""
        return {"english_slams": self.english_slams, "english_bidding": self.english_bidding}

    def trick_law(self, strain: str) -> str:
        """The law that gives the value of a trick in ``strain``.

        Law 3 of 1913 values royal spades at 9; under the English bidding rule
        every spade bid is royal, so a spade trick cites both.
        """
        return self.laws.get(f"tricks_{strain}") or self.laws["tricks"]

    def bid_key(self, level: int, strain: str, royal: bool = False) -> tuple[int, ...]:
        """A key under which a declaration is higher than another exactly when its key is.

        Doubling never changes it (1915 Law 53, 1913 Law 53, Royalton Law 44).

        * 1915 (Law 45): more tricks, or as many in a higher denomination
          C < D < H < S < NT.
        * 1913 (Law 44): a higher value in points (tricks x value); an equal
          value is higher only with more tricks: "three spades" (6) beats
          "one club" (6).  The English bidding rule keeps this law; only the
          values change (spades 9).
        * Royalton (Law 32): more tricks; at one level a royal bid beats every
          plain bid, then S < C < D < H < NT < NULLO.
        """
        strain = self.strain_aliases.get(strain, strain)
        if strain not in self.trick_values:
            raise ValueError(f"{strain!r} is not a declaration under the {self.name} laws")
        if self.bid_order == "value":
            return (level * self.trick_values[strain], level)
        rank = self.strains.index(strain)
        if self.bid_order == "royal":
            return (level, int(bool(royal)), rank)
        return (level, rank)

    @property
    def lowest_declaration(self) -> str:
        """The lowest declaration, e.g. "1C" (1915, English bidding) or "1S" (1913, Royalton)."""
        lowest = min(self.strains, key=lambda s: self.bid_key(1, s))
        return f"1{lowest}"


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
    penalty_tricks_earn_bonus=False,
    revoking_side_may_score=False,
    each_revoke_costs=False,
    equal_revokes_void=False,
    bid_order="rank",
    pbn_scoring="Auction;WhistClub1915",
    notation_hint="4H, 3NT, 2S, 1C; X doubled, XX redoubled; PASS when all four pass",
    laws=MappingProxyType(
        {
            "tricks": "Law 3",
            "doubling": "Law 53",
            "honours": "Law 6",
            "grand_slam": "Law 7",
            "little_slam": "Law 8",
            "undertricks": "Law 48a",
            "doubled_bonus": "Law 56",
            "revoke_declarer": "Law 84(a)",
            "revoke_defender": "Law 84(b)",
            "revoke_further": "Law 84(c)",
            "revoke_both": "Law 89",
            "premium": "Duplicate Law A",
            "pass": "Laws 42, 44",
            "bidding": "Law 45",
            # The auction (docs/laws/auction.md), for scoring.auction and the rulings guide.
            "calls": "Law 43",
            "overbidding": "Law 46",
            "final": "Law 47 (note: a declaration passed by three players is final)",
            "declarer": "Law 47",
            "passed_out": "Law 44",
            "doubles": "Law 54",
            "out_of_turn": "Law 49",
            "pass_out_of_turn": "Law 49",
            "insufficient": "Law 50",
            "impossible": "Law 45 (one to seven odd tricks)",
            # No impossible-declaration law of its own: the 1913 Law 50 remedy
            # (docs/laws/auction.md, "An impossible declaration").
            "impossible_remedy": "Law 50, read with the 1913 Law 50",
            "barred": "Law 50a",
            "lapse": "Law 50b",
            "repeat": "Law 50b, note",
            "information": "Law 51",
            "exposed": "Law 65",
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
    penalty_tricks_earn_bonus=False,
    revoking_side_may_score=False,
    each_revoke_costs=False,
    equal_revokes_void=False,
    bid_order="value",
    pbn_scoring="Auction;WhistClub1913",
    notation_hint="4H, 3NT, 2RS (royal spades), 1S (the dealer's one spade); "
    "X doubled, XX redoubled",
    laws=MappingProxyType(
        {
            "tricks": "Law 3",
            "doubling": "Law 53",
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
            "bidding": "Law 44",
            "calls": "Law 43",
            "overbidding": "Law 45",
            "final": "Law 46 (note: a declaration passed by three players is final)",
            "declarer": "Law 46",
            "passed_out": "Law 42",
            "doubles": "Law 54",
            "out_of_turn": "Law 49",
            "pass_out_of_turn": "Law 49",
            "insufficient": "Law 50",
            "impossible": "Law 50",
            "impossible_remedy": "Law 50",
            "barred": "Law 50a",
            "lapse": "Law 50b",
            "repeat": "Law 50b, note 11",
            "information": "Law 51",
            "exposed": "Law 65",
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
    penalty_tricks_earn_bonus=True,
    revoking_side_may_score=True,
    each_revoke_costs=True,
    equal_revokes_void=True,
    bid_order="royal",
    pbn_scoring="Auction;Royalton",
    notation_hint="4H, 3NT, 3SR (royal), 2NULLO, 2NULLOR (royal nullo); "
    "X doubled, XX redoubled; PASS when all four pass",
    laws=MappingProxyType(
        {
            "tricks": "Royalton Law 83",
            "doubling": "Royalton Law 44",
            "honours": "Royalton Law 85",
            "grand_slam": "Royalton Law 86",
            "little_slam": "Royalton Law 87",
            "undertricks": "Royalton Law 36",
            "royal_undertricks": "Royalton Law 32",  # undoubled; doubled ones are Law 36
            "royal": "Royalton Law 32",
            "doubled_bonus": "Royalton Law 47",
            "revoke_declarer": "Royalton Law 77(a)",
            "revoke_defender": "Royalton Law 77(b)",
            "revoke_further": "Royalton Law 77(c)",
            "revoke_both": "Royalton Law 81",
            "premium": "Duplicate Law A, at Royalton's game of 40 (Royalton Law 84)",
            "pass": "Royalton Law 30",
            "bidding": "Royalton Law 32",
            "calls": "Royalton Law 31",
            "overbidding": "Royalton Law 33",
            "final": "Royalton Law 34",
            "declarer": "Royalton Law 34",
            "passed_out": "Royalton Law 30",
            "doubles": "Royalton Law 45",
            "out_of_turn": "Royalton Law 37",
            "pass_out_of_turn": "Royalton Law 37",
            "insufficient": "Royalton Law 38",
            "impossible": "Royalton Law 38",
            "impossible_remedy": "Royalton Law 38",
            "barred": "Royalton Law 39",
            "lapse": "Royalton Law 40",
            "repeat": "Royalton Law 40",
            "information": "Royalton Law 42",
            "changed": "Royalton Law 43",
            "exposed": "Royalton Law 50",
            "infraction": "Royalton Law 99",
        }
    ),
)

CODES: Mapping[str, Code] = MappingProxyType({c.key: c for c in (WC1915, WC1913, ROYALTON)})


def _english_bidding(code: Code) -> Code:
    """The 1913 code under the English bidding rule (note after Duplicate Law H).

    "The dealer [may] pass ... The lowest declaration is one club, as spades
    have a constant value of nine and are always 'royals'."  So: a passed-out
    deal is possible; ``S`` is worth 9 and ``RS`` is another name for it;
    **Reading:** with no weak one-spade opening, Law 48's limit on the dealer's
    one spade does not apply.
    """
    return replace(
        code,
        name=code.name + ", English bidding rule",
        trick_values=MappingProxyType({"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10}),
        dealer_may_pass=True,
        spade_opening_cap=0,
        pbn_scoring=code.pbn_scoring + ";EnglishBidding",
        notation_hint="4H, 3NT, 2S (spades are always royals; 2RS means the same), 1C; "
        "X doubled, XX redoubled; PASS when all four pass",
        strain_aliases=MappingProxyType({**code.strain_aliases, "RS": "S"}),
        laws=MappingProxyType(
            {
                **{k: v for k, v in code.laws.items() if k != "spade_cap"},
                "tricks_S": f"Law 3 (royal spades) and {ENGLISH_BIDDING_LAW}",
                "pass": ENGLISH_BIDDING_LAW,
            }
        ),
        english_bidding=True,
    )


def _english_slams(code: Code) -> Code:
    """The 1913 code under the English slam rule: little slam 50, grand slam 100."""
    return replace(
        code,
        name=code.name + ", English slam rule",
        little_slam=50,
        grand_slam=100,
        pbn_scoring=code.pbn_scoring + ";EnglishSlams",
        laws=MappingProxyType(
            {**code.laws, "grand_slam": ENGLISH_SLAM_LAW, "little_slam": ENGLISH_SLAM_LAW}
        ),
        english_slams=True,
    )


def get_code(
    key: str = "1915", *, english_slams: bool = False, english_bidding: bool = False
) -> Code:
    """Return the code named ``key`` ("1915", "1913" or "royalton") with its options.

    ``english_slams`` and ``english_bidding`` are the two English rules of the
    note after Duplicate Law H in the 1913 text, which some American players
    adopted with the 1913 laws; each is an option of the 1913 code only, and
    they are independent.  The same code and options always return the same
    object, however they are spelled (parsed contracts are cached per code).
    """
    return _code(str(key).lower(), bool(english_slams), bool(english_bidding))


@cache
def _code(key: str, english_slams: bool, english_bidding: bool) -> Code:
    try:
        code = CODES[key]
    except KeyError:
        known = ", ".join(f'"{k}"' for k in CODES)
        raise ValueError(f"unknown code of laws {short_repr(key)}: choose one of {known}") from None
    for wanted, rule in ((english_bidding, "English bidding"), (english_slams, "English slam")):
        if wanted and code.key != "1913":
            raise ValueError(
                f"the {rule} rule is an option of the 1913 laws only (the note after "
                f"Duplicate Law H in the 1913 text), not of the {code.name} laws"
            )
    if english_bidding:
        code = _english_bidding(code)
    if english_slams:
        code = _english_slams(code)
    return code


def code_from_pbn_scoring(value: str) -> Code:
    """The code named by a PBN ``Scoring`` tag value, e.g. ``Auction;WhistClub1913;EnglishSlams``.

    The inverse of :attr:`Code.pbn_scoring`; the parts after the first may
    come in any order.
    """
    parts = [p.strip().lower() for p in str(value).split(";")]
    keys = {"whistclub1915": "1915", "whistclub1913": "1913", "royalton": "royalton"}
    options = {"englishbidding": "english_bidding", "englishslams": "english_slams"}
    if len(parts) < 2 or parts[0] != "auction" or parts[1] not in keys:
        raise ValueError(
            f'the PBN scoring "{value}" names no code of laws this program knows; expected '
            + ", ".join(f'"{c.pbn_scoring}"' for c in CODES.values())
        )
    chosen: dict[str, bool] = {}
    for part in parts[2:]:
        if part not in options or options[part] in chosen:
            raise ValueError(f'the PBN scoring "{value}" has an unknown or repeated part "{part}"')
        chosen[options[part]] = True
    return get_code(keys[parts[1]], **chosen)
