"""The room's races, each run for real: two devices (threads) at once.

The lock order they hold: docs/decisions/lock-order.md.

Every race test runs against PostgreSQL, where row locks are real; SQLite
serialises writers, so there the race cannot happen and the test is skipped
with the reason.  A race is made tight with a :class:`Gate`: one device is
held inside its transaction, just after the step that matters, while the
other starts and (when the fix works) waits for the lock; then the first is
released.  Each race is run both ways round, and again untimed (both
devices released together by a barrier) a dozen times.

The tests that do not need two threads (a changed PIN, the per-event
address limit, a forged key, a retried change) run on every database.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from tournament import services
from tournament.models import AuditEntry, PinFailure, Result, Round, Seating, TableLink
from tournament.services import Actor, Entry, ResultConflict, ServiceError, tablets
from tournament.services import locks as locks_module
from tournament.services import results as results_module
from tournament.services import rounds as rounds_module

from .conftest import make_event

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL (DATABASE_URL=postgres://...): SQLite serialises writers, "
    "so these races cannot happen there",
)

ROUNDS = 10  # gated races: each way round, this many times
UNTIMED = 12  # untimed races (a barrier, no gate)
HOLD = 10.0  # seconds a gate holds at most, so a broken test fails instead of hanging

LAW_E_ENTER = "round 1 has been closed: only the director can enter a result now (Law E)"
LAW_E_AGREED = "round 1 has been agreed: only the director can change its results now (Law E)"
NOT_ALL_CONFIRMED = "every board must be entered and confirmed by the opponents first"
TOO_MANY_PINS = "too many wrong PINs"


class Device(threading.Thread):
    """One device's call in its own thread and database connection; keeps what it got.

    The outcome is the verb's return value or the exception it raised: a
    refusal is an answer the test checks, not an error of the test.
    """

    def __init__(
        self, name: str, call: Callable[[], Any], barrier: threading.Barrier | None = None
    ):
        super().__init__(name=name, daemon=True)
        self.call = call
        self.barrier = barrier
        self.outcome: Any = None

    def run(self) -> None:
        try:
            if self.barrier is not None:
                self.barrier.wait(HOLD)
            self.outcome = self.call()
        except Exception as e:
            self.outcome = e
        finally:
            connections.close_all()


class Gate:
    """Holds the thread named ``device`` just after ``module.name`` returns, until released.

    The wrapped step runs inside the verb's transaction, so the device keeps
    every lock it took while it is held.  Only the first call is held.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: Any, name: str, device: str):
        self.reached = threading.Event()
        self.released = threading.Event()
        original = getattr(module, name)

        def held(*args: Any, **kwargs: Any) -> Any:
            value = original(*args, **kwargs)
            if threading.current_thread().name == device and not self.reached.is_set():
                self.reached.set()
                self.released.wait(HOLD)
            return value

        monkeypatch.setattr(module, name, held)


def waits_for_a_lock(device: Device) -> bool:
    """Wait until ``device`` waits for a row lock (True) or has finished without one (False).

    Asked of PostgreSQL itself (``pg_stat_activity``), so the test does not
    guess with a sleep.  The old code took no lock here, and the device
    simply finished: the race then happens, and the assertions catch it.
    """
    deadline = time.monotonic() + HOLD
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            if not device.is_alive():
                return False
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return True
            time.sleep(0.005)
    raise AssertionError(f"{device.name} neither finished nor waited for a lock")


def gated_race(
    monkeypatch: pytest.MonkeyPatch,
    hold: tuple[ModuleType | SimpleNamespace, str],
    first: Device,
    second: Device,
) -> bool:
    """Run ``first`` until it is held after ``hold``; start ``second``; release; join both.

    Returns whether ``second`` had to wait for a lock held by ``first``.
    """
    with monkeypatch.context() as m:
        gate = Gate(m, hold[0], hold[1], first.name)
        first.start()
        assert gate.reached.wait(HOLD), f"{first.name} never reached {hold[1]}"
        second.start()
        waited = waits_for_a_lock(second)
        gate.released.set()
        first.join(HOLD)
        second.join(HOLD)
    assert not first.is_alive() and not second.is_alive()
    return waited


