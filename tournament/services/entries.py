"""What a scorer enters for one board, and the laws applied to it.

The typed boundary between the forms and the verbs: every form (the
director's traveller and correction forms, the tablet) builds an
:class:`Entry`; the services never see a form's field names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring import DealResult, DealScore, Penalty, ScoringError, parse_contract, parse_pbn_deal
from scoring import score_deal as _score_deal

from ..errors import ServiceError
from ..models import Board, Event


@dataclass(frozen=True)
class Entry:
    """One board's result as entered, before the laws are applied.

    ``honours`` maps each seat to how many honours it held (``None``: not
    entered, as when the hand record gives them); ``penalties`` are
    ``{"side", "points", "law"}`` dicts, the side being the one that
    receives the points.  ``adjusted`` names an adjusted score instead of a
    contract: Law B's artificial score or the director's (with ``weights``
    for a weighted one).
    """

    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    honours: dict[str, int] | None = None
    revokes_ns: int = 0
    revokes_ew: int = 0
    revoke_penalty: str = ""
    penalties: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    adjusted: str = ""
    weights: tuple[tuple[str, int], ...] | None = None  # a weighted score's ("1/3", net) parts

    @classmethod
    def artificial(cls, adjusted: str, weights: tuple[tuple[str, int], ...] | None = None) -> Entry:
        """An adjusted score, no contract: Law B's (from the other tables' scores) or the
        director's (scoring.adjusted)."""
        return cls(adjusted=adjusted, weights=weights)

    @classmethod
    def from_result(cls, result: Any) -> Entry:
        """The entry a stored result was made from (to make its next version)."""
        return cls(
            contract=result.contract,
            declarer=result.declarer,
            tricks=result.tricks,
            honours=result.honours,
            revokes_ns=result.revokes_ns,
            revokes_ew=result.revokes_ew,
            revoke_penalty=result.revoke_penalty,
            penalties=tuple(result.penalties or ()),
            adjusted=result.adjusted,
            weights=tuple((w, n) for w, n in result.weights) if result.weights else None,
        )

    def fields(self) -> dict[str, Any]:
        """The entry as the Result row's fields."""
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "tricks": self.tricks,
            "honours": self.honours,
            "revokes_ns": self.revokes_ns,
            "revokes_ew": self.revokes_ew,
            "revoke_penalty": self.revoke_penalty,
            "penalties": list(self.penalties),
            "adjusted": self.adjusted,
            "weights": [list(p) for p in self.weights] if self.weights else None,
        }


def deal_result(event: Event, board: Board, entry: Entry) -> DealResult:
    """Turn an entry into the scoring library's input; the hand record gives honours."""
    contract = parse_contract(entry.contract, event.laws)
    if entry.tricks is None and not contract.is_pass:
        raise ScoringError("how many tricks did declarer's side win?")
    deal = parse_pbn_deal(board.deal) if board.deal else None
    return DealResult(
        contract=contract,
        declarer=entry.declarer or None,
        tricks=entry.tricks or 0,
        dealer=board.dealer,
        honours=None if deal is not None else entry.honours,
        deal=deal,
        revokes={"NS": entry.revokes_ns, "EW": entry.revokes_ew},
        revoke_penalty=entry.revoke_penalty or None,
        penalties=tuple(Penalty(p["side"], p["points"], p.get("law", "")) for p in entry.penalties),
        premium=event.premium,
    )


def preview(event: Event, board: Board, entry: Entry) -> DealScore:
    """Score an entry without saving it: the itemised score shown before saving."""
    try:
        return _score_deal(deal_result(event, board, entry), event.laws)
    except ScoringError as e:
        raise ServiceError.of(e) from None
