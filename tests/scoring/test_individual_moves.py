"""Where each player of an individual sits and goes next (scoring.individual_moves),
read off a hand-written schedule of the shape the individual movements give."""

from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError
from scoring.individual_moves import Place, moves_after, places


class T(NamedTuple):
    round: int
    table: int
    n: str
    e: str
    s: str
    w: str


# Nine players at two tables, one sitting out each round (player 9, then 1, then 5).
NINE = [
    T(1, 1, "1", "2", "3", "4"),
    T(1, 2, "5", "6", "7", "8"),
    T(2, 1, "9", "5", "2", "7"),
    T(2, 2, "3", "8", "6", "4"),
    T(3, 1, "1", "6", "9", "8"),
    T(3, 2, "2", "3", "7", "4"),
]


def test_every_players_place_round_by_round():
    seen = places(NINE)
    assert list(seen) == [str(p) for p in range(1, 10)]
    assert seen["1"] == [Place(1, 1, "N"), Place(2, None, None), Place(3, 1, "N")]
    assert seen["4"] == [Place(1, 1, "W"), Place(2, 2, "W"), Place(3, 2, "W")]
    assert seen["9"][0].sits_out and not seen["9"][1].sits_out


def test_the_moves_after_a_round_in_words():
    moves = {m.player: m.words() for m in moves_after(NINE, 1)}
    assert moves["1"] == "table 1 North, then sit out"
    assert moves["9"] == "sit out, then table 1 North"
    assert moves["2"] == "table 1 East, then table 1 South"
    assert moves["4"] == "table 1 West, then table 2 West"
    assert {m.player: m.words() for m in moves_after(NINE, 2)}["4"] == "stays at table 2 West"
    assert moves_after(NINE, 3) == []


def test_a_player_seated_twice_in_a_round_is_refused():
    words = r"round 1: player 3 is seated twice \(table 1 and table 2\)"
    with pytest.raises(ScoringError, match=words):
        places([T(1, 1, "1", "2", "3", "4"), T(1, 2, "5", "6", "3", "8")])
    assert places(NINE, ["10"])["10"] == [Place(r, None, None) for r in (1, 2, 3)]
    with pytest.raises(ScoringError, match="no round 4"):
        moves_after(NINE, 4)


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 4), st.integers(0, 3), st.integers(1, 5), st.data())
def test_each_move_ends_where_the_next_round_seats_him(tables, spare, rounds, data):
    """Any seating of 4k + spare players: a player's move after round r ends at the
    place round r + 1 gives him, and every seat of a round holds one player."""
    players = [str(p) for p in range(1, 4 * tables + spare + 1)]
    schedule = []
    for r in range(1, rounds + 1):
        order = data.draw(st.permutations(players))
        for t in range(tables):
            schedule.append(T(r, t + 1, *order[4 * t : 4 * t + 4]))
    seen = places(schedule, players)
    for r in range(1, rounds):
        for move in moves_after(schedule, r):
            assert move.next == seen[move.player][r]
            assert move.now == seen[move.player][r - 1]
    for r in range(rounds):
        seated = [seen[p][r] for p in players if not seen[p][r].sits_out]
        assert len(seated) == len(set(seated)) == 4 * tables
        assert sum(seen[p][r].sits_out for p in players) == spare