def untimed_race(*devices: Device) -> None:
    for d in devices:
        d.start()
    for d in devices:
        d.join(HOLD)
    assert not any(d.is_alive() for d in devices)


def enter(event, *, key: str, board: int = 1, round_no: int = 1, table: int = 1, tricks=10):
    """What a tablet's "Score it" does: a first entry with the submission's key."""
    return lambda: services.enter_result(
        event,
        board_number=board,
        round_no=round_no,
        table=table,
        entry=Entry("4H", "S", tricks),
        by=Actor.tablet(table, key),
    )


def no_tablet_result_after_the_close(event, round_no: int = 1) -> None:
    """The invariant of race 1: nothing a tablet entered was made after the round closed."""
    closed_at = Round.objects.get(event=event, number=round_no).closed_at
    assert closed_at is not None
    late = Result.objects.filter(
        event=event, round=round_no, entered_via__startswith="table", created_at__gte=closed_at
    )
    assert list(late.values_list("board__number", "table", "created_at")) == []


# 1. A tablet's save in flight and the director closing the round.


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_save_holding_its_table_lands_before_the_close(director, monkeypatch):
    for i in range(ROUNDS):
        event = make_event(director)
        save = Device("save", enter(event, key=f"t1-save-{i}"))
        close = Device(
            "close", lambda e=event: services.close_round(e, 1, by=Actor.director(director))
        )
        gated_race(monkeypatch, (locks_module, "seating"), save, close)
        assert isinstance(save.outcome, Result), save.outcome
        assert isinstance(close.outcome, Round), close.outcome
        assert save.outcome.created_at < close.outcome.closed_at
        no_tablet_result_after_the_close(event)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_save_arriving_during_the_close_is_refused_by_law_e(director, monkeypatch):
    for i in range(ROUNDS):
        event = make_event(director)
        close = Device(
            "close", lambda e=event: services.close_round(e, 1, by=Actor.director(director))
        )
        save = Device("save", enter(event, key=f"t1-late-{i}"))
        # The close is held after it wrote closed_at and its audit line, before it commits.
        gated_race(monkeypatch, (rounds_module, "audit"), close, save)
        assert isinstance(close.outcome, Round), close.outcome
        assert isinstance(save.outcome, ServiceError) and str(save.outcome) == LAW_E_ENTER
        assert not Result.objects.filter(event=event).exists()
        no_tablet_result_after_the_close(event)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_saves_and_closes_released_together_never_land_after_the_close(director):
    event = None
    for i in range(UNTIMED):
        round_no = i % 3 + 1  # three rounds an event: each race closes one
        if round_no == 1:
            event = make_event(director)
        start = threading.Barrier(3)
        saves = [
            Device(
                f"save {t}",
                enter(event, key=f"t{t}-{i}", board=b, round_no=round_no, table=t),
                start,
            )
            for t, b in ((1, first_board(event, round_no, 1)), (2, first_board(event, round_no, 2)))
        ]
        close = Device(
            "close",
            lambda e=event, r=round_no: services.close_round(e, r, by=Actor.director(director)),
            start,
        )
        untimed_race(*saves, close)
        for s in saves:
            assert isinstance(s.outcome, Result) or str(s.outcome).startswith(
                f"round {round_no} has been closed"
            ), s.outcome
        no_tablet_result_after_the_close(event, round_no)


def first_board(event, round_no: int, table: int) -> int:
    return Seating.objects.get(event=event, round=round_no, table=table).first_board


# 2. "Agree the round" on one device, "change a board" on another.


def entered_and_confirmed(event) -> tuple[Seating, Result]:
    """Table 1 has entered and confirmed both its boards of round 1: it may agree."""
    first = None
    for board in (1, 2):
        r = services.enter_result(
            event,
            board_number=board,
            round_no=1,
            table=1,
            entry=Entry("4H", "S", 10),
            by=Actor.tablet(1),
            confirmed=True,
        )
        first = first or r
    return Seating.objects.get(event=event, round=1, table=1), first


