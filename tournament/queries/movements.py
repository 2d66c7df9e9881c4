"""An event's movement as planned: built from its name (the library's, or the club's
own ``club-<pk>``) or from its settings.  The one place an event's movement is built;
the verbs apply the field changes on top of it (``services.events.movement_for``).
See docs/director/movements.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.movements import Movement, MovementError, build, figures, make_movement, phantom_of
from scoring.movements.chooser import (
    DEFAULT_BOARDS,
    Candidate,
    choose,
    played_words,
    reason,
    session_minutes,
)
from scoring.movements.custom import from_csv
from scoring.movements.individuals import (
    IndividualFigures,
    IndividualMovement,
    individual_figures,
    offers,
)
from scoring.movements.individuals import from_name as individual_from_name
from scoring.movements.partnerships import as_partnerships

from ..choices import MovementKind
from ..models import ClubMovement, Event
from ..models.movements import CLUB_PREFIX

__all__ = [
    "IndividualCandidate",
    "candidates_for",
    "club_candidates",
    "club_movement",
    "family_of",
    "individual_candidates",
    "individual_for",
    "phantom_for",
    "planned_for",
]


def planned_for(event: Event, *, filled: bool = False) -> Movement:
    """The event's movement as planned, before any late pair or withdrawal: by its name
    when it has one (the library's, or the club's own ``club-<pk>``), else from its
    family, tables, even-table choice and arrow switch.  ``filled``: with every place
    filled (no phantom).  An individual's is its partnerships' schedule
    (:func:`scoring.movements.partnerships.as_partnerships`).  The one place an event's
    movement is built (docs/director/movements.md)."""
    pairs = None if filled else event.pairs_count
    name, bpr = event.movement_name, event.boards_per_round
    if name.startswith(INDIVIDUAL_PREFIX):
        return as_partnerships(individual_for(event))
    if name.startswith(CLUB_PREFIX):
        return club_movement(event.club_id, name)
    if name:
        return build(name, bpr, pairs)
    return make_movement(
        event.movement,
        event.tables,
        bpr,
        even=event.even or "skip",
        pairs=pairs,
        arrow_switch=event.arrow_switch,
    )


# What an individual event's movement_name begins with ("individual-12-r7").
INDIVIDUAL_PREFIX = "individual-"


def individual_for(event: Event) -> IndividualMovement:
    """An individual event's movement as its players play it: the library's individual
    ``movement_name`` with the event's boards a round (docs/laws/movements.md#individuals)."""
    movement = individual_from_name(event.movement_name, event.boards_per_round)
    if movement is None:
        raise MovementError(f'there is no individual movement called "{event.movement_name}"')
    return movement


def phantom_for(event: Event) -> str | None:
    """The event's phantom pair (an odd field), or None.  A club's own movement writes
    its missing pairs into its schedule and has none, an individual its sit-outs."""
    if event.movement_name.startswith((CLUB_PREFIX, INDIVIDUAL_PREFIX)):
        return None
    return phantom_of(event.pairs_count, event.tables)


def club_movement(club_id: int, name: str) -> Movement:
    """The club's own movement ``club-<pk>``, read from its CSV (sound when kept)."""
    pk = name.removeprefix(CLUB_PREFIX)
    kept = (
        ClubMovement.objects.filter(pk=int(pk), club_id=club_id).first()
        if pk.isascii() and pk.isdigit() and len(pk) < 10
        else None
    )
    if kept is None:
        raise MovementError(f'the club has no movement "{name}" in its library')
    return from_csv(kept.csv, name=name, description=kept.name)


def family_of(movement: Movement) -> str:
    """The family an event of ``movement`` is run as (what depends on it: a team match's
    two teams, a pair contest's one field or two): a library family's own, and for a
    movement of no family (a club's own) a Howell when it makes one field, else a
    Mitchell."""
    if movement.kind in MovementKind.values:
        return movement.kind
    return MovementKind.HOWELL if figures(movement).winners == 1 else MovementKind.MITCHELL


