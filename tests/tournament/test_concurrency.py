"""Two saves of one board's result at once: one live result, a clear message, nothing lost.

Runs against PostgreSQL (row locks are real there); SQLite serialises writers
and is skipped.
"""

import threading

import pytest
from django.db import connection, connections

from tournament import services
from tournament.models import Result
from tournament.services import Actor, Entry, ResultConflict

from .conftest import make_event

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL=postgres://...)"
)


@pytest.mark.django_db(transaction=True)
def test_two_tablets_save_the_same_board_at_once(director):
    event = make_event(director)
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def save(contract: str, via: str) -> None:
        try:
            barrier.wait()
            outcomes.append(
                services.enter_result(
                    event,
                    board_number=1,
                    round_no=1,
                    table=1,
                    entry=Entry(contract, "S", 10),
                    by=Actor.tablet(1),
                )
            )
        except ResultConflict as e:
            outcomes.append(e)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=save, args=(c, f"table 1 device {i}"))
        for i, c in enumerate(("4H", "4S"))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    saved = [o for o in outcomes if isinstance(o, Result)]
    refused = [o for o in outcomes if isinstance(o, ResultConflict)]
    assert len(saved) == 1 and len(refused) == 1
    assert "already has a result" in str(refused[0]) or "same moment" in str(refused[0])
    assert refused[0].existing.pk == saved[0].pk
    live = Result.objects.filter(event=event, is_live=True)
    assert live.count() == 1 and live.get().contract == saved[0].contract