def agreed_means_confirmed(event) -> None:
    """The invariant of race 2: an agreed table-round has no unconfirmed live result."""
    seating = Seating.objects.get(event=event, round=1, table=1)
    if seating.agreed_at is not None:
        unconfirmed = Result.objects.filter(seating=seating, confirmed=False).live()
        assert list(unconfirmed.values_list("board__number", flat=True)) == []


def agree_and_change(event, i: int) -> tuple[Device, Device]:
    seating, result = entered_and_confirmed(event)
    agree = Device("agree", lambda: services.agree_round(seating, by=Actor.tablet(1)))
    change = Device(
        "change",
        lambda: services.correct_result(
            result, entry=Entry("4H", "S", 9), by=Actor.tablet(1, f"t1-change-{i}")
        ),
    )
    return agree, change


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_change_holding_its_table_makes_agreeing_wait_and_fail(director, monkeypatch):
    for i in range(ROUNDS):
        event = make_event(director)
        agree, change = agree_and_change(event, i)
        # The change is held after Law E was checked and its new version made.
        gated_race(monkeypatch, (results_module, "_new_result"), change, agree)
        assert isinstance(change.outcome, Result), change.outcome
        assert isinstance(agree.outcome, ServiceError), agree.outcome
        assert str(agree.outcome).startswith(NOT_ALL_CONFIRMED)
        agreed_means_confirmed(event)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_agreeing_holding_its_table_makes_a_change_wait_and_fail(director, monkeypatch):
    for i in range(ROUNDS):
        event = make_event(director)
        agree, change = agree_and_change(event, i)
        # Agreeing is held after it found every board confirmed, before it commits.
        gated_race(monkeypatch, (rounds_module, "open_boards"), agree, change)
        assert isinstance(agree.outcome, Seating) and agree.outcome.agreed_at is not None
        assert isinstance(change.outcome, ServiceError) and str(change.outcome) == LAW_E_AGREED
        assert Result.objects.filter(event=event).count() == 2  # no new version
        agreed_means_confirmed(event)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_agree_and_change_released_together_never_both_win(director):
    for i in range(UNTIMED):
        event = make_event(director)
        agree, change = agree_and_change(event, i)
        agree.barrier = change.barrier = threading.Barrier(2)
        untimed_race(agree, change)
        won = [d.name for d in (agree, change) if not isinstance(d.outcome, Exception)]
        assert len(won) == 1, (agree.outcome, change.outcome)
        agreed_means_confirmed(event)


