"""Deals in: dealing from a seed, importing PBN.

With a known deal the scorer never types honours: they are counted from the
hand record (:mod:`tournament.queries.hand_records`).  Double-dummy tricks are
worked out once, when a deal arrives.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.db import transaction

from scoring import format_pbn_deal, wording
from scoring.dealing import deal_board
from scoring.double_dummy import dd_tricks_many
from scoring.packs import PackChoice, select_pack
from scoring.pbn import PbnError, pack_from_pbn

from ..errors import ServiceError
from ..models import Board, Event, Result
from . import locks
from .audit import Actor, audit
from .text import checked


def _store(deals: list[tuple[Board, str]], solve: bool = True) -> None:
    """Keep boards' deals; their double-dummy tables now (``solve``: solved together in
    DDS's batch call), or left for a solve job (tournament.jobs) when a director's page
    is waiting."""
    tables = dd_tricks_many([deal for _, deal in deals]) if solve and deals else None
    for i, (board, deal) in enumerate(deals):
        board.deal = deal
        board.dd_tricks = tables[i] if tables is not None else None
        board.save(update_fields=["deal", "dd_tricks"])


@dataclass(frozen=True)
class Dealt:
    """What a dealing did: the seed, the boards dealt from it, and the boards that kept
    their deal because they already had results."""

    seed: str
    dealt: tuple[int, ...]
    kept: tuple[int, ...] = ()

    def __str__(self) -> str:
        """In the director's words: what was dealt and what was not."""
        text = f"{wording.count(len(self.dealt), 'board')} dealt from seed {self.seed}"
        if self.kept:
            text += (
                f"; board{'s' if len(self.kept) > 1 else ''} {_numbers(self.kept)} "
                f"already {'have' if len(self.kept) > 1 else 'has'} results and "
                f"{'keep their deals' if len(self.kept) > 1 else 'keeps its deal'}"
            )
        return text


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(map(str, numbers))


@transaction.atomic
def deal_event(
    event: Event,
    *,
    seed: str = "",
    by: Actor,
    boards: list[int] | None = None,
    solve: bool = True,
) -> Dealt:
    """Deal the event's boards from ``seed`` (a new random one when empty).

    The same seed always gives the same deals, so the director can note it
    and recreate the set.  Boards that already have results keep their deal
    unless named in ``boards`` (a Law B redeal).  When every board has results
    nothing is dealt: that is refused, so no page says boards were dealt, and
    the event keeps the seed its boards were dealt from.
    """
    seed = checked(seed.strip(), what="The seed", field="seed") or secrets.token_hex(6)
    targets = Board.objects.filter(event=event).order_by("number")
    kept: tuple[int, ...] = ()
    if boards is not None:
        targets = targets.filter(number__in=boards)
    else:
        played = set(
            Result.objects.filter(event=event).live().values_list("board__number", flat=True)
        )
        if played:
            targets = targets.exclude(number__in=played)
            kept = tuple(sorted(played))
    dealt = []
    for board in targets:
        suffix = f"/redeal{board.redeals}" if board.redeals else ""
        dealt.append((board, format_pbn_deal(deal_board(seed + suffix, board.number))))
    if not dealt:
        raise ServiceError(
            "no board was dealt: every board already has results, and a board with results "
            "keeps its deal (an irregular hand is redealt from its board's Law B page)"
            if kept
            else "no board was dealt: the event has no such board"
        )
    _store(dealt, solve)
    event.deal_seed = seed
    event.save(update_fields=["deal_seed"])
    done = Dealt(seed, tuple(board.number for board, _ in dealt), kept)
    audit(event, "dealt", str(done), by=by)
    return done


@dataclass
class ImportReport:
    """What an import did: the event's boards given a deal, and what the director is
    told (boards left out, a room taken, a file's dealer that differs from ours)."""

    boards: list[int]
    notes: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.boards)


@transaction.atomic
def import_pbn(
    event: Event,
    text: str,
    *,
    by: Actor,
    solve: bool = True,
    choice: PackChoice | None = None,
) -> ImportReport:
    """Put the deals of a PBN file into the event's boards.

    ``choice`` says which of the file's boards to take (:mod:`scoring.packs`: a
    range, an offset, a room); a pack larger than the event gives the event's
    boards and names the rest as left out.  All or nothing: the whole file is
    checked first, and a bad deal, a board dealt twice differently, a choice that
    leaves no board of the event, or a board that already has results with
    another deal is refused with its number and the reason.
    """
    boards = {b.number: b for b in locks.boards(event)}
    try:
        selection = select_pack(pack_from_pbn(text), boards, choice or PackChoice())
    except PbnError as e:
        raise ServiceError(f"the PBN file was not imported: {e}") from None
    deals = {number: game.deal for number, game in selection.deals.items()}
    played = set(
        Result.objects.filter(event=event, board__number__in=deals)
        .live()
        .values_list("board__number", flat=True)
    )
    changed = sorted(n for n in played if boards[n].deal != deals[n])
    if changed:
        raise ServiceError(
            f"the PBN file was not imported: board{'s' if len(changed) > 1 else ''} "
            f"{', '.join(map(str, changed))} already "
            f"{'have' if len(changed) > 1 else 'has'} results with another deal"
        )
    _store([(boards[number], deal) for number, deal in sorted(deals.items())], solve)
    audit(event, "imported", f"{wording.count(len(deals), 'deal')} from a PBN file", by=by)
    return ImportReport(sorted(deals), selection.report)
