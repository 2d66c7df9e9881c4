"""An individual's score cards and movement as rows, sheets of the XLSX: every
player's boards, and each table's four players round by round.

A score card is :func:`scoring.individuals.player_boards`' own reading of the compared
lines (docs/laws/duplicate.md, "Individuals"), the figures of the player's card page
and of the standings; here each board also carries the table's contract and result,
read from the same live lines the travellers sheet writes.  Only the boards the file
may show are written (the publication rule of :mod:`tournament.access`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scoring import pair_label_key
from scoring.individuals import compare_individual_boards, player_boards
from scoring.movements.partnerships import as_individual, partners

from ..models import Event
from ..queries.individuals import names_of, places_of
from ..queries.standings import law_b_tables
from .rows import MOVEMENT_COLUMNS, LiveLines, adjusted_text, cell_number, movement_rows, pair_label

SCORE_CARD_COLUMNS = [
    ("Player", 7),
    ("Name", 20),
    ("Round", 6),
    ("Table", 6),
    ("Board", 6),
    ("Seat", 6),
    ("Partner", 7),
    ("Partner's name", 20),
    ("Left-hand opponent", 9),
    ("Right-hand opponent", 9),
    ("Opponents' names", 30),
    ("Contract", 8),
    ("Declarer", 8),
    ("Tricks", 7),
    ("Adjusted score", 14),
    ("Net (his side)", 8),
    ("Score", 9),
]

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def score_card_rows(
    event: Event, live: LiveLines, *, boards: set[int] | None = None
) -> Iterator[list[Any]]:
    """Every player's card, players in number order, each in round then board order:
    where he sat, his partner, his opponents (left-hand, then right-hand), the table's
    contract, his side's net score and his comparison (total points against the
    average, or matchpoints).  ``boards``: only these boards' lines."""
    results = [as_individual(r) for r in live.inputs]
    lines = compare_individual_boards(
        results,
        event.method,
        event.adjusted_values,
        tables=law_b_tables(event, live.inputs),
    )
    # A player holds one seat of a board (scoring.individuals refuses two), so his
    # board names the live line, and its round, table and contract.
    row_of: dict[tuple[int, str], dict[str, Any]] = {}
    for r, row in zip(results, live.rows, strict=True):
        for player in r.players:
            row_of[(r.board, player)] = row
    names = names_of(event)
    for label in sorted(names, key=pair_label_key):
        cards = []
        for card in player_boards(lines, label):
            if boards is not None and card.board not in boards:
                continue
            row = row_of[(card.board, label)]
            cards.append((row["round"], card.board, card, row))
        cards.sort(key=lambda c: (c[0], c[1]))
        for _round, _board, card, row in cards:
            left, right = card.opponents
            played = not row["adjusted"]
            yield [
                pair_label(label),
                names.get(label) or None,
                row["round"],
                row["table"],
                card.board,
                SEAT_NAMES[card.seat],
                pair_label(card.partner),
                names.get(card.partner) or None,
                pair_label(left),
                pair_label(right),
                " & ".join(names.get(o) or f"player {o}" for o in card.opponents),
                (row["contract"] or None) if played else None,
                (row["declarer"] or None) if played else None,
                row["tricks"] if played else None,
                adjusted_text(row),
                cell_number(card.net),
                cell_number(card.score),
            ]


# The movement of an individual: the players, not the partnerships, in each seat.
INDIVIDUAL_MOVEMENT_COLUMNS = [
    *MOVEMENT_COLUMNS[:2],
    ("North", 7),
    ("East", 7),
    ("South", 7),
    ("West", 7),
    ("Names (N, E, S, W)", 40),
    *MOVEMENT_COLUMNS[4:],
]


def individual_movement_rows(event: Event) -> list[list[Any]]:
    """The pairs' movement sheet (:func:`movement_rows`) with each table's two
    partnerships opened into its four players, North, East, South, West, and a row a
    round naming the players who sit it out (``Table`` is ``sitting out``): a director
    checks the seats a player's guide card gives against this sheet."""
    rows = movement_rows(event)
    if not rows:
        return []
    sitting_out: dict[int, list[str]] = {}
    for label, seq in places_of(event).items():
        for place in seq:
            if place.sits_out:
                sitting_out.setdefault(place.round, []).append(label)
    names = names_of(event)

    def named(label: str) -> str:
        return f"{label} ({names[label]})" if names.get(label) else label

    out: list[list[Any]] = []
    for i, row in enumerate(rows):
        if row[1] == "bystand":
            out.append([*row[:2], "", "", "", "", "", *row[4:]])
        else:
            north, south = partners(row[2])
            east, west = partners(row[3])
            seated = (north, east, south, west)
            who = ", ".join(names.get(p) or f"player {p}" for p in seated)
            out.append([*row[:2], *(pair_label(p) for p in seated), who, *row[4:]])
        last_of_round = i + 1 == len(rows) or rows[i + 1][0] != row[0]
        away = sitting_out.get(row[0])
        if last_of_round and away:
            who = ", ".join(named(p) for p in sorted(away, key=pair_label_key))
            word = "Player" if len(away) == 1 else "Players"
            said = f"{word} {who} {'sits' if len(away) == 1 else 'sit'} out this round"
            out.append([row[0], "sitting out", *[""] * 8, said, ""])
    return out