def club_candidates(club_id: int, pairs: int) -> list[Candidate]:
    """The club's own movements that seat ``pairs`` pairs, as the chooser's candidates
    (after the library's: docs/director/movements.md)."""
    out = []
    for kept in ClubMovement.objects.filter(club_id=club_id):
        try:
            movement = from_csv(kept.csv, name=kept.key, description=kept.name)
        except MovementError:
            continue  # kept sound; a later rule refuses it: not offered
        if len(movement.pairs) != pairs:
            continue
        figs = figures(movement)
        why = f"the club's own movement, {kept.name}; " + reason(movement, figs)
        out.append(Candidate(kept.key, movement, figs, why))
    return out


def candidates_for(
    club_id: int | None, pairs: int, boards: int | None = None, minutes: int | None = None
) -> list[Candidate]:
    """The chooser's candidates for a field (:func:`scoring.movements.chooser.choose`),
    then the club's own movements for as many pairs."""
    found = choose(pairs, boards=boards, minutes=minutes)
    return found + (club_candidates(club_id, pairs) if club_id is not None else [])


@dataclass(frozen=True)
class IndividualCandidate:
    """One individual movement offered for a field of players: its schedule as the
    players play it and as its partnerships do (what the event runs), its figures, and
    why (docs/laws/movements.md#individuals)."""

    name: str
    individual: IndividualMovement
    movement: Movement
    figures: IndividualFigures
    reason: str

    @property
    def boards_per_round(self) -> int:
        return self.individual.boards_per_round

    @property
    def boards_played(self) -> int:
        """The session's length in boards: what a player plays when he sits out no
        round (the length the boards a round are fitted to)."""
        return self.individual.rounds * self.individual.boards_per_round

    @property
    def boards_a_player(self) -> str:
        """The boards each player plays, counted from the schedule: "24", or "24 or 28"
        when some sit out a round and others none (docs/director/individuals.md)."""
        return played_words(self.figures.boards_each)

    @property
    def minutes(self) -> int:
        """The session's length by the chooser's assumptions (7.5 minutes a board, a
        minute a change), rounded up."""
        length = session_minutes(self.individual.rounds, self.boards_per_round)
        return -(-length.numerator // length.denominator)


def _boards_a_round(rounds: int, boards: int | None) -> int:
    """The boards a round that bring a player's boards nearest ``boards`` (none named:
    a club evening's, :data:`scoring.movements.chooser.DEFAULT_BOARDS`), 1 to 4."""
    target = boards if boards else sum(DEFAULT_BOARDS) // 2
    return min(range(1, 5), key=lambda b: (abs(b * rounds - target), b))


def individual_candidates(players: int, boards: int | None = None) -> list[IndividualCandidate]:
    """The library's individual movements for ``players`` players
    (:func:`scoring.movements.individuals.offers`: the whole design first, then each
    partial one from the most rounds down), each with its figures and the boards a
    round nearest ``boards`` a player."""
    out = []
    for name in offers(players):
        rounds = individual_from_name(name, 1)
        assert rounds is not None  # offered by name
        bpr = _boards_a_round(rounds.rounds, boards)
        movement = individual_from_name(name, bpr)
        assert movement is not None
        figs = individual_figures(movement)
        out.append(
            IndividualCandidate(
                name, movement, as_partnerships(movement), figs, _reason(movement, figs)
            )
        )
    return out


def _reason(movement: IndividualMovement, figs: IndividualFigures) -> str:
    """What a director weighs: how often two players partner and oppose, and who sits
    out."""
    least, most = figs.opponents
    meet = f"{least}" if least == most else f"{least} to {most}"
    partners = (
        "every two players partner once"
        if figs.partners == (1, 1)
        else "no two players partner twice"
    )
    out = len(movement.players) - 4 * movement.tables
    rest = f"; {out} sit out each round, in turn" if out > 1 else ""
    rest = "; one sits out each round, in turn" if out == 1 else rest
    return f"{partners}, and any two oppose {meet} times{rest}"
