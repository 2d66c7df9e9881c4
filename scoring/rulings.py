"""The director's rulings guide for irregularities of the auction (docs/laws/auction.md).

For each irregularity the code's options in plain words, laid out as the
modern laws lay out theirs (the *Laws of Duplicate Contract Bridge* 17-40):
who may choose, what happens to the auction, the penalty points, the bars,
the lead restrictions.  Duplicate Law F overrides the codes wherever they
offer a new deal: in duplicate there is none (except for a faulty deal, Law
B), and a declaration out of turn stands, 50 points to the opponents, the
offender's partner barred for the deal.

:func:`guide` gives a code's irregularities, :func:`option` finds one, and
:func:`apply` does what an option says to an :class:`~scoring.auction.Auction`:
the call recorded (as made, made sufficient, made seven, or a pass instead),
the auction ended, the bars, and the points with their law
(:class:`~scoring.deal.Penalty`, which :func:`scoring.deal.score_deal` puts in
the other side's honour score).  Where a reading is ours the entry says so,
quoting the law (:attr:`Irregularity.reading`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .auction import Auction, AuctionError, Bar, Call, parse_named
from .cards import SEATS, other_side, partner, side_of
from .codes import Code
from .contract import Contract
from .deal import Penalty
from .errors import ScoringError, short_repr

__all__ = [
    "BARS",
    "Irregularity",
    "Option",
    "Ruled",
    "apply",
    "guide",
    "marks_a_call",
    "option",
]

LAW_F = "Duplicate Law F"

# Who is barred from declaring, and until when (scoring.auction.Bar).
BARS = {
    "": "no bar",
    "partner": "the offender's partner may not declare or double again in this auction",
    "partner-until": "the offender's partner may not declare or double again unless an "
    "opponent bids or doubles",
    "both": "neither the offender nor his partner may declare or double again in this auction",
    "offender-until-overbid": "the offender may not declare or double again unless the "
    "declaration he passed is overbid or doubled by another player",
}

# What becomes of the offending call (Option.call).
CALLS = {
    "": "not recorded: the auction goes on as though it had not been made",
    "as-made": "recorded as made (out of turn, the players it passed over lose their turn)",
    "sufficient": "recorded as the lowest sufficient declaration in its denomination",
    "seven": "recorded as seven in its denomination",
    "pass": "recorded as a pass",
}


@dataclass(frozen=True, slots=True)
class Option:
    """One course the director may rule, and what it does."""

    key: str
    title: str
    auction: str  # what happens to the auction, in words
    points: int  # to the non-offending side's honour score
    law: str  # the law of this option (cited with the points and the bar)
    bar: str = ""  # a key of BARS
    lead: str = ""  # a lead penalty, in words
    call: str = ""  # a key of CALLS: what becomes of the offending call
    final: bool = False  # the adversaries' last declaration becomes final

    @property
    def changes_auction(self) -> bool:
        """Does this option record a call, end the auction or bar a player?"""
        return bool(self.call or self.final or self.bar)


@dataclass(frozen=True, slots=True)
class Irregularity:
    key: str
    name: str
    who_chooses: str
    options: tuple[Option, ...]
    note: str = ""
    reading: str = ""  # where the entry is our reading, with the law quoted


@dataclass(frozen=True, slots=True)
class Ruled:
    """What a ruling did: the call it recorded, the bars it set, the points it gave."""

    irregularity: Irregularity
    option: Option
    offender: str
    recorded: Call | None
    bars: tuple[Bar, ...]
    penalty: Penalty | None
    final: Call | None = None  # the declaration made final (an impossible declaration)

    @property
    def summary(self) -> str:
        return f"{self.irregularity.name}: {self.option.title}"


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
                call="as-made",
            ),
        ),
        note=f"{LAW_F} also covers doubles and redoubles out of turn "
        f"({'Royalton Law 48' if royalton else 'Law 57'}: a double is a declaration).",
    )
    if royalton:
        pass_out_of_turn = Irregularity(
            "pass-out-of-turn",
            'A pass ("no bid") out of turn',
            f"nobody: with the new deal barred by {LAW_F}, Royalton Law 37 leaves only "
            "letting it stand",
            (
                Option(
                    "stands",
                    "The pass stands as if made in turn; no points, no bar",
                    "The pass counts as if it had been in turn: the bidding goes on from the "
                    "offender's left, and the players it passed over lose their turn.",
                    0,
                    laws["pass_out_of_turn"],
                    call="as-made",
                ),
            ),
            note=lapse,
            reading='Our reading of an open point. Royalton Law 37: "If a player pass out '
            'of turn, it shall be considered as a bid out of turn." Duplicate Law F: "A '
            "declaration (other than passing) out of turn must stand; as a penalty, the "
            "adversaries score 50 honour points ... and the partner of the offending player "
            "cannot thereafter participate in the bidding of that deal.\" Law F's penalty "
            "excepts passing and forbids the new deal, so the pass stands as Law 37 lets "
            'the adversaries allow ("the bidding shall continue as if the declaration had '
            'been in turn"), with no points and no bar.',
        )
    else:
        pass_out_of_turn = Irregularity(
            "pass-out-of-turn",
            "A pass out of turn",
            "nobody: the law settles it",
            (
                Option(
                    "order",
                    "The order is unaffected; the offender may not declare or double again "
                    "unless the declaration he passed is overbid or doubled",
                    "The pass is not recorded: the player whose turn it was calls. In his own "
                    "turns the offender may pass; a double counts as a declaration (Law 57).",
                    0,
                    laws["pass_out_of_turn"],
                    bar="offender-until-overbid",
                ),
            ),
            note=(
                'Law 49: "A pass out of turn ... does not affect the order of bidding, i. e., '
                "it is still the turn of the player to the left of the previous declarer. ... "
                "when he has passed out of his turn, he may only [re-enter the bidding] in case "
                'the declaration he has passed is overbid or doubled."'
                if code.key == "1915"
                else 'Law 49: "If a player pass out of turn, the order of the bidding is not '
                "affected ... The player who has passed out of turn may re-enter the bidding "
                'in his proper turn if the declaration he has passed be overbid or doubled."'
            )
            + f" {LAW_F}'s penalty is for a declaration other than passing: no points.",
            reading="Our reading: a player who passes out of turn before any declaration "
            'passed the first declaration made after it (Foster: "the player whose turn it '
            'was must declare himself").',
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
                "denomination.",
                0,
                laws["insufficient"],
                bar="partner-until",
                call="sufficient",
            ),
            Option(
                "stands",
                "No penalty demanded: the insufficient declaration stands as regular",
                "The declaration stands as it was made and the bidding goes on over it; "
                "the bid over which it was made may be repeated unless a higher bid has "
                "intervened.",
                0,
                laws["repeat"],
                call="as-made",
            ),
        ),
        note=lapse
        + (
            ' Foster: "the insufficient bid stands as regular. Suppose A bids three royals '
            "and Y says four clubs, B and Z passing. A can repeat his bid of three royals if "
            'he likes."'
            if code.key == "1913"
            else ""
        ),
    )
    seven_law = laws["impossible_remedy"]
    impossible = Irregularity(
        "impossible",
        "An impossible declaration (more than seven, or none of its denomination at seven "
        "or less is higher)",
        either,
        (
            Option(
                "seven",
                "Made seven in the suit named; the partner may not declare unless an "
                "opponent bids or doubles",
                "The declaration becomes seven in the denomination named, even where that "
                "seven is not higher than the last declaration.",
                0,
                seven_law,
                bar="partner-until",
                call="seven",
            ),
            Option(
                "last-final",
                "The last declaration made by the adversary's own side becomes the final "
                "declaration",
                "The auction ends: the last declaration made on behalf of the partnership of "
                "the adversary who demands it (before the impossible one) is the contract, "
                "with its doubles. The new deal the code also offers is not allowed in "
                f"duplicate ({LAW_F}).",
                0,
                seven_law,
                final=True,
            ),
        ),
        note=lapse
        + (
            ' 1913 Law 50: "that the last declaration made on behalf of his partnership '
            'become the final declaration"; Foster: "calling six diamonds over five no '
            "trumps, when it is clearly impossible to make any diamond declaration worth "
            "50 ... the last bid made by his own side, five no trumps, shall be the winning "
            'declaration."'
            if code.key != "royalton"
            else ' Royalton Law 38: "that the last declaration made on behalf of his '
            'partnership become the final declaration."'
        ),
        reading=(
            "Our reading: the 1915 code has no impossible-declaration law of its own; its "
            "insufficient declaration (Law 50) cannot be made sufficient at seven or less, "
            "so the 1913 Law 50 remedy is applied, whose insufficient-declaration law it "
            "follows word for word."
            if code.key == "1915"
            else ""
        ),
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
                "The opponents let the declaration stand; the bar holds even if the opponents "
                "double or declare.",
                0,
                laws["barred"],
                bar="both",
                call="as-made",
            ),
            Option(
                "void",
                "The declaration is void; neither the offender nor his partner may declare again",
                "The declaration does not count: the offender passes instead.",
                0,
                laws["barred"],
                bar="both",
                call="pass",
            ),
        ),
        note=lapse
        + (
            f" {laws['barred']} names the players barred under "
            f"{'Laws 38 or 50' if royalton else 'Laws 50 or 65'}; the guide applies it to a "
            f"player barred under any law ({LAW_F}, Law 49 too)."
        ),
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
    if royalton:
        specific: tuple[Irregularity, ...] = (
            Irregularity(
                "changed",
                "A declaration changed after the next player called",
                f"no choice in duplicate: {LAW_F} decides",
                (
                    Option(
                        "stands",
                        "The changed declaration stands as a bid out of turn; 50 points to "
                        "the opponents; the offender's partner is barred",
                        "The new declaration is recorded where it was made, as a declaration "
                        "out of turn: it stands and the bidding goes on from the offender's "
                        "left (the players it passed over lose their turn); the declaration "
                        "it meant to change stays too.",
                        50,
                        f"{laws['changed']}, {LAW_F}",
                        bar="partner",
                        call="as-made",
                    ),
                ),
                note='Royalton Law 43: "A declaration or pass, legitimately made, cannot be '
                "changed until the next turn in rotation. If so changed, it shall be considered "
                'as a bid out of turn and subject to the penalty, as provided in Law 37." A '
                "change to a pass is a pass out of turn: rule it as one.",
            ),
            Irregularity(
                "royal",
                "A royal not of an equal number of tricks (an opening or a jump royal)",
                "nobody: the law settles it",
                (
                    Option(
                        "void",
                        "The royal is void; 25 points to the opponents; the offender calls again",
                        "The royal does not count; the same player calls again (a royal only "
                        "of the last declaration's number, or any other call).",
                        25,
                        f"{laws['royal']}, {laws['infraction']}",
                    ),
                ),
                note='Royalton Law 32: "Whenever a player has declared any number of tricks '
                '"odd" ..., any other player in turn may make a declaration of an equal '
                'number of tricks "odd" royal."',
                reading="Our reading: Law 32 names no penalty, so Royalton Law 99 applies: "
                '"The infraction of any rule where a specific penalty is not provided therein, '
                'is a penalty of twenty-five points."',
            ),
            Irregularity(
                "exposed",
                "A card exposed or led during the auction",
                "nobody: nothing to choose in duplicate",
                (),
                note='Royalton Law 50: "if any player lead or expose a card, there must be a '
                f'new deal." {LAW_F} allows no new deal in duplicate, and the Royalton laws '
                "give no other penalty: the auction goes on. Penalty points, if the director "
                "awards any, are entered with the result.",
            ),
        )
    else:
        lead_65 = (
            "the card is subject to call"
            + (
                " if it belongs to an adversary of the eventual declarer"
                if code.key == "1915"
                else " (if more than one card was exposed, all may be called)"
            )
            + "; when the offender's partner is the original leader, the declarer may also "
            "prohibit the initial lead of the suit of the exposed card"
        )
        specific = (
            Irregularity(
                "exposed",
                "A card exposed or led during the auction",
                "nobody for the bar; the declarer for the lead penalties",
                (
                    Option(
                        "law-65",
                        "The offender's partner may not bid or double again; the card is "
                        "subject to call",
                        "The auction goes on (a bid by the partner is Law 50a's). Write the "
                        "card exposed in the call box (e.g. SQ) for the log.",
                        0,
                        laws["exposed"],
                        bar="partner",
                        lead=lead_65,
                    ),
                ),
                note=f'{laws["exposed"]}: "After the deal and before the declaration has been '
                "finally determined, if any player lead or expose a card, his partner may not "
                'thereafter bid or double during that declaration."',
                reading=""
                if code.dealer_may_pass
                else "Our reading: the dealer must declare (Law 42), so a dealer whose partner "
                "exposed a card before the dealer's first call still makes that compulsory "
                "declaration; the bar holds from then on.",
            ),
        )
    return (
        out_of_turn,
        pass_out_of_turn,
        insufficient,
        impossible,
        double_partner,
        redouble_twice,
        barred,
        *specific,
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


def marks_a_call(code: Code, irregularity: str, key: str) -> bool:
    """Does this ruling put a declaration, double or redouble into the auction with the
    director's mark (the call a PBN note explains)?  A pass recorded by a ruling, a
    ruling that voids a call or only bars a player, does not."""
    try:
        item, opt = option(code, irregularity, key)
    except ValueError:
        return False
    return opt.call in ("as-made", "sufficient", "seven") and item.key != "pass-out-of-turn"


# Irregularities of a call made in its turn that the code refuses, and the calls
# it can be when the director writes none.
_IN_TURN: dict[str, tuple[str, ...]] = {
    "insufficient": (),
    "impossible": (),
    "double-partner": ("X", "XX"),
    "redouble-twice": ("XX",),
    "barred": (),
    "royal": (),
}


def apply(auction: Auction, irregularity: str, key: str, offender: str, call: str = "") -> Ruled:
    """Rule ``irregularity`` with option ``key`` against ``offender``, who made ``call``
    (as said at the table: "1C", "8S", "X"; the card exposed for Law 65), and do to
    ``auction`` what the option says.  A ruling that does not fit the auction (the call
    was in turn, or is allowed, or is another irregularity) raises
    :class:`~scoring.errors.ScoringError` in the director's words, and changes nothing.
    After the auction, points or a lead are ruled on the director's word alone."""
    code = auction.code
    try:
        item, opt = option(code, irregularity, key)
    except ValueError as e:
        raise ScoringError(str(e)) from None
    if offender not in SEATS:
        raise ScoringError(f"say who offended: N, E, S or W, not {short_repr(offender)}")
    if opt.changes_auction and auction.is_over:
        raise ScoringError(
            "the auction is over: this ruling would change it (only a penalty or a lead can "
            "be ruled now)"
        )
    made: Call | None = None
    text = call.strip() if isinstance(call, str) else ""
    # A penalty found after the auction is ruled on the director's word.
    checked = opt.changes_auction or not auction.is_over
    if checked and item.key in _IN_TURN:
        made = _in_turn_call(auction, item, opt, offender, text)
    elif checked and item.key in ("out-of-turn", "changed", "pass-out-of-turn"):
        made = _out_of_turn_call(auction, item, offender, text)
    recorded: Call | None = None
    final: Call | None = None
    start = len(auction.bars)
    if opt.call == "as-made":
        assert made is not None
        recorded = auction.add_ruled(made, opt.law)
    elif opt.call == "sufficient":
        assert made is not None and made.bid is not None
        recorded = auction.add_ruled(
            Call(offender, "bid", auction.sufficient(made.bid, offender)), opt.law
        )
    elif opt.call == "seven":
        assert made is not None and made.bid is not None
        royal = made.bid.royal and _royal_at_seven(auction, offender)
        recorded = auction.add_ruled(
            Call(offender, "bid", Contract(7, made.bid.strain, royal)), opt.law
        )
    elif opt.call == "pass":
        recorded = auction.add_ruled(Call(offender, "pass"), opt.law)
    if opt.final:
        final = auction.end_with_last_of(other_side(side_of(offender)))
    if opt.bar == "partner":
        auction.bar_partner(offender, opt.law)
    elif opt.bar == "partner-until":
        auction.bar_partner(offender, opt.law, until_opponent_acts=True)
    elif opt.bar == "both":
        auction.bar(offender, opt.law)
        auction.bar(partner(offender), opt.law)
    elif opt.bar == "offender-until-overbid":
        auction.bar(offender, opt.law, lifts="overbid")
    penalty = Penalty(other_side(side_of(offender)), opt.points, opt.law) if opt.points else None
    return Ruled(item, opt, offender, recorded, tuple(auction.bars[start:]), penalty, final)