# 3. A retry arriving while the first try of the same submission is still running.


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_retry_during_the_first_entry_gets_the_stored_result(director, monkeypatch):
    for i in range(ROUNDS):
        event = make_event(director)
        first = Device("first", enter(event, key=f"t1-flaky-{i}"))
        retry = Device("retry", enter(event, key=f"t1-flaky-{i}"))
        gated_race(monkeypatch, (locks_module, "seating"), first, retry)
        assert isinstance(first.outcome, Result), first.outcome
        assert isinstance(retry.outcome, Result), retry.outcome
        assert retry.outcome.pk == first.outcome.pk
        assert Result.objects.filter(event=event).count() == 1
        assert AuditEntry.objects.filter(event=event, action="entered").count() == 1


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_retry_during_the_first_change_gets_the_stored_result(director, monkeypatch):
    for i in range(ROUNDS):
        event = make_event(director)
        result = services.enter_result(
            event,
            board_number=1,
            round_no=1,
            table=1,
            entry=Entry("4H", "S", 10),
            by=Actor.tablet(1, f"t1-first-{i}"),
        )

        def change(r=result, k=f"t1-change-{i}"):
            return services.correct_result(r, entry=Entry("4H", "S", 9), by=Actor.tablet(1, k))

        first, retry = Device("first", change), Device("retry", change)
        gated_race(monkeypatch, (results_module, "_new_result"), first, retry)
        assert isinstance(first.outcome, Result), first.outcome
        assert isinstance(retry.outcome, Result), retry.outcome
        assert retry.outcome.pk == first.outcome.pk
        assert Result.objects.filter(event=event).count() == 2  # the first version and one change


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_submission_and_its_retry_released_together_store_one_result(director):
    event = make_event(director)
    slots = [
        (s.round, s.table, b)
        for s in Seating.objects.filter(event=event).order_by("round", "table")
        for b in s.board_numbers
    ][:UNTIMED]
    for i, (round_no, table, board) in enumerate(slots):
        start = threading.Barrier(2)
        key = f"t{table}-both-{i}"
        same = enter(event, key=key, board=board, round_no=round_no, table=table)
        first, retry = Device("first", same, start), Device("retry", same, start)
        untimed_race(first, retry)
        assert isinstance(first.outcome, Result) and isinstance(retry.outcome, Result), (
            first.outcome,
            retry.outcome,
        )
        assert first.outcome.pk == retry.outcome.pk
    assert Result.objects.filter(event=event).count() == len(slots)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_second_entry_is_answered_by_the_result_standing_under_the_lock(director, monkeypatch):
    """A second device's entry refused by the one-live-result index, while the director
    takes the result that refused it out of play.  The answer is read under the
    table-round's lock: the void waits, and the second entry is told which result stands
    (never the database's bare refusal, a server error on the tablet)."""
    for i in range(ROUNDS):
        event = make_event(director)
        standing = services.enter_result(
            event,
            board_number=1,
            round_no=1,
            table=1,
            entry=Entry("4H", "S", 10),
            by=Actor.tablet(1, f"t1-first-{i}"),
        )
        second = Device("second", enter(event, key=f"t1-second-{i}", tricks=9))
        void = Device(
            "void",
            lambda r=standing: services.void_result(r, by=Actor.director(director, "fouled")),
        )
        # The second entry is held where it asks whether its key was stored before.
        waited = gated_race(monkeypatch, (results_module, "stored"), second, void)
        assert isinstance(second.outcome, ResultConflict), repr(second.outcome)
        assert second.outcome.existing.pk == standing.pk
        assert waited, "the void waited for the table-round the answer was read under"
        assert void.outcome is None
        assert not Result.objects.filter(event=event, is_live=True).exists()
        assert Result.objects.filter(event=event).count() == 1


# 4. Racing PIN requests.


def pin_gate() -> SimpleNamespace:
    """A stand-in for :mod:`secrets` in :mod:`tournament.tablets`, so a gate can hold a PIN
    check after it counted the failures and compared the PIN, before it records a failure."""
    import secrets

    return SimpleNamespace(compare_digest=secrets.compare_digest, randbelow=secrets.randbelow)


