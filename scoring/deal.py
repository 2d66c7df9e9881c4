"""score_deal(): one deal scored by the chosen code, itemised.

Every point is an :class:`Item` naming its side, its column (trick or
honour score) and the law behind it, so a traveller can explain itself.
See docs/laws/scoring.md and docs/laws/duplicate.md, Law A.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .cards import SEATS, Deal, other_side, side_of
from .codes import Code, get_code
from .contract import Contract
from .errors import Refusal, ScoringError, short_repr
from .honours import check_counts, honours_from_deal, score_honours
from .wording import count

__all__ = [
    "DealResult",
    "DealScore",
    "Item",
    "Penalty",
    "ScoringError",
    "declarer_must_choose",
    "revoke_choices",
    "score_deal",
]

TRICK = "trick"
HONOUR = "honour"


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points awarded to ``side``'s honour score under ``law`` (docs/laws/scoring.md,
    "Other honour-score penalties")."""

    side: str
    points: int
    law: str


@dataclass(frozen=True, slots=True)
class DealResult:
    """What happened at one table on one deal: the input to :func:`score_deal`.

    ``tricks`` are the tricks won *in play* by declarer's side (a nullo too:
    declarer's side's tricks; its target is the opponents' tricks).  Honours
    come from ``deal`` when the hands are known, else from ``honours`` (how
    many each seat held), else there are none.  ``revokes`` counts
    established revokes per side; ``revoke_penalty`` is declarer's choice,
    "points" or "tricks", when only the defenders revoked and the code gives
    him one (see :func:`declarer_must_choose`).

    A field that cannot apply is refused by :func:`score_deal`, never
    ignored: a declarer, tricks, honours, revokes or a revoke penalty on a
    passed-out deal; a revoke penalty when no choice arose; honours under
    Royalton, or both honours and the deal.
    """

    contract: Contract
    declarer: str | None = None
    tricks: int = 0
    dealer: str | None = None
    honours: Mapping[str, int] | None = None
    deal: Deal | None = None
    revokes: Mapping[str, int] = field(default_factory=dict)
    revoke_penalty: str | None = None
    penalties: Sequence[Penalty] = ()
    premium: bool = True


class Item(NamedTuple):
    """One line of a score: ``points`` to ``side``'s trick or honour column, and why.

    A named tuple, like :class:`DealScore`, rather than a class of its own: a tuple
    of strings and ints is dropped from the garbage collector's watch once it has
    survived a collection, so an export or a bulk load keeping 100,000 scores does
    not pay for scanning them again and again (``benchmarks/score_deals.py``).
    """

    side: str  # "NS" or "EW"
    column: str  # "trick" or "honour"
    points: int
    reason: str


class DealScore(NamedTuple):
    """The score of one deal: each side's two columns and every item behind them.

    A named tuple of ints and a tuple of :class:`Item`: immutable, and (see
    :class:`Item`) cheap to keep by the hundred thousand."""

    ns_trick: int
    ns_honour: int
    ew_trick: int
    ew_honour: int
    items: tuple[Item, ...]

    @property
    def net_ns(self) -> int:
        """North-South's net score: the figure a traveller compares."""
        return self.ns_trick + self.ns_honour - self.ew_trick - self.ew_honour

    @property
    def net_ew(self) -> int:
        return -self.net_ns

    def to_json(self) -> dict:
        return {
            "ns": {"trick": self.ns_trick, "honour": self.ns_honour},
            "ew": {"trick": self.ew_trick, "honour": self.ew_honour},
            "net_ns": self.net_ns,
            "items": [
                {"side": i.side, "column": i.column, "points": i.points, "reason": i.reason}
                for i in self.items
            ],
        }


_SIDES = ("NS", "EW")
_CHOICES = (None, "points", "tricks")


