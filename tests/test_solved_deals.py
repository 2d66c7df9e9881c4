"""The double-dummy tables the tests take from tests/fixtures/double_dummy.json instead
of solving (tests/conftest.py) are the real solver's."""

import json

import pytest

from scoring import double_dummy

from .conftest import SOLVED_DEALS, SolvedDeals

STORED = json.loads(SOLVED_DEALS.read_text())


@pytest.mark.real_solver
@pytest.mark.parametrize("deal", sorted(STORED)[:: max(len(STORED) // 4, 1)])
def test_a_stored_table_is_the_real_solvers(deal):
    assert SolvedDeals.table(STORED[deal]) == double_dummy.dd_tricks(deal)


def test_a_deal_not_stored_is_solved_once_and_kept(tmp_path):
    calls = []

    def solve(deal):
        calls.append(deal)
        return {seat: dict.fromkeys(("C", "D", "H", "S", "NT"), 7) for seat in "NESW"}

    memo = SolvedDeals(tmp_path / "none.json", solve)
    first = memo("N:deal")
    first["N"]["C"] = 13  # a caller's change stays its own
    assert memo("N:deal")["N"]["C"] == 7 and calls == ["N:deal"]
    memo.record(tmp_path / "kept.json")
    assert json.loads((tmp_path / "kept.json").read_text()) == {"N:deal": [[7] * 5] * 4}


def test_the_app_takes_the_stored_tables_unless_a_test_solves_for_real(solved_deals):
    assert double_dummy.dd_tricks is solved_deals


@pytest.mark.real_solver
def test_a_real_solver_test_gets_the_real_solver(solved_deals):
    assert double_dummy.dd_tricks is solved_deals.solve


@pytest.mark.real_solver
def test_the_batch_solver_gives_the_stored_tables_in_order(monkeypatch):
    """DDS's batch call, split into calls of at most MOST_IN_A_BATCH deals, answers each
    deal's table in the order asked (the stored tables are the one-deal solver's)."""
    deals = sorted(STORED)[:3]
    monkeypatch.setattr(double_dummy, "MOST_IN_A_BATCH", 2)  # 3 deals: two calls
    assert double_dummy.dd_tricks_many(deals) == [SolvedDeals.table(STORED[d]) for d in deals]
    assert double_dummy.dd_tricks_many([]) == []


def test_a_batch_takes_the_kept_tables_and_solves_the_others_in_one_call(tmp_path):
    calls = []
    seven = {seat: dict.fromkeys(("C", "D", "H", "S", "NT"), 7) for seat in "NESW"}

    def solve_many(deals):
        calls.append(list(deals))
        return [seven for _ in deals]

    memo = SolvedDeals(tmp_path / "none.json", lambda deal: seven, solve_many)
    memo("N:kept")
    got = memo.many(["N:a", "N:kept", "N:b", "N:a"])
    assert got == [seven] * 4 and calls == [["N:a", "N:b"]]
    got[0]["N"]["C"] = 13  # a caller's change stays its own
    assert memo.many(["N:a"]) == [seven] and len(calls) == 1


def test_the_app_batches_through_the_kept_tables_unless_a_test_solves_for_real(solved_deals):
    from tournament.services import deals

    assert deals.dd_tricks_many == solved_deals.many
    assert double_dummy.dd_tricks_many == solved_deals.many


@pytest.mark.real_solver
def test_a_real_solver_test_gets_the_real_batch_solver(solved_deals):
    assert double_dummy.dd_tricks_many is solved_deals.solve_many
