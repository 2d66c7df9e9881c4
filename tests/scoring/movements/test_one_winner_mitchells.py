"""One-winner Mitchells: every one offered is sound with one winner, the stored choices
are the searches' best, and the Web Mitchell's published shape
(docs/laws/movements.md)."""

from collections import Counter, defaultdict
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, build, check, figures, mitchell
from scoring.movements import one_winner_mitchells as ow
from scoring.movements.one_winner_table import OFFERS


def test_every_table_count_from_3_to_40_has_stored_offers():
    assert sorted(OFFERS) == list(range(3, 41))
    assert all(OFFERS[n] for n in OFFERS)
    assert ow.offers(13) == list(OFFERS[7]) and ow.offers(14) == list(OFFERS[7])
    assert ow.offers(4) == [] and ow.offers(82) == []


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 40), st.integers(1, 3), st.booleans(), st.data())
def test_every_offered_one_winner_mitchell_is_sound_with_one_winner(tables, bpr, odd, data):
    name = data.draw(st.sampled_from(OFFERS[tables]))
    pairs = 2 * tables - 1 if odd else None
    m = build(name, bpr, pairs)
    assert m.name == name and check(m) is m
    f = figures(build(name, 1))
    assert f.winners == 1
    if "-switch-" in name and not name.startswith("web-"):
        # Offered only where turning several rounds balances better than the last one.
        last = build(name.split("-switch-")[0] + "-arrow", 1)
        assert f.compared_cv < figures(last).compared_cv
    # Only a relay's tables 1 and N, or the Web's two copies, share a set.
    for tr in m.schedule:
        if name.startswith("web-"):
            half = tables // 2
            (other,) = tr.shared
            assert (tr.table <= half) != (other <= half)  # one copy in each half
        elif "-relay-" in name:
            assert tr.shared in ((), (tables,), (1,))
        else:
            assert tr.shared == ()


def _cv_turned(base, turn):
    f = figures(replace(base, schedule=tuple(ow.turned(base.schedule, turn))))
    return f.compared_cv if f.winners == 1 else None


@settings(max_examples=12, deadline=None)
@given(st.integers(3, 16), st.sampled_from(["relay", "skip"]))
def test_the_chosen_arrow_step_is_the_best_the_search_considered(tables, even):
    even = even if tables % 2 == 0 else ""
    base = mitchell(tables, 1, even=even or "skip")
    cvs = {
        k: _cv_turned(base, ow.arrow_turns(base.rounds, tables, k))
        for k in ow.ARROW_STEPS
        if 2 * k <= base.rounds  # at least two rounds turned
    }
    chosen = ow.arrow_step(tables, even)
    if not cvs:
        assert chosen is None
        return
    assert cvs[chosen] is not None
    assert cvs[chosen] == min(v for v in cvs.values() if v is not None)
    assert chosen == min(k for k, v in cvs.items() if v == cvs[chosen])  # ties: smaller


@pytest.mark.parametrize("tables", [10, 14, 18])
def test_the_web_arrow_step_is_the_best_the_search_considered(tables):
    base = ow.web_plain(tables, 1)
    cvs = {
        k: _cv_turned(base, ow.arrow_turns(base.rounds, tables, k))
        for k in ow.ARROW_STEPS
        if 2 * k <= base.rounds
    }
    chosen = ow.arrow_step(tables, web=True)
    assert cvs[chosen] == min(v for v in cvs.values() if v is not None)


@settings(max_examples=12, deadline=None)
@given(st.integers(3, 16), st.sampled_from(["relay", "skip"]))
def test_the_chosen_scramble_is_the_best_the_search_considered(tables, even):
    even = even if tables % 2 == 0 else ""
    base = mitchell(tables, 1, even=even or "skip")
    cvs = {
        c: _cv_turned(base, ow.scramble_turns(base.rounds, tables, *c))
        for c in ow.scramble_choices(base.rounds)
    }
    chosen = ow.scramble_choice(tables, even)
    assert cvs[chosen] == min(v for v in cvs.values() if v is not None)


@settings(max_examples=6, deadline=None)
@given(st.integers(3, 14))
def test_the_stored_offers_are_what_the_searches_find(tables):
    # Smallest coefficient of variation first: the order offers() gives.
    found = ow.search(tables)
    assert tuple(name for name, _ in found) == OFFERS[tables]
    assert [cv for _, cv in found] == sorted(cv for _, cv in found)


