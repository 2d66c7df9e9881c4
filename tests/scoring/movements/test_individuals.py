"""Individual movements: soundness over every size offered, complete whist designs,
partial designs, sit-outs spread evenly, the stored designs and their search
(docs/laws/movements.md#individuals)."""

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.individual_moves import places
from scoring.movements import MovementError
from scoring.movements.chooser import played_words
from scoring.movements.individual_designs import BASE_ROUNDS
from scoring.movements.individual_search import base_round, exact_base_round, offsets
from scoring.movements.individuals import (
    MIN_PLAYERS,
    IndividualMovement,
    check_individual,
    from_name,
    individual,
    individual_figures,
    individual_problems,
    offers,
    sizes,
)

SIZES = sizes()


def partnerships(m: IndividualMovement) -> Counter:
    return Counter(frozenset(p) for tr in m.schedule for p in ((tr.n, tr.s), (tr.e, tr.w)))


def test_every_size_from_8_to_31_is_offered():
    assert list(range(MIN_PLAYERS, 32)) == SIZES


def test_the_stored_whist_design_of_24_is_the_exact_search_s():
    """Wh(24), which the annealing does not find, is re-found by the exact search."""
    assert tuple(exact_base_round(24)) == BASE_ROUNDS[24][1]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SIZES), st.data(), st.integers(1, 4))
def test_every_offered_movement_is_sound(players, data, bpr):
    name = data.draw(st.sampled_from(offers(players)))
    m = from_name(name, bpr)
    assert m is not None and m.name == name
    assert check_individual(m) is m
    for r in range(1, m.rounds + 1):
        seated = [p for tr in m.round(r) for p in tr.seats.values()]
        assert len(seated) == len(set(seated)) == 4 * (players // 4)  # nobody twice
        assert len(m.sit_outs(r)) == players % 4 or (players % 4 == 1 and m.complete)
    assert max(partnerships(m).values()) == 1  # never the same partners twice
    held = Counter((p, b) for tr in m.schedule for p in tr.seats.values() for b in tr.boards)
    assert max(held.values()) == 1  # no board twice to a player


@pytest.mark.parametrize("players", [v for v in SIZES if v in BASE_ROUNDS])
def test_a_complete_design_partners_every_two_exactly_once_and_opposes_them_twice(players):
    m = individual(players)
    assert m.complete and m.name == f"individual-{players}"
    assert m.rounds == (players - 1 if players % 4 == 0 else players)
    every = {frozenset(p) for p in combinations(m.players, 2)}
    assert partnerships(m) == Counter(dict.fromkeys(every, 1))
    f = individual_figures(m)
    assert f.partners == (1, 1)
    assert f.opponents == (2, 2)


def test_sit_outs_are_spread_evenly_after_every_round():
    for players in SIZES:
        m = individual(players)
        out: Counter = Counter(dict.fromkeys(m.players, 0))
        for r in range(1, m.rounds + 1):
            out.update(m.sit_outs(r))
            # nobody sits out twice before every player has sat out once
            assert max(out.values()) - min(out.values()) <= 1, (players, r)


def test_a_partial_design_is_picked_for_balance():
    # 12 players in 7 of the 11 rounds: 7 x 3 tables x 4 = 84 oppositions over 66
    # pairs, so some two meet twice; the chosen rounds keep it at two at most.
    m = individual(12, 2, 7)
    assert m.name == "individual-12-r7" and m.rounds == 7 and not m.complete
    assert individual_figures(m).opponents == (0, 2)
    assert individual_problems(m) == []
    assert m.boards == 14


def test_the_12_player_design_golden_first_round():
    m = individual(12)
    # base round (6, inf, 0, 7), (5, 8, 2, 4), (10, 1, 9, 3) on Z_11, labels x + 1,
    # infinity is player 12; every table plays the round's own set from a copy.
    first = [(tr.n, tr.e, tr.s, tr.w) for tr in m.round(1)]
    assert first == [("7", "12", "1", "8"), ("6", "9", "3", "5"), ("11", "2", "10", "4")]
    assert all(tr.boards == (1, 2) and len(tr.shared) == 2 for tr in m.round(1))
    # round 2 adds one to every finite player: 7 -> 8, 1 -> 2, 8 -> 9
    assert (m.round(2)[0].n, m.round(2)[0].e, m.round(2)[0].s) == ("8", "12", "2")


def test_thirteen_players_play_one_table_a_set():
    m = individual(13)
    # starters (0, 4, 1): round g, table i plays set g + c_i mod 13, the sets then
    # numbered in the order first played: round 1 plays 0, 4, 1 -> sets 1, 2, 3
    assert [tr.board_set for tr in m.round(1)] == [1, 2, 3]
    assert [tr.board_set for tr in m.round(2)] == [3, 4, 5]  # 1, 5, 2
    assert not any(tr.shared for tr in m.schedule)
    # 13 sets, each at three tables in three different rounds
    assert Counter(tr.board_set for tr in m.schedule) == Counter(dict.fromkeys(range(1, 14), 3))
    assert m.sit_outs(1) == ["1"] and m.sit_outs(13) == ["13"]


def test_guide_cards_are_per_player():
    m = individual(9)
    cards = {c["player"]: c["rounds"] for c in m.guide_cards()}
    assert sorted(cards, key=int) == list(m.players)
    row = cards["3"][0]
    tr = m.round(1)[0]
    assert (row["table"], row["seat"]) == (1, "N") and tr.n == "3"
    assert row["partner"] == tr.s
    assert sorted(row["opponents"]) == sorted([tr.e, tr.w])
    assert row["boards"] == [1, 2]
    assert cards["1"][0] == {"round": 1, "sits_out": True}


def test_json_has_the_four_seats_and_the_sit_outs():
    data = individual(10).to_json()
    assert data["movement"] == "individual" and data["name"] == "individual-10"
    assert data["players"] == 10 and data["tables"] == 2
    first = data["rounds"][0]
    assert set(first["tables"][0]) >= {"table", "n", "e", "s", "w", "boards"}
    assert len(first["sit_out"]) == 2


def test_the_soundness_check_names_each_rule_broken():
    m = individual(8)
    tr = m.schedule[0]
    broken = IndividualMovement(
        **{
            **m.__dict__,
            "schedule": (tr.__class__(1, 1, tr.n, tr.e, tr.n, tr.w, 1, (1, 2)), *m.schedule[1:]),
        }
    )
    found = individual_problems(broken)
    assert any("sits at table 1 and table 1" in p for p in found)
    with pytest.raises(MovementError, match="cannot be run"):
        check_individual(broken)
    again = IndividualMovement(**{**m.__dict__, "schedule": m.schedule + m.schedule[:2]})
    assert any("partner again" in p for p in individual_problems(again))
    assert any("a second time" in p for p in individual_problems(again))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((7,), "offered for 8 to 31 players"),
        ((32,), "not 32"),
        ((12, 2, 12), "12 players can play 2 to 11 rounds, not 12"),
        ((12, 0), "boards per round must be 1 to 13"),
    ],
)
def test_bad_sizes_are_refused_in_words(args, message):
    with pytest.raises(MovementError, match=message):
        individual(*args)


