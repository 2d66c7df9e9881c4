"""The director's rulings guide for irregularities of the auction (RULES.md section 6).

For each irregularity the code's options in plain words, laid out as the
modern laws lay out theirs (the *Laws of Duplicate Contract Bridge* 17-40):
who may choose, what happens to the auction, the penalty points, the lead
restrictions.  Duplicate Law F overrides the codes wherever they offer a new
deal: in duplicate there is none (except for a faulty deal, Law B), and a
declaration out of turn stands, 50 points to the opponents, the offender's
partner barred for the deal.

Pure data and one function: :func:`guide` for a code, :func:`option` to find
one.  The app records the ruling chosen (the points into the honour score
with their law, the bar applied to the auction) and keeps a log.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codes import Code

__all__ = ["BARS", "Irregularity", "Option", "guide", "option"]

LAW_F = "Duplicate Law F"

# How long the offender's side is barred from declaring (scoring.auction.Bar).
BARS = {
    "": "no bar",
    "partner": "the offender's partner may not declare again on this deal",
    "partner-until": "the offender's partner may not declare again unless an opponent "
    "bids or doubles",
    "both": "neither the offender nor his partner may declare again on this deal",
}


@dataclass(frozen=True, slots=True)
class Option:
    """One course the director may rule, and what it does."""

    key: str
    title: str
    auction: str  # what happens to the auction, in words
    points: int  # to the non-offending side's honour score
    law: str  # the law of this option (cited with the points)
    bar: str = ""  # a key of BARS
    lead: str = ""  # a lead penalty, in words
    makes: str = ""  # "sufficient" | "seven" | "last-final": the call becomes this
    cancels: bool = False  # the offending call is taken back (not part of the auction)


@dataclass(frozen=True, slots=True)
class Irregularity:
    key: str
    name: str
    who_chooses: str
    options: tuple[Option, ...]
    note: str = ""


def guide(code: Code) -> tuple[Irregularity, ...]:
    """Every irregularity of the auction with this code's options."""
    laws = code.laws
    royalton = code.key == "royalton"
    either = (
        "either opponent, without consulting his partner; his first choice is final "
        f"({_consult(code)})"
    )
    lapse = (
        f"The penalty may not be enforced once an opponent of the offender has passed, "
        f"doubled or declared after the irregularity ({laws['lapse']})."
    )
    out_of_turn = Irregularity(
        "out-of-turn",
        "A declaration, double or redouble out of turn",
        f"no choice in duplicate: {LAW_F} decides",
        (
            Option(
                "stands",
                "The call stands; 50 points to the opponents; the offender's partner is barred",
                "The call stands as if made in turn; the bidding goes on from the offender's left. "
                f"The code's new deal ({laws['out_of_turn']}) is not allowed in duplicate.",
                50,
                LAW_F,
                bar="partner",
            ),
        ),
        note=f"{LAW_F} also covers doubles and redoubles out of turn "
        f"({'Royalton Law 48' if royalton else 'Law 57'}: a double is a declaration).",
    )
    if royalton:
        pass_out_of_turn = Irregularity(
            "pass-out-of-turn",
            'A pass ("no bid") out of turn',
            either,
            (
                Option(
                    "stands",
                    "The pass stands as if made in turn",
                    "Royalton Law 37 treats a pass out of turn as a bid out of turn: the "
                    "opponents may let it stand and the bidding goes on as if it were in turn "
                    f"(the new deal is not allowed in duplicate, {LAW_F}).",
                    0,
                    laws["out_of_turn"],
                ),
            ),
            note=lapse,
        )
    else:
        pass_out_of_turn = Irregularity(
            "pass-out-of-turn",
            "A pass out of turn",
            "nobody: the law settles it",
            (
                Option(
                    "order",
                    "The order is unaffected; the offender may come back in only if the "
                    "declaration he passed is overbid or doubled",
                    "It is still the turn of the player to the left of the last declarer. "
                    "The offender may declare again in his turn only if the declaration he "
                    "passed has since been overbid or doubled.",
                    0,
                    laws["out_of_turn"],
                    cancels=True,
                ),
            ),
        )
    insufficient = Irregularity(
        "insufficient",
        "An insufficient declaration",
        either,
        (
            Option(
                "sufficient",
                "Made sufficient in the declaration named; the partner may not declare "
                "unless an opponent bids or doubles",
                "The offender's declaration becomes the lowest sufficient one in the same "
                "denomination; his partner may not declare again unless an opponent "
                "subsequently bids or doubles.",
                0,
                laws["insufficient"],
                bar="partner-until",
                makes="sufficient",
            ),
            Option(
                "none",
                "No penalty demanded: the offender corrects it as he likes",
                "The insufficient declaration is taken back; the bid over which it was made "
                "may be repeated unless a higher one has intervened.",
                0,
                laws["lapse"],
                cancels=True,
            ),
        ),
        note=lapse,
    )
    seven_law = laws["impossible"] if code.key != "1915" else laws["insufficient"]
    reading = (
        ""
        if code.key != "1915"
        else " The 1915 code names no penalty for a declaration of more than seven; "
        "we read the 1913 Law 50 (and Royalton Law 38) into it, which it follows word for word "
        "in the insufficient declaration."
    )
    impossible = Irregularity(
        "impossible",
        "An impossible declaration (more than seven odd tricks)",
        either,
        (
            Option(
                "seven",
                "Made seven in the suit named; the partner may not declare unless an "
                "opponent bids or doubles",
                "The declaration becomes seven in the denomination named; the offender's "
                "partner may not declare again unless an opponent subsequently bids or doubles.",
                0,
                seven_law,
                bar="partner-until",
                makes="seven",
            ),
            Option(
                "last-final",
                "The last declaration of the offending side becomes the final declaration",
                "The auction ends: the offending side's last declaration (before the "
                "impossible one) is the contract. The new deal the code also offers is not "
                f"allowed in duplicate ({LAW_F}).",
                0,
                seven_law,
                makes="last-final",
            ),
        ),
        note=lapse + reading,
    )
    double_partner = Irregularity(
        "double-partner",
        "A double of partner's declaration, or a redouble of partner's double",
        "either opponent may demand the penalty",
        (
            Option(
                "fifty",
                "50 points to the opponents' honour score; the call is void",
                "The double (or redouble) does not count; the same player calls again.",
                50,
                laws["doubles"],
                cancels=True,
            ),
        ),
    )
    redouble_twice = Irregularity(
        "redouble-twice",
        "A redouble after a redouble (redoubling more than once)",
        "either opponent may demand the penalty",
        (
            Option(
                "hundred",
                "100 points to the opponents' honour score; the call is void",
                "The second redouble does not count; the same player calls again. The new "
                f"deal the code also offers is not allowed in duplicate ({LAW_F}).",
                100,
                laws["doubles"],
                cancels=True,
            ),
        ),
    )
    barred = Irregularity(
        "barred",
        "A declaration by a barred player",
        either,
        (
            Option(
                "stands",
                "The declaration stands; neither the offender nor his partner may declare again",
                "The opponents let the declaration stand; the offender and his partner take "
                "no further part in the bidding, even if the opponents double or declare.",
                0,
                laws["barred"],
                bar="both",
            ),
            Option(
                "void",
                "The declaration is void; neither the offender nor his partner may declare again",
                "The declaration does not count (the offender passes instead); the offender "
                "and his partner take no further part in the bidding.",
                0,
                laws["barred"],
                bar="both",
                cancels=True,
            ),
        ),
        note=lapse,
    )
    information = Irregularity(
        "information",
        "Information about a previous declaration given after the auction",
        "the declarer (an opponent's remark), or either opponent (dummy's remark to declarer)",
        (
            Option(
                "lead",
                "A lead may be called",
                "The auction stands. If an opponent of the declarer told his partner, the "
                "declarer may call a lead from the opponent whose turn it is next to lead; "
                "if dummy told the declarer, either opponent may call a lead when it is next "
                "the declarer's turn to lead from either hand.",
                0,
                laws["information"],
                lead="a lead called by the non-offending side, at the offender's side's "
                "next turn to lead",
            ),
        ),
        note="A question about a previous bid asked during the auction must be answered; "
        "after the auction anyone may ask what the contract is.",
    )
    return (
        out_of_turn,
        pass_out_of_turn,
        insufficient,
        impossible,
        double_partner,
        redouble_twice,
        barred,
        information,
    )


def _consult(code: Code) -> str:
    return "Royalton Law 41" if code.key == "royalton" else "Law 50c"


def option(code: Code, irregularity: str, key: str) -> tuple[Irregularity, Option]:
    """The irregularity and option named, or ValueError in the director's words."""
    for item in guide(code):
        if item.key == irregularity:
            for opt in item.options:
                if opt.key == key:
                    return item, opt
            raise ValueError(f"{item.name}: there is no option {key!r}")
    raise ValueError(f"there is no irregularity {irregularity!r} in the rulings guide")
