"""The Bowman: 2N - 1 pairs at N tables on N - 2 sets, the last table the bye
(docs/laws/movements.md#the-bowman)."""

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, build, figures, offered, problems
from scoring.movements.appendix import appendix_mitchell
from scoring.movements.appendix import offers as appendix_offers
from scoring.movements.bowman import bowman_mitchell, offers
from scoring.movements.chooser import choose
from scoring.movements.wording import guide_cards, table_words

TABLES = range(5, 41)


@pytest.mark.parametrize("tables", TABLES)
@settings(max_examples=3, deadline=None)
@given(bpr=st.integers(1, 4))
def test_every_bowman_is_sound_and_seats_its_half_table(tables, bpr):
    m = build(f"mitchell-{tables}-bowman", bpr)
    assert problems(m) == []
    base = tables - 2
    assert (m.rounds, m.board_sets, len(m.pairs)) == (base, base, 2 * tables - 1)
    # The last table is the bye every round: no North-South pair, no boards.
    for r in range(1, m.rounds + 1):
        bye = m.at(r, tables)
        assert bye.ns is None and bye.boards == () and not bye.shared
        # Table N - 1 shares table 1's set, and nothing else is shared.
        assert m.at(r, base + 1).board_set == m.at(r, 1).board_set
        assert {tr.table for tr in m.round(r) if tr.shared} == {1, base + 1}
    assert m.bystand_sets == {}
    # North-South pairs play every set; an East-West pair sits out once at most.
    played = Counter(p for tr in m.schedule if not tr.sit_out for p in (tr.ns, tr.ew))
    assert {played[str(t)] for t in range(1, tables)} == {base}
    assert {played[str(p)] for p in range(tables, 2 * tables)} <= {base, base - 1}
    f = figures(m)
    assert f.winners == 2 and f.sit_outs <= 1 and f.relays == base


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2])
def test_an_odd_bowman_is_the_appendix_mitchells_half_table_form(tables):
    bowman = bowman_mitchell(tables, 2)
    appendix = appendix_mitchell(tables, 2, pairs=2 * tables - 1)

    def seats(m):
        return [(tr.round, tr.table, tr.ns, tr.ew, tr.boards, tr.shared) for tr in m.schedule]

    assert seats(bowman) == seats(appendix)


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2 == 0])
def test_an_even_bowman_skips_a_table_after_half_its_rounds(tables):
    m = bowman_mitchell(tables, 1)
    half = (tables - 2) // 2
    ew = str(tables)  # starts East-West at table 1
    where = [m.where(ew, r) for r in range(1, m.rounds + 1)]
    steps = [(b[0] - a[0]) % tables for a, b in pairwise(where)]
    assert steps == [1] * (half - 1) + [2] + [1] * (half - 1)


def test_ten_tables_play_24_boards_on_8_sets():
    # 9½ tables (19 pairs): 8 rounds of 3 boards, the skip after round 4.
    m = build("mitchell-10-bowman", 3, 19)
    assert (m.rounds, m.boards) == (8, 24)
    assert any("after round 4 the East-West pairs skip a table" in n for n in m.notes)


def test_the_bowman_is_offered_for_an_odd_field_and_the_appendix_for_an_even_one():
    assert offers(19) == ["mitchell-10-bowman"] and offers(21) == ["mitchell-11-bowman"]
    assert offers(20) == offers(7) == offers(81) == []
    assert offers(9) == ["mitchell-5-bowman"] and offers(79) == ["mitchell-40-bowman"]
    # The appendix's half-table form is the Bowman: offered once, under that name.
    assert appendix_offers(21) == [] and appendix_offers(22) == ["mitchell-11-appendix"]
    assert "mitchell-11-appendix" not in offered(21)
    # A stored event's name still builds it.
    assert build("mitchell-11-appendix", 3, 21).rounds == 9


def test_the_chooser_offers_it_with_a_reason():
    found = {c.name: c for c in choose(19)}
    assert found["mitchell-10-bowman"].reason == (
        "two winners, North-South and East-West; needs a relay between tables 1 and 9; "
        "a pair sits out each round; table 10 is the bye, so 8 board sets serve 10 tables; "
        "8 rounds of 3 boards, about 3 h 07"
    )


@pytest.mark.parametrize(
    ("name", "pairs", "message"),
    [
        ("mitchell-4-bowman", None, "it runs at 5 tables or more, not 4"),
        ("mitchell-10-bowman", 20, "a Bowman of 10 tables seats 19 pairs"),
        ("mitchell-41-bowman", None, "offered for 2 to 40 tables, not 41"),
    ],
)
def test_a_bowman_that_cannot_be_run_is_refused_in_words(name, pairs, message):
    with pytest.raises(MovementError, match=message):
        build(name, 2, pairs)


def test_the_cards_say_the_share_and_the_bye():
    m = build("mitchell-10-bowman", 3)
    one, nine, bye = (table_words(m, 1, t) for t in (1, 9, 10))
    assert one.sharing.startswith("share boards 1-3 with table 9: start on board 1")
    assert nine.sharing.startswith("share boards 1-3 with table 1: start on board 2")
    assert bye.boards == "no boards" and bye.sharing == "" and bye.boards_next == ""
    assert bye.sit_out == "East-West pair 19 sits out this round: no opponents here"
    # Table 2's set goes to tables 1 and 9, which share it next round.
    assert table_words(m, 1, 2).boards_next == (
        "boards 4-6 to tables 1 and 9: they share them next round"
    )
    # At the skip, the East-West pair at table 1 moves up two.
    assert table_words(m, 4, 1).ew_next == "East-West pair 17: go to table 3, East-West"
    # Every card of every size reads without a gap: each set goes on to a table or ends.
    for tables in (5, 6, 11, 12):
        for card in guide_cards(build(f"mitchell-{tables}-bowman", 2)):
            for w in card["rounds"]:
                assert w.last_round or w.boards_next or w.boards == "no boards"
