"""One result scored again under every code, and under modern duplicate contract bridge.

For a teacher or a historian: the same contract, made or set by the same
number of tricks with the same honours, as the 1915 laws, the 1913 laws (with
and without the English rules), the Royalton laws and today's duplicate
contract bridge would score it.  What crosses from one code to another is the
play: the level, the trumps and the doubles (a 1913 royal spade and a
Royalton royal bid are spades elsewhere; the 1913 dealer's weak spade too, as
the same trumps and level).  A spade declaration of another code is royal
spades under the 1913 laws (their real spade declaration, 9 a trick), but a
1913 plain spade (2 a trick, the dealer's "one spade" of Law 48) stays plain
in a 1913 column: its own code's score is never re-read.  What does not cross is said, not guessed:
a nullo exists only in Royalton; revoke penalties and the director's penalty
points belong to the code under which they arose, so the comparison leaves
them out (and says so).

Contract bridge (Laws of Duplicate Bridge 2017, Law 77), for comparison only:
vulnerability by the board number's standard rotation; trick points 20 a
minor, 30 a major, 40 then 30 at no trump; a game (100 trick points) 300 not
vulnerable / 500 vulnerable, a part score 50; slams 500/750 and 1000/1500;
doubled x2 (insult 50), redoubled x4 (insult 100); overtricks doubled 100/200,
redoubled 200/400; undertricks not vulnerable 50 each, doubled 100, 200, 200,
then 300; vulnerable 100 each, doubled 200 then 300; redoubled twice the
doubled.  No honours (duplicate).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .cards import Deal, side_of
from .codes import Code, get_code
from .contract import Contract, ContractError, parse_contract
from .deal import DealResult, score_deal
from .errors import ScoringError

__all__ = ["CodeScore", "contract_bridge_score", "every_code", "vulnerable"]

# The codes compared, in the order of the table: (label, key, options).
CODES: tuple[tuple[str, str, dict[str, bool]], ...] = (
    ("Whist Club 1915", "1915", {}),
    ('Whist Club 1913 ("royal spades")', "1913", {}),
    (
        "Whist Club 1913, both English rules",
        "1913",
        {"english_slams": True, "english_bidding": True},
    ),
    ("Royalton (Hawley 1915)", "royalton", {}),
)
CONTRACT_BRIDGE = "Duplicate contract bridge (2017), for comparison"


@dataclass(frozen=True, slots=True)
class CodeScore:
    """One code's score of the result (``net_ns``), or why it has none (``unavailable``)."""

    code: str
    contract: str = ""
    net_ns: int | None = None
    items: tuple[str, ...] = ()
    unavailable: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        out: dict = {"code": self.code}
        if self.unavailable:
            out["unavailable"] = self.unavailable
        else:
            out.update(contract=self.contract, net_ns=self.net_ns, items=list(self.items))
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def vulnerable(board: int, side: str) -> bool:
    """Standard duplicate vulnerability (boards 1-16, repeating): is ``side`` vulnerable?"""
    none_, ns, ew, both = "None", "NS", "EW", "Both"
    cycle = [none_, ns, ew, both, ns, ew, both, none_, ew, both, none_, ns, both, none_, ns, ew]
    v = cycle[(board - 1) % 16]
    return v == "Both" or v == side


def _weak_spades(code: Code) -> bool:
    """Does ``code`` have the 1913 plain spade at 2 a trick (no English bidding rule)?"""
    return "RS" in code.trick_values and not code.english_bidding


def _translate(contract: Contract, source: Code, code: Code) -> Contract | None:
    """The same trumps, level and doubles under ``code``; None where it has no such contract."""
    if contract.is_nullo:
        return contract if code.has_nullo else None
    plain_1913 = contract.strain == "S" and _weak_spades(source)
    strain = "S" if contract.strain == "RS" else contract.strain
    if strain == "S" and _weak_spades(code) and not plain_1913:
        strain = "RS"  # 1913: the real spade declaration is royal spades (9 a trick)
    try:
        return parse_contract(f"{contract.level}{strain}{'X' * contract.doubled}", code)
    except ContractError:
        return None