def _royal_at_seven(auction: Auction, seat: str) -> bool:
    last = auction.last_bid
    return last is not None and last.bid is not None and last.bid.level == 7 and last.seat != seat


def _in_turn_call(
    auction: Auction, item: Irregularity, opt: Option, offender: str, text: str
) -> Call:
    """The call of an in-turn irregularity, checked to be that irregularity now."""
    if offender != auction.to_call:
        raise ScoringError(
            f"it is {auction.to_call}'s turn, not {offender}'s: a call by {offender} now is out "
            "of turn (rule that first)"
        )
    tried = [text] if text else list(_IN_TURN[item.key])
    if not tried:
        raise ScoringError("write the call that was made, e.g. 1C or 8S")
    for attempt in tried:
        made, said = parse_named(attempt, offender, auction.code)
        kind, message = _kind_of(auction, made, said, attempt.upper())
        if kind == item.key:
            break
    if kind != item.key:
        other = next((i.name for i in guide(auction.code) if i.key == kind), "")
        raise ScoringError(
            message
            + (f": rule it as {_lower(other)}" if other else "")
            + f", not as {_lower(item.name)}"
        )
    if opt.call == "as-made" and item.key == "barred":
        if said > 7:
            raise ScoringError(f"{attempt.upper()} is more than seven: it cannot stand")
        try:
            auction.check(made, bars=False)
        except AuctionError as e:
            raise ScoringError(
                f"{attempt.upper()} would not be allowed even if {offender} were not barred: {e}"
            ) from None
    return made