def wrong_pins(link: TableLink, n: int, address: str) -> None:
    PinFailure.objects.bulk_create([PinFailure(link=link, address=address) for _ in range(n)])


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_racing_wrong_pins_get_no_sixth_guess(director, monkeypatch):
    event = make_event(director)
    link = tablets.link_for(event, 1)
    tablets.set_pin(link, "4271", by=Actor.director(director))
    for _ in range(ROUNDS):
        PinFailure.objects.all().delete()
        wrong_pins(link, 4, "10.0.0.1")  # one guess left
        monkeypatch.setattr(tablets, "secrets", pin_gate())
        a = Device("a", lambda: tablets.check_pin(link, "0000", "10.0.0.2"))
        b = Device("b", lambda: tablets.check_pin(link, "1111", "10.0.0.3"))
        gated_race(monkeypatch, (tablets.secrets, "compare_digest"), a, b)
        assert a.outcome is False
        assert isinstance(b.outcome, ServiceError) and TOO_MANY_PINS in str(b.outcome)
        assert PinFailure.objects.filter(link=link).count() == 5


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_dozen_wrong_pins_at_once_get_five_guesses(director):
    event = make_event(director)
    link = tablets.link_for(event, 1)
    tablets.set_pin(link, "4271", by=Actor.director(director))
    for _ in range(3):
        PinFailure.objects.all().delete()
        start = threading.Barrier(12)
        guesses = [
            Device(
                f"guess {n}", lambda n=n: tablets.check_pin(link, f"{n:04d}", f"10.0.1.{n}"), start
            )
            for n in range(12)
        ]
        untimed_race(*guesses)
        wrong = [g for g in guesses if g.outcome is False]
        refused = [g for g in guesses if isinstance(g.outcome, ServiceError)]
        assert len(wrong) == 5 and len(refused) == 7, [g.outcome for g in guesses]
        assert PinFailure.objects.filter(link=link).count() == 5


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_racing_wrong_pins_from_one_address_at_two_tables_get_no_eleventh_guess(
    director, monkeypatch
):
    event = make_event(director)
    links = [tablets.link_for(event, t) for t in (1, 2, 3)]
    for link in links:
        tablets.set_pin(link, "4271", by=Actor.director(director))
    for _ in range(ROUNDS):
        PinFailure.objects.all().delete()
        for link in links:
            wrong_pins(link, 3, "10.0.0.9")  # 9 from this address, 3 a table: one guess left
        monkeypatch.setattr(tablets, "secrets", pin_gate())
        a = Device("a", lambda: tablets.check_pin(links[0], "0000", "10.0.0.9"))
        b = Device("b", lambda: tablets.check_pin(links[1], "0000", "10.0.0.9"))
        gated_race(monkeypatch, (tablets.secrets, "compare_digest"), a, b)
        assert a.outcome is False
        assert isinstance(b.outcome, ServiceError) and TOO_MANY_PINS in str(b.outcome)
        assert PinFailure.objects.filter(address="10.0.0.9").count() == 10


# 4. (continued) PINs through the views: no threads needed.


def tablet_url(name: str, link: TableLink, *args: Any) -> str:
    return reverse(name, args=[link.token, *args])


def board_post(key: str, **kw: str) -> dict[str, str]:
    data = {
        "level": "4",
        "strain": "H",
        "doubled": "",
        "declarer": "S",
        "tricks": "10",
        "revokes_ns": "0",
        "revokes_ew": "0",
        # No hand record: a required answer (docs/laws/scoring.md, "Honours").
        "honours": "trumps:EW-3",
        "key": key,
    }
    data.update(kw)
    return data


def test_changing_the_pin_locks_every_tablet_unlocked_with_the_old_one(event, director):
    link = tablets.link_for(event, 1)
    td = Client()
    td.force_login(director)
    links_page = reverse("director_links", args=[event.pk])
    td.post(links_page, {"table": "1", "action": "pin", "pin": "4271"})
    phones = [Client(), Client()]
    for phone in phones:
        assert phone.post(tablet_url("scorer_home", link), {"pin": "4271"}).status_code == 302
        assert "Round 1" in phone.get(tablet_url("scorer_home", link)).content.decode()

    td.post(links_page, {"table": "1", "action": "pin", "pin": "8080"})
    for phone in phones:
        page = phone.get(tablet_url("scorer_home", link)).content.decode()
        assert "Enter the table's PIN" in page and "Round 1" not in page
        r = phone.post(tablet_url("scorer_board", link, 1), board_post("k1"))
        assert "Enter the table's PIN" in r.content.decode()
    assert not Result.objects.filter(event=event).exists()
    r = phones[0].post(tablet_url("scorer_home", link), {"pin": "4271"})  # the old PIN
    assert r.status_code == 403 and "not right" in r.content.decode()
    assert phones[1].post(tablet_url("scorer_home", link), {"pin": "8080"}).status_code == 302
    assert "Round 1" in phones[1].get(tablet_url("scorer_home", link)).content.decode()
    assert (
        "Enter the table's PIN" in phones[0].get(tablet_url("scorer_home", link)).content.decode()
    )


