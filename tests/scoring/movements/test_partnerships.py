"""An individual movement read as its partnerships' schedule, and a partnerships' line
read back as its four players' (scoring.movements.partnerships)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.individuals import individual_standings
from scoring.movements.individuals import from_name, offers, sizes
from scoring.movements.partnerships import as_individual, as_partnerships, partners
from scoring.pairs import BoardResult, pair_standings


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([p for p in sizes() if p <= 20]), st.integers(1, 3), st.data())
def test_each_partnership_plays_one_round_at_its_table(players, bpr, data):
    name = data.draw(st.sampled_from(offers(players)))
    individual = from_name(name, bpr)
    pairs = as_partnerships(individual)
    assert (pairs.tables, pairs.rounds, pairs.boards) == (
        individual.tables,
        individual.rounds,
        individual.boards,
    )
    assert len(set(pairs.pairs)) == len(pairs.pairs)  # no partnership twice
    for tr in individual.schedule:
        pr = pairs.at(tr.round, tr.table)
        assert (partners(pr.ns), partners(pr.ew)) == ((tr.n, tr.s), (tr.e, tr.w))
        assert pr.boards == tr.boards


def test_a_line_between_partnerships_is_its_four_players():
    line = as_individual(BoardResult(4, "7&1", "12&8", 157, None, None, 2))
    assert (line.n, line.e, line.s, line.w, line.net_ns, line.version) == (
        "7",
        "12",
        "1",
        "8",
        157,
        2,
    )


@pytest.mark.parametrize("label", ["7", "7&", "&1", "7&1&2"])
def test_a_label_that_is_no_partnership_is_refused(label):
    with pytest.raises(ScoringError, match="not a partnership"):
        partners(label)


def test_a_players_standing_is_his_partnerships_sum():
    """Each player partners once, so his sum is the sum of his partnerships' scores."""
    lines = [
        BoardResult(1, "3&4", "7&2", 157),
        BoardResult(1, "8&6", "1&5", 18),
        BoardResult(2, "4&5", "1&3", -10),
        BoardResult(2, "8&7", "2&6", -18),
    ]
    by_pair = {s.pair: s.score for s in pair_standings(lines)}
    for s in individual_standings([as_individual(r) for r in lines]):
        mine = [v for label, v in by_pair.items() if s.player in partners(label)]
        assert s.score == sum(mine)