def _check_types(r: DealResult) -> None:
    """Every field's type and range, whatever the contract.

    ``type(x) is int`` refuses True and False as numbers; plain dicts skip the
    slower abstract Mapping check (score_deal runs on every result shown).
    """
    c = r.contract
    if type(c) is not Contract:
        raise ScoringError(
            f"the contract must be read first (parse_contract), not given as {short_repr(c)}"
        )
    t = r.tricks
    if type(t) is not int or not 0 <= t <= 13:
        raise ScoringError(f"declarer's side won {short_repr(t)} tricks; there are 0 to 13 tricks")
    if r.declarer is not None and r.declarer not in SEATS:
        raise ScoringError(f"{short_repr(r.declarer)} is not a seat: the declarer is N, E, S or W")
    if r.dealer is not None and r.dealer not in SEATS:
        raise ScoringError(f"{short_repr(r.dealer)} is not a seat: the dealer is N, E, S or W")
    revokes = r.revokes
    if type(revokes) is not dict and not isinstance(revokes, Mapping):
        raise ScoringError('revokes are counted per side, e.g. {"NS": 0, "EW": 1}')
    for side, n in revokes.items():
        if side not in _SIDES:
            raise ScoringError(
                f'revokes are counted per side, "NS" or "EW", not {short_repr(side)}'
            )
        if type(n) is not int or not 0 <= n <= 13:
            raise ScoringError(
                f"{side} is said to have revoked {short_repr(n)} times; give 0 to 13"
            )
    if r.revoke_penalty not in _CHOICES:
        raise ScoringError(
            'declarer\'s choice for a revoke is "points" or "tricks", '
            f"not {short_repr(r.revoke_penalty)}"
        )
    h = r.honours
    if h is not None and type(h) is not dict and not isinstance(h, Mapping):
        raise ScoringError('honours are counted per seat, e.g. {"N": 2, "E": 0, "S": 1, "W": 2}')
    if type(r.premium) is not bool:
        raise ScoringError(
            f"the duplicate premium is on (True) or off (False), not {short_repr(r.premium)}"
        )
    for p in r.penalties:
        if type(p) is not Penalty:
            raise ScoringError(
                f"a penalty names a side, its points and its law, not {short_repr(p)}"
            )
        if p.side not in _SIDES:
            raise ScoringError(f'a penalty goes to a side, "NS" or "EW", not {short_repr(p.side)}')
        if type(p.law) is not str:
            raise ScoringError(
                f'a penalty\'s law is written as text, e.g. "Law 54", not {short_repr(p.law)}'
            )
        if type(p.points) is not int or p.points <= 0:
            raise ScoringError(
                f"a penalty is a positive number of points, not {short_repr(p.points)} "
                f"({p.law or 'no law given'})"
            )


def _validate(r: DealResult, code: Code) -> None:
    _check_types(r)
    c = r.contract
    if c.is_pass:
        if not code.dealer_may_pass:
            raise ScoringError(
                f"under the {code.name} laws the dealer must declare ({code.laws['pass']})"
            )
        what = (
            ("declarer", r.declarer is not None),
            ("tricks", r.tricks != 0),
            ("honours", r.honours is not None),
            ("revokes", any(r.revokes.values())),
            ("revoke penalty", r.revoke_penalty is not None),
        )
        given = [w for w, present in what if present]
        if given:
            raise ScoringError(
                f"a passed-out deal is not played, so it has no {' and no '.join(given)}: "
                f"leave {'it' if len(given) == 1 else 'them'} out"
            )
        return
    if r.declarer is None:
        raise ScoringError("the declarer is missing: give N, E, S or W")
    if c.royal and not code.has_royal:
        raise ScoringError(f"royal bids belong to the Royalton laws, not the {code.name} laws")
    if c.strain not in code.trick_values:
        raise ScoringError(f"{c.describe()} is not a declaration under the {code.name} laws")
    d = side_of(r.declarer)
    ro = r.revokes.get(other_side(d), 0)
    rd = r.revokes.get(d, 0)
    if r.revoke_penalty is not None:
        if not ro or rd:
            why, refusal = (
                ("nobody revoked", Refusal.CHOICE_NOBODY_REVOKED)
                if not ro and not rd
                else (
                    f"both sides revoked ({code.laws['revoke_both']})",
                    Refusal.CHOICE_BOTH_REVOKED,
                )
                if ro
                else ("only declarer's side revoked", Refusal.CHOICE_DECLARER_REVOKED)
            )
            raise ScoringError(
                f"declarer chooses a revoke penalty only when the defenders alone revoked; "
                f"here {why}: leave the choice out",
                code=refusal,
                field="revoke_penalty",
            )
        if r.revoke_penalty == "tricks":
            if c.is_nullo:
                raise ScoringError(
                    "on a nullo the revoke penalty of tricks is not offered: "
                    f"declarer takes the {code.revoke_penalty} points",
                    code=Refusal.NO_TRICKS_ON_NULLO,
                    field="revoke_penalty",
                )
            if code.each_revoke_costs and ro > 1:
                raise ScoringError(
                    f"the defenders revoked {ro} times, so each revoke costs "
                    f"{code.revoke_penalty} points and declarer cannot take three tricks "
                    f"({code.laws['revoke_further']})",
                    code=Refusal.NO_TRICKS_EACH_REVOKE_COSTS,
                    field="revoke_penalty",
                )
    elif _must_choose(c, code, ro, rd):
        raise ScoringError(
            "a defender revoked: record declarer's choice of penalty, "
            f'"points" ({code.revoke_penalty} to declarer) or "tricks" '
            "(three tricks moved to declarer)",
            code=Refusal.CHOICE_MISSING,
            field="revoke_penalty",
        )
    if r.honours is not None:
        if not code.has_honours:
            raise ScoringError(f"the {code.name} laws score no honours ({code.laws['honours']})")
        if r.deal is not None:
            raise ScoringError(
                "give either the deal (the honours are counted from it) or the honours, not both"
            )
        check_counts(r.honours, c.strain)
    if (
        code.spade_opening_cap
        and c.level == 1
        and c.strain == "S"
        and r.dealer is not None
        and r.dealer != r.declarer
    ):
        raise ScoringError(
            f"under the {code.name} laws one spade can only be the dealer's own "
            f"declaration (Laws 42, 44), but the dealer is {r.dealer} and declarer {r.declarer}"
        )