def test_names():
    assert offers(12)[:2] == ["individual-12", "individual-12-r10"]
    assert offers(12)[-1] == "individual-12-r3"
    assert offers(7) == [] and offers(41) == []
    assert from_name("howell-4", 2) is None
    assert from_name("individual-12-x7", 2) is None
    with pytest.raises(MovementError, match="for 12 players, not 13"):
        from_name("individual-12", 2, 13)


@pytest.mark.parametrize("players", [8, 12, 13])
def test_the_search_finds_the_stored_designs_again(players):
    m, stored, starters = BASE_ROUNDS[players]
    found = base_round(players)
    assert found is not None and tuple(found) == stored
    assert offsets(found, m) == starters


def test_the_players_moves_read_the_schedule_as_the_guide_cards_do():
    """scoring.individual_moves (the tablet's and the room display's words) reads these
    table-rounds as they are: each player's table and seat agree with the card."""
    m = individual(10)
    where = places(m.schedule, m.players)
    for card in m.guide_cards():
        for row, place in zip(card["rounds"], where[card["player"]], strict=True):
            if row.get("sits_out"):
                assert place.sits_out
            else:
                assert (place.table, place.seat) == (row["table"], row["seat"])


def test_the_laws_page_figures_are_the_library_s():
    """Every row of the figures table in docs/laws/movements.md#individuals is what the
    library builds today."""
    page = (Path(__file__).parents[3] / "docs" / "laws" / "movements.md").read_text()
    table = page.split("### The individuals' figures")[1].split("### ")[0]
    rows = [
        [c.strip() for c in line.strip("|").split("|")]
        for line in table.splitlines()
        if line.startswith("| ") and line[2].isdigit()
    ]
    assert [int(r[0]) for r in rows] == SIZES
    for players, tables, out, _, rounds, boards, each, partners, opponents, compared in rows:
        m = individual(int(players))
        f = individual_figures(m)
        assert (m.tables, len(m.sit_outs(1)), m.rounds, m.boards) == tuple(
            map(int, (tables, out, rounds, boards))
        )
        assert each == played_words(f.boards_each)
        assert [f"{a}–{b}" for a, b in (f.partners, f.opponents, f.compared)] == [
            partners,
            opponents,
            compared,
        ]


def test_the_boards_each_player_plays_are_counted_from_the_schedule():
    """Over every individual the library offers, at two boards a round: the figures'
    boards a player are exactly the numbers the players play, round by round off their
    seats (none in a round sat out), so a field with sit-outs shows two numbers."""
    for players in SIZES:
        for name in offers(players):
            m = from_name(name, 2)
            played = {p: sum(2 for r in range(1, m.rounds + 1) if m.where(p, r)) for p in m.players}
            assert individual_figures(m).boards_each == tuple(sorted(set(played.values())))
    nine = individual_figures(individual(9, 4))
    assert nine.boards_each == (24, 28)  # seven sit out a round of 4 boards, two never
    assert individual_figures(individual(13, 2)).boards_each == (24,)  # each sits out once


def test_the_description_says_whole_partial_or_complete():
    """A description says what the movement is of its size: a complete whist design
    (every two players partner once), the whole movement of a size without one, or a
    partial one of fewer rounds."""
    from scoring.movements.individuals import from_name

    assert "(complete whist design)" in from_name("individual-8", 1).description
    assert "7 rounds (whole movement)" in from_name("individual-9", 4).description
    assert "3 rounds (partial)" in from_name("individual-9-r3", 4).description