def test_a_switch_on_the_last_round_only_is_the_old_arrow_switch():
    # 7 tables, 7 rounds: a switch every 7th round turns round 7 only, as mitchell-7-arrow.
    a = ow.switched_mitchell(7, 2, step=7)
    b = mitchell(7, 2, arrow_switch=True)
    assert [(tr.ns, tr.ew, tr.boards) for tr in a.schedule] == [
        (tr.ns, tr.ew, tr.boards) for tr in b.schedule
    ]


def test_the_7_table_switch_every_third_round():
    # Rounds 3 and 6 of 7 turn round at every table: each pair plays 2 rounds of 7 the
    # other way, and North-South and East-West are one field.
    m = build("mitchell-7-switch-3", 2)
    turned = {tr.round for tr in m.schedule if "arrow switch" in tr.note}
    assert turned == {3, 6}
    directions = defaultdict(Counter)
    for tr in m.schedule:
        directions[tr.ns]["NS"] += 1
        directions[tr.ew]["EW"] += 1
    assert all(sorted(c.values()) == [2, 5] for c in directions.values())
    assert figures(m).winners == 1
    assert "arrow switch in rounds 3, 6" in " ".join(m.notes)


def test_a_scramble_turns_alternate_halves():
    # 7 tables scrambled from round 1 every 2nd round: rounds 1, 3, 5, 7; round 1 turns
    # the even tables (2, 4, 6), round 3 the odd (1, 3, 5, 7), and so on.
    m = ow.scrambled_mitchell(7, 1, start=1, step=2)
    turned = defaultdict(list)
    for tr in m.schedule:
        if "arrow switch" in tr.note:
            turned[tr.round].append(tr.table)
    assert dict(turned) == {1: [2, 4, 6], 3: [1, 3, 5, 7], 5: [2, 4, 6], 7: [1, 3, 5, 7]}
    assert m.at(1, 2).ns == "9" and m.at(1, 2).ew == "2"


def test_the_web_mitchell_matches_the_published_layout():
    # bridgecentral.com, "Web Mitchell": tables 1 to T/2 play the first copy in
    # ascending order, tables T/2 + 1 to T the second in descending order, the highest
    # set starting on table T and set 1 on table T - 1.  10 tables, 5 sets: round 1
    # tables 1-5 hold sets 1 2 3 4 5, tables 6-10 hold 4 3 2 1 5; table 6 then plays
    # 4, 3, 2, 1, 5.  East-West pairs move up one table round all 10 tables.
    m = ow.web_mitchell(10, 3, step=2)
    assert [tr.board_set for tr in m.round(1)] == [1, 2, 3, 4, 5, 4, 3, 2, 1, 5]
    assert [m.at(r, 6).board_set for r in range(1, 6)] == [4, 3, 2, 1, 5]
    assert [m.at(r, 1).board_set for r in range(1, 6)] == [1, 2, 3, 4, 5]
    assert (m.rounds, m.boards) == (5, 15)
    # Round 2 is turned (a switch every 2nd round): the pair plays North-South there.
    assert m.next_move(1, 1)["ew"] == {"table": 2, "direction": "NS"}
    assert m.where("15", 1) == (5, "EW") and m.where("15", 3) == (7, "EW")
    played = defaultdict(set)
    for tr in m.schedule:
        for p in (tr.ns, tr.ew):
            played[p].add(tr.board_set)
    assert all(s == {1, 2, 3, 4, 5} for s in played.values())  # every pair every set
    assert "two copies of every board" in m.notes[0]
    assert m.at(1, 1).note == "web: the first copy of this set; the second copy is at table 9"
    assert m.at(1, 9).note.startswith("web: the second copy of this set; the first copy is at ")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("web-8-switch-2", "6, 10, 14"),
        ("mitchell-7-switch-1", "does not fit"),
        ("mitchell-7-relay-switch-3", "neither a skip nor a relay"),
        ("mitchell-8-switch-3", "skip"),
        ("mitchell-7-scrambled-3-2", "does not fit"),
    ],
)
def test_impossible_one_winner_names_are_refused_in_words(name, words):
    with pytest.raises(MovementError, match=words):
        build(name, 2)


def test_names_of_other_families_are_not_taken():
    for name in ("mitchell-7", "mitchell-8-relay-arrow", "mitchell-7-switch-x", "web-10"):
        assert ow.from_name(name, 2, None) is None