def _must_choose(c: Contract, code: Code, ro: int, rd: int) -> bool:
    """Only the defenders revoked and the code leaves declarer a choice
    (docs/laws/scoring.md, "Revokes")."""
    return ro > 0 and rd == 0 and not c.is_nullo and not (code.each_revoke_costs and ro > 1)


def declarer_must_choose(result: DealResult, code: Code | None = None) -> bool:
    """True when the scorer must still record declarer's choice of revoke penalty.

    That is exactly when a defender revoked, declarer's side did not, no
    choice was recorded, and the code offers one: 100 points or three tricks
    (1913/1915 Law 84(b), Royalton Law 77(b)).  There is none on a nullo
    (docs/laws/scoring.md, "Revokes": only the points), nor under Royalton Law 77(c) when
    the defenders revoked more than once (each revoke costs 100).
    """
    if code is None:
        code = get_code()
    c = result.contract
    if c.is_pass or result.revoke_penalty is not None or result.declarer not in SEATS:
        return False
    d = side_of(result.declarer)
    revokes = result.revokes if isinstance(result.revokes, Mapping) else {}
    ro, rd = revokes.get(other_side(d), 0), revokes.get(d, 0)
    if not all(type(n) is int for n in (ro, rd)):
        return False  # score_deal explains what is wrong with the counts
    return _must_choose(c, code, ro, rd)


def score_deal(result: DealResult, code: Code | None = None) -> DealScore:
    """Score one deal by ``code`` (Whist Club 1915 when omitted).

    The order of the rules follows the laws: honours first (they stand
    whatever happens, 1915 Law 84), then the play or the revoke penalties
    (Law 84, Royalton Laws 77 and 81), then the duplicate premium (Duplicate
    Law A) on the trick score, then penalties named by the director.
    """
    if code is None:
        code = get_code()
    _validate(result, code)
    items: list[Item] = []
    c = result.contract
    laws = code.laws
    if not c.is_pass:
        _score_play(result, code, items)
    ns_t = ns_h = ew_t = ew_h = 0
    for i in items:
        if i.side == "NS":
            if i.column == TRICK:
                ns_t += i.points
            else:
                ns_h += i.points
        elif i.column == TRICK:
            ew_t += i.points
        else:
            ew_h += i.points
    # Duplicate Law A: 125 to a side whose trick score for the deal reaches game.
    if result.premium:
        if ns_t >= code.premium_threshold:
            items.append(Item("NS", HONOUR, code.premium, f"duplicate premium, {laws['premium']}"))
            ns_h += code.premium
        if ew_t >= code.premium_threshold:
            items.append(Item("EW", HONOUR, code.premium, f"duplicate premium, {laws['premium']}"))
            ew_h += code.premium
    for p in result.penalties:
        items.append(Item(p.side, HONOUR, p.points, f"penalty, {p.law}" if p.law else "penalty"))
        if p.side == "NS":
            ns_h += p.points
        else:
            ew_h += p.points
    return _shared_score(ns_t, ns_h, ew_t, ew_h, tuple(items))


