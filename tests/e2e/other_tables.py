"""What the browser tests of a whole evening share: the other tables' results, entered
through the tablet's services while one table plays its rounds in the browser, and a
tap on a touch-sized choice."""

from __future__ import annotations

from tournament import services
from tournament.models import Event, Seating
from tournament.services import Actor, Entry

# The other tables' results, turn about: a part score, a game, a no-trump (each with
# its honours, as a table without a hand record gives them).
LINES = [
    Entry("2H", "S", 8, honours={"N": 2, "E": 1, "S": 1, "W": 1}),
    Entry("4S", "E", 10, honours={"N": 1, "E": 2, "S": 0, "W": 2}),
    Entry("1NT", "N", 7, honours={"N": 2, "E": 1, "S": 1, "W": 0}),
]


def tap(page, selector: str) -> None:
    """Tap the label holding ``selector``: the tablet's choices are labels a thumb hits."""
    page.click(f"label:has({selector})")


def play_the_others(event: Event, round_no: int) -> None:
    """Every table but 1 enters its round's boards, agreed by the opponents, and agrees
    the round: the calls the tablet's board and "Round agreed" pages make."""
    for seating in Seating.objects.filter(event=event, round=round_no, table__gt=1):
        for board in seating.board_numbers:
            services.enter_result(
                event,
                board_number=board,
                round_no=round_no,
                table=seating.table,
                entry=LINES[(board + seating.table) % len(LINES)],
                by=Actor.tablet(seating.table),
                confirmed=True,
            )
        services.agree_round(seating, by=Actor.tablet(seating.table))
