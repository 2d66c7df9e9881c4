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