# Scores already made, by their items.  A score is wholly determined by its items
# (the columns are their sums) and is immutable, so equal scores can be one object:
# a field of 1,000 tables has a few dozen distinct scores a board, and keeping
# 100,000 scores (an export, a bulk load) then creates almost no objects for the
# garbage collector to scan again and again (docs/decisions/fast-comparisons.md).
# Bounded: emptied when full, so a long-running server's memory stays flat.
SHARED_SCORES: dict[tuple[Item, ...], DealScore] = {}
SHARED_SCORES_LIMIT = 50_000


def _shared_score(ns_t: int, ns_h: int, ew_t: int, ew_h: int, items: tuple[Item, ...]) -> DealScore:
    got = SHARED_SCORES.get(items)
    if got is None:
        if len(SHARED_SCORES) >= SHARED_SCORES_LIMIT:
            SHARED_SCORES.clear()
        got = SHARED_SCORES[items] = DealScore(ns_t, ns_h, ew_t, ew_h, items)
    return got


def _score_play(r: DealResult, code: Code, items: list[Item]) -> None:
    c = r.contract
    laws = code.laws
    d = side_of(r.declarer)  # type: ignore[arg-type]
    o = other_side(d)
    rd = r.revokes.get(d, 0)
    ro = r.revokes.get(o, 0)
    pen = code.revoke_penalty

    # Honours stand whatever happens in the play, even for a revoking side.
    if code.has_honours and not c.is_nullo:
        counts = r.honours
        if r.deal is not None:
            counts = honours_from_deal(r.deal, c.strain)
        if counts is not None:
            hon = score_honours(counts, c, code)
            if hon is not None:
                items.append(Item(hon[0], HONOUR, hon[1], hon[2]))

    if rd and ro:
        # Both sides revoked: only honours, plus 100 for each revoke of the
        # other side after its first (1915 Law 89).  Royalton Law 81: an
        # equal number on both sides permits no score at all; its "new deal"
        # cannot apply in duplicate (Duplicate Law F), and the director's
        # penalties, added by score_deal, still stand (our reading, docs/laws/scoring.md,
        # "Revokes").
        if code.equal_revokes_void and rd == ro:
            items.clear()
            return
        law = laws["revoke_both"]
        if rd > 1:
            items.append(
                Item(o, HONOUR, pen * (rd - 1), f"{count(rd - 1, 'further revoke')}, {law}")
            )
        if ro > 1:
            items.append(
                Item(d, HONOUR, pen * (ro - 1), f"{count(ro - 1, 'further revoke')}, {law}")
            )
        return

    tricks = r.tricks
    bonus_tricks = tricks  # tricks that may earn the doubled bonus and slams
    revoke_note = ""
    if ro:
        if code.each_revoke_costs and ro > 1:
            # Royalton Law 77(c): more than one revoke by a side, 100 each, the first included.
            items.append(
                Item(
                    d,
                    HONOUR,
                    pen * ro,
                    f"{ro} revokes by the defenders at {pen} each, {laws['revoke_further']}",
                )
            )
        else:
            # A defender revoked: declarer's choice for the first, 100 for each more.
            if r.revoke_penalty == "tricks":
                moved = min(3, 13 - tricks)
                tricks += moved
                if code.penalty_tricks_earn_bonus:
                    bonus_tricks = tricks  # Royalton Law 77(b): they count for slam and bonus
                revoke_note = (
                    f"{count(moved, 'penalty trick')} for a revoke, {laws['revoke_defender']}"
                )
            else:
                items.append(
                    Item(d, HONOUR, pen, f"revoke by a defender, {laws['revoke_defender']}")
                )
            if ro > 1:
                items.append(
                    Item(
                        d,
                        HONOUR,
                        pen * (ro - 1),
                        f"{count(ro - 1, 'further revoke')}, {laws['revoke_further']}",
                    )
                )
    if rd:
        if rd == 1:
            items.append(
                Item(o, HONOUR, pen, f"revoke by declarer's side, {laws['revoke_declarer']}")
            )
        elif code.each_revoke_costs:
            items.append(
                Item(
                    o,
                    HONOUR,
                    pen * rd,
                    f"{rd} revokes by declarer's side at {pen} each, {laws['revoke_further']}",
                )
            )
        else:
            items.append(
                Item(o, HONOUR, pen, f"revoke by declarer's side, {laws['revoke_declarer']}")
            )
            items.append(
                Item(
                    o,
                    HONOUR,
                    pen * (rd - 1),
                    f"{count(rd - 1, 'further revoke')}, {laws['revoke_further']}",
                )
            )

    # The play itself.  For a nullo the target is the opponents' tricks.
    mult = c.multiplier
    won = (13 - tricks) if c.is_nullo else tricks
    won_in_bonus = (13 - bonus_tricks) if c.is_nullo else bonus_tricks
    if won >= c.target:
        if not rd:  # a revoking declarer cannot score for tricks (Law 84(a))
            odd = won - 6
            value = code.trick_values[c.strain]
            law = code.trick_law(c.strain)
            if mult > 1:
                reason = f"{count(odd, 'odd trick')} at {value} x {mult}, {law}, {laws['doubling']}"
            else:
                reason = f"{count(odd, 'odd trick')} at {value}, {law}"
            if revoke_note:
                reason += f"; including {revoke_note}"
            items.append(Item(d, TRICK, odd * value * mult, reason))
            if c.doubled and won_in_bonus >= c.target:
                base = code.doubled_bonus * (mult // 2)
                extra = won_in_bonus - c.target
                items.append(
                    Item(
                        d,
                        HONOUR,
                        base * (1 + extra),
                        f"{'re' if c.doubled == 2 else ''}doubled contract made"
                        f"{f' with {extra} over' if extra else ''}, {laws['doubled_bonus']}",
                    )
                )
    elif not ro or code.revoking_side_may_score:
        # 1913/1915 Law 84: "the value of their honours is the only score that can be
        # made by a revoking side"; Royalton Law 77 has no such bar (docs/laws/scoring.md,
        # "Revokes").
        under = c.target - won
        if c.royal:
            per = code.royal_undertrick * mult
            law = laws["royal_undertricks"] if mult == 1 else laws["undertricks"]
        else:
            per = code.undertrick * mult
            law = laws["undertricks"]
        points = under * per
        reason = f"{count(under, 'undertrick')} at {per}, {law}"
        if (
            code.spade_opening_cap
            and c.level == 1
            and c.strain == "S"
            and c.doubled < 2
            and points > code.spade_opening_cap
        ):
            points = code.spade_opening_cap
            reason += f", limited to {points} on the dealer's one spade, {laws['spade_cap']}"
        items.append(Item(o, HONOUR, points, reason))

    # Slams.
    if code.slams_need_declaration:
        # Royalton Laws 86-87: only when declared and made; never by revokers.
        if not rd and c.level >= 6 and won_in_bonus >= c.target:
            if c.level == 7:
                items.append(Item(d, HONOUR, code.grand_slam, f"grand slam, {laws['grand_slam']}"))
            else:
                items.append(
                    Item(d, HONOUR, code.little_slam, f"little slam, {laws['little_slam']}")
                )
    else:
        # 1913/1915 Laws 7-8: to whichever side takes 12 or 13 tricks in play,
        # whatever was bid; never to a revoking side, never by penalty tricks.
        for side, taken, revoked in ((d, r.tricks, rd), (o, 13 - r.tricks, ro)):
            if revoked:
                continue
            if taken == 13:
                items.append(
                    Item(side, HONOUR, code.grand_slam, f"grand slam, {laws['grand_slam']}")
                )
            elif taken == 12:
                items.append(
                    Item(side, HONOUR, code.little_slam, f"little slam, {laws['little_slam']}")
                )


def revoke_choices(result: DealResult, code: Code | None = None) -> dict[str, DealScore]:
    """Declarer's options after the defenders' revoke, each scored, best for him first.

    1915 Law 84(b) (1913 the same, Royalton Law 77(b)) lets declarer take 100
    points or three tricks; the scorer records the choice, and the app shows
    which is worth more to declarer's side.  Only the options the laws allow
    are offered: just the points on a nullo (docs/laws/scoring.md, "Revokes") and under
    Royalton Law 77(c) when the defenders revoked more than once.  Empty when
    the defenders did not revoke alone (nothing to choose).
    """
    if code is None:
        code = get_code()
    _check_types(result)
    c = result.contract
    if c.is_pass or result.declarer not in SEATS:
        return {}
    d = side_of(result.declarer)
    ro, rd = result.revokes.get(other_side(d), 0), result.revokes.get(d, 0)
    if not ro or rd:
        return {}
    options = ("points", "tricks") if _must_choose(c, code, ro, rd) else ("points",)
    scores = {o: score_deal(replace(result, revoke_penalty=o), code) for o in options}
    sign = 1 if d == "NS" else -1
    return dict(sorted(scores.items(), key=lambda kv: -sign * kv[1].net_ns))
