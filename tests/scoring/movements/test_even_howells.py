"""The even Howells (``howell-N-even``): the classic Howell's meetings and sets with
each moving table keeping one sense, stored in EVEN_SENSES and found again by the
search (docs/decisions/howell-constructions.md)."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, build, check, figures, make_movement
from scoring.movements.chooser import choose
from scoring.movements.howell_search import best_senses
from scoring.movements.howell_tables import EVEN_SENSES
from scoring.movements.howells import even_howell, from_name, howell, offers

SIZES = sorted(EVEN_SENSES)


def _meetings(m):
    return Counter(frozenset((tr.ns, tr.ew)) for tr in m.schedule if not tr.sit_out)


def test_every_size_to_8_tables_holds_senses():
    assert sorted(EVEN_SENSES) == list(range(2, 9))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SIZES), st.integers(1, 3), st.booleans())
def test_even_howell_is_sound_and_meets_everyone_once(tables, bpr, odd):
    pairs = 2 * tables - 1 if odd else None
    m = even_howell(tables, bpr, pairs=pairs)
    assert check(m) is m
    assert (m.name, m.rounds, m.board_sets) == (
        f"howell-{tables}-even",
        2 * tables - 1,
        2 * tables - 1,
    )
    present = [str(p) for p in range(1, 2 * tables + (0 if odd else 1))]
    meetings = _meetings(m)
    assert set(meetings) == {frozenset(c) for c in combinations(present, 2)}
    assert set(meetings.values()) == {1}
    assert from_name(m.name, bpr, pairs).schedule == m.schedule


@pytest.mark.parametrize("tables", SIZES)
def test_same_meetings_and_sets_in_every_round_as_the_classic(tables):
    even, classic = even_howell(tables, 2), howell(tables, 2)
    assert len(even.schedule) == len(classic.schedule)
    for e, c in zip(even.schedule, classic.schedule, strict=True):
        assert (e.round, e.table, e.board_set, e.boards, e.shared) == (
            c.round,
            c.table,
            c.board_set,
            c.boards,
            c.shared,
        )
        assert {e.ns, e.ew} == {c.ns, c.ew}
    # Only the directions differ, and they do.
    assert any(e.ns != c.ns for e, c in zip(even.schedule, classic.schedule, strict=True))


@pytest.mark.parametrize(
    ("tables", "cv", "least", "most"),
    [
        # 2, 4, 6, 8 tables: every two pairs compared on n - 1 sets (one board a
        # round), e.g. 8 tables: 7 each, so the spread and the CV are 0.
        (2, 0.0, 1, 1),
        (3, 0.408, 1, 3),
        (4, 0.0, 3, 3),
        (5, 0.247, 3, 7),
        (6, 0.0, 5, 5),
        # 7 tables: 91 couples compared on 5 to 7 sets, mean 6 (21 x 6 = 126 on each
        # side of the 14 pairs' plays); the CV is 0.154.
        (7, 0.154, 5, 7),
        (8, 0.0, 7, 7),
    ],
)
def test_the_even_figures(tables, cv, least, most):
    f = figures(even_howell(tables, 1))
    assert (round(f.compared_cv, 3), f.compared_least, f.compared_most) == (cv, least, most)
    assert f.compared_cv < figures(howell(tables, 1)).compared_cv


@pytest.mark.parametrize("tables", SIZES)
def test_the_search_finds_the_stored_senses(tables):
    assert best_senses(tables)[2] == EVEN_SENSES[tables]


@pytest.mark.parametrize("pairs", range(3, 17))
def test_the_even_howell_is_offered_first_where_it_is_more_even(pairs):
    tables = (pairs + 1) // 2
    names = offers(pairs)
    classic = figures(build(f"howell-{tables}", 1, pairs)).compared_cv
    even = figures(build(f"howell-{tables}-even", 1, pairs)).compared_cv
    if even < classic:
        assert names[:2] == [f"howell-{tables}-even", f"howell-{tables}"]
    else:
        assert f"howell-{tables}-even" not in names


@pytest.mark.parametrize("pairs", range(8, 17))
def test_the_chooser_puts_the_even_howell_first_among_the_howells(pairs):
    # Asked for the complete Howell's length (2 boards a round), the even Howell
    # comes first of all the Howells; at the default length it still comes before
    # the classic layout, which differs from it only in balance.
    tables = (pairs + 1) // 2
    even, classic = f"howell-{tables}-even", f"howell-{tables}"
    names = [c.name for c in choose(pairs, boards=2 * (2 * tables - 1))]
    assert next(n for n in names if n.startswith("howell-")) == even
    assert names.index(even) < names.index(classic)
    names = [c.name for c in choose(pairs)]
    assert names.index(even) < names.index(classic)


def test_make_movement_keeps_the_classic():
    for tables in SIZES:
        assert make_movement("howell", tables).name == f"howell-{tables}"


def test_an_even_howell_not_held_is_refused_in_words():
    with pytest.raises(MovementError, match="no even Howell for 9 tables"):
        build("howell-9-even", 2)
    with pytest.raises(MovementError, match="needs 3 senses of 1 or -1"):
        even_howell(4, 1, senses=(1, 0, 1))