def test_wrong_pins_in_one_event_do_not_lock_the_address_in_another(director):
    ours, theirs = make_event(director, name="Ours"), make_event(director, name="Theirs")
    for e in (ours, theirs):
        for t in (1, 2, 3):
            tablets.set_pin(tablets.link_for(e, t), "4271", by=Actor.director(director))
    phone = Client(REMOTE_ADDR="10.0.0.7")
    for t in (1, 2):  # ten wrong PINs in "Theirs", five a table: the address is locked there
        for _ in range(5):
            r = phone.post(tablet_url("scorer_home", tablets.link_for(theirs, t)), {"pin": "0000"})
            assert "not right" in r.content.decode()
    r = phone.post(tablet_url("scorer_home", tablets.link_for(theirs, 3)), {"pin": "4271"})
    assert r.status_code == 403 and TOO_MANY_PINS.lower() in r.content.decode().lower()
    # ...but not in "Ours": a wrong PIN is only wrong, and the right one opens the table.
    link = tablets.link_for(ours, 1)
    r = phone.post(tablet_url("scorer_home", link), {"pin": "0000"})
    assert r.status_code == 403 and "not right" in r.content.decode()
    assert phone.post(tablet_url("scorer_home", link), {"pin": "4271"}).status_code == 302


# 5. A forged, over-long idempotency key; and a retried change.


def test_an_over_long_key_gets_a_message_not_a_server_error(client, event):
    link = tablets.link_for(event, 1)
    forged = "x" * 100
    r = client.post(tablet_url("scorer_board", link, 1), board_post(forged))
    assert r.status_code == 200
    assert "key is too long; reload the page and enter it again" in r.content.decode()
    assert not Result.objects.filter(event=event).exists()
    r = client.post(tablet_url("scorer_board", link, 1), board_post("k1"))
    result = Result.objects.get(event=event)
    r = client.post(tablet_url("scorer_change", link, result.pk), board_post(forged, tricks="9"))
    assert r.status_code == 200
    assert "key is too long; reload the page and enter it again" in r.content.decode()
    assert list(Result.objects.filter(event=event).values_list("pk", flat=True)) == [result.pk]


def test_a_change_retried_after_it_was_stored_gets_the_stored_result(client, event):
    """The tablet's page retries a change whose answer was lost: the result it made, not a 404."""
    link = tablets.link_for(event, 1)
    client.post(tablet_url("scorer_board", link, 1), board_post("k1"))
    result = Result.objects.get(event=event)
    change = tablet_url("scorer_change", link, result.pk)
    first = client.post(change, board_post("k2", tricks="9"))
    new = Result.objects.get(event=event, is_live=True)
    assert first.status_code == 302 and first["Location"] == tablet_url(
        "scorer_result", link, new.pk
    )
    again = client.post(change, board_post("k2", tricks="9"))
    assert again.status_code == 302 and again["Location"] == first["Location"]
    # A different submission against the old version is still refused, naming the new one.
    refused = client.post(change, board_post("k3", tricks="8"))
    assert refused.status_code == 409 and "it has been changed since" in refused.content.decode()
    assert Result.objects.filter(event=event).count() == 2


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_directors_factoring_at_once_change_it_once(director, monkeypatch):
    """Two of the club's directors set the standings to factored at the same moment:
    the second waits for the event's row and, re-checking under the lock, finds it set
    already; one change, one line in the audit trail, both ways round and untimed."""
    for i in range(ROUNDS):
        event = make_event(director, name=f"Factoring {i}")

        def factor(event=event):
            return services.set_factoring(event, "factored", by=Actor.director(director))

        first, second = Device("first", factor), Device("second", factor)
        assert gated_race(monkeypatch, (locks_module, "event"), first, second)
        event.refresh_from_db()
        assert event.is_factored
        assert AuditEntry.objects.filter(event=event, action="factoring").count() == 1
    event = make_event(director, name="Factoring untimed")
    start = threading.Barrier(UNTIMED)
    devices = [
        Device(
            f"d{n}",
            lambda: services.set_factoring(event, "factored", by=Actor.director(director)),
            start,
        )
        for n in range(UNTIMED)
    ]
    untimed_race(*devices)
    assert all(not isinstance(d.outcome, Exception) for d in devices), [d.outcome for d in devices]
    assert AuditEntry.objects.filter(event=event, action="factoring").count() == 1