def contract_bridge_score(contract: Contract, declarer: str, tricks: int, board: int) -> int:
    """The declaring side's score (negative when set) under duplicate contract bridge."""
    vul = vulnerable(board, side_of(declarer))
    need = 6 + contract.level
    mult = 1 << contract.doubled
    if tricks >= need:
        per = 20 if contract.strain in ("C", "D") else 30
        trick_points = (per * contract.level + (10 if contract.strain == "NT" else 0)) * mult
        score = trick_points
        score += (500 if vul else 300) if trick_points >= 100 else 50
        if contract.level == 6:
            score += 750 if vul else 500
        elif contract.level == 7:
            score += 1500 if vul else 1000
        over = tricks - need
        if contract.doubled:
            score += 50 * contract.doubled
            score += over * (200 if vul else 100) * (1 << (contract.doubled - 1))
        else:
            score += over * per
        return score
    down = need - tricks
    if not contract.doubled:
        return -down * (100 if vul else 50)
    if vul:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = sum((100, 200, 200)[:down]) + 300 * max(0, down - 3)
    return -doubled * (1 << (contract.doubled - 1))


def every_code(
    contract_text: str,
    code: Code,
    *,
    declarer: str,
    tricks: int,
    board: int = 1,
    dealer: str | None = None,
    honours: Mapping[str, int] | None = None,
    deal: Deal | None = None,
    had_penalties: bool = False,
) -> list[CodeScore]:
    """The result (as entered under ``code``) scored under every code and contract bridge."""
    try:
        contract = parse_contract(contract_text, code)
    except ContractError as e:
        raise ScoringError(str(e)) from None
    if contract.is_pass:
        return [CodeScore(label, "PASS", 0) for label, _, _ in CODES] + [
            CodeScore(CONTRACT_BRIDGE, "PASS", 0)
        ]
    left_out = (
        ("the revoke and director's penalties of the original score are left out",)
        if had_penalties
        else ()
    )
    out = []
    for label, key, options in CODES:
        target = get_code(key, **options)
        translated = _translate(contract, code, target)
        if translated is None:
            out.append(CodeScore(label, unavailable=f"no {contract} under these laws"))
            continue
        notes = list(left_out)
        if (
            dealer is not None
            and translated.level == 1
            and translated.strain == "S"
            and (target.spade_opening_cap and declarer != dealer)
        ):
            out.append(
                CodeScore(label, unavailable="one spade is the dealer's declaration (Law 48)")
            )
            continue
        result = DealResult(
            translated,
            declarer,
            tricks,
            dealer=dealer,
            honours=None if (deal is not None or not target.has_honours) else honours,
            deal=deal if target.has_honours else None,
        )
        try:
            score = score_deal(result, target)
        except ScoringError as e:
            out.append(CodeScore(label, unavailable=str(e)))
            continue
        if not target.has_honours and (honours or deal):
            notes.append("no honours under these laws")
        out.append(
            CodeScore(
                label,
                str(translated),
                score.net_ns,
                tuple(f"{i.side} {i.column} {i.points}: {i.reason}" for i in score.items),
                notes=tuple(notes),
            )
        )
    bridge = _translate_bridge(contract)
    if bridge is None:
        out.append(CodeScore(CONTRACT_BRIDGE, unavailable="contract bridge has no nullo"))
    else:
        own = contract_bridge_score(bridge, declarer, tricks, board)
        net = own if side_of(declarer) == "NS" else -own
        vul = "vulnerable" if vulnerable(board, side_of(declarer)) else "not vulnerable"
        out.append(
            CodeScore(
                CONTRACT_BRIDGE,
                str(bridge),
                net,
                notes=(f"board {board}: declarer {vul}; no honours in duplicate", *left_out),
            )
        )
    return out


def _translate_bridge(contract: Contract) -> Contract | None:
    if contract.is_nullo:
        return None
    strain = "S" if contract.strain == "RS" else contract.strain
    return Contract(contract.level, strain, False, contract.doubled)