def _kind_of(auction: Auction, made: Call, said: int, shown: str) -> tuple[str, str]:
    """Which irregularity ``made`` is now (a key of the guide, "" if allowed), and why."""
    if auction.barred(made.seat) is not None and made.kind != "pass":
        bar = auction.barred(made.seat)
        assert bar is not None
        return "barred", auction.describe_bar(bar)
    if said > 7:
        return "impossible", f"{shown} is more than seven: an impossible declaration"
    try:
        auction.check(made)
    except AuctionError as e:
        return e.kind, str(e)
    return "", f"{shown} by {made.seat} is allowed now"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _out_of_turn_call(auction: Auction, item: Irregularity, offender: str, text: str) -> Call:
    """The call of an irregularity out of turn, checked to be out of turn and, but for
    its turn, allowed."""
    if offender == auction.to_call:
        raise ScoringError(
            f"it is {offender}'s turn: a call by {offender} now is in turn, not out of turn"
        )
    if item.key == "pass-out-of-turn":
        if text and parse_named(text, offender, auction.code)[0].kind != "pass":
            raise ScoringError(
                f"{text.upper()} is not a pass: rule it as a declaration out of turn"
            )
        return Call(offender, "pass")
    if item.key == "changed" and not any(c.seat == offender for c in auction.calls):
        raise ScoringError(f"{offender} has made no call yet: nothing of his to change")
    made, said = parse_named(text, offender, auction.code)
    if made.kind == "pass":
        raise ScoringError(
            "a pass out of turn is not a declaration out of turn: rule it as a pass out of turn"
        )
    if said > 7:
        raise ScoringError(
            f"{text.upper()} is more than seven: an impossible declaration, not one to stand"
        )
    try:
        auction.check(made, in_turn=False)
    except AuctionError as e:
        raise ScoringError(f"{text.upper()} would not be allowed even in turn: {e}") from None
    return made
